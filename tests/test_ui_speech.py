"""Play by ear (issue 28), where the player meets it: the window driven headless with real key
events, a recording speaker in place of the machine's voice, the spoken words checked at each step.

A whole game is won from the keyboard alone (deal 3, the solver's line typed as keys), in
English and in German; every screen, dialog and lesson says its text when it opens; the
reading keys, the verdict, the settings and the ways to turn speech on before the first screen.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import json
import sys
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from yukon.core.state import FOUNDATION, ON_FOUNDATION, Move, Position
from yukon.play.save import Store
from yukon.play.settings import SETTINGS_FILE, Settings, save_settings
from yukon.solve.solver import Verdict, solve
from yukon.text import i18n
from yukon.ui.app import App
from yukon.ui.build import Extras, add_extras, open_window, speech_asked
from yukon.ui.keyboard import KeyCursor
from yukon.ui.lessons_table import LessonMode
from yukon.ui.phrases import focus_text, move_text, put_back_text
from yukon.ui.screen import QuestionDialog
from yukon.ui.settings_screen import SettingsScreen
from yukon.ui.sheet import SheetScreen
from yukon.ui.speech_output import NO_SPEECH_LINUX, RecordingSpeaker, SilentSpeaker, no_speech_reason
from yukon.ui.speech_part import speakable
from yukon.ui.table import TableScreen
from yukon.ui.voice import Voice

DEAL = 3  # the solver wins it in 82 moves, in a hundredth of a second


@pytest.fixture(scope="module")
def line() -> list[Move]:
    """The solver's winning line for deal 3 (a node limit, not a time limit: the same line on any machine)."""
    result = solve(Position.deal(DEAL), timeout=None, node_limit=500_000)
    assert result.status is Verdict.WINNABLE
    return result.moves


class Speaking:
    """A window on deal 3 with speech on, through a recording speaker."""

    app: App
    extras: Extras
    rec: RecordingSpeaker
    languages: list[str]  # the language of each speaker made
    on: object = None  # the session whose table the keys were last typed on

    def __init__(self, folder: Path, language: str = "en", seed: int | None = DEAL, welcome: bool = False,
                 speech: bool = True, probe: bool = True, first_start: bool = False) -> None:
        if not first_start:
            chosen = Settings(language=language, lessons_offered=True, animation="off")
            assert save_settings(Store(str(folder)), chosen) is None
        self.rec = RecordingSpeaker()
        self.languages = []

        def make(code: str) -> RecordingSpeaker:
            self.languages.append(code)
            return self.rec

        self.app = open_window(seed=seed)
        self.extras = add_extras(self.app, folder=str(folder), resume=False, welcome=welcome,
                                 voice=Voice(make, probe=lambda code: probe), speech=speech)

    @property
    def table(self) -> TableScreen:
        t = self.app.table
        assert t is not None
        return t

    @property
    def cursor(self) -> KeyCursor:
        """The keyboard's cursor now (a new table gives it a new one)."""
        return self.extras.keyboard.cursor

    @property
    def last(self) -> str:
        assert self.rec.last is not None
        return self.rec.last

    def key(self, k: int, mod: int = 0) -> list[str]:
        """Press a key (a real pygame event), run the frame and the next one (what a screen's keys
        are on is looked at once a loop iteration); the sentences it made said."""
        before = len(self.rec.spoken)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
        self.app.frame()
        self.app.frame()
        return self.rec.spoken[before:]

    # -- typing a move -----------------------------------------------------------------------
    def walk_to(self, card: int) -> list[str]:
        """Arrow keys until the cursor stands on ``card``; the focus said at each stop, checked."""
        pos = self.table.session.position
        said: list[str] = []
        if self.on is not self.table.session:  # the cursor's first press on a table only shows it
            self.on = self.table.session
            said += self.key(pygame.K_DOWN)
        cursor = self.cursor
        if pos.loc[card] == ON_FOUNDATION:
            while not cursor.on_foundations:
                said += self.key(pygame.K_UP)
            while cursor.foundation != card // 13:
                said += self.key(pygame.K_RIGHT)
                assert self.last == speak_foundation(pos, cursor.foundation)
            return said
        if cursor.on_foundations:
            said += self.key(pygame.K_DOWN)
        while cursor.column != pos.loc[card]:
            said += self.key(pygame.K_RIGHT)
            assert self.last == focus_text(pos, cursor.column, cursor.card(pos))
        column = pos.columns[cursor.column]
        while (at := cursor.card(pos)) != card:
            assert at is not None  # the cursor is on a card of the card's column
            deeper = column.index(card) < column.index(at)
            said += self.key(pygame.K_UP if deeper else pygame.K_DOWN)
            assert self.last == focus_text(pos, cursor.column, cursor.card(pos))
        return said

    def play(self, move: Move) -> list[str]:
        """Type ``move`` as a player who cannot see the table would; what the move said."""
        pos = self.table.session.position
        self.walk_to(move.card)
        cursor = self.cursor
        if move.to == FOUNDATION:
            return self.key(pygame.K_f)
        picked = self.key(pygame.K_RETURN)
        assert picked[0].startswith("Picked up ") or i18n.language() != "en", picked
        if cursor.on_foundations:
            self.key(pygame.K_DOWN)
        while cursor.column != move.to:
            self.key(pygame.K_RIGHT)
        assert pos is self.table.session.position
        return self.key(pygame.K_RETURN)


