"""The statistics as a part of the app: the Stats button and T open the statistics sheet; from it,
the finished games (one clicked is replayed) and the history's CSV export to the data folder."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..play.history import HistoryEntry, write_csv
from ..play.records import Records
from ..text.i18n import _
from .commands import Command
from .games_screen import GamesScreen
from .parts import Part
from .sheet import SheetScreen
from .stats_screen import StatsScreen
from .widgets import ButtonSpec

HISTORY_CSV = "history.csv"  # the export's name in the data folder

if TYPE_CHECKING:
    from .app import App
    from .table import TableScreen


class StatsPart(Part):
    """The Stats button and T: the statistics sheet, kept in the records."""

    app: App
    records: Records
    replay: Callable[[HistoryEntry], None] | None  # watch a finished game again

    def __init__(self, app: App, records: Records, replay: Callable[[HistoryEntry], None] | None = None) -> None:
        self.app = app
        self.records = records
        self.replay = replay

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
                                                        news, on_games=self.show_games, on_export=self.export)))

    def show_games(self) -> None:
        """The finished games over the statistics."""
        self.app.push(SheetScreen(self.app, GamesScreen(self.records.stats.history.entries, self._replay)))

    def _replay(self, entry: HistoryEntry) -> None:
        if self.replay is not None:
            self.replay(entry)

    def export(self) -> str:
        """Write the history as CSV into the data folder; what to tell the player (the path, or why not)."""
        path = self.records.store.path(HISTORY_CSV)
        if path is None:
            return _("There is no data folder to write the history into.")
        try:
            write_csv(self.records.stats.history.entries, path)
        except OSError as e:
            # TRANSLATORS: {error} is the system's reason, such as "Permission denied".
            return _("The history could not be written ({error}).").format(error=e.strerror or type(e).__name__)
        # TRANSLATORS: {path} is where the file was written.
        return _("The history is written to {path}").format(path=str(path))

    def _reset(self) -> None:
        self.records.reset_stats()
        self.records.tell()
