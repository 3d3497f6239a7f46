"""The history of finished games: each game's deal, rules, date, result, time and moves.

Pure Python, no pygame, no words. The statistics file keeps it (``yukon.play.stats``, version 3),
the newest ``HISTORY_LIMIT`` games; the replay (``yukon.play.replay``) and the statistics'
pictures read it, ``write_csv`` exports it. Only dealt games have a history (a position from
a file or a lesson sets no records).

An entry keeps its deal, rules and moves as a share code (``yukon.play.share_code``): one
compact text, checked by its own check characters, that a player can also paste to watch
the game. A game of more than ``MAX_LINE_MOVES`` moves (endless back and forth) keeps its
count and no moves, so that the file stays small. Reading the file verifies each code's
check; the moves are replayed only when they are asked for (``HistoryEntry.line``).
"""

from __future__ import annotations

import csv
import os
import tempfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from enum import Enum
from pathlib import Path
from typing import Any

from ..core.notation import format_move
from ..core.rules import Rules
from ..core.state import Move
from .save import MAX_SAVED_MOVES, MAX_SECONDS, number_in
from .share_code import CodeHeader, ShareCodeError, decode, decode_header, encode

HISTORY_LIMIT = 500  # games kept, the newest; a file of them is a few hundred kilobytes at most
MAX_LINE_MOVES = 1_000  # a game with more moves keeps no move list (its code would be long)
CSV_COLUMNS = ("finished", "game", "rules", "deal", "daily", "result", "seconds", "moves", "code", "line")


class Outcome(Enum):
    """How a game ended; the values are the file's words (never shown as they are)."""

    CLEAN = "clean"  # won with no hint, Demo or Finish
    ASSISTED = "assisted"  # won with help
    LOST = "lost"  # no move was left, or the Demo played its last move
    ABANDONED = "abandoned"  # left unfinished for another deal or other rules

    @property
    def won(self) -> bool:
        """Was the game won?"""
        return self in (Outcome.CLEAN, Outcome.ASSISTED)


@dataclass(frozen=True, slots=True)
class HistoryEntry:
    """One finished game. ``code`` is its share code, with its moves unless there were too many."""

    code: str
    rules: Rules
    seed: int
    moves: int  # how many moves the game's line has (undone moves not counted)
    finished: datetime  # local time, to the second
    outcome: Outcome
    seconds: float  # the table's clock at the end
    daily: date | None = None  # the day whose deal of the day this was, if it was one

    @classmethod
    def of(cls, rules: Rules, seed: int, line: Sequence[Move], outcome: Outcome, seconds: float,
           finished: datetime, daily: date | None = None) -> HistoryEntry:
        """The entry of a game of deal ``seed`` whose moves (legal in turn from the deal) were ``line``."""
        code = encode(rules, seed, line if len(line) <= MAX_LINE_MOVES else None)
        seconds = min(max(0.0, float(seconds)), float(MAX_SECONDS))
        if finished.tzinfo is not None:  # kept in local time, as the player reads it
            finished = finished.astimezone().replace(tzinfo=None)
        moves = min(len(line), MAX_SAVED_MOVES)
        return cls(code, rules, seed, moves, finished.replace(microsecond=0), outcome, seconds, daily)

    @property
    def has_line(self) -> bool:
        """Does the entry keep its moves (can it be replayed)?"""
        return self.moves <= MAX_LINE_MOVES

    def line(self) -> tuple[Move, ...]:
        """The game's moves from the deal (empty when it kept none: see ``has_line``).

        ShareCodeError when the kept code does not replay (a file edited by hand).
        """
        return decode(self.code).moves or ()

    def to_dict(self) -> dict[str, Any]:
        """The JSON-ready entry."""
        data: dict[str, Any] = {"code": self.code, "moves": self.moves, "finished": self.finished.isoformat(),
                                "result": self.outcome.value, "seconds": self.seconds}
        if self.daily is not None:
            data["daily"] = self.daily.isoformat()
        return data

    @classmethod
    def from_dict(cls, data: Any) -> HistoryEntry:
        """An entry from its JSON; ValueError when any of it is damaged."""
        if not isinstance(data, dict) or set(data) - {"code", "moves", "finished", "result", "seconds", "daily"}:
            raise ValueError("not an entry")
        code: Any = data.get("code")
        moves: Any = data.get("moves")
        seconds: Any = data.get("seconds")
        if not isinstance(code, str) or len(code) > 4 * MAX_LINE_MOVES:
            raise ValueError("no code")
        if not number_in(moves, 0, MAX_SAVED_MOVES, whole=True) or not number_in(seconds, 0, MAX_SECONDS):
            raise ValueError("moves or seconds out of range")
        try:
            header: CodeHeader = decode_header(code)
        except ShareCodeError as e:
            raise ValueError(f"code: {e}") from None
        if header.move_count != (moves if moves <= MAX_LINE_MOVES else None):
            raise ValueError("the code's moves and the count differ")
        finished = _parse(datetime.fromisoformat, data.get("finished"))
        daily = None if data.get("daily") is None else _parse(date.fromisoformat, data["daily"])
        try:
            outcome = Outcome(data.get("result"))
        except ValueError:
            raise ValueError("unknown result") from None
        return cls(code, header.rules, header.seed, moves, finished, outcome, float(seconds), daily)