def speak_foundation(pos: Position, suit: int) -> str:
    from yukon.ui.phrases import foundation_focus_text

    return foundation_focus_text(pos, suit)


@pytest.fixture
def english(tmp_path: Path) -> Iterator[Speaking]:
    s = Speaking(tmp_path)
    yield s
    s.app.quit()


# -- the whole game by ear ------------------------------------------------------------------
@pytest.mark.parametrize("language", ["en", "de"])
def test_a_whole_game_won_from_the_keyboard_by_ear(tmp_path: Path, line: list[Move], language: str) -> None:
    """Deal 3 played to its win with keys alone, the solver's line typed as arrows, Enter and F: the
    opening names the deal and every column; each stop of the cursor, each pick-up, each move and the
    card it turned up, and the win are said in the player's language, the newest cutting off the old."""
    s = Speaking(tmp_path, language)
    opening = s.rec.spoken[0]
    assert s.languages == [language]
    if language == "en":
        assert opening.startswith("Deal 3: Yukon. Foundations: no spades, no hearts, no diamonds, no clubs. Column 1: ")
        assert "Column 7: 6 face down, " in opening
    else:
        assert opening.startswith("Spiel 3: Yukon. Ablagestapel: kein Pik, kein Herz, kein Karo, kein Kreuz. Spalte 1: ")
        assert "Spalte 7: 6 verdeckt, " in opening
    session = s.table.session
    turned = 0
    for n, move in enumerate(line):
        said = s.play(move)
        assert session.game.moves_made[-1] == move, (n, move, said)
        undo = session.game.history[-1]
        expected = move_text(session.position, undo)
        if n < len(line) - 1:
            assert said[-1] == expected, (n, said)  # the move's own words come last
        assert expected in said and put_back_text(move.card) not in said, (n, said)
        if undo.flipped:
            turned += 1
            assert ("; turned up the " if language == "en" else " aufgedeckt") in expected
    assert turned == 21  # every face-down card was told as it turned up
    assert session.position.is_won()
    won = "You won!" if language == "en" else "Gewonnen!"
    assert s.rec.spoken[-2] == won  # said as the last card went home, then the question
    dialog = s.app.top
    assert isinstance(dialog, QuestionDialog)
    if language == "en":  # the win summary: its figures, then its choices
        assert s.last.startswith("You won! Time: ") and f" Moves: {len(line)}." in s.last
        assert s.last.endswith("Choices: Next deal, Watch replay, Admire it.")
    else:
        assert s.last.startswith("Gewonnen! Zeit: ") and f" Züge: {len(line)}." in s.last
        assert s.last.endswith("Auswahl: Nächstes Spiel, Wiederholung ansehen, Bewundern.")
    # newest interrupting: a key's first sentence cut off what was still being said
    assert s.rec.interrupted


