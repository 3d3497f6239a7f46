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
from ..text.i18n import _
from . import art, theme
from .changes import StatusNote, TablePrefs, WinRecord
from .commands import Command
from .display_scale import DisplayScale
from .input import Action, Input, PointerDown, PointerMove, PointerUp
from .layout import sized, text_scale
from .widgets import GOLD, ButtonSpec, draw_button, wrap_balanced


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

    @property
    def display(self) -> DisplayScale: ...

    def push(self, screen: Screen) -> None: ...

    def pop(self, screen: Screen | None = None) -> None: ...

    def quit(self) -> None: ...

    def buttons(self) -> list[ButtonSpec]: ...

    def new_deal(self, seed: int | None = None) -> None: ...

    def status_notes(self) -> list[StatusNote]: ...

    def win_notes(self) -> list[str]: ...

    def win_record(self) -> WinRecord | None: ...

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

    def spoken(self) -> str:
        """What the screen says when it opens (play by ear): its title, its text and its choices, in
        the player's language; "" for nothing."""
        return ""

    def focus_spoken(self) -> str:
        """What is under the keyboard's focus on this screen now (said again whenever it changes); ""."""
        return ""


def spoken_choices(labels: list[str]) -> str:
    """The choices a screen offers, spoken: "Choices: New deal, Keep playing." ("" for none)."""
    labels = [label for label in labels if label]
    if not labels:
        return ""
    # TRANSLATORS: spoken when a screen or a question opens; {choices} lists its buttons, separated by commas.
    return _("Choices: {choices}.").format(choices=", ".join(labels))


def spoken_join(*parts: str) -> str:
    """Sentences said one after another, each ended by a full stop when it has none."""
    said = [p.strip() for p in parts if p and p.strip()]
    return " ".join(p if p[-1] in ".!?:;\u2026" else p + "." for p in said)


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
        lines = wrap_balanced(self.question, size, box_w - 2 * size)  # no word left alone on the last line
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

    def spoken(self) -> str:
        """The title, the question and the answers."""
        return spoken_join(self.title, self.question, spoken_choices([label for label, _a in self.answers]))

    def focus_spoken(self) -> str:
        """The answer Enter gives."""
        return self.answers[min(self.focus, len(self.answers) - 1)][0] if self.answers else ""

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

    def draw_above_text(self, surface: pygame.Surface, box: pygame.Rect, size: int, y: int) -> int:
        """Draw what a kind of question shows between its title and its text, from ``y`` down; where
        the text begins (here: nothing, at ``y``)."""
        return y

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
        y = self.draw_above_text(surface, box, size, y)
        for line in lines:
            img = art.text(line, size, colours.text)
            surface.blit(img, img.get_rect(midtop=(box.centerx, y)))
            y += round(size * 1.35)
        for i, (r, (label, _act)) in enumerate(zip(rects, self.answers)):
            draw_button(surface, r, label, size, hover=(i == self.hover), accent=(i == self.focus))
        self.full = False
        return None