def _parse(parse: Any, text: Any) -> Any:
    """``parse(text)`` for an ISO date or time; ValueError for anything else."""
    if not isinstance(text, str) or len(text) > 40:
        raise ValueError("not a date")
    value = parse(text)
    if isinstance(value, datetime) and value.tzinfo is not None:
        raise ValueError("a date with a time zone")
    return value


class History:
    """The finished games, oldest first, at most ``HISTORY_LIMIT`` (the oldest go first)."""

    entries: list[HistoryEntry]
    limit: int

    def __init__(self, entries: Iterable[HistoryEntry] = (), limit: int = HISTORY_LIMIT) -> None:
        self.limit = limit
        self.entries = list(entries)[-limit:] if limit else []

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, History):
            return NotImplemented
        return self.entries == other.entries

    def __len__(self) -> int:
        return len(self.entries)

    def add(self, entry: HistoryEntry) -> None:
        """Keep a finished game (the oldest is forgotten when the history is full)."""
        self.entries.append(entry)
        del self.entries[:-self.limit]

    def latest(self, count: int | None = None, rules: Rules | None = None) -> list[HistoryEntry]:
        """The newest ``count`` entries (all: None), newest first; only those of ``rules`` if given."""
        found = [e for e in reversed(self.entries) if rules is None or e.rules == rules]
        return found if count is None else found[:count]

    def clear(self) -> None:
        """Forget every game."""
        self.entries.clear()

    def to_list(self) -> list[dict[str, Any]]:
        """The JSON-ready history."""
        return [e.to_dict() for e in self.entries]

    @classmethod
    def read(cls, raw: Any) -> tuple[History, int]:
        """The history from its JSON, keeping the sound entries, and how many were damaged.

        ValueError when it is not a list at all.
        """
        if not isinstance(raw, list):
            raise ValueError("the history is not a list")  # noqa: TRY004 - damage of any shape is a ValueError
        kept: list[HistoryEntry] = []
        damaged = 0
        for item in raw[-HISTORY_LIMIT:]:
            try:
                kept.append(HistoryEntry.from_dict(item))
            except ValueError:
                damaged += 1
        return cls(kept), damaged


def csv_rows(entries: Iterable[HistoryEntry]) -> Iterable[list[str]]:
    """The history as CSV rows, a header first (``CSV_COLUMNS``): plain data, the same in every language."""
    yield list(CSV_COLUMNS)
    for e in entries:
        try:
            line = " ".join(format_move(m) for m in e.line())
        except ShareCodeError:
            line = ""
        yield [e.finished.isoformat(sep=" "), e.rules.variant, _rules_words(e.rules), str(e.seed),
               "" if e.daily is None else e.daily.isoformat(), e.outcome.value, f"{e.seconds:.1f}",
               str(e.moves), e.code, line]


def _rules_words(rules: Rules) -> str:
    options = [name for name, on in (("any card in space", rules.any_card_in_space),
                                     ("no foundation return", not rules.foundation_return)) if on]
    return ", ".join(options) or "standard"


def write_csv(entries: Iterable[HistoryEntry], path: str | os.PathLike[str]) -> None:
    """Write the history to ``path`` as CSV (UTF-8), oldest game first; OSError if it cannot be written.

    The file is written whole or not at all: a temporary file beside it, then renamed.
    """
    target = Path(path)
    fd, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as f:
            csv.writer(f).writerows(csv_rows(entries))
        os.replace(temp, target)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
