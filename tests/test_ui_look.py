"""How the table looks (issue 24, part 1), where the player meets it: the deck, the card back, the
table cloth and the theme chosen in Settings with real keys and clicks change what the window
draws at once and after a restart; the dark theme reaches the bar and the dialogs; four-colour
suits and high contrast fall back to the Simple cards and Settings says so; a pictured deck's
faces are drawn lazily (stand-ins first) and the window shows the sharp faces once they are.

Each look is checked by its pixels in the window against the picture drawn on its own.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import json
import random
from pathlib import Path

import pygame
import pytest

from look_helpers import (
    bare_cloth,
    click_row,
    close_with_done,
    count_colour,
    deck_face,
    end_cards,
    face_down_card,
    focus_row,
    matches,
    near,
    sharp,
    sheet_of,
    start,
    window,
)
from player_input import press
from window_helpers import hint_move, play_by_clicks, run_until
from yukon.core.state import Game
from yukon.play.settings import SETTINGS_FILE
from yukon.text.i18n import pgettext
from yukon.ui import theme
from yukon.ui.build import add_extras as install
from yukon.ui.build import open_window
from yukon.ui.card_backs import draw_back
from yukon.ui.deck import RECOLOUR_NOTE
from yukon.ui.layout import index_height
from yukon.ui.screen import QuestionDialog
from yukon.ui.sheet import NOTE
from yukon.ui.table.canvas import woven_cloth

SEEDS = (5, 11, 23)
Colour = tuple[int, int, int]


@pytest.fixture(autouse=True)
def light_theme_after() -> object:
    yield None
    theme.use("light")  # the theme is the whole program's: leave it as the next test expects


# -- the tests -------------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", SEEDS)
def test_the_look_chosen_in_settings_by_keys_and_clicks_is_drawn_at_once_and_after_a_restart(
        tmp_path: Path, seed: int) -> None:
    app, _ = start(tmp_path, seed)
    t = app.table
    assert t is not None and t.layout is not None
    sharp(app)
    lay = t.layout
    size = (lay.cw, lay.ch)
    before = window(app)
    for c in end_cards(app):  # a new player's table: the Classic deck, the blue back, the green felt
        assert matches(before, deck_face("classic", c, size), lay.card_xy[c]) > 0.9, c
    down, rows = face_down_card(app)
    assert matches(before, draw_back("blue", size), lay.card_xy[down], shown=rows) > 0.8

    press(app, pygame.K_s)
    focus_row(app, "deck")
    press(app, pygame.K_RIGHT)  # Classic -> Vintage, by a key
    assert app.prefs.deck == "vintage"  # under the sheet at once
    click_row(app, "card_back")  # blue -> red, by a click
    focus_row(app, "felt")
    press(app, pygame.K_RETURN)  # green -> blue
    click_row(app, "theme")  # light -> dark
    assert (app.prefs.card_back, app.prefs.felt, app.prefs.theme) == ("red", "blue", "dark")
    close_with_done(app)
    sharp(app)
    lay = t.layout
    assert lay is not None
    after = window(app)
    for c in end_cards(app):
        assert matches(after, deck_face("vintage", c, size), lay.card_xy[c]) > 0.9, c
    old = [matches(after, deck_face("classic", c, size), lay.card_xy[c]) for c in end_cards(app)]
    assert sum(old) / len(old) < 0.85  # (an ace is mostly white in either deck)
    assert matches(after, draw_back("red", size), lay.card_xy[down], shown=rows) > 0.8
    assert matches(after, draw_back("blue", size), lay.card_xy[down], shown=rows) < 0.5
    x, y = bare_cloth(app)
    assert near(after.get_at((x, y)), woven_cloth("blue", after.get_size()).get_at((x, y)), 4)
    assert near(after.get_at((lay.bar.x + 2, lay.bar.bottom - 2)), theme.THEMES["dark"][1].bar, 4)
    kept = json.loads((tmp_path / SETTINGS_FILE).read_text())
    assert (kept["deck"], kept["card_back"], kept["felt"], kept["theme"]) == ("vintage", "red", "blue", "dark")
    press(app, pygame.K_q, pygame.KMOD_CTRL)
    theme.use("light")  # nothing of the first run's theme is left in the next

    app2, _ = start(tmp_path, seed)  # the next run draws the same
    assert (app2.prefs.deck, app2.prefs.card_back, app2.prefs.felt, app2.prefs.theme) == \
        ("vintage", "red", "blue", "dark")
    sharp(app2)
    again = window(app2)
    t2 = app2.table
    assert t2 is not None and t2.layout is not None
    for c in end_cards(app2):
        assert matches(again, deck_face("vintage", c, size), t2.layout.card_xy[c]) > 0.9, c


def test_cancel_puts_the_look_from_before_back(tmp_path: Path) -> None:
    app, _ = start(tmp_path)
    press(app, pygame.K_s)
    focus_row(app, "theme")
    press(app, pygame.K_RIGHT)
    focus_row(app, "deck")
    press(app, pygame.K_LEFT)  # Classic -> Simple (the order wraps)
    assert (app.prefs.theme, app.prefs.deck) == ("dark", "simple")
    press(app, pygame.K_ESCAPE)
    assert app.top is app.table
    assert (app.prefs.theme, app.prefs.deck) == ("light", "classic") and theme.current() == "light"


def test_the_dark_theme_reaches_the_bar_the_settings_and_the_dialogs(tmp_path: Path) -> None:
    (tmp_path / SETTINGS_FILE).write_text(json.dumps({"version": 1, "lessons_offered": True}))
    colours: dict[str, dict[str, pygame.Color]] = {}
    for name in ("light", "dark"):
        if name == "dark":
            data = json.loads((tmp_path / SETTINGS_FILE).read_text())
            data["theme"] = "dark"
            (tmp_path / SETTINGS_FILE).write_text(json.dumps(data))
        app, _ = start(tmp_path, seed=11)
        t = app.table
        assert t is not None and t.layout is not None
        seen: dict[str, pygame.Color] = {}
        surface = window(app)
        seen["bar"] = surface.get_at((t.layout.bar.x + 2, t.layout.bar.bottom - 2))
        press(app, pygame.K_s)
        sheet = sheet_of(app)
        surface = window(app)
        seen["sheet"] = surface.get_at((sheet.panel.x + 4, sheet.panel.centery))
        press(app, pygame.K_ESCAPE)
        press(app, pygame.K_h)  # a hint, played by clicks: a game under way
        move = hint_move(t)
        assert move is not None
        play_by_clicks(app, move)
        press(app, pygame.K_n)  # New deal asks first
        dialog = app.top
        assert isinstance(dialog, QuestionDialog)
        surface = window(app)
        box = dialog.layout(*surface.get_size())[0]
        seen["dialog"] = surface.get_at((box.x + 6, box.centery))
        colours[name] = seen
        press(app, pygame.K_ESCAPE)
        press(app, pygame.K_q, pygame.KMOD_CTRL)
    for name, seen in colours.items():
        palette = theme.THEMES[name][1]
        assert near(seen["bar"], palette.bar, 3), name
        assert near(seen["sheet"], palette.panel, 3), name
        assert near(seen["dialog"], palette.dialog, 3), name
    assert sum(colours["dark"]["dialog"][:3]) != sum(colours["light"]["dialog"][:3])


@pytest.mark.parametrize("option", ["four_colour", "high_contrast"])
def test_four_colour_and_high_contrast_draw_the_simple_cards_and_settings_says_so(tmp_path: Path,
                                                                                  option: str) -> None:
    app, _ = start(tmp_path)
    t = app.table
    assert t is not None
    sharp(app)
    assert t.board.card_art is not None and t.board.card_art.deck.key == "classic"
    press(app, pygame.K_s)
    sheet = sheet_of(app)
    assert sheet.look_note() is None
    panel = sheet.panel
    warned_before = count_colour(window(app), panel, NOTE)
    focus_row(app, option)
    press(app, pygame.K_RETURN)
    assert sheet.look_note() == pgettext("deck", RECOLOUR_NOTE)
    assert count_colour(window(app), panel, NOTE) > warned_before + 50  # the sheet says why, beside its buttons
    assert app.top is not app.table and sheet.row_rect(option) is not None  # (its row still in sight)
    assert t.board.card_art is not None and t.board.card_art.deck.key == "simple"  # the table, under the sheet
    close_with_done(app)
    assert getattr(t.board.card_art, option) and t.board.card_art.deck.key == "simple"
    assert app.prefs.deck == "classic"  # the choice is kept for when the option goes off again


def test_a_resize_shows_stand_ins_at_once_and_then_the_sharp_faces(tmp_path: Path) -> None:
    app, _ = start(tmp_path)
    t = app.table
    assert t is not None
    sharp(app)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1400, h=900, size=(1400, 900)))
    app.frame()
    lay = t.layout
    assert lay is not None and (lay.width, lay.height) == (1400, 900)
    pictures = t.board.card_art
    assert pictures is not None and pictures.size == (lay.cw, lay.ch)
    assert t.board.sharpening() and t.needs_draw()  # the window was drawn before the faces were
    run_until(app, lambda: not t.board.sharpening())
    app.frame()
    after = window(app)
    for c in end_cards(app):
        assert pictures.sharp(c)
        assert matches(after, deck_face("classic", c, (lay.cw, lay.ch)), lay.card_xy[c]) > 0.9, c


def long_column_game(seed: int, length: int = 18) -> Game:
    """A game played at random (fixed seed) until a column holds ``length`` cards."""
    rng = random.Random(seed)
    for n in range(seed, seed + 100):
        game = Game.deal(n)
        for _move in range(3000):
            if max(len(c) for c in game.position.columns) >= length:
                return game
            moves = game.position.legal_moves()
            if not moves:
                break
            game.play(rng.choice(moves))
    raise AssertionError("no long column")


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_long_column_keeps_the_chosen_decks_whole_corner_index_in_sight(tmp_path: Path, seed: int) -> None:
    # Vintage's index reaches further down its faces than the Simple deck's: a column that must close
    # up shows all of it on every face-up card (the cards shrink a step sooner to keep it so).
    (tmp_path / SETTINGS_FILE).write_text(json.dumps({"version": 1, "deck": "vintage", "lessons_offered": True}))
    app = open_window(game=long_column_game(seed), size=(1152, 704))
    install(app, folder=str(tmp_path), resume=False)
    app.frame()
    t = app.table
    assert t is not None and t.layout is not None and t.board.card_art is not None
    assert t.board.card_art.deck.key == "vintage"
    lay = t.layout
    strip = t.board.card_art.deck.index_height((lay.cw, lay.ch))
    assert strip > index_height(lay.cw)  # (else this would test nothing)
    steps = [lay.card_xy[col[j + 1]][1] - lay.card_xy[col[j]][1]
             for i, col in enumerate(lay.column_cards) for j in range(lay.column_down[i], len(col) - 1)]
    assert steps and min(steps) >= strip
    press(app, pygame.K_q, pygame.KMOD_CTRL)
