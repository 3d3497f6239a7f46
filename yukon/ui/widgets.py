"""Buttons, the button bar, a passing message, a question dialog and a text panel.

The button bar is data: a list of ``ButtonSpec`` (label, action, key hint). An action is
either the name of a table command (``"undo"``, ``"hint"``, ...) or a callable taking no
arguments, so a new button (Lessons, Settings, Statistics) is one line:
``app.buttons.insert(-1, ButtonSpec("Stats", lambda: app.push(StatsScreen(app))))``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

import pygame

from . import art
from .layout import bar_height_for

TEXT = (240, 244, 236)
TEXT_DIM = (150, 160, 150)
BUTTON = (18, 52, 32)
BUTTON_HOVER = (34, 86, 54)
BUTTON_EDGE = (120, 170, 130)
PANEL = (14, 40, 24)
GOLD = (255, 206, 64)
Action = Callable[[], None] | str


@dataclass(slots=True)
class ButtonSpec:
    """A button: its label, what it does, and the key that does the same (shown as a hint)."""

    label: str
    action: Action
    key: str = ""
    enabled: Callable[[], bool] | None = None
    shown: Callable[[], str] | None = None  # the label as it reads now, when it changes (Full screen / Window)

    def text(self) -> str:
        """The label to draw."""
        return self.shown() if self.shown is not None else self.label


@dataclass(slots=True)
class BarLayout:
    """Where each button of the bar lies."""

    rect: pygame.Rect
    rows: int
    font_size: int
    rects: list[pygame.Rect]


def layout_bar(labels: list[str], width: int, height: int) -> BarLayout:
    """Place the buttons in one row if they fit at a readable size, else in two or three;
    in a window too small even for that, the buttons narrow and their labels shrink."""
    margin = max(6, min(16, width // 100))
    spacing = max(10, min(20, width // 80))
    for rows in (1, 2, 3):
        bar_h = min(bar_height_for(height, rows), max(height // 2, 1))
        row_h = (bar_h - 8 * (rows - 1) - 8) // rows
        size = max(11, min(22, round(row_h * 0.4)))
        per_row = -(-len(labels) // rows) if labels else 0
        while True:
            f = art.font(size, True)
            widths = [f.size(lb)[0] + 2 * max(10, size) for lb in labels]
            rows_w = [sum(widths[r * per_row:(r + 1) * per_row]) + spacing * (max(len(widths[r * per_row:(r + 1) * per_row]), 1) - 1)
                      for r in range(rows)]
            if max(rows_w, default=0) <= width - 2 * margin or size <= 11:
                break
            size -= 1
        if max(rows_w, default=0) <= width - 2 * margin or rows == 3:
            break
    bar = pygame.Rect(0, height - bar_h, width, bar_h)
    rects: list[pygame.Rect] = []
    for r in range(rows):
        ws = widths[r * per_row:(r + 1) * per_row]
        room = width - 2 * margin - spacing * (len(ws) - 1)
        if rows_w[r] > width - 2 * margin and ws:
            # A tiny window: narrower buttons (their labels shrink to fit) rather than cut off.
            spacing = max(4, spacing // 2)
            room = max(len(ws), width - 2 * margin - spacing * (len(ws) - 1))
            scale = room / sum(ws)
            ws = [max(1, int(w * scale)) for w in ws]
            rows_w[r] = sum(ws) + spacing * (len(ws) - 1)
        extra = max(0, (width - 2 * margin - rows_w[r]))
        # Buttons grow a little to fill a wide bar, but not to absurd widths.
        grow = min(extra // max(len(ws), 1), size * 3)
        total = sum(ws) + grow * len(ws) + spacing * (len(ws) - 1)
        x = (width - total) // 2
        y = bar.y + 4 + r * (row_h + 8)
        for w in ws:
            rects.append(pygame.Rect(x, y, w + grow, row_h))
            x += w + grow + spacing
    return BarLayout(bar, rows, size, rects)


def draw_button(surface: pygame.Surface, rect: pygame.Rect, label: str, size: int,
                hover: bool = False, enabled: bool = True, accent: bool = False) -> None:
    """A rounded button with a centred label."""
    radius = max(4, rect.h // 5)
    fill = BUTTON_HOVER if hover and enabled else BUTTON
    if accent:
        fill = (120, 90, 10) if not hover else (150, 116, 20)
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    pygame.draw.rect(surface, BUTTON_EDGE if enabled else (70, 90, 74), rect, width=1, border_radius=radius)
    img = button_label(label, size, rect.w, TEXT if enabled else TEXT_DIM)
    surface.blit(img, img.get_rect(center=rect.center))


def button_label(label: str, size: int, width: int, colour: tuple[int, int, int] = TEXT) -> pygame.Surface:
    """A button's label at ``size``, or smaller when that is too wide for a button ``width`` pixels wide."""
    img = art.text(label, size, colour, True)
    if img.get_width() > width - 4:
        img = art.text(label, max(8, size * (width - 4) // max(img.get_width(), 1)), colour, True)
    return img


def wrap(text: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Break ``text`` into lines no wider than ``width`` pixels (a long word gets a line of its own)."""
    f = art.font(size, bold)
    lines: list[str] = []
    for para in text.split("\n"):
        line = ""
        for word in para.split():
            trial = f"{line} {word}" if line else word
            if f.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


@dataclass(slots=True)
class Message:
    """A line shown to the player for a while (a refused move's reason, a hint, a tip)."""

    text: str
    until: float
    kind: str = "info"  # info, error, good


@dataclass(slots=True)
class Panel:
    """A block of text with buttons that a mode (a lesson) shows beside the table."""

    title: str
    paragraphs: list[str]
    buttons: list[tuple[str, Callable[[], None]]] = field(default_factory=list)


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, panel: Panel) -> list[tuple[pygame.Rect, Callable[[], None]]]:
    """Draw a mode's panel; return its button rectangles with their actions."""
    pygame.draw.rect(surface, PANEL, rect)
    pygame.draw.line(surface, BUTTON_EDGE, rect.topleft, rect.bottomleft)
    pad = max(8, rect.w // 18)
    size = max(12, min(20, rect.w // 17))
    y = rect.y + pad
    inner_w = rect.w - 2 * pad
    for line in wrap(panel.title, size + 4, inner_w, True):
        img = art.text(line, size + 4, GOLD, True)
        surface.blit(img, (rect.x + pad, y))
        y += img.get_height()
    y += size // 2
    for para in panel.paragraphs:
        for line in wrap(para, size, inner_w):
            img = art.text(line, size, TEXT)
            surface.blit(img, (rect.x + pad, y))
            y += img.get_height()
        y += size // 2
    out = []
    bh = max(40, size * 2 + 8)
    y = max(y + size // 2, rect.bottom - pad - len(panel.buttons) * (bh + 10))
    for label, action in panel.buttons:
        r = pygame.Rect(rect.x + pad, y, inner_w, bh)
        draw_button(surface, r, label, size)
        out.append((r, action))
        y += bh + 10
    return out
