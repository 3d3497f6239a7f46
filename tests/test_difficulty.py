"""Deal difficulty (yukon.difficulty): ratings agree with the solver and follow its measures.

Every search here is bounded by a node limit, never a clock, so the answers are the
same on any machine.
"""

from __future__ import annotations

import random

import pytest

from yukon.difficulty import PLAYABLE, THRESHOLDS, Level, Thresholds, budget, rate, rating_from, rating_of, thirds
from yukon.rules import Rules
from yukon.solver import UNKNOWN, UNWINNABLE, WINNABLE, check_line, solve
from yukon.state import Position

LIMIT = 20_000  # enough for most deals here; the rest must come back unknown, not guessed
YUKON_DEALS = range(1, 41)
RUSSIAN = Rules("russian")

ORDER = {Level.EASY: 0, Level.MEDIUM: 1, Level.HARD: 2}


@pytest.fixture(scope="module")
def yukon_ratings() -> dict[int, tuple[object, object]]:
    """Deals 1-40: (rating, solve's own result) under the same node limit."""
    out = {}
    for seed in YUKON_DEALS:
        p = Position.deal(seed)
        out[seed] = (rate(seed, node_limit=LIMIT), solve(p, timeout=None, node_limit=LIMIT))
    return out


def test_rating_agrees_with_solve(yukon_ratings: dict) -> None:
    seen = set()
    for seed, (r, result) in yukon_ratings.items():
        assert r.status == result.status, seed
        assert r.nodes == result.stats["nodes"], seed
        assert (r.level is Level.UNWINNABLE) == (result.status == UNWINNABLE), seed
        assert (r.level is Level.UNKNOWN) == (result.status == UNKNOWN), seed
        if result.status == WINNABLE:
            assert r.level in PLAYABLE and r.winnable
            assert r.line == len(result.moves) and check_line(Position.deal(seed), result.moves)
        else:
            assert r.line == 0 and not r.winnable
        seen.add(r.level)
    # the fixed deals cover every answer the solver gives
    assert {Level.EASY, Level.MEDIUM, Level.HARD, Level.UNWINNABLE, Level.UNKNOWN} <= seen


def test_russian_deals_proved_lost_are_unwinnable() -> None:
    levels = []
    for seed in range(1, 16):
        r = rate(seed, RUSSIAN, node_limit=LIMIT)
        result = solve(Position.deal(seed, RUSSIAN), timeout=None, node_limit=LIMIT)
        assert (r.level is Level.UNWINNABLE) == (result.status == UNWINNABLE)
        levels.append(r.level)
    assert levels.count(Level.UNWINNABLE) >= 10  # Russian Solitaire: about one deal in fifteen is winnable


def test_levels_are_ordered_by_the_search_needed(yukon_ratings: dict) -> None:
    won = sorted((r for r, _ in yukon_ratings.values() if r.winnable), key=lambda r: r.nodes)
    assert len(won) >= 25
    ranks = [ORDER[r.level] for r in won]
    assert ranks == sorted(ranks)  # more search never rates a deal easier
    for r in won:
        assert r.level is THRESHOLDS.level(r.nodes)
        assert (r.level is Level.EASY) == (r.nodes <= THRESHOLDS.easy)
        assert (r.level is Level.HARD) == (r.nodes > THRESHOLDS.medium)
    # other cut points move the levels, in order
    tight = Thresholds(easy=won[3].nodes, medium=won[9].nodes)
    again = [rating_of(solve(Position.deal(s), timeout=None, node_limit=LIMIT), tight)
             for s, (r, _) in yukon_ratings.items() if r.winnable]
    assert sum(1 for r in again if r.level is Level.EASY) >= 4
    assert [ORDER[r.level] for r in sorted(again, key=lambda r: r.nodes)] == \
        sorted(ORDER[r.level] for r in again)


def test_a_deal_number_and_its_position_rate_alike(yukon_ratings: dict) -> None:
    for seed in (1, 2, 25):
        by_number = yukon_ratings[seed][0]
        by_position = rate(Position.deal(seed), node_limit=LIMIT)
        assert by_number == by_position


def test_a_levels_budget_finds_every_deal_of_that_level(yukon_ratings: dict) -> None:
    # The window looks for an easy deal by giving each candidate only the easy level's
    # budget: that must find every easy deal (and rate it the same), and stop short of
    # a medium one; likewise for medium.
    for seed, (r, _) in yukon_ratings.items():
        if not r.winnable or r.nodes > 3000:
            continue
        for level in (Level.EASY, Level.MEDIUM):
            found = rate(seed, node_limit=budget(level))
            if ORDER[r.level] <= ORDER[level]:
                assert found == r, (seed, level)
            else:
                assert found.level is Level.UNKNOWN, (seed, level)


def test_a_reply_rates_like_the_result_it_carries(yukon_ratings: dict) -> None:
    for r, result in yukon_ratings.values():
        texts = [str(m) for m in result.moves]  # how the solver's child sends a line
        assert rating_from(result.status, result.stats, len(texts)) == r


def test_a_tiny_budget_is_unknown_not_a_guess() -> None:
    r = rate(28, node_limit=10)  # deal 28 needs thousands of positions
    assert r.level is Level.UNKNOWN and r.status == UNKNOWN and r.nodes < 100


def test_thirds_split_winnable_deals_evenly() -> None:
    rng = random.Random(7)
    for n in (3, 10, 31, 300):
        nodes = rng.sample(range(1, 100_000), n)
        th = thirds(nodes)
        counts = [sum(1 for x in nodes if th.level(x) is level) for level in PLAYABLE]
        assert sum(counts) == n and max(counts) - min(counts) <= 1
    with pytest.raises(ValueError):
        thirds([])
