"""The search with the purpose rule finds wins only; the solver's verdicts on many small endings
agree with a search without pruning (a fixed slice of benchmarks/endings_check.py)."""

from __future__ import annotations

from solver_helpers import exhaustive_winnable, shuffled, small_position
from yukon.core.rules import Rules
from yukon.core.state import Position
from yukon.solve.solver import Verdict, check_line, solve

ALL_RULES = [Rules(v, space, back) for v in ("yukon", "russian") for space in (False, True) for back in (True, False)]


def _ending(seed: int) -> Position:
    """The ending endings_check.py looks at for ``seed`` (16-30 cards left, 40 random moves)."""
    rules = ALL_RULES[seed % len(ALL_RULES)]
    return shuffled(small_position(seed, rules, 16 + seed % 15), 40, seed)


def _truth(p: Position) -> bool | None:
    if not p.rules.foundation_return:
        return exhaustive_winnable(p, 60_000)
    r = solve(p, timeout=None, node_limit=60_000, safe_moves=False, relaxation=False, plan=("complete",),
              shorten=False)
    return None if r.status == Verdict.UNKNOWN else r.status == Verdict.WINNABLE


def test_verdicts_on_small_endings_match_search_without_pruning() -> None:
    """The whole plan (the purpose search included) and the complete search alone agree with
    the truth; every line found, by any search, replays."""
    seen = {True: 0, False: 0}
    for seed in range(150):
        p = _ending(seed)
        truth = _truth(p)
        if truth is None:
            continue
        seen[truth] += 1
        for plan in (None, ("complete",)):
            r = solve(p, timeout=None, shorten=False) if plan is None else solve(p, timeout=None, plan=plan)
            assert r.status == (Verdict.WINNABLE if truth else Verdict.LOST), (seed, plan)
            if truth:
                assert check_line(p, r.moves)
        purpose = solve(p, timeout=None, plan=("complete/purpose",), shorten=False)
        if purpose.stats["phase"] != "relaxation":  # the relaxation at the root may prove a loss
            assert purpose.status in ((Verdict.WINNABLE, Verdict.UNKNOWN) if truth else (Verdict.UNKNOWN,)), seed
        if purpose.status == Verdict.WINNABLE:
            assert check_line(p, purpose.moves)
    assert seen[True] >= 100 and seen[False] >= 10


def test_the_purpose_search_running_out_proves_nothing() -> None:
    """An ending (Yukon, no foundation return) whose every win needs a move that uses two
    earlier ones (the Nine of diamonds, turned up by one move, goes onto the Ten of clubs,
    uncovered by another): the purpose search runs out, and the solver still finds the win."""
    p = _ending(913)
    assert p.rules == Rules("yukon", False, False)
    assert exhaustive_winnable(p, 200_000) is True
    alone = solve(p, timeout=None, plan=("complete/purpose",))
    assert alone.status == Verdict.UNKNOWN and alone.stats["phase"] == "no search left"
    r = solve(p, timeout=None)
    assert r.status == Verdict.WINNABLE and check_line(p, r.moves)
    for plan in (("complete/purpose", "complete"), ("k1/purpose", "complete/purpose", "complete")):
        r = solve(p, timeout=None, plan=plan)
        assert r.status == Verdict.WINNABLE and check_line(p, r.moves), plan
