"""Why a position is lost (yukon.solve.explain): every card it names as stuck is checked by
exhaustive search on small endings, and every other fact it states is checked on the table."""

from __future__ import annotations

import functools
import random
from collections.abc import Iterator

import pytest

from case_slices import how_many
from solver_helpers import exhaustive_winnable, small_position
from yukon.core.cards import RANK
from yukon.core.rules import YUKON, Rules
from yukon.core.state import FACE_DOWN, ON_FOUNDATION, Move, Position, Undo
from yukon.play.pseudo import install_pseudo
from yukon.solve.explain import Explanation, Stuck, explain, stuck_cards
from yukon.solve.solver import Verdict, crowded_pair, dead_end, relaxation_closure, solve
from yukon.text import i18n
from yukon.text.why_words import sentences

NO_RETURN = Rules("yukon", False, False)
RUSSIAN_NO_RETURN = Rules("russian", False, False)
ANY_CARD_NO_RETURN = Rules("yukon", True, False)
REACH_LIMIT = 20_000  # positions an exhaustive check may visit (None beyond: not counted)


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    i18n.set_language(i18n.ENGLISH)
    yield
    i18n.set_language(i18n.ENGLISH)


def ending(seed: int, rules: Rules, left: int, columns: tuple[int, int] = (2, 4)) -> Position:
    """A small ending: ``left`` cards (the highest of each suit) shuffled into two to four
    columns (or as many as ``columns`` says), half or more of each column face down; the
    rest home. Many are lost."""
    rng = random.Random(seed)
    heights = [0, 0, 0, 0]
    while 52 - sum(heights) > left:
        s = rng.randrange(4)
        if heights[s] < 13:
            heights[s] += 1
    cards = [s * 13 + r for s in range(4) for r in range(heights[s], 13)]
    rng.shuffle(cards)
    n = rng.randint(*columns)
    cuts = sorted(rng.sample(range(1, len(cards)), n - 1))
    cols = [cards[a:b] for a, b in zip([0, *cuts], [*cuts, len(cards)])]
    downs = [rng.randint(len(c) // 2, len(c) - 1) for c in cols]
    return Position(cols + [[] for _ in range(7 - n)], downs + [0] * (7 - n), heights, rules)


def never_home(p: Position, card: int, limit: int = REACH_LIMIT) -> bool | None:
    """Exhaustive search: True when no line from ``p`` ever puts ``card`` on its foundation."""
    r = p.reaches(lambda q, u: q.loc[card] == ON_FOUNDATION, limit)
    return None if r is None else not r


def above(p: Position, card: int) -> list[int]:
    col = p.columns[p.column_of(card) or 0]
    return col[col.index(card) + 1:]


def all_home(cards: tuple[int, ...], q: Position, _undo: Undo) -> bool:
    """Are all of ``cards`` on their foundations in ``q``?"""
    return all(q.loc[x] == ON_FOUNDATION for x in cards)


def check_facts(p: Position, s: Stuck) -> None:
    """What a Stuck says about the table is so."""
    assert s.card not in (c for c in range(52) if p.loc[c] == ON_FOUNDATION)
    assert s.blocker in above(p, s.card)
    assert RANK[s.home_after] <= RANK[s.blocker] and s.home_after // 13 == s.blocker // 13
    fits = sorted(c for c in range(52) if p.rules.fits(s.blocker, c))
    assert [t.card for t in s.targets] == fits  # every place it could go is accounted for
    col = p.columns[p.column_of(s.blocker) or 0]
    for t in s.targets:
        if t.way == "on":
            assert col[col.index(s.blocker) - 1] == t.card
        elif t.way == "tail":
            assert t.card in above(p, s.blocker)
        elif t.way == "home":
            assert p.loc[t.card] == ON_FOUNDATION and not p.rules.foundation_return
        else:
            assert t.by is not None and t.by in above(p, t.card)
    assert s.leader == (s.blocker in p.rules.space_leaders)


# (rules, how many columns the endings use, how many cards they leave, at least how many
# endings the relaxation proves lost, at least how many named cards the search checks, how many
# seeds). With returns the searches are large: the suite takes its first 90 seeds (17 endings
# proved lost, 19 cards checked), the long checks all 150
# (``python benchmarks/long_checks.py tests/test_explain.py``).
CASES = [
    (NO_RETURN, (2, 4), (8, 10, 12), 40, 60, 150),
    (RUSSIAN_NO_RETURN, (2, 4), (8, 10, 12), 40, 60, 150),
    (Rules("russian"), (2, 4), (8,), 15, 10, how_many(150, 90)),  # cards come back from home: fewer
    (ANY_CARD_NO_RETURN, (6, 7), (10, 12, 14, 16), 4, 10, 150),  # any card fills a space: seldom lost
]


@pytest.mark.parametrize(("rules", "columns", "lefts", "min_explained", "min_checked", "seeds"), CASES,
                         ids=["yukon", "russian", "russian-return", "any-card"])
def test_every_card_named_stuck_never_reaches_its_foundation(rules: Rules, columns: tuple[int, int],
                                                             lefts: tuple[int, ...], min_explained: int,
                                                             min_checked: int, seeds: int) -> None:
    checked = explained = 0
    ways: set[str] = set()
    for seed in range(seeds):
        for left in lefts:
            p = ending(seed, rules, left, columns)
            if not dead_end(p):
                assert not stuck_cards(p)
                continue
            e = explain(p)
            assert e.kind == "stuck" and e.stuck
            explained += 1
            for s in e.stuck:
                check_facts(p, s)
                ways |= {t.way for t in s.targets}
            lowest = {s.card for s in e.stuck}
            assert len(lowest) == len(e.stuck)  # one per suit, its lowest card that cannot get home
            for c in e.named():
                verdict = never_home(p, c, REACH_LIMIT if not rules.foundation_return else REACH_LIMIT // 2)
                if verdict is not None:
                    assert verdict, (seed, left, c)
                    checked += 1
            hidden = {c for c in e.named() if p.loc[c] == FACE_DOWN}
            assert set(e.hidden) == hidden
            text = " ".join(sentences(e))
            told: set[int] = set()  # blockers of the paragraphs before: a later one only points back
            for s in e.stuck:
                assert i18n.card_name(s.card) in text and i18n.card_name(s.blocker) in text
                t = s.targets
                if len(t) == 2 and t[0].way == t[1].way == "under" and t[0].by == t[1].by == s.blocker:
                    both = f"{i18n.card_name(t[0].card)} or {i18n.card_name(t[1].card)}, and both lie under it."
                    back = (f"Nothing can uncover {i18n.card_name(s.card)} either: {i18n.card_name(s.blocker)} "
                            "lies over it.")
                    assert (back if s.blocker in told else both) in text
                    ways.add("both under it")
                told.add(s.blocker)
    assert explained >= min_explained and checked >= min_checked
    if min_explained >= 40 and not rules.foundation_return:
        assert {"under", "on"} <= ways
        # A Yukon card fits onto two (either red or either black card one higher); a Russian card onto one.
        assert ("both under it" in ways) == (rules.variant == "yukon")


def random_game(seed: int, rules: Rules, left: int, length: int) -> tuple[Position, list[Move]]:
    """A small deal and up to ``length`` random legal moves from it (fixed by ``seed``)."""
    rng = random.Random(seed)
    start = small_position(seed, rules, left)
    p = start.copy()
    moves: list[Move] = []
    for _ in range(length):
        legal = p.legal_moves()
        if not legal or p.is_won():
            break
        m = rng.choice(legal)
        p.play(m)
        moves.append(m)
    return start, moves


def test_the_move_that_closed_a_cards_way_is_the_first_after_which_it_stays_closed() -> None:
    found = 0
    for seed in range(120):
        start, moves = random_game(seed, NO_RETURN, 16, 40)
        e = explain(start, moves, timeout=None, node_limit=2000)
        if e.kind != "stuck":
            continue
        history = [start.copy()]
        for m in moves:
            q = history[-1].copy()
            q.play(m)
            history.append(q)
        for s in e.stuck:
            closed = [not relaxation_closure(q)[0][s.card] for q in history]
            since = 0 if s.since is None else s.since
            assert all(closed[since:])
            if s.since is not None:
                found += 1
                assert not closed[since - 1]
                text = " ".join(sentences(e))
                said = f"Move {s.since} ({moves[s.since - 1]})"
                if len(e.stuck) > 1 and len({x.since for x in e.stuck}) == 1:
                    assert f"{said} closed all these ways." in text
                else:
                    assert f"{said} closed its way." in text
    assert found >= 10


def test_twins_that_block_each_other_never_both_get_home() -> None:
    checked = 0
    for rules in (YUKON, NO_RETURN):
        for seed in range(200):
            for left in (8, 12, 14):
                p = ending(seed, rules, left)
                if dead_end(p) or crowded_pair(p) is None:
                    continue
                e = explain(p)
                assert e.kind == "twins" and e.twins is not None
                c, d = e.twins.cards
                assert e.twins.closed in e.twins.targets
                assert sorted(e.twins.targets) == sorted(x for x in range(52) if p.rules.fits(c, x))
                both = (c, d)
                r = p.reaches(functools.partial(all_home, both), REACH_LIMIT)
                if r is not None:
                    assert r is False
                    checked += 1
                assert i18n.capital(i18n.card_name(c)) in " ".join(sentences(e))
    assert checked >= 5


def test_a_loss_found_by_search_says_how_many_positions_were_tried() -> None:
    found = 0
    for seed in range(200):
        p = ending(seed, YUKON, 10)
        if dead_end(p) or crowded_pair(p) is not None:
            continue
        r = solve(p, timeout=None, node_limit=20_000, shorten=False)
        if r.status != Verdict.LOST:
            continue
        e = explain(p, timeout=None, node_limit=20_000)
        assert e.kind == "exhausted" and not e.stuck
        assert e.nodes == r.stats["nodes"]
        assert exhaustive_winnable(p, REACH_LIMIT) in (False, None)
        text = sentences(e)
        positions = "1 position" if e.nodes == 1 else f"{e.nodes} positions"
        assert text == [f"No sequence of moves wins from here: the solver tried every way, {positions} in all."]
        found += 1
    assert found >= 3


def test_winnable_and_undecided_positions_say_so() -> None:
    p = small_position(3, YUKON, 10)
    assert solve(p, timeout=None).status == Verdict.WINNABLE
    assert explain(p, timeout=None).kind == "winnable"
    assert sentences(explain(p, timeout=None)) == ["This position can still be won."]
    deal = Position.deal(332)  # proved lost only by a long search (benchmarks/survey)
    e = explain(deal, timeout=None, node_limit=50)
    assert e.kind == "undecided" and 0 < e.nodes <= 50
    assert str(e.nodes) in sentences(e)[0]


def test_the_move_that_lost_the_game_is_named_when_known() -> None:
    start, moves = random_game(7, NO_RETURN, 16, 40)
    e = explain(start, moves, timeout=None, node_limit=2000)
    assert e.kind == "stuck"
    told = Explanation(e.kind, e.stuck, moves=e.moves, hidden=e.hidden, lost_at=2)
    assert sentences(told)[0] == f"Move 2 ({moves[1]}) lost the game: before it, the game could still be won."


def test_every_sentence_goes_through_the_catalogue() -> None:
    # The pseudo-language accents every translated message: no plain English word may be left.
    samples: list[Explanation] = []
    for seed in range(60):
        start, moves = random_game(seed, NO_RETURN, 16, 40)
        e = explain(start, moves, timeout=None, node_limit=2000)
        if e.kind == "stuck":
            samples.append(e)
    samples.append(explain(Position.deal(25)))  # the twin rule
    samples.append(Explanation("exhausted", nodes=12))
    samples.append(Explanation("undecided", nodes=7))
    assert {e.kind for e in samples} >= {"stuck", "twins", "exhausted", "undecided"}
    install_pseudo()
    for e in samples:
        for para in sentences(e):
            for word in ("the", "can", "never", "lies", "move", "solver"):
                assert f" {word} " not in f" {para} ", para
