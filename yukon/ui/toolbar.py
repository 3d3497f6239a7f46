"""The slim toolbar along the window's top: where its buttons go, and their icons, drawn by code.

The actions of every game (``commands.ICONS``: New deal, Restart, Undo, Redo, Hint, All home)
are icon buttons, in groups with a thin line between them; a lesson's way out
(``commands.BAR_TEXT``) is a text button; the menu button (three lines) sits at the right end,
and every other button of the bar is an item of its menu. ``layout_toolbar`` is pure geometry;
``icon`` draws an icon once per size and colour (drawn four times larger and smoothed down,
so its curves are clean at every size).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from . import art
from .commands import BAR_TEXT, ICONS, Command
from .layout import sized, toolbar_rect
from .widgets import ButtonSpec

# The icon groups, a thin line between them: the deal, the moves, help with them.
ICON_GROUP: dict[Command, int] = {Command.NEW_DEAL: 0, Command.RESTART: 0, Command.UNDO: 1, Command.REDO: 1,
                                  Command.HINT: 2, Command.ALL_HOME: 2}
SUPERSAMPLE = 4


@dataclass(slots=True)
class BarLayout:
    """Where each of the bar's buttons lies (``rects`` in the order of its ``ButtonSpec`` list; a
    button that is a menu item has an empty rect and its index in ``hidden``), the menu button
    (``more``) and the group lines (``lines``: x positions)."""

    rect: pygame.Rect
    font_size: int
    rects: list[pygame.Rect]
    more: pygame.Rect
    hidden: list[int] = field(default_factory=list)
    lines: list[int] = field(default_factory=list)

    def shown(self) -> list[int]:
        """The indices of the buttons drawn in the bar."""
        return [i for i in range(len(self.rects)) if i not in self.hidden]


def layout_toolbar(specs: list[ButtonSpec], width: int, height: int, factor: float = 1.0) -> BarLayout:
    """Lay the toolbar out in a ``width`` x ``height`` window (text at ``factor`` times its size):
    icon buttons from the left, square and as high as the bar allows; text buttons after them;
    the menu button at the right end. A button that does not fit before the menu button (a very
    narrow window), and every button that is neither an icon nor a bar text, goes in the menu."""
    bar = toolbar_rect(width, height)
    pad = max(2, bar.h // 9)
    side = max(8, bar.h - 2 * pad)
    gap = max(2, side // 7)
    margin = max(4, min(16, width // 100))
    size = min(sized(max(11, round(side * 0.4)), factor), round(side * 0.62))
    more = pygame.Rect(width - margin - side, bar.y + pad, side, side)
    f = art.font(size, True)
    rects: list[pygame.Rect] = []
    hidden: list[int] = []
    lines: list[int] = []
    x = margin
    group = None
    for i, spec in enumerate(specs):
        command = spec.command
        if command in ICONS:
            g = ICON_GROUP.get(command, 3)
            sep = 0 if group is None or g == group else 3 * gap
            w = side
        elif command in BAR_TEXT:
            g, sep = 4, (3 * gap if group is not None else 0)
            w = f.size(spec.text())[0] + 2 * size
        else:
            rects.append(pygame.Rect(more.x, more.y, 0, 0))
            hidden.append(i)
            continue
        if x + sep + w > more.x - gap:
            rects.append(pygame.Rect(more.x, more.y, 0, 0))
            hidden.append(i)
            continue
        if sep:
            lines.append(x + sep // 2)
        x += sep
        rects.append(pygame.Rect(x, bar.y + pad, w, side))
        x += w + gap
        group = g
    return BarLayout(bar, size, rects, more, hidden, lines)


def _thick_arc(surf: pygame.Surface, colour: tuple[int, int, int], centre: tuple[float, float], r: float,
               a0: float, a1: float, lw: float) -> tuple[float, float]:
    """An arc of radius ``r`` from angle ``a0`` to ``a1`` (degrees, counter-clockwise as on a clock
    face turned maths-wise, y up) ``lw`` thick; returns its end point."""
    cx, cy = centre
    n = max(8, int(abs(a1 - a0) / 4))
    outer, inner = [], []
    for k in range(n + 1):
        a = math.radians(a0 + (a1 - a0) * k / n)
        outer.append((cx + (r + lw / 2) * math.cos(a), cy - (r + lw / 2) * math.sin(a)))
        inner.append((cx + (r - lw / 2) * math.cos(a), cy - (r - lw / 2) * math.sin(a)))
    pygame.draw.polygon(surf, colour, outer + inner[::-1])
    a = math.radians(a1)
    return cx + r * math.cos(a), cy - r * math.sin(a)


def _line(surf: pygame.Surface, colour: tuple[int, int, int], a: tuple[float, float], b: tuple[float, float],
          lw: float) -> None:
    """A thick line with round ends."""
    pygame.draw.line(surf, colour, a, b, max(1, round(lw)))
    for p in (a, b):
        pygame.draw.circle(surf, colour, p, lw / 2)


def _head(surf: pygame.Surface, colour: tuple[int, int, int], tip: tuple[float, float], angle: float,
          length: float) -> None:
    """A filled arrowhead with its tip at ``tip`` pointing at ``angle`` degrees (0: right, 90: up)."""
    a = math.radians(angle)
    back = (tip[0] - length * math.cos(a), tip[1] + length * math.sin(a))
    nx, ny = -math.sin(a) * length * 0.62, -math.cos(a) * length * 0.62
    pygame.draw.polygon(surf, colour, [tip, (back[0] + nx, back[1] + ny), (back[0] - nx, back[1] - ny)])


def _card(surf: pygame.Surface, colour: tuple[int, int, int], rect: pygame.Rect, lw: float) -> None:
    pygame.draw.rect(surf, colour, rect, max(1, round(lw)), border_radius=max(1, rect.w // 6))


def _new_deal(s: pygame.Surface, c: tuple[int, int, int], n: int, lw: float) -> None:
    """A card with a plus beside it: a fresh deal."""
    _card(s, c, pygame.Rect(round(n * 0.16), round(n * 0.24), round(n * 0.44), round(n * 0.62)), lw)
    x, y, r = n * 0.74, n * 0.28, n * 0.15
    _line(s, c, (x - r, y), (x + r, y), lw)
    _line(s, c, (x, y - r), (x, y + r), lw)


def _restart(s: pygame.Surface, c: tuple[int, int, int], n: int, lw: float) -> None:
    """A circle of an arrow: from the start again."""
    end = _thick_arc(s, c, (n * 0.5, n * 0.54), n * 0.3, 120, 395, lw)
    along = math.radians(395 + 90)  # the way the arc runs at its end
    length = n * 0.24
    _head(s, c, (end[0] + length * 0.9 * math.cos(along), end[1] - length * 0.9 * math.sin(along)), 395 + 90, length)


def _undo(s: pygame.Surface, c: tuple[int, int, int], n: int, lw: float) -> None:
    """An arrow that goes right, turns back and points left: take a move back."""
    top, bottom, r = n * 0.34, n * 0.78, n * 0.22
    cx = n * 0.62
    _line(s, c, (n * 0.3, top), (cx, top), lw)
    _thick_arc(s, c, (cx, (top + bottom) / 2), r, 90, -90, lw)
    _line(s, c, (cx, bottom), (n * 0.36, bottom), lw)
    _head(s, c, (n * 0.1, top), 180, n * 0.26)


def _redo(s: pygame.Surface, c: tuple[int, int, int], n: int, lw: float) -> None:
    """Undo's arrow the other way round."""
    _undo(s, c, n, lw)
    flipped = pygame.transform.flip(s, True, False)
    s.fill((0, 0, 0, 0))
    s.blit(flipped, (0, 0))


