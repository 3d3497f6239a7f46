"""The game in progress kept between runs, and the robust JSON files it shares with settings and statistics.

A saved game is the deal number (or the start position's text when the game did not come
from a deal), the rules, every move made as move text, the redo list, the elapsed time and
a version number. Replaying the moves rebuilds the exact history, so undo still works after
a resume, and a move that is illegal from its deal exposes a damaged file.

``Store`` reads and writes the JSON files in the user's data folder (the caller passes
it in; the window takes it from pygame, this module stays pure). Writes are atomic (a
temporary file in the same folder, then ``os.replace``). A file that cannot be read is
never an exception for the caller: the result says what was wrong, and the file is moved
aside under a new name rather than deleted. A folder that cannot be written makes ``write``
return a message for the player the first time only; the game goes on.
"""

from __future__ import annotations

import json
import math
import os
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .cards import MAX_SEED
from .help_text import atomic_write_text
from .notation import MoveTextError, PositionError, format_move, format_position, parse_move, parse_position
from .rules import VARIANTS, Rules
from .state import Game, Position

SAVE_VERSION = 1
GAME_FILE = "game.json"
MAX_FILE_BYTES = 8 * 1024 * 1024  # a real save is a few kilobytes; never read a giant into memory


class BrokenFile(ValueError):
    """A stored file whose content cannot be used; ``str()`` says why, for the player."""


@dataclass
class ReadResult:
    """What ``Store.read`` found: data, or nothing, or a problem (and where the file went)."""

    data: dict[str, Any] | None = None
    problem: str | None = None  # None when the file was fine or simply absent
    moved_to: Path | None = None

    @property
    def missing(self) -> bool:
        """No file and no problem: a first run."""
        return self.data is None and self.problem is None


