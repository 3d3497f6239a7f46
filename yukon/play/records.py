"""The bookkeeping around the table's game: resume, autosave, settings and statistics, in one place.

``Records`` follows the main table's session (``follow``: it hears every event before the
window does) and does the rest: it saves the game after every change and on quit, counts the
game as played at its first move, records a loss when an unfinished counted game is
abandoned, keeps what helped the player (hints shown, the Demo's and Finish's moves: saved
with the game), records a win, clean or assisted, and words the news, and notes each deal
number the table has had (``yukon.play.played``: New deal by level hands out only others). A game
whose last move the Demo played is not the player's win: it counts as a loss. Every counted dealt
game that ends (won clean or assisted, lost, or abandoned for another deal) goes into the history
of finished games with its moves (``Statistics.record_finished``); a deal of the day (``daily``,
kept with the saved game) also fills the calendar. It never raises
into the table: every file problem becomes a message for the player, each said once. No
drawing and no sound.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from datetime import date, datetime
from typing import Any

from ..core.state import Game, Undo
from ..text.i18n import _, full_stop, join_sentences
from .events import Actor, Dealt, Event, HintShown, Moved, Redone, Restarted, Stuck, Tone, Undone, Won
from .history import HistoryEntry, Outcome
from .played import PlayedDeals, load_played, save_played
from .save import SavedGame, Store, clear_game, load_game, save_game
from .session import TableSession
from .settings import Settings, load_settings, save_settings
from .stats import HELPS, STATS_FILE, Help, Statistics, load_stats, save_stats

NOTICE_TIME = 8.0  # seconds a file problem stays on show
HELPS_KEY = "helps"  # the saved game's extra entry: what helped in it so far
HINTS_KEY = "hints"  # the saved game's extra entry: how many hints it has used
MAX_HINTS = 10**6
DAILY_KEY = "daily"  # the saved game's extra entry: the day whose deal of the day it is (ISO date)
BEGUN_KEY = "begun"  # the saved game's extra entry: the date it was begun (ISO date)
HELPED_BY: dict[Actor, Help] = {Actor.DEMO: "demo", Actor.FINISH: "finish"}  # moves made for the player


class Records:
    """The saved game, the settings and the statistics of one run of the window."""

    store: Store
    background: bool  # autosaves go to the store's writer thread
    messages: list[str]  # for the table to show, oldest first (``take_messages``)
    settings: Settings
    stats: Statistics
    played: PlayedDeals  # the deal numbers this machine's table has had
    counted: bool  # the game under way counts as played
    finished: bool  # the game under way was won (no loss on leaving it)
    helps: set[Help]  # what helped the player in the game under way (its win is assisted)
    hints: int  # hints used in the game under way (the win summary shows it)
    _last_hint: tuple[object, ...] | None  # the position and move of the hint counted last
    news: list[str]  # how the last win counts and what it set (records)
    win_news: list[str]  # the lines for the win message (the news, until the position moves on)
    daily: date | None  # the game under way is the deal of the day of this date
    begun: date | None  # the date the game under way was begun (its first move), for the daily streak
    local_now: Callable[[], datetime]  # the local date and time (tests pass a fixed one)
    _session: TableSession | None  # the table followed
    _game: Game | None  # the game the bookkeeping is about (the one on that table last heard of)
    _elapsed: float  # its clock when last heard of (a deal replacing it has reset the clock)
    _stuck: bool  # it had no useful move left when last heard of

    def __init__(self, folder: str | os.PathLike[str] | None, background: bool = False,
                 local_now: Callable[[], datetime] = datetime.now) -> None:
        self.store = Store(folder)
        self.local_now = local_now
        self.background = background
        self.messages = []
        self.store.clean_temporary()  # left by a save that was killed halfway
        self.settings, problem = load_settings(self.store)
        self._tell(problem)
        self.stats, problem = load_stats(self.store)
        self._tell(problem)
        self.played, problem = load_played(self.store)  # the deal numbers this machine's table has had
        self._tell(problem)
        self._forget_game()
        self.news = []
        self.win_news = []
        self._session = None
        self._game = None
        self._elapsed = 0.0
        self._stuck = False

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
        hints = saved.extra.get(HINTS_KEY, 0)
        self.hints = hints if isinstance(hints, int) and not isinstance(hints, bool) and 0 <= hints <= MAX_HINTS else 0
        self._last_hint = None
        self.daily = _day(saved.extra.get(DAILY_KEY))
        self.begun = _day(saved.extra.get(BEGUN_KEY))
        self._note_played(saved.game)
        return saved

    def save(self, game: Game, elapsed: float, extra: dict[str, Any] | None = None,
             later: bool | None = None) -> None:
        """Save the game in progress (a won game leaves nothing to resume)."""
        if game.position.is_won():
            clear_game(self.store)
            return
        later = self.background if later is None else later
        extra = dict(extra or {})
        if self.helps:
            extra[HELPS_KEY] = sorted(self.helps)
        if self.daily is not None:
            extra[DAILY_KEY] = self.daily.isoformat()
        if self.begun is not None:
            extra[BEGUN_KEY] = self.begun.isoformat()
        if self.hints:
            extra[HINTS_KEY] = self.hints
        self._tell(save_game(self.store, game, elapsed, self.counted, extra, later=later))

    def _save_stats(self) -> None:
        if self.background:
            self._tell(self.store.write_later(STATS_FILE, self.stats.to_dict()))
        else:
            self._tell(save_stats(self.store, self.stats))

    # -- what happens at the table -----------------------------------------------------
    def moved(self, game: Game, undo: Undo | None, elapsed: float, kind: str = "move",
              by: Actor = Actor.PLAYER) -> list[str]:
        """A move (kind ``move``; ``by`` who made it), an undo or a redo was made; returns the win
        news, if it won."""
        helped = HELPED_BY.get(by)
        if kind == "move" and helped is not None:
            self.helps.add(helped)
        if kind == "move" and not self.counted and game.seed is not None:
            self.counted = True
            self.begun = self.begun or self.local_now().date()
            self.stats.count_played(game.rules)
            self._save_stats()
        if game.position.is_won() and not self.finished:
            return self.won(game, elapsed, by)
        self.save(game, elapsed)
        return []

    def hinted(self, game: Game, elapsed: float, shown: HintShown | None = None) -> None:
        """A hint was shown for the game under way: a win of it is an assisted one, and it counts as
        one more hint used, unless it shows again the move just counted for the same position (the
        solver's word replacing a quick one). Both are kept with the game."""
        if self.finished:
            return
        seen = (game.position.key(), shown.move if shown is not None else None)
        if seen == self._last_hint and "hint" in self.helps:
            return
        self._last_hint = seen
        self.hints = min(self.hints + 1, MAX_HINTS)
        self.helps.add("hint")
        self.save(game, elapsed)

    def won(self, game: Game, elapsed: float, by: Actor = Actor.PLAYER) -> list[str]:
        """The game is won (``by``: who played the last move): record it, forget the save; returns the news."""
        self.finished = True
        if by is Actor.DEMO:
            # The Demo's win is not the player's: counted as played and not won, the streak ends.
            if game.seed is not None:
                if not self.counted:
                    self.stats.count_played(game.rules)
                self.counted = True
                self.stats.record_loss(game.rules)
                self._finish(game, Outcome.LOST, elapsed)
                self._save_stats()
            self.news = [_("The demo finished this game, so it does not count as your win.")]
        elif game.seed is not None:  # a prepared position sets no records
            self.news = self.stats.record_win(game.rules, elapsed, len(game.history), self.counted,
                                              frozenset(self.helps))
            self.counted = True
            self._finish(game, Outcome.ASSISTED if self.helps else Outcome.CLEAN, elapsed)
            self._save_stats()
        else:
            self.news = []
        clear_game(self.store)
        return self.news

    def restarted(self, game: Game, elapsed: float) -> None:
        """Restart deal: the same attempt goes on (no loss, not a new game; the clock runs on)."""
        self.save(game, elapsed)

    def leaving(self, game: Game | None, elapsed: float = 0.0, stuck: bool = False) -> None:
        """The game under way is being replaced (new deal, another deal, other rules); ``stuck``: no
        useful move was left in it (a loss in the history, not an abandoned game)."""
        if game is not None and self.counted and not self.finished:
            self.stats.record_loss(game.rules)
            self._finish(game, Outcome.LOST if stuck else Outcome.ABANDONED, elapsed)
            self._save_stats()
        self._forget_game()
        self.news = []

    def _forget_game(self) -> None:
        """No game under way is being kept: nothing counted, helped, hinted or begun."""
        self.counted = False
        self.finished = False
        self.helps = set()
        self.hints = 0
        self._last_hint = None
        self.daily = None
        self.begun = None

    def _finish(self, game: Game, outcome: Outcome, elapsed: float) -> None:
        """Keep the ended dealt game ``game`` in the history (and the calendar, for a deal of the day)."""
        if game.seed is None:
            return
        now = self.local_now()
        try:
            entry = HistoryEntry.of(game.rules, game.seed, game.moves_made, outcome, elapsed, now, self.daily)
        except ValueError:  # its moves do not replay from its deal number (a position set up by hand)
            return
        self.stats.record_finished(entry, self.begun or now.date())

    def note_daily(self, day: date, game: Game) -> None:
        """The fresh game ``game`` on the table is the deal of the day of ``day`` (kept with the save)."""
        self.daily = day
        self.save(game, 0.0, later=False)

    def started(self, game: Game) -> None:
        """A fresh game is on the table: save it so a quit right now still resumes it."""
        self._forget_game()
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
        self._tell(save_settings(self.store, settings))

    def note_lessons_offered(self) -> None:
        """The lessons have been offered to a newcomer: never again (kept at once)."""
        self.settings.lessons_offered = True
        self.change_settings(self.settings)

    def note_lesson_finished(self, key: str) -> None:
        """Lesson ``key`` is finished (kept at once with the settings)."""
        if key not in self.settings.finished_lessons:
            self.settings.finished_lessons.add(key)
            self.change_settings(self.settings)

    def reset_stats(self) -> None:
        """Forget every statistic and keep that."""
        self.stats.reset()
        self._tell(save_stats(self.store, self.stats))

    # -- following the table -----------------------------------------------------------
    def follow(self, session: TableSession) -> None:
        """Keep the books of ``session``'s game: hear its events before anyone else does, so
        that what the window shows after one (a win's records) is already kept."""
        self._session = session
        self._game = session.game
        session.listen(self.heard, front=True)

    def heard(self, event: Event) -> None:
        """An event at the table followed: save, count, record; then tell any file problem."""
        session = self._session
        assert session is not None
        game, elapsed = session.game, session.elapsed()
        if isinstance(event, Moved):
            self.moved(game, event.undo, elapsed, "move", event.by)
        elif isinstance(event, Redone):
            self.moved(game, event.undo, elapsed, "redo")
        elif isinstance(event, Undone):
            self.moved(game, None, elapsed, "undo")
            self.win_news = []
        elif isinstance(event, Restarted):
            self.restarted(game, 0.0)
            self.win_news = []
        elif isinstance(event, Dealt):
            if not event.resumed:  # put back on the table (a resumed game): nothing new to keep
                self.leaving(self._game, self._elapsed, self._stuck)
                self.started(game)
            self.win_news = []
        elif isinstance(event, Won):
            self.win_news = list(self.news if self.finished else self.won(game, elapsed, event.by))
        elif isinstance(event, HintShown):
            self.hinted(game, elapsed, event)
        elif isinstance(event, Stuck):
            self.save(game, elapsed)
        else:
            return
        self._game = game
        self._elapsed = elapsed
        self._stuck = isinstance(session.ended, Stuck)
        self.tell()

    def tell(self) -> None:
        """Show the messages not yet shown on the followed table, as one message."""
        messages = self.take_messages()
        if messages and self._session is not None:
            # each notice a sentence of its own (some end in a file name, not a full stop)
            self._session.tell(join_sentences(*map(full_stop, messages)),
                               Tone.ERROR, NOTICE_TIME)


def _day(value: Any) -> date | None:
    """The date a saved game's extra entry names, or None (none, or not a date)."""
    if not isinstance(value, str):
        return None
    try:
        return date.fromisoformat(value)
    except ValueError:
        return None
