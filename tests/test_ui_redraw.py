"""Partial redraws leave nothing behind: after any mix of moves, slides, drags, undos and hints
the window shows exactly what a fresh full redraw shows (a pixel comparison).

The window's content is modelled by a copy that only receives what the app sends with
pygame.display.update / flip, as a real window would; the surface it draws on is not
enough, since the table may draw more there than it sends.
"""

from __future__ import annotations

import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Sequence

import pygame
import pytest

from player_input import RIGHT, click_events, key_events, motion_events, press_events, release_events
from yukon.core.state import FOUNDATION, ON_FOUNDATION, Move
from yukon.ui.app import App
from yukon.ui.build import open_window
from yukon.ui.parts import TablePrefs
from yukon.ui.screen import Screen

STEPS = int(os.environ.get("REDRAW_STEPS", "40"))


class FrozenTime:
    """time.monotonic for the table, standing still (no message runs out, the clock never ticks)."""

    @staticmethod
    def monotonic() -> float:
        return 1000.0


def display() -> pygame.Surface:
    """The window's surface (open in every test here)."""
    surface = pygame.display.get_surface()
    assert surface is not None
    return surface


class Window:
    """What the display has been sent so far."""

    def __init__(self) -> None:
        self.shown = display().copy()

    def flip(self) -> None:
        self.shown.blit(display(), (0, 0))

    def update(self, rects: pygame.Rect | Sequence[pygame.Rect] | None = None) -> None:
        if rects is None:
            self.flip()
            return
        surface = display()
        for r in [rects] if isinstance(rects, pygame.Rect) else rects:
            if r:
                self.shown.blit(surface, r, r)

    def bytes(self) -> bytes:
        return pygame.image.tobytes(self.shown, "RGB")


