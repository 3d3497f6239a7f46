"""A soak with the extras installed: random keys (keyboard play, sheets, deal numbers) and clicks.

Nothing may go wrong inside the loop (the app would catch it and print a traceback, so the
test fails on any printed traceback), the 52 cards stay whole, and the save left on disk
always resumes to the game on the table.

The suite runs 250 steps; the long checks run 500
(``python benchmarks/long_checks.py tests/test_ui_extras_soak.py``), and ``benchmarks/soak.py``
soaks the window for thousands of events per deal.
"""

from __future__ import annotations

import os
import random
import traceback
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from case_slices import how_many
from player_input import click_events, key_events, post, press
from yukon.core.state import ON_FOUNDATION, Move
from yukon.play.save import Store, load_game
from yukon.ui.app import App
from yukon.ui.build import Extras, open_window
from yukon.ui.build import add_extras as install

KEYS = [(pygame.K_LEFT, 0), (pygame.K_RIGHT, 0), (pygame.K_UP, 0), (pygame.K_DOWN, 0), (pygame.K_RETURN, 0),
        (pygame.K_SPACE, 0), (pygame.K_f, 0), (pygame.K_ESCAPE, 0), (pygame.K_z, pygame.KMOD_CTRL),
        (pygame.K_y, pygame.KMOD_CTRL), (pygame.K_n, 0), (pygame.K_d, 0), (pygame.K_5, 0), (pygame.K_BACKSPACE, 0),
        (pygame.K_s, 0), (pygame.K_t, 0), (pygame.K_SLASH, 0), (pygame.K_h, 0), (pygame.K_r, pygame.KMOD_CTRL),
        (pygame.K_F1, 0), (pygame.K_PAGEDOWN, 0)]
# the moving keys more often: they are what keyboard play is made of
WEIGHTS = [6, 6, 4, 4, 6, 5, 3, 3, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]


def quit_rect(app: App) -> pygame.Rect:
    """Where Quit is: the item of the open menu (an empty rectangle when no menu is open)."""
    from yukon.ui.commands import Command
    from yukon.ui.menu import Menu

    menu = app.top
    if isinstance(menu, Menu):
        for item, r in zip(menu.items, menu.rects(*app.size)):
            if item.command is Command.QUIT:
                return r
    return pygame.Rect(0, 0, 0, 0)


def next_key(app: App, extras: Extras, move: Move) -> int | None:
    """The next key of keyboard play toward ``move`` (closed loop on the real cursor), or None when done."""
    c = extras.keyboard.cursor
    t = app.table
    assert t is not None
    pos = t.session.position
    if not c.shown:
        return pygame.K_RIGHT
    if t.session.selection is not None and t.session.selection != move.card:
        return pygame.K_ESCAPE  # drop another card held by a random key first
    if t.session.selection != move.card:
        if pos.loc[move.card] == ON_FOUNDATION:
            if not c.on_foundations:
                return pygame.K_UP
            return pygame.K_RETURN if c.foundation == move.card // 13 else pygame.K_RIGHT
        if c.on_foundations:
            return pygame.K_DOWN
        col = pos.loc[move.card]
        if c.column != col:
            return pygame.K_RIGHT
        here, want = c.card_index(pos), pos.columns[col].index(move.card)
        if here is None or here == want:
            return pygame.K_RETURN
        return pygame.K_UP if here > want else pygame.K_DOWN
    if move.to == 7:
        return pygame.K_f
    if c.on_foundations:
        return pygame.K_DOWN
    return pygame.K_SPACE if c.column == move.to else pygame.K_RIGHT


def test_soak_with_the_extras(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    failures: list[str] = []
    monkeypatch.setattr(traceback, "print_exc", lambda *a, **k: failures.append(traceback.format_exc()))
    rng = random.Random(2026)
    app = open_window(seed=17, size=(900, 640))
    extras = install(app, folder=str(tmp_path))
    app.frame()
    plan = None
    plan_steps = 0
    moves_by_keys = 0
    cursor_seen = False  # shown while keys play; a click hides it again
    for step in range(how_many(500, 250)):
        if plan is None and app.top is app.table and rng.random() < 0.3:
            legal = app.session.game.position.legal_moves()
            if legal:
                plan, plan_steps, made = rng.choice(legal), 0, len(app.session.game.history)
        key = next_key(app, extras, plan) if plan is not None and app.top is app.table else None
        if plan is not None and (key is None or plan_steps > 40 or app.top is not app.table):
            plan = None
        if key is not None and plan is not None:
            plan_steps += 1
            press(app, key)
            if len(app.session.game.history) > made:
                moves_by_keys += 1
                plan = None
        elif rng.random() < 0.85:
            key, mod = rng.choices(KEYS, WEIGHTS)[0]
            post(key_events(key, mod))
        else:
            x, y = rng.randrange(900), rng.randrange(640)
            if quit_rect(app).collidepoint(x, y):
                continue  # the soak goes on; quitting is tested elsewhere
            post(click_events((x, y)))
        app.frame()
        cursor_seen = cursor_seen or extras.keyboard.cursor.shown
        assert not failures, failures[0]
        assert app.running
        pos = app.session.game.position
        home = [s * 13 + r for s in range(4) for r in range(pos.foundations[s])]
        assert sorted([c for col in pos.columns for c in col] + home) == list(range(52))
        assert all((pos.loc[c] == ON_FOUNDATION) == (c in home) for c in range(52))
        if step % 50 == 49:
            extras.records.flush()
            saved = load_game(Store(tmp_path)).saved
            if saved is not None:  # none after a win
                assert saved.game.position == app.session.game.position and saved.game.seed == app.session.game.seed
    assert cursor_seen
    assert moves_by_keys >= 10, moves_by_keys  # the soak really played by keys, not only pressed them
