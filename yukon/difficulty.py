"""How hard a deal is: easy, medium, hard or unwinnable, from what the solver learns about it.

Pure Python, no pygame::

    rating = rate(1234)               # a deal number (Yukon), or a Position
    rating.level                      # Level.EASY ... Level.UNWINNABLE, or Level.UNKNOWN
    rating.nodes, rating.line         # the measures it was judged by

The level of a winnable deal comes from how much search ``solve()`` needed to find a
win (``nodes``, the positions it visited): a deal the solver's narrow, greedy searches
win at once has few obvious wrong turns; one that needs wide search has many. Two
other measures were tried and left out because they did not tell anything about how a
player fares (``benchmarks/difficulty_bench.py`` measures it with a player that follows
the game's own heuristic hints, ``yukon.hints``): the length of the shortest line found,
and the share of first moves that keep the deal winnable. On Yukon deals 1-200 the
chance that a deal the hint player won needed less search than one it lost was 0.71 for
the nodes, 0.57 for the line's length and 0.46 for the share of winnable first moves
(0.5 is a coin toss). ``rating.line`` is kept as information.

The thresholds (``THRESHOLDS``) are data: the thirds of the winnable Yukon deals of a
calibration range ordered by nodes (``difficulty_bench.py --calibrate``; the README's
difficulty section has the validation on another range). They belong to the solver's
search as it is: when ``yukon.solver`` changes how it searches, calibrate again.
A deal the solver does not settle within the budget is ``Level.UNKNOWN``, never a guess;
``unwinnable`` is the solver's proof, never a level for a deal merely not won.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import Enum

from .rules import YUKON, Rules
from .solver import UNKNOWN, UNWINNABLE, WINNABLE, Result, solve
from .state import Position


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
    """The most search (solver nodes) an easy and a medium deal take; more is hard."""

    easy: int
    medium: int

    def level(self, nodes: int) -> Level:
        """The level of a winnable deal the solver won after ``nodes`` positions."""
        if nodes <= self.easy:
            return Level.EASY
        if nodes <= self.medium:
            return Level.MEDIUM
        return Level.HARD


# Calibrated on Yukon deals 1-1200 (see the module docstring and the README); the same
# cut points serve the other games, which the calibration did not cover.
THRESHOLDS = Thresholds(easy=133, medium=372)
# The search a rating may take by default (about 2 CPU seconds on the machine the
# thresholds were measured on); a deal not settled within it is Level.UNKNOWN.
RATE_NODES = 60_000


@dataclass(frozen=True, slots=True)
class Rating:
    """A deal's level and the measures it was judged by."""

    level: Level
    status: str  # the solver's answer: "winnable", "unwinnable" or "unknown"
    nodes: int  # positions the search visited before it answered
    line: int  # moves in the winning line it found (0 unless winnable)
    seconds: float = field(compare=False)  # the solver's time (by its clock): not part of the answer

    @property
    def winnable(self) -> bool:
        """Did the solver find a win?"""
        return self.status == WINNABLE


def budget(level: Level, thresholds: Thresholds = THRESHOLDS) -> int:
    """The node limit that finds every win of ``level`` or easier, and stops soon after.

    A deal not won within it is harder: a search for a deal of a level gives each
    candidate this much. (``solve`` needs a limit one above the nodes a win took.)
    """
    if level is Level.EASY:
        return thresholds.easy + 1
    if level is Level.MEDIUM:
        return thresholds.medium + 1
    return RATE_NODES


def rating_from(status: str, stats: Mapping[str, object], line: int,
                thresholds: Thresholds = THRESHOLDS) -> Rating:
    """The rating for a solver answer given as its parts (a ``Result``, or a solver child's reply)."""
    nodes = stats.get("nodes", 0)
    seconds = stats.get("seconds", 0.0)
    n = nodes if isinstance(nodes, int) else 0
    s = float(seconds) if isinstance(seconds, (int, float)) else 0.0
    if status == WINNABLE:
        level = thresholds.level(n)
    elif status == UNWINNABLE:
        level = Level.UNWINNABLE
    else:
        level = Level.UNKNOWN
    return Rating(level, status if status in (WINNABLE, UNWINNABLE) else UNKNOWN, n, line if status == WINNABLE
                  else 0, s)


def rating_of(result: Result, thresholds: Thresholds = THRESHOLDS) -> Rating:
    """The rating for what ``solve()`` answered about a deal as dealt."""
    return rating_from(result.status, result.stats, len(result.moves), thresholds)


def rate(deal: Position | int, rules: Rules = YUKON, node_limit: int | None = RATE_NODES,
         timeout: float | None = None, thresholds: Thresholds = THRESHOLDS,
         clock: Callable[[], float] = time.perf_counter,
         cancel: Callable[[], bool] | None = None) -> Rating:
    """Rate a deal: a deal number under ``rules``, or a position (its own rules apply).

    ``node_limit`` (search positions) and ``timeout`` (seconds by ``clock``) bound the
    search; when either runs out first the level is ``Level.UNKNOWN``. With a node limit
    and no timeout the answer is the same on every machine.
    """
    position = Position.deal(deal, rules) if isinstance(deal, int) else deal
    result = solve(position, timeout=timeout, node_limit=node_limit, clock=clock, cancel=cancel)
    return rating_of(result, thresholds)


def thirds(nodes: list[int]) -> Thresholds:
    """Cut points that split winnable deals (their solver nodes) into three equal parts."""
    if not nodes:
        raise ValueError("no winnable deals to calibrate on")
    v = sorted(nodes)
    return Thresholds(easy=v[(len(v) - 1) // 3], medium=v[(2 * len(v) - 1) // 3])
