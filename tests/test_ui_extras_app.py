"""The extras inside the real app, headless, driven by real pygame events.

Keyboard play of a whole small endgame, resume after the app object is started again
(undo included), a damaged save, the settings, statistics, keys and deal sheets, and the
Rules screen's "Save the rules".
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import itertools
import json
import time
import webbrowser
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from browser_helpers import SystemBrowsers, text_mode_and_by_file_type
from player_input import click, press
from window_helpers import bar_clicks, is_lesson, on_table, play_by_clicks, shown_message
from yukon.core.notation import parse_position
from yukon.core.rules import YUKON, Rules
from yukon.core.state import FOUNDATION, ON_FOUNDATION, Game, Move
from yukon.play.events import Tone, made_move
from yukon.play.save import GAME_FILE
from yukon.ui import art
from yukon.ui.app import App
from yukon.ui.build import Extras, open_window
from yukon.ui.build import add_extras as install
from yukon.ui.keys_overlay import DealDialog, KeysOverlay
from yukon.ui.layout import TableLayout
from yukon.ui.rules_screen import RulesScreenPlus
from yukon.ui.screen import QuestionDialog
from yukon.ui.settings_screen import SettingsScreen, value_text
from yukon.ui.sheet import SheetScreen
from yukon.ui.stats_screen import StatsScreen
from yukon.ui.table import TableScreen

KEYS = {"left": pygame.K_LEFT, "right": pygame.K_RIGHT, "up": pygame.K_UP, "down": pygame.K_DOWN,
        "enter": pygame.K_RETURN, "space": pygame.K_SPACE, "f": pygame.K_f, "esc": pygame.K_ESCAPE}

ENDGAME = """
Foundations: S-9 H-J D-Q C-J
: KD
: QS
: QH KH JS TS
: QC
: KS
: KC
:
"""


def table_of(app: App) -> TableScreen:
    """The app's table (an App has one from the start)."""
    assert app.table is not None
    return app.table


def layout_of(app: App) -> TableLayout:
    """The table's layout (it has one from the first frame on)."""
    lay = table_of(app).layout
    assert lay is not None
    return lay


def start(folder: Path, seed: int | None = 5, game: Game | None = None, resume: bool = True,
          now: Callable[[], float] = time.monotonic) -> tuple[App, Extras]:
    app = open_window(seed=seed, size=(1024, 700), game=game, now=now)
    extras = install(app, folder=str(folder), resume=resume)
    app.frame()
    return app, extras


def key_toward(extras: Extras, app: App, card: int) -> str | None:
    """The next key that walks the real cursor onto ``card``; None when it is there."""
    c = extras.keyboard.cursor
    pos = table_of(app).session.position
    if not c.shown:
        return "right"
    if pos.loc[card] == ON_FOUNDATION:
        if not c.on_foundations:
            return "up"
        return None if c.foundation == card // 13 else "right"
    if c.on_foundations:
        return "down"
    col = pos.loc[card]
    if c.column != col:
        return "right"
    here = c.card_index(pos)
    want = pos.columns[col].index(card)
    if here is None or here == want:
        return None
    return "up" if here > want else "down"


def key_to_column(extras: Extras, app: App, column: int) -> str | None:
    c = extras.keyboard.cursor
    if c.on_foundations:
        return "down"
    return None if c.column == column else "right"


def play_by_keys(app: App, extras: Extras, move: Move) -> None:
    for _ in range(40):
        k = key_toward(extras, app, move.card)
        if k is None:
            break
        press(app, KEYS[k])
    else:
        raise AssertionError("the cursor never reached the card")
    press(app, KEYS["enter"])
    assert table_of(app).session.selection == move.card
    if move.to == FOUNDATION:
        press(app, KEYS["f"])
        return
    for _ in range(20):
        k = key_to_column(extras, app, move.to)
        if k is None:
            break
        press(app, KEYS[k])
    press(app, KEYS["space"])


