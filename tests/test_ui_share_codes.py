"""Share codes at the window, driven headless with real pygame events: Ctrl+C copies the deal's code
(with the moves once the game is over), Ctrl+V and the Deal # box play a code under its rules, and
a bad code gets a one-line reason and changes nothing."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path

import pygame
import pytest

from player_input import press
from window_helpers import on_table, run_until, settle
from yukon.core.rules import YUKON, Rules
from yukon.core.state import Game
from yukon.play.share_code import CodeFault, decode, encode
from yukon.solve.solver import Verdict, solve
from yukon.ui.app import App
from yukon.ui.build import Extras, add_extras, open_window
from yukon.ui.clipboard import copy_text, paste_text
from yukon.ui.code_words import fault_line
from yukon.ui.keys_overlay import DealDialog
from yukon.ui.parts import TablePrefs
from yukon.ui.screen import QuestionDialog
from yukon.ui.sheet import SheetScreen

RUSSIAN_NO_RETURN = Rules("russian", foundation_return=False)


def make(tmp_path: Path, seed: int = 7, rules: Rules = YUKON) -> tuple[App, Extras]:
    app = open_window(size=(1100, 760), game=Game.deal(seed, rules), rules=rules)
    app.apply_prefs(TablePrefs(animation_speed=0.25))
    extras = add_extras(app, folder=str(tmp_path), resume=False, welcome=False, rules=rules)
    app.draw()
    return app, extras


def type_in(app: App, text: str) -> None:
    """Type ``text`` key by key, as a keyboard would send it."""
    for ch in text:
        k = pygame.K_MINUS if ch == "-" else ord(ch.lower())
        press(app, k, pygame.KMOD_SHIFT if ch.isupper() else 0, ch)


def message(app: App) -> str:
    m = app.session.live_message()
    assert m is not None
    text = getattr(m.spoken, "text", "")
    assert isinstance(text, str)
    return text


@pytest.mark.parametrize(("seed", "rules"), [(7, YUKON), (123456789, RUSSIAN_NO_RETURN), (0, Rules("yukon", True))])
def test_copy_then_paste_plays_the_same_deal_under_its_rules(tmp_path: Path, seed: int, rules: Rules) -> None:
    app, _extras = make(tmp_path, seed, rules)
    press(app, pygame.K_c, pygame.KMOD_CTRL)
    code = paste_text()
    assert code == encode(rules, seed) and code in message(app)
    copied = code
    app.session.deal(Game.deal(99, YUKON))  # another deal, not yet played
    settle(app)
    press(app, pygame.K_v, pygame.KMOD_CTRL)
    settle(app)
    game = app.session.game
    assert (game.seed, game.rules, game.history) == (seed, rules, [])
    assert decode(copied).seed == seed


def test_a_finished_game_copies_its_moves_and_a_game_under_way_is_asked_for(tmp_path: Path) -> None:
    app, extras = make(tmp_path, 7)
    session = app.session
    session.move(session.position.legal_moves()[0])
    settle(app)
    press(app, pygame.K_c, pygame.KMOD_CTRL)  # a game under way: the deal's code only
    assert paste_text() == encode(YUKON, 7)
    assert copy_text(encode(YUKON, 8))
    press(app, pygame.K_v, pygame.KMOD_CTRL)  # a game under way: asked first
    assert isinstance(app.top, QuestionDialog)
    press(app, pygame.K_RETURN)
    settle(app)
    assert session.game.seed == 8 and extras.records.stats.history.entries[-1].seed == 7
    result = solve(session.position.copy(), timeout=30)
    assert result.status == Verdict.WINNABLE
    for m in result.moves:
        session.move(m)
    run_until(app, lambda: isinstance(app.top, QuestionDialog), 30.0)
    press(app, pygame.K_ESCAPE)  # the win summary's last answer: back to the won table
    press(app, pygame.K_c, pygame.KMOD_CTRL)  # won: the code carries the moves
    text = paste_text()
    assert text is not None and decode(text).moves == tuple(session.game.moves_made) == tuple(result.moves)
    assert extras.records.stats.history.entries[-1].code == text


@pytest.mark.parametrize(("text", "fault"), [
    ("hello", CodeFault.WRONG_PREFIX),
    ("YK9-AAAA", CodeFault.NEWER_VERSION),
    ("YK1-4DEP-YD2M-WHX", CodeFault.DAMAGED),
    ("YK1-4DEP-YD2M-WH!", CodeFault.BAD_CHARACTER),
])
def test_a_bad_code_says_why_in_one_line_and_changes_nothing(tmp_path: Path, text: str, fault: CodeFault) -> None:
    app, _extras = make(tmp_path, 7)
    session = app.session
    session.move(session.position.legal_moves()[0])
    settle(app)
    before = (session.game.seed, session.game.rules, list(session.game.moves_made))
    assert copy_text(text)
    press(app, pygame.K_v, pygame.KMOD_CTRL)
    settle(app)
    assert message(app) == fault_line(fault) and "\n" not in message(app)
    assert app.top is app.table
    assert (session.game.seed, session.game.rules, list(session.game.moves_made)) == before


def test_a_code_typed_in_the_deal_box_plays_it_and_a_bad_one_is_refused_there(tmp_path: Path) -> None:
    app, _extras = make(tmp_path, 7)
    press(app, pygame.K_d, 0, "d")
    top = app.top
    assert isinstance(top, SheetScreen) and isinstance(top.sheet, DealDialog)
    box = top.sheet
    good = encode(Rules("russian"), 4242)
    type_in(app, good[:-1] + ("2" if good[-1] != "2" else "3"))  # one character wrong
    press(app, pygame.K_RETURN)
    assert app.top is top and box.error is not None and "damaged" in box.error
    assert app.session.game.seed == 7
    press(app, pygame.K_BACKSPACE)
    type_in(app, good[-1])
    press(app, pygame.K_RETURN)
    run_until(app, lambda: app.session.game.seed == 4242, 10.0)
    assert app.session.game.rules == Rules("russian") and on_table(app)
