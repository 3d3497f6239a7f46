"""The finished games, newest first: when, which game and deal, how it ended, the time and moves.
A click on a game that kept its moves replays it (``on_replay``); Up/Down or the wheel scroll."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from ..play.history import HistoryEntry, Outcome
from ..play.stats import format_time
from ..text.i18n import N_, NC_, _, ngettext
from ..text.words import rules_line
from . import art
from .commands import Asked, Command
from .sheet import GOLD, TEXT, TEXT_DIM, Sheet
from .stats_pictures import COLOURS
from .widgets import wrap

SHOWN = 100  # the newest games listed
OUTCOME_WORDS: dict[Outcome, str] = {
    Outcome.CLEAN: N_("won clean"),
    Outcome.ASSISTED: N_("won with help"),
    Outcome.LOST: N_("lost"),
    Outcome.ABANDONED: N_("left unfinished"),
}


def entry_line(e: HistoryEntry) -> str:
    """One game in words: when, the game, the deal, how it ended, its time and moves."""
    daily = (" \u00b7 " + _("deal of the day")) if e.daily is not None else ""
    moves = ngettext("{n} move", "{n} moves", e.moves).format(n=e.moves)
    # TRANSLATORS: a finished game in the list: {when} 2026-12-04 18:05, {rules} the game and options,
    # {number} the deal, {result} "won clean"..., {time} 4:07, {moves} "95 moves".
    return _("{when}  {rules}, deal {number}{daily}: {result}, {time}, {moves}").format(
        when=e.finished.strftime("%Y-%m-%d %H:%M"), rules=rules_line(e.rules), number=e.seed, daily=daily,
        result=_(OUTCOME_WORDS[e.outcome]), time=format_time(e.seconds), moves=moves)


class GamesScreen(Sheet):
    """The history's games; ``on_replay(entry)`` watches one again."""

    title = N_("Finished games")

    def __init__(self, entries: Sequence[HistoryEntry], on_replay: Callable[[HistoryEntry], None]) -> None:
        super().__init__()
        self.entries = list(reversed(entries))[:SHOWN]
        self.on_replay = on_replay
        self.offset = 0
        self.max_offset = 0
        self.rows: list[tuple[pygame.Rect, HistoryEntry]] = []

    def buttons(self) -> list[tuple[str, Callable[[], None]]]:
        """Close."""
        return [(NC_("button", "Close"), self.close)]

    def action(self, asked: Asked) -> bool:
        """Up/Down scroll."""
        if asked in (Command.UP, Command.DOWN):
            self.wheel(1 if asked is Command.UP else -1)
            return True
        return False

    def wheel(self, dy: int) -> None:
        """Scroll (up is positive)."""
        self.offset = max(0, min(self.max_offset, self.offset - dy * art.font(self.size).get_linesize() * 3))

    def click(self, x: int, y: int) -> bool:
        """A game clicked: replay it (if it kept its moves)."""
        for rect, entry in self.rows:
            if rect.collidepoint(x, y) and entry.has_line and entry.moves:
                self.close()
                self.on_replay(entry)
                return True
        return False

    def _head(self) -> str:
        if not self.entries:
            return _("No games yet.")
        return _("Click a game to watch it again, move by move.")

    def content_height(self, width: int) -> int:
        """The heading and a row (or two) per game."""
        line = art.font(self.size).get_linesize()
        return (len(wrap(self._head(), self.size, width)) + 1) * line + sum(
            len(wrap(entry_line(e), self.size, width - 16)) * line + 4 for e in self.entries)

    def draw_content(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The games, each with its result's colour beside it."""
        size = self.size
        line = art.font(size).get_linesize()
        self.max_offset = max(0, self.content_height(rect.w) - rect.h)
        self.offset = min(self.offset, self.max_offset)
        y = rect.y - self.offset
        for text in wrap(self._head(), size, rect.w):
            surface.blit(art.text(text, size, GOLD), (rect.x, y))
            y += line
        y += line
        self.rows = []
        for e in self.entries:
            lines = wrap(entry_line(e), size, rect.w - 16)
            row = pygame.Rect(rect.x, y, rect.w, len(lines) * line + 2)
            if row.colliderect(rect):
                self.rows.append((row.clip(rect), e))
            if self.hover is not None and row.collidepoint(self.hover) and e.has_line and e.moves:
                pygame.draw.rect(surface, (30, 72, 46), row, border_radius=4)
            pygame.draw.rect(surface, COLOURS[e.outcome], pygame.Rect(rect.x, y + 3, 8, line - 6))
            for text in lines:
                surface.blit(art.text(text, size, TEXT if e.has_line else TEXT_DIM), (rect.x + 16, y))
                y += line
            y += 4
