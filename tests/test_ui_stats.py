"""How the window counts a game in the statistics: per rule set, clean or assisted, driven headless
with real pygame events (and, for the Demo and Finish, a real solver child process)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import json
from pathlib import Path

import pygame

from player_input import click, press
from solver_helpers import small_position
from window_helpers import FrameSteps, hint_move, play_by_clicks, press_button, run_until, settle
from yukon.core.rules import YUKON, Rules
from yukon.core.state import ON_FOUNDATION, Game, Move, Position
from yukon.play.stats import STATS_FILE
from yukon.solve.solver import Verdict, solve
from yukon.solve.solver_service import SolverService
from yukon.ui.app import App
from yukon.ui.build import Extras, open_window
from yukon.ui.build import add_assist as install_assist
from yukon.ui.build import add_extras as install_extras
from yukon.ui.parts import TablePrefs
from yukon.ui.screen import QuestionDialog
from yukon.ui.sheet import SheetScreen
from yukon.ui.stats_screen import StatsScreen

NO_RETURN = Rules("yukon", foundation_return=False)


def player_line(position: Position, clicked: int | None = None) -> list[Move]:
    """A winning line from ``position`` whose last ``clicked`` moves (default: all) a player can
    click through (no card comes back from home)."""
    result = solve(position, timeout=20)
    assert result.status == Verdict.WINNABLE
    line = list(result.moves)
    first_clicked = 0 if clicked is None else len(line) - clicked
    p = position.copy()
    for i, m in enumerate(line):
        if i >= first_clicked:
            assert p.loc[m.card] < ON_FOUNDATION, "a foundation return"
        p.play(m)
    return line


def near_the_end(seed: int, rules: Rules, left: int) -> tuple[Game, list[Move]]:
    """Deal ``seed`` under ``rules`` with all but the last ``left`` moves of a winning line made."""
    game = Game.deal(seed, rules)
    line = player_line(game.position, left)
    for m in line[:-left]:
        game.play(m)
    return game, line[-left:]


def make(game: Game, folder: Path | None = None) -> tuple[App, Extras]:
    """A window playing ``game`` (under its rules), its data kept in ``folder`` (None: nowhere); each
    frame makes a twentieth of a second (the victory lap runs its course in quick frames)."""
    app = open_window(size=(1280, 800), game=game, rules=game.rules, frame_clock=FrameSteps())
    app.apply_prefs(TablePrefs(animation_speed=0.25))
    extras = install_extras(app, folder=str(folder) if folder else None, resume=False, rules=game.rules)
    app.draw()
    return app, extras


def win_message(app: App) -> str:
    """Let the victory lap end; the win question's text."""
    run_until(app, lambda: isinstance(app.top, QuestionDialog), 30.0)
    top = app.top
    assert isinstance(top, QuestionDialog)
    return top.question


def test_a_clean_win_says_so_and_sets_the_records() -> None:
    game, rest = near_the_end(1, YUKON, 3)
    app, extras = make(game)
    for m in rest:
        play_by_clicks(app, m)
    assert "A clean win: no hints, no Demo, no Finish." in win_message(app)
    y = extras.records.stats.of(YUKON)
    assert (y.played, y.won, y.clean, y.assisted, y.fewest_moves) == (1, 1, 1, 0, len(game.history))
    assert y.best_time is not None


def test_a_hint_makes_the_win_assisted_even_across_a_quit_and_a_resume(tmp_path: Path) -> None:
    game, rest = near_the_end(1, YUKON, 3)
    app, extras = make(game, tmp_path)
    play_by_clicks(app, rest[0])
    press(app, pygame.K_h)  # the table's own hint (no solver here)
    assert app.table is not None and hint_move(app.table) is not None
    extras.saving.quitting()
    pygame.display.quit()
    app2 = open_window(size=(1280, 800), frame_clock=FrameSteps())
    app2.apply_prefs(TablePrefs(animation_speed=0.25))
    extras2 = install_extras(app2, folder=str(tmp_path))
    app2.draw()
    assert app2.session.game.moves_made == game.moves_made  # the game resumed ...
    for m in rest[1:]:
        play_by_clicks(app2, m)
    text = win_message(app2)
    assert "An assisted win (hints): best times and fewest moves count clean wins only." in text  # ... with its hint
    y = extras2.records.stats.of(YUKON)
    assert (y.played, y.won, y.clean, y.assisted, y.best_time, y.fewest_moves) == (1, 1, 0, 1, None, None)
    saved = json.loads((tmp_path / STATS_FILE).read_text())
    assert saved["records"]["yukon"]["assisted"] == 1


