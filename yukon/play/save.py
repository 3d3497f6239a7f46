"""The game in progress kept between runs, and the robust JSON files it shares with settings and statistics.

A saved game is the deal number (or the start position's text when the game did not come
from a deal), the rules, every move made as move text, the redo list, the elapsed time and
a version number. Replaying the moves rebuilds the exact history, so undo still works after
a resume, and a move that is illegal from its deal exposes a damaged file.

``Store`` reads and writes the JSON files in the user's data folder (the caller passes
it in; the window takes it from pygame, this module stays pure). Writes are atomic (a
temporary file in the same folder, then ``os.replace``). A file that cannot be read is
never an exception for the caller: the result says what was wrong, and the file is moved
aside under a new name rather than deleted. A file that is there but cannot be read (no
permission, a folder or a named pipe in its place) is moved aside too; when even that fails
it is left alone and never written over for the rest of the run. Only regular files are
opened, so nothing in the folder can make a read wait forever. Every number read is checked
against the range a game can reach. A folder that cannot be written makes ``write``
return a message for the player the first time only; the game goes on.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import stat
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..core.cards import MAX_SEED
from ..core.notation import MoveTextError, PositionError, format_move, format_position, parse_move, parse_position
from ..core.rules import VARIANTS, Rules
from ..core.state import Game, IllegalMove, Position
from ..text.i18n import N_, _, ngettext
from ..text.words import refusal

SAVE_VERSION = 1
GAME_FILE = "game.json"
GAME_LABEL = "The saved game"  # its name for the player: a key of FILE_FAULTS
TIME_PLAYED = "time"  # a part of a save that can be dropped (SavedGame.dropped)
# What the player is told when a part of the save had to be dropped, one sentence per part.
DROPPED: dict[str, str] = {
    TIME_PLAYED: N_("The saved game is resumed, but the time played could not be read and starts again"),
}
MAX_FILE_BYTES = 2 * 1024 * 1024  # a real save is a few kilobytes; never read a giant into memory
# A won game takes a few hundred moves even with many taken back; a history longer than this
# comes from a damaged file (or endless back and forth) and is refused rather than replayed.
MAX_SAVED_MOVES = 10_000
MAX_SECONDS = 1000 * 3600  # the longest time a clock or a record may hold (1000 hours)
STALE_TEMP_SECONDS = 600.0  # a temporary file this old was left by a save that was killed
# ``atomic_write_text`` names its temporary files ``.<name>.<8 random characters>.tmp``.
_TEMP_NAME = re.compile(r"\..+\.[a-z0-9_]{8}\.tmp")
if sys.platform == "win32":
    _OPEN_FLAGS = os.O_RDONLY | os.O_BINARY
else:
    _OPEN_FLAGS = os.O_RDONLY | os.O_NONBLOCK  # belt and braces: a named pipe must not hold up the open


# What a player is told about a file that cannot be read: one whole sentence per file and
# fault, so each language can make the verb agree with the file's name. ``Store.read``
# takes the file's label (the first key); a file with no sentences of its own is named by
# its file name ({file}). {why} is a short reason in brackets, {error} the system's own.
FILE_FAULTS: dict[str, dict[str, str]] = {
    "The saved game": {
        "not_file": N_("The saved game is not a file"),
        "damaged": N_("The saved game is damaged ({why})"),
        "unreadable": N_("The saved game could not be read ({error})"),
        "newer": N_("The saved game comes from a newer version of the game"),
    },
    "The settings file": {
        "not_file": N_("The settings file is not a file"),
        "damaged": N_("The settings file is damaged ({why})"),
        "unreadable": N_("The settings file could not be read ({error})"),
        "newer": N_("The settings file comes from a newer version of the game"),
    },
    "The statistics file": {
        "not_file": N_("The statistics file is not a file"),
        "damaged": N_("The statistics file is damaged ({why})"),
        "unreadable": N_("The statistics file could not be read ({error})"),
        "newer": N_("The statistics file comes from a newer version of the game"),
    },
}
_ANY_FILE_FAULTS: dict[str, str] = {
    # TRANSLATORS: {file} is a file's name, such as game.json.
    "not_file": N_("{file} is not a file"),
    "damaged": N_("{file} is damaged ({why})"),
    "unreadable": N_("{file} could not be read ({error})"),
    "newer": N_("{file} comes from a newer version of the game"),
}


def atomic_write_text(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file in the same folder and a rename.

    A reader never sees half a file; on any failure the temporary file is removed and
    the OSError is raised to the caller.
    """
    path = Path(path)
    fd, tmp = tempfile.mkstemp(prefix="." + path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def file_fault(label: str, fault: str, why: str = "", error: str = "") -> str:
    """The sentence telling the player that the file ``label`` has ``fault``, in their language.

    ``label`` is a key of FILE_FAULTS ("The saved game") or a file name; ``fault`` is
    ``not_file``, ``damaged`` (with ``why``), ``unreadable`` (with ``error``) or ``newer``.
    """
    sentences = FILE_FAULTS.get(label, _ANY_FILE_FAULTS)
    return _(sentences[fault]).format(file=label, why=why, error=error)


def kept_as(problem: str, copy: str) -> str:
    """``problem`` (a sentence about a file) and that the file was kept under the name ``copy``."""
    # TRANSLATORS: {problem} is a sentence such as "The saved game is damaged (not readable JSON)",
    # {copy} the new name of the damaged file, such as game.json.broken-20260101-120000.
    return _("{problem}; it was kept as {copy}").format(problem=problem, copy=copy)


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
        # Files that could not be read nor moved aside: never written over (nor removed) this run.
        self.protected: set[str] = set()
        self._refused: set[str] = set()  # names whose refused write was already told

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
        if name in self.protected:
            return None  # the player was told when it could not be read
        try:
            if self.folder is None:
                raise OSError(_("no data folder could be made"))
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
        # TRANSLATORS: {error} is the system's reason, e.g. "Permission denied" (often in English).
        return _("Cannot save to the data folder ({error}); the game goes on without saving.").format(
            error=self.last_error)

    def refuse(self, name: str, message: str) -> str | None:
        """A write of ``name`` that must not happen: ``message`` for the player, the first time only."""
        if name in self._refused:
            return None
        self._refused.add(name)
        return message

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

    def read(self, name: str, label: str | None = None, newest: int = SAVE_VERSION) -> ReadResult:
        """Read a JSON object; a broken file is moved aside and reported, never raised.

        ``label`` names the file for the player in a problem: a key of FILE_FAULTS
        ("The saved game"), else the file's name is used. ``newest`` is the highest version
        number this program writes for the file: a higher one comes from a newer version.
        """
        label = label or name
        path = self.path(name)
        if path is None:
            return ReadResult()
        try:
            raw = _read_regular(path)
        except (FileNotFoundError, NotADirectoryError):
            return ReadResult()
        except _NotAFile:
            return self.unreadable(name, file_fault(label, "not_file"))
        except _TooBig:
            # TRANSLATORS: why a file is damaged, shown in brackets after "is damaged".
            return self.reject(name, file_fault(label, "damaged", why=_("far too big")))
        except OSError as e:
            return self.unreadable(name, file_fault(label, "unreadable", error=str(e.strerror or e)))
        try:
            data = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, ValueError, RecursionError):
            # TRANSLATORS: why a file is damaged, shown in brackets after "is damaged".
            return self.reject(name, file_fault(label, "damaged", why=_("not readable JSON")))
        if not isinstance(data, dict):
            # TRANSLATORS: why a file is damaged, shown in brackets after "is damaged".
            return self.reject(name, file_fault(label, "damaged", why=_("not a JSON object")))
        version = data.get("version")
        if not isinstance(version, int) or isinstance(version, bool) or version < 1:
            # TRANSLATORS: why a file is damaged, shown in brackets after "is damaged".
            return self.reject(name, file_fault(label, "damaged", why=_("no version number")))
        if version > newest:
            return self.reject(name, file_fault(label, "newer"))
        return ReadResult(data=data)

    def unreadable(self, name: str, problem: str) -> ReadResult:
        """A file that is there but cannot be read: move it aside, or else never write over it."""
        moved = self.move_aside(name)
        if moved is not None:
            return ReadResult(problem=kept_as(problem, moved.name), moved_to=moved)
        self.protected.add(name)
        # TRANSLATORS: {problem} is a sentence such as "The saved game could not be read (Permission denied)".
        left = _("{problem}; it is left as it is and nothing is saved over it this time")
        return ReadResult(problem=left.format(problem=problem))

    def keep_copy(self, name: str) -> Path | None:
        """Copy the file ``name`` aside (before a partly damaged file is written again).

        When no copy can be made the file is protected instead: never written over this run.
        """
        path = self.path(name)
        if path is None:
            return None
        for target in _aside_names(path):
            if not target.exists():
                try:
                    shutil.copyfile(path, target)
                except OSError:
                    break
                return target
        self.protected.add(name)
        return None

    def clean_temporary(self, now: float | None = None) -> list[str]:
        """Remove temporary files that a killed save left behind; returns their names.

        Only our own naming and only old ones: another window may be saving right now.
        """
        if self.folder is None:
            return []
        now = time.time() if now is None else now
        removed: list[str] = []
        try:
            entries = list(os.scandir(self.folder))
        except OSError:
            return []
        for entry in entries:
            if not _TEMP_NAME.fullmatch(entry.name):
                continue
            try:
                if entry.is_file(follow_symlinks=False) and now - entry.stat().st_mtime > STALE_TEMP_SECONDS:
                    os.unlink(entry.path)
                    removed.append(entry.name)
            except OSError:
                pass
        return removed

    def reject(self, name: str, problem: str) -> ReadResult:
        """Move the file ``name`` aside and return the problem with the new path."""
        moved = self.move_aside(name)
        if moved is not None:
            problem = kept_as(problem, moved.name)
        return ReadResult(problem=problem, moved_to=moved)

    def move_aside(self, name: str) -> Path | None:
        """Rename a bad file to a fresh ``name.broken-<time>[-n]``; None if it cannot be moved."""
        path = self.path(name)
        if path is None or not os.path.lexists(path):
            return None
        for target in _aside_names(path):
            if not os.path.lexists(target):
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
        if path is not None and name not in self.protected:
            try:
                path.unlink()
            except OSError:
                pass


