"""The core's words in the player's language: refused moves, rules, keys, the rules page, files.

Most checks run in the pseudo-language (``yukon.play.pseudo``), where every translated message is
accented and padded: an English word left in a sentence the player reads is then plain
ASCII and stands out. With English in use the same sentences read as they always did.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import gettext
import random
import re
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from case_slices import how_many
from yukon.core.cards import RANK, RED
from yukon.core.rules import RUSSIAN, YUKON, Rules
from yukon.core.state import FOUNDATION, Move, Position
from yukon.play import help_text
from yukon.play.pseudo import install_pseudo, pseudo
from yukon.play.save import GAME_FILE, Store, load_game
from yukon.play.settings import SETTINGS_FILE, load_settings
from yukon.play.stats import Statistics
from yukon.text import i18n
from yukon.text.words import refusal, rules_line, variant_title
from yukon.ui.build import open_window

ALL_RULES = [YUKON, RUSSIAN, Rules("yukon", True, False), Rules("russian", True, True)]
RANK_WORDS = {11: "Jack", 12: "Queen", 13: "King"}


@pytest.fixture
def pseudo_language() -> Iterator[None]:
    install_pseudo()
    try:
        yield
    finally:
        i18n.set_language("en")


@pytest.fixture
def english() -> Iterator[None]:
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def english_words(text: str) -> list[str]:
    """Words of two letters or more written only in plain ASCII: English that escaped."""
    return [w for w in re.findall(r"[^\W\d_]+", text) if len(w) > 1 and w.isascii()]


def positions(rules: Rules, seeds: range, steps: int = 80) -> Iterator[Position]:
    """Positions met along random games: the deal, then every tenth move (cards go home often)."""
    for seed in seeds:
        rng = random.Random(seed)
        p = Position.deal(seed, rules)
        yield p.copy()
        for step in range(steps):
            moves = p.legal_moves()
            if not moves:
                break
            home = [m for m in moves if m.to == FOUNDATION]
            p.push(rng.choice(home) if home and rng.random() < 0.6 else rng.choice(moves))
            if step % 10 == 9:
                yield p.copy()


def refused(p: Position) -> Iterator[tuple[Move, str]]:
    """Every move of every card to every place that the position refuses, with the reason."""
    for card in range(52):
        for to in range(FOUNDATION + 1):
            move = Move.of(card, to)
            illegal = p.why_illegal(move)
            if illegal is not None:
                yield move, refusal(illegal)


@pytest.mark.parametrize("rules", ALL_RULES, ids=lambda r: r.describe())
def test_every_refusal_is_in_the_players_language(pseudo_language: None, rules: Rules) -> None:
    """Every refusal on the way of random games, in the pseudo-language. Yukon's games run long:
    the suite plays 8 of its 25 deals (about 30 000 refusals, 2 500 different sentences of the
    2 650 that all 25 meet); Russian games end soon, all 25 deals are played. The long checks play
    all 25 everywhere (``python benchmarks/long_checks.py tests/test_i18n_core.py``)."""
    seen: set[str] = set()
    count = 0
    for p in positions(rules, range(25 if rules.variant == "russian" else how_many(25, 8))):
        for move, reason in refused(p):
            count += 1
            assert not english_words(reason), (str(move), reason)
            assert "ẋ" in reason, reason  # the padding: the sentence came from the catalogue
            if reason.startswith(pseudo("the")[:3]):  # a sentence about a card names it (or its foundation) whole
                names = (pseudo(i18n.CARD_NAMES[move.card]), pseudo(i18n.FOUNDATION_NAMES[move.card // 13]))
                assert any(name in reason for name in names), (str(move), reason)
            seen.add(reason)
    assert count > 10_000
    assert len(seen) >= 200  # many different sentences and cards met, not one repeated


def test_a_card_that_does_not_fit_names_the_wanted_colour_and_rank_whole(english: None) -> None:
    pattern = re.compile(r"^the (.+) needs a (red|black) (\d+|Jack|Queen|King), not the (.+)$")
    met = set()
    for p in positions(YUKON, range(20)):
        for move, reason in refused(p):
            m = pattern.match(reason)
            if m is None:
                continue
            wanted = RANK[move.card] + 1
            assert m.group(1) == i18n.CARD_NAMES[move.card][len("the "):]
            assert m.group(2) == ("black" if RED[move.card] else "red"), reason
            assert m.group(3) == RANK_WORDS.get(wanted, str(wanted)), reason
            assert m.group(4) == i18n.CARD_NAMES[p.columns[move.to][-1]][len("the "):]
            met.add((m.group(2), m.group(3)))
    assert len(met) >= 18  # most of the 24 sentences (two colours, twelve ranks) were used


def test_russian_refusal_names_the_one_card_that_fits(pseudo_language: None) -> None:
    sentence = pseudo("{card} needs {wanted}, not {target}")
    met = 0
    for p in positions(RUSSIAN, range(5)):
        for move, reason in refused(p):
            col = p.columns[move.to] if move.to < FOUNDATION else []
            if (p.is_face_up(move.card) and col and p.loc[move.card] != move.to
                    and RANK[col[-1]] != 1 and RANK[move.card] != 13):
                name = i18n.card_name
                assert reason == sentence.format(card=name(move.card), wanted=name(move.card + 1),
                                                 target=name(col[-1]))
                met += 1
    assert met > 100


def test_english_reasons_read_as_before(english: None) -> None:
    p = Position.deal(1)
    face_down = p.columns[6][0]
    illegal = p.why_illegal(Move.of(face_down, 0))
    assert illegal is not None and refusal(illegal) == f"{i18n.CARD_NAMES[face_down]} is face down"
    assert rules_line(Rules("russian", True, False)) == ("Russian Solitaire, any card in an empty column, "
                                                         "no foundation return")
    # The command line's English (from the rules themselves, which know no language) says the same.
    for rules in ALL_RULES:
        assert rules_line(rules) == rules.describe()


def test_rules_titles_and_status_line(pseudo_language: None) -> None:
    assert variant_title("yukon") == pseudo("Yukon") and variant_title("russian") == pseudo("Russian Solitaire")
    assert rules_line(Rules("russian", True, False)) == pseudo(
        "{game}, any card in an empty column, no foundation return").format(game=pseudo("Russian Solitaire"))
    assert rules_line(YUKON) == pseudo("Yukon")
    for rules in ALL_RULES:
        assert not english_words(rules_line(rules))
        assert pseudo("Yukon") not in rules.describe()  # the rules' own text (the command line's) stays English


def test_rules_sections_and_keys_come_out_translated(pseudo_language: None) -> None:
    sections = help_text.rules_sections()
    assert len(sections) == len(help_text.RULES_SECTIONS)
    for (heading, paragraphs), (msgid, english) in zip(sections, help_text.RULES_SECTIONS):
        assert heading == pseudo(msgid)
        assert paragraphs == [pseudo(p) for p in english]
    for key, what in help_text.key_list():
        assert not english_words(what) and "ẋ" in what
        assert not english_words(key)  # "Ctrl+Z or Backspace" too; bare letters stay letters
    assert dict(help_text.key_list())["F"] == pseudo("send the selected card, or the end card under the cursor, home")
    assert not english_words(help_text.group_move_caption())


def test_english_keys_and_sections_are_the_data(english: None) -> None:
    assert help_text.rules_sections() == help_text.RULES_SECTIONS
    assert help_text.key_list() == help_text.KEYS


def test_the_rules_page_is_written_in_the_language_with_its_code(tmp_path: Path, pseudo_language: None) -> None:
    text = help_text.write_rules_html(tmp_path).read_text(encoding="utf-8")
    assert '<html lang="pseudo">' in text
    body = re.sub(r"<style>.*?</style>", "", text, flags=re.DOTALL)
    visible = re.sub(r"<[^>]*>", " ", body)
    assert not english_words(visible.replace("&quot;", " ").replace("&#x27;", " ")), english_words(visible)
    for heading, _paragraphs in help_text.RULES_SECTIONS:
        assert f"<h2>{heading}</h2>" not in text  # no English heading left
    assert pseudo("Before") in text and pseudo("column {number}").format(number=2) in text


def test_the_rules_page_names_a_regional_language_as_html_does(tmp_path: Path, english: None) -> None:
    assert '<html lang="en">' in help_text.rules_html()
    i18n.install(gettext.NullTranslations(), "pt_BR")
    assert '<html lang="pt-BR">' in help_text.rules_html()


def test_the_rules_page_messages_are_translated(tmp_path: Path, pseudo_language: None) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    path, message = help_text.save_and_open_rules(blocker / "sub")
    assert path is None and message.startswith(pseudo("Could not save the rules page: {error}").split("{")[0])


def test_a_damaged_save_is_reported_in_the_language(tmp_path: Path, pseudo_language: None) -> None:
    (tmp_path / GAME_FILE).write_bytes(b"{not json")
    result = load_game(Store(tmp_path))
    assert result.saved is None and result.moved_to is not None and result.problem is not None
    damaged = pseudo("The saved game is damaged ({why})").format(why=pseudo("not readable JSON"))
    assert result.problem == pseudo("{problem}; it was kept as {copy}").format(problem=damaged,
                                                                           copy=result.moved_to.name)


def test_settings_that_could_not_be_read_are_named_in_the_language(tmp_path: Path,
                                                                   pseudo_language: None) -> None:
    (tmp_path / SETTINGS_FILE).write_text('{"version": 1, "four_colour": "yes", "sound": 3}')
    settings, problem = load_settings(Store(tmp_path))
    assert settings.sound and problem is not None
    assert not english_words(problem), problem
    assert pseudo("four colour") in problem and pseudo("sound") in problem


def test_win_news_is_in_the_language(pseudo_language: None) -> None:
    stats = Statistics()
    news = stats.record_win(RUSSIAN, 100.0, 150)
    assert news == [pseudo("A clean win: no hints, no Demo, no Finish."),
                    pseudo("Your first win at {game}!").format(game=pseudo("Russian Solitaire"))]
    news = stats.record_win(RUSSIAN, 90.0, 140)
    assert pseudo("New best time: {time} (was {old}).").format(time="1:30", old="1:40") in news
    assert any(n.startswith(pseudo("Best streak yet: {n} wins in a row!").split("{")[0]) for n in news)


def test_keys_overlay_and_deal_dialog_draw_in_the_language(pseudo_language: None,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    from yukon.ui import art
    from yukon.ui.keys_overlay import DealDialog, KeysOverlay

    pygame.init()
    surface = pygame.display.set_mode((800, 600))
    drawn: list[str] = []
    real = art.text

    def recording(s: str, size: int, colour: tuple[int, int, int], bold: bool = False) -> pygame.Surface:
        drawn.append(s)
        return real(s, size, colour, bold)

    monkeypatch.setattr(art, "text", recording)
    overlay = KeysOverlay()
    overlay.draw_content(surface, pygame.Rect(0, 0, 780, 2000))
    assert pseudo("undo the last move") in drawn
    assert all(not english_words(s) for s in drawn), [s for s in drawn if english_words(s)]
    assert [label for label, _act in overlay.buttons()] == [pseudo("Close")]
    drawn.clear()
    dialog = DealDialog(7, lambda n: None)
    dialog.deal()  # nothing typed
    dialog.draw_content(surface, pygame.Rect(0, 0, 600, 300))
    assert pseudo("Type a deal number first.") in drawn
    assert all(not english_words(s) for s in drawn), drawn


def test_the_rules_screen_draws_in_the_language(pseudo_language: None, monkeypatch: pytest.MonkeyPatch) -> None:
    from yukon.ui import art
    from yukon.ui.rules_screen import RulesScreen

    drawn: list[str] = []
    real = art.text

    def recording(s: str, size: int, colour: tuple[int, int, int], bold: bool = False) -> pygame.Surface:
        drawn.append(s)
        return real(s, size, colour, bold)

    app = open_window(size=(1000, 3000), seed=5)
    screen = RulesScreen(app)
    app.push(screen)
    monkeypatch.setattr(art, "text", recording)
    app.draw()
    assert pseudo("How to play Yukon") in drawn and pseudo("The goal") in drawn
    assert pseudo("Before") in drawn and pseudo("column {number}").format(number=1) in drawn
    assert pseudo("Back to the table") in drawn
    assert all(not english_words(s) for s in drawn), [s for s in drawn if english_words(s)]
