"""Table geometry from the window size, and hit-testing; pure (no drawing, no display needed).

``compute_layout(width, height, position, ...)`` places the seven columns with a heading over
each, the four foundations, the status, under the slim toolbar along the window's top
(``toolbar_rect``; its height is an input: the table takes what the bar leaves) and, when a mode (a lesson) asks for one, a text panel on
the right. The foundations go where they cost least: in a window wider than tall, beside the
columns (a column of four slots on the right, on the left in the left-handed layout, or two or
four across in a very low window) with the status in a slim strip over the columns; in a tall
window, in a row over four of the columns with the status over the other three. Of these
shapes the one with the largest cards wins, and the cards are as large as it allows.

A column takes a click or a drop on its heading, its cards and about a card's height below
its end card (an empty column: its slot and as much below), not on the bare cloth further
down. A long column tightens its own overlap, face-down cards first, then face-up cards down
to the deck's corner index (``index_strip``); when even that does not fit, every card
shrinks a step at a time until it does, for columns of up to ``LONG_COLUMN`` cards (a longer
column fans tighter instead, so one freak column cannot make every card tiny). When the window
is too narrow for readable cards the table keeps a minimum card size and scrolls sideways
(``scroll_x``, ``max_scroll``). ``text_scale`` says how much larger than at 1280x800 text and
buttons are drawn, so they grow with the cards in a big window.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from pygame import Rect

from ..core.state import COLUMN_COUNT, Position

CARD_RATIO = 1.4  # height / width, close to a real playing card
MIN_CARD_W = 36  # narrower cards are not readable: the table scrolls instead
GAP_RATIO = 0.14  # space between columns, in card widths
MIN_STRIP = 8  # no face-up card is ever covered to less than this many pixels
UP_STEP = 0.27  # usual overlap of face-up cards, in card heights (the card art keeps its pips below it)
DOWN_STEP = 0.11  # usual overlap of face-down cards


COLUMN_MARGIN = 1.0  # below its end card a column takes a drop this many card heights further down
MIN_FAN = 2  # past MIN_STRIP a very long column fans this tight before it would leave the table
LONG_COLUMN = 20  # every card shrinks until a column this long shows every corner index
SHRINK = 0.98  # the step by which it shrinks (few sizes: faces are drawn once per size)
SIDE_SEP = 0.3  # between the columns and foundations beside them, in card widths
PREFER = 1.05  # a shape is chosen over the preferred one only for cards this many times larger
FOUND_SHOW = 0.75  # foundations stacked beside the columns show at least this much of each card

IndexStrip = Callable[[tuple[int, int]], int]  # pixels a card of (width, height) must show for its corner index


def text_scale(width: int, height: int) -> float:
    """How many times larger than at 1280x800 text and buttons are drawn (1 to 3): they grow
    with the cards, which follow the window's smaller proportion. The player's text size
    (``TablePrefs.text_factor``) multiplies the size each screen arrives at (``sized``)."""
    return max(1.0, min(3.0, width / 1280, height / 800))


def sized(size: int, factor: float) -> int:
    """A text size in pixels at the player's text size factor (1: normal)."""
    return max(1, round(size * factor))


def bar_height_for(height: int, rows: int = 1, width: int = 0) -> int:
    """The toolbar's height: slim (at most 7% of the window from 640 px high up, as KPatience's
    and Aisleriot's toolbars), big enough to hit, growing with big windows (``width`` 0: by height
    alone). ``rows`` is kept for callers that stack rows of buttons (one row: the toolbar)."""
    scale = text_scale(width or round(height * 1.6), height)
    row = max(30, min(round(44 * scale), int(height * 0.07)))
    return row * rows + 8 * (rows - 1)


