"""The rings that light the table up: the selection and where it may go, the hint on show, a
lesson's cards and places, the column headings that name them, and the outline under a drag.

Each kind has its own shape as well as its colour (``yukon.ui.marks``); high contrast draws
them thicker. ``lit_cols`` and ``lit_found`` remember where rings were last drawn, so that the
canvas redraws those places when they go.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ...core.cards import SUIT
from ...core.state import FOUNDATION, ON_FOUNDATION, Move
from .. import art, marks
from ..layout import TableLayout
from .style import HINT, LESSON, SELECT, TARGET
from .view import TableView

HEADING = (170, 210, 180)  # a column's number when nothing lights it
REFUSED = (230, 80, 70)  # the outline under a drag that would be refused


class Rings:
    """Which places are lit, and their marks drawn."""

    table: TableView
    lit_cols: set[int]  # columns with a ring drawn around something
    lit_found: bool  # a ring drawn on the foundation row

    def __init__(self, table: TableView) -> None:
        self.table = table
        self.lit_cols = set()
        self.lit_found = False

    # -- what is lit ---------------------------------------------------------------------------
    def lit_source(self) -> int | None:
        """The card whose legal destinations are lit: the selection, or the card being dragged."""
        sel = self.table.session.selection
        if sel is not None:
            return sel
        held = self.table.drag_cards
        return held[0] if held else None

    def hint_move(self) -> Move | None:
        """The hint on show, if any."""
        h = self.table.session.hint
        return h.move if h is not None else None

    def legal_dests(self, card: int) -> set[int]:
        """Where ``card`` may go."""
        return {m.to for m in self.table.session.position.legal_moves() if m.card == card}

    def lesson_lights(self) -> tuple[set[int], set[int]]:
        """The mode's cards and destinations to light up."""
        mode = self.table.mode
        return mode.highlights(self.table.session.game) if mode is not None else (set(), set())

    def rings(self) -> tuple[set[int], bool]:
        """The columns with a ring drawn in them, and whether the foundation row has one."""
        pos = self.table.session.position
        lesson_cards, lesson_dests = self.lesson_lights()
        sel = self.lit_source()
        legal = self.legal_dests(sel) if sel is not None else set()
        hint = self.hint_move()
        lit: set[int] = {d for d in legal if d < FOUNDATION} | {d for d in lesson_dests if d < FOUNDATION}
        if sel is not None and pos.loc[sel] < ON_FOUNDATION:
            lit.add(pos.loc[sel])
        if hint is not None:
            if hint.to < FOUNDATION:
                lit.add(hint.to)
            if pos.loc[hint.card] < ON_FOUNDATION:
                lit.add(pos.loc[hint.card])
        lit |= {pos.loc[c] for c in lesson_cards if 0 <= c < 52 and pos.loc[c] < ON_FOUNDATION}
        found = (FOUNDATION in legal or FOUNDATION in lesson_dests
                 or (hint is not None and (hint.to == FOUNDATION or pos.loc[hint.card] == ON_FOUNDATION))
                 or (sel is not None and pos.loc[sel] == ON_FOUNDATION)
                 or any(0 <= c < 52 and pos.loc[c] == ON_FOUNDATION for c in lesson_cards))
        return lit, found

    def dest_rect(self, dest: int, card: int) -> pygame.Rect:
        """The place ``card`` would land at ``dest``."""
        lay = self.table.layout
        assert lay is not None
        if dest == FOUNDATION:
            return lay.foundation_rects[SUIT[card]].copy()
        return lay.column_end_rect(dest)

    # -- drawing -------------------------------------------------------------------------------
    def paint_headings(self, surface: pygame.Surface, lay: TableLayout) -> None:
        """The columns' numbers, marked where a place they name is lit (the same shapes as the places)."""
        _, lesson_dests = self.lesson_lights()
        sel = self.lit_source()
        legal = self.legal_dests(sel) if sel is not None else set()
        hint = self.hint_move()
        hh = lay.heading_rects[0].h
        hsize = max(11, min(round(hh * 0.62 * self.table.app.prefs.text_factor), round(hh * 0.8)))
        w = 3 if self.table.app.prefs.high_contrast else 2
        for i, r in enumerate(lay.heading_rects):
            hinted = hint is not None and hint.to == i
            colour = TARGET if i in legal else HINT if hinted else LESSON if i in lesson_dests else HEADING
            img = art.text(str(i + 1), hsize, colour, True)
            at = img.get_rect(center=r.center)
            mark = marks.brackets if i in legal else _double if hinted else marks.dashed if i in lesson_dests else None
            if mark is not None:
                _around(surface, at, mark, colour, r, w)
            surface.blit(img, at)

    def paint(self, surface: pygame.Surface, lay: TableLayout, moving: set[int]) -> None:
        """The selected tail, the legal destinations, the hint, the lesson's (not on ``moving`` cards)."""
        self.lit_cols, self.lit_found = self.rings()
        pos = self.table.session.position
        lesson_cards, lesson_dests = self.lesson_lights()
        sel = self.lit_source()
        legal = self.legal_dests(sel) if sel is not None else set()
        hint = self.hint_move()
        rad = lay.radius
        hc = self.table.app.prefs.high_contrast
        if sel is not None and sel not in moving:
            r = lay.tail_rect(sel) if pos.loc[sel] < ON_FOUNDATION else lay.card_rect(sel)
            marks.solid(surface, SELECT, r.inflate(6, 6), 7 if hc else 4, rad + 3)
        for d in legal:  # (legal destinations exist only for a selection)
            assert sel is not None
            marks.brackets(surface, TARGET, self.dest_rect(d, sel).inflate(8, 8), 7 if hc else 5)
        if hint is not None:
            src = lay.tail_rect(hint.card) if pos.loc[hint.card] < ON_FOUNDATION else lay.card_rect(hint.card)
            marks.double(surface, HINT, src.inflate(6, 6), 6 if hc else 4, rad + 3)
            marks.double(surface, HINT, self.dest_rect(hint.to, hint.card).inflate(8, 8), 6 if hc else 4, rad + 4)
        for c in lesson_cards:
            if c in lay.card_xy and c not in moving:
                marks.dashed(surface, LESSON, lay.strip_rect(c).inflate(6, 6), 5 if hc else 3)
        for d in lesson_dests:
            if sel is None or d not in legal:
                probe = next(iter(lesson_cards), 0)
                marks.dashed(surface, LESSON, self.dest_rect(d, probe).inflate(8, 8), 5 if hc else 3)

    def paint_drag_target(self, surface: pygame.Surface, rects: list[pygame.Rect], dest: int | None) -> None:
        """While dragging, outline ``dest``, the destination under the pointer: green if legal (its
        rectangle joins ``rects``)."""
        pos = self.table.session.position
        card = self.table.drag_cards[0]
        if dest is None or dest == pos.loc[card]:
            return
        r = self.dest_rect(dest, card)
        width = 5 if self.table.app.prefs.high_contrast else 3
        if pos.why_illegal(Move.of(card, dest)) is None:  # a legal place: the destination's brackets
            marks.brackets(surface, TARGET, r.inflate(6, 6), width + 1)
        else:
            marks.dashed(surface, REFUSED, r.inflate(6, 6), width)
        rects.append(r.inflate(10, 10))


Mark = Callable[[pygame.Surface, marks.Colour, pygame.Rect, int], None]  # draws an outline of a width


def _double(surface: pygame.Surface, colour: marks.Colour, rect: pygame.Rect, width: int) -> None:
    """A hinted heading's mark: the hint's double outline, rounded to a third of the heading's height."""
    marks.double(surface, colour, rect, 2 * width, rect.h // 3)


def _around(surface: pygame.Surface, number: pygame.Rect, mark: Mark, colour: marks.Colour, rect: pygame.Rect,
            width: int) -> None:
    """Draw ``mark`` around ``rect`` (a heading) on either side of its ``number``, not through it: a
    heading is only a little taller than its number, and a line over the digit hides its shape."""
    clip = surface.get_clip()
    gap = number.inflate(max(4, number.h // 3), 0)
    for side in (pygame.Rect(clip.left, clip.top, gap.left - clip.left, clip.h),
                 pygame.Rect(gap.right, clip.top, clip.right - gap.right, clip.h)):
        if side.w > 0:
            surface.set_clip(side)
            mark(surface, colour, rect, width)
    surface.set_clip(clip)
