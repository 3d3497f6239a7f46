"""The deal of the day, the calendar and the history of finished games, driven through the window
headless with real pygame events (a fixed local date, the real daily pick)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import json
from datetime import date, datetime
from pathlib import Path

import pygame

from player_input import click
from window_helpers import key, play_by_clicks, run_until, settle
from yukon.core.rules import YUKON, Rules
from yukon.core.state import ON_FOUNDATION, Game
from yukon.play.daily_calendar import DayResult
from yukon.play.history import Outcome
from yukon.play.stats import STATS_FILE, Statistics
from yukon.solve.solver import Verdict, solve
from yukon.ui.app import App
from yukon.ui.build import Extras, add_extras, open_window
from yukon.ui.calendar_screen import CalendarScreen
from yukon.ui.parts import TablePrefs
from yukon.ui.screen import QuestionDialog
from yukon.ui.sheet import SheetScreen

DAY = date(2026, 1, 7)  # tests/golden/daily.txt: Yukon's deal 246032048 (easy), Russian's 942660365
DAY_DEAL = 246032048
FIRST_DEAL = 404979454  # 2026-01-01's Yukon deal


def make(tmp_path: Path, game: Game | None = None) -> tuple[App, Extras]:
    """A window on ``game`` (deal 1 by default) whose local date is ``DAY``, its data in ``tmp_path``."""
    app = open_window(size=(1280, 800), game=game or Game.deal(1, YUKON))
    app.apply_prefs(TablePrefs(animation_speed=0.25))
    extras = add_extras(app, folder=str(tmp_path), resume=False, welcome=False,
                        local_now=lambda: datetime(2026, 1, 7, 12, 30))
    app.draw()
    return app, extras


def calendar(app: App) -> CalendarScreen:
    top = app.top
    assert isinstance(top, SheetScreen) and isinstance(top.sheet, CalendarScreen)
    return top.sheet


def win_by_clicks(app: App, clicked: int = 3) -> None:
    """Win the game on the table: the solver's line through the session, its last moves clicked."""
    session = app.session
    result = solve(session.position.copy(), timeout=30)
    assert result.status == Verdict.WINNABLE
    line = list(result.moves)
    for m in line[:-clicked]:
        session.move(m)
    settle(app)
    for m in line[-clicked:]:
        assert session.position.loc[m.card] < ON_FOUNDATION
        play_by_clicks(app, m)


def test_todays_deal_is_played_won_and_shown_in_the_calendar(tmp_path: Path) -> None:
    app, extras = make(tmp_path)
    key(app, pygame.K_y)
    run_until(app, lambda: app.session.game.seed == DAY_DEAL, 120.0)
    settle(app)
    notes = [n.text for n in app.status_notes()]
    assert "Deal of the day 2026-01-07: easy" in notes
    assert extras.records.daily == DAY
    win_by_clicks(app)
    run_until(app, lambda: isinstance(app.top, QuestionDialog), 30.0)
    key(app, pygame.K_ESCAPE)  # the win summary's last answer: back to the won table
    stats = extras.records.stats
    entry = stats.history.latest(1)[0]
    assert (entry.seed, entry.daily, entry.outcome) == (DAY_DEAL, DAY, Outcome.CLEAN)
    assert entry.line() == tuple(app.session.game.moves_made)
    day = stats.daily.entry("yukon", DAY)
    assert day is not None and day.result is DayResult.CLEAN and day.on_the_day
    assert stats.daily.streak("yukon", DAY) == 1
    key(app, pygame.K_k)  # the calendar: today's square is a clean win, days to come are not playable
    sheet = calendar(app)
    app.frame()
    squares = {sq.day: (rect, sq) for rect, sq in sheet.cells}
    assert len([d for d in squares if d <= DAY]) >= 60
    assert squares[DAY][1].entry == day
    future = [d for d in squares if d > DAY]
    assert future and not squares[future[0]][1].playable
    click(app, *squares[future[0]][0].center)  # a day to come: nothing happens
    assert calendar(app) is sheet and app.session.game.seed == DAY_DEAL
    click(app, *squares[date(2026, 1, 1)][0].center)  # a past day: its deal is played
    run_until(app, lambda: app.session.game.seed == FIRST_DEAL, 120.0)
    assert extras.records.daily == date(2026, 1, 1)
    extras.records.flush()
    saved, damage = Statistics.read(json.loads((tmp_path / STATS_FILE).read_text()))
    assert not damage and saved.daily.entry("yukon", DAY) == day and saved.history.entries[0] == entry


def test_every_finished_game_goes_into_the_history(tmp_path: Path) -> None:
    app, extras = make(tmp_path)
    history = extras.records.stats.history
    t = app.table
    assert t is not None
    session = app.session
    first = session.position.legal_moves()[0]
    session.move(first)
    settle(app)
    key(app, pygame.K_n)  # New deal over a game under way: asked, then abandoned
    assert isinstance(app.top, QuestionDialog)
    key(app, pygame.K_RETURN)
    settle(app)
    assert [(e.seed, e.outcome, e.line()) for e in history.entries] == [(1, Outcome.ABANDONED, (first,))]
    assert history.entries[0].daily is None
    session.deal(Game.deal(7, YUKON))  # a deal known to be winnable (New deal's was a random one)
    settle(app)
    win_by_clicks(app)
    run_until(app, lambda: isinstance(app.top, QuestionDialog), 30.0)
    assert history.entries[-1].outcome is Outcome.CLEAN and len(history) == 2
    assert history.entries[-1].rules == Rules("yukon")
