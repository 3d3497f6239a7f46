"""The calendar of the deals of the day: which days were played and won, and the streak.

Pure Python, no pygame, no words; the statistics file keeps it (``yukon.play.stats``, version 3).
Today's date is always passed in (the window's local date), never read here.

- Each game (Yukon, Russian) has its own days. A day's entry is the best that happened to
  its deal: a clean win beats an assisted one, which beats a game played and not won; of
  two wins of the same kind the faster one is kept, with its moves.
- Any day up to today can be played (``playable``); a day to come cannot.
- The streak is the number of days in a row, up to today, whose deal was won on that very
  day. A day not yet won today does not break it (today is not over); a past day won
  later fills the calendar but not the streak, or a streak would mean nothing.
- Days older than ``KEEP_DAYS`` are forgotten, except those of the streak under way; the
  best streak ever is kept apart.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, timedelta
from enum import Enum
from typing import Any

from .daily import DAILY_GAMES
from .history import Outcome
from .save import MAX_SAVED_MOVES, MAX_SECONDS, number_in

KEEP_DAYS = 400  # days kept (the calendar shows at least the last 60)
MAX_STREAK = 10**6  # more days than anyone has lived; a larger streak is damage


class DayResult(Enum):
    """The best that happened to a day's deal, worst first; the values are the file's words."""

    PLAYED = "played"  # played, not won (yet)
    ASSISTED = "assisted"
    CLEAN = "clean"

    @property
    def rank(self) -> int:
        """Order of merit: a better result replaces a worse one."""
        return list(DayResult).index(self)


@dataclass(frozen=True, slots=True)
class DayEntry:
    """What a day's deal came to: the result, and the time and moves of the win (None if not won)."""

    result: DayResult
    seconds: float | None = None
    moves: int | None = None
    on_the_day: bool = False  # won on the very day (it counts for the streak)

    @property
    def won(self) -> bool:
        """Was the day's deal won?"""
        return self.result is not DayResult.PLAYED


@dataclass(frozen=True, slots=True)
class CalendarDay:
    """One square of the calendar: the day, its entry if any, and whether it can be played."""

    day: date
    entry: DayEntry | None
    playable: bool  # today or earlier
    today: bool


def playable(day: date, today: date) -> bool:
    """Can the deal of ``day`` be played on ``today``? Any day so far, none to come."""
    return day <= today


@dataclass
class GameDays:
    """One game's days and its best streak."""

    days: dict[date, DayEntry] = field(default_factory=dict)
    best_streak: int = 0


