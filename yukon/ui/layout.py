"""Table geometry from the window size, and hit-testing; pure (no drawing, no display needed).

``compute_layout(width, height, position, ...)`` places the status area and four
foundations along the top, seven column headings and the seven columns below, the
button bar at the bottom and, when a mode (a lesson) asks for one, a text panel on the
right. A column takes a click or a drop on its heading, its cards and about a card's
height below its end card (an empty column: its slot and as much below), not on the bare
cloth further down. Cards scale with the window; a long column tightens its own overlap, face-down
cards first, so every face-up card keeps a strip showing its corner index while it can,
then at least a clickable strip, and past that point the column fans tighter still: a
long column never shrinks the cards of the other columns. When the window is too narrow
for readable cards the table keeps a minimum card size and scrolls sideways
(``scroll_x``, ``max_scroll``). ``text_scale`` says how much larger than at 1280x800
text and buttons are drawn, so they grow with the cards in a big window.
"""

from __future__ import annotations

from dataclasses import dataclass, field

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


def text_scale(width: int, height: int) -> float:
    """How many times larger than at 1280x800 text and buttons are drawn (1 to 3): they grow
    with the cards, which follow the window's smaller proportion. The player's text size
    (``TablePrefs.text_factor``) multiplies the size each screen arrives at (``sized``)."""
    return max(1.0, min(3.0, width / 1280, height / 800))


def sized(size: int, factor: float) -> int:
    """A text size in pixels at the player's text size factor (1: normal)."""
    return max(1, round(size * factor))


def bar_height_for(height: int, rows: int = 1, width: int = 0) -> int:
    """The button bar's height: finger-sized, growing with big windows (``width`` 0: by height alone)."""
    scale = text_scale(width or round(height * 1.6), height)
    row = max(44, min(round(60 * scale), round(height * 0.07)))
    return row * rows + 8 * (rows - 1)


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
        for s, r in enumerate(self.foundation_rects):
            if r.collidepoint(x, y):
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


def column_steps(n: int, down: int, avail: float, ch: int, cw: int) -> tuple[float, float]:
    """(face-down step, face-up step) so a column of ``n`` cards fits ``avail`` pixels if it can."""
    up = n - down
    fd, fu = ch * DOWN_STEP, ch * UP_STEP
    if up <= 1 and down == 0:
        return fd, fu

    def need(a: float, b: float) -> float:
        return ch + down * a + max(up - 1, 0) * b

    if need(fd, fu) <= avail:
        return fd, fu
    fd = ch * 0.06
    fu_min = index_height(cw) + 2
    if up > 1:
        fu = max(fu_min, (avail - ch - down * fd) / (up - 1))
        fu = min(fu, ch * UP_STEP)
    if need(fd, fu) <= avail:
        return fd, fu
    fd = max(3.0, ch * 0.03)
    if up > 1:
        fu = max(float(MIN_STRIP), min(fu, (avail - ch - down * fd) / (up - 1)))
    if need(fd, fu) <= avail:
        return fd, fu
    # Past that point the column fans tighter rather than run off the table (or shrink every card).
    fd = max(float(MIN_FAN), min(fd, (avail - ch) / max(n - 1, 1)))
    if up > 1:
        fu = max(float(MIN_FAN), (avail - ch - down * fd) / (up - 1))
    return fd, fu


def narrowest_table(width: int, height: int) -> int:
    """The narrowest table area of a ``width`` x ``height`` window that shows all seven columns
    at the smallest readable card size (a side panel leaves at least this much)."""
    gap = max(4, round(MIN_CARD_W * GAP_RATIO))
    margin = max(6, min(24, round(min(width, height) * 0.015)))  # never less than compute_layout's
    return 2 * margin + COLUMN_COUNT * MIN_CARD_W + (COLUMN_COUNT - 1) * gap


def _head_h(cw: int) -> int:
    return max(16, round(cw * 0.26))


def _row_gap(cw: int) -> int:
    return max(4, round(cw * 0.12))


def _cols_y(found_y: int, cw: int, ch: int) -> int:
    """Where the columns start: below the foundation row and the headings."""
    return found_y + ch + _row_gap(cw) + _head_h(cw) + max(2, round(cw * 0.04))


