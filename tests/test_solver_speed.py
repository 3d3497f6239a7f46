"""The relaxation's fast paths give exactly what the plain closure of its rules gives.

``_close`` (yukon.solver) closes the relaxation with a work list, stops ``dead_end`` as soon
as every card is home, and lets the twin rule start its pinned closures from facts made
before the twins moved. All of that is only sound because the closure is the least fixed
point of its rules, whatever the order: these tests compare it, on positions from random
play under every rule set, with a deliberately naive closure that sweeps over all the cards
until nothing changes.
"""

from __future__ import annotations

import random

import pytest

from yukon.rules import Rules
from yukon.solver import (
    _close,
    _closure,
    _dead_end,
    _facts,
    _is_dead,
    _layout,
    _Search,
    _tables,
    crowded,
    dead_end,
    position_key,
    relaxation_closure,
)
from yukon.state import Position

RULE_SETS = [
    Rules("yukon", False, True),
    Rules("yukon", False, False),
    Rules("russian", False, True),
    Rules("yukon", True, True),
    Rules("russian", True, False),
]


def reference_closure(p: Position, pin: int = -1) -> tuple[list[bool], list[bool], bool]:
    """The relaxation (see ``yukon.solver.dead_end``) closed by sweeping every card until
    nothing changes: (H, E, space). ``pin`` never leaves nor goes home."""
    rules = p.rules
    back = rules.foundation_return
    targets = [[x for x in range(52) if c in rules.onto[x]] for c in range(52)]
    leader = [c in rules.space_leaders for c in range(52)]
    H = [x == 7 for x in p.loc]
    U = [x < 7 for x in p.loc]
    E = [False] * 52
    G = H[:]
    below = [-1] * 52
    where = [(-1, -1)] * 52
    for i, col in enumerate(p.columns):
        for j, c in enumerate(col):
            below[c] = col[j - 1] if j else -1
            where[c] = (i, j)
        if col:
            E[col[-1]] = True
    space = any(not col for col in p.columns)

    def free(x: int) -> bool:
        return E[x] or (back and H[x])

    def in_own_tail(c: int, x: int) -> bool:
        """x lies above c in c's column, no card between has left, and x is not home."""
        (ci, cj), (xi, xj) = where[c], where[x]
        if ci != xi or xj <= cj or H[x]:
            return False
        col = p.columns[ci]
        return not any(G[col[k]] for k in range(cj + 1, xj + 1))

    changed = True
    while changed:
        changed = False
        for c in range(52):
            if c == pin or H[c]:
                continue
            if E[c] and (c % 13 == 0 or H[c - 1]):
                H[c] = changed = True
            if G[c] or not U[c]:
                continue
            b = below[c]
            if (H[c] or (space and b >= 0 and leader[c])
                    or any(x != b and free(x) and not in_own_tail(c, x) for x in targets[c])):
                G[c] = changed = True
                if b >= 0:
                    E[b] = U[b] = True
                else:
                    space = True
    return H, E, space


def positions(rules: Rules, seeds: range, moves: int, every: int) -> list[Position]:
    """Positions met in random play (fixed seeds) of each deal, one in ``every``."""
    out = []
    for seed in seeds:
        rng = random.Random(seed)
        p = Position.deal(seed, rules)
        for step in range(moves):
            legal = p.legal_moves()
            if not legal:
                break
            p.push(rng.choice(legal))
            if step % every == 0:
                out.append(p.copy())
    return out


@pytest.mark.parametrize("rules", RULE_SETS, ids=str)
def test_closure_and_early_stopping_dead_end_agree_with_the_naive_closure(rules: Rules) -> None:
    t = _tables(rules)
    seen = set()
    for p in positions(rules, range(6), 90, 3):
        ref = reference_closure(p)
        assert relaxation_closure(p) == ref
        lost = not all(ref[0])
        assert dead_end(p) == lost
        assert dead_end(p, t, _layout(p, t)) == lost
        seen.add(lost)
        for c, d, _x1, _x2 in t.twins[::7]:
            assert _closure(p, t, c) == reference_closure(p, c)
    assert seen == {True, False}  # both answers were checked


@pytest.mark.parametrize("rules", RULE_SETS[:2] + RULE_SETS[3:4], ids=str)
def test_closures_resumed_from_facts_made_before_a_pair_moved_are_the_pinned_closures(rules: Rules) -> None:
    """What crowded() does: the unpinned relaxation keeps its facts from before twin c or d
    first moved; closing them with c pinned (d put back to look at) is the closure with c
    pinned, and so on for d from that closure's own snapshot."""
    t = _tables(rules)
    checked = 0
    for p in positions(rules, range(5), 90, 4):
        layout = _layout(p, t)
        for c, d, _x1, _x2 in t.twins[::5]:
            if p.loc[c] == 7 or p.loc[d] == 7:
                continue
            lost, start = _dead_end(p, t, layout, c, d)
            if start is None:  # neither twin ever moved: the closure stopped short of it
                assert lost
                continue
            start[5].append(d)
            assert not _close(p, t, layout, start, c, -1, mark=d)
            assert (start[0][:52], start[2][:52], start[7]) == reference_closure(p, c)
            other = start[9] if start[9] is not None else None
            if other is None:
                continue
            other[5].append(c)
            assert not _close(p, t, layout, other, d)
            assert (other[0][:52], other[2][:52], other[7]) == reference_closure(p, d)
            checked += 1
        fresh = _facts(layout)
        assert not _close(p, t, layout, fresh)
        assert (fresh[0][:52], fresh[2][:52], fresh[7]) == reference_closure(p)
    assert checked > 50


@pytest.mark.parametrize("rules", RULE_SETS[:2], ids=str)
def test_twin_rule_from_shared_facts_agrees_with_it_from_scratch(rules: Rules) -> None:
    """The search's _is_dead (relaxation, then the twin rule from the relaxation's facts)
    answers as dead_end and crowded do on their own."""
    t = _tables(rules)
    answers = set()
    for p in positions(rules, range(8), 90, 2):
        for hidden_only in (True, False):
            search = _Search(p, t, None, {})
            search.twin_stats[:] = [0, 0]  # the twin rule is always tried
            got = _is_dead(search, position_key(p), p, hidden_only)
            want = dead_end(p) or crowded(p, t, hidden_only)
            assert got == want
            answers.add((want, dead_end(p)))
    assert answers == {(False, False), (True, True), (True, False)}  # the twin rule proved some
