"""The look over the whole window (issue 24, part 1, on today's window): every deck, card back, cloth and
theme chosen in Settings by real keys is drawn and saved; the dark theme reaches everything the player
meets (the toolbar, its tooltips, the menu, a notice, the status strip's cloth, the win summary, the
dialogs, Settings, the Rules, the lessons, the statistics, the keys); and the moments draw the chosen
deck and back: the deal's pile, the win's cascade, the cards re-drawn under the glow and the hover line.

Each look is checked by its pixels in the window against the picture drawn on its own.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import json
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from look_helpers import (
    bare_cloth,
    deck_face,
    end_cards,
    face_down_card,
    focus_row,
    matches,
    near,
    sharp,
    start,
    window,
)
from player_input import click, key_events, motion_events, post, press
from window_helpers import play_by_clicks, run_until
from yukon.core.cards import make_card
from yukon.core.state import FOUNDATION, Game, Move, Position
from yukon.play.settings import CARD_BACKS, DECKS, FELTS, SETTINGS_FILE, THEMES
from yukon.ui import theme
from yukon.ui.app import App
from yukon.ui.build import add_extras, open_window
from yukon.ui.card_backs import draw_back
from yukon.ui.cascade import Step
from yukon.ui.celebration import Celebration
from yukon.ui.menu import Menu
from yukon.ui.rules_screen import RulesScreen
from yukon.ui.sheet import SheetScreen
from yukon.ui.table.canvas import woven_cloth
from yukon.ui.table.summary import WinSummary

CHOICES = [("deck", v) for v in DECKS] + [("card_back", v) for v in CARD_BACKS] + \
    [("felt", v) for v in FELTS] + [("theme", v) for v in THEMES]
Colour = tuple[int, int, int]


@pytest.fixture(autouse=True)
def light_theme_after() -> object:
    yield None
    theme.use("light")  # the theme is the whole program's: leave it as the next test expects


def with_settings(folder: Path, **chosen: object) -> None:
    """A settings file as a player who chose ``chosen`` leaves it (the lessons already offered)."""
    (folder / SETTINGS_FILE).write_text(json.dumps({"version": 1, "lessons_offered": True, **chosen}))


def saved(folder: Path) -> dict[str, object]:
    kept: dict[str, object] = json.loads((folder / SETTINGS_FILE).read_text())
    return kept


# -- every choice, by keys -------------------------------------------------------------------------
@pytest.mark.parametrize(("row", "value"), CHOICES)
def test_each_choice_of_the_look_made_in_settings_is_drawn_and_saved(tmp_path: Path, row: str, value: str) -> None:
    with_settings(tmp_path)
    app, _ = start(tmp_path, seed=11)
    press(app, pygame.K_s)
    focus_row(app, row)
    press(app, pygame.K_RIGHT)  # at least once: the player's own default comes back after a full round
    while getattr(app.prefs, row) != value:
        press(app, pygame.K_RIGHT)
    press(app, pygame.K_s)  # Done
    assert app.top is app.table and saved(tmp_path)[row] == value
    sharp(app)
    t = app.table
    assert t is not None and t.layout is not None
    lay = t.layout
    size = (lay.cw, lay.ch)
    shown = window(app)
    deck = value if row == "deck" else "classic"
    for c in end_cards(app):
        assert matches(shown, deck_face(deck, c, size), lay.card_xy[c]) > 0.9, (deck, c)
    down, rows = face_down_card(app)
    back = value if row == "card_back" else "blue"
    assert matches(shown, draw_back(back, size), lay.card_xy[down], shown=rows) > 0.8, back
    x, y = bare_cloth(app)
    felt = value if row == "felt" else "green"
    assert theme.current() == (value if row == "theme" else "light")
    assert near(shown.get_at((x, y)), woven_cloth(felt, shown.get_size()).get_at((x, y)), 4), felt
    assert near(shown.get_at((lay.bar.x + 2, lay.bar.bottom - 3)), theme.palette().bar, 3)


# -- the dark theme over the whole window ----------------------------------------------------------
def seen_on_table(app: App) -> dict[str, pygame.Color]:
    """The colours of the toolbar, a tooltip, the menu, a notice and the bare cloth as the window shows them."""
    t = app.table
    assert t is not None and t.layout is not None and t.bar is not None
    seen = {"bar": window(app).get_at((t.bar.rect.x + 2, t.bar.rect.bottom - 3))}
    x, y = bare_cloth(app)
    seen["cloth"] = window(app).get_at((x, y))
    undo = next(i for i in t.bar.shown() if t.buttons()[i].command.name == "UNDO")
    post(motion_events(t.bar.rects[undo].center))
    app.frame()
    tip = t.button_bar.tip()
    assert tip is not None
    seen["tooltip"] = window(app).get_at((tip[2].x + 4, tip[2].bottom - 4))
    press(app, pygame.K_F10)
    menu = app.top
    assert isinstance(menu, Menu)
    frame = menu.frame(*app.size)
    seen["menu"] = window(app).get_at((frame.x + 2, frame.centery))
    press(app, pygame.K_ESCAPE)
    post(motion_events(bare_cloth(app)))
    press(app, pygame.K_z, pygame.KMOD_CTRL)  # nothing to undo: a plain notice
    box = t.msgbox.rect
    assert box is not None and t.session.message is not None
    seen["notice"] = window(app).get_at((box.x + box.h // 2 + 2, box.bottom - 4))
    return seen


def seen_on_screens(app: App) -> dict[str, pygame.Color]:
    """The colours of Settings, the statistics, the lessons, the keys (their panels) and the Rules' page."""
    seen = {}
    for name, key in (("settings", pygame.K_s), ("stats", pygame.K_t), ("lessons", pygame.K_l),
                      ("keys", pygame.K_SLASH)):
        press(app, key)
        top = app.top
        assert isinstance(top, SheetScreen), name
        surface = window(app)
        panel = top.sheet.panel
        seen[name] = surface.get_at((panel.x + 12, panel.bottom - 6))
        press(app, pygame.K_ESCAPE)
        assert app.top is app.table, name
    press(app, pygame.K_F1)
    assert isinstance(app.top, RulesScreen)
    seen["rules"] = window(app).get_at((4, app.size[1] // 2))
    press(app, pygame.K_ESCAPE)
    return seen


def seen_when_won(folder: Path) -> dict[str, pygame.Color]:
    """The colour of the win summary's box, a win played by clicks (animations off: the summary at once)."""
    king = make_card(13, 3)
    app = open_window(game=Game(Position([[king]] + [[] for _ in range(6)], [0] * 7, [13, 13, 13, 12])),
                      size=(1152, 704))
    add_extras(app, folder=str(folder), resume=False)
    app.frame()
    t = app.table
    assert t is not None
    play_by_clicks(app, Move.of(king, FOUNDATION))
    summary = app.top
    assert isinstance(summary, WinSummary)
    box = summary.layout(*app.size)[0]
    colour = window(app).get_at((box.x + 6, box.centery))
    press(app, pygame.K_q, pygame.KMOD_CTRL)
    return {"summary": colour}


WHOLE: dict[str, Callable[[theme.Palette], Colour]] = {
    "bar": lambda p: p.bar, "tooltip": lambda p: p.tip, "menu": lambda p: p.panel, "notice": lambda p: p.dialog,
    "settings": lambda p: p.panel, "stats": lambda p: p.panel, "lessons": lambda p: p.panel,
    "keys": lambda p: p.panel, "rules": lambda p: p.page, "summary": lambda p: p.dialog,
}


@pytest.mark.parametrize("name", list(THEMES))
def test_the_theme_reaches_the_whole_window(tmp_path: Path, name: str) -> None:
    with_settings(tmp_path, theme=name, animation="off")
    app, _ = start(tmp_path, seed=11)
    assert theme.current() == name
    seen = seen_on_table(app) | seen_on_screens(app)
    press(app, pygame.K_q, pygame.KMOD_CTRL)
    seen |= seen_when_won(tmp_path)
    palette = theme.THEMES[name][1]
    assert set(seen) == set(WHOLE) | {"cloth"}
    for part, colour_of in WHOLE.items():
        assert near(seen[part], colour_of(palette), 3), (name, part, seen[part], colour_of(palette))
    x, y = bare_cloth(app)
    assert near(seen["cloth"], woven_cloth("green", app.size).get_at((x, y)), 4)  # the cloth in the theme's light


# -- the moments draw the chosen deck and back -----------------------------------------------------
def test_a_new_deal_comes_out_of_a_pile_of_the_chosen_back(tmp_path: Path) -> None:
    with_settings(tmp_path, deck="vintage", card_back="red")
    app, _ = start(tmp_path, seed=5)
    sharp(app)
    t = app.table
    assert t is not None
    post(key_events(pygame.K_n))  # nothing played yet: no question
    app.dispatch(pygame.event.get())  # handled and drawn with no time passing: every card still in the pile
    app.draw()
    assert t.anim.active
    lay = t.layout
    assert lay is not None
    px, py = t.board.pile_xy()
    shown = pygame.display.get_surface()
    assert shown is not None
    assert matches(shown, draw_back("red", (lay.cw, lay.ch)), (round(px), round(py))) > 0.8
    assert matches(shown, draw_back("blue", (lay.cw, lay.ch)), (round(px), round(py))) < 0.5


def test_a_wins_cascade_flies_the_chosen_decks_faces(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with_settings(tmp_path, deck="vintage")
    king = make_card(13, 3)
    app = open_window(game=Game(Position([[king]] + [[] for _ in range(6)], [0] * 7, [13, 13, 13, 12])),
                      size=(1152, 704))
    add_extras(app, folder=str(tmp_path), resume=False)
    app.frame()
    sharp(app)
    t = app.table
    assert t is not None and t.layout is not None
    click(app, *t.layout.strip_rect(king).center)
    click(app, *t.layout.foundation_rects[king // 13].center)  # the last card home: the cascade begins
    run_until(app, lambda: isinstance(app.top, Celebration))
    celebration = app.top
    assert isinstance(celebration, Celebration) and celebration.running and celebration.cascade is not None
    steps: list[Step] = []
    advance = celebration.cascade.advance

    def kept(dt: float) -> Step:
        steps.append(advance(dt))
        return steps[-1]

    monkeypatch.setattr(celebration.cascade, "advance", kept)
    size = (t.layout.cw, t.layout.ch)
    run_until(app, lambda: any(s.stamps for s in steps))
    card, x, y = [s for s in steps if s.stamps][-1].stamps[-1]  # the last stamped lies on top
    shown = celebration.canvas
    assert shown is not None
    assert matches(shown, deck_face("vintage", card, size), (round(x), round(y))) > 0.9
    assert matches(shown, deck_face("simple", card, size), (round(x), round(y))) < 0.8


def test_the_cards_under_the_glow_and_the_hover_line_stay_the_chosen_decks(tmp_path: Path) -> None:
    with_settings(tmp_path, deck="vintage")
    app, _ = start(tmp_path, seed=11)
    sharp(app)
    t = app.table
    assert t is not None
    play_by_clicks(app, t.session.position.legal_moves()[0])  # the moved cards glow
    lay = t.layout
    assert lay is not None
    target = end_cards(app)[3]
    post(motion_events(lay.strip_rect(target).center))  # the hover line round the tail under the pointer
    app.frame()
    assert t.board.marks.hovered is not None and t.board.marks.marked
    shown = pygame.display.get_surface()  # as this frame drew it, only its changed parts painted anew
    assert shown is not None
    for c in end_cards(app):
        assert matches(shown, deck_face("vintage", c, (lay.cw, lay.ch)), lay.card_xy[c]) > 0.9, c
    click(app, *bare_cloth(app))
