"""What a lesson shows at the table (``TableMode``, ``BaseMode``): the window's side of a guide.

The session's ``Guide`` refuses moves and hears every event; the table's mode adds what is
drawn and pressed: cards and places lit, a panel beside the table, its own button bar and
status lines, its own way with a few commands (Hint, Restart, New deal), and whether the end
of the game asks a question.
"""

from __future__ import annotations

from typing import Protocol

from ...core.state import Game
from ..commands import Command
from ..widgets import ButtonSpec, Panel


class TableMode(Protocol):
    """What a lesson (or any other guide) shows and does at the table."""

    def command(self, command: Command) -> bool:
        """Run ``command`` the mode's own way; False leaves it to the table."""
        ...

    def highlights(self, game: Game) -> tuple[set[int], set[int]]:
        """Cards and destinations (columns 0..6, or FOUNDATION) to light up."""
        ...

    def panel(self, game: Game) -> Panel | None:
        """Text and buttons beside the table, or None."""
        ...

    def buttons(self) -> list[ButtonSpec] | None:
        """The button bar to show instead of the app's, or None."""
        ...

    def status_text(self) -> tuple[str, str, str] | None:
        """The status lines instead of the deal's, or None."""
        ...

    def quiet_end(self) -> bool:
        """Does a won game only celebrate (no question what next)?"""
        ...


class BaseMode:
    """A mode that changes nothing: subclass it and override what you need."""

    def command(self, command: Command) -> bool:
        """Every command is the table's."""
        return False

    def highlights(self, game: Game) -> tuple[set[int], set[int]]:
        """Nothing lit."""
        return set(), set()

    def panel(self, game: Game) -> Panel | None:
        """No panel."""
        return None

    def buttons(self) -> list[ButtonSpec] | None:
        """The app's bar."""
        return None

    def status_text(self) -> tuple[str, str, str] | None:
        """The deal's status lines."""
        return None

    def quiet_end(self) -> bool:
        """A won game asks what next."""
        return False
