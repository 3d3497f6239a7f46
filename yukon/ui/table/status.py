"""The status lines over the columns: deal and game, moves and time, helpers' notes."""

from __future__ import annotations

import pygame

from ...text.i18n import _
from ...text.words import rules_line
from .. import art
from ..layout import sized, text_scale
from ..widgets import GOLD, TEXT, fit_block, line_height
from .style import ALERT
from .view import TableView
from .wording import clock_text

Row = tuple[str, tuple[int, int, int], bool]


class StatusLines:
    """Fits the table's status text to its area, colours bad news, and draws it."""

    table: TableView
    shown_second: int  # the clock's second last drawn (-1: no clock)
    _fit: tuple[tuple[object, ...], tuple[int, list[Row]]] | None

    def __init__(self, table: TableView) -> None:
        self.table = table
        self.shown_second = -1
        self._fit = None

    def rows(self) -> tuple[int, list[Row]]:
        """The status lines fitted to the status area: (text size, [(row, colour, bold)]).

        Text grows with the cards (within limits); a line too wide breaks at its " · "
        separators first, then between words, and the size comes down only as far as needed,
        so nothing is cut at the edge of the area.
        """
        table = self.table
        lay = table.layout
        assert lay is not None
        r = lay.status_rect
        l1, l2, l3 = table.status_text()
        top = sized(max(11, min(round(24 * text_scale(lay.width, lay.height)), round(lay.cw * 0.17))),
                    table.app.prefs.text_factor)
        alerts = tuple(n.text for n in table.app.status_notes() if n.alert)
        key = (l1, l2, l3, r.w, r.h, top, alerts)
        if self._fit is not None and self._fit[0] == key:
            return self._fit[1]  # drawn again for every region a move redraws: fit it once
        styles = [(TEXT, True), ((210, 230, 214), False), (GOLD, False)]
        size, rows = fit_block([(l1, True), (l2, False), (l3, False)], r.w, r.h, top)

        def style(i: int, row: str) -> tuple[tuple[int, int, int], bool]:
            # bad news (a lost game) must not look like good news: its rows take another colour
            if i == 2 and any(row.strip() and row.strip().rstrip("\u2026") in a for a in alerts):
                return ALERT, False
            return styles[i]

        self._fit = (key, (size, [(row, *style(i, row)) for i, row in rows]))
        return self._fit[1]

    def default_text(self) -> tuple[str, str, str]:
        """Deal and game, moves and time, and any extra text from helpers."""
        table = self.table
        g = table.session.game
        # TRANSLATORS: the status line's first words; {number} is the deal's number.
        deal = _("Deal {number}").format(number=g.seed) if g.seed is not None else _("Set position")
        line1 = f"{deal}  \u00b7  {rules_line(g.rules)}"
        home = g.position.home_count()
        # TRANSLATORS: the status line; {n} is how many moves have been made ("Moves 12").
        moves = _("Moves {n}").format(n=len(g.history))
        # TRANSLATORS: the status line; {n} is how many of the 52 cards are on the foundations.
        line2 = f"{moves}  \u00b7  {clock_text(table.session.elapsed())}  \u00b7  " + _("{n}/52 home").format(n=home)
        line3 = "  \u00b7  ".join(n.text for n in table.app.status_notes())
        return line1, line2, line3

    def ticked(self) -> bool:
        """The running clock shows another second than the one drawn."""
        session = self.table.session
        return session.clock.running() and int(session.elapsed()) != self.shown_second

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the lines, cut at the edge of their area."""
        lay = self.table.layout
        assert lay is not None
        r = lay.status_rect
        session = self.table.session
        self.shown_second = int(session.elapsed()) if session.clock.start is not None else -1
        size, rows = self.rows()
        clip = surface.get_clip()
        surface.set_clip(r.clip(clip))  # a tiny window: cut the text rather than cover a foundation
        y = r.y
        for line, colour, bold in rows:
            surface.blit(art.text(line, size, colour, bold), (r.x, y))
            y += line_height(size)
        surface.set_clip(clip)
