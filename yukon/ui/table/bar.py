"""The toolbar over the table: its icon buttons, their tooltips, and the menu of every other command.

The buttons are the table's ``ButtonSpec`` list (``table.buttons()``); ``toolbar.layout_toolbar``
says which are icons in the bar and which are items of the menu. Each button has an accessible
name (its translated label: ``names``), shown with its key in a tooltip under it while the
pointer rests on it; a button that cannot be used now (nothing to undo) is drawn dim and does
nothing.
"""

from __future__ import annotations

import functools

import pygame

from ...text.i18n import pgettext
from .. import art, theme
from ..commands import BAR_TEXT, COMMANDS, Command, key_text, menu_group
from ..menu import Menu, MenuItem
from ..toolbar import BarLayout, icon, layout_toolbar
from ..widgets import HC_EDGE, HC_PANEL, draw_button
from .style import MORE
from .view import TableView

# (the bar, its icons and tooltips take their colours from the theme in use: ``theme.palette()``)


class ButtonBar:
    """Lays out and draws the table's toolbar (``table.bar``), shows tooltips and runs the button pressed."""

    table: TableView
    hover: int  # the button under the pointer (MORE for the menu button), or -1
    tip_hidden: bool  # a press put the tooltip away until the pointer goes to another button
    laid_state: tuple[bool, ...]  # which buttons were enabled at the last layout (a change redraws the bar)

    def __init__(self, table: TableView) -> None:
        self.table = table
        self.hover = -1
        self.tip_hidden = False
        self.laid_state = ()

    def relayout(self, w: int, h: int) -> BarLayout:
        """Where the buttons go in a w x h window (and which of them are enabled now)."""
        specs = self.table.buttons()
        self.laid_state = tuple(b.is_enabled() for b in specs)
        return layout_toolbar(specs, w, h, self.table.app.prefs.text_factor)

    def button_at(self, x: int, y: int) -> int:
        """The button at (x, y): its index, MORE (the menu button), or -1."""
        bar = self.table.bar
        if bar is None:
            return -1
        if bar.more.collidepoint(x, y):
            return MORE
        return next((i for i, r in enumerate(bar.rects) if i not in bar.hidden and r.collidepoint(x, y)), -1)

    def hover_at(self, x: int, y: int) -> bool:
        """The pointer is at (x, y): True when another button is under it than before."""
        b = self.button_at(x, y)
        changed = b != self.hover
        self.hover = b
        if changed:
            self.tip_hidden = False
        return changed

    def pressed(self) -> None:
        """A button is pressed: its tooltip goes."""
        self.tip_hidden = True

    def names(self) -> list[tuple[Command, str, str]]:
        """Every button of the bar and the menu button: (command, accessible name, key), in the
        player's language, as a screen reader or a tooltip says them."""
        out = [(s.command, s.text(), key_text(s.command)) for s in self.table.buttons()]
        return out + [(Command.MENU, pgettext("button", COMMANDS[Command.MENU].label), key_text(Command.MENU))]

    # -- drawing -------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """Draw the bar, its buttons (dim when they cannot be used now) and the menu button."""
        bar = self.table.bar
        assert bar is not None
        plain = self.table.app.prefs.high_contrast  # plain grey like the high-contrast table, not green
        colours = theme.palette()
        pygame.draw.rect(surface, HC_PANEL if plain else colours.bar, bar.rect)
        pygame.draw.line(surface, HC_EDGE if plain else colours.bar_edge, (bar.rect.x, bar.rect.bottom - 1),
                         (bar.rect.right, bar.rect.bottom - 1), 2 if plain else 1)
        for x in bar.lines:
            pygame.draw.line(surface, HC_EDGE if plain else colours.bar_edge, (x, bar.rect.y + bar.rect.h // 4),
                             (x, bar.rect.bottom - bar.rect.h // 4))
        for i, (spec, r) in enumerate(zip(self.table.buttons(), bar.rects)):
            if i in bar.hidden:
                continue
            enabled = spec.is_enabled()
            if spec.command in BAR_TEXT:
                draw_button(surface, r, spec.text(), bar.font_size, hover=(i == self.hover), enabled=enabled,
                            plain=plain)
            else:
                self._icon_button(surface, r, spec.command, i == self.hover, enabled, plain)
        self._icon_button(surface, bar.more, Command.MENU, self.hover == MORE, True, plain)

    def _icon_button(self, surface: pygame.Surface, r: pygame.Rect, command: Command, hover: bool, enabled: bool,
                     plain: bool) -> None:
        colours = theme.palette()
        if hover and enabled:
            pygame.draw.rect(surface, (70, 70, 80) if plain else colours.bar_hover, r, border_radius=max(3, r.h // 6))
            pygame.draw.rect(surface, HC_EDGE if plain else colours.bar_edge, r, width=1,
                             border_radius=max(3, r.h // 6))
        colour = ((colours.text if enabled else colours.icon_off) if not plain
                  else ((255, 255, 255) if enabled else (120, 120, 120)))
        img = icon(command, round(r.h * 0.78), colour)
        surface.blit(img, img.get_rect(center=r.center))

    def tip(self) -> tuple[str, str, pygame.Rect] | None:
        """The tooltip on show: the name, the key and where it goes; None when there is none."""
        bar = self.table.bar
        if bar is None or self.hover == -1 or self.tip_hidden or self.table.covered():
            return None
        if self.hover == MORE:
            r, command, name = bar.more, Command.MENU, pgettext("button", COMMANDS[Command.MENU].label)
        else:
            specs = self.table.buttons()
            if not 0 <= self.hover < len(specs) or self.hover in bar.hidden:
                return None
            spec = specs[self.hover]
            if spec.command in BAR_TEXT:
                return None  # its label says it all
            r, command, name = bar.rects[self.hover], spec.command, spec.text()
        key = key_text(command)
        size = bar.font_size
        w = art.font(size, True).size(name)[0] + (art.font(size).size(key)[0] + size if key else 0) + size
        h = round(size * 1.7)
        box = pygame.Rect(r.centerx - w // 2, r.bottom + 6, w, h)  # under the button
        width, height = self.table.app.size
        box.clamp_ip(pygame.Rect(2, 0, max(width - 4, 1), height))
        return name, key, box

    def draw_tip(self, surface: pygame.Surface) -> None:
        """The tooltip of the button under the pointer: its name and its key."""
        tip = self.tip()
        if tip is None:
            return
        name, key, box = tip
        size = self.table.bar.font_size if self.table.bar is not None else 12
        colours = theme.palette()
        pygame.draw.rect(surface, colours.tip, box, border_radius=4)
        pygame.draw.rect(surface, colours.text_dim, box, width=1, border_radius=4)
        img = art.text(name, size, colours.tip_text, True)
        surface.blit(img, img.get_rect(midleft=(box.x + size // 2, box.centery)))
        if key:
            k = art.text(key, size, colours.tip_key)
            surface.blit(k, k.get_rect(midright=(box.right - size // 2, box.centery)))

    # -- pressing ------------------------------------------------------------------------------
    def open_menu(self, keyboard: bool = False) -> None:
        """The menu under the menu button: every button the bar has no room for, with its key
        (``keyboard``: opened by F10, the first item chosen)."""
        bar = self.table.bar
        if bar is None:
            return
        specs = self.table.buttons()
        items = [MenuItem(specs[i].text(), key_text(specs[i].command), functools.partial(self.run, i),
                          specs[i].is_enabled(), menu_group(specs[i].command), specs[i].command)
                 for i in bar.hidden if i < len(specs)]
        if not items:
            return
        self.hover, self.tip_hidden = -1, True
        app = self.table.app
        app.push(Menu(app, items, bar.more, bar.font_size, keyboard))

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
