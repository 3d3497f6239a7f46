"""Which end cards may go home, and which may go safely: over many positions reached by random play."""

from __future__ import annotations

import random
from collections.abc import Iterator

from yukon.core.rules import Rules
from yukon.core.safe import home_moves, is_safe_home, safe_guards
from yukon.core.state import FOUNDATION, ON_FOUNDATION, Position

ALL_RULES = [Rules(v, space, back) for v in ("yukon", "russian") for space in (False, True) for back in (True, False)]


def positions(count: int = 60) -> Iterator[Position]:
    """Positions part way through random games (foundation moves preferred, so many cards are home)."""
    for seed in range(count):
        rules = ALL_RULES[seed % len(ALL_RULES)]
        rng = random.Random(seed)
        p = Position.deal(1000 + seed, rules)
        for _ in range(rng.randrange(20, 160)):
            legal = p.legal_moves()
            if not legal:
                break
            home = [m for m in legal if m.to == FOUNDATION]
            p.play(rng.choice(home) if home and rng.random() < 0.7 else rng.choice(legal))
            yield p


def test_home_moves_are_exactly_the_legal_moves_home_from_a_column() -> None:
    seen = 0
    for p in positions():
        want = {m for m in p.legal_moves() if m.to == FOUNDATION and p.loc[m.card] < ON_FOUNDATION}
        got = home_moves(p)
        assert set(got) == want and len(got) == len(want)
        for m in got:
            col = p.columns[p.loc[m.card]]
            assert col[-1] == m.card  # never a card with others on it
        ranks = [m.card % 13 for m in got]
        assert ranks == sorted(ranks)  # the lowest first
        seen += bool(got)
    assert seen > 200


def test_safe_home_moves_are_the_home_moves_the_solver_rule_calls_safe() -> None:
    safe_seen = unsafe_seen = 0
    for p in positions():
        guards = safe_guards(p.rules)
        every = home_moves(p)
        safe = home_moves(p, safe_only=True)
        assert safe == [m for m in every if is_safe_home(p, m.card, guards)]
        safe_seen += len(safe)
        unsafe_seen += len(every) - len(safe)
    assert safe_seen > 100 and unsafe_seen > 100


def test_a_safe_card_is_never_needed_on_the_table() -> None:
    """Safe means: no card that could still be placed on it (or, with foundation return, on those) is out."""
    for p in positions(30):
        for m in home_moves(p, safe_only=True):
            onto = p.rules.onto[m.card]
            assert all(p.loc[c] == ON_FOUNDATION for c in onto)
            if p.rules.foundation_return:
                assert all(p.loc[d] == ON_FOUNDATION for c in onto for d in p.rules.onto[c])
