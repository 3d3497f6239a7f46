"""The bookkeeping around a game: resume, autosave, statistics and sounds, in one place.

``Session`` is told what happens at the table (a move, undo or redo, a restart, a new deal,
a hint, a win, quitting) and does the rest: it saves the game after every change and on quit,
counts the game as played at its first move, records a loss when an unfinished counted
game is abandoned, keeps what helped the player (hints, the Demo's and Finish's moves: saved
with the game), records a win, clean or assisted, and words the news, notes each deal number
the table has had (``yukon.played``: New deal by level hands out only others), and plays the
matching sound. A game whose last move the Demo played is not the player's win: it counts as
a loss. It
never raises into the table: every file problem becomes a message for the player, each
said once. No drawing here; the sound board is passed in (any object with ``play(name)``).
"""

from __future__ import annotations

import os
from typing import Any, Protocol

from ..i18n import _
from ..played import load_played, save_played
from ..save import SavedGame, Store, clear_game, load_game, save_game
from ..settings import Settings, load_settings, save_settings
from ..state import Game, Undo
from ..stats import HELPS, STATS_FILE, Help, load_stats, save_stats
from .changes import PlayedBy

HELPS_KEY = "helps"  # the saved game's extra entry: what helped in it so far


class SoundPlayer(Protocol):
    """Anything that can play a named sound."""

    enabled: bool

    def set_enabled(self, enabled: bool) -> None:
        """Sound on or off (the setting)."""
        ...

    def play(self, name: str) -> bool:
        """Play the sound ``name``; True when it was started."""
        ...


class _Silent:
    """No sound at all (when the session is given no sound board)."""

    enabled = False

    def set_enabled(self, enabled: bool) -> None:
        """Sound stays off: there is none."""

    def play(self, name: str) -> bool:
        """Play a named sound; True when it was started."""
        return False


