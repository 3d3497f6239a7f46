"""How hard a deal is: easy, medium, hard or unwinnable, from what the solver learns about it.

Pure Python, no pygame::

    rating = rate(1234)               # a deal number (Yukon), or a Position
    rating.level                      # Level.EASY ... Level.UNWINNABLE, or Level.UNKNOWN
    rating.effort, rating.nodes       # the measures it was judged by

The level of a winnable deal comes from how much search ``solve()`` needs to win it:
once from the deal as dealt (``nodes``) and once after each first move (each search
capped at ``FIRST_MOVE_NODES``; a first move after which it finds no win within the cap
counts as the cap; one it proves lost is left out). ``effort`` is the mean of the
logarithms of those node counts: a deal the solver's narrow, greedy searches win at
once, whatever is played first, has few wrong turns; one that needs wide search has
many. Measured with a player that follows the game's own heuristic hints
(``benchmarks/difficulty_bench.py``; ``yukon.solve.move_order``) on the 1025 winnable Yukon deals
of 1-1200, the chance that a deal the hint player won has a smaller measure than one it
lost is 0.72 for ``effort``, 0.70 for ``nodes`` alone, 0.64 for the share of first
moves not won within the cap (which ``effort`` already counts) and 0.57 for the length
of the line found (0.5 is a coin toss). By ``nodes`` alone, easy and medium deals lay
closer together (the README's difficulty section). The other measures are kept as
information.

The thresholds (``THRESHOLDS``) are data: the thirds of the winnable Yukon deals of a
calibration range ordered by effort (``difficulty_bench.py --calibrate``; the README's
difficulty section has the validation on another range). They belong to the solver's
search as it is: when ``yukon.solve.solver`` changes how it searches, calibrate again.
A deal the solver does not settle within the budget is ``Level.UNKNOWN``, never a guess;
``unwinnable`` is the solver's proof, never a level for a deal merely not won.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum

from ..core.rules import YUKON, Rules
from ..core.state import Position
from .solver import Result, Verdict, solve


class Level(Enum):
    """A deal's difficulty."""

    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"
    UNWINNABLE = "unwinnable"
    UNKNOWN = "unknown"


# The levels a player may ask for, easiest first.
PLAYABLE: tuple[Level, ...] = (Level.EASY, Level.MEDIUM, Level.HARD)


@dataclass(frozen=True, slots=True)
class Thresholds:
    """The most effort an easy and a medium deal take; more is hard."""

    easy: float
    medium: float

    def level(self, effort: float) -> Level:
        """The level of a winnable deal of ``effort``."""
        if effort <= self.easy:
            return Level.EASY
        if effort <= self.medium:
            return Level.MEDIUM
        return Level.HARD


# Calibrated on Yukon deals 1-1200 (see the module docstring and the README); the same
# cut points serve the other games, which the calibration did not cover.
THRESHOLDS = Thresholds(easy=5.0752, medium=6.1052)
# The search a rating may take from the deal as dealt by default (about 2 CPU seconds
# on the machine the thresholds were measured on); a deal not settled within it is
# Level.UNKNOWN. Each first move's search gets at most FIRST_MOVE_NODES.
RATE_NODES = 60_000
FIRST_MOVE_NODES = 2_000
# A new player's first deal (``first_deal``): the Yukon deals (default rules) of 1-79 that the
# solver wins and rates easy with the least effort, 4.0 to 4.7 (easy ends at 5.08), so they stay
# easy if the thresholds move a little. tests/test_difficulty.py rates each of them again.
FIRST_DEALS: tuple[int, ...] = (79, 1, 3, 31, 9, 64, 7, 17, 40, 22)


