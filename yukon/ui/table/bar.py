"""The button bar under the table: its buttons, their hover, and the "More" menu."""

from __future__ import annotations

import functools
from collections.abc import Callable

import pygame

from ...text.i18n import pgettext
from .. import theme
from ..screen import MenuList
from ..widgets import HC_EDGE, HC_PANEL, MORE_LABEL, BarLayout, draw_button, layout_bar
from .style import MORE
from .view import TableView


class ButtonBar:
    """Draws the table's buttons (``table.buttons()``) where ``table.bar`` puts them and runs the one pressed."""

    table: TableView
    hover: int  # the button under the pointer (MORE for "More"), or -1
    laid_state: tuple[bool, ...]  # which buttons were enabled at the last layout (a change redraws the bar)

    def __init__(self, table: TableView) -> None:
        self.table = table
        self.hover = -1
        self.laid_state = ()

    def relayout(self, w: int, h: int) -> BarLayout:
        """Where the buttons go in a w x h window (and which of them are enabled now)."""
        specs = self.table.buttons()
        self.laid_state = tuple(b.is_enabled() for b in specs)
        return layout_bar([b.text() for b in specs], w, h, self.table.app.prefs.text_factor)

    def button_at(self, x: int, y: int) -> int:
        """The button at (x, y): its index, MORE, or -1."""
        bar = self.table.bar
        if bar is None:
            return -1
        if bar.more is not None and bar.more.collidepoint(x, y):
            return MORE
        return next((i for i, r in enumerate(bar.rects) if r.collidepoint(x, y)), -1)

    def hover_at(self, x: int, y: int) -> bool:
        """The pointer is at (x, y): True when another button is under it than before."""
        b = self.button_at(x, y)
        changed = b != self.hover
        self.hover = b
        return changed

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the bar and its buttons (the hidden ones are in the "More" menu)."""
        bar = self.table.bar
        assert bar is not None
        plain = self.table.app.prefs.high_contrast  # plain grey like the high-contrast table, not green
        colours = theme.palette()
        pygame.draw.rect(surface, HC_PANEL if plain else colours.bar, bar.rect)
        pygame.draw.line(surface, HC_EDGE if plain else colours.bar_edge, bar.rect.topleft, bar.rect.topright,
                         2 if plain else 1)
        for i, (spec, r) in enumerate(zip(self.table.buttons(), bar.rects)):
            if i in bar.hidden:
                continue
            draw_button(surface, r, spec.text(), bar.font_size, hover=(i == self.hover), enabled=spec.is_enabled(),
                        plain=plain)
        if bar.more is not None:
            draw_button(surface, bar.more, pgettext("button", MORE_LABEL), bar.font_size, hover=(self.hover == MORE),
                        plain=plain)

    def open_menu(self) -> None:
        """The bar's "More" list: the buttons that did not fit, above the "More" button."""
        bar = self.table.bar
        if bar is None or bar.more is None:
            return
        specs = self.table.buttons()
        items: list[tuple[str, Callable[[], None], bool]] = []
        for i in bar.hidden:
            if i < len(specs):
                spec = specs[i]
                items.append((spec.text(), functools.partial(self.run, i), spec.is_enabled()))
        app = self.table.app
        app.push(MenuList(app, items, bar.more, bar.font_size))

    def run(self, i: int) -> None:
        """Press button ``i`` (MORE opens the menu); a disabled one does nothing."""
        if i == MORE:
            self.open_menu()
            return
        specs = self.table.buttons()
        if not 0 <= i < len(specs):
            return
        spec = specs[i]
        if spec.is_enabled():
            self.table.run(spec.command)
