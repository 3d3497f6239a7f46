"""The relaxation's fast paths give exactly what the plain closure of its rules gives.

``_close`` (yukon.solve.relaxation) closes the relaxation with bit masks, a round of whole-mask rules
at a time, stops ``dead_end`` as soon as every card is home, and lets the twin rule start
its pinned closures from facts made before the twins moved. All of that is only sound
because the closure is the least fixed point of its rules, whatever the order: these tests
compare it, on positions from random play under every rule set, with a deliberately naive
closure that sweeps over all the cards until nothing changes, and the twin rule with the
twin rule worked out from that naive closure.
"""

from __future__ import annotations

import random

import pytest

from yukon.core.rules import Rules
from yukon.core.state import Position
from yukon.solve import relaxation
from yukon.solve.relaxation import (
    _BIT,
    _close,
    _closure,
    _facts,
    _start,
    crowded,
    dead_end,
    dead_end_from,
    layout_of,
    relaxation_closure,
    tables_for,
    twin_pairs,
)
from yukon.solve.solver import _is_dead, _Search, canonical_key

RULE_SETS = [
    Rules("yukon", False, True),
    Rules("yukon", False, False),
    Rules("russian", False, True),
    Rules("yukon", True, True),
    Rules("russian", True, False),
]


def reference_closure(p: Position, pin: int = -1) -> tuple[list[bool], list[bool], bool]:
    """The relaxation (see ``yukon.solve.relaxation.dead_end``) closed by sweeping every card until
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
    t = tables_for(rules)
    seen = set()
    for p in positions(rules, range(6), 90, 3):
        ref = reference_closure(p)
        assert relaxation_closure(p) == ref
        lost = not all(ref[0])
        assert dead_end(p) == lost
        assert dead_end(p, t, layout_of(p, t)) == lost
        seen.add(lost)
        for c, d, _x1, _x2 in t.twins[::7]:
            assert _closure(p, t, c) == reference_closure(p, c)
    assert seen == {True, False}  # both answers were checked


def as_lists(s: list) -> tuple[list[bool], list[bool], bool]:
    """The facts ``s`` of ``_close`` as the reference closure gives them: (H, E, space)."""
    return [s[0] & b != 0 for b in _BIT], [s[2] & b != 0 for b in _BIT], s[4]


@pytest.mark.parametrize("rules", RULE_SETS, ids=str)
def test_closures_resumed_from_facts_made_before_a_pair_moved_are_the_pinned_closures(rules: Rules) -> None:
    """What crowded() does: the unpinned relaxation keeps its rounds; closing the facts it
    had made before twin c or d first moved, with c pinned, is the closure with c pinned,
    and so on for d from that closure's own snapshot (made before d first moved)."""
    t = tables_for(rules)
    checked = 0
    for p in positions(rules, range(5), 90, 4):
        layout = layout_of(p, t)
        hist: list = []
        lost = dead_end_from(p, t, layout, hist)
        assert lost == (not all(reference_closure(p)[0]))
        for c, d, _x1, _x2 in (t.twins or [(x, x + 1, -1, -1) for x in range(0, 52, 2)])[::3]:
            if p.loc[c] == 7 or p.loc[d] == 7:
                continue
            start = _start(hist, _BIT[c] | _BIT[d])
            assert not _close(t, layout, start, _BIT[c], mark=_BIT[d])
            assert as_lists(start) == reference_closure(p, c)
            other = start[5] if start[5] is not None else start[:5] + [None]
            assert not _close(t, layout, other, _BIT[d])
            assert as_lists(other) == reference_closure(p, d)
            for pin in (c, d):  # from the facts made before the pinned card alone first moved
                alone = _start(hist, _BIT[pin])
                assert not (alone[0] | alone[1]) & _BIT[pin]
                assert not _close(t, layout, alone, _BIT[pin])
                assert as_lists(alone) == reference_closure(p, pin)
            checked += 1
        # each round's facts closed again give the closure itself
        for _moved, facts in hist[::3]:
            s = [*facts, None]
            assert not _close(t, layout, s)
            assert as_lists(s) == reference_closure(p)
        fresh = _facts(layout)
        assert not _close(t, layout, fresh)
        assert as_lists(fresh) == reference_closure(p)
    assert checked > 50


