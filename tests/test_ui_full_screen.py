"""Full screen, as a player meets it: ``main.py --fullscreen``, then F11 and the bar's button, headless.

The program starts through ``launch.main`` as ``python main.py --fullscreen`` does, with
its data in a temporary folder (the solver's parts left out: they play no part in the
window's mode). The window is then driven with real pygame events: a move by clicks in
full screen, F11 to leave, the Full screen button to come back, its Window label to leave
again, and Quit while full screen. SDL's headless driver has one desktop, 1024x768; the
window sizes asked for lie below it, at it, above it and at the smallest window, so each
way between the two modes is crossed with each relation of window to desktop.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path

import pygame
import pytest

from window_helpers import click, key, settle
from yukon.core.state import FOUNDATION, ON_FOUNDATION, Move
from yukon.play.save import Store, load_game
from yukon.play.settings import Settings, save_settings
from yukon.ui import build, launch
from yukon.ui.app import App
from yukon.ui.build import open_window
from yukon.ui.commands import Command
from yukon.ui.rules_screen import RulesScreen
from yukon.ui.screen import MenuList
from yukon.ui.table import TableScreen
from yukon.ui.window import MIN_SIZE, fitting_size

SEED = 17


def table_of(app: App) -> TableScreen:
    assert app.table is not None and app.table.layout is not None and app.table.bar is not None
    return app.table


def press_full_screen_button(app: App) -> None:
    """Click the bar's full-screen button (through "More" when the bar folded it away)."""
    table = table_of(app)
    bar = table.bar
    assert bar is not None
    i = [b.command for b in table.buttons()].index(Command.FULLSCREEN)
    if i not in bar.hidden:
        click(app, *bar.rects[i].center)
    else:
        assert bar.more is not None
        click(app, *bar.more.center)
        menu = app.top
        assert isinstance(menu, MenuList)
        click(app, *menu.rects(*app.size)[bar.hidden.index(i)].center)
    settle(app)


def assert_mode(app: App, full: bool, size: tuple[int, int]) -> None:
    """The window is in the mode and of the size, and the table and its bar are laid out for it."""
    table = table_of(app)
    assert app.fullscreen is full and app.size == size
    lay = table.layout
    assert lay is not None and (lay.width, lay.height) == size
    assert table.bar is not None and table.bar.rect.right == size[0] and table.bar.rect.bottom == size[1]
    button = next(b for b in table.buttons() if b.command is Command.FULLSCREEN)
    assert button.text() == ("Window" if full else "Full screen")


def a_move_by_clicks(app: App) -> Move:
    """Click a card and then the column it can go to, as a player does."""
    table = table_of(app)
    pos = table.session.position
    move = next(m for m in pos.legal_moves() if m.to != FOUNDATION and pos.loc[m.card] < ON_FOUNDATION)
    lay = table.layout
    assert lay is not None
    click(app, *lay.strip_rect(move.card).center)
    click(app, *lay.heading_rects[move.to].center)
    settle(app)
    assert table.session.game.history[-1].move == move
    return move


def play_full_screen(app: App, windowed: tuple[int, int]) -> Move:
    """From the start in full screen: F11 out, the button in, the button out, F11 in; the game goes on."""
    desktop = pygame.display.get_desktop_sizes()[0]
    settle(app)
    assert_mode(app, True, desktop)
    move = a_move_by_clicks(app)
    kept = table_of(app).session.position.key()
    key(app, pygame.K_F11)
    settle(app)
    assert_mode(app, False, windowed)
    press_full_screen_button(app)
    assert_mode(app, True, desktop)
    press_full_screen_button(app)  # now labelled Window
    assert_mode(app, False, windowed)
    key(app, pygame.K_F11)
    settle(app)
    assert_mode(app, True, desktop)
    table = table_of(app)
    assert table.session.position.key() == kept and [u.move for u in table.session.game.history] == [move]
    return move


@pytest.mark.parametrize("size", [None, (800, 600), (1024, 768), (1600, 1000), MIN_SIZE],
                         ids=["fitting the desktop", "800x600", "the desktop's size", "above the desktop",
                              "the smallest"])
def test_the_game_starts_in_full_screen_and_goes_in_and_out_of_it(
        size: tuple[int, int] | None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("YUKON_DATA_DIR", str(tmp_path))
    assert save_settings(Store(tmp_path), Settings(lessons_offered=True)) is None  # no welcome question
    monkeypatch.setattr(build, "add_assist", lambda app, records=None: None)
    monkeypatch.setattr(build, "add_difficulty", lambda app, assist: None)  # it rides on the solver's child
    pygame.display.quit()  # no window left over from another test: this start opens the first
    real_build = build.build_app
    played: list[Move] = []
    failures: list[BaseException] = []

    def build_and_play(options: build.Options) -> App:
        app = real_build(options)
        # The window leaves full screen for the size asked for, else one that fits the desktop.
        windowed = size if size is not None else fitting_size()
        try:
            played.append(play_full_screen(app, windowed))
        except BaseException as e:  # noqa: BLE001 - main() would swallow it into "Cannot open the window"
            failures.append(e)
        pygame.event.post(pygame.event.Event(pygame.QUIT))  # quit from full screen: the loop ends
        return app

    monkeypatch.setattr(build, "build_app", build_and_play)
    argv = ["--fullscreen", "--seed", str(SEED)] + ([] if size is None else ["--size", f"{size[0]}x{size[1]}"])
    code = launch.main(argv)
    if failures:
        raise failures[0]
    err = capsys.readouterr().err
    assert code == 0 and "Cannot open" not in err, err
    saved = load_game(Store(tmp_path)).saved  # quitting in full screen saved the game as it was
    assert saved is not None and saved.game.seed == SEED and [u.move for u in saved.game.history] == played


def test_switching_under_the_rules_screen_leaves_the_loop_waiting(monkeypatch: pytest.MonkeyPatch) -> None:
    """F11 while the Rules screen hides the table: the table, laid out anew, waits to be drawn
    until it is in sight again, and the loop goes back to waiting for input instead of running
    flat out until the Rules screen closes."""
    pygame.display.quit()
    app = open_window(seed=SEED, size=(800, 600))
    settle(app)
    key(app, pygame.K_F1)
    settle(app)
    over = app.top
    assert isinstance(over, RulesScreen) and over.opaque
    waits: list[float] = []

    def wait(timeout: float) -> list[pygame.event.Event]:
        waits.append(timeout)
        return pygame.event.get()

    monkeypatch.setattr(app.idle, "wait", wait)
    for full in (True, False):
        key(app, pygame.K_F11)
        assert app.fullscreen is full and app.top is over
        waits.clear()
        for _ in range(5):
            app.frame(block=True)
        assert len(waits) >= 4, "the loop ran without waiting for input"
    key(app, pygame.K_ESCAPE)
    assert app.top is app.table
    app.frame()
    lay = table_of(app).layout
    assert lay is not None and (lay.width, lay.height) == app.size == (800, 600)