def diff_box(a: pygame.Surface, b: pygame.Surface) -> pygame.Rect | None:
    """The rectangle around every pixel that differs (for the failure message)."""
    d = a.copy()
    d.blit(b, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    d2 = b.copy()
    d2.blit(a, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    d.blit(d2, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    inverse = pygame.mask.from_threshold(d, (0, 0, 0), (1, 1, 1, 255))
    inverse.invert()
    rects = inverse.get_bounding_rects()
    return rects[0].unionall(rects[1:]) if rects else None


def compare(window: Window, t: Screen, app: App, what: str) -> None:
    """The window as sent so far must equal a full redraw of the same moment."""
    before = window.shown.copy()
    t.invalidate()
    app.draw()
    assert window.bytes() == pygame.image.tobytes(before, "RGB"), \
        f"{what}: the window differs from a full redraw in {diff_box(before, window.shown)}"


ACCESS = TablePrefs(four_colour=True, high_contrast=True, text_factor=1.5)  # every accessibility option on


def move_events(app: App, window: Window, rng: random.Random, m: Move,
                step: str) -> tuple[list[pygame.event.Event], str]:
    """The events that make move ``m`` by a drag (drawn and compared while held) or by two clicks,
    still to be dispatched, and a note of what they do."""
    t = app.table
    assert t is not None and t.layout is not None
    lay = t.layout
    note = f"{m} from {t.session.position.loc[m.card]}"
    src = lay.foundation_rects[m.card // 13].center if t.session.position.loc[m.card] == ON_FOUNDATION \
        else lay.strip_rect(m.card).move(0, 3).topleft
    dst = lay.foundation_rects[0].center if m.to == FOUNDATION else lay.column_end_rect(m.to).center
    events = press_events(src)
    if rng.random() >= 0.5:
        return events + release_events(src) + click_events(dst), note
    note += " by drag"  # with a few frames drawn while held
    mid = ((src[0] + dst[0]) // 2, (src[1] + dst[1]) // 2)
    app.dispatch(events + motion_events(mid, held=True))
    app.draw()
    if rng.random() < 0.5:
        compare(window, t, app, f"{step} holding {note}")
    app.dispatch(motion_events((mid[0] + 7, mid[1] + 5), held=True))
    app.draw()
    return motion_events(dst, held=True) + release_events(dst), note


@pytest.mark.parametrize("seed,size,prefs", [(31, (1280, 800), TablePrefs()), (32, (800, 600), TablePrefs()),
                                             (33, (1920, 1080), TablePrefs()), (34, (800, 600), ACCESS),
                                             (35, (1920, 1080), ACCESS),
                                             (36, (1280, 800), TablePrefs(high_contrast=True, left_handed=True)),
                                             (37, (480, 360), TablePrefs())])
def test_partial_updates_match_a_full_redraw(monkeypatch: pytest.MonkeyPatch, seed: int,
                                             size: tuple[int, int], prefs: TablePrefs) -> None:
    """Also with the accessibility options on: thicker rings of other shapes, a plain table, larger text."""
    rng = random.Random(seed)
    app = open_window(seed=seed, size=size, now=FrozenTime.monotonic)
    app.apply_prefs(prefs)
    window = Window()
    monkeypatch.setattr(pygame.display, "flip", window.flip)
    monkeypatch.setattr(pygame.display, "update", window.update)
    app.draw()
    t = app.table
    assert t is not None
    for step in range(STEPS):
        note = ""
        lay = t.layout
        assert lay is not None
        legal = t.session.position.legal_moves()
        if rng.random() < 0.4:  # the pointer passes over a card: the tail it would take is outlined
            c = rng.choice([c for c in range(52) if t.session.position.loc[c] < ON_FOUNDATION] or [0])
            over = lay.strip_rect(c).move(0, 3).topleft if c in lay.card_xy else (5, 5)
            app.dispatch(motion_events(over))
            app.draw()
            if rng.random() < 0.3:
                compare(window, t, app, f"step {step} hovering over {c}")
        r = rng.random()
        if r < 0.55 and legal:
            events, note = move_events(app, window, rng, rng.choice(legal), f"step {step}")
        elif r < 0.75:
            events = key_events(pygame.K_z, pygame.KMOD_LCTRL)
        elif r < 0.85:
            events = key_events(pygame.K_h)
        elif r < 0.92:  # drag a card somewhere at random: mostly refused, so it slides back
            c = rng.choice([c for c in range(52) if t.session.position.loc[c] < ON_FOUNDATION] or [0])
            p = lay.strip_rect(c).move(0, 3).topleft if t.session.position.loc[c] < ON_FOUNDATION else (5, 5)
            q = (rng.randrange(size[0]), rng.randrange(size[1]))
            app.dispatch(press_events(p) + motion_events(((p[0] + q[0]) // 2, (p[1] + q[1]) // 2), held=True))
            app.draw()
            note = "random drag"
            if rng.random() < 0.3:
                events = press_events(q, RIGHT)  # right-click lets go
            else:
                events = motion_events(q, held=True) + release_events(q)
        else:  # select a card and leave it selected, or cancel
            c = rng.choice([c for c in range(52) if t.session.position.loc[c] < ON_FOUNDATION] or [0])
            p = lay.strip_rect(c).move(0, 3).topleft if t.session.position.loc[c] < ON_FOUNDATION else (5, 5)
            events = click_events(p)
        app.dispatch(events)
        # Let the slide run part way or to the end, drawing every frame as the loop would.
        for _ in range(rng.choice([0, 3, 10, 80])):
            app.update(1 / 120)
            app.draw()
        app.draw()
        while app.top is not t:  # a won or stuck question: answer the safe way
            app.dispatch(key_events(pygame.K_ESCAPE))
            app.draw()
        # Mid-slide too: a full redraw now puts the moving cards where they are drawn.
        compare(window, t, app, f"step {step} ({r:.2f} {note})")


class SteppedTime:
    """time.monotonic for the table, moved on by hand."""

    now = 5000.0

    @classmethod
    def monotonic(cls) -> float:
        return cls.now


def test_the_ticking_clock_and_a_message_running_out_send_only_their_areas(monkeypatch: pytest.MonkeyPatch) -> None:
    app = open_window(seed=41, size=(1280, 800), now=SteppedTime.monotonic)
    window = Window()
    sent: list[object] = []

    def flip() -> None:
        sent.append("flip")
        window.flip()

    def update(rects: pygame.Rect | Sequence[pygame.Rect] | None = None) -> None:
        sent.append(rects)
        window.update(rects)

    monkeypatch.setattr(pygame.display, "flip", flip)
    monkeypatch.setattr(pygame.display, "update", update)
    app.draw()
    t = app.table
    assert t is not None and t.layout is not None
    move = next(m for m in t.session.position.legal_moves() if m.to != FOUNDATION)
    t.session.move(move)
    t.session.tell("A passing word.")
    for _ in range(100):
        app.update(1 / 60)
        app.draw()
    assert not t.busy()
    status = t.layout.status_rect
    sent.clear()
    SteppedTime.now += 1.0  # the clock shows 0:01
    assert t.needs_draw()
    app.draw()
    assert sent == [[status]]
    assert "0:01" in t.status_text()[1]
    shown = window.bytes()
    t.invalidate()
    app.draw()
    assert window.bytes() == shown
    sent.clear()
    SteppedTime.now += 10.0  # the message runs out (and the clock moves on)
    assert t.needs_draw()
    app.draw()
    assert "flip" not in sent and sent
    shown = window.bytes()
    t.invalidate()
    app.draw()
    assert window.bytes() == shown


def test_the_victory_lap_leaves_nothing_behind(monkeypatch: pytest.MonkeyPatch) -> None:
    from yukon.core.cards import make_card
    from yukon.core.state import Game, Move, Position

    queen, king = make_card(12, 0), make_card(13, 0)
    columns = [[king, queen]] + [[] for _ in range(6)]
    app = open_window(size=(1024, 700), game=Game(Position(columns, [0] * 7, [11, 13, 13, 13])),
                      now=FrozenTime.monotonic)
    window = Window()
    monkeypatch.setattr(pygame.display, "flip", window.flip)
    monkeypatch.setattr(pygame.display, "update", window.update)
    app.draw()
    t = app.table
    assert t is not None
    t.session.move(Move.of(queen, FOUNDATION))
    for _ in range(20):
        app.update(1 / 120)
        app.draw()
    compare(window, t, app, "after the first card went home")
    t.session.move(Move.of(king, FOUNDATION))
    for n in (10, 30, 60, 90):  # out, turning, back, landed
        for _ in range(n):
            app.update(1 / 120)
            app.draw()
        if app.top is t:
            compare(window, t, app, f"victory lap after {n} more steps")
    assert app.top is not t  # the question came once the cards landed


@pytest.mark.parametrize("size", [(1280, 800), (800, 600)])
def test_a_deal_sliding_out_of_its_pile_leaves_nothing_behind(monkeypatch: pytest.MonkeyPatch,
                                                              size: tuple[int, int]) -> None:
    app = open_window(seed=51, size=size, now=FrozenTime.monotonic)
    window = Window()
    monkeypatch.setattr(pygame.display, "flip", window.flip)
    monkeypatch.setattr(pygame.display, "update", window.update)
    app.draw()
    t = app.table
    assert t is not None
    app.dispatch([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_n, mod=0, unicode="", scancode=0)])
    assert t.anim.active
    for n in (1, 5, 10, 20, 40, 60, 120):  # the pile, the first cards out, half the deal, landed
        for _ in range(n):
            app.update(1 / 120)
            app.draw()
        compare(window, t, app, f"a deal after {n} more steps")
    assert not t.anim.active