class Session:
    """Saved game, settings, statistics and sound for one run of the window."""

    def __init__(self, folder: str | os.PathLike[str] | None, sound: SoundPlayer | None = None,
                 background: bool = False) -> None:
        self.store = Store(folder)
        self.background = background  # autosaves go to the store's writer thread
        self.messages: list[str] = []  # for the table to show, oldest first; it pops them
        self.store.clean_temporary()  # left by a save that was killed halfway
        self.settings, problem = load_settings(self.store)
        self._tell(problem)
        self.stats, problem = load_stats(self.store)
        self._tell(problem)
        self.played, problem = load_played(self.store)  # the deal numbers this machine's table has had
        self._tell(problem)
        self.sound: SoundPlayer = sound if sound is not None else _Silent()
        self.sound.set_enabled(self.settings.sound)
        self.counted = False  # the game under way counts as played
        self.finished = False  # the game under way was won (no loss on leaving it)
        self.helps: set[Help] = set()  # what helped the player in the game under way (its win is assisted)
        self.news: list[str] = []  # how the last win counts and what it set, for the win message

    def _tell(self, message: str | None) -> None:
        if message:
            self.messages.append(message)

    def take_messages(self) -> list[str]:
        """The messages not yet shown, and forget them."""
        out, self.messages = self.messages, []
        return out

    def flush(self) -> None:
        """Wait for background saves to reach the disk (a failure becomes a message)."""
        self._tell(self.store.flush())

    # -- start and resume --------------------------------------------------------------
    def resume(self) -> SavedGame | None:
        """The saved game to continue, or None (a damaged save is reported and kept aside)."""
        result = load_game(self.store)
        if result.problem:
            if result.saved is None:
                # TRANSLATORS: {problem} says what is wrong with the saved game (it ends without a full stop).
                self._tell(_("{problem}. A new deal starts.").format(problem=result.problem))
            else:
                self._tell(result.problem)
        if result.saved is None:
            return None
        saved = result.saved
        if saved.game.position.is_won():
            clear_game(self.store)
            return None
        self.counted = saved.counted
        self.finished = False
        kept = saved.extra.get(HELPS_KEY, [])
        self.helps = {h for h in HELPS if isinstance(kept, list) and h in kept}
        self._note_played(saved.game)
        return saved

    def save(self, game: Game, elapsed: float, extra: dict[str, Any] | None = None,
             later: bool | None = None) -> None:
        """Save the game in progress (a won game leaves nothing to resume)."""
        if game.position.is_won():
            clear_game(self.store)
            return
        later = self.background if later is None else later
        extra = {**(extra or {}), HELPS_KEY: sorted(self.helps)} if self.helps else extra
        self._tell(save_game(self.store, game, elapsed, self.counted, extra, later=later))

    def _save_stats(self) -> None:
        if self.background:
            self._tell(self.store.write_later(STATS_FILE, self.stats.to_dict()))
        else:
            self._tell(save_stats(self.store, self.stats))

    # -- what happens at the table -----------------------------------------------------
    def moved(self, game: Game, undo: Undo | None, elapsed: float, kind: str = "move",
              by: PlayedBy | None = None) -> list[str]:
        """A move (kind ``move``; ``by`` the Demo or Finish when not the player), an undo or a redo
        was made; returns the win news, if it won."""
        if kind == "move" and by is not None:
            self.helps.add("demo" if by == "Demo" else "finish")
        if kind == "move" and not self.counted and game.seed is not None:
            self.counted = True
            self.stats.count_played(game.rules)
            self._save_stats()
        if undo is not None:
            if undo.move.to_foundation and kind != "undo":
                self.sound.play("home")
            else:
                self.sound.play("slide")
            if undo.flipped:
                self.sound.play("flip")
        if game.position.is_won() and not self.finished:
            return self.won(game, elapsed, by)
        self.save(game, elapsed)
        return []

    def hinted(self, game: Game, elapsed: float) -> None:
        """A hint was shown for the game under way: a win of it is an assisted one (kept with the game)."""
        if "hint" not in self.helps and not self.finished:
            self.helps.add("hint")
            self.save(game, elapsed)

    def won(self, game: Game, elapsed: float, by: PlayedBy | None = None) -> list[str]:
        """The game is won (``by``: who played the last move, when not the player): record it, play
        the fanfare, forget the save; returns the news."""
        self.finished = True
        if by == "Demo":
            # The Demo's win is not the player's: counted as played and not won, the streak ends.
            if game.seed is not None:
                if not self.counted:
                    self.stats.count_played(game.rules)
                self.counted = True
                self.stats.record_loss(game.rules)
                self._save_stats()
            self.news = [_("The demo finished this game, so it does not count as your win.")]
        elif game.seed is not None:  # a prepared position sets no records
            self.news = self.stats.record_win(game.rules, elapsed, len(game.history), self.counted,
                                              frozenset(self.helps))
            self.counted = True
            self._save_stats()
        else:
            self.news = []
        clear_game(self.store)
        self.sound.play("win")
        return self.news

    def restarted(self, game: Game, elapsed: float) -> None:
        """Restart deal: the same attempt goes on (no loss, not a new game; the clock runs on)."""
        self.save(game, elapsed)

    def leaving(self, game: Game | None) -> None:
        """The game under way is being replaced (new deal, another deal, other rules)."""
        if game is not None and self.counted and not self.finished:
            self.stats.record_loss(game.rules)
            self._save_stats()
        self.counted = False
        self.finished = False
        self.helps = set()
        self.news = []

    def started(self, game: Game) -> None:
        """A fresh game is on the table: save it so a quit right now still resumes it."""
        self.counted = False
        self.finished = False
        self.helps = set()
        self.save(game, 0.0, later=False)  # not in a slide's way, and a failure is told at once
        self._note_played(game)

    def _note_played(self, game: Game) -> None:
        """The deal of ``game`` has been on the table: New deal by level never hands it out."""
        if game.seed is not None and self.played.add(game.seed):
            self._tell(save_played(self.store, self.played, later=self.background))

    def under_way(self, game: Game | None) -> bool:
        """Would replacing this game lose something (moves made, not won)?"""
        return game is not None and bool(game.history or self.counted) and not self.finished

    def quitting(self, game: Game | None, elapsed: float) -> None:
        """The window closes: keep the game for next time (quitting is not a loss)."""
        if game is not None and not self.finished:
            self.save(game, elapsed)
        self._tell(save_settings(self.store, self.settings))
        self.flush()

    # -- settings and statistics -------------------------------------------------------
    def change_settings(self, settings: Settings) -> None:
        """Take new settings and keep them."""
        self.settings = settings
        self.sound.set_enabled(settings.sound)
        self._tell(save_settings(self.store, settings))

    def reset_stats(self) -> None:
        """Forget every statistic and keep that."""
        self.stats.reset()
        self._tell(save_stats(self.store, self.stats))
