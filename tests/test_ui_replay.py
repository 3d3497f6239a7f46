"""The replay viewer, driven headless with real pygame events: after a win and from the history,
forward, back, start, end and play at a speed, with the table's slides; the game in play and the
statistics stay as they were."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import json
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from player_input import click, press
from yukon.core.rules import YUKON, Rules
from yukon.core.state import Game, Move
from yukon.play.events import Refused
from yukon.solve.solver import Verdict, solve
from yukon.ui.app import App
from yukon.ui.build import Extras, add_extras, open_window
from yukon.ui.games_screen import GamesScreen
from yukon.ui.parts import TablePrefs
from yukon.ui.replay_part import ReplayMode
from yukon.ui.screen import QuestionDialog
from yukon.ui.sheet import SheetScreen
from yukon.ui.stats_screen import StatsScreen


class Clock:
    """The window's time: it moves on only when a test says (so no slide ends by the machine's speed)."""

    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


CLOCK = Clock()


def frames_until(app: App, done: Callable[[], bool], limit: int = 20_000) -> None:
    """Frames of 1/60 s of the window's time each until ``done``."""
    for _n in range(limit):
        if done():
            return
        CLOCK.t += 1 / 60
        app.frame()
    raise AssertionError("never came")


def settle(app: App) -> None:
    frames_until(app, lambda: not app.busy())
    app.frame()


def make(tmp_path: Path, seed: int, rules: Rules = YUKON) -> tuple[App, Extras]:
    app = open_window(size=(1100, 760), game=Game.deal(seed, rules), rules=rules, now=CLOCK,
                      frame_clock=CLOCK)
    app.apply_prefs(TablePrefs(animation_speed=1.0))
    extras = add_extras(app, folder=str(tmp_path), resume=False, welcome=False, rules=rules)
    app.draw()
    return app, extras


def win(app: App) -> list[Move]:
    session = app.session
    result = solve(session.position.copy(), timeout=30)
    assert result.status == Verdict.WINNABLE
    for m in result.moves:
        session.move(m)
    frames_until(app, lambda: isinstance(app.top, QuestionDialog))
    return list(result.moves)


def viewer(app: App) -> ReplayMode:
    table = app.top
    mode = getattr(table, "mode", None)
    assert isinstance(mode, ReplayMode) and mode.table is table
    return mode


@pytest.mark.parametrize(("seed", "rules"), [(7, YUKON), (942660365, Rules("russian"))])
def test_a_won_game_is_replayed_to_its_end_after_the_win(tmp_path: Path, seed: int, rules: Rules) -> None:
    app, extras = make(tmp_path, seed, rules)
    line = win(app)
    dialog = app.top
    assert isinstance(dialog, QuestionDialog)
    labels = [label for label, _act in dialog.answers]
    assert "Watch replay" in labels
    app.draw()
    click(app, *dialog.rects[labels.index("Watch replay")].center)
    mode = viewer(app)
    game_before = (app.session.game.seed, app.session.game.moves_made)
    extras.records.flush()
    stats_before = json.loads((tmp_path / "stats.json").read_text())
    assert mode.replay.at_start and mode.session.position == Game.deal(seed, rules).position
    press(app, pygame.K_PERIOD, unicode=".")  # forward: the first move slides
    assert mode.table.busy() and mode.replay.index == 1 and mode.session.game.moves_made == line[:1]
    settle(app)
    press(app, pygame.K_PERIOD, unicode=".")
    settle(app)
    press(app, pygame.K_COMMA, unicode=",")  # back
    assert mode.replay.index == 1 and mode.table.busy()
    settle(app)
    press(app, pygame.K_END)
    assert mode.replay.at_end and mode.session.position.is_won()
    press(app, pygame.K_HOME)
    assert mode.replay.at_start and mode.session.game.moves_made == []
    own = mode.session.position.legal_moves()[0]  # a move of the player's own is refused, in words
    events = mode.session.move(own)
    assert isinstance(events[0], Refused) and events[0].guide and mode.session.game.moves_made == []
    press(app, pygame.K_v, unicode="v")
    press(app, pygame.K_v, unicode="v")  # 8 moves a second
    press(app, pygame.K_g, unicode="g")  # play
    assert mode.playing
    frames_until(app, lambda: mode.replay.at_end and not mode.table.busy())
    assert mode.session.game.moves_made == line and mode.session.position.is_won()
    assert "Move {0} of {0}".format(len(line)) in mode.status_text()[1]
    press(app, pygame.K_ESCAPE)  # leave: the game in play and the statistics as they were
    assert app.top is app.table or isinstance(app.top, QuestionDialog)
    assert (app.session.game.seed, app.session.game.moves_made) == game_before
    extras.records.flush()
    assert json.loads((tmp_path / "stats.json").read_text()) == stats_before


def test_a_game_of_the_history_is_replayed_from_the_stats_screen(tmp_path: Path) -> None:
    app, _extras = make(tmp_path, 7)
    line = win(app)
    press(app, pygame.K_ESCAPE)  # the win summary's last answer: back to the won table
    app.session.deal(Game.deal(12, YUKON))
    app.session.move(app.session.position.legal_moves()[0])  # a game under way: untouched by the replay
    settle(app)
    under_way = app.session.game.moves_made
    press(app, pygame.K_t, unicode="t")
    top = app.top
    assert isinstance(top, SheetScreen) and isinstance(top.sheet, StatsScreen)
    app.draw()
    top.sheet._hits  # noqa: B018 - drawn: its buttons have their places
    games_button = next(r for r, act in top.sheet._hits if getattr(act, "__name__", "") == "show_games")
    click(app, *games_button.center)
    games = app.top
    assert isinstance(games, SheetScreen) and isinstance(games.sheet, GamesScreen)
    app.draw()
    rect, entry = games.sheet.rows[0]
    assert entry.seed == 7 and entry.line() == tuple(line)
    click(app, *rect.center)
    mode = viewer(app)
    assert mode.seed == 7 and mode.replay.length == len(line)
    press(app, pygame.K_END)
    assert mode.session.position.is_won()
    press(app, pygame.K_ESCAPE)
    assert app.top is app.table and app.session.game.moves_made == under_way and app.session.game.seed == 12