class Store:
    """JSON files in one data folder: atomic writes, safe reads, broken files kept aside."""

    def __init__(self, folder: str | os.PathLike[str] | None) -> None:
        self.folder: Path | None = Path(folder) if folder else None
        self.write_failed = False  # set after the first failed write; later failures are quiet
        self.last_error: str | None = None
        self._pending: dict[str, str] = {}  # name -> JSON text waiting for the writer thread
        self._lock = threading.Condition()
        self._writer: threading.Thread | None = None
        self._busy = False
        self._unreported: str | None = None  # a background failure not yet told

    def path(self, name: str) -> Path | None:
        """Where the file ``name`` lives, or None without a data folder."""
        return self.folder / name if self.folder is not None else None

    def write(self, name: str, data: dict[str, Any]) -> str | None:
        """Write ``data`` as JSON atomically; returns a message for the player on the first failure only."""
        try:
            text = json.dumps(data, indent=1, sort_keys=True) + "\n"
        except (TypeError, ValueError) as e:
            return self._failed(e)
        self.flush()  # an older background write of the same file must not land after this one
        return self._write_text(name, text)

    def _write_text(self, name: str, text: str) -> str | None:
        try:
            if self.folder is None:
                raise OSError("no data folder could be made")
            self.folder.mkdir(parents=True, exist_ok=True)
            atomic_write_text(self.folder / name, text)
        except OSError as e:
            return self._failed(e)
        return None

    def _failed(self, e: Exception) -> str | None:
        self.last_error = getattr(e, "strerror", None) or str(e)
        if self.write_failed:
            return None
        self.write_failed = True
        return f"Cannot save to the data folder ({self.last_error}); the game goes on without saving."

    def write_later(self, name: str, data: dict[str, Any]) -> str | None:
        """Like ``write``, but the disk work happens on a writer thread (a save after every
        move would otherwise hold up the slide that starts with it: the rename and the
        flush to disk take milliseconds). Only the newest data per file is written. A
        failure is returned (once) by a later call, or by ``flush``."""
        try:
            text = json.dumps(data, indent=1, sort_keys=True) + "\n"
        except (TypeError, ValueError) as e:
            return self._failed(e)
        with self._lock:
            self._pending[name] = text
            if self._writer is None or not self._writer.is_alive():
                self._writer = threading.Thread(target=self._write_pending, name="yukon-save", daemon=True)
                self._writer.start()
            self._lock.notify_all()
            told, self._unreported = self._unreported, None
        return told

    def _write_pending(self) -> None:
        while True:
            with self._lock:
                if not self._pending:
                    self._busy = False
                    self._lock.notify_all()
                    if not self._lock.wait(timeout=5.0) and not self._pending:
                        self._writer = None
                        return
                    continue
                name, text = next(iter(self._pending.items()))
                del self._pending[name]
                self._busy = True
            message = self._write_text(name, text)
            if message:
                with self._lock:
                    self._unreported = message

    def flush(self) -> str | None:
        """Wait until every background write is on disk; returns an untold failure, if any."""
        with self._lock:
            while self._pending or self._busy:
                if self._writer is None or not self._writer.is_alive():
                    break
                self._lock.wait(timeout=1.0)
            told, self._unreported = self._unreported, None
        return told

    def read(self, name: str, label: str | None = None) -> ReadResult:
        """Read a JSON object; a broken file is moved aside and reported, never raised.

        ``label`` names the file for the player in a problem ("The saved game").
        """
        label = label or name
        path = self.path(name)
        if path is None:
            return ReadResult()
        try:
            if path.stat().st_size > MAX_FILE_BYTES:
                return self.reject(name, f"{label} is damaged (far too big)")
            raw = path.read_bytes()
        except (FileNotFoundError, NotADirectoryError):
            return ReadResult()
        except OSError as e:
            return ReadResult(problem=f"{label} could not be read ({e.strerror or e})")
        try:
            data = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, ValueError, RecursionError):
            return self.reject(name, f"{label} is damaged (not readable JSON)")
        if not isinstance(data, dict):
            return self.reject(name, f"{label} is damaged (not a JSON object)")
        version = data.get("version")
        if not isinstance(version, int) or isinstance(version, bool) or version < 1:
            return self.reject(name, f"{label} is damaged (no version number)")
        if version > SAVE_VERSION:
            return self.reject(name, f"{label} comes from a newer version of the game")
        return ReadResult(data=data)

    def reject(self, name: str, problem: str) -> ReadResult:
        """Move the file ``name`` aside and return the problem with the new path."""
        moved = self.move_aside(name)
        if moved is not None:
            problem += f"; it was kept as {moved.name}"
        return ReadResult(problem=problem, moved_to=moved)

    def move_aside(self, name: str) -> Path | None:
        """Rename a bad file to a fresh ``name.broken-<time>[-n]``; None if it cannot be moved."""
        path = self.path(name)
        if path is None or not path.exists():
            return None
        stamp = time.strftime("%Y%m%d-%H%M%S")
        for n in range(1000):
            target = path.with_name(f"{path.name}.broken-{stamp}" + (f"-{n}" if n else ""))
            if not target.exists():
                try:
                    os.replace(path, target)
                except OSError:
                    return None
                return target
        return None

    def remove(self, name: str) -> None:
        """Delete the file ``name`` if it is there (a finished game needs no resume)."""
        with self._lock:
            self._pending.pop(name, None)  # a queued save must not bring the file back
        self.flush()
        path = self.path(name)
        if path is not None:
            try:
                path.unlink()
            except OSError:
                pass


# -- the game in progress ---------------------------------------------------------------
@dataclass
class SavedGame:
    """A game rebuilt from its save, with what the window keeps beside it."""

    game: Game
    elapsed: float = 0.0
    counted: bool = False  # the statistics already count this game as played
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass
class LoadResult:
    """The outcome of loading the saved game: a game, nothing, or a problem to tell."""

    saved: SavedGame | None = None
    problem: str | None = None
    moved_to: Path | None = None


def game_to_dict(game: Game, elapsed: float = 0.0, counted: bool = False,
                 extra: dict[str, Any] | None = None) -> dict[str, Any]:
    """The JSON-ready record of a game in progress."""
    rules = game.rules
    data: dict[str, Any] = {
        "version": SAVE_VERSION,
        "seed": game.seed,
        "start": None if game.seed is not None else format_position(game.start),
        "variant": rules.variant,
        "any_card_in_space": rules.any_card_in_space,
        "foundation_return": rules.foundation_return,
        "moves": [format_move(m) for m in game.moves_made],
        "redo": [format_move(m) for m in game.redo_stack],
        "elapsed": round(max(0.0, float(elapsed)), 3),
        "counted": bool(counted),
        "extra": dict(extra or {}),
    }
    return data


