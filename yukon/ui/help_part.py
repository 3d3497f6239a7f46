"""Help as a part of the app: the keys list (?) and the Rules screen with "Keys" and "Save the rules"."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .commands import Command
from .keys_overlay import KeysOverlay
from .parts import Part
from .rules_screen import RulesScreenPlus
from .screen import Screen
from .sheet import SheetScreen

if TYPE_CHECKING:
    from .app import App
    from .table import TableScreen


class Help(Part):
    """The keys list and the fuller Rules screen (its page saved into ``folder``, the data folder)."""

    app: App
    folder: str | None

    def __init__(self, app: App, folder: str | None) -> None:
        self.app = app
        self.folder = folder

    def command(self, table: TableScreen, command: Command) -> bool:
        """? shows the keys."""
        if command is Command.KEYS:
            self.app.push(SheetScreen(self.app, KeysOverlay()))
            return True
        return False

    def rules_screen(self) -> Screen:
        """The Rules screen with Keys and Save the rules."""
        return RulesScreenPlus(self.app, self.folder)