def test_keyboard_plays_a_whole_endgame(tmp_path: Path) -> None:
    app, extras = start(tmp_path, game=Game(parse_position(ENDGAME)), resume=False)
    moves = ["TS-F", "JS-F", "QS-F", "KS-F", "KH-7", "QH-F", "KH-F", "QC-F", "KC-F", "KD-F"]
    from yukon.core.notation import parse_move

    for text in moves:
        before = len(app.session.game.history)
        play_by_keys(app, extras, parse_move(text))
        assert len(app.session.game.history) == before + 1 and app.session.game.moves_made[-1] == parse_move(text)
        assert extras.keyboard.cursor_rect(table_of(app)) is not None  # the cursor stays drawn
    assert app.session.game.position.is_won()
    assert extras.records.stats.of(YUKON).won == 0  # a prepared position sets no records
    press(app, pygame.K_ESCAPE)  # a key cuts the celebration short and brings the win message
    assert any(isinstance(s, QuestionDialog) for s in app.screens)


def test_keyboard_refusal_keeps_selection_and_escape_cancels(tmp_path: Path) -> None:
    app, _extras = start(tmp_path, seed=11, resume=False)
    press(app, KEYS["right"])  # shows the cursor on column 1
    press(app, KEYS["enter"])
    card = app.session.game.position.columns[0][-1]
    assert table_of(app).session.selection == card
    bad = next(c for c in range(1, 7) if app.session.game.position.why_illegal(Move.of(card, c)))
    for _ in range(bad):
        press(app, KEYS["right"])
    press(app, KEYS["space"])
    assert table_of(app).session.selection == card and not app.session.game.history
    message = table_of(app).session.message
    assert message is not None and message.tone is Tone.ERROR
    press(app, KEYS["esc"])
    assert table_of(app).session.selection is None


def test_resume_after_the_app_starts_again(tmp_path: Path) -> None:
    seconds = itertools.count(1000)
    app, extras = start(tmp_path, seed=21, resume=False, now=lambda: float(next(seconds)))  # a second a look
    table = table_of(app)
    for _ in range(6):
        moves = [m for m in app.session.game.position.legal_moves() if app.session.game.position.loc[m.card] < ON_FOUNDATION]
        table.session.move(moves[0])
    press(app, pygame.K_z, pygame.KMOD_CTRL)  # one undone: the redo list is kept too
    history = app.session.game.moves_made
    position = app.session.game.position.copy()
    extras.records.flush()  # autosaves are written by a writer thread
    assert (tmp_path / GAME_FILE).exists()  # saved after every move, before any quit
    assert json.loads((tmp_path / GAME_FILE).read_text())["moves"] == [str(m) for m in history]
    press(app, pygame.K_q, pygame.KMOD_CTRL)
    assert not app.running
    played = json.loads((tmp_path / GAME_FILE).read_text())["elapsed"]
    assert played >= 1.0  # the clock ran from the first move to the quit
    app2, extras2 = start(tmp_path, seed=999)
    assert app2.session.game.seed == 21 and app2.session.game.position == position
    assert app2.session.game.moves_made == history and app2.session.game.can_redo()
    assert app2.session.elapsed() >= played  # the time played goes on from where it was
    press(app2, pygame.K_z, pygame.KMOD_CTRL)
    assert app2.session.game.moves_made == history[:-1]
    assert extras2.records.stats.of(YUKON).played == 1  # the same game, counted once


def test_damaged_save_starts_fresh_and_says_so(tmp_path: Path) -> None:
    (tmp_path / GAME_FILE).write_text(json.dumps({"version": 1, "seed": 4, "variant": "yukon",
                                                  "any_card_in_space": False, "foundation_return": True,
                                                  "moves": ["KS-F"]}))
    app, _extras = start(tmp_path, seed=8)
    assert app.session.game.seed == 8 and not app.session.game.history
    message = table_of(app).message_text()
    assert message is not None and "could not be resumed" in message
    assert any(p.name.startswith(GAME_FILE + ".broken") for p in tmp_path.iterdir())


