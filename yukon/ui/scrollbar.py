"""A vertical scroll bar for content taller than its view: the offset, the wheel, a draggable thumb.

The owner lays it out for each frame (``fit``), draws it (``draw``) and hands it the pointer:
a press on the thumb holds it and the thumb follows the pointer until the button comes up;
a press on the track pages towards the pointer. The thumb is as long as the share of the
content in sight, so it shows both that there is more and how much.
"""

from __future__ import annotations

import pygame

from . import theme
from .widgets import GOLD, TEXT_DIM


class ScrollBar:
    """Scrolls content ``total`` pixels tall through a view; ``track`` is None when it all fits."""

    offset: int  # pixels the content is scrolled down
    max_offset: int
    track: pygame.Rect | None  # where the bar lies, as last laid out
    thumb: pygame.Rect
    grab: int | None  # the thumb is held: the pointer's height on it

    def __init__(self) -> None:
        self.offset = 0
        self.max_offset = 0
        self.track = None
        self.thumb = pygame.Rect(0, 0, 0, 0)
        self.grab = None
        self._total = 0

    def fit(self, view: pygame.Rect, total: int, width: int, gap: int) -> pygame.Rect:
        """Lay the bar out for content ``total`` pixels tall shown in ``view``: the part of
        ``view`` left for the content (narrower by the bar, ``width`` wide, and ``gap`` when the
        content does not fit)."""
        self._total = total
        self.max_offset = max(0, total - view.h)
        content = view.copy()
        if not self.max_offset:
            self.track = None
            self.grab = None
        else:
            self.track = pygame.Rect(view.right - width, view.y, width, view.h)
            content.w -= width + gap
        self.scroll_to(self.offset)
        return content

    def scroll_to(self, offset: int) -> None:
        """Scroll to ``offset`` pixels (kept within the content)."""
        self.offset = max(0, min(self.max_offset, offset))
        track = self.track
        if track is None:
            return
        h = min(track.h, max(track.w * 2, track.h * track.h // max(self._total, 1)))
        y = track.y + round((track.h - h) * self.offset / max(self.max_offset, 1))
        self.thumb = pygame.Rect(track.x, y, track.w, h)

    def reveal(self, top: int, bottom: int, view_h: int) -> None:
        """Scroll the least that brings the content from ``top`` to ``bottom`` into a view ``view_h`` tall."""
        self.scroll_to(min(max(self.offset, bottom - view_h), top))

    def wheel(self, dy: int, step: int) -> None:
        """The wheel turned ``dy`` notches (up is positive), ``step`` pixels each."""
        self.scroll_to(self.offset - dy * step)

    def press(self, x: int, y: int, page: int) -> bool:
        """The left button goes down at (x, y): on the thumb it holds it, elsewhere on the track it
        scrolls ``page`` pixels towards the pointer. True when the press was on the bar."""
        self.grab = None
        if self.track is None or not self.track.collidepoint(x, y):
            return False
        if self.thumb.collidepoint(x, y):
            self.grab = y - self.thumb.y
        else:
            self.scroll_to(self.offset + (page if y > self.thumb.centery else -page))
        return True

    def drag(self, y: int) -> None:
        """The pointer moved to height ``y`` with the button down: a held thumb follows it."""
        if self.grab is None or self.track is None:
            return
        room = self.track.h - self.thumb.h
        if room > 0:
            self.scroll_to(round((y - self.grab - self.track.y) * self.max_offset / room))

    def release(self) -> None:
        """The button came up: the thumb is let go."""
        self.grab = None

    def draw(self, surface: pygame.Surface, hover: tuple[int, int] | None) -> None:
        """The track and its thumb (lit while held or under the pointer); nothing when all fits."""
        if self.track is None:
            return
        radius = self.track.w // 2
        pygame.draw.rect(surface, theme.palette().pill, self.track, border_radius=radius)
        lit = self.grab is not None or (hover is not None and self.thumb.collidepoint(hover))
        pygame.draw.rect(surface, GOLD if lit else TEXT_DIM, self.thumb, border_radius=radius)