def _need(data: dict[str, Any], key: str, kind: type | tuple[type, ...], default: Any = ...) -> Any:
    if key not in data:
        if default is ...:
            raise BrokenFile(f"'{key}' is missing")
        return default
    value = data[key]
    if isinstance(value, bool) and bool not in (kind if isinstance(kind, tuple) else (kind,)):
        raise BrokenFile(f"'{key}' has the wrong type")
    if not isinstance(value, kind):
        raise BrokenFile(f"'{key}' has the wrong type")
    return value


def game_from_dict(data: dict[str, Any]) -> SavedGame:
    """Rebuild a game by replaying its moves; raises BrokenFile saying what is wrong."""
    variant = _need(data, "variant", str)
    if variant not in VARIANTS:
        raise BrokenFile(f"unknown game {variant!r}")
    rules = Rules(variant, _need(data, "any_card_in_space", bool), _need(data, "foundation_return", bool))
    seed = _need(data, "seed", (int, type(None)))
    start_text = _need(data, "start", (str, type(None)), None)
    if seed is not None:
        if not 0 <= seed <= MAX_SEED:
            raise BrokenFile("the deal number is out of range")
        game = Game(Position.deal(seed, rules), seed)
    elif start_text is not None:
        try:
            start = parse_position(start_text, rules.any_card_in_space, rules.foundation_return)
        except PositionError as e:
            raise BrokenFile(f"the start position is damaged ({e})") from None
        if start.rules.variant != variant:
            raise BrokenFile("the start position names another game")
        game = Game(start, None)
    else:
        raise BrokenFile("neither a deal number nor a start position")
    moves = _need(data, "moves", list)
    redo = _need(data, "redo", list, [])
    for i, text in enumerate(moves + redo):
        if not isinstance(text, str):
            raise BrokenFile(f"move {i + 1} is not move text")
    try:
        for i, text in enumerate(moves):
            game.play(parse_move(text))  # checked: an illegal move means a damaged file
        if redo:
            probe = game.position.copy()
            for text in reversed(redo):
                probe.play(parse_move(text))
            game.redo_stack[:] = [parse_move(t) for t in redo]
    except (MoveTextError, ValueError) as e:
        raise BrokenFile(f"the moves do not fit the deal ({e})") from None
    elapsed = _need(data, "elapsed", (int, float), 0.0)
    if not math.isfinite(elapsed) or elapsed < 0:
        raise BrokenFile("the elapsed time is not a time")
    counted = _need(data, "counted", bool, False)
    extra = _need(data, "extra", dict, {})
    return SavedGame(game, float(elapsed), counted, extra)


def save_game(store: Store, game: Game, elapsed: float = 0.0, counted: bool = False,
              extra: dict[str, Any] | None = None, later: bool = False) -> str | None:
    """Save the game in progress (``later``: on the store's writer thread); a message for
    the player on the first failure only."""
    data = game_to_dict(game, elapsed, counted, extra)
    return store.write_later(GAME_FILE, data) if later else store.write(GAME_FILE, data)


def load_game(store: Store) -> LoadResult:
    """Load the saved game; a broken save is moved aside and reported, never raised."""
    found = store.read(GAME_FILE, "The saved game")
    if found.data is None:
        return LoadResult(problem=found.problem, moved_to=found.moved_to)
    try:
        saved = game_from_dict(found.data)
    except BrokenFile as e:
        result = store.reject(GAME_FILE, f"The saved game could not be resumed: {e}")
        return LoadResult(problem=result.problem, moved_to=result.moved_to)
    except Exception as e:  # noqa: BLE001 - a save must never stop the game
        result = store.reject(GAME_FILE, f"The saved game could not be resumed ({type(e).__name__})")
        return LoadResult(problem=result.problem, moved_to=result.moved_to)
    return LoadResult(saved=saved)


def clear_game(store: Store) -> None:
    """Forget the saved game (after a win, nothing is left to resume)."""
    store.remove(GAME_FILE)
