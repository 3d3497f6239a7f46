"""Engine speed: legal-move generations and random playout moves per second.

The positions are fixed (deals 1..40, each advanced by a fixed-seed random number of
random legal moves), so runs are comparable. A baseline, a plain scan over every
face-up card and every destination as a first version would write it, is measured in
the same run, so the ratio means something on a shared, noisy machine.
"""

from __future__ import annotations

import math
import random
import sys
import time
from collections.abc import Callable
from typing import TextIO

from ..core.state import FOUNDATION, Move, Position


def bench_positions(count: int = 40) -> list[Position]:
    """A fixed set of positions from early, middle and late play."""
    rng = random.Random(2024)
    positions = []
    for seed in range(1, count + 1):
        p = Position.deal(seed)
        for _ in range(rng.randrange(0, 60)):
            moves = p.legal_moves()
            if not moves:
                break
            p.push(rng.choice(moves))
        positions.append(p)
    return positions


def naive_legal_moves(p: Position) -> list[Move]:
    """Legal moves the straightforward way: every card to every destination, checked."""
    out = []
    for card in range(52):
        for to in range(FOUNDATION + 1):
            m = Move.of(card, to)
            if p.why_illegal(m) is None:
                out.append(m)
    return out


def _rate(fn: Callable[[Position], object], positions: list[Position], seconds: float) -> float:
    n = 0
    start = time.perf_counter()
    while True:
        for p in positions:
            fn(p)
        n += len(positions)
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return n / elapsed


def playout_rate(seconds: float, seed: int = 7) -> float:
    """Random legal moves per second, whole playouts (apply + generate), fixed seed."""
    rng = random.Random(seed)
    moves_made = 0
    start = time.perf_counter()
    deal = 1
    while True:
        p = Position.deal(deal)
        deal += 1
        for _ in range(300):
            moves = p.legal_moves()
            if not moves:
                break
            p.push(moves[rng.randrange(len(moves))])
            moves_made += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return moves_made / elapsed


def run_bench(seconds: float = 2.0, out: TextIO = sys.stdout) -> dict[str, float]:
    """Measure and print the figures; returns them too.

    ValueError for ``seconds`` that is not a finite number above 0 (nan or inf would
    never end).
    """
    if not (math.isfinite(seconds) and seconds > 0):
        raise ValueError(f"seconds must be a finite number above 0, not {seconds}")
    positions = bench_positions()
    fast = _rate(Position.legal_moves, positions, seconds)
    naive = _rate(naive_legal_moves, positions, seconds / 2)
    play = playout_rate(seconds)
    out.write(f"positions: {len(positions)} fixed (deals 1-{len(positions)} after random play)\n")
    out.write(f"legal-move generations/s: {fast:,.0f}\n")
    out.write(f"  naive scan baseline/s:  {naive:,.0f}  (engine is {fast / naive:.0f}x)\n")
    out.write(f"random playout moves/s:   {play:,.0f}\n")
    return {"generations": fast, "naive": naive, "playout": play}
