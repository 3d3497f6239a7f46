"""The summary of a won game, shown when the celebration is over or cut short: the time, the
moves, the hints used, the best time and the winning streak, what the win set (records), and a
button for the next deal (a table that deals) beside one that goes back to the won table.
"""

from __future__ import annotations

import pygame

from ...play.events import Actor, Won
from ...text import i18n
from ...text.i18n import _, join_sentences, ngettext, pgettext
from .. import art
from ..changes import WinRecord
from ..screen import Answer, Host, QuestionDialog, spoken_choices, spoken_join
from ..widgets import TEXT, TEXT_DIM
from .wording import clock_text


def figures(won: Won, record: WinRecord | None) -> list[tuple[str, str]]:
    """The summary's rows, (label, value), in the player's language; without records only the
    game's own figures."""
    rows = [(pgettext("win summary", "Time"), clock_text(won.seconds)),
            (pgettext("win summary", "Moves"), str(won.moves))]
    if record is not None:
        rows += [(pgettext("win summary", "Hints used"), str(record.hints)),
                 (i18n._("Best time"), clock_text(record.best_time) if record.best_time is not None else "-"),
                 (i18n._("Current streak"), str(record.streak))]
    return rows


class WinSummary(QuestionDialog):
    """The won game's figures over the celebration, with the answers (the next deal, back to the table)."""

    won: Won
    rows: list[tuple[str, str]]

    def __init__(self, app: Host, won: Won, record: WinRecord | None, notes: list[str],
                 answers: list[Answer]) -> None:
        if won.by is Actor.DEMO:
            title = _("Demo finished")
            # TRANSLATORS: the message when the Demo (the solver playing) won the game; {n} is how many moves.
            said = [ngettext("The demo played all 52 cards home in {n} move.",
                             "The demo played all 52 cards home in {n} moves.", won.moves).format(n=won.moves)]
        else:
            title = _("You won!")
            said = []
        super().__init__(app, join_sentences(*said, *notes), answers, title=title)
        self.won = won
        self.rows = figures(won, record)

    def spoken(self) -> str:
        """The title, the figures ("Time: 1:23. Moves: 82."), the words and the answers (play by ear)."""
        figures_said = [_("{label}: {value}").format(label=label, value=value) for label, value in self.rows]
        return spoken_join(self.title, *figures_said, self.question,
                           spoken_choices([label for label, _a in self.answers]))

    def _row_height(self, size: int) -> int:
        return round(size * 1.45)

    def columns(self, size: int) -> tuple[int, int]:
        """The widths of the labels' column and of the figures' column."""
        label_w = max((art.font(size).size(label)[0] for label, _v in self.rows), default=0)
        value_w = max((art.font(size, True).size(value)[0] for _l, value in self.rows), default=0)
        return label_w, value_w

    def row_size(self, size: int, w: int) -> int:
        """The figures' text size: the dialog's, smaller where a narrow window cannot take it."""
        while size > 9 and sum(self.columns(size)) + 3 * size > w - 8:
            size -= 1
        return size

    def layout(self, w: int, h: int) -> tuple[pygame.Rect, int, list[str], list[pygame.Rect]]:
        """The question's box, grown by the rows of figures above its text (wide enough for the
        longest label; in a window too low for it all, without the text)."""
        box, size, lines, rects = super().layout(w, h)
        line_h = round(size * 1.35)
        rs = self.row_size(size, w)
        extra = len(self.rows) * self._row_height(rs) + size
        if not self.question or box.h + extra > h - 4:
            extra -= len(lines) * line_h  # no text below the figures: no line kept for it
            lines = []
        label_w, value_w = self.columns(rs)
        need = label_w + value_w + 2 * size + rs
        grown = box.inflate(max(0, min(need, w - 8) - box.w), 2 * (extra // 2))
        grown.clamp_ip(pygame.Rect(0, 0, w, h))
        dy = grown.bottom - box.bottom
        return grown, size, lines, [r.move(grown.centerx - box.centerx, dy) for r in rects]

    def draw_above_text(self, surface: pygame.Surface, box: pygame.Rect, size: int, y: int) -> int:
        """The figures, a label and its value a row, the block in the middle of the box."""
        rs = self.row_size(size, surface.get_width())
        label_w, value_w = self.columns(rs)
        left = max(box.x + size, box.centerx - (label_w + rs + value_w) // 2)
        for label, value in self.rows:
            name = art.text(label, rs, TEXT_DIM)
            surface.blit(name, name.get_rect(topright=(left + label_w, y)))
            number = art.text(value, rs, TEXT, True)
            surface.blit(number, number.get_rect(topleft=(left + label_w + rs, y)))
            y += self._row_height(rs)
        return y + size // 2
