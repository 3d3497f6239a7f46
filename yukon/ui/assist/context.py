"""What every piece of the assist shares: the app, the session's settings, the main table."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from ...i18n import _

if TYPE_CHECKING:
    from ...state import Game
    from ..app import App
    from ..extras import Session
    from ..table import TableScreen

SettingName = Literal["auto_finish", "winnable_only", "hide_verdicts"]


class Context:
    """The app the assist serves and the session whose settings it follows (None: every setting off)."""

    app: App
    session: Session | None

    def __init__(self, app: App, session: Session | None) -> None:
        self.app = app
        self.session = session

    @property
    def table(self) -> TableScreen | None:
        """The main table (not a lesson's)."""
        return self.app.table

    @property
    def game(self) -> Game:
        """The game on the main table."""
        return self.app.game

    def table_to_play(self) -> TableScreen | None:
        """The main table while its game has cards left to play; on a won game it says so and gives None."""
        t = self.table
        if t is not None and self.game.position.is_won():
            t.say(_("All the cards are home already."))
            return None
        return t

    def setting(self, name: SettingName) -> bool:
        """One of the solver's settings (all off without a session)."""
        if self.session is None:
            return False
        settings = self.session.settings
        if name == "auto_finish":
            return settings.auto_finish
        if name == "winnable_only":
            return settings.winnable_only
        return settings.hide_verdicts

    def played(self, seed: int) -> bool:
        """Has deal ``seed`` been on this machine's table (never, without a session)?"""
        return self.session is not None and seed in self.session.played

    def quiet(self) -> bool:
        """Is the main table on top and still (a good moment to redraw or ask something)?"""
        t = self.table
        return t is not None and bool(self.app.screens) and self.app.top is t and not t.busy() \
            and t.celebrating <= 0
