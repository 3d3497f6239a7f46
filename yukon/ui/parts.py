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
  * ``win_notes()``: lines added to the win summary (records, "does not count");
  * ``win_record()``: the figures of the win summary the records keep (best time, streak, hints);
  * ``choose_seed()``: the number for the next new deal, or None to let the app choose;
  * ``deal_note(seed)``: a word on a deal number typed in Deal # (how hard it is), or None;
  * ``rules_screen()``: the Rules screen to open, or None for the plain one;
  * ``screen_opened(screen)``: a screen was put on the stack (speech says it);
  * ``quitting()``: before the window closes.

``TablePrefs`` are the settings the table itself follows; the settings part hands new ones
to the app with ``App.apply_prefs``. The plain data (``StatusNote``, ``TablePrefs``) is kept in
``changes`` so that the table and the screens use it without importing this module.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from .changes import StatusNote, TablePrefs, WinRecord
from .commands import Command
from .widgets import ButtonSpec

if TYPE_CHECKING:
    import pygame

    from .screen import Screen
    from .table import TableScreen

__all__ = ["Part", "PartList", "StatusNote", "TablePrefs", "WinRecord"]


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
        """Lines for the win summary."""
        return []

    def win_record(self) -> WinRecord | None:
        """The records' figures for the win summary, or None."""
        return None

    def choose_seed(self) -> int | None:
        """The next new deal's number, or None."""
        return None

    def deal_note(self, seed: int) -> str | None:
        """A word on deal ``seed`` for the Deal # box (how hard it is), or None."""
        return None

    def rules_screen(self) -> Screen | None:
        """The Rules screen to open, or None."""
        return None

    def screen_opened(self, screen: Screen) -> None:
        """``screen`` was put on top of the app's stack."""

    def quitting(self) -> None:
        """The window is about to close."""


class PartList:
    """The app's parts in the order they were added, asked together: each method gathers every
    part's answer (the first that has one, where only one can be taken)."""

    _parts: list[Part]

    def __init__(self) -> None:
        self._parts = []

    def add(self, part: Part, first: bool = False) -> None:
        """Add ``part`` (``first``: before the others, so it sees each command first)."""
        if first:
            self._parts.insert(0, part)
        else:
            self._parts.append(part)

    def __iter__(self) -> Iterator[Part]:
        return iter(list(self._parts))

    def buttons(self) -> list[ButtonSpec]:
        """Every part's buttons."""
        return [b for p in self for b in p.buttons()]

    def command(self, table: TableScreen, command: Command) -> bool:
        """Offer ``command`` to the parts in turn; True when one took it."""
        return any(p.command(table, command) for p in self)

    def status_notes(self) -> list[StatusNote]:
        """Every part's texts for the status line (empty ones left out)."""
        return [n for p in self for n in p.status_notes() if n.text]

    def win_notes(self) -> list[str]:
        """Every part's lines for the win summary."""
        return [line for p in self for line in p.win_notes()]

    def win_record(self) -> WinRecord | None:
        """The first part's figures for the win summary, or None."""
        return next((r for p in self if (r := p.win_record()) is not None), None)

    def choose_seed(self) -> int | None:
        """The first part's choice of the next deal's number, or None."""
        return next((seed for p in self if (seed := p.choose_seed()) is not None), None)

    def rules_screen(self) -> Screen | None:
        """The first part's Rules screen, or None."""
        return next((screen for p in self if (screen := p.rules_screen()) is not None), None)

    def screen_opened(self, screen: Screen) -> None:
        """Tell every part that ``screen`` was put on top."""
        for p in self:
            p.screen_opened(screen)

    def event(self, e: pygame.event.Event) -> bool:
        """Show ``e`` to every part until one swallows it; True when one did."""
        return any(p.event(e) for p in self)

    def ticks(self) -> list[float]:
        """Tick every part; the waits they ask for."""
        return [w for w in (p.tick() for p in self) if w is not None]