class _NotAFile(OSError):
    """The name is taken by a folder, a named pipe or a device."""


class _TooBig(OSError):
    """The file is larger than any file of ours can be."""


def _read_regular(path: Path) -> bytes:
    """The bytes of ``path``, opened only if it is a regular file of a sane size."""
    if not stat.S_ISREG(os.stat(path).st_mode):
        raise _NotAFile()  # checked before opening: opening a named pipe waits for a writer
    fd = os.open(path, _OPEN_FLAGS)
    with os.fdopen(fd, "rb") as f:
        st = os.fstat(f.fileno())
        if not stat.S_ISREG(st.st_mode):  # swapped between the two looks
            raise _NotAFile()
        if st.st_size > MAX_FILE_BYTES:
            raise _TooBig()
        raw = f.read(MAX_FILE_BYTES + 1)
    if len(raw) > MAX_FILE_BYTES:
        raise _TooBig()
    return raw


def _aside_names(path: Path) -> list[Path]:
    """Fresh names to keep a bad file under: ``name.broken-<time>[-n]``."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    return [path.with_name(f"{path.name}.broken-{stamp}" + (f"-{n}" if n else "")) for n in range(1000)]


def number_in(value: Any, low: float, high: float, whole: bool = False) -> bool:
    """Is ``value`` a JSON number (not a bool) from ``low`` to ``high``? ``whole``: an int only.

    Never converts: a 400-digit integer is compared as it is, NaN fails every comparison.
    """
    if isinstance(value, bool) or not isinstance(value, int if whole else (int, float)):
        return False
    return low <= value <= high


# -- the game in progress ---------------------------------------------------------------
@dataclass
class SavedGame:
    """A game rebuilt from its save, with what the window keeps beside it."""

    game: Game
    elapsed: float = 0.0
    counted: bool = False  # the statistics already count this game as played
    extra: dict[str, Any] = field(default_factory=dict)
    dropped: list[str] = field(default_factory=list)  # fields that were unusable and set to their default


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
        "elapsed": round(min(max(0.0, float(elapsed)), MAX_SECONDS), 3),
        "counted": bool(counted),
        "extra": dict(extra or {}),
    }
    return data


def _need(data: dict[str, Any], key: str, kind: type | tuple[type, ...], default: Any = ...) -> Any:
    if key not in data:
        if default is ...:
            # TRANSLATORS: why a saved game cannot be resumed; {entry} is the name of an entry in the file.
            raise BrokenFile(_("'{entry}' is missing").format(entry=key))
        return default
    value = data[key]
    if isinstance(value, bool) and bool not in (kind if isinstance(kind, tuple) else (kind,)):
        raise BrokenFile(_("'{entry}' has the wrong type").format(entry=key))
    if not isinstance(value, kind):
        # TRANSLATORS: why a saved game cannot be resumed; {entry} is the name of an entry in the file.
        raise BrokenFile(_("'{entry}' has the wrong type").format(entry=key))
    return value


def game_from_dict(data: dict[str, Any]) -> SavedGame:
    """Rebuild a game by replaying its moves; raises BrokenFile saying what is wrong."""
    variant = _need(data, "variant", str)
    if variant not in VARIANTS:
        # TRANSLATORS: why a saved game cannot be resumed; {name} is the game's name in the file, quoted.
        raise BrokenFile(_("unknown game {name}").format(name=repr(variant)))
    rules = Rules(variant, _need(data, "any_card_in_space", bool), _need(data, "foundation_return", bool))
    seed = _need(data, "seed", (int, type(None)))
    start_text = _need(data, "start", (str, type(None)), None)
    if seed is not None:
        if not 0 <= seed <= MAX_SEED:
            raise BrokenFile(_("the deal number is out of range"))
        game = Game(Position.deal(seed, rules), seed)
    elif start_text is not None:
        try:
            start = parse_position(start_text, rules.any_card_in_space, rules.foundation_return)
        except PositionError as e:
            # TRANSLATORS: why a saved game cannot be resumed; {error} says where the position text is wrong.
            raise BrokenFile(_("the start position is damaged ({error})").format(error=e)) from None
        if start.rules.variant != variant:
            raise BrokenFile(_("the start position names another game"))
        game = Game(start, None)
    else:
        raise BrokenFile(_("neither a deal number nor a start position"))
    moves = _need(data, "moves", list)
    redo = _need(data, "redo", list, [])
    if len(moves) + len(redo) > MAX_SAVED_MOVES:
        # TRANSLATORS: why a saved game cannot be resumed; {n} is more than {most}, both numbers of moves.
        raise BrokenFile(ngettext("it holds {n} move, more than a game can need (at most {most} are kept)",
                                  "it holds {n} moves, more than a game can need (at most {most} are kept)",
                                  len(moves) + len(redo)).format(n=len(moves) + len(redo), most=MAX_SAVED_MOVES))
    for i, text in enumerate(moves + redo):
        if not isinstance(text, str):
            # TRANSLATORS: why a saved game cannot be resumed; {number} counts the moves from 1.
            raise BrokenFile(_("move {number} is not move text").format(number=i + 1))
    try:
        for i, text in enumerate(moves):
            game.play(parse_move(text))  # checked: an illegal move means a damaged file
        if redo:
            probe = game.position.copy()
            for text in reversed(redo):
                probe.play(parse_move(text))
            game.redo_stack[:] = [parse_move(t) for t in redo]
    except (MoveTextError, ValueError) as e:
        error = refusal(e.illegal) if isinstance(e, IllegalMove) else str(e)
        # TRANSLATORS: why a saved game cannot be resumed; {error} is the first move refused and why.
        raise BrokenFile(_("the moves do not fit the deal ({error})").format(error=error)) from None
    dropped: list[str] = []
    elapsed = data.get("elapsed", 0.0)
    if not number_in(elapsed, 0, MAX_SECONDS):
        elapsed = 0.0  # the clock starts again; the moves are what matter
        dropped.append(TIME_PLAYED)
    counted = _need(data, "counted", bool, False)
    extra = _need(data, "extra", dict, {})
    return SavedGame(game, float(elapsed), counted, extra, dropped)


def save_game(store: Store, game: Game, elapsed: float = 0.0, counted: bool = False,
              extra: dict[str, Any] | None = None, later: bool = False) -> str | None:
    """Save the game in progress (``later``: on the store's writer thread); a message for
    the player on the first failure only.

    A history longer than a save may hold (see ``MAX_SAVED_MOVES``) drops the far end of
    the redo list first; a game whose moves alone are too many is not saved (the last save
    that fitted is kept, and the player is told once).
    """
    data = game_to_dict(game, elapsed, counted, extra)
    room = MAX_SAVED_MOVES - len(data["moves"])
    if room < 0:
        too_long = ngettext("This game is too long to save (more than {n} move); the last save is kept",
                            "This game is too long to save (more than {n} moves); the last save is kept",
                            MAX_SAVED_MOVES)
        return store.refuse(GAME_FILE, too_long.format(n=MAX_SAVED_MOVES))
    if len(data["redo"]) > room:
        data["redo"] = data["redo"][len(data["redo"]) - room:]  # the next redo is the last one
    return store.write_later(GAME_FILE, data) if later else store.write(GAME_FILE, data)


def load_game(store: Store) -> LoadResult:
    """Load the saved game; a broken save is moved aside and reported, never raised."""
    found = store.read(GAME_FILE, GAME_LABEL)
    if found.data is None:
        return LoadResult(problem=found.problem, moved_to=found.moved_to)
    try:
        saved = game_from_dict(found.data)
    except BrokenFile as e:
        # TRANSLATORS: {reason} says what is wrong in the file, e.g. "the deal number is out of range".
        result = store.reject(GAME_FILE, _("The saved game could not be resumed: {reason}").format(reason=e))
        return LoadResult(problem=result.problem, moved_to=result.moved_to)
    except Exception as e:  # noqa: BLE001 - a save must never stop the game
        # TRANSLATORS: {error} is the name of a program error, such as KeyError.
        result = store.reject(GAME_FILE, _("The saved game could not be resumed ({error})").format(
            error=type(e).__name__))
        return LoadResult(problem=result.problem, moved_to=result.moved_to)
    if saved.dropped:
        return LoadResult(saved=saved, problem=" ".join(_(DROPPED[d]) for d in saved.dropped))
    return LoadResult(saved=saved)


def clear_game(store: Store) -> None:
    """Forget the saved game (after a win, nothing is left to resume)."""
    store.remove(GAME_FILE)
