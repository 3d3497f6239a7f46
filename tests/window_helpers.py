"""Driving the window headless in the solver-at-the-table tests: real pygame events, frames
run until what the window shows has come (a generous limit only as a safety net)."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeGuard

import pygame

from yukon.core.state import FOUNDATION, ON_FOUNDATION, Move
from yukon.ui.app import App
from yukon.ui.lessons_table import LessonMode
from yukon.ui.table import TableScreen


def run_until(app: App, done: Callable[[], bool], seconds: float = 60.0) -> int:
    """Run loop iterations until ``done``; the number of iterations it took."""
    end = time.monotonic() + seconds
    n = 0
    while not done():
        assert time.monotonic() < end, "timed out"
        app.frame()
        n += 1
        time.sleep(0.004)
    return n


def settle(app: App) -> None:
    """Run frames until nothing slides or flips any more."""
    run_until(app, lambda: not app.busy(), 10.0)
    app.frame()


def post_click(x: int, y: int) -> None:
    """Queue a left click at (x, y)."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, y), button=1))


def click(app: App, x: int, y: int) -> None:
    """A left click at (x, y), and one frame."""
    post_click(x, y)
    app.frame()


def key(app: App, k: int) -> None:
    """A key press, and one frame."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    app.frame()


def hint_move(t: TableScreen) -> Move | None:
    """The hint on show at table ``t``, if any."""
    shown = t.session.hint
    return shown.move if shown is not None else None


def is_lesson(screen: object) -> TypeGuard[TableScreen]:
    """Is ``screen`` the lessons' table (a table showing a lesson's mode)?"""
    return isinstance(screen, TableScreen) and isinstance(screen.mode, LessonMode)


def lesson_of(screen: object) -> LessonMode:
    """The lessons shown by ``screen`` (which must be the lessons' table)."""
    assert isinstance(screen, TableScreen) and isinstance(screen.mode, LessonMode)
    return screen.mode


def press_button(app: App, label: str) -> None:
    """Click the bar's button ``label``."""
    t = app.table
    assert t is not None and t.bar is not None
    i = [b.label for b in t.buttons()].index(label)
    click(app, *t.bar.rects[i].center)


def play_by_clicks(app: App, move: Move) -> None:
    """Click the card, then its destination, as a player does."""
    t = app.table
    assert t is not None and t.layout is not None
    lay = t.layout
    session = t.session
    assert session.position.loc[move.card] < ON_FOUNDATION
    click(app, *lay.strip_rect(move.card).center)
    assert session.selection == move.card
    dest = lay.foundation_rects[move.card // 13] if move.to == FOUNDATION else lay.heading_rects[move.to]
    n = len(session.game.history)
    click(app, *dest.center)
    assert len(session.game.history) == n + 1 and session.game.history[-1].move == move
    settle(app)