def test_several_damaged_files_are_told_as_separate_sentences(tmp_path: Path) -> None:
    (tmp_path / GAME_FILE).write_text('{"variant": "yuk')
    (tmp_path / "settings.json").write_bytes(b"\x00\xff garbage")
    app, _extras = start(tmp_path, seed=8)
    text = table_of(app).message_text()
    assert text is not None
    assert text.count("damaged") >= 2 and text.endswith(".")
    # every notice ends in a full stop before the next begins
    for part in text.split(" The ")[1:]:
        assert text[text.index(" The " + part) - 1] == "."


def test_unwritable_data_folder_plays_on(tmp_path: Path) -> None:
    (tmp_path / "f").write_text("")
    app, _extras = start(tmp_path / "f" / "yukon", seed=8)
    table = table_of(app)
    assert "cannot save" in shown_message(table).lower()
    table.session.message = None
    m = app.session.game.position.legal_moves()[0]
    table.session.move(m)
    assert app.session.game.moves_made == [m] and table.session.message is None  # said once, not again


def test_sheets_open_from_keys_and_buttons(tmp_path: Path) -> None:
    app, _extras = start(tmp_path, seed=8)
    for key, kind in ((pygame.K_s, SettingsScreen), (pygame.K_t, StatsScreen), (pygame.K_SLASH, KeysOverlay),
                      (pygame.K_d, DealDialog)):
        press(app, key)
        assert isinstance(app.top, SheetScreen) and isinstance(app.top.sheet, kind)
        press(app, pygame.K_ESCAPE)
        assert on_table(app)
    for label in ("Settings", "Stats", "Deal #"):  # items of the toolbar's menu
        bar_clicks(app, label, lambda x, y: click(app, x, y))
        assert isinstance(app.top, SheetScreen)
        press(app, pygame.K_ESCAPE)


def test_choose_deal_asks_when_a_game_is_under_way(tmp_path: Path) -> None:
    app, extras = start(tmp_path, seed=8)
    press(app, pygame.K_d)
    for ch in "4711":
        press(app, pygame.K_0 + int(ch))
    press(app, pygame.K_RETURN)
    assert app.session.game.seed == 4711 and app.top is app.table  # nothing was under way
    table_of(app).session.move(app.session.game.position.legal_moves()[0])
    press(app, pygame.K_d)
    press(app, pygame.K_4)
    press(app, pygame.K_2)
    press(app, pygame.K_RETURN)
    assert isinstance(app.top, QuestionDialog) and app.session.game.seed == 4711
    press(app, pygame.K_RETURN)  # the first answer: deal it
    assert app.session.game.seed == 42
    y = extras.records.stats.of(YUKON)
    assert y.played == 1 and y.current_streak == 0


def test_settings_change_rules_and_sound(tmp_path: Path) -> None:
    app, extras = start(tmp_path, seed=8)
    press(app, pygame.K_s)
    press(app, pygame.K_RIGHT)  # Game: Russian Solitaire
    for _ in range(4):
        press(app, pygame.K_DOWN)  # to Sound
    press(app, pygame.K_RETURN)  # Sound off
    screen = app.top
    assert isinstance(screen, SheetScreen) and isinstance(screen.sheet, SettingsScreen)
    screen.sheet.done()  # nothing under way: the new rules deal at once
    app.frame()
    assert app.session.game.rules.variant == "russian" and extras.sound.enabled is False
    press(app, pygame.K_q, pygame.KMOD_CTRL)
    app2, extras2 = start(tmp_path, seed=3)
    assert extras2.records.settings.variant == "russian" and extras2.records.settings.sound is False
    assert app2.session.game.rules.variant == "russian"