def reference_crowded(p: Position, hidden_only: bool) -> bool:
    """The twin rule (see ``yukon.solve.relaxation.crowded``) from the naive closure: for some pair of
    twins that ``twin_pairs`` lets through, neither closure with a twin pinned lets a twin
    go home or into a space or frees both targets, and one target is free in neither."""
    t = tables_for(p.rules)
    back = p.rules.foundation_return
    for _i, c, d, x1, x2 in twin_pairs(p, t, hidden_only, t.twins):
        free = set()
        for pin in (c, d):
            H, E, space = reference_closure(p, pin)
            T = [E[x] or (back and H[x]) for x in range(52)]
            if (T[x1] and T[x2]) or any((E[z] and (z % 13 == 0 or H[z - 1])) or (space and t.leader[z])
                                        for z in (c, d)):
                break
            free |= {x for x in (x1, x2) if T[x]}
        else:
            if free != {x1, x2}:
                return True
    return False


@pytest.mark.parametrize("rules", RULE_SETS[:2] + RULE_SETS[3:4], ids=str)
def test_twin_rule_agrees_with_the_twin_rule_over_the_naive_closure(rules: Rules) -> None:
    t = tables_for(rules)
    answers = set()
    for p in positions(rules, range(4), 90, 3):
        for hidden_only in (True, False):
            want = reference_crowded(p, hidden_only)
            assert crowded(p, t, hidden_only) == want
            hist: list = []
            layout = layout_of(p, t)
            if not dead_end_from(p, t, layout, hist):
                assert crowded(p, t, hidden_only, list(t.twins), layout, hist) == want
            answers.add(want)
    assert answers == {True, False}


@pytest.mark.parametrize("rules", RULE_SETS[:2], ids=str)
def test_twin_rule_from_shared_facts_agrees_with_it_from_scratch(rules: Rules) -> None:
    """The search's _is_dead (relaxation, then the twin rule from the relaxation's facts)
    answers as dead_end and crowded do on their own."""
    t = tables_for(rules)
    answers = set()
    for p in positions(rules, range(8), 90, 2):
        for hidden_only in (True, False):
            search = _Search(p, t, None, {})
            search.twin_stats[:] = [0, 0]  # the twin rule is always tried
            got = _is_dead(search, canonical_key(p), p, hidden_only)
            want = dead_end(p) or crowded(p, t, hidden_only)
            assert got == want
            answers.add((want, dead_end(p)))
    assert answers == {(False, False), (True, True), (True, False)}  # the twin rule proved some


@pytest.mark.parametrize("rules", RULE_SETS[:3], ids=str)
def test_layout_from_kept_columns_is_the_layout_worked_out_afresh(rules: Rules, monkeypatch: pytest.MonkeyPatch) -> None:
    """layout_of keeps each column's share by its part of the key (and starts again when it
    has kept too many): a layout made from kept shares, or from the search's own key parts,
    is the one worked out from nothing."""
    t = tables_for(rules)
    monkeypatch.setattr(relaxation, "_COLUMNS_KEPT", 40)
    ps = positions(rules, range(4), 60, 2)
    fresh = []
    for p in ps:
        t.columns.clear()
        fresh.append(layout_of(p, t))
    t.columns.clear()
    for _round in range(2):
        for p, want in zip(ps, fresh):
            parts = [bytes(col) + bytes((64 + d,)) for col, d in zip(p.columns, p.down)]
            assert layout_of(p, t) == want
            assert layout_of(p, t, parts) == want
            assert len(t.columns) <= 40
    t.columns.clear()
