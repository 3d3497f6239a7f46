"""The calendar of the deals of the day: the last nine weeks and more, a square a day.

Each square shows its date (month-day) and, for a day whose deal was won, the time of the
win on a gold (clean) or silver (assisted) square; a deal played and not won is marked red.
Days to come are dimmed and cannot be chosen; a click on today or an earlier day plays that
day's deal (``on_play``). The streak (days in a row won on the day) and the best one head it.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, timedelta

import pygame

from ..play.daily_calendar import CalendarDay, DailyCalendar, DayResult
from ..play.stats import format_time
from ..text.i18n import N_, NC_, _, ngettext
from ..text.words import variant_title
from . import art
from .commands import Asked, Command
from .sheet import FOCUS, GOLD, TEXT, TEXT_DIM, Sheet
from .widgets import wrap

WEEKS = 10  # rows of seven days: this week and the nine before it (64 days at least up to today)
CLEAN = (214, 178, 60)
ASSISTED = (168, 176, 186)
PLAYED = (170, 62, 58)
EMPTY = (28, 70, 44)
TO_COME = (22, 48, 32)


def calendar_days(calendar: DailyCalendar, variant: str, today: date) -> list[CalendarDay]:
    """The squares shown: whole weeks, Monday first, from nine weeks before today's week to its Sunday."""
    first = today - timedelta(days=today.weekday() + 7 * (WEEKS - 1))
    return calendar.window(variant, first, first + timedelta(days=7 * WEEKS - 1), today)


class CalendarScreen(Sheet):
    """The calendar of one game's deals of the day; ``on_play(day)`` plays a day's deal."""

    title = N_("Deals of the day")

    def __init__(self, calendar: DailyCalendar, variant: str, today: date,
                 on_play: Callable[[date], None]) -> None:
        super().__init__()
        self.calendar = calendar
        self.variant = variant
        self.today = today
        self.on_play = on_play
        self.days = calendar_days(calendar, variant, today)
        self.cells: list[tuple[pygame.Rect, CalendarDay]] = []

    def buttons(self) -> list[tuple[str, Callable[[], None]]]:
        """Play today's deal, or close."""
        return [(NC_("button", "Play today's deal"), lambda: self.play(self.today)),
                (NC_("button", "Close"), self.close)]

    def play(self, day: date) -> None:
        """Play the deal of ``day`` (today or earlier) and take the calendar away."""
        if day <= self.today:
            self.close()
            self.on_play(day)

    def action(self, asked: Asked) -> bool:
        """C (the calendar's own key) closes it."""
        if asked is Command.CALENDAR:
            self.close()
            return True
        return False

    def click(self, x: int, y: int) -> bool:
        """A click on a square plays its day, if it can be played."""
        for rect, square in self.cells:
            if rect.collidepoint(x, y) and square.playable:
                self.play(square.day)
                return True
        return False

    # -- layout --------------------------------------------------------------------------------
    def _lines(self, width: int) -> list[str]:
        streak = self.calendar.streak(self.variant, self.today)
        best = self.calendar.best_streak(self.variant)
        # TRANSLATORS: {game} is "Yukon" or "Russian Solitaire".
        head = _("{game}: one winnable deal a day, the same for everyone.").format(
            game=variant_title(self.variant))
        lines = wrap(head, self.size, width)
        lines += wrap(ngettext("Streak: {n} day in a row won on the day.", "Streak: {n} days in a row won on the day.",
                               streak).format(n=streak) + " "
                      + ngettext("Best: {n} day.", "Best: {n} days.", best).format(n=best), self.size, width)
        return lines

    def _legend(self) -> str:
        return _("Gold: a clean win. Silver: an assisted win. Red: played, not won. "
                 "Click a day to play its deal; days to come cannot be played yet.")

    def _cell(self, width: int) -> int:
        return max(24, min(width // 7, art.font(self.size).get_linesize() * 3))

    def content_height(self, width: int) -> int:
        """Heading lines, the grid and the legend."""
        line = art.font(self.size).get_linesize()
        small = max(11, self.size - 3)
        return (len(self._lines(width)) * line + line // 2 + WEEKS * self._cell(width) + line // 2
                + len(wrap(self._legend(), small, width)) * art.font(small).get_linesize())

    # -- drawing -------------------------------------------------------------------------------
    def draw_content(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The streak, the squares, the legend."""
        size = self.size
        line = art.font(size).get_linesize()
        y = rect.y
        for text in self._lines(rect.w):
            surface.blit(art.text(text, size, TEXT), (rect.x, y))
            y += line
        y += line // 2
        legend = max(11, size - 3)
        legend_h = len(wrap(self._legend(), legend, rect.w)) * art.font(legend).get_linesize()
        cell = max(16, min(self._cell(rect.w), (rect.bottom - y - line // 2 - legend_h) // WEEKS))  # all weeks in sight
        wide = max(cell, min(rect.w // 7, cell * 2))  # squares as wide as their date needs
        left = rect.x + (rect.w - 7 * wide) // 2
        small = max(10, size - 4)
        self.cells = []
        for i, square in enumerate(self.days):
            r = pygame.Rect(left + (i % 7) * wide, y + (i // 7) * cell, wide - 3, cell - 3)
            self.cells.append((r, square))
            entry = square.entry
            colour = TO_COME if not square.playable else EMPTY
            if entry is not None:
                colour = {DayResult.CLEAN: CLEAN, DayResult.ASSISTED: ASSISTED, DayResult.PLAYED: PLAYED}[entry.result]
            pygame.draw.rect(surface, colour, r, border_radius=4)
            if square.today:
                pygame.draw.rect(surface, FOCUS, r.inflate(2, 2), width=2, border_radius=5)
            ink = (20, 20, 20) if entry is not None and entry.won else (TEXT if square.playable else TEXT_DIM)
            surface.blit(art.text(f"{square.day.month:02d}-{square.day.day:02d}", small, ink), (r.x + 3, r.y + 2))
            if entry is not None and entry.won and entry.seconds is not None:
                img = art.text(format_time(entry.seconds), small, ink, True)
                if cell >= 2 * art.font(small).get_linesize() + 4:
                    surface.blit(img, img.get_rect(bottomright=(r.right - 3, r.bottom - 2)))
                elif r.w >= 2 * img.get_width() + 12:  # low squares: the time beside the date
                    surface.blit(img, img.get_rect(topright=(r.right - 3, r.y + 2)))
        y += WEEKS * cell + line // 2
        for text in wrap(self._legend(), legend, rect.w):
            surface.blit(art.text(text, legend, GOLD), (rect.x, y))
            y += art.font(legend).get_linesize()
