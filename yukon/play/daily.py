"""The deal of the day: one proven-winnable deal per game and date, the same on every machine.

Pure Python, no pygame, no network::

    deal = pick_daily(date(2026, 3, 1), "russian")
    deal.seed, deal.level, deal.tried      # the deal number, its difficulty, candidates tried

How a day's deal is chosen (``pick_daily``):

1. A start value from the day, the game and ``DAILY_RULES_VERSION`` (``daily_start``),
   mixed by the project's own SplitMix64 (``yukon.core.cards.splitmix64``): never Python's
   ``random`` or ``hash()``, whose results may differ between versions and runs.
2. From it, candidate deal numbers in a fixed order (``candidates``): 1 .. ``DEAL_RANGE``,
   numbers a player can type into the Deal # box.
3. The first candidate the solver proves winnable within ``DAILY_NODES`` search
   positions is the day's deal. A node budget, not a time limit: the solver's search
   is the same on every machine, so the same candidate wins everywhere. Its level comes
   from the same search (``yukon.solve.difficulty.assess`` with the budgets pinned here), so
   it is the same everywhere too.

The pick depends on the solver's search: a change to ``yukon.solve.solver`` or
``yukon.solve.relaxation`` can prove a deal winnable within the budget that was not before, and
move a day's deal. ``tests/test_daily.py`` pins the deals of some dates in a golden file so
such a change is seen; if it must land, raise ``DAILY_RULES_VERSION`` (and keep the
window's cache of the days already played) rather than move deals silently.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import date

from ..core.cards import splitmix64
from ..core.rules import Rules
from ..core.state import Position
from ..solve.difficulty import THRESHOLDS, Level, assess

# Raise it only to change every day's deal on purpose (see the module's docstring).
DAILY_RULES_VERSION = 1
# The games with a deal of the day, each with a fixed number of its own for the mix (not its
# place in a list that may grow).
DAILY_GAMES: dict[str, int] = {"yukon": 1, "russian": 2}
# Candidate deal numbers run from 1 to this: numbers of nine digits at most, like random deals.
DEAL_RANGE = 999_999_999
# The solver's budget for each candidate, in search positions (about a second on a quiet
# machine), and for each first move of the chosen deal's rating (``yukon.solve.difficulty``).
DAILY_NODES = 20_000
DAILY_FIRST_MOVE_NODES = 2_000
# A day gives up after this many candidates. No date of the benchmark's years comes near it
# (benchmarks/daily_bench.py); it only keeps a broken solver from searching forever.
MAX_CANDIDATES = 1_000

_MASK64 = (1 << 64) - 1
_LIMIT = (1 << 64) - (1 << 64) % DEAL_RANGE  # outputs at or above it are drawn again (no bias)


class DailyError(Exception):
    """No deal of the day: no candidate proved winnable, or the pick was cancelled."""


@dataclass(frozen=True, slots=True)
class DailyDeal:
    """A day's deal: the day, the game, the deal number, its level and how it was found."""

    day: date
    variant: str  # "yukon" or "russian"; the game's standard rules
    seed: int  # the deal number
    level: Level  # easy, medium or hard
    tried: int  # candidates looked at, this one included (1: the first was winnable)
    undecided: int  # of those, how many ran out of the budget (the others were proved lost)
    nodes: int  # search positions the candidates' verdicts took (the level's first-move searches not counted)

    @property
    def rules(self) -> Rules:
        """The rules the day's deal is played under: the game's standard ones."""
        return Rules(self.variant)


def daily_start(day: date, variant: str, version: int = DAILY_RULES_VERSION) -> int:
    """The start value of a day's candidates: the version, the game and the date, mixed."""
    if variant not in DAILY_GAMES:
        raise ValueError(f"no deal of the day for {variant!r} (choose {' or '.join(DAILY_GAMES)})")
    state = 0
    for part in (version, DAILY_GAMES[variant], day.toordinal()):
        state, value = splitmix64((state ^ part) & _MASK64)
        state = value
    return state


def candidates(day: date, variant: str, version: int = DAILY_RULES_VERSION) -> Iterator[int]:
    """The day's candidate deal numbers in their fixed order (endless; repeats are possible)."""
    state = daily_start(day, variant, version)
    while True:
        state, value = splitmix64(state)
        if value < _LIMIT:
            yield value % DEAL_RANGE + 1


def pick_daily(day: date, variant: str = "yukon", *, version: int = DAILY_RULES_VERSION,
               node_limit: int = DAILY_NODES, cancel: Callable[[], bool] | None = None) -> DailyDeal:
    """The deal of ``day`` for ``variant``: the first candidate proved winnable within ``node_limit``.

    ``cancel`` is asked while searching; when it returns True the pick stops with DailyError
    (an answer cut short would be another machine's wrong deal). DailyError also when no
    candidate of the first ``MAX_CANDIDATES`` is proved winnable.
    """
    rules = Rules(variant)
    spent = undecided = 0
    for tried, seed in enumerate(candidates(day, variant, version), start=1):
        if tried > MAX_CANDIDATES:
            break
        rating, _result = assess(Position.deal(seed, rules), node_limit=node_limit, timeout=None,
                                 thresholds=THRESHOLDS, cancel=cancel, first_move_nodes=DAILY_FIRST_MOVE_NODES)
        if cancel is not None and cancel():
            raise DailyError("cancelled")
        spent += rating.nodes
        if rating.winnable:
            return DailyDeal(day, variant, seed, rating.level, tried, undecided, spent)
        undecided += rating.level is Level.UNKNOWN
    raise DailyError(f"no deal of {day.isoformat()} for {variant} proved winnable in {MAX_CANDIDATES} tries")