@dataclass(frozen=True, slots=True)
class Rating:
    """A deal's level and the measures it was judged by."""

    level: Level
    status: Verdict  # the solver's answer
    nodes: int  # positions the search from the deal as dealt visited before it answered
    line: int  # moves in the winning line it found (0 unless winnable)
    effort: float  # mean log of the nodes: the deal as dealt and each first move (0.0 unless winnable)
    first_moves: int  # legal first moves (0 unless winnable)
    winnable_first: int  # first moves after which a win was found within FIRST_MOVE_NODES
    seconds: float = field(compare=False)  # the time it took (by its clock): not part of the answer

    @property
    def winnable(self) -> bool:
        """Did the solver find a win?"""
        return self.status == Verdict.WINNABLE


def effort(nodes: int, first_nodes: list[int | None], cap: int = FIRST_MOVE_NODES) -> float:
    """The mean log of ``nodes`` and each first move's nodes (None: no win within ``cap``: the cap)."""
    logs = [math.log(max(1, min(nodes, cap)))]
    logs.extend(math.log(max(1, min(n if n is not None else cap, cap))) for n in first_nodes)
    return sum(logs) / len(logs)


def assess(position: Position, node_limit: int | None = RATE_NODES, timeout: float | None = None,
           thresholds: Thresholds = THRESHOLDS, clock: Callable[[], float] = time.perf_counter,
           cancel: Callable[[], bool] | None = None,
           first_move_nodes: int = FIRST_MOVE_NODES) -> tuple[Rating, Result]:
    """Rate ``position`` (a deal as dealt); also ``solve()``'s own answer for it (with the line).

    ``node_limit`` (search positions) and ``timeout`` (seconds by ``clock``) bound the
    search from the position itself; when either runs out first the level is
    ``Level.UNKNOWN``. With a node limit and no timeout the answer is the same on every
    machine. ``cancel`` stops it early (the rating is then not to be used).
    """
    t0 = clock()
    result = solve(position, timeout=timeout, node_limit=node_limit, clock=clock, cancel=cancel)
    nodes = int(result.stats.get("nodes", 0))
    if result.status == Verdict.LOST:
        return Rating(Level.UNWINNABLE, Verdict.LOST, nodes, 0, 0.0, 0, 0, clock() - t0), result
    if result.status != Verdict.WINNABLE:
        return Rating(Level.UNKNOWN, Verdict.UNKNOWN, nodes, 0, 0.0, 0, 0, clock() - t0), result
    firsts = position.legal_moves()
    counted: list[int | None] = []
    won = 0
    for m in firsts:
        q = position.copy()
        q.play(m)
        r = solve(q, timeout=None, node_limit=first_move_nodes, clock=clock, cancel=cancel, shorten=False)
        if r.status == Verdict.LOST:
            continue
        if r.status == Verdict.WINNABLE:
            won += 1
            counted.append(int(r.stats.get("nodes", 0)))
        else:
            counted.append(None)
    e = effort(nodes, counted, first_move_nodes)
    rating = Rating(thresholds.level(e), Verdict.WINNABLE, nodes, len(result.moves), e, len(firsts), won, clock() - t0)
    return rating, result


def rate(deal: Position | int, rules: Rules = YUKON, node_limit: int | None = RATE_NODES,
         timeout: float | None = None, thresholds: Thresholds = THRESHOLDS,
         clock: Callable[[], float] = time.perf_counter,
         cancel: Callable[[], bool] | None = None) -> Rating:
    """Rate a deal: a deal number under ``rules``, or a position (its own rules apply); see ``assess``."""
    position = Position.deal(deal, rules) if isinstance(deal, int) else deal
    return assess(position, node_limit, timeout, thresholds, clock, cancel)[0]


def first_deal(rules: Rules, rng: random.Random) -> int | None:
    """A deal number for a new player's very first game under ``rules``, proved winnable and rated
    easy (one of ``FIRST_DEALS``); None when there is no such list for these rules."""
    return rng.choice(FIRST_DEALS) if rules == YUKON else None


def thirds(values: list[float]) -> Thresholds:
    """Cut points that split winnable deals (their effort) into three equal parts."""
    if not values:
        raise ValueError("no winnable deals to calibrate on")
    v = sorted(values)
    return Thresholds(easy=v[(len(v) - 1) // 3], medium=v[(2 * len(v) - 1) // 3])
