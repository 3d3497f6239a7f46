"""Layout at many window sizes and positions: the table uses the whole window, columns stay apart,
every card lies in the window (or sideways scrolling reaches it), every face-up card's corner index
shows, nothing lies over the cards, and hit-testing is exact.

Positions come from random play on fixed-seed deals (long and short columns both occur) and from
built positions with one column of 17 to 20 cards (and one of 33). The bar's height is that of
the slim toolbar of issue 24 part 3: 7% of the window's height.
"""

from __future__ import annotations

import itertools
import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest
from pygame import Rect

from yukon.core.state import Game, Position
from yukon.ui.commands import Command
from yukon.ui.deck import SOURCES, PicturedDeck
from yukon.ui.layout import (
    CARD_RATIO,
    LONG_COLUMN,
    MIN_CARD_W,
    MIN_FAN,
    MIN_STRIP,
    UP_STEP,
    IndexStrip,
    TableLayout,
    compute_layout,
    index_height,
    simple_index_strip,
    status_text_size,
)

SLIM = 0.07  # the slim toolbar's share of the window's height


def slim(height: int) -> int:
    """The slim toolbar's height in a window ``height`` pixels high."""
    return round(SLIM * height)


def lay_out(w: int, h: int, pos: Position, left_handed: bool = False, index_strip: IndexStrip = simple_index_strip,
            text_factor: float = 1.0) -> TableLayout:
    """The table of a ``w`` x ``h`` window above a slim toolbar."""
    return compute_layout(w, h, pos, bar_height=slim(h), left_handed=left_handed, index_strip=index_strip,
                          text_factor=text_factor)


DECKS: dict[str, IndexStrip] = {"simple": simple_index_strip,
                                **{s.key: PicturedDeck(s).index_height for s in SOURCES}}

ASPECTS = {"4:3": (4, 3), "16:10": (16, 10), "16:9": (16, 9), "21:9": (64, 27)}
WIDTHS = [480, 640, 800, 1024, 1152, 1280, 1440, 1600, 1920, 2560, 3840]


