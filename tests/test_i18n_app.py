"""The player's language in the window, headless, driven by real pygame events.

The Language row of Settings switches the language at once (the sheet's own text and the
table's bar are drawn in it on the next frame, no restart), Cancel puts the one from before
back, Done keeps it for the next start; ``--language`` chooses for one run without saving;
and with the pseudo-language in use the Settings, Statistics, Deal # and question screens
draw no English. A small German catalogue is compiled here, so these tests do not depend on
the shipped translations (or on their being finished).
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import re
import struct
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from player_input import click, post, press, quit_events
from window_helpers import on_table
from yukon.play import pseudo
from yukon.play.events import Tone, made_move
from yukon.play.save import Store
from yukon.play.settings import SETTINGS_FILE, Settings, load_settings, save_settings
from yukon.text import i18n
from yukon.ui import art, build, launch
from yukon.ui.app import App
from yukon.ui.build import add_extras as install
from yukon.ui.build import open_window
from yukon.ui.keys_overlay import DealDialog
from yukon.ui.screen import QuestionDialog
from yukon.ui.settings_screen import SettingsScreen
from yukon.ui.sheet import SheetScreen
from yukon.ui.stats_screen import StatsScreen

# A few messages in German: enough to see every kind of text switch (a sheet's title, a
# row's label, the table's status, the bar's buttons, a sheet's buttons).
GERMAN: dict[str, str] = {
    "Moves {n}": "Züge {n}",
    "Settings": "Einstellungen",
    "Language": "Sprache",
    "button\x04New deal": "Neues Spiel",
    "button\x04Settings": "Einstellungen",
    "button\x04Done": "Fertig",
    "button\x04Cancel": "Abbrechen",
    "button\x04Undo": "Rückgängig",
}


def shows(texts: list[str], words: str) -> bool:
    """Is ``words`` part of a drawn text (the status line draws its parts in one text)?"""
    return any(words in t for t in texts)


def write_mo(path: Path, messages: dict[str, str]) -> None:
    """A compiled gettext catalogue (the GNU .mo format) of ``messages``, with its header."""
    entries = {"": "Content-Type: text/plain; charset=UTF-8\nPlural-Forms: nplurals=2; plural=(n != 1);\n",
               **messages}
    keys = sorted(entries)
    ids = [k.encode() for k in keys]
    strs = [entries[k].encode() for k in keys]
    n = len(keys)
    start = 7 * 4 + 16 * n
    offsets: list[int] = []
    blob = b""
    for data in ids + strs:
        offsets += [len(data), start + len(blob)]
        blob += data + b"\0"
    head = struct.pack("<7I", 0x950412DE, 0, n, 7 * 4, 7 * 4 + 8 * n, 0, 0)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(head + struct.pack(f"<{4 * n}I", *offsets) + blob)


@pytest.fixture
def german(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The game finds a German catalogue (of the few messages above) where it looks for its own."""
    folder = tmp_path / "locale"
    write_mo(folder / "de" / "LC_MESSAGES" / "yukon.mo", GERMAN)
    monkeypatch.setattr(i18n, "locale_folder", lambda: str(folder))
    yield
    i18n.set_language("en")


