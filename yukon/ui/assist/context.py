"""What every piece of the assist shares: the app, the main table's session, the records' settings."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from ...play.events import Notice, Told

if TYPE_CHECKING:
    from ...core.state import Game
    from ...play.records import Records
    from ...play.session import TableSession
    from ..app import App
    from ..table import TableScreen

SettingName = Literal["auto_finish", "winnable_only", "hide_verdicts"]


class Context:
    """The app the assist serves and the records whose settings it follows (None: every setting off)."""

    app: App
    records: Records | None

    def __init__(self, app: App, records: Records | None) -> None:
        self.app = app
        self.records = records

    @property
    def table(self) -> TableScreen | None:
        """The main table (not a lesson's)."""
        return self.app.table

    @property
    def session(self) -> TableSession:
        """The main table's session."""
        return self.app.session

    @property
    def game(self) -> Game:
        """The game on the main table."""
        return self.app.session.game

    def table_to_play(self) -> TableScreen | None:
        """The main table while its game has cards left to play; on a won game it says so and gives None."""
        t = self.table
        if t is not None and self.game.position.is_won():
            self.session.say(Notice.ALL_HOME_ALREADY)
            return None
        return t

    def says(self, text: str) -> bool:
        """Is the main table's message (still) ``text``, told by the assist?"""
        m = self.session.message
        return m is not None and isinstance(m.spoken, Told) and m.spoken.text == text

    def setting(self, name: SettingName) -> bool:
        """One of the solver's settings (all off without records)."""
        if self.records is None:
            return False
        settings = self.records.settings
        if name == "auto_finish":
            return settings.auto_finish
        if name == "winnable_only":
            return settings.winnable_only
        return settings.hide_verdicts

    def played(self, seed: int) -> bool:
        """Has deal ``seed`` been on this machine's table (never, without records)?"""
        return self.records is not None and seed in self.records.played

    def quiet(self) -> bool:
        """Is the main table on top and still (a good moment to redraw or ask something)?"""
        t = self.table
        return t is not None and bool(self.app.screens) and self.app.top is t and not t.busy() \
            and t.celebrating <= 0
