"""The statistics screen: a column per rule set, the latest win's news, the pictures of the history
(``yukon.ui.stats_pictures``), reset with a question; Games... lists the finished games to replay
and Export CSV writes the history to the data folder (the path is shown).

Each game's standard rules always have a column, and so does every other rule set played
and the one on the table (lit). Columns that do not fit beside each other go in blocks one
under the other; Up/Down or the wheel scroll what the window cannot show at once.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from ..core.rules import VARIANTS, Rules
from ..play.history import HistoryEntry
from ..play.stats import RulesRecord, Statistics, format_share, format_time
from ..text.i18n import N_, NC_, _, pgettext
from ..text.words import rules_line
from . import art
from .commands import Asked, Command
from .line_breaks import breaks_only_where_allowed
from .screen import spoken_join
from .sheet import FOCUS, GOLD, TEXT, TEXT_DIM, Sheet
from .stats_pictures import draw_pictures, pictures_height
from .widgets import wrap, wrap_balanced

# (label in English, translated where drawn; its value for a rule set)
LINES: list[tuple[str, Callable[[RulesRecord], str]]] = [
    (N_("Games played"), lambda s: str(s.played)),
    (N_("Games won"), lambda s: str(s.won)),
    (N_("Clean wins"), lambda s: str(s.clean)),
    (N_("Assisted wins"), lambda s: str(s.assisted)),
    (N_("Win share"), lambda s: format_share(s.win_share)),
    (N_("Current streak"), lambda s: str(s.current_streak)),
    (N_("Best streak"), lambda s: str(s.best_streak)),
    (N_("Best time"), lambda s: format_time(s.best_time)),
    (N_("Fewest moves"), lambda s: "-" if s.fewest_moves is None else str(s.fewest_moves)),
]
ALL_RULES = [Rules(v, any_card, back) for v in VARIANTS for any_card in (False, True) for back in (True, False)]
MIN_COLUMN = 110  # pixels: a narrower column would squeeze its heading to one word a line


def shown_rules(stats: Statistics, current: Rules) -> list[Rules]:
    """The rule sets with a column: each game's standard rules, every other one played, the one on the table."""
    return [r for r in ALL_RULES if r == Rules(r.variant) or r == current or stats.of(r).played]


