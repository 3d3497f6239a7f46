"""The searches that find the wins of hard deals: best-first's blocker score, the searches that
play as if cards could not come back from the foundations, and how a plan names them.
Fixed deals and node limits only (no clock)."""

from __future__ import annotations

import pytest

from yukon.core.rules import Rules
from yukon.core.state import Position
from yukon.solve.relaxation import tables_for
from yukon.solve.solver import (
    PLAN,
    Verdict,
    _BestFirst,
    _blockers,
    _make_searches,
    _Search,
    check_line,
    solve,
)

YUKON = Rules("yukon", False, True)
NO_RETURN = Rules("yukon", False, False)


def _blockers_by_pairs(p: Position) -> int:
    """The blocker count worked out the slow way: every card with a lower card of its suit
    somewhere below it in its column."""
    n = 0
    for col in p.columns:
        for i, c in enumerate(col):
            if any(b // 13 == c // 13 and b < c for b in col[:i]):
                n += 1
    return n


def test_blockers_count_cards_above_a_lower_card_of_their_suit() -> None:
    for seed in range(40):
        p = Position.deal(seed, YUKON)
        assert _blockers(p) == _blockers_by_pairs(p) > 0
    ordered = Position([[12, 11, 10], [25, 13], [], [], [], [], []], [0, 0, 0, 0, 0, 0, 0],
                       [0, 0, 0, 0], YUKON)
    assert _blockers(ordered) == 0  # each suit's lower cards lie above its higher ones
    assert _blockers(Position([[0, 5, 1, 26], [], [], [], [], [], []], [2, 0, 0, 0, 0, 0, 0],
                              [0, 0, 0, 0], YUKON)) == 2  # 5 and 1 lie over the ace


def test_best_first_with_the_blocker_score_wins_deal_397_at_once() -> None:
    """Deal 397 was unknown at 10 s; best-first wins it in a few hundred positions with the
    blocker score and not in 20,000 without it."""
    p = Position.deal(397, YUKON)
    b = _BestFirst(p, tables_for(YUKON), {})
    assert b.run(2_000) == "won" and b.line is not None and check_line(p, b.line)
    plain = _BestFirst(p, tables_for(YUKON), {}, blocker_weight=0)
    assert plain.run(20_000) == "paused"


@pytest.mark.parametrize("seed", [23, 811, 858])
def test_the_purpose_search_without_returns_wins_hard_deals(seed: int) -> None:
    """Deals the default plan left unknown at 10 s (deal 23: won by the complete search after
    450,000 positions): the purpose search without returns wins each in under 20,000, and its
    line is legal under the real rules."""
    p = Position.deal(seed, YUKON)
    r = solve(p, timeout=None, node_limit=20_000, plan=("complete/noret/purpose",))
    assert r.status == Verdict.WINNABLE and check_line(p, r.moves)
    assert r.stats["phase"] == "complete without returns with purpose"


def test_the_default_plan_wins_deal_23_within_a_node_limit() -> None:
    p = Position.deal(23, YUKON)
    r = solve(p, timeout=None, node_limit=200_000, shorten=False)
    assert r.status == Verdict.WINNABLE and check_line(p, r.moves)


def test_searches_without_returns_prove_nothing_when_returns_are_allowed() -> None:
    """Deal 0 is lost; the searches without returns run out on it and the answer stays
    "unknown" (no search that proves a loss was in the plan)."""
    p = Position.deal(0, YUKON)
    for plan in (("complete/noret/purpose",), ("complete/purpose/noret", "best/noret*2")):
        r = solve(p, timeout=None, node_limit=30_000, plan=plan)
        assert r.status == Verdict.UNKNOWN, plan


def test_plan_names() -> None:
    p = Position.deal(5, YUKON)
    t = tables_for(YUKON)
    for bad in ("best/purpose", "complete/purpose/purpose", "k1/sideways", "k1/noret/noret", "dfs"):
        with pytest.raises(ValueError):
            _make_searches(p, t, {}, (bad,), True, True, True)
    both = _make_searches(p, t, {}, ("complete/noret/purpose*3", "complete/purpose/noret"), True, True, True)
    assert len(both) == 1 and both[0].share == 4 and not both[0].proves_loss
    s = both[0]
    assert isinstance(s, _Search) and s.purpose and s.t is not t
    searches = _make_searches(p, t, {}, PLAN, True, True, True)
    assert len(searches) == len(PLAN)
    assert {x.name for x in searches if x.proves_loss} == {"k=2", "k=1", "k=4", "complete", "best-first"}


def test_without_foundation_return_noret_changes_nothing_and_runs_once() -> None:
    """Under rules without foundation return "/noret" names the same search: it runs once with
    both shares instead of twice."""
    p = Position.deal(5, NO_RETURN)
    t = tables_for(NO_RETURN)
    searches = _make_searches(p, t, {}, PLAN, True, True, True)
    names = [x.name for x in searches]
    assert len(names) == len(set(names)) == 8
    shares = {x.name: x.share for x in searches}
    plan = {kind: int(share or 1) for kind, _, share in (spec.partition("*") for spec in PLAN)}
    assert shares["best-first"] == plan["best"] + plan["best/noret"]
    assert shares["restarts of complete with purpose"] == plan["complete/noret/purpose/restart"]
    assert shares["k=1"] == plan["k1"] + plan["k1/noret"]
    assert all(x.proves_loss == (not (isinstance(x, _Search) and x.purpose)) for x in searches
               if isinstance(x, _Search | _BestFirst))
