"""The status lines over the columns: deal and game, moves and time, helpers' notes.

Beside the foundations (foundations over the columns) the lines are a block, one under the
other; in the slim strip over the columns (foundations beside them) they run on in one row,
or two when they must, each part in its line's colour.
"""

from __future__ import annotations

from typing import Any

import pygame

from ...text.i18n import _
from ...text.words import rules_line
from .. import art
from ..layout import status_text_size
from ..widgets import GOLD, SEP, TEXT, block_height, ellipsize, fit_block, line_height
from .style import ALERT
from .view import TableView
from .wording import clock_text

Row = tuple[str, tuple[int, int, int], bool]
Piece = tuple[str, tuple[int, int, int], bool, int, int]  # text, colour, bold, and where (from the area's corner)
GREY = (210, 230, 214)  # the second line, and the dots between parts in the strip


class StatusLines:
    """Fits the table's status text to its area, colours bad news, and draws it."""

    table: TableView
    shown_second: int  # the clock's second last drawn (-1: no clock)
    _fit: tuple[tuple[object, ...], tuple[int, list[Row]], list[Piece]] | None

    def __init__(self, table: TableView) -> None:
        self.table = table
        self.shown_second = -1
        self._fit = None

    def rows(self) -> tuple[int, list[Row]]:
        """The status lines fitted to the status area: (text size, [(text, colour, bold)]): each
        row of the block, or each text drawn in a row of the strip (``pieces`` says where).

        Text grows with the cards (within limits); a line too wide breaks at its " · "
        separators first, then between words, and the size comes down only as far as needed,
        so nothing is cut at the edge of the area.
        """
        return self._fitted()[1]

    def pieces(self) -> list[Piece]:
        """What is drawn, piece by piece, with its place from the status area's top-left corner."""
        return self._fitted()[2]

    def _fitted(self) -> tuple[tuple[Any, ...], tuple[int, list[Row]], list[Piece]]:
        table = self.table
        lay = table.layout
        assert lay is not None
        r = lay.status_rect
        l1, l2, l3 = table.status_text()
        top = status_text_size(lay.cw, lay.width, lay.height, table.app.prefs.text_factor)
        alerts = tuple(n.text for n in table.app.status_notes() if n.alert)
        key = (l1, l2, l3, r.w, r.h, top, alerts, lay.side)
        if self._fit is not None and self._fit[0] == key:
            return self._fit  # drawn again for every region a move redraws: fit it once
        styles = [(TEXT, True), (GREY, False), (GOLD, False)]

        def style(i: int, row: str) -> tuple[tuple[int, int, int], bool]:
            # bad news (a lost game) must not look like good news: its rows take another colour
            if i == 2 and any(row.strip() and row.strip().rstrip("\u2026") in a for a in alerts):
                return ALERT, False
            return styles[i]

        if lay.side:  # the lines run on; each helper's note is a unit of its own, in its own colour
            units = [[(part, *style(i, line)) for part in line.split(SEP)] for i, line in ((0, l1), (1, l2)) if line]
            units += [[(note, *style(2, note))] for note in l3.split(SEP) if note]
            size, rows, pieces = fit_strip(units, r.w, r.h, top)
            # over the columns' span when the text fits there whole and nearly as large as across the strip
            x0 = max(0, min(lay.col_x[0] - r.x, r.w))
            w0 = min(lay.col_x[6] + lay.cw, r.right) - r.x - x0
            if x0 and w0 > 0:
                narrow = fit_strip(units, w0, r.h, top)
                if narrow[0] >= 0.9 * size and narrow[1] == rows:
                    size, rows, pieces = narrow[0], narrow[1], [(*p[:3], p[3] + x0, p[4]) for p in narrow[2]]
        else:
            size, block = fit_block([(l1, True), (l2, False), (l3, False)], r.w, r.h, top)
            rows = [(row, *style(i, row)) for i, row in block]
            pieces = [(row, colour, bold, 0, k * line_height(size)) for k, (row, colour, bold) in enumerate(rows)]
        self._fit = (key, (size, rows), pieces)
        return self._fit

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
        size = self.rows()[0]
        clip = surface.get_clip()
        surface.set_clip(r.clip(clip))  # a tiny window: cut the text rather than cover a foundation
        for text, colour, bold, x, y in self.pieces():
            surface.blit(art.text(text, size, colour, bold), (r.x + x, r.y + y))
        surface.set_clip(clip)


