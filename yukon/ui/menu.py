"""The menu: a list of commands dropped from the toolbar's menu button, each with its shortcut.

It opens by a click on the menu button or by F10, over the table (which stays in sight). Up
and Down (Home, End) choose an item, skipping those that cannot be used now; Enter or Space
runs it; Esc, F10, or a click outside the list closes it. A click on an item runs it; the
pointer over an item chooses it. Items come in groups with a thin line between them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from . import art, theme
from .commands import Command
from .input import Action, Input, PointerDown, PointerMove
from .screen import Host, Screen, spoken_choices
from .widgets import ellipsize


@dataclass(frozen=True, slots=True)
class MenuItem:
    """One line of the menu: what it reads (translated), its key ("Ctrl+Z", "" for none), what it
    does, whether it can be used now, and its group."""

    label: str
    key: str
    action: Callable[[], None]
    enabled: bool = True
    group: int = 0
    command: Command | None = None  # the command it runs (tests and speech name it by this)


class Menu(Screen):
    """A drop-down list under ``anchor`` (the menu button); see the module docstring."""

    opaque = False
    items: list[MenuItem]
    anchor: pygame.Rect
    size: int
    hover: int
    focus: int  # the item chosen with the keys (or the pointer), -1 for none

    def __init__(self, app: Host, items: list[MenuItem], anchor: pygame.Rect, size: int,
                 keyboard: bool = False) -> None:
        super().__init__(app)
        self.items = items
        self.anchor = anchor.copy()
        self.size = size
        self.hover = -1
        self.focus = self._next(-1, 1) if keyboard else -1

    # -- geometry ------------------------------------------------------------------------------
    def _fit(self, w: int, h: int) -> tuple[int, int, int]:
        """The text size, the row height and the gap between groups that fit a ``w`` x ``h`` window."""
        size = self.size
        groups = len({it.group for it in self.items})
        room = h - self.anchor.bottom - 12
        while True:
            row = max(14, round(size * 1.9))
            sep = max(3, size // 2)
            if len(self.items) * row + (groups - 1) * sep <= room or size <= 8:
                return size, row, sep
            size -= 1

    def rects(self, w: int, h: int) -> list[pygame.Rect]:
        """One rectangle per item, top to bottom, under the anchor and inside the window."""
        size, row, sep = self._fit(w, h)
        bold = art.font(size, True)
        plain = art.font(size)
        label_w = max([bold.size(it.label)[0] for it in self.items] + [0])
        key_w = max([plain.size(it.key)[0] for it in self.items] + [0])
        item_w = min(max(label_w + key_w + 4 * size, self.anchor.w * 4), w - 8)
        x = max(4, min(self.anchor.right - item_w, w - 4 - item_w))
        y = self.anchor.bottom + 6
        out = []
        for k, it in enumerate(self.items):
            if k and it.group != self.items[k - 1].group:
                y += sep
            out.append(pygame.Rect(x, y, item_w, row))
            y += row
        return out

    def frame(self, w: int, h: int) -> pygame.Rect:
        """The panel the items lie on."""
        rects = self.rects(w, h)
        return rects[0].unionall(rects[1:]).inflate(8, 8) if rects else pygame.Rect(self.anchor.bottomleft, (0, 0))

    def _at(self, x: int, y: int) -> int:
        return next((k for k, r in enumerate(self.rects(*self.app.size)) if r.collidepoint(x, y)), -1)

    def _next(self, start: int, step: int) -> int:
        """The next item that can be used from ``start`` going ``step`` (round the end), or -1."""
        n = len(self.items)
        for k in range(1, n + 1):
            i = (start + step * k) % n if start >= 0 or step > 0 else (n - k) % n
            if self.items[i].enabled:
                return i
        return -1

    # -- input ---------------------------------------------------------------------------------
    def spoken(self) -> str:
        """The items that can be chosen, read when the menu opens (speech)."""
        return spoken_choices([it.label for it in self.items if it.enabled])

    def focus_spoken(self) -> str:
        """The item chosen with Up/Down, with its key."""
        if not 0 <= self.focus < len(self.items):
            return ""
        item = self.items[self.focus]
        return f"{item.label}, {item.key}" if item.key else item.label

    def run(self, k: int) -> None:
        """Close the menu and run item ``k`` (an item that cannot be used now does nothing)."""
        item = self.items[k]
        if not item.enabled:
            return
        self.app.pop(self)
        item.action()

    def handle(self, cmd: Input) -> None:
        """Choose, run, or close; see the module docstring."""
        if isinstance(cmd, PointerMove):
            k = self._at(cmd.x, cmd.y)
            if k != self.hover:
                self.hover = k
                if k >= 0 and self.items[k].enabled:
                    self.focus = k
                self.full = True
        elif isinstance(cmd, PointerDown):
            k = self._at(cmd.x, cmd.y)
            if cmd.button == 1 and k >= 0:
                self.run(k)
            elif k < 0:
                self.app.pop(self)  # a click outside (the menu button too) closes it and does nothing else
        elif isinstance(cmd, Action):
            asked = cmd.command
            if asked in (Command.UP, Command.DOWN) and self.items:
                self.focus = self._next(self.focus, -1 if asked is Command.UP else 1)
                self.full = True
            elif asked in (Command.HOME, Command.END) and self.items:
                self.focus = self._next(-1, 1) if asked is Command.HOME else self._next(0, -1)
                self.full = True
            elif asked in (Command.CONFIRM, Command.SELECT) and self.focus >= 0:
                self.run(self.focus)
            elif asked in (Command.CANCEL, Command.MENU):
                self.app.pop(self)
            elif asked is Command.QUIT:
                self.app.quit()

    # -- drawing -------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, alpha: float) -> list[pygame.Rect] | None:
        """The items on a panel under the menu button, the chosen one lit, each key at the right."""
        w, h = surface.get_size()
        rects = self.rects(w, h)
        size = self._fit(w, h)[0]
        colours = theme.palette()
        if rects:
            frame = self.frame(w, h)
            shadow = pygame.Surface(frame.size, pygame.SRCALPHA)
            shadow.fill((0, 0, 0, 90))
            surface.blit(shadow, frame.move(3, 4))
            pygame.draw.rect(surface, colours.panel, frame, border_radius=6)
            pygame.draw.rect(surface, colours.button_edge, frame, width=1, border_radius=6)
        for k, (r, it) in enumerate(zip(rects, self.items)):
            if k and it.group != self.items[k - 1].group:
                y = r.y - max(3, size // 2) // 2 - 1
                pygame.draw.line(surface, colours.bar_edge, (r.x + size // 2, y), (r.right - size // 2, y))
            if k == self.focus and it.enabled:
                pygame.draw.rect(surface, colours.button_hover, r, border_radius=4)
            colour = colours.text if it.enabled else colours.icon_off
            key_img = art.text(it.key, size, colours.text_dim if it.enabled else colours.icon_off) if it.key else None
            room = r.w - 2 * size - (key_img.get_width() + size if key_img else 0)
            img = art.text(ellipsize(it.label, size, room, True), size, colour, True)
            surface.blit(img, img.get_rect(midleft=(r.x + size, r.centery)))
            if key_img is not None:
                surface.blit(key_img, key_img.get_rect(midright=(r.right - size, r.centery)))
        self.full = False
        return None