class Drawn:
    """Every text the window renders (``art.text``), from the last ``clear`` on."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.texts: list[str] = []
        real = art.text

        def recording(s: str, size: int, colour: tuple[int, int, int], bold: bool = False) -> pygame.Surface:
            self.texts.append(s)
            return real(s, size, colour, bold)

        monkeypatch.setattr(art, "text", recording)

    def clear(self) -> None:
        self.texts = []


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Drawn:
    return Drawn(monkeypatch)


def start(folder: Path, seed: int = 5, language: str | None = None, size: tuple[int, int] = (1024, 700)) -> App:
    """The window with its extras; ``language`` as ``--language`` gives it (already in use)."""
    app = open_window(seed=seed, size=size)
    install(app, folder=str(folder), language=language)
    app.frame()
    return app


def start_in_pseudo(folder: Path, size: tuple[int, int] = (1024, 700)) -> App:
    """The window as ``--language pseudo`` starts it."""
    pseudo.install_pseudo()
    return start(folder, language=pseudo.CODE, size=size)


def settings_sheet(app: App) -> SettingsScreen:
    top = app.top
    assert isinstance(top, SheetScreen) and isinstance(top.sheet, SettingsScreen)
    return top.sheet


def to_language_row(app: App) -> SettingsScreen:
    """Open Settings with S and go up to its last row, Language."""
    press(app, pygame.K_s)
    sheet = settings_sheet(app)
    press(app, pygame.K_UP)
    assert sheet.rows[sheet.focus][0] == "language"
    return sheet


def test_the_language_row_switches_the_whole_window_at_once_and_done_keeps_it(
        tmp_path: Path, german: None, drawn: Drawn) -> None:
    data = tmp_path / "data"
    app = start(data)
    sheet = to_language_row(app)
    assert "Settings" in drawn.texts and shows(drawn.texts, "Moves ")  # the sheet over the table's status
    drawn.clear()
    press(app, pygame.K_RIGHT)  # System (English) -> English: nothing changes
    assert sheet.settings.language == "en" and i18n.language() == "en"
    assert "English" in drawn.texts and "Settings" in drawn.texts
    drawn.clear()
    press(app, pygame.K_RIGHT)  # -> Deutsch, at once
    assert sheet.settings.language == "de" and i18n.language() == "de"
    # the very next frame: the sheet's title, its rows, its buttons and the table's bar, in German
    for german_text in ("Einstellungen", "Sprache", "Fertig", "Abbrechen", "Deutsch"):
        assert german_text in drawn.texts, german_text
    assert shows(drawn.texts, "Züge ")
    assert "Settings" not in drawn.texts and not shows(drawn.texts, "Moves ")
    assert app.top is app.screens[-1] and settings_sheet(app) is sheet  # the same window, no restart
    press(app, pygame.K_s)  # S again: Done
    assert app.top is app.table and i18n.language() == "de"
    assert "Neues Spiel" in [b.text() for b in app.buttons()]
    press(app, pygame.K_q, pygame.KMOD_CTRL)
    saved, problem = load_settings(Store(data))
    assert problem is None and saved.language == "de"
    # the next start: German before the first frame
    i18n.set_language("en")
    drawn.clear()
    app2 = start(data)
    assert i18n.language() == "de" and shows(drawn.texts, "Züge ") and not shows(drawn.texts, "Moves ")
    press(app2, pygame.K_q, pygame.KMOD_CTRL)


def test_a_click_on_the_language_row_switches_and_cancel_puts_the_old_language_back(
        tmp_path: Path, german: None, drawn: Drawn) -> None:
    app = start(tmp_path / "data")
    sheet = to_language_row(app)
    row = sheet.row_rect("language")
    assert row is not None
    for want in ("en", "de"):
        drawn.clear()
        click(app, *row.center)
        assert sheet.settings.language == want and i18n.language() == want
    assert "Sprache" in drawn.texts and shows(drawn.texts, "Züge ")
    drawn.clear()
    press(app, pygame.K_ESCAPE)  # leave without Done: the language from before comes back at once
    assert app.top is app.table and i18n.language() == "en"
    assert shows(drawn.texts, "Moves ") and not shows(drawn.texts, "Züge ")
    press(app, pygame.K_q, pygame.KMOD_CTRL)
    saved, _problem = load_settings(Store(tmp_path / "data"))
    assert saved.language == i18n.SYSTEM


def test_the_system_choice_names_the_language_it_gives(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                       german: None, drawn: Drawn) -> None:
    monkeypatch.setenv("LANGUAGE", "de_AT")
    app = start(tmp_path / "data")
    assert i18n.language() == "de"  # the setting's default follows the system
    drawn.clear()
    to_language_row(app)
    assert "System (Deutsch)" in drawn.texts and "Einstellungen" in drawn.texts
    press(app, pygame.K_ESCAPE)
    assert i18n.language() == "de"


# -- the command line ------------------------------------------------------------------------
def run_main(argv: list[str], folder: Path, monkeypatch: pytest.MonkeyPatch,
             drawn: Drawn) -> tuple[int, list[str], list[str]]:
    """``main(argv)`` with its data in ``folder`` and no solver; quits after the first frame.
    Returns the exit code, the languages in use while the window ran, and the bar's labels drawn."""
    monkeypatch.setenv("YUKON_DATA_DIR", str(folder))
    monkeypatch.setattr(build, "add_assist", lambda app, records=None: None)
    monkeypatch.setattr(build, "add_difficulty", lambda app, assist: None)  # it rides on the solver's child
    languages: list[str] = []
    real_build = build.build_app

    def build_then_quit(options: build.Options) -> App:
        app = real_build(options)
        languages.append(i18n.language())
        drawn.clear()
        post(quit_events())
        return app

    monkeypatch.setattr(build, "build_app", build_then_quit)
    code = launch.main(argv)
    return code, languages, list(drawn.texts)