def test_a_win_with_foundation_return_off_is_kept_apart_from_standard_yukon(tmp_path: Path) -> None:
    game, rest = near_the_end(2, NO_RETURN, 2)
    app, extras = make(game, tmp_path)
    assert app.session.game is game
    for m in rest:
        play_by_clicks(app, m)
    win_message(app)
    stats = extras.records.stats
    assert stats.of(YUKON).won == 0 and stats.of(YUKON).best_time is None  # no record for standard Yukon
    other = stats.of(NO_RETURN)
    assert (other.played, other.won, other.clean) == (1, 1, 1) and other.best_time is not None
    assert "yukon+no-foundation-return" in json.loads((tmp_path / STATS_FILE).read_text())["records"]
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_t)  # the statistics screen: a column for these rules, lit
    top = app.top
    assert isinstance(top, SheetScreen) and isinstance(top.sheet, StatsScreen)
    assert top.sheet.rules == NO_RETURN and NO_RETURN in top.sheet.columns and YUKON in top.sheet.columns


def test_a_game_the_demo_began_and_the_player_won_is_an_assisted_win(service: SolverService) -> None:
    for seed in range(40):
        p = small_position(seed, YUKON, 14)
        if solve(p, timeout=2).status == Verdict.WINNABLE and len(solve(p, timeout=2).moves) >= 8:
            break
    app, extras = make(Game(p, seed=4242))  # a dealt game: it counts
    a = install_assist(app, service, records=extras.records)
    press_button(app, "Demo")
    run_until(app, lambda: len(app.session.game.history) >= 2, 30.0)
    settle(app)
    w, h = app.size
    click(app, w // 2, h - 200)  # stop the Demo: the player takes over
    assert not a.demo and not app.session.game.position.is_won()
    for m in player_line(app.session.game.position):
        play_by_clicks(app, m)
    text = win_message(app)
    assert "An assisted win (Demo)" in text and "does not count" not in text
    y = extras.records.stats.of(YUKON)
    assert (y.played, y.won, y.clean, y.assisted, y.current_streak, y.best_time) == (1, 1, 0, 1, 1, None)
    assert not app.errors
    a.close()


def test_finish_makes_an_assisted_win(service: SolverService) -> None:
    for seed in range(40):
        p = small_position(seed, YUKON, 16)
        p = Position([c[:] for c in p.columns], [0] * 7, p.foundations[:], YUKON)  # every card face up
        if solve(p, timeout=2).status == Verdict.WINNABLE:
            break
    app, extras = make(Game(p, seed=4242))
    extras.records.settings.auto_finish = True
    a = install_assist(app, service, records=extras.records)
    run_until(app, lambda: isinstance(app.top, QuestionDialog))
    dialog = app.top
    assert isinstance(dialog, QuestionDialog) and dialog.title == "Finish"
    app.frame()
    click(app, *dialog.rects[0].center)
    text = win_message(app)
    assert "An assisted win (Finish)" in text
    y = extras.records.stats.of(YUKON)
    assert (y.played, y.won, y.clean, y.assisted, y.best_time, y.fewest_moves) == (1, 1, 0, 1, None, None)
    assert not app.errors
    a.close()


def test_statistics_kept_by_the_earlier_version_show_whole(tmp_path: Path) -> None:
    record = {"played": 57, "won": 21, "current_streak": 3, "best_streak": 6, "best_time": 312.25, "fewest_moves": 101}
    (tmp_path / STATS_FILE).write_text(json.dumps({"version": 1, "variants": {"yukon": record}}))
    app, extras = make(Game.deal(3), tmp_path)
    press(app, pygame.K_t)
    top = app.top
    assert isinstance(top, SheetScreen) and isinstance(top.sheet, StatsScreen)
    shown = top.sheet.stats.of(YUKON)
    assert {k: getattr(shown, k) for k in record} == record
    assert not extras.records.take_messages()  # nothing to report: it is not damage