def fit_strip(units: list[list[Row]], width: int, height: int, top: int,
              low: int = 9) -> tuple[int, list[Row], list[Piece]]:
    """The status run on in rows across a ``width`` x ``height`` strip, " · " between its units, at
    the largest size from ``top`` down at which all fits. Each unit (a line, or one helper's note)
    is a list of parts (text, colour, bold): it stays whole on a row when it can, else it breaks
    between its parts. At ``low`` a part too wide is cut with an ellipsis, and rows past the
    strip's height are left out (the last kept one ends with an ellipsis). Rows close up to the
    font's own height (no leading) before the size comes down: a CJK font's tall line box would
    otherwise cost a whole step of size in a strip of two rows.
    Returns (size, [part drawn], [piece]) as ``StatusLines.rows`` and ``pieces`` give them."""
    placed: list[list[Row]] = []
    size = max(top, low)
    for size in range(max(top, low), low - 1, -1):
        run = _run_on(units, size, width, size == low)
        if run is not None and _row_step(size, len(run), height) is not None:
            placed = run
            break
        placed = run or []
    keep = len(placed)
    while keep > 1 and _row_step(size, keep, height) is None:
        keep -= 1
    step = _row_step(size, keep, height) or line_height(size)
    if keep < len(placed):  # say that more was left out
        last = placed[keep - 1]
        text, colour, bold = last[-1]
        f = art.font(size, bold)
        room = width - _row_width(last[:-1], size) - (art.font(size).size(SEP)[0] if len(last) > 1 else 0)
        while text and f.size(text + "\u2026")[0] > room:
            text = text[:-1]
        last[-1] = (text.rstrip() + "\u2026", colour, bold)
    sep_w = art.font(size).size(SEP)[0]
    pieces: list[Piece] = []
    for k, row in enumerate(placed[:keep]):
        x, y = 0, k * step
        for j, (text, colour, bold) in enumerate(row):
            if j:
                pieces.append((SEP, GREY, False, x, y))
                x += sep_w
            pieces.append((text, colour, bold, x, y))
            x += art.font(size, bold).size(text)[0]
    return size, [p for row in placed[:keep] for p in row], pieces


def _row_step(size: int, rows: int, height: int) -> int | None:
    """The distance between ``rows`` rows at ``size`` that fits ``height``: the usual line height,
    else the font's own height; None when neither fits."""
    if block_height(size, rows) <= height:
        return line_height(size)
    tight = art.font(size).get_height()
    return tight if rows * tight <= height else None


def _row_width(row: list[Row], size: int) -> int:
    """The width of parts drawn in a row with " · " between them."""
    if not row:
        return 0
    return sum(art.font(size, b).size(t)[0] for t, _, b in row) + art.font(size).size(SEP)[0] * (len(row) - 1)


def _run_on(units: list[list[Row]], size: int, width: int, cut: bool) -> list[list[Row]] | None:
    """The units in rows no wider than ``width`` at ``size``: a unit whole where it fits, else
    part by part; a part too wide alone is cut short when ``cut``, else there is no fit (None)."""
    rows: list[list[Row]] = [[]]
    for unit in units:
        joined: Row = (SEP.join(t for t, _, _ in unit), unit[0][1], unit[0][2])
        whole = [joined] if len({(c, b) for _, c, b in unit}) == 1 else unit
        if _row_width(rows[-1] + whole, size) <= width:
            rows[-1] += whole
            continue
        if _row_width(whole, size) <= width:
            rows.append(list(whole))
            continue
        for text, colour, bold in unit:
            if art.font(size, bold).size(text)[0] > width:
                if not cut:
                    return None
                text = ellipsize(text, size, width, bold)
            part: Row = (text, colour, bold)
            if _row_width(rows[-1] + [part], size) <= width:
                rows[-1].append(part)
            else:
                rows.append([part])
    return [row for row in rows if row]
