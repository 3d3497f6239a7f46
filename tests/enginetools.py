"""Shared helpers for the engine tests: random play, perft, and an independent checker."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

from yukon.core.rules import Rules
from yukon.core.state import Move, Position
from yukon.solve.bench import naive_legal_moves


def perft(p: Position, depth: int, gen: Callable[[Position], list[Move]] = Position.legal_moves) -> int:
    """Number of move sequences of length ``depth`` (python-chess style)."""
    if depth == 0:
        return 1
    total = 0
    for m in gen(p):
        u = p.push(m)
        total += perft(p, depth - 1, gen)
        p.pop(u)
    return total


def random_games(count: int, seed: int, rules: Rules, max_moves: int = 120) -> Iterator[tuple[Position, random.Random]]:
    """``count`` fresh deals (deal numbers drawn from ``seed``) with a generator each."""
    rng = random.Random(seed)
    for _ in range(count):
        yield Position.deal(rng.randrange(1 << 32), rules), rng


def all_rule_sets() -> list[Rules]:
    """Both variants with both options in every combination."""
    return [Rules(v, a, f) for v in ("yukon", "russian") for a in (False, True) for f in (True, False)]


__all__ = ["Move", "all_rule_sets", "naive_legal_moves", "perft", "random_games"]