def record_texts(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """From now on, every text the window draws (``art.text``), in order."""
    drawn: list[str] = []
    real = art.text

    def recording(s: str, size: int, colour: tuple[int, int, int], bold: bool = False) -> pygame.Surface:
        drawn.append(s)
        return real(s, size, colour, bold)

    monkeypatch.setattr(art, "text", recording)
    return drawn


def open_rules_and_save(app: App, monkeypatch: pytest.MonkeyPatch) -> tuple[RulesScreenPlus, list[str]]:
    """F1, then a click on "Save the rules"; the screen and the texts drawn after the click."""
    press(app, pygame.K_F1)
    rules = app.top
    assert isinstance(rules, RulesScreenPlus)
    drawn = record_texts(monkeypatch)
    click(app, *rules.save_rect.center)
    return rules, drawn


def test_the_rules_page_goes_into_the_data_folder_and_opens_in_the_browser(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    home, data = tmp_path / "home", tmp_path / "data"
    (home / "Documents").mkdir(parents=True)
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("YUKON_DATA_DIR", str(data))
    data.mkdir()
    (data / "settings.json").write_text(json.dumps({"version": 1, "lessons_offered": True}))
    found = text_mode_and_by_file_type()
    found["firefox"] = webbrowser.Mozilla("firefox")
    browsers = SystemBrowsers(monkeypatch, found, first="xdg-open")
    app = open_window(seed=8, size=(1024, 700))
    extras = install(app)  # the player's data folder: YUKON_DATA_DIR
    app.frame()
    assert extras.folder == str(data)
    rules, drawn = open_rules_and_save(app, monkeypatch)
    page = (data / "yukon-rules.html").resolve()
    assert page.exists() and list(home.rglob("*.html")) == []  # where the saves are, not the home folder
    assert browsers.opened == [("firefox", page.as_uri())]  # the browser, not whatever handles HTML
    assert rules.note == f"The rules are saved as {page} and your browser was asked to open them."
    assert any(str(page) in text for text in drawn)  # the window says where
    click(app, *rules.keys_rect.center)
    assert isinstance(app.top, SheetScreen) and isinstance(app.top.sheet, KeysOverlay)


def test_without_a_browser_the_rules_screen_says_where_the_page_is(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    home, data = tmp_path / "home", tmp_path / "data"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    browsers = SystemBrowsers(monkeypatch, text_mode_and_by_file_type(), first="lynx")
    app, _extras = start(data)
    rules, drawn = open_rules_and_save(app, monkeypatch)
    page = (data / "yukon-rules.html").resolve()
    assert page.exists() and list(home.iterdir()) == []
    assert browsers.opened == []  # no editor, no text-mode browser
    assert rules.note == f"The rules are saved as {page}; open that file in a browser to print it."
    assert any(str(page) in text for text in drawn)  # the window says where


def test_a_win_is_counted_and_its_news_shown(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # a dealt game (it has a deal number) cut down to its last moves
    app, extras = start(tmp_path, game=Game(parse_position(ENDGAME), seed=77), resume=False)
    from yukon.core.notation import parse_move

    played: list[str] = []
    def fake_play(name: str) -> bool:
        played.append(name)
        return True

    monkeypatch.setattr(extras.sound, "play", fake_play)
    for text in ["TS-F", "JS-F", "QS-F", "KS-F", "KH-7", "QH-F", "KH-F", "QC-F", "KC-F"]:
        table_of(app).session.move(parse_move(text))
    assert played[:4] == ["home"] * 4 and played[4] == "slide"
    press(app, pygame.K_z, pygame.KMOD_CTRL)
    assert played[-1] == "slide"  # the undo slides back
    press(app, pygame.K_y, pygame.KMOD_CTRL)
    play_by_keys(app, extras, parse_move("KD-F"))
    assert played[-2:] == ["home", "win"]
    y = extras.records.stats.of(YUKON)
    assert (y.played, y.won, y.current_streak, y.fewest_moves) == (1, 1, 1, 10)
    for _ in range(1200):  # the win summary comes once the cards have cascaded off the table
        if any(isinstance(s, QuestionDialog) for s in app.screens):
            break
        app.update(1 / 60)  # the loop's fixed steps, whatever the machine's speed
        app.draw()
    dialog = next(s for s in app.screens if isinstance(s, QuestionDialog))
    assert "first win" in dialog.question.lower()
    assert not (tmp_path / GAME_FILE).exists()  # nothing left to resume
    press(app, pygame.K_ESCAPE)  # Admire it
    press(app, pygame.K_t)
    assert isinstance(app.top, SheetScreen) and isinstance(app.top.sheet, StatsScreen)
    assert app.top.sheet.news == extras.records.news


def test_question_answers_by_keyboard(tmp_path: Path) -> None:
    app, _extras = start(tmp_path, seed=8)
    table_of(app).session.move(app.session.game.position.legal_moves()[0])
    press(app, pygame.K_n)  # New deal asks: New deal / Keep playing
    assert isinstance(app.top, QuestionDialog)
    press(app, pygame.K_RIGHT)  # onto "Keep playing"
    press(app, pygame.K_RETURN)
    assert on_table(app) and app.session.game.seed == 8
    press(app, pygame.K_n)
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_LEFT)  # back onto "New deal"
    press(app, pygame.K_SPACE)
    assert app.session.game.seed != 8


def test_keys_carry_on_from_a_mouse_selection(tmp_path: Path) -> None:
    app, extras = start(tmp_path, seed=21, resume=False)
    pos = app.session.game.position
    move = next(m for m in pos.legal_moves() if m.to != FOUNDATION and pos.loc[m.card] < ON_FOUNDATION)
    r = layout_of(app).strip_rect(move.card)
    click(app, r.centerx, r.y + 4)  # select with the mouse
    assert table_of(app).session.selection == move.card
    press(app, pygame.K_RIGHT)  # first key: shows the cursor on the selected card's column
    for _ in range(20):
        if extras.keyboard.cursor.column == move.to:
            break
        press(app, pygame.K_RIGHT)
    press(app, pygame.K_RETURN)
    assert app.session.game.moves_made == [move]


def test_l_opens_the_lessons_when_there_are_any(tmp_path: Path) -> None:
    app, _extras = start(tmp_path, seed=8)
    has_lessons = any(b.label == "Lessons" for b in app.buttons())
    press(app, pygame.K_l)
    if has_lessons:
        assert app.top is not app.table
        press(app, pygame.K_ESCAPE)
    else:
        assert app.top is app.table


def deal_box(app: App) -> DealDialog:
    """The Deal # box on top."""
    screen = app.top
    assert isinstance(screen, SheetScreen) and isinstance(screen.sheet, DealDialog)
    return screen.sheet


@pytest.mark.parametrize("seed", [8, 31, 4711])
@pytest.mark.parametrize("under_way", [False, True])
def test_deal_number_from_a_lesson_names_the_game_behind_and_leaves_the_lessons(
        tmp_path: Path, seed: int, under_way: bool) -> None:
    """D over a lesson: the box is empty and names no deal (not the saved game behind the lessons,
    which is not on show); Esc goes back to the lesson; a deal chosen leaves the lessons and is dealt
    on the table (after "Replace the game under way?" over that game, when one is)."""
    app, _extras = start(tmp_path, seed=seed)
    press(app, pygame.K_d)  # over the table: the deal on it
    assert deal_box(app).current_text() == f"This deal is number {seed}."
    press(app, pygame.K_ESCAPE)
    if under_way:
        play_by_clicks(app, next(m for m in app.session.game.position.legal_moves() if m.to != FOUNDATION))
    game = app.session.game
    moves = list(game.moves_made)
    press(app, pygame.K_l)
    press(app, pygame.K_RETURN)  # the lesson the list offers
    lesson = app.top
    assert is_lesson(lesson)
    press(app, pygame.K_d)
    box = deal_box(app)
    assert box.text == "" and box.current_text() == "" and box.note_text() == ""
    press(app, pygame.K_ESCAPE)  # Cancel: back to the lesson, nothing dealt
    assert app.top is lesson and app.session.game is game

    press(app, pygame.K_d)
    for ch in "42":
        press(app, pygame.K_0 + int(ch))
    press(app, pygame.K_RETURN)
    assert not any(is_lesson(s) for s in app.screens)  # the lessons are left
    if under_way:
        asked = app.top
        assert isinstance(asked, QuestionDialog) and "deal 42" in asked.question
        assert app.screens == [app.table, asked] and app.session.game is game  # over the game it would replace
        press(app, pygame.K_RETURN)  # the first answer: deal it
    assert app.top is app.table and app.session.game.seed == 42 and not app.session.game.history
    assert game.moves_made == moves
    assert table_of(app).message_text() == "Deal 42."


def test_restart_needs_ctrl(tmp_path: Path) -> None:
    app, _extras = start(tmp_path, seed=8)
    table_of(app).session.move(app.session.game.position.legal_moves()[0])
    press(app, pygame.K_r)
    assert len(app.session.game.history) == 1
    press(app, pygame.K_r, pygame.KMOD_CTRL)
    assert isinstance(app.top, QuestionDialog)  # a move would be lost: asked first
    press(app, pygame.K_RETURN)
    assert not app.session.game.history and app.session.game.seed == 8


def test_cursor_scrolls_a_narrow_table(tmp_path: Path) -> None:
    app = open_window(seed=8, size=(220, 420))
    extras = install(app, folder=str(tmp_path), resume=False)
    app.frame()
    lay = layout_of(app)
    assert lay.max_scroll > 0  # too narrow for seven readable columns
    for column in range(1, 7):
        press(app, pygame.K_RIGHT)
        if not extras.keyboard.cursor.shown or extras.keyboard.cursor.column != column:
            press(app, pygame.K_RIGHT)
        lay = layout_of(app)
        x = lay.col_x[extras.keyboard.cursor.column]
        assert lay.view.x <= x and x + lay.cw <= lay.view.right, (column, x, lay.scroll_x)
    assert table_of(app).scroll_x > 0
    for _ in range(6):
        press(app, pygame.K_LEFT)
    lay = layout_of(app)
    assert extras.keyboard.cursor.column == 0 and lay.col_x[0] >= lay.view.x


def test_a_deal_number_plays_under_the_settings_game(tmp_path: Path) -> None:
    (tmp_path / "settings.json").write_text(json.dumps({"version": 1, "variant": "russian"}))
    app, _extras = start(tmp_path, seed=31, resume=False)  # as `main.py --seed 31`
    assert app.session.game.seed == 31 and app.session.game.rules.variant == "russian"
    from yukon.core.rules import Rules

    app2 = open_window(seed=32, size=(800, 600), rules=Rules("yukon"))
    install(app2, folder=str(tmp_path), resume=False, rules=Rules("yukon"))  # `--seed 32 --game yukon`
    assert app2.session.game.seed == 32 and app2.session.game.rules.variant == "yukon"


def click_sheet_button(app: App, label: str) -> None:
    """Click a button of the sheet on top (as drawn at the last frame)."""
    screen = app.top
    assert isinstance(screen, SheetScreen)
    sheet = screen.sheet
    buttons = sheet.question.answers if sheet.question is not None else sheet.buttons()
    rect = sheet._hits[[lb for lb, _ in buttons].index(label)][0]
    click(app, *rect.center)


def test_settings_show_the_game_given_on_the_command_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`main.py --seed 31 --game russian` over settings kept for Yukon without foundation return:
    Settings shows the rules of the game on the table, and Done keeps them for the next deals."""
    (tmp_path / "settings.json").write_text(json.dumps({"version": 1, "variant": "yukon",
                                                        "foundation_return": False}))
    russian = Rules("russian")
    app = open_window(seed=31, size=(1024, 700), rules=russian)
    install(app, folder=str(tmp_path), resume=False, rules=russian)
    app.frame()
    game = app.session.game
    assert game.rules == russian and game.seed == 31
    drawn = record_texts(monkeypatch)
    press(app, pygame.K_s)
    screen = app.top
    assert isinstance(screen, SheetScreen) and isinstance(screen.sheet, SettingsScreen)
    assert "Russian Solitaire" in drawn and "Yukon" not in drawn  # the Game row's value, as drawn
    sheet = screen.sheet
    assert value_text(sheet.settings, "variant") == "Russian Solitaire"
    assert value_text(sheet.settings, "foundation_return") == "On"  # as the table plays it
    click_sheet_button(app, "Done")  # nothing changed: no question, no new deal
    assert app.top is app.table and app.session.game is game and app.rules == russian
    press(app, pygame.K_n)  # the next deal is Russian Solitaire too
    assert app.session.game is not game and app.session.game.rules == russian
    saved = json.loads((tmp_path / "settings.json").read_text())
    assert saved["variant"] == "russian" and saved["foundation_return"] is True  # what Settings showed


def play_some(app: App, n: int) -> None:
    table = app.table
    assert table is not None
    for _ in range(n):
        moves = [m for m in app.session.game.position.legal_moves() if app.session.game.position.loc[m.card] < ON_FOUNDATION]
        assert made_move(table.session.move(moves[0]))


def click_answer(app: App, label: str) -> None:
    dialog = app.top
    assert isinstance(dialog, QuestionDialog)
    _, _, _, rects = dialog.layout(*app.size)
    click(app, *rects[[a for a, _ in dialog.answers].index(label)].center)


def game_under_way(folder: Path, seed: int, moves: int) -> list[Move]:
    """With a winning streak of 2 on record, play ``moves`` moves of deal ``seed`` and quit."""
    record = {"played": 5, "won": 3, "current_streak": 2, "best_streak": 2, "best_time": 300.0, "fewest_moves": 99}
    (folder / "stats.json").write_text(json.dumps({"version": 1, "variants": {"yukon": record}}))
    app, _extras = start(folder, seed=seed, resume=False)
    play_some(app, moves)
    made = app.session.game.moves_made
    press(app, pygame.K_q, pygame.KMOD_CTRL)
    return made


def test_a_deal_on_the_command_line_asks_before_replacing_a_game_under_way(tmp_path: Path) -> None:
    made = game_under_way(tmp_path, 21, 4)
    saved_text = (tmp_path / GAME_FILE).read_text()
    app, extras = start(tmp_path, seed=5, resume=False)  # python main.py --seed 5
    dialog = app.top
    assert isinstance(dialog, QuestionDialog)
    assert dialog.question == ("Your saved game is under way (deal 21, 4 moves). Play deal 5 instead? "
                               "Leaving your game counts as a loss.")
    assert app.session.game.seed == 21 and app.session.game.moves_made == made  # the saved game, on the table meanwhile
    extras.records.flush()
    assert (tmp_path / GAME_FILE).read_text() == saved_text  # nothing written over yet
    click_answer(app, "Keep my game")
    assert app.top is app.table and app.session.game.seed == 21 and app.session.game.moves_made == made
    y = extras.records.stats.of(YUKON)
    assert (y.played, y.current_streak) == (6, 2) and extras.records.counted  # the streak lives on
    press(app, pygame.K_q, pygame.KMOD_CTRL)
    app2, _ = start(tmp_path, seed=999)  # the next plain start resumes it still
    assert app2.session.game.seed == 21 and app2.session.game.moves_made == made


def test_a_deal_on_the_command_line_replaces_the_game_when_the_player_says_so(tmp_path: Path) -> None:
    game_under_way(tmp_path, 21, 4)
    app, extras = start(tmp_path, seed=5, resume=False)
    click_answer(app, "Play deal 5")
    assert app.table is not None
    app.table.anim.finish()
    app.frame()
    assert app.top is app.table and app.session.game.seed == 5 and not app.session.game.history
    extras.records.flush()
    assert json.loads((tmp_path / GAME_FILE).read_text())["seed"] == 5
    y = extras.records.stats.of(YUKON)
    assert (y.played, y.current_streak, y.best_streak) == (6, 0, 2) and not extras.records.counted


def test_a_deal_on_the_command_line_replaces_an_untouched_saved_game_without_asking(tmp_path: Path) -> None:
    app, _ = start(tmp_path, seed=21, resume=False)
    press(app, pygame.K_q, pygame.KMOD_CTRL)  # saved with no move made: nothing under way
    app2, _ = start(tmp_path, seed=5, resume=False)
    assert app2.top is app2.table and app2.session.game.seed == 5


def test_the_deal_under_way_asked_for_again_goes_on_without_a_question(tmp_path: Path) -> None:
    made = game_under_way(tmp_path, 21, 4)
    app, extras = start(tmp_path, seed=21, resume=False)  # python main.py --seed 21, the deal in play
    assert app.top is app.table and app.session.game.seed == 21 and app.session.game.moves_made == made
    y = extras.records.stats.of(YUKON)
    assert (y.played, y.current_streak) == (6, 2)  # not counted twice, no loss
