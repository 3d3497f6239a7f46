"""Driving the window headless in the solver-at-the-table tests: real pygame events, frames
run until what the window shows has come (a generous limit only as a safety net)."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeGuard

from player_input import (
    click,
    click_events,
    post,
    press,
)
from yukon.core.state import FOUNDATION, ON_FOUNDATION, Move
from yukon.ui.app import App
from yukon.ui.layout import TableLayout
from yukon.ui.lessons_table import LessonMode
from yukon.ui.menu import Menu
from yukon.ui.table import TableScreen

SAFETY = 300.0  # seconds: only a net under a hung window or child, never what a test measures


class OnTable:
    """What every input driver of the tests reads: the app, its main table and the table's layout."""

    app: App

    def __init__(self, app: App) -> None:
        self.app = app

    @property
    def table(self) -> TableScreen:
        assert self.app.table is not None
        return self.app.table

    @property
    def lay(self) -> TableLayout:
        """The table's layout."""
        assert self.table.layout is not None
        return self.table.layout


def run_until(app: App, done: Callable[[], bool], seconds: float = SAFETY) -> int:
    """Run loop iterations until ``done``; the number of iterations it took.

    ``seconds`` is only a net for a hang: two whole suites at once on two busy cores took the solver
    child past a minute for a rating it gives in two seconds alone."""
    end = time.monotonic() + seconds
    n = 0
    while not done():
        assert time.monotonic() < end, "timed out"
        app.frame()
        n += 1
        time.sleep(0.004)
    return n


class FrameSteps:
    """A loop clock for a test window: each look at it is ``step`` seconds after the last, so every
    frame makes that much game time whatever the machine's speed (a slide takes one frame for each
    twentieth of a second it lasts; a six-second victory lap takes 120 quick frames, not six
    seconds of waiting)."""

    def __init__(self, step: float = 0.05) -> None:
        self.step = step
        self.now = 0.0

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def settle(app: App) -> None:
    """Run frames until nothing slides or flips any more (the limit is only a net for a hang: a
    busy machine may take long over the slides, and must not fail the test for it)."""
    run_until(app, lambda: not app.busy(), SAFETY)
    app.frame()


def post_click(x: int, y: int) -> None:
    """Queue a left click at (x, y) (the shared helper's events)."""
    post(click_events((x, y)))


def key(app: App, k: int) -> None:
    """A key press, and one frame (the shared helper's)."""
    press(app, k)
    app.frame()


def hint_move(t: TableScreen) -> Move | None:
    """The hint on show at table ``t``, if any."""
    shown = t.session.hint
    return shown.move if shown is not None else None


def shown_message(t: TableScreen) -> str:
    """The words of the message on show at table ``t`` (there must be one)."""
    text = t.message_text()
    assert text is not None, "no message on show"
    return text


def on_table(app: App) -> bool:
    """Is the table the screen on top (no sheet, dialog or list over it)?"""
    return app.top is app.table


def is_lesson(screen: object) -> TypeGuard[TableScreen]:
    """Is ``screen`` the lessons' table (a table showing a lesson's mode)?"""
    return isinstance(screen, TableScreen) and isinstance(screen.mode, LessonMode)


def lesson_of(screen: object) -> LessonMode:
    """The lessons shown by ``screen`` (which must be the lessons' table)."""
    assert isinstance(screen, TableScreen) and isinstance(screen.mode, LessonMode)
    return screen.mode


def bar_clicks(app: App, label: str, click_at: Callable[[int, int], None], table: TableScreen | None = None) -> None:
    """Press the toolbar's button ``label`` (an English button label) of ``table`` (the screen on
    top when it is a table, else the main table) by clicks with ``click_at``, as a player does:
    an icon in the bar is clicked; a menu item is reached by the menu button, then the item."""
    t = table if table is not None else (app.top if isinstance(app.top, TableScreen) else app.table)
    assert t is not None and t.bar is not None
    specs = t.buttons()
    i = [b.label for b in specs].index(label)
    if i not in t.bar.hidden:
        click_at(*t.bar.rects[i].center)
        return
    click_at(*t.bar.more.center)
    menu = app.top
    assert isinstance(menu, Menu), menu
    k = [it.command for it in menu.items].index(specs[i].command)
    click_at(*menu.rects(*app.size)[k].center)


def press_button(app: App, label: str) -> None:
    """Click the toolbar's button ``label`` (through the menu when it is a menu item)."""
    bar_clicks(app, label, lambda x, y: click(app, x, y))


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