@pytest.mark.parametrize(("language", "words"), [
    ("en", ["The Ace of hearts to the foundation", "The 6 of diamonds onto the 7 of spades; turned up the 2 of diamonds",
            "The 2 of hearts to the foundation"]),
    ("de", ["Das Herz-Ass auf den Ablagestapel", "Die Karo-Sechs auf die Pik-Sieben; aufgedeckt: die Karo-Zwei",
            "Die Herz-Zwei auf den Ablagestapel"]),
])
def test_the_first_moves_word_for_word(tmp_path: Path, line: list[Move], language: str, words: list[str]) -> None:
    """The first three moves of deal 3, typed as keys, said word for word, with the card turned up; the
    cursor's stops on the way name the column and the card (German: the cards in their own words)."""
    s = Speaking(tmp_path, language)
    assert [m.card for m in line[:3]] == [13, 31, 14]  # AH, 6D, 2H: the line these words are for
    said = [s.play(m) for m in line[:3]]
    assert [turn[-1] for turn in said] == words
    s.app.quit()


# -- the reading keys -----------------------------------------------------------------------
def test_the_reading_keys_read_the_table(english: Speaking) -> None:
    """C reads the focused column, O the foundations, E the whole table, I the status, M what the
    card can do, R says the last words again; none of them changes the game."""
    s = english
    pos = s.table.session.position
    s.key(pygame.K_RIGHT)  # shows the cursor on column 1
    s.key(pygame.K_RIGHT)
    assert s.last == focus_text(pos, 1, pos.columns[1][-1])
    column = s.key(pygame.K_c)
    assert column[-1].startswith("Column 2: 1 face down, ")
    assert s.key(pygame.K_o) == ["Foundations: no spades, no hearts, no diamonds, no clubs"]
    whole = s.key(pygame.K_e)[-1]
    assert whole.startswith("Foundations: no spades") and "Column 7: 6 face down, " in whole
    assert s.key(pygame.K_i) == ["0 moves, 0 seconds"]
    choices = s.key(pygame.K_m)[-1]
    assert choices.endswith("cannot move") or " can go " in choices
    assert s.key(pygame.K_r) == [choices]
    assert not s.table.session.game.history


def test_reading_keys_are_in_the_keys_list_and_clash_with_no_other_key() -> None:
    from yukon.play.help_text import key_list
    from yukon.ui.commands import COMMANDS, KEYMAP, Command, Mod

    reading = [Command.READ_COLUMN, Command.READ_FOUNDATIONS, Command.READ_TABLE, Command.READ_STATUS,
               Command.READ_CHOICES, Command.REPEAT_SPEECH]
    listed = dict(key_list())
    for command in reading:
        key = COMMANDS[command].key
        assert key in listed and listed[key].startswith("speech: ")
        bound = [k for k, asked in KEYMAP.items() if asked is command]
        assert bound and all(mod is Mod.NONE for _k, mod in bound)
    assert len({v for v in KEYMAP.values()}) >= len(reading)
    assert KEYMAP[(pygame.K_r, Mod.CTRL)] is Command.RESTART  # R alone repeats; Ctrl+R still restarts


def test_hint_undo_redo_and_a_refusal_are_said(english: Speaking, line: list[Move]) -> None:
    """H says the hint with whole card names; Ctrl+Z what came back and what went face down again;
    Ctrl+Y the move again; Enter on an empty foundation, the reason."""
    s = english
    hint = s.key(pygame.K_h)
    assert hint[-1].startswith("Hint 1 of ") and "\u2665" not in hint[-1] and " of " in hint[-1]
    s.play(line[0])
    s.play(line[1])
    assert s.key(pygame.K_z, pygame.KMOD_CTRL) == [
        "Undone: the 6 of diamonds back into column 6; the 2 of diamonds is face down again"]
    assert s.key(pygame.K_y, pygame.KMOD_CTRL) == [
        "Redone: the 6 of diamonds onto the 7 of spades; turned up the 2 of diamonds"]
    for _ in range(2):
        s.key(pygame.K_z, pygame.KMOD_CTRL)
    assert s.last == "Undone: the Ace of hearts back into column 1"
    assert s.key(pygame.K_z, pygame.KMOD_CTRL) == ["Nothing to undo."]
    while not s.cursor.on_foundations:
        s.key(pygame.K_UP)
    assert s.last.endswith("foundation: empty")
    assert s.key(pygame.K_RETURN) == ["This foundation is empty."]