def toolbar_rect(width: int, height: int) -> Rect:
    """Where the toolbar lies in a ``width`` x ``height`` window: a slim band along the top."""
    width, height = max(width, 1), max(height, 1)
    return Rect(0, 0, width, min(bar_height_for(height, 1, width), max(height // 2, 1)))


def index_height(card_w: int) -> int:
    """Pixels from a card's top edge that hold its corner index (rank and suit)."""
    return max(10, round(card_w * 0.29))


@dataclass(slots=True)
class Hit:
    """What lies under a point: kind is card, down, foundation, heading, column (a column's own area
    around its cards) or none."""

    kind: str
    column: int | None = None
    card: int | None = None
    suit: int | None = None


@dataclass(slots=True)
class TableLayout:
    """Every rectangle of the table for one window size, position and scroll offset."""

    width: int
    height: int
    view: Rect
    bar: Rect
    panel: Rect | None
    cw: int
    ch: int
    gap: int
    margin: int
    scroll_x: int
    max_scroll: int
    col_x: list[int]
    found_y: int
    head_y: int
    cols_y: int
    foundation_rects: list[Rect]
    heading_rects: list[Rect]
    column_rects: list[Rect]  # each column's own area: heading, cards, about a card below them
    status_rect: Rect
    side: bool  # the foundations lie beside the columns (else in a row over them)
    card_xy: dict[int, tuple[int, int]] = field(default_factory=dict)
    column_cards: list[list[int]] = field(default_factory=list)
    column_down: list[int] = field(default_factory=list)
    foundation_tops: list[int | None] = field(default_factory=list)

    @property
    def size_key(self) -> tuple[int, int, int, int]:
        """Window size and table area: equal keys mean the still parts lie where they lay."""
        return (self.width, self.height, self.view.w, self.view.h)

    @property
    def radius(self) -> int:
        """Corner radius of a card."""
        return max(3, round(self.cw * 0.07))

    def card_rect(self, card: int) -> Rect:
        """The full rectangle of a card where it lies (table or foundation)."""
        x, y = self.card_xy[card]
        return Rect(x, y, self.cw, self.ch)

    def strip_rect(self, card: int) -> Rect:
        """The part of a card not covered by the card above it (the whole card when on top)."""
        r = self.card_rect(card)
        for i, col in enumerate(self.column_cards):
            if card in col:
                j = col.index(card)
                if j + 1 < len(col):
                    r.height = self.card_xy[col[j + 1]][1] - r.y
                break
        return r

    def foundation_shown(self, suit: int) -> Rect:
        """The part of a foundation slot not covered by the slot below it (stacked beside the
        columns in a low window, the slots overlap a little)."""
        r = self.foundation_rects[suit].copy()
        for below in self.foundation_rects[suit + 1:]:
            if below.x == r.x and r.y < below.y < r.bottom:
                r.height = below.y - r.y
        return r

    def column_end_rect(self, column: int) -> Rect:
        """Where the end card of a column lies, or the empty slot."""
        col = self.column_cards[column]
        if col:
            return self.card_rect(col[-1])
        return Rect(self.col_x[column], self.cols_y, self.cw, self.ch)

    def tail_rect(self, card: int) -> Rect:
        """The rectangle covering a card and every card on top of it."""
        r = self.card_rect(card)
        for col in self.column_cards:
            if card in col:
                for c in col[col.index(card) + 1:]:
                    r.union_ip(self.card_rect(c))
                break
        return r

    def hit(self, x: int, y: int) -> Hit:
        """What a pointer at (x, y) is on."""
        if not self.view.collidepoint(x, y):
            return Hit("none")
        for s in range(len(self.foundation_rects) - 1, -1, -1):  # a lower slot lies over the one above
            if self.foundation_rects[s].collidepoint(x, y):
                return Hit("foundation", suit=s, card=self.foundation_tops[s])
        for i, r in enumerate(self.heading_rects):
            if r.collidepoint(x, y):
                return Hit("heading", column=i)
        for i, col in enumerate(self.column_cards):
            cx = self.col_x[i]
            if not (cx <= x < cx + self.cw):
                continue
            down = self.column_down[i]
            for j in range(len(col) - 1, -1, -1):
                c = col[j]
                cy = self.card_xy[c][1]
                if cy <= y < cy + self.ch:
                    return Hit("down" if j < down else "card", column=i, card=c)
        for i, r in enumerate(self.column_rects):
            if r.collidepoint(x, y):
                return Hit("column", column=i)
        return Hit("none")


def simple_index_strip(size: tuple[int, int]) -> int:
    """The drawn (Simple) deck's corner index, in pixels from the top of a card of ``size``."""
    return index_height(size[0])


def status_text_size(cw: int, width: int, height: int, factor: float = 1.0) -> int:
    """The status lines' largest text size: it grows with the cards and the window, times the
    player's text size ``factor``."""
    return sized(max(11, min(round(24 * text_scale(width, height)), round(cw * 0.17))), factor)


def column_steps(n: int, down: int, avail: float, ch: int, strip: int) -> tuple[float, float]:
    """(face-down step, face-up step) so a column of ``n`` cards fits ``avail`` pixels if it can.

    Face-down cards close up first, then face-up cards, down to ``strip`` pixels (the deck's
    corner index); only past that point (a column longer than ``LONG_COLUMN``, or cards already
    as small as readable) does the column fan tighter, down to ``MIN_FAN``."""
    up = n - down
    strip = max(strip, MIN_STRIP)
    fd, fu = ch * DOWN_STEP, max(ch * UP_STEP, float(strip))  # a deck's index may reach lower than the usual step

    def need(a: float, b: float) -> float:
        return ch + down * a + max(up - 1, 0) * b

    if need(fd, fu) <= avail:
        return fd, fu
    if down:
        fd = max(_fd_min(ch), min(fd, (avail - ch - max(up - 1, 0) * fu) / down))
    if need(fd, fu) <= avail:
        return fd, fu
    if up > 1:
        fu = max(float(strip), (avail - ch - down * fd) / (up - 1))
    if need(fd, fu) <= avail:
        return fd, fu
    # Past that point the column fans tighter rather than run off the table.
    fd = max(float(MIN_FAN), min(fd, (avail - ch) / max(n - 1, 1)))
    if up > 1:
        fu = max(float(MIN_FAN), (avail - ch - down * fd) / (up - 1))
    return fd, fu


def narrowest_table(width: int, height: int) -> int:
    """The narrowest table area of a ``width`` x ``height`` window that shows all seven columns
    at the smallest readable card size (a side panel leaves at least this much)."""
    gap = max(4, round(MIN_CARD_W * GAP_RATIO))
    margin = max(6, min(24, round(min(width, height) * 0.015)))  # as compute_layout's
    return 2 * margin + COLUMN_COUNT * MIN_CARD_W + (COLUMN_COUNT - 1) * gap


def _fd_min(ch: int) -> float:
    """The closest face-down cards close up: a thin edge of each still shows."""
    return max(3.0, ch * 0.025)


def _gap(cw: int) -> int:
    return max(4, round(cw * GAP_RATIO))


def _head_h(cw: int) -> int:
    return max(14, round(cw * 0.17))


@dataclass(frozen=True, slots=True)
class _Shape:
    """Where the foundations go: beside the columns in a block ``across`` slots wide (``side``),
    with the status in a strip of ``strip_rows`` rows over the columns; or in a row over four of
    the columns with the status over the other three."""

    side: bool
    across: int = 1
    strip_rows: int = 1


SHAPES = (_Shape(True, 1), _Shape(True, 2), _Shape(True, 4), _Shape(False, 4))


@dataclass(frozen=True, slots=True)
class _Area:
    """The table's area (``w`` x ``h`` with ``margin``) in a ``width`` x ``height`` window, and the text size factor."""

    w: int
    h: int
    margin: int
    width: int
    height: int
    factor: float


@dataclass(frozen=True, slots=True)
class _Frame:
    """The still geometry of one shape at one card width: what the table needs of the window."""

    shape: _Shape
    cw: int
    ch: int
    gap: int
    sep: int  # between the columns and a side block of foundations
    content_w: int  # the table's width, margins included
    strip_h: int  # the status strip over the columns (side shape), else 0
    head_y: int  # from the top of the table area
    cols_y: int
    found_step: int  # between the rows of a side block

    @staticmethod
    def of(shape: _Shape, cw: int, area: _Area) -> _Frame:
        """The frame of ``shape`` with cards ``cw`` wide, in ``area``."""
        margin = area.margin
        ch = round(cw * CARD_RATIO)
        gap = _gap(cw)
        cols_w = COLUMN_COUNT * cw + (COLUMN_COUNT - 1) * gap
        if not shape.side:
            head_y = margin + ch + max(4, round(cw * 0.12))
            cols_y = head_y + _head_h(cw) + max(2, round(cw * 0.04))
            return _Frame(shape, cw, ch, gap, 0, 2 * margin + cols_w, 0, head_y, cols_y, 0)
        sep = max(gap, round(cw * SIDE_SEP))
        size = status_text_size(cw, area.width, area.height, area.factor)
        if shape.strip_rows > 1:  # two rows of smaller text (or one of full size)
            size = max(sized(11, area.factor), round(size * 0.7))
        strip_h = round(size * 1.25 + (shape.strip_rows - 1) * size * 1.5) + 4
        head_y = margin + strip_h + 2
        cols_y = head_y + _head_h(cw) + max(2, round(cw * 0.04))
        rows = 4 // shape.across
        room = area.h - 2 * margin - ch
        step = min(ch + gap, room // (rows - 1)) if rows > 1 else 0
        block_w = shape.across * cw + (shape.across - 1) * gap
        return _Frame(shape, cw, ch, gap, sep, 2 * margin + cols_w + sep + block_w, strip_h, head_y, cols_y, step)

    def fits(self, area: _Area) -> bool:
        """Does the table fit the area, with a column of 6 face-down and 9 face-up cards at
        their usual overlap, and (side shape) every foundation showing most of its card?"""
        ch = self.ch
        column = ch * (1 + 6 * 0.08 + 8 * 0.22)
        if self.content_w > area.w or self.cols_y + column > area.h - area.margin:
            return False
        return not self.shape.side or self.shape.across == 4 or self.found_step >= FOUND_SHOW * ch

    def overlaps(self) -> bool:
        """Do the foundations beside the columns overlap (a little) to fit the height?"""
        return self.shape.side and self.shape.across < 4 and self.found_step < self.ch

    def avail(self, area: _Area) -> int:
        """Pixels from the columns' top to the bottom of the table area."""
        return area.h - area.margin - self.cols_y


def _largest(shape: _Shape, area: _Area) -> int:
    """The widest cards (at least 1 px) at which ``shape`` fits the area, found by halving."""
    lo, hi = 1, max(2, area.w)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if _Frame.of(shape, mid, area).fits(area):
            lo = mid
        else:
            hi = mid - 1
    return lo


@functools.lru_cache(maxsize=16)
def _choose(area: _Area) -> tuple[_Shape, int]:
    """The shape that gives the largest cards; within ``PREFER`` of that, the foundations go beside
    the columns in an area wider than tall (it leaves the columns the whole height and the table
    the whole width), over them in a taller one."""
    order = SHAPES if area.w > area.h else SHAPES[-1:] + SHAPES[:-1]
    sizes = [_largest(s, area) for s in order]
    enough = max(sizes) / PREFER
    shape, cw = next((s, cw) for s, cw in zip(order, sizes) if cw >= enough)
    if shape.side:  # foundations side by side rather than overlapping, where the cards lose nothing by it
        shape = next((s for s, w in zip(order, sizes) if s.side and w >= cw and not _Frame.of(s, cw, area).overlaps()),
                     shape)
    if shape.side:  # a second row for the status where the cards lose nothing by it
        two = replace(shape, strip_rows=2)
        if _largest(two, area) >= cw:
            return two, cw
    return shape, cw


def _columns_fit(frame: _Frame, position: Position, avail: int, strip: IndexStrip) -> bool:
    """Does every column (its last ``LONG_COLUMN`` cards) fit with every face-up index showing?"""
    ch = frame.ch
    index = max(strip((frame.cw, ch)), MIN_STRIP)
    fd = _fd_min(ch)
    for col, down in zip(position.columns, position.down):
        n = len(col)
        if n <= 1:
            continue
        cut = max(0, n - LONG_COLUMN)
        d, up = max(0, down - cut), min(n - down, LONG_COLUMN)
        if ch + d * fd + max(up - 1, 0) * index > avail:
            return False
    return True


def _shrunk(shape: _Shape, top: int, area: _Area, position: Position, strip: IndexStrip) -> _Frame:
    """The frame with the largest cards up to ``top`` at which every column shows every face-up
    card's corner index: a long column shrinks every card a step at a time (past LONG_COLUMN
    cards it fans tighter instead, and the cards stop at MIN_CARD_W)."""
    frame = _Frame.of(shape, top, area)
    k = 0
    while frame.cw > MIN_CARD_W and not _columns_fit(frame, position, frame.avail(area), strip):
        k += 1
        frame = _Frame.of(shape, max(MIN_CARD_W, int(top * SHRINK ** k)), area)
    return frame


def compute_layout(width: int, height: int, position: Position, scroll_x: int = 0,
                   panel_width: int = 0, bar_height: int | None = None, left_handed: bool = False,
                   index_strip: IndexStrip = simple_index_strip, text_factor: float = 1.0) -> TableLayout:
    """Lay the table out for a window of ``width`` x ``height`` pixels.

    ``bar_height``: the pixels kept for the toolbar along the top (None: ``toolbar_rect``'s).
    ``panel_width``: a mode's text panel on the right. ``left_handed``: the foundations on the
    left (side shape) or over the first four columns, the status over the last three (top
    shape). ``index_strip``: how much of a card of a given size must show for its corner index
    (the deck's ``index_height``). ``text_factor``: the player's text size.
    """
    width, height = max(width, 1), max(height, 1)
    if bar_height is None:
        bar = toolbar_rect(width, height)
    else:
        bar = Rect(0, 0, width, max(0, min(bar_height, height // 2)))
    panel_width = min(panel_width, width // 2)
    view = Rect(0, bar.bottom, width - panel_width, height - bar.h)
    panel = Rect(width - panel_width, bar.bottom, panel_width, height - bar.h) if panel_width else None
    margin = max(6, min(24, round(min(width, height) * 0.015)))  # as narrowest_table's

    area = _Area(view.w, view.h, margin, width, height, text_factor)
    shape, largest = _choose(area)
    top = max(MIN_CARD_W, largest)
    # A long column shrinks the cards but keeps the status's second row: the notes it holds (the
    # Demo's, the solver's) would not fit one row whole, and a few pixels of card cost less than cut words.
    frame = _shrunk(shape, top, area, position, index_strip)
    cw, ch, gap = frame.cw, frame.ch, frame.gap

    content_w = frame.content_w
    if content_w <= view.w:
        max_scroll = 0
        scroll_x = 0
        left = view.x + (view.w - content_w) // 2 + margin
    else:
        max_scroll = content_w - view.w
        scroll_x = max(0, min(scroll_x, max_scroll))
        left = view.x + margin - scroll_x
    block_w = content_w - 2 * margin - (COLUMN_COUNT * cw + (COLUMN_COUNT - 1) * gap)  # side block and its gap
    cols_left = left + block_w if shape.side and left_handed else left
    col_x = [cols_left + i * (cw + gap) for i in range(COLUMN_COUNT)]
    top_y = view.y
    head_y, cols_y = top_y + frame.head_y, top_y + frame.cols_y
    head_h = _head_h(cw)
    heading_rects = [Rect(x, head_y, cw, head_h) for x in col_x]
    column_rects = [Rect(x - gap // 2, head_y, cw + gap, 1) for x in col_x]  # heights once the cards lie
    found_y = top_y + margin
    foundation_rects, status_rect = _foundations_and_status(frame, view, col_x, found_y, left, left_handed)

    lay = TableLayout(width, height, view, bar, panel, cw, ch, gap, margin, scroll_x, max_scroll,
                      col_x, found_y, head_y, cols_y, foundation_rects, heading_rects, column_rects,
                      status_rect, shape.side)
    _place_cards(lay, position, max(index_strip((cw, ch)), MIN_STRIP))
    return lay


def _foundations_and_status(frame: _Frame, view: Rect, col_x: list[int], found_y: int, left: int,
                            left_handed: bool) -> tuple[list[Rect], Rect]:
    """The four foundations' rects and the status's, for ``frame``'s shape (see ``compute_layout``)."""
    shape, cw, ch, gap = frame.shape, frame.cw, frame.ch, frame.gap
    margin = found_y - view.y  # the table's margin: the foundations' row starts one margin below its top
    if shape.side:
        bx = left if left_handed else col_x[-1] + cw + frame.sep
        foundation_rects = [Rect(bx + (s % shape.across) * (cw + gap), found_y + (s // shape.across) * frame.found_step,
                                 cw, ch) for s in range(4)]
        # over the columns, and the cloth on their open side when the cards leave some (status.py
        # keeps to the columns' span when the text fits there)
        sx = max(view.x + margin, col_x[0]) if left_handed else view.x + margin
        ex = view.right - margin if left_handed else min(view.right - margin, col_x[-1] + cw)
        return foundation_rects, Rect(sx, found_y, max(ex - sx, 1), frame.strip_h)
    if left_handed:
        sx = col_x[4]
        return ([Rect(col_x[s], found_y, cw, ch) for s in range(4)],
                Rect(sx, found_y, max(min(view.right - margin, col_x[6] + cw) - sx, 1), ch))
    sx = max(view.x + margin, col_x[0])
    return [Rect(col_x[3 + s], found_y, cw, ch) for s in range(4)], Rect(sx, found_y, max(col_x[3] - gap - sx, 1), ch)


def _place_cards(lay: TableLayout, position: Position, strip: int) -> None:
    """Put every card of ``position`` in ``lay``: the columns' cards at their overlap (a long column
    tightens its own, keeping ``strip`` pixels of each face-up card while it can), the foundations'
    on their piles; and each column's own area."""
    view, ch, cols_y = lay.view, lay.ch, lay.cols_y
    avail = view.bottom - lay.margin - cols_y
    xy = lay.card_xy
    for i, col in enumerate(position.columns):
        down = position.down[i]
        fd, fu = column_steps(len(col), down, avail, ch, strip)
        y = float(cols_y)
        for j, c in enumerate(col):
            xy[c] = (lay.col_x[i], round(y))
            y += fd if j < down else fu
        lay.column_cards.append(list(col))
        lay.column_down.append(down)
        # A column's own area: its heading, its cards (or its empty slot) and about a card
        # below them; bare cloth further down is no place to put a card.
        end = (xy[col[-1]][1] if col else cols_y) + ch + round(COLUMN_MARGIN * ch)
        lay.column_rects[i].height = max(min(end, view.bottom) - lay.head_y, 1)
    for s in range(4):
        top_card = position.foundations[s]
        r = lay.foundation_rects[s]
        for rank in range(1, top_card + 1):
            xy[s * 13 + rank - 1] = (r.x, r.y)
        lay.foundation_tops.append(s * 13 + top_card - 1 if top_card else None)
