"""The table and the solver's help speak the player's language (issue 13), driven headless.

The pseudo-language turns every translated letter into an accented look-alike, so any
plain English word left in what the player reads is text that escaped the catalogue. Each
test plays with real pygame events on fixed deals and reads the words the window shows:
messages, questions and their answers, the status line, the bar's labels and the hints.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import gettext
import re
from collections.abc import Iterator

import pygame
import pytest

from i18n_tools import LOCALE
from player_input import press
from test_ui_assist import make_app
from test_ui_table import Driver, make, stuck_line, tableau_moves
from window_helpers import hint_move, run_until, settle, shown_message
from yukon.core.cards import ACE, KING, RANK, SUIT, make_card
from yukon.core.state import FOUNDATION, ON_FOUNDATION, Game, Move, Position
from yukon.play.pseudo import install_pseudo
from yukon.solve.solver import Verdict, solve
from yukon.solve.solver_service import SolverService
from yukon.text import i18n
from yukon.text.words import refusal
from yukon.ui.assist import move_reason
from yukon.ui.screen import QuestionDialog
from yukon.ui.table import describe_move
from yukon.ui.table.summary import WinSummary
from yukon.ui.table.wording import clock_text
from yukon.ui.toolbar import layout_toolbar

DEALS = (1, 3, 5, 8, 13, 21)
# The letters the pseudo-language accents: a word of two or more plain letters with one of
# them is English that did not go through the catalogue. (Card symbols such as "K♦" are
# one letter; numbers and columns are digits.)
_WORD = re.compile(r"[A-Za-z]{2,}")
_ACCENTED = set("abcdeghiklnorstuwyzABCDEGHIKLNORSTUWYZ")


def english(text: str) -> list[str]:
    """The plain English words in ``text`` (none when every word was translated)."""
    return [w for w in _WORD.findall(text) if _ACCENTED & set(w)]


def test_the_check_finds_english_and_passes_pseudo_text() -> None:
    assert english("Nothing to undo.") == ["Nothing", "to", "undo"]
    install_pseudo()
    try:
        assert english(i18n._("Nothing to undo.")) == []
        # The table's own short names: a name placeholder takes a Name (the pseudo-language asks :acc).
        names = {"card": i18n.Name("K♦"), "target": i18n.Name("10♠")}
        assert english(i18n._("{card} onto {target}").format(**names)) == []
    finally:
        i18n.set_language("en")


@pytest.fixture
def pseudo() -> Iterator[None]:
    """The pseudo-language for one test; English again afterwards."""
    install_pseudo()
    yield
    i18n.set_language("en")


def message_text(d: Driver) -> str:
    m = d.table.message_text()
    assert m is not None
    return m


def dialog(d: Driver) -> QuestionDialog:
    top = d.app.top
    assert isinstance(top, QuestionDialog)
    return top


def assert_translated(text: str) -> None:
    assert text and not english(text), (text, english(text))


def assert_translated_but(text: str, reason: str) -> None:
    """Every English word of ``text`` is one of the engine's ``reason`` (the core translates it;
    once it does, nothing English is left at all)."""
    assert text and reason
    assert english(text.lower()) == english(reason.lower()), (text, reason)


def assert_dialog_translated(q: QuestionDialog) -> None:
    assert_translated(q.question)
    for answer, _action in q.answers:
        assert_translated(answer)
    if q.title:
        assert_translated(q.title)


@pytest.mark.parametrize("seed", DEALS)
def test_an_illegal_drop_is_explained_in_the_language(pseudo: None, seed: int) -> None:
    d = make(seed)
    pos = d.table.session.position
    card, bad = next((c, to) for c in range(52) if pos.loc[c] < ON_FOUNDATION
                     for to in range(7) if to != pos.loc[c] and pos.columns[to]
                     and pos.why_illegal(Move.of(c, to)) is not None)
    before = pos.key()
    illegal = pos.why_illegal(Move.of(card, bad))
    assert illegal is not None
    reason = refusal(illegal)
    d.drag(*d.card_point(card), *d.dest_point(bad))
    assert d.table.session.position.key() == before
    text = message_text(d)
    assert_translated_but(text, reason)
    assert text.endswith(i18n._("{reason}.").format(reason="")) and text != reason  # made a sentence


def test_a_covered_card_and_a_wrong_foundation_are_explained_in_the_language(pseudo: None) -> None:
    ace = make_card(ACE, 2)
    others = [c for c in range(52) if c != ace]
    columns = [[ace] + others[:3]] + [others[3 + i::6] for i in range(6)]
    d = make(game=Game(Position(columns, [0] * 7, [0, 0, 0, 0])))
    d.click(*d.card_point(ace))
    d.click(*d.card_point(ace))  # a double click on a covered card
    assert d.table.session.game.moves_made == []
    text = message_text(d)
    assert_translated(text)
    assert "3" in text and i18n.capital(i18n.card_name(ace)) in text  # the plural form keeps its count

    two = make_card(2, 2)
    others = [c for c in range(52) if c != two and not (RANK[c] == ACE and SUIT[c] in (0, 3))]
    d = make(game=Game(Position([[two]] + [others[i::6] for i in range(6)], [0] * 7, [1, 0, 0, 1])))
    d.click(*d.card_point(two))
    illegal = d.table.session.position.why_illegal(Move.of(two, FOUNDATION))
    assert illegal is not None
    reason = refusal(illegal)
    d.click(*d.lay.foundation_rects[0].center)  # the spades foundation
    text = message_text(d)
    assert_translated_but(text, reason)
    # the card and both foundations are named whole, as the catalogue names them
    assert i18n.capital(i18n.card_name(two)) in text
    assert i18n.foundation_name(2) in text and i18n.foundation_name(0) in text


def test_a_turkish_sentence_on_the_table_starts_with_a_dotted_capital_i() -> None:
    """Python's str.upper makes "I" of the Turkish i, which Turkish writes İ: a refusal whose Turkish
    words start with i begins the table's message with İ. (The shipped catalogue, with that one
    reason reworded to start with i.)"""
    with (LOCALE / "tr" / "LC_MESSAGES" / "yukon.mo").open("rb") as f:
        turkish = gettext.GNUTranslations(f)
    vars(turkish)["_catalog"]["a King can only go into an empty column"] = "izin yok: papaz yalnızca boş bir sütuna gidebilir"
    i18n.install(turkish, "tr")
    d = make(3)
    pos = d.table.session.position
    king, to = next((c, to) for c in range(52) if RANK[c] == KING and pos.loc[c] < ON_FOUNDATION
                    and pos.columns[pos.loc[c]].index(c) >= pos.down[pos.loc[c]]
                    for to in range(7) if to != pos.loc[c] and pos.columns[to] and RANK[pos.columns[to][-1]] != ACE)
    d.drag(*d.card_point(king), *d.dest_point(to))
    assert message_text(d) == "İzin yok: papaz yalnızca boş bir sütuna gidebilir."


@pytest.mark.parametrize("seed", DEALS)
def test_the_status_line_and_the_bar_follow_a_change_of_language(seed: int) -> None:
    d = make(seed)
    d.table.session.move(tableau_moves(d.table.session.position)[0])
    # The slide over first: the frame after the change of language must lay the bar out again
    # because the language changed, not because a slide or the clock happens to need a frame.
    settle(d.app)
    english_status = d.table.status_text()
    english_labels = [b.text() for b in d.table.buttons()]
    english_bar = d.table.bar
    assert english(english_status[0]) and english(english_status[1])
    install_pseudo()  # as Settings does while the table is open
    try:
        d.app.frame()
        deal, rules = d.table.status_text()[0].split("  \u00b7  ", 1)
        assert_translated(deal)  # (the rules' name is the core's to translate)
        assert_translated(d.table.status_text()[1])
        assert str(seed) in deal and "1" in d.table.status_text()[1]
        labels = [b.text() for b in d.table.buttons()]
        for text in labels:
            assert_translated(text)
        # the bar was laid out again in the new language (its text buttons measured in it)
        bar = d.table.bar
        assert bar is not None and bar is not english_bar
        w, h = d.app.size
        fresh = layout_toolbar(d.table.buttons(), w, h, d.app.prefs.text_factor)
        assert bar.rects == fresh.rects and bar.hidden == fresh.hidden
        assert all(name != english for name, english in zip(labels, english_labels))
        rows = d.table.status_rows()[1]
        assert all(not english(row) for row, _colour, _bold in rows if row.strip() and rules not in row)
    finally:
        i18n.set_language("en")
    d.app.frame()
    assert d.table.status_text() == (english_status[0], d.table.status_text()[1], english_status[2])
    assert [b.text() for b in d.table.buttons()] == english_labels


def test_the_win_message_and_its_answers_are_in_the_language(pseudo: None) -> None:
    king = make_card(KING, 0)
    d = make(game=Game(Position([[king]] + [[] for _ in range(6)], [0] * 7, [12, 13, 13, 13])))
    x, y = d.card_point(king)
    d.click(x, y)
    d.click(x, y)
    assert d.table.session.position.is_won()
    d.key(pygame.K_ESCAPE)  # cut the celebration short: the summary comes
    q = dialog(d)
    assert isinstance(q, WinSummary) and q.title == i18n._("You won!") and not q.question  # no records: no news
    assert_translated(q.title)
    for answer, _action in q.answers:
        assert_translated(answer)
    assert [value for _label, value in q.rows] == [clock_text(0.0), "1"]  # no records kept: the game's figures
    for label, _value in q.rows:
        assert_translated(label)


def test_the_restart_new_deal_and_stuck_questions_are_in_the_language(pseudo: None) -> None:
    d = make(5)
    for move in tableau_moves(d.table.session.position)[:1]:
        d.table.session.move(move)
    d.key(pygame.K_r, pygame.KMOD_CTRL)
    q = dialog(d)
    assert_dialog_translated(q)
    d.key(pygame.K_ESCAPE)  # Keep playing
    d.table.new_deal()
    assert_dialog_translated(dialog(d))
    d.key(pygame.K_ESCAPE)

    game, move = stuck_line(44)
    d = make(game=game)
    d.click(*d.card_point(move.card))
    d.click(*d.dest_point(move.to))
    assert d.app.top is d.table  # stuck: a notice, no question
    assert_translated(message_text(d))
    d.key(pygame.K_y, pygame.KMOD_CTRL)  # nothing to redo: the table says so
    assert_translated(message_text(d))
    while d.table.session.game.can_undo():
        d.key(pygame.K_z, pygame.KMOD_CTRL)
    d.key(pygame.K_z, pygame.KMOD_CTRL)  # nothing to undo
    assert_translated(message_text(d))
    assert message_text(d) == i18n._("Nothing to undo.")


@pytest.mark.parametrize("seed", DEALS)
def test_the_hints_are_in_the_language(pseudo: None, seed: int) -> None:
    d = make(seed)
    for _press in range(3):
        d.key(pygame.K_h)
        text = message_text(d)
        assert_translated(text)
        hinted = hint_move(d.table)
        assert hinted is not None and describe_move(d.table.session.position, hinted) in text
    d.table.send_home()
    for _step in range(400):
        if not d.table.sending_home:
            break
        d.app.update(1 / 30)
    if d.table.session.message is not None:
        assert_translated(message_text(d))


def test_every_move_and_reason_of_winning_lines_is_in_the_language(pseudo: None) -> None:
    # Deals whose winning lines cover the kinds of reason: each first move's words, pure.
    kinds = set()
    for seed in DEALS:
        p = Position.deal(seed)
        result = solve(p, timeout=20)
        if result.status != Verdict.WINNABLE:
            continue
        line = result.moves
        for i in range(len(line)):
            reason = move_reason(p, line[i:])
            if reason:  # none for a move that says it all ("2♠ to its foundation")
                assert_translated(reason)
            assert_translated(describe_move(p, line[i]))
            kinds.add(reason)
            p.play(line[i])
        assert p.is_won()
    assert len(kinds) > 15


def test_the_solver_s_status_hint_and_demo_note_are_in_the_language(pseudo: None) -> None:
    service = SolverService(nice=0)
    try:
        app, a = make_app(Game.deal(1), service, hint_patience=600.0)
        t = app.table
        assert t is not None
        run_until(app, lambda: a.status == Verdict.WINNABLE, 120.0)
        app.frame()
        assert a.solver_note == i18n._("Solver: this deal can be won")
        assert_translated(a.solver_note)
        press(app, pygame.K_h)
        run_until(app, lambda: hint_move(t) is not None, 120.0)
        assert t.session.message is not None
        assert_translated(shown_message(t))
        assert move_reason(t.session.position, a.knowledge.line_here(a.app.session.game)) in shown_message(t)
        a.start_demo()
        assert a.demo
        assert_translated(a.player.note)
        i18n.set_language("en")  # the note follows a change of language at once
        assert a.player.note == "Demo playing: a click or any key stops it"
        install_pseudo()
        a.player.stop()
        app.frame()
        assert not app.errors
        a.close()
    finally:
        service.close()
