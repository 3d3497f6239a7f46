"""A modal sheet over the table: the shared frame of the settings, statistics, keys and deal screens.

A sheet is a centred panel with a title, its own content and a row of buttons along the
bottom; it takes the app's input commands (``input.py``) and can ask a yes/no question
in place before doing something that cannot be taken back. Subclasses fill in
``draw_content`` and ``buttons``; ``closed`` tells the app to take the sheet away.

A sheet's ``title`` (marked ``N_``) and the labels of its ``buttons`` (marked
``NC_("button", ...)``) are English; the sheet translates them as it draws, so a change
of language shows at the next frame. A question's text and answers come translated
(they are sentences built with their numbers).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from ..text.i18n import NC_, _, pgettext
from . import art, theme
from .commands import Asked, Command
from .input import Action, Input, PointerDown, PointerMove, PointerUp, Quit, Resize, Wheel
from .layout import sized, text_scale
from .parts import TablePrefs
from .screen import Host, Screen, spoken_choices, spoken_join
from .widgets import GOLD, TEXT, TEXT_DIM, draw_button, wrap

SHADE = (0, 0, 0, 150)
FOCUS = (255, 206, 64)
NOTE = (255, 190, 120)  # a footnote: something the player should know about the choices made


@dataclass(slots=True)
class Question:
    """A question with its answers; each answer runs its action and the question goes away."""

    text: str
    answers: list[tuple[str, Callable[[], None]]]
    cancel_index: int = -1  # the answer Esc gives


class Sheet:
    """A modal panel: title, content, buttons, an optional question on top."""

    title = ""  # in English, marked with N_(); drawn in the player's language

    def __init__(self) -> None:
        self.closed = False
        self.question: Question | None = None
        self.hover: tuple[int, int] | None = None
        self._hits: list[tuple[pygame.Rect, Callable[[], None]]] = []
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.size = 16
        self.prefs = TablePrefs()  # how the app draws (text size, high contrast), given with each draw
        self.focus_button: int | None = None  # a bottom button chosen with Left/Right, for Enter
        self.question_focus = 0

    # -- to be filled in by a sheet ------------------------------------------------------
    def buttons(self) -> list[tuple[str, Callable[[], None]]]:
        """The buttons along the bottom (label in English, marked with NC_("button", ...); action)."""
        return [(NC_("button", "Close"), self.close)]

    def draw_content(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Draw the sheet's own content into ``rect``."""

    def content_height(self, width: int) -> int:
        """How tall the content would like to be at ``width`` (the panel shrinks to fit)."""
        return 10**6

    def action(self, asked: Asked) -> bool:
        """A key's command for the content (Up, Down, a digit ...); True when used."""
        return False

    def click(self, x: int, y: int) -> bool:
        """A click inside the content; True when used."""
        return False

    def wheel(self, dy: int) -> None:
        """The mouse wheel over the sheet (up is positive)."""

    def drag(self, x: int, y: int) -> None:
        """The pointer moves to (x, y) with the left button down (after a ``click`` in the content)."""

    def release(self, x: int, y: int) -> None:
        """The left button comes up at (x, y)."""

    def content_spoken(self) -> str:
        """The content's text, said when the sheet opens (play by ear); "" for none."""
        return ""

    # -- common behaviour ----------------------------------------------------------------
    def spoken(self) -> str:
        """What the sheet says when it opens: its title, its content and its buttons."""
        return spoken_join(_(self.title) if self.title else "", self.content_spoken(),
                           spoken_choices([pgettext("button", label) for label, _act in self.buttons()]))

    def focus_spoken(self) -> str:
        """What the keys are on: the question and its chosen answer, else a bottom button (or "")."""
        q = self.question
        if q is not None:
            return spoken_join(q.text, q.answers[self.question_focus][0] if q.answers else "")
        buttons = self.buttons()
        if self.focus_button is not None and buttons:
            return pgettext("button", buttons[min(self.focus_button, len(buttons) - 1)][0])
        return ""

    def close(self) -> None:
        """Take the sheet away."""
        self.closed = True

    def ask(self, text: str, answers: list[tuple[str, Callable[[], None]]], cancel_index: int = -1) -> None:
        """Put a question over the sheet (Left/Right choose an answer, Enter gives it)."""
        self.question = Question(text, answers, cancel_index)
        self.question_focus = 0

    def _answer(self, index: int) -> None:
        q = self.question
        self.question = None
        if q is not None:
            q.answers[index][1]()

    def _key(self, asked: Asked) -> None:
        """A key: the question's answers first, then the content, then the buttons (Left/Right, Enter)."""
        if self.question is not None:
            n = len(self.question.answers)
            if asked is Command.CANCEL:
                self._answer(self.question.cancel_index)
            elif asked in (Command.CONFIRM, Command.SELECT):
                self._answer(self.question_focus)
            elif asked in (Command.LEFT, Command.RIGHT, Command.UP, Command.DOWN):
                step = -1 if asked in (Command.LEFT, Command.UP) else 1
                self.question_focus = (self.question_focus + step) % n
            return
        if self.action(asked):
            return
        buttons = self.buttons()
        if asked in (Command.LEFT, Command.RIGHT) and buttons:
            if self.focus_button is None:
                self.focus_button = len(buttons) - 1 if asked is Command.LEFT else 0
            else:
                step = -1 if asked is Command.LEFT else 1
                self.focus_button = (self.focus_button + step) % len(buttons)
            return
        if asked in (Command.CONFIRM, Command.SELECT) and self.focus_button is not None and buttons:
            buttons[min(self.focus_button, len(buttons) - 1)][1]()
            return
        if asked in (Command.CANCEL, Command.KEYS, Command.QUIT, Command.CONFIRM):
            self.close()

    def handle(self, cmd: Input) -> None:
        """Act on one input."""
        if isinstance(cmd, Quit):
            return
        if isinstance(cmd, PointerMove):
            self.hover = (cmd.x, cmd.y)
            if cmd.held and self.question is None:
                self.drag(cmd.x, cmd.y)
            return
        if isinstance(cmd, PointerUp):
            if cmd.button == 1 and self.question is None:
                self.release(cmd.x, cmd.y)
            return
        if isinstance(cmd, Action):
            self._key(cmd.command)
            return
        if isinstance(cmd, PointerDown):
            if cmd.button != 1:
                if cmd.button == 3 and self.question is None:
                    self.close()
                return
            for rect, act in self._hits:
                if rect.collidepoint(cmd.x, cmd.y):
                    act()
                    return
            if self.question is None:
                self.click(cmd.x, cmd.y)
            return
        if isinstance(cmd, Wheel):
            if self.question is None:
                self.wheel(cmd.dy)
            return
        if isinstance(cmd, Resize):
            return

    def draw(self, surface: pygame.Surface, prefs: TablePrefs | None = None) -> None:
        """Shade the table and draw the sheet (and its question), at the text size of ``prefs``."""
        if prefs is not None:
            self.prefs = prefs
        w, h = surface.get_size()
        art.darken(surface, SHADE[3])
        self.size = size = sized(max(13, min(round(26 * text_scale(w, h)), min(w, h) // 36)), self.prefs.text_factor)
        pad = max(10, size)
        bh = max(40, size * 2 + 10)
        pw = min(w - 16, max(360, min(size * 40, w * 9 // 10)))
        title_h = art.font(size + 6, True).get_linesize()
        inner_w = pw - 2 * pad
        want = self.content_height(inner_w)
        ph = min(h - 16, title_h + want + bh + 4 * pad)
        self.panel = panel = pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)
        colours = theme.palette()
        pygame.draw.rect(surface, colours.panel, panel, border_radius=10)
        pygame.draw.rect(surface, colours.button_edge, panel, width=2, border_radius=10)
        img = art.text(_(self.title) if self.title else "", size + 6, GOLD, True)
        surface.blit(img, (panel.x + pad, panel.y + pad))
        content = pygame.Rect(panel.x + pad, panel.y + pad + title_h + pad // 2, inner_w,
                              panel.h - title_h - bh - 3 * pad - pad // 2)
        clip = surface.get_clip()
        surface.set_clip(content.clip(clip) if clip else content)
        self.draw_content(surface, content)
        surface.set_clip(clip)
        self._hits = []
        buttons = [(pgettext("button", label), act) for label, act in self.buttons()] if self.question is None else []
        row = pygame.Rect(panel.x + pad, panel.bottom - pad - bh, inner_w, bh)
        left = self._draw_buttons(surface, buttons, row, size, self.focus_button)
        note = self.footnote() if self.question is None else None
        if note is not None:
            self._draw_footnote(surface, note, pygame.Rect(row.x, row.y, left - row.x - pad, row.h), size)
        if self.question is not None:
            self._draw_question(surface, self.question, size)

    def footnote(self) -> str | None:
        """A word beside the buttons that the content cannot hold without moving (None: none)."""
        return None

    def _draw_footnote(self, surface: pygame.Surface, note: str, rect: pygame.Rect, size: int) -> None:
        """``note`` in ``rect``, left of the buttons: wrapped, at a smaller size until it fits."""
        if rect.w < 40:
            return
        size = max(10, size - 3)
        lines = wrap(note, size, rect.w)
        while size > 9 and len(lines) * art.font(size).get_linesize() > rect.h:
            size -= 1
            lines = wrap(note, size, rect.w)
        line_h = art.font(size).get_linesize()
        y = rect.centery - len(lines) * line_h // 2
        clip = surface.get_clip()
        surface.set_clip(rect.clip(clip))
        for line in lines:
            surface.blit(art.text(line, size, NOTE), (rect.x, y))
            y += line_h
        surface.set_clip(clip)

    def focus_width(self) -> int:
        """How thick a focus outline is drawn (thicker in high contrast)."""
        return 4 if self.prefs.high_contrast else 2

    def _draw_buttons(self, surface: pygame.Surface, buttons: list[tuple[str, Callable[[], None]]],
                      row: pygame.Rect, size: int, focus: int | None = None) -> int:
        """Draw ``buttons`` along the right of ``row``; the x where the leftmost begins."""
        if not buttons:
            return row.right
        f = art.font(size, True)
        gap = max(12, size)
        widths = [f.size(label)[0] + 2 * size + 8 for label, _ in buttons]
        total = sum(widths) + gap * (len(widths) - 1)
        if total > row.w:
            k = (row.w - gap * (len(widths) - 1)) / max(sum(widths), 1)
            widths = [int(wd * k) for wd in widths]
            total = row.w
        x = row.right - total
        for i, ((label, act), wd) in enumerate(zip(buttons, widths)):
            r = pygame.Rect(x, row.y, wd, row.h)
            hover = self.hover is not None and r.collidepoint(self.hover)
            draw_button(surface, r, label, size, hover=hover)
            if i == focus:
                pygame.draw.rect(surface, FOCUS, r.inflate(6, 6), width=self.focus_width(),
                                 border_radius=max(4, r.h // 5) + 3)
            self._hits.append((r, act))
            x += wd + gap
        return row.right - total

    def _draw_question(self, surface: pygame.Surface, q: Question, size: int) -> None:
        w, h = surface.get_size()
        art.darken(surface, 110)
        pad = max(12, size)
        f = art.font(size, True)
        gap = max(12, size)
        # wide enough that every answer keeps its full-size label (big windows, long answers)
        needed = sum(f.size(label)[0] + 2 * size + 8 for label, _ in q.answers) + gap * (len(q.answers) - 1) + 2 * pad
        bw = min(w - 24, max(320, min(560, w * 3 // 4), needed))
        lines = wrap(q.text, size + 2, bw - 2 * pad)
        line_h = art.font(size + 2).get_linesize()
        bh = max(40, size * 2 + 10)
        bh_total = len(lines) * line_h + bh + 3 * pad
        box = pygame.Rect((w - bw) // 2, (h - bh_total) // 2, bw, bh_total)
        pygame.draw.rect(surface, theme.palette().dialog, box, border_radius=10)
        pygame.draw.rect(surface, GOLD, box, width=2, border_radius=10)
        y = box.y + pad
        for line in lines:
            img = art.text(line, size + 2, theme.palette().text)
            surface.blit(img, (box.x + pad, y))
            y += line_h
        answers: list[tuple[str, Callable[[], None]]] = [
            (label, functools.partial(self._answer, i)) for i, (label, _act) in enumerate(q.answers)]
        self._draw_buttons(surface, answers, pygame.Rect(box.x + pad, box.bottom - pad - bh, bw - 2 * pad, bh), size,
                           self.question_focus)


def draw_paragraphs(surface: pygame.Surface, rect: pygame.Rect, paragraphs: list[str], size: int,
                    colour: tuple[int, int, int] = TEXT, y: int | None = None) -> int:
    """Wrapped paragraphs from ``y`` (default: the top of ``rect``); returns the y below them."""
    y = rect.y if y is None else y
    line_h = art.font(size).get_linesize()
    for para in paragraphs:
        for line in wrap(para, size, rect.w):
            surface.blit(art.text(line, size, colour), (rect.x, y))
            y += line_h
        y += size // 2
    return y


__all__ = ["FOCUS", "GOLD", "TEXT", "TEXT_DIM", "Question", "Sheet", "draw_paragraphs"]


class SheetScreen(Screen):
    """Puts a ``Sheet`` on the app's screen stack (drawn over the table)."""

    opaque = False

    def __init__(self, app: Host, sheet: Sheet) -> None:
        super().__init__(app)
        self.sheet = sheet

    def handle(self, cmd: Input) -> None:
        """Pass the input to the sheet; take it away once it closed."""
        if isinstance(cmd, Action) and cmd.command is Command.QUIT:
            self.app.quit()
            return
        self.sheet.handle(cmd)
        if not isinstance(cmd, PointerMove) or self.sheet.hover is not None:
            self.full = True
        if self.sheet.closed:
            self.app.pop(self)

    def spoken(self) -> str:
        """The sheet's words on opening."""
        return self.sheet.spoken()

    def focus_spoken(self) -> str:
        """What the sheet's keys are on."""
        return self.sheet.focus_spoken()

    def draw(self, surface: pygame.Surface, alpha: float) -> list[pygame.Rect] | None:
        """Draw the sheet over whatever is beneath."""
        self.sheet.draw(surface, self.app.prefs)
        self.full = False
        return None