# -- screens and dialogs --------------------------------------------------------------------
def test_every_screen_and_dialog_says_its_text_when_it_opens(english: Speaking) -> None:
    """Settings, the keys list, Deal #, Statistics, the Rules and the lessons' list say their title,
    their text and their choices as they open; what the keys are on is said as it moves."""
    s = english
    opened = {pygame.K_s: "Settings. Game: Yukon. Choices: Cancel, Done.",
              pygame.K_SLASH: "Keys. Left / Right: move the keyboard cursor",
              pygame.K_d: "Choose deal. Every shuffle has a number. Type one to play that deal",
              pygame.K_t: "Statistics. Yukon. Games played: 0. Games won: 0.",
              pygame.K_F1: "How to play Yukon. The goal. Build four foundations",
              pygame.K_l: "Lessons. Pick a lesson to play."}
    for k, words in opened.items():
        said = s.key(k)
        assert said and said[0].startswith(words), (pygame.key.name(k), said)
        assert s.app.top is not s.table
        s.key(pygame.K_ESCAPE)
        assert s.app.top is s.table, pygame.key.name(k)
    s.key(pygame.K_s)
    assert s.key(pygame.K_DOWN) == ["Any card in an empty column: Off"]
    assert s.key(pygame.K_RETURN) == ["Any card in an empty column: On"]
    s.key(pygame.K_ESCAPE)


def test_the_questions_say_their_text_and_answers(english: Speaking, line: list[Move]) -> None:
    """Restart and New deal ask first once a move is made: the question and its answers are said, and
    Left/Right say the answer they land on."""
    s = english
    s.play(line[0])
    said = s.key(pygame.K_r, pygame.KMOD_CTRL)
    assert said == [("Start this deal again from the beginning? The 1 move made so far cannot be undone "
                    "afterwards. Choices: Restart deal, Keep playing.")]
    assert s.key(pygame.K_RIGHT) == ["Keep playing"]
    s.key(pygame.K_ESCAPE)
    said = s.key(pygame.K_n)
    assert said[0].startswith("Replace the game under way with a new shuffled deal?")
    assert said[0].endswith("Choices: New deal, Keep playing.")
    s.key(pygame.K_RETURN)  # New deal: the opening of the new deal is said
    assert s.last.startswith(f"Deal {s.table.session.game.seed}: Yukon. Foundations: ")


def test_a_lesson_says_its_text_step_by_step(english: Speaking) -> None:
    """A lesson opened from the list with Enter says its title, its opening words and its first step;
    each step's move, typed as keys (a refused move too, where the step asks for one), says the move or
    the rules' reason, the lesson's answer, then the next step; the end says the lesson is finished."""
    s = english
    assert s.key(pygame.K_l)[0].startswith("Lesson")
    said = s.key(pygame.K_RETURN)
    table = s.app.top
    assert isinstance(table, TableScreen) and isinstance(table.mode, LessonMode)
    mode = table.mode
    assert said[0].startswith(f"Lesson 1 of 4: {mode.lesson.title}. {mode.lesson.intro}")
    assert said[0].endswith(speakable(mode.step_text()))
    typing = _OnTable(s, table)
    for _step in range(mode.run.step_count):
        hint = s.key(pygame.K_h)[-1]
        assert hint.startswith("Hint") and "\u2660" not in hint and "\u2665" not in hint, hint
        move = mode.run.hint()
        assert move is not None
        step = mode.step_text()
        moves_before = len(table.session.game.history)
        after = typing.play(move)
        if len(table.session.game.history) > moves_before:
            assert move_text(table.session.position, table.session.game.history[-1]) in after
        else:  # a step that shows a refusal: the rules' reason is said
            assert any(t.startswith("The ") and " needs " in t for t in after), after
        assert mode.step_text() != step
        assert after[-1] == speakable(mode.step_text())
    assert mode.run.finished and s.last.startswith("Lesson finished. ")


