"""The marks on the cards that moved: a soft glow on the cards that moved last (or that Undo
brought back), until the next change, and a thin outline on the tail a press would take under
the pointer. ``places`` says where they lie, so the canvas redraws only there when they come or go."""

from __future__ import annotations

from collections.abc import Iterable

import pygame

from ...core.state import FACE_DOWN, ON_FOUNDATION, Position
from .. import marks
from ..layout import TableLayout
from .style import HOVER, MOVED
from .view import TableView


class MoveMarks:
    """What moved last, and the tail under the pointer."""

    table: TableView
    marked: frozenset[int]  # the cards that moved last (or came back on Undo), marked until the next change
    hovered: int | None  # the face-up card under the pointer: its tail is outlined

    def __init__(self, table: TableView) -> None:
        self.table = table
        self.marked = frozenset()
        self.hovered = None

    def moved_with(self, card: int | None) -> frozenset[int]:
        """The cards that moved with ``card`` (its tail where it lies now; None: none)."""
        if card is None:
            return frozenset()
        pos = self.table.session.position
        return frozenset(pos.tail(card) if pos.loc[card] < ON_FOUNDATION else (card,))

    def places(self, cards: Iterable[int]) -> tuple[set[int], bool]:
        """The columns where ``cards`` lie as the table was laid out, and whether one is on a foundation."""
        loc = self.table.shown.loc
        cols = {loc[c] for c in cards if loc[c] < ON_FOUNDATION}
        return cols, any(loc[c] == ON_FOUNDATION for c in cards)

    def shown(self) -> frozenset[int]:
        """Every card with a mark on it: those moved last and the one under the pointer."""
        return self.marked if self.hovered is None else self.marked | {self.hovered}

    def clear(self, marked: frozenset[int] = frozenset()) -> tuple[set[int], bool]:
        """Mark ``marked`` instead of what was marked, with no outline (the pointer's next move
        finds the tail under it anew); where the old marks were."""
        was = self.places(self.shown())
        self.marked, self.hovered = marked, None
        return was

    def hover(self, card: int | None) -> tuple[set[int], bool] | None:
        """Outline the tail ``card`` would take (None: none); where outlines come or go, or None
        when nothing changes."""
        if card == self.hovered:
            return None
        cols, found = self.places(() if self.hovered is None else (self.hovered,))
        self.hovered = card
        new_cols, new_found = self.places(() if card is None else (card,))
        return cols | new_cols, found or new_found

    def _glows(self, lay: TableLayout, pos: Position) -> list[tuple[int, pygame.Rect]]:
        """Each tail moved last (its first card) and where it glows (within its column's own area)."""
        spread = _spread(lay)
        return [(c, (lay.tail_rect(c) if pos.loc[c] < ON_FOUNDATION else lay.card_rect(c)).inflate(2 * spread,
                                                                                                   2 * spread))
                for c in _tops(self.marked, pos) if c in lay.card_xy]

    def _outline(self, lay: TableLayout, pos: Position) -> pygame.Rect | None:
        """Where the tail under the pointer is outlined, or None."""
        card = self.hovered
        if card is None or card not in lay.card_xy or pos.loc[card] == FACE_DOWN:
            return None
        edge = min(2, _spread(lay))
        r = lay.tail_rect(card) if pos.loc[card] < ON_FOUNDATION else lay.card_rect(card)
        return r.inflate(2 * edge, 2 * edge)

    def rects(self, lay: TableLayout) -> list[pygame.Rect]:
        """Where the marks are drawn (a redraw of the cards under them covers these too)."""
        pos = self.table.session.position
        outline = self._outline(lay, pos)
        return [r for _c, r in self._glows(lay, pos)] + ([outline] if outline is not None else [])

    def paint(self, surface: pygame.Surface, lay: TableLayout, pos: Position, moving: set[int]) -> None:
        """The glow round the cards that moved last, and the outline round the tail under the pointer
        (none on cards on their way)."""
        hc = self.table.app.prefs.high_contrast
        spread = _spread(lay)
        for first, r in self._glows(lay, pos):
            if first not in moving:
                marks.glow(surface, MOVED, r, lay.radius + spread, hc)
        outline = self._outline(lay, pos)
        if outline is not None and self.hovered not in moving:
            marks.solid(surface, HOVER, outline, 3 if hc else 2, lay.radius + min(2, spread))


def _spread(lay: TableLayout) -> int:
    """How far a glow reaches past its cards: within the column's own area, which a redraw covers."""
    return max(1, min(4, lay.gap // 2))


def _tops(cards: frozenset[int], pos: Position) -> list[int]:
    """Of ``cards``, those with no other of them under it in its column (each marked tail's first card)."""
    out = []
    for c in cards:
        loc = pos.loc[c]
        if loc < ON_FOUNDATION:
            col = pos.columns[loc]
            i = col.index(c)
            if i > 0 and col[i - 1] in cards:
                continue
        out.append(c)
    return out