def aspect_sizes(aspect: str) -> list[tuple[int, int]]:
    """Window sizes of one shape from 480x360 to 3840x2160."""
    a, b = ASPECTS[aspect]
    return [(w, w * b // a) for w in WIDTHS if 360 <= w * b // a <= 2160]


SIZES = sorted({s for a in ASPECTS for s in aspect_sizes(a)} | {(1152, 704), (2000, 400), (400, 1200), (900, 2000)})


def sample_positions(n: int = 10) -> list[Position]:
    """Positions along random games: the deal, midgames with long columns, near the end."""
    out = []
    rng = random.Random(2024)
    for seed in range(n):
        g = Game.deal(1000 + seed)
        out.append(g.position.copy())
        longest = g.position.copy()
        for _ in range(rng.randrange(20, 160)):
            moves = g.position.legal_moves()
            if not moves:
                break
            g.play(rng.choice(moves))
            if max(map(len, g.position.columns)) > max(map(len, longest.columns)):
                longest = g.position.copy()
        out.append(g.position.copy())
        out.append(longest)
    return out


def long_column(n: int, down: int, seed: int, column: int = 3) -> Position:
    """A position with one column of ``n`` cards, ``down`` of them face down; the other cards
    share the other columns (a few on the foundations)."""
    rng = random.Random(seed)
    home = [rng.randrange(3) for _ in range(4)]
    cards = [c for c in range(52) if c % 13 >= home[c // 13]]
    rng.shuffle(cards)
    columns: list[list[int]] = [[] for _ in range(7)]
    columns[column] = cards[:n]
    rest = cards[n:]
    others = [i for i in range(7) if i != column]
    for k, c in enumerate(rest):
        columns[others[k % 6]].append(c)
    downs = [min(len(col) - 1, rng.randrange(4)) if col else 0 for col in columns]
    downs[column] = down
    return Position(columns, downs, home)


POSITIONS = sample_positions()
LONG = [long_column(n, d, 100 * n + d, column=(n + d) % 7) for n in (17, 18, 19, 20) for d in (0, 2, 4, 6)]

BIG = long_column(33, 6, 33)


def table_span(lay: TableLayout) -> tuple[int, int]:
    """The table's left and right edges: its columns and foundations."""
    rects = lay.foundation_rects + [Rect(x, lay.cols_y, lay.cw, lay.ch) for x in lay.col_x]
    return min(r.x for r in rects), max(r.right for r in rects)


def check(lay: TableLayout, pos: Position, strip: IndexStrip, what: object) -> None:
    """Every promise of the layout for one window and position."""
    view = lay.view
    for i in range(6):  # columns never overlap, and lie side by side in order
        assert lay.col_x[i] + lay.cw < lay.col_x[i + 1], what
    covers = lay.foundation_rects + [lay.status_rect]
    index = strip((lay.cw, lay.ch))
    for i, col in enumerate(pos.columns):
        down = pos.down[i]
        for j, c in enumerate(col):
            r = lay.card_rect(c)
            assert r.x == lay.col_x[i], what
            # inside the window, or reachable by scrolling sideways
            assert view.y <= r.y and r.bottom <= view.bottom, (what, i, j)
            assert view.x <= r.x + lay.scroll_x and r.right + lay.scroll_x <= view.right + lay.max_scroll, (what, i, j)
            # nothing lies over the cards: not the foundations, not the status, not a heading
            assert r.collidelist(covers) < 0, (what, i, j)
            assert r.collidelist(lay.heading_rects) < 0, (what, i, j)
            if j < down:
                continue
            shown = lay.strip_rect(c)
            if len(col) <= LONG_COLUMN and lay.cw > MIN_CARD_W:
                assert shown.h >= index, (what, i, j, shown.h, index)
            elif len(col) <= LONG_COLUMN:  # the smallest cards: most of the index, and a strip to click
                assert shown.h >= min(index, max(MIN_STRIP, 0.75 * index)), (what, i, j, shown.h, index)
            else:  # past LONG_COLUMN cards the column fans tighter, still on the table
                assert shown.h >= MIN_FAN, (what, i, j)
            # hit-testing picks this card on its index
            x, y = shown.x + shown.w // 4, shown.y + min(shown.h, index) // 2
            if view.collidepoint(x, y):
                hit = lay.hit(x, y)
                assert hit.kind == "card" and hit.card == c, (what, c, hit)
    for s, r in enumerate(lay.foundation_rects):
        assert view.y <= r.y and r.bottom <= view.bottom, what
        assert not r.colliderect(lay.status_rect), what
        shown = lay.foundation_shown(s)
        assert shown.h >= 0.7 * lay.ch, what  # stacked beside the columns, most of each card shows
        if view.collidepoint(shown.center):
            hit = lay.hit(*shown.center)
            assert hit.kind == "foundation" and hit.suit == s, what
    assert lay.status_rect.bottom <= lay.head_y and lay.status_rect.h > 0 or not lay.side, what
    for i, r in enumerate(lay.heading_rects):
        if view.collidepoint(r.center):
            hit = lay.hit(*r.center)
            assert hit.kind == "heading" and hit.column == i, what


@pytest.mark.parametrize("size", SIZES)
def test_every_position_lies_readable_in_every_window(size: tuple[int, int]) -> None:
    w, h = size
    for pos in POSITIONS + LONG + [BIG]:
        for name, strip in DECKS.items():
            for left in (False, True):
                lay = lay_out(w, h, pos, index_strip=strip, left_handed=left)
                check(lay, pos, strip, (size, name, left))


def test_cards_are_as_large_as_the_window_allows_at_the_default_size() -> None:
    """1152x704, the default window on a 1280x800 screen: KPatience shows 94 px cards, Aisleriot 87."""
    for seed in range(1, 60):
        pos = Position.deal(seed)
        for left in (False, True):
            lay = lay_out(1152, 704, pos, left_handed=left)
            assert lay.cw >= 118 and lay.side and lay.max_scroll == 0
            assert lay.bar.h <= 0.07 * 704 + 1
    # so large that a column of 12 cards, all face up, or 17 with 6 face down keeps them so
    for n, down in [(12, 0), (13, 1), (14, 2), (15, 3), (16, 4), (17, 6)]:
        for seed in range(5):
            assert lay_out(1152, 704, long_column(n, down, seed)).cw >= 118, (n, down, seed)


@pytest.mark.parametrize("aspect", ["4:3", "16:10", "16:9"])
def test_the_table_spans_most_of_the_width(aspect: str) -> None:
    for w, h in aspect_sizes(aspect):
        for seed in (1, 2, 3):
            lay = lay_out(w, h, Position.deal(seed))
            left, right = table_span(lay)
            assert right - left >= 0.85 * w, (w, h, right - left)
            assert lay.max_scroll == 0


def test_a_very_wide_window_gives_the_table_all_the_height_it_needs() -> None:
    """At 21:9 the height is what limits the cards: a wider window would not make them larger, the
    foundations beside the columns reach down the window, and the table stands in the middle."""
    pos = Position.deal(4)
    for w, h in aspect_sizes("21:9") + [(2000, 400)]:
        lay = lay_out(w, h, pos)
        assert lay_out(w + 500, h, pos).cw == lay.cw
        assert lay_out(w, h + 60, pos).cw > lay.cw
        left, right = table_span(lay)
        assert abs(left - (w - right)) <= 1
        if len({r.x for r in lay.foundation_rects}) == 1:  # a column of four slots reaches down the window
            bottom = max(r.bottom for r in lay.foundation_rects)
            assert lay.view.bottom - bottom <= lay.margin + lay.ch * 0.3, (w, h)
        # the same cards as the 16:9 window of the same height
        assert lay.cw >= lay_out(h * 16 // 9, h, pos).cw


def test_foundations_lie_beside_the_columns_in_a_window_wider_than_tall() -> None:
    pos = Position.deal(9)
    for w, h in SIZES:
        for left in (False, True):
            lay = lay_out(w, h, pos, left_handed=left)
            if w > h:
                assert lay.side, (w, h)
                beside = [r.x > lay.col_x[6] + lay.cw for r in lay.foundation_rects]
                assert all(not b for b in beside) if left else all(beside), (w, h)
            if h > 1.2 * w:
                assert not lay.side, (w, h)


@pytest.mark.parametrize("deck", sorted(DECKS))
@pytest.mark.parametrize("down", range(7))
def test_a_column_of_twenty_cards_fits_the_default_window_with_every_index(deck: str, down: int) -> None:
    strip = DECKS[deck]
    for seed in range(3):
        pos = long_column(20, down, seed, column=seed + 2)
        lay = lay_out(1152, 704, pos, index_strip=strip)
        assert lay.max_scroll == 0
        col = pos.columns[seed + 2]
        assert lay.card_rect(col[-1]).bottom <= lay.view.bottom - lay.margin
        for c in col[down:-1]:
            assert lay.strip_rect(c).h >= strip((lay.cw, lay.ch))
        check(lay, pos, strip, (deck, down, seed))


def test_the_column_of_a_real_deal_reaches_twenty_cards_and_stays_readable() -> None:
    from yukon.core.notation import parse_move

    g = Game.deal(1)
    for text in ("6H-7", "8C-6"):
        g.play(parse_move(text))
    pos = g.position
    assert max(map(len, pos.columns)) == 20
    for name, strip in DECKS.items():
        check(lay_out(1152, 704, pos, index_strip=strip), pos, strip, name)


def test_face_down_cards_close_up_before_face_up_cards() -> None:
    for pos in LONG + [p for p in POSITIONS if max(map(len, p.columns)) >= 12]:
        for w, h in ((1152, 704), (800, 600), (1920, 1080), (2560, 1080)):
            lay = lay_out(w, h, pos)
            usual_up = round(lay.ch * UP_STEP)
            for i, col in enumerate(pos.columns):
                down = pos.down[i]
                ys = [lay.card_xy[c][1] for c in col]
                steps = [b - a for a, b in itertools.pairwise(ys)]
                if any(s < usual_up - 1 for s in steps[down:]) and down:
                    assert max(steps[:down]) <= max(3, round(lay.ch * 0.025)) + 1, (w, h, i, steps)


def test_a_long_column_shrinks_the_cards_only_as_far_as_twenty_cards_need() -> None:
    """Every card shrinks (a step at a time) when a column could not show every index; a column
    longer than LONG_COLUMN cards shrinks them no further than twenty face-up cards do: it fans."""
    for w, h in ((1152, 704), (800, 600), (1920, 1080)):
        fresh = lay_out(w, h, Position.deal(3))
        twenty = lay_out(w, h, long_column(20, 0, 5))
        big = lay_out(w, h, BIG)
        assert twenty.cw < fresh.cw
        assert big.cw >= twenty.cw
        col = max(BIG.columns, key=len)
        assert big.card_rect(col[-1]).bottom <= big.view.bottom - big.margin


def test_the_bar_height_is_an_input() -> None:
    pos = Position.deal(12)
    for w, h in ((1152, 704), (800, 600), (1920, 1080)):
        sizes = []
        for bar in (0, slim(h), 2 * slim(h), 150):
            lay = compute_layout(w, h, pos, bar_height=bar)
            # the toolbar lies along the top; the table starts under it
            assert lay.bar == Rect(0, 0, w, bar) and lay.view.h == h - bar and lay.view.y == bar
            for r in lay.foundation_rects + lay.heading_rects + [lay.status_rect]:
                assert r.top >= lay.bar.bottom
            assert all(lay.card_rect(c).top >= lay.bar.bottom for c in range(52))
            sizes.append(lay.cw)
        assert sizes == sorted(sizes, reverse=True)  # a taller bar never makes larger cards


def test_the_left_handed_table_mirrors_the_right_handed_one() -> None:
    for w, h in SIZES:
        for pos in POSITIONS[:6] + LONG[:4]:
            right = lay_out(w, h, pos)
            left = lay_out(w, h, pos, left_handed=True)
            assert (left.cw, left.side, left.cols_y) == (right.cw, right.side, right.cols_y)
            if right.max_scroll:
                continue
            if right.side:  # beside the columns: the block of foundations on the other side, the suits in order
                a, b = left.foundation_rects[0].unionall(left.foundation_rects), \
                    right.foundation_rects[0].unionall(right.foundation_rects)
                assert (a.y, a.size) == (b.y, b.size)
                assert abs((a.x - left.view.x) - (right.view.right - b.right)) <= 1, (w, h)
                order = [(r.y, r.x) for r in left.foundation_rects]
                assert order == sorted(order)
                assert abs((left.col_x[0] - left.view.x) - (right.view.right - right.col_x[6] - right.cw)) <= 1
                ls, rs = left.status_rect, right.status_rect  # the status strip mirrors too
                assert abs(ls.w - rs.w) <= 1 and abs((ls.x - left.view.x) - (right.view.right - rs.right)) <= 1


def test_the_deal_shows_full_corner_indices() -> None:
    """At ordinary sizes a fresh deal needs no tightening: every index can be read."""
    pos = Position.deal(7)
    for size in ((1280, 800), (1920, 1080), (800, 600), (1152, 704)):
        lay = lay_out(*size, pos)
        for i, col in enumerate(pos.columns):
            for c in col[pos.down[i]:]:
                assert lay.strip_rect(c).h >= index_height(lay.cw)


def test_narrow_window_scrolls_instead_of_shrinking_cards() -> None:
    pos = Position.deal(3)
    lay = compute_layout(200, 600, pos)
    assert lay.max_scroll > 0 and lay.cw >= MIN_CARD_W
    right = compute_layout(200, 600, pos, scroll_x=10**6)
    assert right.scroll_x == right.max_scroll
    assert right.col_x[6] + right.cw <= right.view.right
    assert right.col_x[0] < lay.col_x[0]
    # a low wide window too narrow for eight cards scrolls with the foundations beside the columns
    low = compute_layout(330, 250, pos, bar_height=20)
    assert low.side and low.max_scroll > 0
    far = compute_layout(330, 250, pos, bar_height=20, scroll_x=10**6)
    assert max(r.right for r in far.foundation_rects) <= far.view.right


def test_tiny_window_still_lays_out() -> None:
    pos = Position.deal(3)
    for w, h in [(1, 1), (10, 10), (120, 90), (240, 240)]:
        for bar in (None, 0, slim(h)):
            lay = compute_layout(w, h, pos, bar_height=bar)
            assert len(lay.card_xy) == 52
            lay.hit(0, 0)


def test_panel_takes_room_from_the_table() -> None:
    pos = Position.deal(3)
    plain = compute_layout(1280, 800, pos)
    side = compute_layout(1280, 800, pos, panel_width=320)
    assert side.panel is not None and side.panel.x == 1280 - 320
    assert side.col_x[6] + side.cw <= side.panel.x
    assert max(r.right for r in side.foundation_rects) <= side.panel.x
    assert side.cw <= plain.cw


def test_the_status_strip_holds_a_row_at_the_players_text_size() -> None:
    pos = Position.deal(3)
    for w, h in ((1152, 704), (1920, 1080), (800, 600), (2560, 1080)):
        sizes = []
        for f in (1.0, 1.25, 1.5):
            lay = lay_out(w, h, pos, text_factor=f)
            size = status_text_size(lay.cw, w, h, f)
            assert lay.side and lay.status_rect.h >= 1.2 * size + 2, (w, h, f)
            sizes.append(size)
        assert sizes == sorted(sizes) and sizes[-1] > sizes[0]


def test_card_ratio() -> None:
    lay = lay_out(1152, 704, Position.deal(1))
    assert lay.ch == round(lay.cw * CARD_RATIO)


def test_text_grows_with_the_window() -> None:
    from yukon.ui.layout import text_scale
    from yukon.ui.toolbar import layout_toolbar
    from yukon.ui.widgets import ButtonSpec

    specs = [ButtonSpec(c) for c in (Command.UNDO, Command.REDO, Command.HINT, Command.NEW_DEAL, Command.RULES,
                                     Command.QUIT)]
    sizes = [(1280, 800), (1920, 1080), (2560, 1440), (3840, 2160)]
    fonts = [layout_toolbar(specs, w, h).font_size for w, h in sizes]
    assert fonts == sorted(fonts) and fonts[-1] >= 2.2 * fonts[0]
    assert text_scale(800, 600) == 1.0 and text_scale(3840, 2160) == 2.7
    assert text_scale(3840, 800) == 1.0  # a wide but low window keeps small cards, so small text


def test_the_window_opens_on_most_of_the_screen(monkeypatch: pytest.MonkeyPatch) -> None:
    """As KPatience and Aisleriot do: 1152x704 on a 1280x800 screen, and no smaller share of a 4K one."""
    import pygame

    from yukon.ui import window

    for desktop, want in [((1280, 800), (1152, 704)), ((1920, 1080), (1728, 950)), ((2560, 1440), (2304, 1267)),
                          ((3840, 2160), (3456, 1900)), ((200, 200), (200, 200))]:
        monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda d=desktop: [d])
        assert window.fitting_size() == want
