"""The pair proof (``yukon.solve.pairs``): every move of the game is one of its actions, every cell's
start holds the pairs of each of its positions, and it never calls a winnable position lost
(checked against the engine's exhaustive walk on small positions under every rule set)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from solver_helpers import exhaustive_winnable, shuffled, small_position
from yukon.core.rules import Rules
from yukon.core.state import FACE_DOWN, ON_FOUNDATION, Move, Position
from yukon.solve import solver
from yukon.solve.pairs import PairModel, PairProof, _cell
from yukon.solve.relaxation import dead_end
from yukon.solve.solver import Verdict, check_line, solve

RULE_SETS = [
    Rules("yukon", False, True),
    Rules("yukon", False, False),
    Rules("russian", False, True),
    Rules("yukon", True, True),
]


def atoms_of(m: PairModel, p: Position, root_down: set[int], kept: set[int]) -> set[int]:
    """The atoms true in ``p``, worked out afresh from the rules (not with the module's code):
    a card lies at its origin (ORIG) when it lies on a card it does not fit, on a face-down
    card, at a foot it may not lead into, or is in ``kept`` (cards that lay at their origin
    before the last move and did not move); else it lies on a target or a foot (ON)."""
    atoms = set()
    targets = {c: [x for x in range(52) if c in p.rules.onto[x]] for c in range(52)}
    for i, col in enumerate(p.columns):
        if not col:
            atoms.add(m.empty[i])
            continue
        atoms.add(m.clear[col[-1]])
        for j, c in enumerate(col):
            below = col[j - 1] if j else None
            up_below = below is not None and j - 1 >= p.down[i]
            if c in kept:
                atoms.add(m.orig[c])
            elif below is None and c in p.rules.space_leaders and p.down[i] == 0:
                atoms.add(m.on[c, -1 - i])
            elif below is not None and up_below and j >= p.down[i] and below in targets[c]:
                atoms.add(m.on[c, below])
            else:
                atoms.add(m.orig[c])
    for s in range(4):
        atoms.add(m.fh[s][p.foundations[s]])
    for c in root_down:
        if p.loc[c] != FACE_DOWN:
            atoms.add(m.up[c])
    return atoms


def walk(rules: Rules, seed: int, left: int, steps: int) -> list[tuple[Position, Move]]:
    """Positions of a random line of play from a small position, each with the move made next."""
    rng = random.Random(seed)
    p = small_position(seed, rules, left)
    out = []
    for _ in range(steps):
        moves = p.legal_moves()
        if not moves:
            break
        m = rng.choice(moves)
        out.append((p.copy(), m))
        p.push(m)
    return out


def proofs_along_walks(rules: Rules, left: int, spread: int, steps: int
                       ) -> Iterator[tuple[int, list[tuple[Position, Move]], PairProof, set[int]]]:
    """For seeds 0-7, a random line of play (``walk``, ``left + seed % spread`` cards left) with the
    pair proof started at its first position and that position's face-down cards."""
    for seed in range(8):
        line = walk(rules, seed, left + seed % spread, steps)
        if not line:
            continue
        root = line[0][0]
        proof = PairProof(root)
        proof.start()
        yield seed, line, proof, {c for c in range(52) if root.loc[c] == FACE_DOWN}


def mask(atoms: set[int]) -> int:
    """A set of atoms as a bit mask."""
    return sum(1 << a for a in atoms)


@pytest.mark.parametrize("rules", RULE_SETS)
def test_every_move_is_an_action(rules: Rules) -> None:
    """Along random lines of play, each move is an action of the proof whose needs hold before
    it and which turns the atoms before it into exactly the atoms after it: the premise of the
    proof's soundness (see ``yukon.solve.pairs``)."""
    checked = 0
    for seed, line, proof, root_down in proofs_along_walks(rules, 30, 15, 50):
        m = proof.model
        for p, move in line:
            before = atoms_of(m, p, root_down, set())
            at_origin = {c for c in range(52) if m.orig[c] in before}
            q = p.copy()
            q.push(move)
            moved = set(q.tail(move.card)) if q.loc[move.card] < ON_FOUNDATION else {move.card}
            after = atoms_of(m, q, root_down, {c for c in at_origin - moved if q.loc[c] < ON_FOUNDATION})
            b, a = mask(before), mask(after)
            assert any(pm & b == pm and (b & keep) | am == a for pm, _, _, am, keep in proof.actions), \
                (seed, str(move))
            checked += 1
    assert checked > 200


@pytest.mark.parametrize("rules", RULE_SETS)
def test_a_cell_holds_the_pairs_of_its_positions(rules: Rules) -> None:
    """``_cell``'s start rows mark every pair of atoms of the position itself, and positions of
    one cell (same key) get the same rows: what a closure proves from them holds for each."""
    by_key: dict[tuple[Any, ...], list[int] | None] = {}
    shared = 0
    for seed, line, proof, root_down in proofs_along_walks(rules, 40, 12, 60):
        m = proof.model
        for p, _ in line:
            key, rows = _cell(m, p, proof.root_down)
            if rows is None:
                continue
            atoms = mask(atoms_of(m, p, root_down, set()))
            bits = atoms
            while bits:
                low = bits & -bits
                assert rows[low.bit_length() - 1] & atoms == atoms, seed
                bits ^= low
            full = (seed, key)
            if full in by_key:
                assert by_key[full] == rows
                shared += 1
            by_key[full] = rows
    assert shared > 10


@pytest.mark.parametrize("rules,seeds,least", [(RULE_SETS[0], 10, 6), (RULE_SETS[1], 30, 4), (RULE_SETS[2], 30, 3)])
def test_never_calls_a_winnable_position_lost(rules: Rules, seeds: int, least: int) -> None:
    """Positions of random lines (no move home, so that many lose) from small positions: each
    one the proof (one per line, so that its cells and kept closures answer too) calls lost,
    where the relaxation does not, is lost for the engine's own exhaustive walk without any
    pruning; and there are such positions."""
    proved = 0
    for seed in range(seeds):
        rng = random.Random(seed)
        p = small_position(seed, rules, 22 + seed % 10)
        proof = PairProof(p)
        proof.start()
        for _ in range(25):
            if proof.lost(p) and not dead_end(p):
                assert exhaustive_winnable(p, 200_000) is False, seed
                proved += 1
            legal = [m for m in p.legal_moves() if not m.to_foundation]
            if not legal:
                break
            p.push(rng.choice(legal))
    assert proved >= least


def test_solve_with_the_proof_from_the_start_agrees_with_exhaustive_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """The proof inside the solver, started at once (``PAIR_START`` 0) so that it is asked
    about every position the searches meet: on endings shuffled by random moves (many of
    them lost), each verdict the solver reaches is the engine's exhaustive walk's, winning
    lines replay, and the proof itself decides some. (Without foundation return: with it,
    and in Russian Solitaire, the walk, which keeps no table of positions seen, seldom ends.)"""
    monkeypatch.setattr(solver, "PAIR_START", 0)
    seen = {Verdict.WINNABLE: 0, Verdict.LOST: 0}
    by_proof = 0
    for seed in range(40):
        p = shuffled(small_position(seed, RULE_SETS[1], 20 + seed % 11), 3 + seed % 9, seed)
        truth = exhaustive_winnable(p, 200_000)
        if truth is None:
            continue
        r = solve(p, timeout=None, node_limit=30_000, shorten=False)
        if r.status == "unknown":
            continue
        assert r.status == (Verdict.WINNABLE if truth else Verdict.LOST), seed
        if truth:
            assert check_line(p, r.moves), seed
        seen[r.status] += 1
        by_proof += r.stats["phase"] == "pair proof"
    assert seen[Verdict.WINNABLE] >= 10 and seen[Verdict.LOST] >= 3 and by_proof >= 1


def test_the_proof_decides_a_deal_the_searches_leave_open() -> None:
    """Deal 104 (standard Yukon) stayed open after 300 CPU s of the searches alone; once the
    searches have spent ``PAIR_START`` positions the pair proof finds the deal itself lost."""
    p = Position.deal(104, RULE_SETS[0])
    limit = solver.PAIR_START + 5_000
    on = solve(p, timeout=None, node_limit=limit, shorten=False)
    off = solve(p, timeout=None, node_limit=limit, shorten=False, pair_rule=False)
    assert on.status == Verdict.LOST and on.stats["phase"] == "pair proof"
    assert off.status == "unknown"
