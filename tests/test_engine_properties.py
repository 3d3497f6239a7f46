"""Property tests: thousands of random deals played by random legal moves (fixed seeds).

Each step checks the invariants the rest of the program leans on: every card present
once, every listed move legal and applicable, undo exact (turned card included),
position text round-trips, no face-down card picked up, only Kings (or, under the
option, any card) into spaces, same suit in Russian, and the fast generator equal to
an independent scan of every card to every destination.
"""

from __future__ import annotations

import random

import pytest

from case_slices import cases
from enginetools import naive_legal_moves
from yukon.core.cards import KING, RANK, RED, SUIT
from yukon.core.notation import format_position, parse_move, parse_position
from yukon.core.rules import Rules
from yukon.core.state import FACE_DOWN, FOUNDATION, ON_FOUNDATION, Move, Position


def _check_cards(p: Position) -> None:
    table = [c for col in p.columns for c in col]
    home = [s * 13 + r for s in range(4) for r in range(p.foundations[s])]
    assert sorted(table + home) == list(range(52))
    for i, col in enumerate(p.columns):
        assert 0 <= p.down[i] <= len(col)
        if col:
            assert p.down[i] < len(col), "a column may not end face down"
        else:
            assert p.down[i] == 0
    fresh = p.copy()
    fresh.reindex()
    assert fresh.loc == p.loc


def _check_moves(p: Position, moves: list[Move]) -> None:
    rules = p.rules
    for m in moves:
        assert p.why_illegal(m) is None, (str(m), p.why_illegal(m))
        src = p.loc[m.card]
        assert src != FACE_DOWN
        if m.to == FOUNDATION:
            assert p.columns[src][-1] == m.card
            continue
        assert src != m.to
        dest = p.columns[m.to]
        if not dest:
            if not rules.any_card_in_space:
                assert RANK[m.card] == KING
            if src != ON_FOUNDATION:
                assert p.columns[src][0] != m.card
        else:
            t = dest[-1]
            assert RANK[t] == RANK[m.card] + 1
            if rules.variant == "russian":
                assert SUIT[t] == SUIT[m.card]
            else:
                assert RED[t] != RED[m.card]
        if src == ON_FOUNDATION:
            assert rules.foundation_return and p.foundations[SUIT[m.card]] == RANK[m.card]


def _play_randomly(rules: Rules, deals: int, seed: int, max_moves: int, full_check_every: int) -> int:
    rng = random.Random(seed)
    steps = 0
    for _ in range(deals):
        p = Position.deal(rng.randrange(1 << 40), rules)
        for n in range(max_moves):
            moves = p.legal_moves()
            assert len(set(moves)) == len(moves)
            _check_moves(p, moves)
            if n % full_check_every == 0:
                assert set(moves) == set(naive_legal_moves(p))
                text = format_position(p)
                back = parse_position(text, rules.any_card_in_space, rules.foundation_return)
                assert back == p and format_position(back) == text
            if not moves:
                break
            before = p.key()
            # Undo a sample of the listed moves here and check the position comes back.
            for m in rng.sample(moves, min(3, len(moves))):
                u = p.push(m)
                _check_cards(p)
                p.pop(u)
                assert p.key() == before
            m = rng.choice(moves)
            assert parse_move(str(m)) == m
            u = p.push(m)
            if u.flipped:
                assert p.down[u.source] < before[1][u.source]
            steps += 1
            if p.is_won():
                break
        _check_cards(p)
    return steps


@pytest.mark.parametrize("part", cases([0, 1, 2, 3], [0, 1]))
def test_random_play_yukon(part: int) -> None:
    """400 random Yukon games a part, each move checked against the rules; the suite plays two parts,
    the long checks four (``python benchmarks/long_checks.py tests/test_engine_properties.py``)."""
    assert _play_randomly(Rules(), deals=400, seed=100 + part, max_moves=60, full_check_every=15) > 10000


def test_random_play_russian() -> None:
    assert _play_randomly(Rules("russian"), deals=600, seed=7, max_moves=60, full_check_every=10) > 1000


@pytest.mark.parametrize("rules", [Rules(any_card_in_space=True), Rules(foundation_return=False),
                                   Rules("russian", True, False), Rules("russian", any_card_in_space=True)],
                         ids=["yukon-any", "yukon-noreturn", "russian-any-noreturn", "russian-any"])
def test_random_play_options(rules: Rules) -> None:
    assert _play_randomly(rules, deals=150, seed=11, max_moves=60, full_check_every=10) > 500


def test_long_random_games_reach_foundations_and_returns() -> None:
    # Biased play (home first) so long games, foundation returns and wins get exercised.
    rng = random.Random(5)
    returned = won = 0
    for _ in range(60):
        p = Position.deal(rng.randrange(1 << 40))
        history = []
        for _ in range(400):
            moves = p.legal_moves()
            if not moves:
                break
            home = [m for m in moves if m.to == FOUNDATION]
            m = home[0] if home and rng.random() < 0.9 else rng.choice(moves)
            if p.loc[m.card] == ON_FOUNDATION:
                returned += 1
            history.append((p.key(), p.push(m)))
            if p.is_won():
                won += 1
                break
        _check_cards(p)
        for key, u in reversed(history):
            p.pop(u)
            assert p.key() == key
    assert returned > 0