def test_language_on_the_command_line_is_for_this_run_only(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                           german: None, drawn: Drawn) -> None:
    data = tmp_path / "data"
    assert save_settings(Store(data), Settings(language="en", lessons_offered=True)) is None
    code, languages, texts = run_main(["--language", "de", "--seed", "5"], data, monkeypatch, drawn)
    assert code == 0 and languages == ["de"]
    assert shows(texts, "Züge ") and not shows(texts, "Moves ")  # from the first frame on
    saved, _problem = load_settings(Store(data))
    assert saved.language == "en"  # not saved
    i18n.set_language("en")
    code, languages, texts = run_main(["--seed", "5"], data, monkeypatch, drawn)
    assert code == 0 and languages == ["en"] and shows(texts, "Moves ")


def no_language_variables(monkeypatch: pytest.MonkeyPatch) -> None:
    """A machine whose environment names no language, as Windows and the macOS Finder start a program."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG", "SDL_PREFERRED_LOCALES"):
        monkeypatch.delenv(name, raising=False)


def test_the_start_follows_the_systems_preferred_languages_unless_the_player_chose(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, german: None, drawn: Drawn) -> None:
    no_language_variables(monkeypatch)
    asked: list[bool] = []

    def swiss_german() -> list[dict[str, str | None]]:
        asked.append(True)
        return [{"language": "ko", "country": "KR"}, {"language": "de", "country": "CH"}, {"language": "en",
                                                                                             "country": None}]

    monkeypatch.setattr(pygame.system, "get_pref_locales", swiss_german)
    data = tmp_path / "data"
    assert save_settings(Store(data), Settings(lessons_offered=True)) is None  # language: the system's
    code, languages, texts = run_main(["--seed", "5"], data, monkeypatch, drawn)
    assert code == 0 and asked and languages == ["de"] and shows(texts, "Züge ")
    i18n.set_language("en")
    code, languages, texts = run_main(["--seed", "5", "--language", "en"], data, monkeypatch, drawn)
    assert code == 0 and languages == ["en"] and shows(texts, "Moves ")  # --language wins
    assert save_settings(Store(data), Settings(language="en", lessons_offered=True)) is None
    code, languages, texts = run_main(["--seed", "5"], data, monkeypatch, drawn)
    assert code == 0 and languages == ["en"] and shows(texts, "Moves ")  # so does the player's setting
    monkeypatch.setattr(pygame.system, "get_pref_locales", list)
    assert save_settings(Store(data), Settings(lessons_offered=True)) is None
    monkeypatch.setenv("LANG", "de_AT.UTF-8")  # no list from the system: the environment
    code, languages, texts = run_main(["--seed", "5"], data, monkeypatch, drawn)
    assert code == 0 and languages == ["de"]


def test_the_systems_list_is_read_without_sdl_started_and_a_failure_is_no_list(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pygame.system, "get_pref_locales",
                        lambda: [{"language": "pt", "country": "BR"}, {"language": "zh", "country": "Hans_CN"},
                                 {"language": "en", "country": None}])
    assert launch.system_locales() == ["pt_BR", "zh_Hans_CN", "en"]

    def broken() -> list[dict[str, str | None]]:
        raise pygame.error("no locale")

    monkeypatch.setattr(pygame.system, "get_pref_locales", broken)
    assert launch.system_locales() == []


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="on Linux SDL reads LANG and LANGUAGE")
def test_sdl_gives_its_list_without_init_or_a_window(tmp_path: Path) -> None:
    """Unpatched, in a fresh process: SDL's answer, and pygame and its display still not started."""
    env = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG",
                                                           "SDL_PREFERRED_LOCALES")}
    env.update(LANG="pl_PL.UTF-8", LANGUAGE="ru:en", PYTHONPATH=str(Path(__file__).resolve().parent.parent))
    code = ("import pygame; from yukon.ui.launch import system_locales; "
            "print(system_locales(), pygame.get_init(), pygame.display.get_init())")
    out = subprocess.run([sys.executable, "-c", code], env=env, cwd=tmp_path, capture_output=True, text=True,
                         timeout=120, check=False)
    assert out.returncode == 0, out.stderr
    # SDL puts LANG before LANGUAGE (gettext does the opposite, hence the variables come first)
    assert out.stdout.split() == ["['pl_PL',", "'ru',", "'en']", "False", "False"]


