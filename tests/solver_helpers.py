"""Helpers for the solver tests: small random positions and a search without any pruning."""

from __future__ import annotations

import random

from yukon.core.rules import Rules
from yukon.core.state import Position
from yukon.solve import solver
from yukon.solve.relaxation import tables_for


def small_position(seed: int, rules: Rules, left: int) -> Position:
    """Deal ``seed``, then put the lowest cards of each suit home until about ``left`` remain.

    The foundation heights are drawn at random (fixed by ``seed``); cards that stay keep
    their order and face-down state, and an end card left face down is turned up.
    """
    rng = random.Random(seed * 7919 + left)
    p = Position.deal(seed, rules)
    heights = [0, 0, 0, 0]
    while 52 - sum(heights) > left:
        s = rng.randrange(4)
        if heights[s] < 13:
            heights[s] += 1
    home = {s * 13 + r for s in range(4) for r in range(heights[s])}
    cols: list[list[int]] = []
    downs: list[int] = []
    for col, d in zip(p.columns, p.down):
        keep = [c for j, c in enumerate(col) if c not in home]
        kd = sum(1 for j, c in enumerate(col) if c not in home and j < d)
        if keep and kd >= len(keep):
            kd = len(keep) - 1
        cols.append(keep)
        downs.append(kd)
    return Position(cols, downs, heights, rules)


def shuffled(p: Position, moves: int, seed: int) -> Position:
    """``p`` (changed) after up to ``moves`` random legal moves, none to a foundation (fixed by
    ``seed``): such moves lose many endings, so lost ones get checked too."""
    rng = random.Random(seed)
    for _ in range(moves):
        legal = [m for m in p.legal_moves() if not m.to_foundation]
        if not legal:
            break
        p.push(rng.choice(legal))
    return p


def exhaustive_winnable(p: Position, limit: int = 400_000) -> bool | None:
    """Is the position winnable? Plain depth-first search over every legal move, no pruning.

    The engine's own reachability walk (a set of visited positions keeps it finite);
    None when more than ``limit`` positions would be needed.
    """
    if p.is_won():
        return True
    return p.reaches(lambda q, u: q.is_won(), limit)


class RecordingSearch(solver._Search):
    """The complete search with the twin rule at its stuck checks, keeping a copy of every
    position that rule proves lost, as it was when proved."""

    found: list[Position]

    def __init__(self, start: Position) -> None:
        super().__init__(start, tables_for(start.rules), None, {}, stuck_twins=True)
        self.found = []

    def _stuck_crowded(self, layout: tuple | None = None, hist: list[tuple[int, tuple]] | None = None) -> bool:
        r = super()._stuck_crowded(layout, hist)
        if r:
            self.found.append(self.p.copy())
        return r
