"""Tweens and the fixed-step clock: positions at the start, middle and end; a tail keeps its shape."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import itertools
from collections.abc import Callable

import pygame
import pytest

from yukon.core.state import FOUNDATION, ON_FOUNDATION
from yukon.ui.build import open_window
from yukon.ui.fixed_clock import FixedClock
from yukon.ui.tween import Animator, Flip, Slide, ease_in_out_cubic, ease_out_cubic, linear, slide_duration

STEP = 1 / 120


@pytest.mark.parametrize("ease", [linear, ease_out_cubic, ease_in_out_cubic])
def test_easings_run_from_zero_to_one_without_going_back(ease: Callable[[float], float]) -> None:
    assert ease(0.0) == pytest.approx(0.0) and ease(1.0) == pytest.approx(1.0)
    values = [ease(i / 100) for i in range(101)]
    assert all(b >= a - 1e-12 for a, b in itertools.pairwise(values))
    assert ease_in_out_cubic(0.5) == pytest.approx(0.5)


def test_slide_start_middle_end_with_fixed_steps() -> None:
    s = Slide((1,), ((0.0, 0.0),), ((120.0, 60.0),), duration=0.5, ease=linear)
    a = Animator()
    a.add_slide(s)
    assert a.position(1) == (0.0, 0.0)
    for _ in range(30):  # 30 steps of 1/120 s = 0.25 s = half way
        a.advance(STEP)
    mid = a.position(1)
    assert mid is not None
    x, y = mid
    assert x == pytest.approx(60.0) and y == pytest.approx(30.0)
    # the interpolation fraction looks a part-step ahead
    ahead = a.position(1, extra=STEP / 2)
    assert ahead is not None
    x2 = ahead[0]
    assert x2 == pytest.approx(60.0 + 120.0 * (STEP / 2) / 0.5)
    for _ in range(30):
        a.advance(STEP)
    assert not a.active and a.position(1) is None


def test_eased_middle_is_ahead_of_linear() -> None:
    s = Slide((1,), ((0.0, 0.0),), ((100.0, 0.0),), duration=0.4)
    s.elapsed = 0.2
    assert s.positions()[0][0] == pytest.approx(100 * ease_out_cubic(0.5))
    assert s.positions()[0][0] > 50


def test_a_tail_keeps_its_shape_all_the_way() -> None:
    start = tuple((100.0, 200.0 + 30 * i) for i in range(5))
    end = tuple((600.0, 50.0 + 30 * i) for i in range(5))
    s = Slide(tuple(range(5)), start, end, duration=slide_duration(520, 100))
    while not s.done:
        pts = s.positions()
        offsets = [(b[0] - a[0], b[1] - a[1]) for a, b in itertools.pairwise(pts)]
        assert all(o == pytest.approx((0.0, 30.0)) for o in offsets)
        s.elapsed += STEP


def test_duration_grows_with_distance_and_is_bounded() -> None:
    d = [slide_duration(x, 100) for x in (0, 100, 400, 1600, 100000)]
    assert d == sorted(d) and d[0] > 0 and d[-1] <= 0.5


def test_flip_narrows_then_shows_the_other_side() -> None:
    f = Flip(7, to_face_up=True, duration=0.2)
    assert f.state() == (1.0, False)
    f.elapsed = 0.1
    scale, up = f.state()
    assert scale == pytest.approx(0.0, abs=1e-9) and up
    f.elapsed = 0.2
    assert f.state() == (pytest.approx(1.0), True) and f.done


def test_fixed_clock_hands_out_whole_steps_and_a_fraction() -> None:
    c = FixedClock(step=0.01)
    assert c.advance(0.035) == 3
    assert c.alpha == pytest.approx(0.5)
    assert c.advance(0.005) == 1 and c.alpha == pytest.approx(0.0, abs=1e-9)
    assert c.advance(10.0) == 25  # a stall is not replayed step by step


def test_table_slides_a_moved_tail_as_one_group_and_lands_exactly() -> None:
    app = open_window(seed=3, size=(1280, 800))
    app.frame()
    t = app.table
    assert t is not None
    pos = t.session.position
    move = next(m for m in pos.legal_moves() if m.to != FOUNDATION and pos.loc[m.card] < ON_FOUNDATION
                and len(pos.tail(m.card)) >= 2)
    tail = pos.tail(move.card)
    assert t.layout is not None
    before = [t.layout.card_xy[c] for c in tail]
    t.session.move(move)
    assert t.layout is not None
    after = [t.layout.card_xy[c] for c in tail]
    assert [t.drawn_xy(c) for c in tail] == [tuple(map(float, p)) for p in before]
    steps = 0
    while t.anim.active:
        pts = [t.drawn_xy(c) for c in tail]
        xs = {round(p[0], 6) for p in pts}
        assert len(xs) == 1  # the tail stays in one column-wide stack while it travels
        gaps = [b[1] - a[1] for a, b in itertools.pairwise(pts)]
        lo = [min(b0[1] - a0[1], b1[1] - a1[1]) for a0, b0, a1, b1 in zip(before, before[1:], after, after[1:])]
        hi = [max(b0[1] - a0[1], b1[1] - a1[1]) for a0, b0, a1, b1 in zip(before, before[1:], after, after[1:])]
        assert all(l - 1e-6 <= g <= h + 1e-6 for g, l, h in zip(gaps, lo, hi))
        t.update(STEP)
        steps += 1
    assert 5 < steps < 120
    assert [t.drawn_xy(c) for c in tail] == after


def test_input_during_a_slide_finishes_it_and_acts_on_the_true_position() -> None:
    app = open_window(seed=5, size=(1024, 700))
    app.frame()
    t = app.table
    assert t is not None
    move = next(m for m in t.session.position.legal_moves() if m.to != FOUNDATION)
    t.session.move(move)
    assert t.anim.active
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_LCTRL, unicode="", scancode=0))
    app.frame()
    assert t.session.game.history == []
    # the undo slide starts from where the cards were drawn: all 52 drawn exactly once, at real spots
    for _ in range(100):
        t.update(STEP)
    assert not t.anim.active
    lay = t.layout
    assert lay is not None
    assert all(t.drawn_xy(c) == lay.card_xy[c] for c in range(52))