def test_the_saved_language_is_in_use_before_the_first_frame(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                              german: None, drawn: Drawn) -> None:
    data = tmp_path / "data"
    assert save_settings(Store(data), Settings(language="de", lessons_offered=True)) is None
    code, languages, texts = run_main(["--seed", "5"], data, monkeypatch, drawn)
    assert code == 0 and languages == ["de"] and shows(texts, "Züge ") and not shows(texts, "Moves ")


def test_language_pseudo_on_the_command_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                             drawn: Drawn) -> None:
    data = tmp_path / "data"
    assert save_settings(Store(data), Settings(lessons_offered=True)) is None
    code, languages, texts = run_main(["--language", "pseudo", "--seed", "5"], data, monkeypatch, drawn)
    assert code == 0 and languages == [pseudo.CODE]
    assert shows(texts, pseudo.pseudo("Moves {n}")[:-3]) and not shows(texts, "Moves ")
    assert (data / SETTINGS_FILE).exists() and load_settings(Store(data))[0].language == i18n.SYSTEM


@pytest.mark.parametrize("code", ["xx", "german", "DE_de_x", ""])
def test_an_unknown_language_is_refused_in_one_line(code: str, capsys: pytest.CaptureFixture[str],
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    def never(options: build.Options) -> App:
        raise AssertionError("the window must not open")

    monkeypatch.setattr(build, "build_app", never)
    with pytest.raises(SystemExit) as stop:
        launch.main(["--language", code])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    error_lines = [line for line in err.splitlines() if "error:" in line]
    assert len(error_lines) == 1 and f"--language {code} is not a language" in error_lines[0]
    assert "de" in error_lines[0] and "Traceback" not in err


# -- the pseudo-language: no English left on the screens this part draws ---------------------
def english_left(texts: list[str]) -> list[str]:
    """The drawn texts with a plain English word in them: a word of two or more letters none of
    which the pseudo-language changed (the languages' own names, never translated, aside).
    A pseudo text broken over two lines is still pseudo on each: its words are accented."""
    def plain(text: str) -> bool:
        for name in i18n.LANGUAGES.values():
            text = text.replace(name, "")
        return any(re.fullmatch("[A-Za-z]{2,}", word) for word in re.findall(r"\w+", text))

    return [t for t in texts if plain(t)]


def draw_top(app: App, drawn: Drawn) -> list[str]:
    """What the top screen draws (the sheet or dialog alone, not the table beneath it)."""
    surface = pygame.display.get_surface()
    assert surface is not None
    drawn.clear()
    app.top.draw(surface, 0.0)
    return list(drawn.texts)


def test_the_pseudo_language_leaves_no_english_on_settings_stats_and_questions(
        tmp_path: Path, drawn: Drawn) -> None:
    app = start_in_pseudo(tmp_path / "data")
    try:
        press(app, pygame.K_s)
        sheet = settings_sheet(app)
        texts = draw_top(app, drawn)
        assert texts and english_left(texts) == []
        # every row, scrolled into view one after the other, with its next value too (the
        # language aside: the pseudo-language is not one of its values)
        for name, _label, _note in sheet.rows:
            assert sheet.rows[sheet.focus][0] == name
            if name != "language":
                press(app, pygame.K_RIGHT)
                assert english_left(draw_top(app, drawn)) == [], name
                press(app, pygame.K_LEFT)
            assert english_left(draw_top(app, drawn)) == [], name
            press(app, pygame.K_DOWN)
        press(app, pygame.K_ESCAPE)
        press(app, pygame.K_t)
        assert isinstance(app.top, SheetScreen) and isinstance(app.top.sheet, StatsScreen)
        texts = draw_top(app, drawn)
        assert pseudo.pseudo("Games played") in texts and english_left(texts) == []
        for _n in range(3):  # to the buttons: past Games... and Export CSV, Reset... asks
            press(app, pygame.K_RIGHT)
        press(app, pygame.K_RETURN)
        top = app.top
        assert isinstance(top, SheetScreen) and top.sheet.question is not None
        texts = draw_top(app, drawn)
        assert english_left(texts) == []
        press(app, pygame.K_ESCAPE)
        press(app, pygame.K_ESCAPE)
        assert on_table(app)
        # a question dialog: another deal while a game is under way
        table = app.table
        assert table is not None
        assert made_move(table.session.move(app.session.game.position.legal_moves()[0]))
        press(app, pygame.K_d)
        assert isinstance(app.top, SheetScreen) and isinstance(app.top.sheet, DealDialog)
        deal_texts = draw_top(app, drawn)
        assert pseudo.pseudo("Choose deal") in deal_texts
        for key in (pygame.K_4, pygame.K_2, pygame.K_RETURN):
            press(app, key)
        assert isinstance(app.top, QuestionDialog)
        texts = draw_top(app, drawn)
        assert english_left(texts) == [] and any("42" in t for t in texts)
        press(app, pygame.K_ESCAPE)
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("size", [(1280, 800), (1024, 700), (800, 600), (640, 480), (420, 600)])
def test_the_toolbar_names_its_buttons_and_the_menu_lists_the_rest_translated(
        tmp_path: Path, drawn: Drawn, size: tuple[int, int]) -> None:
    """Every toolbar button's accessible name (its tooltip) and every menu item, with its key,
    comes in the player's language."""
    app = start_in_pseudo(tmp_path / "data", size)
    try:
        table = app.table
        assert table is not None and table.bar is not None
        bar = table.bar
        specs = app.buttons()
        names = table.button_bar.names()
        assert len(names) == len(specs) + 1  # and the menu button
        for _command, name, key in names:
            assert pseudo.PAD in name and english_left([name, key]) == []
        for i in bar.shown():  # the icons' tooltips
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=bar.rects[i].center, rel=(0, 0),
                                                 buttons=(0, 0, 0)))
            app.frame()
            tip = table.button_bar.tip()
            assert tip is not None and tip[0] == specs[i].text()
        assert bar.hidden
        click(app, *bar.more.center)
        texts = draw_top(app, drawn)
        for i in bar.hidden:
            assert specs[i].text() in texts
        assert english_left(texts) == []
        press(app, pygame.K_ESCAPE)
    finally:
        i18n.set_language("en")


