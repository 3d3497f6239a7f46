"""A mode's panel beside the table (a lesson's text and buttons)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ..layout import narrowest_table, text_scale
from ..widgets import Panel, draw_panel
from .view import TableView

PANEL_FLOOR = 160  # pixels: a narrower panel could not hold its text; the table scrolls instead


class SidePanel:
    """Draws the mode's panel in the layout's panel area and runs its buttons."""

    table: TableView
    buttons: list[tuple[pygame.Rect, Callable[[], None]]]  # as last drawn
    hover: int

    def __init__(self, table: TableView) -> None:
        self.table = table
        self.buttons = []
        self.hover = -1

    def current(self) -> Panel | None:
        """The mode's panel, if any."""
        table = self.table
        return table.mode.panel(table.session.game) if table.mode is not None else None

    def width(self, w: int, h: int) -> int:
        """How wide the panel is in a w x h window (0: the mode has none): never so wide that the
        table must hide a column (480 x 360 keeps all seven), unless the window is narrower still."""
        if self.current() is None:
            return 0
        f = min(self.table.app.prefs.text_factor, 1.25)  # larger text: up to a third of the window
        natural = max(220, min(round(440 * text_scale(w, h) * f), w * round(28 * f) // 100))
        return max(PANEL_FLOOR, min(natural, w - narrowest_table(w, h)))

    def button_at(self, x: int, y: int) -> int:
        """The panel button at (x, y), or -1."""
        return next((i for i, (r, _) in enumerate(self.buttons) if r.collidepoint(x, y)), -1)

    def hover_at(self, x: int, y: int) -> bool:
        """The pointer is at (x, y): True when another button is under it than before."""
        b = self.button_at(x, y)
        changed = b != self.hover
        self.hover = b
        return changed

    def press(self, i: int) -> None:
        """Run button ``i``'s action."""
        self.buttons[i][1]()

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the panel, if the mode has one and the layout made room for it."""
        panel = self.current()
        lay = self.table.layout
        assert lay is not None
        if panel is None or lay.panel is None:
            self.buttons = []
            return
        prefs = self.table.app.prefs
        self.buttons = draw_panel(surface, lay.panel, panel, prefs.text_factor, prefs.high_contrast)
