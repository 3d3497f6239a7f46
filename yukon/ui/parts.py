"""What the rest of the program adds to the table.

The program is put together in one place (``yukon.ui.build``): the builder makes the
services and the parts and hands each part to the app with ``App.add_part``. What happens at
the table a part hears from the session itself (``TableSession.listen``); what it adds, it
adds through a declared method with a harmless default:

  * ``buttons()``: buttons for the bar (each a ``Command``; the bar's order is ``commands.BAR_ORDER``);
  * ``command(table, command)``: a command from a key or a button (True: handled);
  * ``status_notes()``: texts for the status line (``StatusNote``, bad news marked);
  * ``draw_overlay(table, surface)``: drawn over the still table (the keyboard cursor);
  * ``event(e)``: sees each pygame event first (True swallows it: a Demo stopped by a key);
  * ``tick()``: once a loop iteration; a number asks for the next call within that many seconds;
  * ``win_notes()``: lines added to the win message (records, "does not count");
  * ``choose_seed()``: the number for the next new deal, or None to let the app choose;
  * ``deal_note(seed)``: a word on a deal number typed in Deal # (how hard it is), or None;
  * ``rules_screen()``: the Rules screen to open, or None for the plain one;
  * ``quitting()``: before the window closes.

``TablePrefs`` are the settings the table itself follows; the settings part hands new ones
to the app with ``App.apply_prefs``. The plain data (``StatusNote``, ``TablePrefs``) is kept in
``changes`` so that the table and the screens use it without importing this module.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .changes import StatusNote, TablePrefs
from .commands import Command
from .widgets import ButtonSpec

if TYPE_CHECKING:
    import pygame

    from .screen import Screen
    from .table import TableScreen

__all__ = ["Part", "StatusNote", "TablePrefs"]


class Part:
    """Something that adds to the table; every method has a harmless default (see the module docstring)."""

    def buttons(self) -> list[ButtonSpec]:
        """Buttons for the bar."""
        return []

    def command(self, table: TableScreen, command: Command) -> bool:
        """Run ``command`` on ``table``; False lets others (and the table) have it."""
        return False

    def status_notes(self) -> list[StatusNote]:
        """Texts for the status line, now."""
        return []

    def draw_overlay(self, table: TableScreen, surface: pygame.Surface) -> None:
        """Draw over the still table."""

    def event(self, e: pygame.event.Event) -> bool:
        """See a pygame event before anyone else; True swallows it."""
        return False

    def tick(self) -> float | None:
        """Once a loop iteration; seconds until the next call is wanted, or None."""
        return None

    def win_notes(self) -> list[str]:
        """Lines for the win message."""
        return []

    def choose_seed(self) -> int | None:
        """The next new deal's number, or None."""
        return None

    def deal_note(self, seed: int) -> str | None:
        """A word on deal ``seed`` for the Deal # box (how hard it is), or None."""
        return None

    def rules_screen(self) -> Screen | None:
        """The Rules screen to open, or None."""
        return None

    def quitting(self) -> None:
        """The window is about to close."""