def test_the_pseudo_language_leaves_no_english_in_the_deal_dialog(tmp_path: Path, drawn: Drawn) -> None:
    app = start_in_pseudo(tmp_path / "data")
    try:
        press(app, pygame.K_d)
        assert isinstance(app.top, SheetScreen) and isinstance(app.top.sheet, DealDialog)
        assert english_left(draw_top(app, drawn)) == []
    finally:
        i18n.set_language("en")


# -- longer languages: what they cut off ---------------------------------------------------------
def test_wrapped_lines_fit_even_with_words_longer_than_a_line() -> None:
    """A pseudo text pads its last word (as German makes long compounds): every line still fits
    its width, and no character is lost or added."""
    import random

    from yukon.ui.widgets import wrap

    pygame.font.init()
    rng = random.Random(13)
    letters = "abcdefghijklmnopqrstuvwxyzäöüß"
    for _case in range(150):
        words = ["".join(rng.choice(letters) for _c in range(rng.choice((1, 3, 8, 30, 70))))
                 for _w in range(rng.randint(1, 12))]
        text = pseudo.pseudo(" ".join(words))
        size, width = rng.choice((11, 14, 20)), rng.randint(40, 500)
        lines = wrap(text, size, width)
        font = art.font(size)
        assert all(font.size(line)[0] <= width for line in lines), (text, width)
        assert "".join(lines).replace(" ", "") == text.replace(" ", "")


