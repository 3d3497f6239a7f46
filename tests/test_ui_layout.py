"""Layout at many window sizes: columns apart, every face-up card clickable, hit-testing exact.

Positions come from random play on fixed-seed deals, so long and short columns both occur.
"""

from __future__ import annotations

import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest

from yukon.core.state import Game, Position
from yukon.ui.layout import MIN_FAN, MIN_STRIP, compute_layout, index_height

SIZES = [(640, 400), (800, 600), (1024, 768), (1280, 800), (1366, 768), (1440, 900), (1920, 1080),
         (2560, 1440), (3840, 2160), (640, 1000), (1000, 400), (700, 480), (3840, 1000), (900, 2000)]


def sample_positions(n: int = 12) -> list[Position]:
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


POSITIONS = sample_positions()


@pytest.mark.parametrize("size", SIZES)
def test_columns_apart_and_every_face_up_card_clickable(size: tuple[int, int]) -> None:
    w, h = size
    for pos in POSITIONS:
        lay = compute_layout(w, h, pos)
        # columns never overlap, and lie side by side in order
        for i in range(6):
            assert lay.col_x[i] + lay.cw < lay.col_x[i + 1]
        assert lay.max_scroll == 0  # these sizes all fit readable cards
        for i, col in enumerate(pos.columns):
            down = pos.down[i]
            for j, c in enumerate(col):
                r = lay.card_rect(c)
                assert r.x == lay.col_x[i]
                if j < down:
                    continue
                strip = lay.strip_rect(c)
                # every strip is clickable; below MIN_STRIP only in a column so long that it
                # fills the table to the bottom (it fans tighter rather than shrink every card)
                end = lay.card_rect(col[-1]).bottom
                assert end <= lay.view.bottom - lay.margin + 1, (size, i)
                fills = end >= lay.view.bottom - lay.margin - 2  # the column reaches the table's bottom
                assert strip.h >= (MIN_FAN if fills else MIN_STRIP), (size, i, j, strip.h)
                assert strip.y < lay.view.bottom  # visible
                # hit-testing picks this card anywhere on its strip
                for y in (strip.y, strip.y + strip.h // 2, strip.bottom - 1):
                    for x in (strip.x, strip.centerx, strip.right - 1):
                        hit = lay.hit(x, y)
                        assert hit.kind == "card" and hit.card == c, (size, c, x, y, hit)
        for s, r in enumerate(lay.foundation_rects):
            hit = lay.hit(*r.center)
            assert hit.kind == "foundation" and hit.suit == s
            assert not r.colliderect(lay.status_rect)
        for i, r in enumerate(lay.heading_rects):
            hit = lay.hit(*r.center)
            assert hit.kind == "heading" and hit.column == i


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080), (800, 600)])
def test_the_deal_shows_full_corner_indices(size: tuple[int, int]) -> None:
    """At ordinary sizes a fresh deal needs no tightening: every index can be read."""
    pos = Position.deal(7)
    lay = compute_layout(*size, pos)
    for i, col in enumerate(pos.columns):
        for c in col[pos.down[i]:]:
            assert lay.strip_rect(c).h >= index_height(lay.cw)


def test_narrow_window_scrolls_instead_of_shrinking_cards() -> None:
    pos = Position.deal(3)
    lay = compute_layout(200, 600, pos)
    assert lay.max_scroll > 0 and lay.cw >= 36
    right = compute_layout(200, 600, pos, scroll_x=10**6)
    assert right.scroll_x == right.max_scroll
    assert right.col_x[6] + right.cw <= right.view.right
    assert right.col_x[0] < lay.col_x[0]


def test_tiny_window_still_lays_out() -> None:
    pos = Position.deal(3)
    for w, h in [(1, 1), (10, 10), (120, 90)]:
        lay = compute_layout(w, h, pos)
        assert len(lay.card_xy) == 52
        lay.hit(0, 0)


def test_panel_takes_room_from_the_table() -> None:
    pos = Position.deal(3)
    plain = compute_layout(1280, 800, pos)
    side = compute_layout(1280, 800, pos, panel_width=320)
    assert side.panel is not None and side.panel.x == 1280 - 320
    assert side.col_x[6] + side.cw <= side.panel.x
    assert side.cw <= plain.cw


@pytest.mark.parametrize("size", [(240, 180), (320, 240), (480, 360), (640, 400), (800, 600), (1280, 800),
                                  (1920, 1080), (3840, 2160)])
def test_buttons_stay_inside_the_window_and_apart(size: tuple[int, int]) -> None:
    from yukon.ui import art
    from yukon.ui.widgets import layout_bar

    labels = ["Undo", "Redo", "Hint", "Demo", "Restart deal", "New deal", "Lessons", "Deal #", "Stats",
              "Settings", "Rules", "Full screen", "Quit"]
    w, h = size
    bar = layout_bar(labels, w, h)
    assert len(bar.rects) == len(labels)
    shown = [bar.rects[i] for i in bar.shown()] + ([bar.more] if bar.more is not None else [])
    assert bar.shown() == list(range(len(labels) - len(bar.hidden)))  # the first ones stay, the rest fold
    assert (bar.more is None) == (not bar.hidden)
    for r in shown:
        assert 0 <= r.x and r.right <= w and bar.rect.y <= r.y and r.bottom <= h
    for a in range(len(shown)):
        for b in range(a + 1, len(shown)):
            assert not shown[a].inflate(6, 6).colliderect(shown[b])  # at least a few pixels apart
    assert bar.rows <= 2 and bar.rect.h <= h * 0.2 + 8  # never three rows eating the window
    if w >= 480:
        assert all(r.h >= 36 for r in shown)  # finger-sized
        f = art.font(bar.font_size, True)
        for i in bar.shown():
            assert f.size(labels[i])[0] <= bar.rects[i].w - 4, (labels[i], size)  # no label shrunk or cut
        assert bar.font_size >= 13


def test_the_bar_folds_into_a_more_list_in_one_row_at_480x360() -> None:
    from yukon.ui.widgets import layout_bar

    labels = ["Undo", "Redo", "Hint", "Demo", "Restart deal", "New deal", "Lessons", "Deal #", "Stats",
              "Settings", "Rules", "Full screen", "Quit"]
    bar = layout_bar(labels, 480, 360)
    assert bar.rows == 1 and bar.more is not None and bar.hidden
    assert {r.y for i, r in enumerate(bar.rects) if i not in bar.hidden} == {bar.more.y}
    wide = layout_bar(labels, 1920, 1080)
    assert wide.rows == 1 and wide.more is None and not wide.hidden


def test_text_grows_with_the_window() -> None:
    from yukon.ui.layout import text_scale
    from yukon.ui.widgets import layout_bar

    labels = ["Undo", "Redo", "Hint", "New deal", "Rules", "Quit"]
    sizes = [(1280, 800), (1920, 1080), (2560, 1440), (3840, 2160)]
    fonts = [layout_bar(labels, w, h).font_size for w, h in sizes]
    assert fonts == sorted(fonts) and fonts[-1] >= 2.2 * fonts[0]
    assert text_scale(800, 600) == 1.0 and text_scale(3840, 2160) == 2.7
    assert text_scale(3840, 800) == 1.0  # a wide but low window keeps small cards, so small text
