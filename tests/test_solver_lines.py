"""Shortened winning lines: they replay, never grow, get shorter, and keep to their budget."""

from __future__ import annotations

import pytest

from yukon.core.rules import Rules
from yukon.core.state import Position
from yukon.solve.solver import (
    REPLAYS_PER_NODE,
    Verdict,
    check_line,
    shorten_line,
    solve,
    without_loops,
)

ALL_RULES = [Rules(v, space, back) for v in ("yukon", "russian") for space in (False, True) for back in (True, False)]


def _won_deals(rules: Rules, seeds: range, want: int) -> list[tuple[Position, list]]:
    """Up to ``want`` deals of ``seeds`` with the line the search found (not shortened)."""
    out = []
    for seed in seeds:
        p = Position.deal(seed, rules)
        r = solve(p, timeout=None, node_limit=6000, shorten=False)
        if r.status == Verdict.WINNABLE:
            out.append((p, r.moves))
            if len(out) == want:
                break
    return out


@pytest.mark.parametrize("rules", ALL_RULES, ids=lambda r: r.describe())
def test_shortened_lines_replay_and_never_grow(rules: Rules) -> None:
    # Russian deals are mostly lost: look further for enough won ones.
    seeds = range(200, 230) if rules.variant == "yukon" else range(400)
    deals = _won_deals(rules, seeds, 6)
    assert len(deals) >= 3
    before = after = 0
    for p, line in deals:
        assert check_line(p, line)
        short = shorten_line(p, line, budget=1500)
        assert check_line(p, short)
        assert len(short) <= len(without_loops(p, line)) <= len(line)
        before += len(line)
        after += len(short)
    if rules.variant == "yukon":
        assert after < before  # the searches' lines always carry moves the win does not need


def test_solve_returns_the_shortened_line() -> None:
    for seed in range(300, 306):
        p = Position.deal(seed)
        plain = solve(p, timeout=None, node_limit=6000, shorten=False)
        short = solve(p, timeout=None, node_limit=6000)
        assert short.status == plain.status
        if plain.status == Verdict.WINNABLE:
            assert check_line(p, short.moves)
            assert short.moves == shorten_line(p, plain.moves)  # the same work, deterministic
            assert short.stats["found_moves"] == len(plain.moves)
            assert "found_moves" not in plain.stats


@pytest.mark.parametrize("budget", [0, 1, 20, 200, 2000])
def test_budget_is_kept_by_count(budget: int) -> None:
    """The work (search positions, and replayed moves / REPLAYS_PER_NODE) stays within the
    budget, give or take the cut under way when it ran out (a few replays of the line)."""
    for p, line in _won_deals(Rules(), range(40, 60), 4):
        stats: dict = {}
        short = shorten_line(p, line, budget=budget, stats=stats)
        assert check_line(p, short) and len(short) <= len(line)
        slack = 5 * len(line) / REPLAYS_PER_NODE
        assert stats["work"] <= budget + slack
        if budget == 0:
            assert short == without_loops(p, line)  # nothing tried beyond the loops


def test_a_larger_budget_tries_the_other_searches() -> None:
    """With the budget to spare the other searches run and can only make the line shorter."""
    for p, line in _won_deals(Rules(), range(60, 80), 5):
        small: dict = {}
        big: dict = {}
        cut_only = shorten_line(p, line, budget=len(line) ** 2, stats=small)
        best = shorten_line(p, line, budget=20_000, stats=big)
        assert len(best) <= len(cut_only)
        assert big["work"] >= small["work"]