def test_keyboard_play_refuses_in_the_players_language(tmp_path: Path) -> None:
    """Enter on an empty foundation: the refusal is a whole sentence of the catalogue."""
    app = start_in_pseudo(tmp_path / "data")
    try:
        table = app.table
        assert table is not None
        for _step in range(12):  # Up climbs the first column's face-up cards to the foundation row
            press(app, pygame.K_UP)
        press(app, pygame.K_RETURN)
        assert table.session.message is not None and table.session.message.tone is Tone.ERROR
        assert table.message_text() == pseudo.pseudo("{reason}.").format(
            reason=i18n.capital(pseudo.pseudo("this foundation is empty")))
    finally:
        i18n.set_language("en")


def test_a_no_break_space_holds_a_line_together() -> None:
    """French puts a no-break space before ':' and '%': a line never starts with them."""
    from yukon.ui.widgets import wrap

    pygame.font.init()
    text = "vous pouvez rejouer la même donne\u00a0: vous pouvez la rejouer " * 6 + "50\u202f%"
    for width in range(120, 400, 7):
        lines = wrap(text, 14, width)
        assert all(not line.startswith((":", "%")) for line in lines), (width, lines)
        assert " ".join(lines).split() == text.split()


def test_the_cards_print_the_languages_letters(tmp_path: Path) -> None:
    """A German table prints B, D, K on its court cards, and goes back to J, Q, K in English."""
    from yukon.ui import art

    pygame.font.init()
    assert i18n.set_language("de") == "de"
    german = art.CardArt(80, 112)
    assert german.ranks[10:] == ("B", "D", "K") and german.ranks[0] == "A"
    i18n.set_language("en")
    english = art.CardArt(80, 112)
    assert english.ranks[10:] == ("J", "Q", "K") and english.key() != german.key()
    jack = 10  # the Jack of spades
    assert pygame.image.tobytes(german.face(jack), "RGBA") != pygame.image.tobytes(english.face(jack), "RGBA")


@pytest.mark.parametrize("code", [c for c in i18n.LANGUAGES if c != i18n.ENGLISH])
def test_undo_and_cancel_are_different_words_wherever_they_meet(tmp_path: Path, code: str) -> None:
    """French said "Annuler" for both the bar's Undo and the sheets' Cancel (Italian "Annulla"): the
    player could not tell taking a move back from closing a box."""
    i18n.set_language(code)
    app = start(tmp_path, language=code)
    t = app.table
    assert t is not None
    undo = next(spec.text() for spec in t.buttons() if spec.label == "Undo")
    press(app, pygame.K_s)  # Settings: Cancel and Done
    top = app.top
    assert isinstance(top, SheetScreen) and isinstance(top.sheet, SettingsScreen)
    cancel = i18n.pgettext("button", "Cancel")
    assert cancel in [i18n.pgettext("button", label) for label, _act in top.sheet.buttons()]
    assert undo.casefold() != cancel.casefold(), (code, undo)
    assert undo != i18n.pgettext("button", "Back") and undo != i18n.pgettext("button", "Close")
    press(app, pygame.K_ESCAPE)
    i18n.set_language("en")
