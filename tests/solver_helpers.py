"""Helpers for the solver tests: small random positions and a search without any pruning."""

from __future__ import annotations

import random

from yukon.rules import Rules
from yukon.state import Move, Position, Undo


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


def exhaustive_winnable(p: Position, limit: int = 400_000) -> bool | None:
    """Is the position winnable? Plain depth-first search over every legal move, no pruning.

    Only a set of visited positions (the engine's own key) keeps it finite; None when more
    than ``limit`` positions would be needed.
    """
    q = p.copy()
    if q.is_won():
        return True
    seen = {q.key()}
    stack: list[list[Move]] = [q.legal_moves()]
    undos: list[Undo] = []
    while stack:
        moves = stack[-1]
        if not moves:
            stack.pop()
            if undos:
                q.pop(undos.pop())
            continue
        u = q.push(moves.pop())
        if q.is_won():
            return True
        k = q.key()
        if k in seen:
            q.pop(u)
            continue
        seen.add(k)
        if len(seen) > limit:
            return None
        undos.append(u)
        stack.append(q.legal_moves())
    return False
