"""Layout at many window sizes: columns apart, every face-up card clickable, hit-testing exact.

Positions come from random play on fixed-seed deals, so long and short columns both occur.
"""

from __future__ import annotations

import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest

from yukon.state import Game, Position
from yukon.ui.commands import Command
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
                assert strip.h >= MIN_STRIP or (strip.h >= MIN_FAN and end >= lay.view.bottom - lay.margin - 2), \
                    (size, i, j, strip.h)
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
