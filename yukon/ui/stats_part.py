"""The statistics as a part of the app: the Stats button and T open the statistics sheet."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..play.records import Records
from .commands import Command
from .parts import Part
from .sheet import SheetScreen
from .stats_screen import StatsScreen
from .widgets import ButtonSpec

if TYPE_CHECKING:
    from .app import App
    from .table import TableScreen


class StatsPart(Part):
    """The Stats button and T: the statistics sheet, kept in the records."""

    app: App
    records: Records

    def __init__(self, app: App, records: Records) -> None:
        self.app = app
        self.records = records

    def buttons(self) -> list[ButtonSpec]:
        """The Stats button."""
        return [ButtonSpec(Command.STATS)]

    def command(self, table: TableScreen, command: Command) -> bool:
        """T (and the button) opens the statistics."""
        if command is Command.STATS:
            self.show()
            return True
        return False

    def show(self, news: list[str] | None = None) -> None:
        """The statistics sheet (with the latest win's news, if any)."""
        records = self.records
        if news is None and records.finished:
            news = records.news  # just won: how it counts and the records it set head the sheet
        self.app.push(SheetScreen(self.app, StatsScreen(records.stats, self.app.session.game.rules, self._reset,
                                                        news)))

    def _reset(self) -> None:
        self.records.reset_stats()
        self.records.tell()
