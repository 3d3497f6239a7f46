"""The statistics screen: both variants side by side, the latest win's news, reset with a question."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ..i18n import N_, NC_, _, pgettext
from ..rules import VARIANT_TITLES, VARIANTS
from ..stats import Statistics, VariantStats, format_share, format_time
from . import art
from .commands import Asked, Command
from .sheet import FOCUS, GOLD, TEXT, TEXT_DIM, Sheet
from .widgets import button_label, wrap, wrap_balanced

# (label in English, translated where drawn; its value for a variant)
LINES: list[tuple[str, Callable[[VariantStats], str]]] = [
    (N_("Games played"), lambda s: str(s.played)),
    (N_("Games won"), lambda s: str(s.won)),
    (N_("Win share"), lambda s: format_share(s.win_share)),
    (N_("Current streak"), lambda s: str(s.current_streak)),
    (N_("Best streak"), lambda s: str(s.best_streak)),
    (N_("Best time"), lambda s: format_time(s.best_time)),
    (N_("Fewest moves"), lambda s: "-" if s.fewest_moves is None else str(s.fewest_moves)),
]


class StatsScreen(Sheet):
    """Shows the statistics; ``on_reset()`` forgets them (after the player agreed)."""

    title = N_("Statistics")

    def __init__(self, stats: Statistics, variant: str, on_reset: Callable[[], None],
                 news: list[str] | None = None, heading: str | None = None) -> None:
        super().__init__()
        self.stats = stats
        self.variant = variant
        self.on_reset = on_reset
        self.news = list(news or [])
        if heading:
            self.title = heading  # in English, marked with N_() like the title

    def buttons(self) -> list[tuple[str, Callable[[], None]]]:
        """The buttons along the bottom."""
        return [(NC_("button", "Reset..."), self.confirm_reset), (NC_("button", "Close"), self.close)]

    def confirm_reset(self) -> None:
        """Ask before forgetting every game played."""
        self.ask(_("Reset the statistics of both games? Every count, streak and record starts "
                   "again from nothing; this cannot be undone."),
                 [(pgettext("button", "Reset"), self.on_reset), (pgettext("button", "Keep them"), lambda: None)],
                 cancel_index=1)

    def action(self, asked: Asked) -> bool:
        """T closes the sheet; True when used."""
        if asked is Command.STATS:
            self.close()
            return True
        return False

    def content_height(self, width: int) -> int:
        """The height the content wants at ``width``."""
        line = art.font(self.size).get_linesize()
        # the note may take two lines, and so may the games' names
        return (len(LINES) + 4) * (line + 6) + len(self.news) * (line + 4) + line

    def draw_content(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Draw the content into ``rect``."""
        size = self.size
        line = art.font(size).get_linesize() + 6
        y = rect.y
        for n in self.news:
            img = art.text(n, size + 1, GOLD, True)
            surface.blit(img, (rect.x, y))
            y += line
        if self.news:
            y += line // 2
        label_w = max(art.font(size).size(_(lb))[0] for lb, _get in LINES) + 24
        col_w = max(90, (rect.w - label_w) // len(VARIANTS))
        # a game's name longer than its column (in a longer language) takes two lines, else comes out
        # smaller, rather than run over its neighbour
        heads = [wrap_balanced(_(VARIANT_TITLES[v]), size, col_w - 10, True) for v in VARIANTS]
        if max(len(h) for h in heads) > 2:
            heads = [[_(VARIANT_TITLES[v])] for v in VARIANTS]
        rows = max(len(h) for h in heads)
        for k, (v, head) in enumerate(zip(VARIANTS, heads)):
            colour = FOCUS if v == self.variant else TEXT
            for r, text in enumerate(head):
                img = button_label(text, size, col_w - 6, colour)
                top = y + (rows - len(head) + r) * (line - 6)
                surface.blit(img, (rect.x + label_w + k * col_w + col_w - img.get_width() - 10, top))
        y += line + (rows - 1) * (line - 6)
        pygame.draw.line(surface, TEXT_DIM, (rect.x, y - 3), (rect.right, y - 3))
        for i, (label, get) in enumerate(LINES):
            if i % 2 == 0:
                pygame.draw.rect(surface, (20, 52, 32), pygame.Rect(rect.x, y, rect.w, line))
            surface.blit(art.text(_(label), size, TEXT), (rect.x + 6, y + 3))
            for k, v in enumerate(VARIANTS):
                img = art.text(get(self.stats.of(v)), size, FOCUS if v == self.variant else TEXT, True)
                surface.blit(img, (rect.x + label_w + k * col_w + col_w - img.get_width() - 10, y + 3))
            y += line
        y += line // 2
        note = _("A game counts once its first move is made; leaving it for a new deal counts as a loss.")
        small = max(11, size - 3)
        for part in wrap(note, small, rect.w):  # never cut at the sheet's edge
            surface.blit(art.text(part, small, TEXT_DIM), (rect.x, y))
            y += art.font(small).get_linesize()
