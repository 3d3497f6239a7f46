"""The deal of the day as a part of the app: Y plays today's deal, C opens its calendar.

The day's deal (``yukon.play.daily.pick_daily``) is found by the solver within a node budget,
which can take a second or more: it is looked for on a thread of its own while the table plays
on, and each day's deal found is kept for the run. The deal is played under its game's standard
rules (the game on the table: Yukon or Russian); over a game under way the player is asked
first. The records (``Records.note_daily``) keep which day's deal is on the table, so that its
end fills the calendar; the status line names the day and the deal's difficulty.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from datetime import date
from typing import TYPE_CHECKING

from ..core.state import Game
from ..play.daily import DAILY_GAMES, DailyDeal, DailyError, pick_daily
from ..play.events import Tone
from ..play.records import Records
from ..solve.difficulty import Level
from ..text.i18n import N_, _, pgettext
from .calendar_screen import CalendarScreen
from .changes import StatusNote
from .commands import Command
from .parts import Part
from .screen import QuestionDialog
from .sheet import SheetScreen

if TYPE_CHECKING:
    from .app import App
    from .table import TableScreen

Picker = Callable[[date, str], DailyDeal]  # the deal of a day for a game
LOOKING_TIME = 120.0  # seconds the "looking" message may stay (it goes as soon as the deal comes)

# The status line's word on a deal of the day on the table ({day}: its date), by its level.
DAY_NOTES: dict[Level, str] = {
    Level.EASY: N_("Deal of the day {day}: easy"),
    Level.MEDIUM: N_("Deal of the day {day}: medium"),
    Level.HARD: N_("Deal of the day {day}: hard"),
}


def _pick(day: date, variant: str) -> DailyDeal:
    return pick_daily(day, variant)


class _Search:
    """One day's deal being looked for on a thread; ``result`` once found (or a DailyError)."""

    day: date
    variant: str
    result: DailyDeal | DailyError | None
    thread: threading.Thread

    def __init__(self, day: date, variant: str, pick: Picker, done: Callable[[], None]) -> None:
        self.day = day
        self.variant = variant
        self.result = None

        def run() -> None:
            try:
                self.result = pick(day, variant)
            except DailyError as e:
                self.result = e
            done()

        self.thread = threading.Thread(target=run, name="deal of the day", daemon=True)
        self.thread.start()


class DailyPart(Part):
    """Y: today's deal of the day; C: the calendar (a past day's deal can be played from it)."""

    app: App
    records: Records
    today: Callable[[], date]
    _pick: Picker
    _found: dict[tuple[date, str], DailyDeal]
    _search: _Search | None

    def __init__(self, app: App, records: Records, today: Callable[[], date] = date.today,
                 pick: Picker = _pick) -> None:
        self.app = app
        self.records = records
        self.today = today
        self._pick = pick
        self._found = {}
        self._search = None

    def variant(self) -> str:
        """The game whose deal of the day is played: the table's (Yukon when it has none)."""
        v = self.app.rules.variant
        return v if v in DAILY_GAMES else "yukon"

    def command(self, table: TableScreen, command: Command) -> bool:
        """Y plays today's deal; C opens the calendar."""
        if command is Command.DAILY:
            self.play(self.today())
            return True
        if command is Command.CALENDAR:
            self.show_calendar()
            return True
        return False

    def show_calendar(self) -> None:
        """The calendar of the game on the table."""
        self.app.push(SheetScreen(self.app, CalendarScreen(self.records.stats.daily, self.variant(), self.today(),
                                                           self.play)))

    def play(self, day: date) -> None:
        """Play the deal of ``day`` (today or before): at once when already found, else once found."""
        variant = self.variant()
        if day > self.today():
            self.app.session.tell(_("That day's deal cannot be played yet."), Tone.ERROR)
            return
        found = self._found.get((day, variant))
        if found is not None:
            self._offer(found)
            return
        if self._search is None:
            self._search = _Search(day, variant, self._pick, self.app.idle.wake)
        self.app.session.tell(_("Looking for the deal of the day\u2026"), Tone.INFO, LOOKING_TIME)

    def tick(self) -> float | None:
        """Take a deal found on the thread; while one is looked for, look again soon."""
        search = self._search
        if search is None:
            return None
        if search.result is None:
            return 0.1
        self._search = None
        self.app.session.drop_message()
        if isinstance(search.result, DailyError):
            self.app.session.tell(_("No deal of the day could be found."), Tone.ERROR)
            return None
        self._found[(search.day, search.variant)] = search.result
        self._offer(search.result)
        return None

    def _offer(self, deal: DailyDeal) -> None:
        """Deal ``deal``, asking first over a game under way."""
        if self.records.under_way(self.app.session.game):
            self.app.push(QuestionDialog(self.app, _("Replace the game under way with the deal of the day? "
                                                     "Leaving it counts as a loss."),
                                         [(pgettext("button", "Deal of the day"), lambda: self._deal(deal)),
                                          (pgettext("button", "Keep playing"), None)]))
        else:
            self._deal(deal)

    def _deal(self, deal: DailyDeal) -> None:
        """Put ``deal`` on the main table (over a lesson: back to the game first)."""
        table = self.app.table
        while table is not None and self.app.top is not table and len(self.app.screens) > 1:
            self.app.pop()
        session = self.app.session
        session.deal(Game.deal(deal.seed, deal.rules))
        self.records.note_daily(deal.day, session.game)
        # TRANSLATORS: {day} is a date written 2026-12-04; {number} the deal's number.
        session.tell(_("The deal of the day {day}: deal {number}.").format(day=deal.day.isoformat(), number=deal.seed))

    def status_notes(self) -> list[StatusNote]:
        """The day whose deal is on the table, and its difficulty."""
        day = self.records.daily
        game = self.app.session.game
        if day is None or game.rules.variant not in DAILY_GAMES:
            return []
        found = self._found.get((day, game.rules.variant))
        if found is not None and found.seed == game.seed and found.level in DAY_NOTES:
            return [StatusNote(_(DAY_NOTES[found.level]).format(day=day.isoformat()))]
        return [StatusNote(_("Deal of the day {day}").format(day=day.isoformat()))]

    def quitting(self) -> None:
        """Nothing to keep: a search under way is dropped with the window (its thread is a daemon)."""