def _hint(s: pygame.Surface, c: tuple[int, int, int], n: int, lw: float) -> None:
    """A light bulb: an idea."""
    cx, cy, r = n * 0.5, n * 0.4, n * 0.24
    _thick_arc(s, c, (cx, cy), r, -50, 230, lw)
    left, right = cx - r * math.cos(math.radians(50)), cx + r * math.cos(math.radians(50))
    low = cy + r * math.sin(math.radians(50))
    _line(s, c, (left, low), (cx - n * 0.1, n * 0.7), lw)
    _line(s, c, (right, low), (cx + n * 0.1, n * 0.7), lw)
    _line(s, c, (cx - n * 0.1, n * 0.7), (cx + n * 0.1, n * 0.7), lw)
    _line(s, c, (cx - n * 0.08, n * 0.82), (cx + n * 0.08, n * 0.82), lw)


def _all_home(s: pygame.Surface, c: tuple[int, int, int], n: int, lw: float) -> None:
    """A house: every card that can go home goes."""
    left, right, roof, eaves, floor = n * 0.22, n * 0.78, n * 0.14, n * 0.46, n * 0.84
    _line(s, c, (n * 0.1, eaves + n * 0.04), (n * 0.5, roof), lw)
    _line(s, c, (n * 0.5, roof), (n * 0.9, eaves + n * 0.04), lw)
    _line(s, c, (left, eaves - n * 0.02), (left, floor), lw)
    _line(s, c, (right, eaves - n * 0.02), (right, floor), lw)
    _line(s, c, (left, floor), (right, floor), lw)
    door = pygame.Rect(round(n * 0.42), round(n * 0.6), round(n * 0.16), round(n * 0.24))
    pygame.draw.rect(s, c, door)


def _menu(s: pygame.Surface, c: tuple[int, int, int], n: int, lw: float) -> None:
    """Three lines: the menu."""
    for y in (0.28, 0.5, 0.72):
        _line(s, c, (n * 0.2, n * y), (n * 0.8, n * y), lw)


DRAW: dict[Command, Callable[[pygame.Surface, tuple[int, int, int], int, float], None]] = {
    Command.NEW_DEAL: _new_deal,
    Command.RESTART: _restart,
    Command.UNDO: _undo,
    Command.REDO: _redo,
    Command.HINT: _hint,
    Command.ALL_HOME: _all_home,
    Command.MENU: _menu,
}


@functools.lru_cache(maxsize=64)
def icon(command: Command, size: int, colour: tuple[int, int, int]) -> pygame.Surface:
    """The icon of ``command`` (one of ``DRAW``), ``size`` pixels square, in ``colour`` on nothing."""
    size = max(4, size)
    n = size * SUPERSAMPLE
    big = pygame.Surface((n, n), pygame.SRCALPHA)
    DRAW[command](big, colour, n, max(2.0, n * 0.085))
    return pygame.transform.smoothscale(big, (size, size))