@dataclass
class DailyCalendar:
    """Every daily game's days (``DAILY_GAMES``)."""

    games: dict[str, GameDays] = field(default_factory=lambda: {v: GameDays() for v in DAILY_GAMES})

    def _game(self, variant: str) -> GameDays:
        if variant not in DAILY_GAMES:
            raise ValueError(f"no deal of the day for {variant!r}")
        return self.games.setdefault(variant, GameDays())

    def entry(self, variant: str, day: date) -> DayEntry | None:
        """What became of ``day``'s deal (None: never played)."""
        return self._game(variant).days.get(day)

    def record(self, variant: str, day: date, today: date, outcome: Outcome, seconds: float, moves: int) -> DayEntry:
        """A game of ``day``'s deal begun on ``today`` ended with ``outcome``; returns the day's entry now.

        ``today`` is the date the game was begun, so a deal begun before midnight and won
        after it is still won on its day. ValueError for a day still to come.
        """
        if not playable(day, today):
            raise ValueError(f"the deal of {day} cannot be played before that day")
        game = self._game(variant)
        old = game.days.get(day)
        if outcome.won:
            result = DayResult.CLEAN if outcome is Outcome.CLEAN else DayResult.ASSISTED
            new = DayEntry(result, min(max(0.0, float(seconds)), float(MAX_SECONDS)),
                           min(max(0, moves), MAX_SAVED_MOVES), day == today)
        else:
            new = DayEntry(DayResult.PLAYED)
        if old is not None:
            on_the_day = old.on_the_day or new.on_the_day
            if (old.result.rank, -(old.seconds or 0.0)) >= (new.result.rank, -(new.seconds or 0.0)):
                new = old
            new = DayEntry(new.result, new.seconds, new.moves, on_the_day)
        game.days[day] = new
        game.best_streak = max(game.best_streak, self.streak(variant, today))
        self._forget(game, today, self.streak(variant, today))
        return new

    def streak(self, variant: str, today: date) -> int:
        """The days in a row up to today (or yesterday, while today is not won) won on the day."""
        days = self._game(variant).days
        day = today if _counts(days.get(today)) else today - timedelta(days=1)
        count = 0
        while _counts(days.get(day)):
            count += 1
            day -= timedelta(days=1)
        return count

    def best_streak(self, variant: str) -> int:
        """The longest streak so far."""
        return self._game(variant).best_streak

    def window(self, variant: str, first: date, last: date, today: date) -> list[CalendarDay]:
        """The calendar's squares from ``first`` to ``last`` (days to come included, not playable)."""
        days = self._game(variant).days
        out: list[CalendarDay] = []
        day = first
        while day <= last:
            out.append(CalendarDay(day, days.get(day), playable(day, today), day == today))
            day += timedelta(days=1)
        return out

    def recent(self, variant: str, today: date, count: int = 60) -> list[CalendarDay]:
        """The last ``count`` days up to today, oldest first."""
        return self.window(variant, today - timedelta(days=count - 1), today, today)

    @staticmethod
    def _forget(game: GameDays, today: date, streak: int) -> None:
        oldest = today - timedelta(days=max(KEEP_DAYS, streak + 1))
        for day in [d for d in game.days if d < oldest]:
            del game.days[day]

    def clear(self) -> None:
        """Forget every day and streak."""
        self.games = {v: GameDays() for v in DAILY_GAMES}

    def to_dict(self) -> dict[str, Any]:
        """The JSON-ready calendar."""
        return {v: {"best_streak": g.best_streak,
                    "days": {d.isoformat(): _entry_dict(e) for d, e in sorted(g.days.items())}}
                for v, g in self.games.items()}

    @classmethod
    def read(cls, raw: Any) -> tuple[DailyCalendar, int]:
        """The calendar from its JSON, keeping the sound days, and how many parts were damaged.

        ValueError when it is not an object at all.
        """
        if not isinstance(raw, dict):
            raise ValueError("the calendar is not an object")  # noqa: TRY004 - damage of any shape is a ValueError
        calendar = cls()
        damaged = 0
        for variant, data in raw.items():
            if variant not in DAILY_GAMES or not isinstance(data, dict) or not isinstance(data.get("days"), dict):
                damaged += 1
                continue
            game = calendar.games[variant]
            best = data.get("best_streak", 0)
            if number_in(best, 0, MAX_STREAK, whole=True):
                game.best_streak = best
            else:
                damaged += 1
            for key, value in data["days"].items():
                try:
                    game.days[date.fromisoformat(key)] = _entry_of(value)
                except (TypeError, ValueError):
                    damaged += 1
        return calendar, damaged


def _counts(entry: DayEntry | None) -> bool:
    return entry is not None and entry.won and entry.on_the_day


def _entry_dict(entry: DayEntry) -> dict[str, Any]:
    data: dict[str, Any] = {"result": entry.result.value}
    if entry.won:
        data |= {"seconds": entry.seconds, "moves": entry.moves, "on_the_day": entry.on_the_day}
    return data


def _entry_of(data: Any) -> DayEntry:
    """A day's entry from its JSON; ValueError when damaged."""
    if not isinstance(data, dict) or set(data) - {"result", "seconds", "moves", "on_the_day"}:
        raise ValueError("not a day")
    result = DayResult(data.get("result"))
    if result is DayResult.PLAYED:
        if len(data) != 1:
            raise ValueError("a day not won has no time")
        return DayEntry(result)
    seconds: Any = data.get("seconds")
    moves: Any = data.get("moves")
    on_the_day: Any = data.get("on_the_day")
    if not number_in(seconds, 0, MAX_SECONDS) or not number_in(moves, 0, MAX_SAVED_MOVES, whole=True) \
            or not isinstance(on_the_day, bool):
        raise ValueError("a win's time or moves out of range")
    return DayEntry(result, float(seconds), moves, on_the_day)