def compute_layout(width: int, height: int, position: Position, scroll_x: int = 0,
                   panel_width: int = 0, bar_rows: int = 1, left_handed: bool = False) -> TableLayout:
    """Lay the table out for a window of ``width`` x ``height`` pixels (``left_handed``: the
    foundations over the first four columns and the status over the last three)."""
    width, height = max(width, 1), max(height, 1)
    bar_h = min(bar_height_for(height, bar_rows, width), max(height // 2, 1))
    panel_width = min(panel_width, width // 2)
    view = Rect(0, 0, width - panel_width, height - bar_h)
    bar = Rect(0, height - bar_h, width, bar_h)
    panel = Rect(width - panel_width, 0, panel_width, height - bar_h) if panel_width else None

    margin = max(6, min(24, round(min(view.w, view.h) * 0.015)))
    cw_w = (view.w - 2 * margin) / (COLUMN_COUNT + (COLUMN_COUNT - 1) * GAP_RATIO)
    # Height for a foundation row, a heading row and a column of 6 face-down and 9 face-up
    # cards at their usual overlap; longer columns tighten.
    cw_h = (view.h - 2 * margin) / (CARD_RATIO * (1 + 1 + 6 * 0.08 + 8 * 0.22) + 0.12 + 0.26)
    # The card size follows the window only: a long column tightens its own overlap (below).
    cw = max(MIN_CARD_W, int(min(cw_w, cw_h)))
    while True:  # rounding of the gap can add a pixel or two: take them off the card
        gap = max(4, round(cw * GAP_RATIO))
        content_w = 2 * margin + COLUMN_COUNT * cw + (COLUMN_COUNT - 1) * gap
        if content_w <= view.w or cw <= MIN_CARD_W:
            break
        cw -= 1
    ch = round(cw * CARD_RATIO)
    if content_w <= view.w:
        max_scroll = 0
        scroll_x = 0
        left = view.x + (view.w - content_w) // 2 + margin
    else:
        max_scroll = content_w - view.w
        scroll_x = max(0, min(scroll_x, max_scroll))
        left = view.x + margin - scroll_x
    col_x = [left + i * (cw + gap) for i in range(COLUMN_COUNT)]
    found_y = view.y + margin
    head_h = _head_h(cw)
    head_y = found_y + ch + _row_gap(cw)
    cols_y = _cols_y(found_y, cw, ch)
    foundation_rects = [Rect(col_x[3 + s], found_y, cw, ch) for s in range(4)]
    heading_rects = [Rect(x, head_y, cw, head_h) for x in col_x]
    column_rects = [Rect(x - gap // 2, head_y, cw + gap, 1) for x in col_x]  # heights once the cards lie
    sx = max(view.x + margin, col_x[0])
    status_rect = Rect(sx, found_y, max(col_x[3] - gap - sx, 1), ch)
    if left_handed:
        foundation_rects = [Rect(col_x[s], found_y, cw, ch) for s in range(4)]
        sx = col_x[4]
        status_rect = Rect(sx, found_y, max(min(view.right - margin, col_x[6] + cw) - sx, 1), ch)

    lay = TableLayout(width, height, view, bar, panel, cw, ch, gap, margin, scroll_x, max_scroll,
                      col_x, found_y, head_y, cols_y, foundation_rects, heading_rects, column_rects,
                      status_rect)
    _place_cards(lay, position)
    return lay


def _place_cards(lay: TableLayout, position: Position) -> None:
    """Put every card of ``position`` in ``lay``: the columns' cards at their overlap (a long column
    tightens its own), the foundations' on their piles; and each column's own area."""
    view, ch, cw, cols_y = lay.view, lay.ch, lay.cw, lay.cols_y
    avail = view.bottom - lay.margin - cols_y
    xy = lay.card_xy
    for i, col in enumerate(position.columns):
        down = position.down[i]
        fd, fu = column_steps(len(col), down, avail, ch, cw)
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
        top = position.foundations[s]
        r = lay.foundation_rects[s]
        for rank in range(1, top + 1):
            xy[s * 13 + rank - 1] = (r.x, r.y)
        lay.foundation_tops.append(s * 13 + top - 1 if top else None)
