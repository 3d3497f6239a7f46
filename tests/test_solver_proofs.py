"""The twin rule at the complete search's stuck checks (``stuck_twins``, ``yukon.solve.relaxation.stuck_crowded``):
it never calls a winnable position lost, and it does cut lost searches short."""

from __future__ import annotations

import pytest

from solver_helpers import RecordingSearch, exhaustive_winnable, shuffled, small_position
from yukon.core.rules import Rules
from yukon.core.state import Position
from yukon.solve.relaxation import tables_for
from yukon.solve.solver import Verdict, _Search, check_line, solve

NO_RETURN = Rules("yukon", False, False)
YUKON = Rules("yukon", False, True)


@pytest.mark.parametrize("seed,left,moves", [(7, 28, 0), (8, 28, 8), (11, 32, 0), (11, 32, 4), (16, 28, 0),
                                             (20, 32, 8)])
def test_positions_the_rule_proves_lost_are_lost(seed: int, left: int, moves: int) -> None:
    """Every position (the first five of each ending) that the twin rule proves lost at a
    stuck check is lost for the engine's own walk without pruning too, and the search with
    the rule reaches the ending's true verdict."""
    p = shuffled(small_position(seed, NO_RETURN, left), moves, seed)
    truth = exhaustive_winnable(p, 400_000)
    assert truth is not None
    search = RecordingSearch(p)
    r = search.run(10**9)
    assert r == ("won" if truth else "exhausted")
    if truth:
        assert search.line is not None and check_line(p, search.line)
    assert search.found and search.twin_hits == len(search.found)
    for q in search.found[:5]:
        assert exhaustive_winnable(q, 400_000) is False


def test_rule_cuts_the_search_of_a_lost_deal() -> None:
    """Deal 960 (lost, with foundation return): the complete search alone runs out in fewer
    positions with the rule, and solve gives the same verdict either way."""
    p = Position.deal(960, YUKON)
    t = tables_for(YUKON)
    with_rule = _Search(p, t, None, {}, stuck_twins=True)
    without = _Search(p, t, None, {}, stuck_twins=False)
    assert with_rule.run(20_000) == "exhausted" and without.run(20_000) == "exhausted"
    assert with_rule.twin_hits > 0 and without.twin_hits == 0
    assert with_rule.nodes * 2 < without.nodes
    on = solve(p, timeout=None, node_limit=20_000, plan=("complete",))
    off = solve(p, timeout=None, node_limit=20_000, plan=("complete",), stuck_twins=False)
    assert on.status == off.status == Verdict.LOST
    assert on.stats["nodes"] < off.stats["nodes"]


@pytest.mark.parametrize("rules", [NO_RETURN, YUKON])
def test_rule_loses_no_win_on_many_endings(rules: Rules) -> None:
    """Endings, some shuffled into losses: the solver with the rule and without it agree,
    and the winning lines replay."""
    seen = {True: 0, False: 0}
    for seed in range(40):
        p = shuffled(small_position(seed, rules, 16 + seed % 13), 4 + seed % 9, seed)
        on = solve(p, timeout=None, node_limit=50_000, plan=("complete",), shorten=False)
        off = solve(p, timeout=None, node_limit=50_000, plan=("complete",), shorten=False, stuck_twins=False)
        if "unknown" in (on.status, off.status):
            continue
        assert on.status == off.status, seed
        if on.status == Verdict.WINNABLE:
            assert check_line(p, on.moves)
        seen[on.status == Verdict.WINNABLE] += 1
    # With foundation return few random moves lose an ending (cards come back).
    assert seen[True] >= 10 and seen[False] >= (1 if rules.foundation_return else 3)