class _OnTable(Speaking):
    """A ``Speaking`` window whose table is a lesson's (typing moves on it)."""

    def __init__(self, outer: Speaking, table: TableScreen) -> None:
        self.app, self.extras, self.rec, self.languages = outer.app, outer.extras, outer.rec, outer.languages
        self._table = table

    @property
    def table(self) -> TableScreen:
        return self._table


def test_the_welcome_dialog_is_said_on_a_first_start(tmp_path: Path) -> None:
    """A newcomer's first start: the opening words of the deal, then the welcome question with its answers."""
    s = Speaking(tmp_path, first_start=True, welcome=True)
    assert s.rec.spoken[0].startswith("Deal ")
    assert s.rec.spoken[-1].startswith("Welcome. New to Yukon?")
    assert s.rec.spoken[-1].endswith("Choices: Show me the lessons, Just play.")
    s.app.quit()


# -- the solver's verdict -------------------------------------------------------------------
def test_the_verdict_is_said_when_it_changes(english: Speaking) -> None:
    """The solver's verdict on the main table is said once when it comes and again only when it
    changes; hidden verdicts are not said."""
    s = english
    told = ["checking"]
    s.extras.speech.follow_verdict(lambda: told[0])
    s.app.frame()
    assert "still" not in s.last
    told[0] = Verdict.WINNABLE
    s.app.frame()
    assert s.last == "Can still be won"
    n = len(s.rec.spoken)
    s.app.frame()
    assert len(s.rec.spoken) == n
    told[0] = Verdict.LOST
    s.app.frame()
    assert s.last == "Can no longer be won"
    assert s.key(pygame.K_i) == ["0 moves, 0 seconds; can no longer be won"]


# -- turning speech on, the settings ----------------------------------------------------------
def test_speech_is_off_by_default_and_silent(tmp_path: Path) -> None:
    s = Speaking(tmp_path, speech=False)
    s.key(pygame.K_RIGHT)
    s.key(pygame.K_c)
    s.key(pygame.K_s)
    assert s.rec.spoken == [] and s.languages == []  # no speech program is even started


def test_speech_on_from_the_start_is_kept_in_the_settings(tmp_path: Path) -> None:
    """--speech (YUKON_SPEECH=1) turns speech on before the first screen, and the setting stays on."""
    s = Speaking(tmp_path, speech=True)
    assert s.rec.spoken and s.rec.spoken[0].startswith("Deal 3: Yukon.")
    kept = json.loads((tmp_path / SETTINGS_FILE).read_text())
    assert kept["speech"] is True
    s.app.quit()
    again = Speaking.__new__(Speaking)
    again.rec = RecordingSpeaker()
    again.app = open_window(seed=DEAL)
    add_extras(again.app, folder=str(tmp_path), resume=False, welcome=False,
               voice=Voice(lambda code: again.rec, probe=lambda code: True))
    assert again.rec.spoken and again.rec.spoken[0].startswith("Deal 3: Yukon.")


def test_the_environment_variable_and_the_option(capsys: pytest.CaptureFixture[str]) -> None:
    """YUKON_SPEECH=1 asks for speech; --speech is an option of the window's command line, listed in --help."""
    from yukon.ui import launch

    assert speech_asked({"YUKON_SPEECH": "1"}) and speech_asked({"YUKON_SPEECH": "yes"})
    assert not speech_asked({}) and not speech_asked({"YUKON_SPEECH": "0"})
    with pytest.raises(SystemExit) as help_exit:
        launch.main(["--help"])
    assert help_exit.value.code == 0 and "--speech" in capsys.readouterr().out
    with pytest.raises(SystemExit) as bad:
        launch.main(["--speach"])  # a misspelt option is refused, so the one above is really known
    assert bad.value.code == 2


