"""Deal difficulty (yukon.solve.difficulty): ratings agree with the solver and follow its measures.

Every search here is bounded by a node limit, never a clock, so the answers are the
same on any machine.
"""

from __future__ import annotations

import math
import random

import pytest

from case_slices import LONG
from yukon.core.rules import YUKON, Rules
from yukon.core.state import Position
from yukon.solve.difficulty import (
    FIRST_DEALS,
    FIRST_MOVE_NODES,
    PLAYABLE,
    RATE_NODES,
    THRESHOLDS,
    Level,
    Rating,
    Thresholds,
    assess,
    effort,
    first_deal,
    rate,
    thirds,
)
from yukon.solve.solver import Result, Verdict, check_line, solve

LIMIT = 20_000  # enough for most deals here; the rest must come back unknown, not guessed
YUKON_DEALS = range(1, 41)
RUSSIAN = Rules("russian")

ORDER = {Level.EASY: 0, Level.MEDIUM: 1, Level.HARD: 2}

Ratings = dict[int, tuple[Rating, Result]]  # deal number: (its rating, solve's own result)


@pytest.fixture(scope="module")
def yukon_ratings() -> Ratings:
    """Deals 1-40: (rating, solve's own result) under the same node limit."""
    out: Ratings = {}
    for seed in YUKON_DEALS:
        p = Position.deal(seed)
        out[seed] = (rate(seed, node_limit=LIMIT), solve(p, timeout=None, node_limit=LIMIT))
    return out


def test_rating_agrees_with_solve(yukon_ratings: Ratings) -> None:
    seen = set()
    for seed, (r, result) in yukon_ratings.items():
        assert r.status == result.status, seed
        assert r.nodes == result.stats["nodes"], seed
        assert (r.level is Level.UNWINNABLE) == (result.status == Verdict.LOST), seed
        assert (r.level is Level.UNKNOWN) == (result.status == Verdict.UNKNOWN), seed
        if result.status == Verdict.WINNABLE:
            assert r.level in PLAYABLE and r.winnable
            assert r.line == len(result.moves) and check_line(Position.deal(seed), result.moves)
            assert r.first_moves == len(Position.deal(seed).legal_moves()) > 0
            assert 1 <= r.winnable_first <= r.first_moves  # the solver's own first move at least
            assert 0.0 < r.effort <= math.log(FIRST_MOVE_NODES)
        else:
            assert r.line == 0 and r.first_moves == 0 and r.effort == 0.0 and not r.winnable
        seen.add(r.level)
    # the fixed deals cover every answer the solver gives
    assert {Level.EASY, Level.MEDIUM, Level.HARD, Level.UNWINNABLE, Level.UNKNOWN} <= seen


def test_russian_deals_proved_lost_are_unwinnable() -> None:
    levels = []
    for seed in range(1, 16):
        r = rate(seed, RUSSIAN, node_limit=LIMIT)
        result = solve(Position.deal(seed, RUSSIAN), timeout=None, node_limit=LIMIT)
        assert (r.level is Level.UNWINNABLE) == (result.status == Verdict.LOST)
        levels.append(r.level)
    assert levels.count(Level.UNWINNABLE) >= 10  # Russian Solitaire: about one deal in fifteen is winnable


def test_levels_are_ordered_by_the_search_needed(yukon_ratings: Ratings) -> None:
    won = sorted((r for r, _ in yukon_ratings.values() if r.winnable), key=lambda r: r.effort)
    assert len(won) >= 25
    ranks = [ORDER[r.level] for r in won]
    assert ranks == sorted(ranks)  # more search never rates a deal easier
    for r in won:
        assert r.level is THRESHOLDS.level(r.effort)
        assert (r.level is Level.EASY) == (r.effort <= THRESHOLDS.easy)
        assert (r.level is Level.HARD) == (r.effort > THRESHOLDS.medium)
    # other cut points move the levels, in order, and change nothing else: the suite rates again the
    # twelve easiest deals (the four easy and six medium ones under the new cuts, and two hard ones),
    # the long checks every won deal (``python benchmarks/long_checks.py tests/test_difficulty.py``)
    tight = Thresholds(easy=won[3].effort, medium=won[9].effort)
    chosen = {id(r) for r in (won if LONG else won[:12])}
    again = {s: rate(s, node_limit=LIMIT, thresholds=tight) for s, (r, _) in yukon_ratings.items() if id(r) in chosen}
    assert len(again) == len(chosen)
    assert sum(1 for r in again.values() if r.level is Level.EASY) == 4
    assert sum(1 for r in again.values() if r.level is Level.MEDIUM) == 6
    for s, r in again.items():
        assert (r.effort, r.nodes) == (yukon_ratings[s][0].effort, yukon_ratings[s][0].nodes)


def test_a_deal_number_and_its_position_rate_alike(yukon_ratings: Ratings) -> None:
    for seed in (1, 2, 25):
        by_number = yukon_ratings[seed][0]
        by_position = rate(Position.deal(seed), node_limit=LIMIT)
        assert by_number == by_position


def test_assess_hands_back_solves_own_answer(yukon_ratings: Ratings) -> None:
    for seed in (1, 2, 25, 28):
        rating, result = assess(Position.deal(seed), node_limit=LIMIT)
        own = yukon_ratings[seed][1]
        assert rating == yukon_ratings[seed][0]
        assert (result.status, result.moves) == (own.status, own.moves)


def test_effort_is_the_mean_log_of_the_searches() -> None:
    assert effort(100, []) == pytest.approx(math.log(100))
    assert effort(100, [10, 1000]) == pytest.approx((math.log(100) + math.log(10) + math.log(1000)) / 3)
    # no win within the cap counts as the cap; more than the cap counts as the cap too
    assert effort(100, [None], cap=500) == pytest.approx((math.log(100) + math.log(500)) / 2)
    assert effort(10**6, [10**6], cap=500) == pytest.approx(math.log(500))
    rng = random.Random(3)
    for _unused in range(200):
        nodes = rng.randrange(1, 5000)
        firsts: list[int | None] = [rng.choice([None, rng.randrange(1, 5000)]) for _i in range(rng.randrange(8))]
        more = [None if n is None else n + rng.randrange(50) for n in firsts]
        assert effort(nodes, firsts) <= effort(nodes + rng.randrange(50), more) + 1e-12  # more search, more effort


def test_a_tiny_budget_is_unknown_not_a_guess() -> None:
    r = rate(28, node_limit=10)  # deal 28 needs thousands of positions
    assert r.level is Level.UNKNOWN and r.status == Verdict.UNKNOWN and r.nodes < 100


def test_thirds_split_winnable_deals_evenly() -> None:
    rng = random.Random(7)
    for n in (3, 10, 31, 300):
        nodes = rng.sample(range(1, 100_000), n)
        th = thirds([float(x) for x in nodes])
        counts = [sum(1 for x in nodes if th.level(x) is level) for level in PLAYABLE]
        assert sum(counts) == n and max(counts) - min(counts) <= 1
    with pytest.raises(ValueError):
        thirds([])


def test_a_new_players_first_deals_are_proved_winnable_and_rated_easy() -> None:
    for seed in FIRST_DEALS:
        r = rate(seed, node_limit=RATE_NODES)
        assert r.winnable and r.level is Level.EASY, (seed, r)
    rng = random.Random(11)
    assert {first_deal(YUKON, rng) for _i in range(200)} == set(FIRST_DEALS)  # each of them comes
    assert first_deal(Rules("russian"), rng) is None and first_deal(Rules(foundation_return=False), rng) is None
