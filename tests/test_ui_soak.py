"""A soak: random clicks, drags, keys, wheel turns and resizes on random deals.

Nothing may raise, and all 52 cards must be in the game and on the table's layout after
every event. The test runs a small fixed-seed slice; benchmarks/soak.py runs thousands.
"""

from __future__ import annotations

import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from yukon.core.state import ON_FOUNDATION
from yukon.play.events import Event, Moved
from yukon.ui.app import App
from yukon.ui.build import open_window
from yukon.ui.screen import QuestionDialog
from yukon.ui.table import TableScreen

KEYS = [(pygame.K_z, pygame.KMOD_LCTRL), (pygame.K_y, pygame.KMOD_LCTRL), (pygame.K_h, 0), (pygame.K_ESCAPE, 0),
        (pygame.K_RETURN, 0), (pygame.K_LEFT, 0), (pygame.K_RIGHT, 0), (pygame.K_F1, 0), (pygame.K_BACKSPACE, 0),
        (pygame.K_a, 0), (pygame.K_UP, 0), (pygame.K_PAGEDOWN, 0)]
SIZES = [(640, 400), (800, 600), (300, 200), (1024, 768), (200, 700), (1280, 800), (60, 40)]


def check(app: App) -> None:
    """All 52 cards present once, in the game and in the layout."""
    t = app.table
    assert t is not None
    games = {id(s.session.game): s.session.game for s in app.screens if isinstance(s, TableScreen)}
    assert games
    for game in games.values():
        pos = game.position
        on_table = [c for col in pos.columns for c in col]
        home = [s * 13 + r for s in range(4) for r in range(pos.foundations[s])]
        assert sorted(on_table + home) == list(range(52))
        assert all((pos.loc[c] == ON_FOUNDATION) == (c in home) for c in range(52))
    assert t.layout is not None and len(t.layout.card_xy) == 52
    assert len(set(t.drag_cards)) == len(t.drag_cards)


def random_point(app: App, rng: random.Random) -> tuple[int, int]:
    """Mostly points on cards, headings, foundations and buttons; sometimes anywhere."""
    t = app.table
    assert t is not None and t.layout is not None
    w, h = app.size
    r = rng.random()
    lay = t.layout
    if r < 0.45:
        card = rng.randrange(52)
        x, y = lay.card_xy[card]
        return (x + rng.randrange(max(lay.cw, 1)), y + rng.randrange(max(min(lay.ch, 20), 1)))
    if r < 0.6:
        rect = rng.choice(lay.foundation_rects + lay.heading_rects + lay.column_rects)
        return (rect.x + rng.randrange(max(rect.w, 1)), rect.y + rng.randrange(max(min(rect.h, 200), 1)))
    if r < 0.75 and t.bar is not None and t.bar.rects:
        rect = rng.choice(t.bar.rects)
        return rect.center
    if r < 0.82 and isinstance(app.top, QuestionDialog):
        rects = app.top.layout(w, h)[3]  # a dialog's answers
        if rects:
            return rng.choice(rects).center
    return (rng.randrange(max(w, 1)), rng.randrange(max(h, 1)))


def soak(seed: int, events: int, draw_every: int = 1) -> int:
    """Run ``events`` random gestures on deal ``seed``; returns how many moves were made."""
    rng = random.Random(seed)
    app = open_window(seed=seed, size=(800, 600))
    app.frame()
    made: list[Event] = []
    app.session.listen(lambda e: made.append(e) if isinstance(e, Moved) else None)
    post = pygame.event.post
    E = pygame.event.Event
    for i in range(events):
        kind = rng.random()
        t = app.table
        legal = t.session.position.legal_moves() if t is not None and app.top is t else []
        if kind < 0.15 and legal and t is not None and t.layout is not None:
            # a real move, by clicks or by a drag, with the points a player would use
            m = rng.choice(legal)
            lay = t.layout
            src = lay.foundation_rects[m.card // 13].center if t.session.position.loc[m.card] == ON_FOUNDATION else \
                lay.strip_rect(m.card).move(0, 2).topleft
            dst = lay.foundation_rects[0].center if m.to == 7 else lay.column_end_rect(m.to).center
            post(E(pygame.MOUSEBUTTONDOWN, pos=src, button=1))
            if rng.random() < 0.5:
                post(E(pygame.MOUSEMOTION, pos=dst, rel=(0, 0), buttons=(1, 0, 0)))
                post(E(pygame.MOUSEBUTTONUP, pos=dst, button=1))
            else:
                post(E(pygame.MOUSEBUTTONUP, pos=src, button=1))
                post(E(pygame.MOUSEBUTTONDOWN, pos=dst, button=1))
                post(E(pygame.MOUSEBUTTONUP, pos=dst, button=1))
        elif kind < 0.4:
            x, y = random_point(app, rng)
            b = 1 if rng.random() < 0.9 else 3
            post(E(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=b))
            post(E(pygame.MOUSEBUTTONUP, pos=(x, y), button=b))
        elif kind < 0.7:
            x1, y1 = random_point(app, rng)
            x2, y2 = random_point(app, rng)
            post(E(pygame.MOUSEBUTTONDOWN, pos=(x1, y1), button=1))
            for k in range(1, 4):
                post(E(pygame.MOUSEMOTION, pos=(x1 + (x2 - x1) * k // 3, y1 + (y2 - y1) * k // 3),
                       rel=(0, 0), buttons=(1, 0, 0)))
            if rng.random() < 0.9:
                post(E(pygame.MOUSEBUTTONUP, pos=(x2, y2), button=1))
        elif kind < 0.88:
            key, mod = rng.choice(KEYS)
            post(E(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))
        elif kind < 0.95:
            post(E(pygame.MOUSEWHEEL, x=rng.choice([-1, 0, 1]), y=rng.choice([-2, -1, 1, 2]), flipped=False))
        else:
            w, h = rng.choice(SIZES)
            post(E(pygame.VIDEORESIZE, size=(w, h), w=w, h=h))
        if i % draw_every == 0:
            app.frame()
        else:
            app.dispatch(pygame.event.get())
            app.update(rng.choice([0.0, 1 / 120, 1 / 60, 0.05]))
        app.running = True  # the Quit button only ends the loop; the soak carries on
        check(app)
    app.frame()
    check(app)
    assert app.errors == []
    return len(made)


def test_soak_random_input_keeps_all_cards() -> None:
    moves = 0
    for seed in (1, 2):
        moves += soak(seed, 400, draw_every=4)
    assert moves >= 20  # the random input really played