def test_settings_turn_speech_on_and_choose_full_detail(tmp_path: Path) -> None:
    """The Speech and Speech detail rows, changed with the keys and kept; full detail says more."""
    s = Speaking(tmp_path, speech=False)
    s.key(pygame.K_s)
    sheet = s.app.top
    assert isinstance(sheet, SheetScreen) and isinstance(sheet.sheet, SettingsScreen)
    rows = [r[0] for r in sheet.sheet.rows]
    for _ in range(rows.index("speech")):
        s.key(pygame.K_DOWN)
    s.key(pygame.K_RETURN)  # Speech: On
    s.key(pygame.K_DOWN)
    s.key(pygame.K_RETURN)  # Speech detail: Full
    s.key(pygame.K_s)  # Done
    kept = json.loads((tmp_path / SETTINGS_FILE).read_text())
    assert kept["speech"] is True and kept["speech_detail"] == "full"
    s.key(pygame.K_RIGHT)
    s.key(pygame.K_RIGHT)
    assert s.last.startswith("Column 2, ") and s.last.endswith("; 1 face down below")


def test_settings_say_when_no_speech_output_is_found(tmp_path: Path) -> None:
    """No library and no speech program: the Speech row says what to install (shown as its help line,
    and said with the row), in the player's language; an output that failed to start says so too."""
    i18n.set_language("fr")
    s = Speaking(tmp_path, language="fr", speech=False, probe=False)
    s.key(pygame.K_s)
    sheet = s.app.top
    assert isinstance(sheet, SheetScreen) and isinstance(sheet.sheet, SettingsScreen)
    settings = sheet.sheet
    reason = i18n._(no_speech_reason(sys.platform))
    assert reason != no_speech_reason(sys.platform)  # in French
    assert settings.speech_note == reason
    assert settings.shown_note() is None  # not in the way of a player who is not looking for speech
    while settings.rows[settings.focus][0] != "speech":
        s.key(pygame.K_DOWN)
    assert settings.shown_note() == reason  # shown under the rows, whatever room the help lines have
    s.key(pygame.K_RETURN)
    assert settings.focus_spoken() == f"Parole : Oui. {reason}"
    assert settings.note("speech", "") == reason
    s.app.quit()
    failed = Voice(lambda code: SilentSpeaker(NO_SPEECH_LINUX), enabled=True)
    assert failed.missing() == i18n._(NO_SPEECH_LINUX)
    assert Voice(lambda code: RecordingSpeaker(), enabled=True).missing() is None


def test_the_readme_lists_the_reading_keys_as_the_game_has_them() -> None:
    """The README's section for blind players names each reading key the game binds, and both ways
    to turn speech on before the first screen."""
    import re

    from yukon.ui.commands import COMMANDS, Command

    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Playing by ear", 1)[1].split("\n## ", 1)[0]
    rows = dict(re.findall(r"^\| (\w) \| (.+) \|$", section, re.MULTILINE))
    reading = {Command.READ_COLUMN, Command.READ_FOUNDATIONS, Command.READ_TABLE, Command.READ_STATUS,
               Command.READ_CHOICES, Command.REPEAT_SPEECH}
    assert set(rows) == {COMMANDS[c].key for c in reading}
    assert "--speech" in section and "YUKON_SPEECH=1" in section
    assert all(system in section for system in ("**Linux**", "**Windows**", "**macOS**"))


@pytest.mark.parametrize(("language", "shown", "spoken"), [
    ("en", "Hint: 7\u2665 (with 2 cards) onto 10\u2660 in column 4", "Hint: the 7 of hearts (with 2 cards) onto the 10 of spades in column 4"),
    ("de", "\u2713 B\u2665 auf D\u2660, 10\u2663", "der Herz-Bube auf die Pik-Dame, die Kreuz-Zehn"),
])
def test_words_made_for_the_eye_are_spoken_with_whole_card_names(language: str, shown: str, spoken: str) -> None:
    """A solver's hint or a lesson's text prints cards as the table does (7♥, in the player's letters):
    spoken, each is its whole name, and the ticks are left out."""
    i18n.set_language(language)
    assert speakable(shown) == spoken
