"""The list of lessons the Lessons button opens: pick any one, each marked finished or under way."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from ..text.i18n import N_, _
from . import art, theme
from .commands import Asked, Command
from .screen import spoken_join
from .sheet import FOCUS, GOLD, TEXT, TEXT_DIM, Sheet, draw_paragraphs
from .widgets import wrap


@dataclass(frozen=True, slots=True)
class LessonEntry:
    """One row: the lesson's title and where the player stands in it (in the player's language)."""

    title: str
    state: str  # "✓ Finished", "Step 2 of 3" or ""
    done: bool


class LessonList(Sheet):
    """Every lesson, a row each; a click, or Up/Down and Enter, opens one (``on_open(index)``)."""

    title = N_("Lessons")  # translated where the sheet draws it

    def __init__(self, entries: list[LessonEntry], focus: int, on_open: Callable[[int], None]) -> None:
        super().__init__()
        self.entries = entries
        self.focus = max(0, min(focus, len(entries) - 1))
        self.on_open = on_open
        self.rows: list[pygame.Rect] = []  # as last drawn

    def open(self, index: int) -> None:
        """Close the list and open lesson ``index``."""
        self.close()
        self.on_open(index)

    def action(self, asked: Asked) -> bool:
        """Up/Down choose a lesson, Enter or Space opens it, L closes the list."""
        if asked in (Command.UP, Command.DOWN) and self.focus_button is None:
            self.focus = (self.focus + (1 if asked is Command.DOWN else -1)) % len(self.entries)
            return True
        if asked in (Command.CONFIRM, Command.SELECT) and self.focus_button is None:
            self.open(self.focus)
            return True
        if asked is Command.LESSONS:
            self.close()
            return True
        return False

    def content_spoken(self) -> str:
        """The intro and the lesson the keys are on."""
        return spoken_join(self._intro(), self.focus_spoken())

    def focus_spoken(self) -> str:
        """The lesson the keys are on, and where the player stands in it."""
        if self.question is not None or self.focus_button is not None or not self.entries:
            return super().focus_spoken()
        entry = self.entries[self.focus]
        return spoken_join(entry.title, entry.state.lstrip("\u2713 "))

    def click(self, x: int, y: int) -> bool:
        """A click on a row opens its lesson."""
        for i, r in enumerate(self.rows):
            if r.collidepoint(x, y):
                self.open(i)
                return True
        return False

    def _intro(self) -> str:
        return _("Pick a lesson to play. Those you have finished are ticked; you may play any of them again.")

    def _row_height(self) -> int:
        return max(36, round(art.font(self.size, True).get_linesize() * 1.9))

    def content_height(self, width: int) -> int:
        """The height the content wants at ``width``."""
        intro = len(wrap(self._intro(), self.size, width)) * art.font(self.size).get_linesize() + self.size // 2
        return intro + len(self.entries) * (self._row_height() + 6)

    def draw_content(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The intro, then a row per lesson: its number and title, and where the player stands in it."""
        size = self.size
        y = draw_paragraphs(surface, rect, [self._intro()], size, TEXT_DIM)
        row_h = min(self._row_height(), max(20, (rect.bottom - y) // max(len(self.entries), 1) - 6))
        self.rows = []
        for i, entry in enumerate(self.entries):
            r = pygame.Rect(rect.x, y, rect.w, row_h)
            hover = self.hover is not None and r.collidepoint(self.hover)
            focused = i == self.focus and self.focus_button is None
            colours = theme.palette()
            pygame.draw.rect(surface, colours.button_hover if hover else colours.button, r,
                             border_radius=max(4, row_h // 5))
            pygame.draw.rect(surface, FOCUS if focused else colours.button_edge, r, width=self.focus_width() if focused else 1,
                             border_radius=max(4, row_h // 5))
            state = art.text(entry.state, size, GOLD if entry.done else TEXT, entry.done) if entry.state else None
            room = r.w - 24 - (state.get_width() + 16 if state is not None else 0)
            # TRANSLATORS: a row of the lessons list; {number} counts the lessons from 1, {title} is the lesson's.
            label = _("{number}. {title}").format(number=i + 1, title=entry.title)
            img = art.text(label, size, TEXT, True)
            if img.get_width() > room:  # a long title in a narrow window: smaller, never cut
                img = art.text(label, max(9, size * room // max(img.get_width(), 1)), TEXT, True)
            surface.blit(img, img.get_rect(midleft=(r.x + 12, r.centery)))
            if state is not None:
                surface.blit(state, state.get_rect(midright=(r.right - 12, r.centery)))
            self.rows.append(r)
            y += row_h + 6