class StatsScreen(Sheet):
    """Shows the statistics; ``on_reset()`` forgets them (after the player agreed)."""

    title = N_("Statistics")

    def __init__(self, stats: Statistics, rules: Rules, on_reset: Callable[[], None],
                 news: list[str] | None = None, heading: str | None = None,
                 on_games: Callable[[], None] | None = None, on_export: Callable[[], str] | None = None) -> None:
        super().__init__()
        self.stats = stats
        self.on_games = on_games  # the list of finished games (to replay one)
        self.on_export = on_export  # writes the CSV; returns what to say (the path, or why not)
        self.exported = ""  # what the last export said
        self.rules = rules  # the rules on the table: their column is lit
        self.columns = shown_rules(stats, rules)
        self.on_reset = on_reset
        self.news = list(news or [])
        self.pictures_top = 0  # where the pictures were last drawn (window pixels)
        self.offset = 0  # pixels scrolled
        self.max_offset = 0
        if heading:
            self.title = heading  # in English, marked with N_() like the title

    def buttons(self) -> list[tuple[str, Callable[[], None]]]:
        """The buttons along the bottom."""
        buttons: list[tuple[str, Callable[[], None]]] = []
        if self.on_games is not None:
            buttons.append((NC_("button", "Games..."), self.on_games))
        if self.on_export is not None:
            buttons.append((NC_("button", "Export CSV"), self.export))
        return buttons + [(NC_("button", "Reset..."), self.confirm_reset), (NC_("button", "Close"), self.close)]

    def export(self) -> None:
        """Write the history as CSV and show where (or why not)."""
        if self.on_export is not None:
            self.exported = self.on_export()

    @property
    def history(self) -> Sequence[HistoryEntry]:
        """The finished games, oldest first."""
        return self.stats.history.entries

    def content_spoken(self) -> str:
        """The news of the latest win, then the column of the rules on the table, a line at a time
        ("Games played: 12"), then the notes (the other columns are the screen's, for the eye)."""
        record = self.stats.of(self.rules)
        lines = [_("{label}: {value}").format(label=_(label), value=get(record)) for label, get in LINES]
        return spoken_join(*self.news, rules_line(self.rules), *lines, *self._note())

    def confirm_reset(self) -> None:
        """Ask before forgetting every game played."""
        self.ask(_("Reset the statistics of both games? Every count, streak and record starts "
                   "again from nothing; this cannot be undone."),
                 [(pgettext("button", "Reset"), self.on_reset), (pgettext("button", "Keep them"), lambda: None)],
                 cancel_index=1)

    def wheel(self, dy: int) -> None:
        """Scroll the content (up is positive)."""
        step = art.font(self.size).get_linesize() * 3
        self.offset = max(0, min(self.max_offset, self.offset - dy * step))

    def action(self, asked: Asked) -> bool:
        """T closes the sheet; Up/Down scroll (when there is more than the window shows); True when used."""
        if asked is Command.STATS:
            self.close()
            return True
        if asked in (Command.UP, Command.DOWN):
            self.wheel(1 if asked is Command.UP else -1)
            return True
        return False

    # -- layout --------------------------------------------------------------------------------
    def _label_width(self) -> int:
        return max(art.font(self.size).size(_(lb))[0] for lb, _get in LINES) + 24

    def _blocks(self, width: int) -> tuple[list[list[Rules]], int]:
        """The columns in blocks that fit ``width`` side by side, and a column's width."""
        room = max(1, (width - self._label_width()) // MIN_COLUMN)
        per_block = min(len(self.columns), room)
        blocks = [self.columns[i:i + per_block] for i in range(0, len(self.columns), per_block)]
        return blocks, max(90, (width - self._label_width()) // per_block)

    def _heading(self, rules: Rules, col_w: int) -> tuple[list[str], int]:
        """A column's heading: the game and its options in as few even lines as fit, and its text
        size (smaller rather than a word cut in two)."""
        text = rules_line(rules)
        for size in range(self.size, max(9, self.size - 6), -1):
            lines = wrap_balanced(text, size, col_w - 10, True)
            if breaks_only_where_allowed(text, lines):  # no word was cut to fit
                return lines, size
        return lines, size

    def _note(self) -> list[str]:
        """The sentences under the table."""
        notes = [_("A game counts once its first move is made; leaving it for a new deal counts as a loss."),
                 _("A clean win is won with no hints, no Demo and no Finish; only clean wins set the best time "
                   "and the fewest moves.")]
        if any(s.clean + s.assisted < s.won for s in self.stats.records.values()):
            notes.append(_("Wins kept from before clean and assisted wins were counted apart are in "
                           "Games won only."))
        return notes

    def _heading_height(self, block: list[Rules], col_w: int) -> int:
        """The height of a block's headings."""
        return max(len(lines) * art.font(size, True).get_linesize() for lines, size in
                   (self._heading(r, col_w) for r in block))

    def content_height(self, width: int) -> int:
        """The height the content wants at ``width``."""
        font = art.font(self.size)
        line = font.get_linesize() + 6
        blocks, col_w = self._blocks(width)
        top = self.news + ([self.exported] if self.exported else [])
        h = sum(len(wrap(n, self.size + 1, width, True)) for n in top) * line + (line // 2 if top else 0)
        for block in blocks:
            h += self._heading_height(block, col_w) + 6 + len(LINES) * line + line // 2
        h += pictures_height(self.size, width, self.history)
        small = max(11, self.size - 3)
        h += sum(len(wrap(n, small, width)) for n in self._note()) * art.font(small).get_linesize()
        return h

    # -- drawing -------------------------------------------------------------------------------
    def draw_content(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Draw the content into ``rect``, scrolled by ``offset``."""
        size = self.size
        line = art.font(size).get_linesize() + 6
        more = art.font(size, True).get_linesize()
        full = self.content_height(rect.w)
        view = rect if full <= rect.h else pygame.Rect(rect.x, rect.y, rect.w, rect.h - more)  # a strip for "more"
        self.max_offset = max(0, full - view.h)
        self.offset = min(self.offset, self.max_offset)
        clip = surface.get_clip()
        surface.set_clip(view.clip(clip))
        y = rect.y - self.offset
        top = self.news + ([self.exported] if self.exported else [])
        for n in top:
            for part in wrap(n, size + 1, rect.w, True):
                surface.blit(art.text(part, size + 1, GOLD, True), (rect.x, y))
                y += line
        if top:
            y += line // 2
        blocks, col_w = self._blocks(rect.w)
        for block in blocks:
            y = self._draw_block(surface, rect, block, col_w, y) + line // 2
        self.pictures_top = y
        y = draw_pictures(surface, pygame.Rect(rect.x, y, rect.w, 0), self.history, size)
        small = max(11, size - 3)
        for note in self._note():
            for part in wrap(note, small, rect.w):  # never cut at the sheet's edge
                surface.blit(art.text(part, small, TEXT_DIM), (rect.x, y))
                y += art.font(small).get_linesize()
        surface.set_clip(clip)
        if self.max_offset:  # say that there is more, and which way, under what is shown
            word = _("\u25bc more (Down)") if self.offset < self.max_offset else _("\u25b2 more (Up)")
            img = art.text(word, size, GOLD, True)
            surface.blit(img, img.get_rect(bottomright=(rect.right, rect.bottom)))

    def _draw_block(self, surface: pygame.Surface, rect: pygame.Rect, block: list[Rules], col_w: int, y: int) -> int:
        """One block of columns with its headings from ``y``; returns the y below it."""
        size = self.size
        line = art.font(size).get_linesize() + 6
        label_w = self._label_width()
        height = self._heading_height(block, col_w)
        for k, rules in enumerate(block):
            colour = FOCUS if rules == self.rules else TEXT
            lines, head_size = self._heading(rules, col_w)
            step = art.font(head_size, True).get_linesize()
            top = y + height - len(lines) * step  # headings stand on the line under them
            for r, text in enumerate(lines):
                img = art.text(text, head_size, colour, True)
                surface.blit(img, (rect.x + label_w + (k + 1) * col_w - img.get_width() - 10, top + r * step))
        y += height + 6
        pygame.draw.line(surface, TEXT_DIM, (rect.x, y - 3), (rect.right, y - 3))
        for i, (label, get) in enumerate(LINES):
            if i % 2 == 0:
                pygame.draw.rect(surface, (20, 52, 32), pygame.Rect(rect.x, y, rect.w, line))
            surface.blit(art.text(_(label), size, TEXT), (rect.x + 6, y + 3))
            for k, rules in enumerate(block):
                img = art.text(get(self.stats.of(rules)), size, FOCUS if rules == self.rules else TEXT, True)
                surface.blit(img, (rect.x + label_w + (k + 1) * col_w - img.get_width() - 10, y + 3))
            y += line
        return y
