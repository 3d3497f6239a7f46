"""The screen interface the app's stack holds, and the question dialog.

A screen gets input (see input.py), advances by fixed steps, and draws. ``draw``
returns the rectangles it changed, or None when the whole window changed; the app then
updates just those rectangles or flips the whole window. A screen that is not
``opaque`` (a dialog, an overlay) is drawn over the screen beneath it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import pygame

from ..play.session import TableSession
from . import art, theme
from .changes import StatusNote, TablePrefs
from .commands import Command
from .input import Action, Input, PointerDown, PointerMove, PointerUp
from .layout import sized, text_scale
from .widgets import GOLD, ButtonSpec, draw_button, wrap


class Host(Protocol):
    """What the screens (the table and its sections among them) use of the app that holds them.

    ``App`` has all of it; the screens name this instead of ``App`` so that nothing beneath the
    app imports it (the app imports the screens).
    """

    @property
    def prefs(self) -> TablePrefs: ...

    @property
    def session(self) -> TableSession: ...

    @property
    def size(self) -> tuple[int, int]: ...

    @property
    def top(self) -> Screen: ...

    @property
    def step(self) -> float: ...

    @property
    def fullscreen(self) -> bool: ...

    def push(self, screen: Screen) -> None: ...

    def pop(self, screen: Screen | None = None) -> None: ...

    def quit(self) -> None: ...

    def buttons(self) -> list[ButtonSpec]: ...

    def new_deal(self, seed: int | None = None) -> None: ...

    def status_notes(self) -> list[StatusNote]: ...

    def win_notes(self) -> list[str]: ...

    def show_rules(self) -> None: ...

    def toggle_fullscreen(self) -> None: ...


class Screen:
    """Base screen: override what you need."""

    opaque = True
    app: Host
    full: bool

    def __init__(self, app: Host) -> None:
        self.app = app
        self.full = True  # the next draw must repaint everything

    def handle(self, cmd: Input) -> None:
        """Act on one input."""

    def update(self, dt: float) -> None:
        """Advance by one fixed step of ``dt`` seconds."""

    def busy(self) -> bool:
        """Is something moving (so the loop must keep drawing frames)?"""
        return False

    def settle(self) -> None:
        """Another screen comes over this one: whatever moves lands at once."""

    def needs_draw(self) -> bool:
        """Has anything changed since the last draw?"""
        return self.full

    def wake_in(self) -> float | None:
        """Seconds until the screen must be redrawn even with no input (a clock, a message), or None."""
        return None

    def invalidate(self) -> None:
        """Repaint everything at the next draw: the one way to ask for it from outside (a resize, an
        uncovered window, a status note or a cursor that changed)."""
        self.full = True

    def resize(self, w: int, h: int) -> None:
        """The window changed size."""
        self.invalidate()

    def draw(self, surface: pygame.Surface, alpha: float) -> list[pygame.Rect] | None:
        """Draw; return the changed rectangles, or None for the whole window."""
        self.full = False
        return None

    def closed(self) -> None:
        """Called when the screen leaves the stack."""


Answer = tuple[str, Callable[[], object] | None]  # a button's label and what it does (None: only close)


class QuestionDialog(Screen):
    """A question over the table with a few answers; Esc picks the last (the safe one).

    The question, the answers' labels and the title come in the player's language: the caller
    builds them (they hold numbers and names) with ``_()`` and ``pgettext("button", ...)``.
    """

    opaque = False

    def __init__(self, app: Host, question: str, answers: list[Answer],
                 title: str = "") -> None:
        super().__init__(app)
        self.question = question
        self.title = title
        self.answers = answers
        self.rects: list[pygame.Rect] = []
        self.hover = -1
        self.pressed = -1
        self.focus = 0  # the answer Enter gives; Left/Right move it (keyboard play)

    def layout(self, w: int, h: int) -> tuple[pygame.Rect, int, list[str], list[pygame.Rect]]:
        """The box, the text size, the wrapped lines and the answer buttons for a w x h window."""
        size = sized(max(14, min(round(24 * text_scale(w, h)), min(w, h) // 30)), self.app.prefs.text_factor)
        n = len(self.answers)
        spacing = max(14, size)
        f = art.font(size, True)
        natural = [f.size(label)[0] + 2 * size for label, _ in self.answers]
        # wide enough for every answer at full size (long answers, several of them), within the window
        need = sum(natural) + spacing * max(n - 1, 0) + 2 * size
        box_w = min(w - 20, max(320, size * 26, need))
        lines = wrap(self.question, size, box_w - 2 * size)
        bh = max(44, size * 2 + 8)
        title_h = round(size * 1.6) if self.title else 0
        box_h = size + title_h + len(lines) * round(size * 1.35) + size + bh + size
        box = pygame.Rect(0, 0, box_w, box_h)
        box.center = (w // 2, h // 2)
        box.clamp_ip(pygame.Rect(0, 0, w, h))
        room = box_w - 2 * size - spacing * max(n - 1, 0)
        even = room // max(n, 1)
        if all(nat <= even for nat in natural):
            widths = [even] * n  # equal buttons when every label fits
        else:
            k = min(1.0, room / max(sum(natural), 1))  # else each as wide as its label needs
            widths = [int(nat * k) for nat in natural]
            widths = [wd + (room - sum(widths)) // n for wd in widths]
        total = sum(widths) + spacing * max(n - 1, 0)
        x = box.centerx - total // 2
        rects = []
        for wd in widths:
            rects.append(pygame.Rect(x, box.bottom - size - bh, wd, bh))
            x += wd + spacing
        return box, size, lines, rects

    def _answer(self, i: int) -> None:
        self.app.pop(self)
        action = self.answers[i][1]
        if action is not None:
            action()

    def handle(self, cmd: Input) -> None:
        """Buttons answer; Esc takes the last answer, Enter the chosen one (Left/Right choose; the first at start)."""
        w, h = self.app.size
        _, _, _, rects = self.layout(w, h)
        if isinstance(cmd, PointerDown) and cmd.button == 1:
            self.pressed = next((i for i, r in enumerate(rects) if r.collidepoint(cmd.x, cmd.y)), -1)
        elif isinstance(cmd, PointerUp) and cmd.button == 1:
            i = next((i for i, r in enumerate(rects) if r.collidepoint(cmd.x, cmd.y)), -1)
            if i >= 0 and i == self.pressed:
                self._answer(i)
            self.pressed = -1
        elif isinstance(cmd, PointerMove):
            i = next((i for i, r in enumerate(rects) if r.collidepoint(cmd.x, cmd.y)), -1)
            if i != self.hover:
                self.hover = i
                self.full = True
        elif isinstance(cmd, Action):
            asked = cmd.command
            if asked is Command.CANCEL and self.answers:
                self._answer(len(self.answers) - 1)
            elif asked in (Command.CONFIRM, Command.SELECT) and self.answers:
                self._answer(min(self.focus, len(self.answers) - 1))
            elif asked in (Command.LEFT, Command.RIGHT) and self.answers:
                self.focus = (self.focus + (1 if asked is Command.RIGHT else -1)) % len(self.answers)
                self.full = True
            elif asked is Command.QUIT:
                self.app.quit()

    def draw(self, surface: pygame.Surface, alpha: float) -> list[pygame.Rect] | None:
        """A dimmed table, the box, the question and the answers."""
        w, h = surface.get_size()
        art.darken(surface, 120)
        box, size, lines, rects = self.layout(w, h)
        self.rects = rects
        colours = theme.palette()
        pygame.draw.rect(surface, colours.dialog, box, border_radius=12)
        pygame.draw.rect(surface, GOLD, box, width=2, border_radius=12)
        y = box.y + size
        if self.title:
            img = art.text(self.title, round(size * 1.2), GOLD, True)
            surface.blit(img, img.get_rect(midtop=(box.centerx, y)))
            y += round(size * 1.6)
        for line in lines:
            img = art.text(line, size, colours.text)
            surface.blit(img, img.get_rect(midtop=(box.centerx, y)))
            y += round(size * 1.35)
        for i, (r, (label, _)) in enumerate(zip(rects, self.answers)):
            draw_button(surface, r, label, size, hover=(i == self.hover), accent=(i == self.focus))
        self.full = False
        return None


class MenuList(Screen):
    """A short list of commands opened from a button (the bar's "More"), drawn just above it.

    A click on an item closes the list and runs it; a click anywhere else, the right button
    or Esc closes it. Up/Down choose an item and Enter runs it (keyboard play). The items'
    labels come translated (the bar's ``ButtonSpec.text()``).
    """

    opaque = False

    def __init__(self, app: Host, items: list[tuple[str, Callable[[], None], bool]], anchor: pygame.Rect,
                 size: int) -> None:
        super().__init__(app)
        self.items = items  # (label, action, enabled)
        self.anchor = anchor.copy()
        self.size = size
        self.hover = -1
        self.focus = -1  # an item chosen with Up/Down (keyboard play), none at first

    def rects(self, w: int, h: int) -> list[pygame.Rect]:
        """One rectangle per item, stacked upwards from above the anchor, inside the window."""
        f = art.font(self.size, True)
        item_w = max([f.size(label)[0] + 3 * self.size for label, _, _ in self.items] + [self.anchor.w])
        item_w = min(item_w, w - 8)
        item_h = max(36, round(self.size * 2.1))
        gap = 4
        total = len(self.items) * (item_h + gap)
        if total > self.anchor.y - 4:  # a very low window: shorter rows rather than off the top
            item_h = max(12, (self.anchor.y - 4) // max(len(self.items), 1) - gap)
            total = len(self.items) * (item_h + gap)
        x = max(4, min(self.anchor.right - item_w, w - 4 - item_w))
        y = max(4, self.anchor.y - total)
        return [pygame.Rect(x, y + k * (item_h + gap), item_w, item_h) for k in range(len(self.items))]

    def _run(self, k: int) -> None:
        self.app.pop(self)
        _, action, enabled = self.items[k]
        if enabled:
            action()

    def handle(self, cmd: Input) -> None:
        """Pick an item, or close the list."""
        rects = self.rects(*self.app.size)
        if isinstance(cmd, PointerMove):
            k = next((k for k, r in enumerate(rects) if r.collidepoint(cmd.x, cmd.y)), -1)
            if k != self.hover:
                self.hover = k
                self.full = True
        elif isinstance(cmd, PointerDown):
            k = next((k for k, r in enumerate(rects) if r.collidepoint(cmd.x, cmd.y)), -1)
            if cmd.button == 1 and k >= 0:
                self._run(k)
            else:
                self.app.pop(self)
        elif isinstance(cmd, Action):
            asked = cmd.command
            if asked in (Command.UP, Command.DOWN, Command.LEFT, Command.RIGHT) and self.items:
                step = -1 if asked in (Command.UP, Command.LEFT) else 1
                n = len(self.items)
                self.focus = (self.focus + step) % n if self.focus >= 0 else (n - 1 if step < 0 else 0)
                self.full = True
            elif asked in (Command.CONFIRM, Command.SELECT) and self.items and self.focus >= 0:
                self._run(self.focus)
            elif asked is Command.QUIT:
                self.app.quit()
            else:
                self.app.pop(self)

    def draw(self, surface: pygame.Surface, alpha: float) -> list[pygame.Rect] | None:
        """The items on a panel above the anchor."""
        rects = self.rects(*surface.get_size())
        if rects:
            frame = rects[0].unionall(rects[1:]).inflate(12, 12)
            pygame.draw.rect(surface, theme.palette().panel, frame, border_radius=8)
            pygame.draw.rect(surface, theme.palette().button_edge, frame, width=1, border_radius=8)
        for k, (r, (label, _, enabled)) in enumerate(zip(rects, self.items)):
            draw_button(surface, r, label, self.size, hover=(k == self.hover), enabled=enabled,
                        accent=(k == self.focus))
        self.full = False
        return None
