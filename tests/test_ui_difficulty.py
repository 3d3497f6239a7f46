"""Deal difficulty at the table, headless, with real pygame events and a real solver child.

New deal asks which kind of deal; an easy one comes from the solver child without the
window waiting, and the solver in this process rates it easy too. The level appears in
the status line, and the Deal # box tells a typed number's level. Nothing here races a
clock: the tests wait on what the window shows (with a generous overall limit).
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import random
from collections.abc import Callable

import pygame
import pytest

from player_input import click, click_events, key_events, post, press
from test_ui_table import stuck_line
from window_helpers import FrameSteps, is_lesson, play_by_clicks, post_click, press_button, run_until
from yukon.core.cards import KING, make_card
from yukon.core.rules import RUSSIAN
from yukon.core.state import Game, Position
from yukon.solve.difficulty import PLAYABLE, RATE_NODES, Level, rate
from yukon.solve.solver import Verdict
from yukon.solve.solver_service import SolverService
from yukon.text.i18n import _
from yukon.ui.app import App
from yukon.ui.assist import Assist
from yukon.ui.assist.deal_levels import DEAL_NOTES, NOTES, Difficulty
from yukon.ui.build import add_assist as install
from yukon.ui.build import add_difficulty as install_difficulty
from yukon.ui.build import add_extras as install_extras
from yukon.ui.build import open_window
from yukon.ui.commands import Command
from yukon.ui.keys_overlay import DealDialog
from yukon.ui.lessons_part import Lessons
from yukon.ui.parts import TablePrefs
from yukon.ui.screen import QuestionDialog
from yukon.ui.sheet import SheetScreen


def make_app(game: Game, service: SolverService, extras: bool = False) -> tuple[App, Assist, Difficulty]:
    app = open_window(size=(1280, 800), game=game, frame_clock=FrameSteps())  # a win's lap: quick frames
    records = install_extras(app, folder=None, resume=False).records if extras else None
    app.apply_prefs(TablePrefs(animation_speed=0.25))
    a = install(app, service, records=records)
    part = install_difficulty(app, a)
    app.draw()
    return app, a, part


def status_line(app: App) -> str:
    t = app.table
    assert t is not None
    return t.status_text()[2]


def shows(dialog: DealDialog, text: str) -> Callable[[], bool]:
    return lambda: dialog.note_text() == text


def test_new_deal_asks_for_a_level_and_deals_an_easy_one(service: SolverService) -> None:
    random.seed(11)  # the candidate deals the window tries
    app, a, _part = make_app(Game.deal(2), service)
    first = rate(2, node_limit=RATE_NODES).level
    assert first is not Level.UNKNOWN
    run_until(app, lambda: _(NOTES[first]) in status_line(app))  # deal 2's level, once the child has said
    assert a.levels.table_rating() == rate(2, node_limit=RATE_NODES)

    press_button(app, "New deal")
    dialog = app.top
    assert isinstance(dialog, QuestionDialog)
    assert [label for label, _act in dialog.answers] == ["Easy", "Medium", "Hard", "Any deal", "Cancel"]
    rects = dialog.layout(*app.size)[3]
    click(app, *rects[0].center)  # Easy
    assert app.top is app.table
    run_until(app, lambda: app.session.game.seed != 2)  # dealt once the child has found one
    seed = app.session.game.seed
    assert seed is not None and not app.session.game.history
    r = rate(seed, node_limit=RATE_NODES)
    assert r.level is Level.EASY and r.winnable
    run_until(app, lambda: _(NOTES[Level.EASY]) in status_line(app))
    assert "Looking for" not in status_line(app)
    assert not app.errors

    # Esc on the question deals nothing
    press_button(app, "New deal")
    assert isinstance(app.top, QuestionDialog)
    press(app, pygame.K_ESCAPE)
    assert app.top is app.table and app.session.game.seed == seed
    a.close()


def test_deal_number_box_tells_a_typed_deals_level(service: SolverService) -> None:
    app, a, _part = make_app(Game.deal(5), service, extras=True)
    for typed in (28, 25):  # 28 is won only after thousands of positions; 25 is proved lost
        press(app, pygame.K_d)
        screen = app.top
        assert isinstance(screen, SheetScreen) and isinstance(screen.sheet, DealDialog)
        dialog = screen.sheet
        for ch in str(typed):
            press(app, pygame.K_0 + int(ch))
        want = _(DEAL_NOTES[rate(typed, node_limit=RATE_NODES).level]).format(number=typed)
        run_until(app, shows(dialog, want))
        press(app, pygame.K_ESCAPE)
        assert app.top is app.table and app.session.game.seed == 5
    assert rate(25, node_limit=RATE_NODES).level is Level.UNWINNABLE
    assert not app.errors
    a.close()


def test_the_won_questions_new_deal_asks_for_a_level_too(service: SolverService) -> None:
    """After a win, New deal in the question asks which kind of deal, as the bar's does."""
    king = make_card(KING, 0)
    app, a, _part = make_app(Game(Position([[king]] + [[] for _ in range(6)], [0] * 7, [12, 13, 13, 13])), service)
    t = app.table
    assert t is not None and t.layout is not None
    for _i in range(2):  # double-click: home, and the game is won
        click(app, *t.layout.card_rect(king).center)
    assert app.session.game.position.is_won()
    run_until(app, lambda: isinstance(app.top, QuestionDialog))
    won = app.top
    assert isinstance(won, QuestionDialog) and [label for label, _act in won.answers] == ["Next deal", "Watch replay", "Admire it"]
    click(app, *won.layout(*app.size)[3][0].center)  # Next deal
    asked = app.top
    assert isinstance(asked, QuestionDialog) and asked is not won
    assert [label for label, _act in asked.answers] == ["Easy", "Medium", "Hard", "Any deal", "Cancel"]
    click(app, *asked.layout(*app.size)[3][3].center)  # Any deal
    run_until(app, lambda: app.session.game.seed is not None)
    assert app.top is app.table and not app.session.game.history and not app.errors
    a.close()


LEVELS = ["Easy", "Medium", "Hard", "Any deal", "Cancel"]


@pytest.mark.parametrize("answer", ["Cancel", "Any deal"])
def test_new_deal_in_a_lesson_asks_for_a_level_over_the_table(service: SolverService, answer: str) -> None:
    """N in a lesson leaves the lessons and asks which kind of deal, as the table's New deal does."""
    app, a, _part = make_app(Game.deal(2), service)
    app.add_part(Lessons(app))
    press_button(app, "Lessons")
    press(app, pygame.K_RETURN)  # the lesson the list offers
    assert is_lesson(app.top)
    press(app, pygame.K_n)
    asked = app.top
    assert isinstance(asked, QuestionDialog) and [label for label, _act in asked.answers] == LEVELS
    assert not any(is_lesson(x) for x in app.screens)
    click(app, *asked.layout(*app.size)[3][LEVELS.index(answer)].center)
    run_until(app, lambda: app.top is app.table and (answer == "Cancel" or app.session.game.seed != 2))
    assert (app.session.game.seed == 2) == (answer == "Cancel") and not app.session.game.history and not app.errors
    a.close()


def answer(app: App, dialog: QuestionDialog, label: str) -> None:
    """Click the answer ``label`` of the question on top."""
    assert app.top is dialog
    labels = [lb for lb, _act in dialog.answers]
    click(app, *dialog.layout(*app.size)[3][labels.index(label)].center)


def stuck_at(service: SolverService, seed: int, before: str = Verdict.LOST) -> tuple[App, Assist]:
    """A window whose player has just made the move that leaves deal ``seed`` stuck (a notice says so,
    no question); ``before`` is the solver's verdict on the game before that move."""
    game, move = stuck_line(seed)
    app, a, _part = make_app(game, service)
    # Once the deal on the table is rated nothing more is asked of the child until a level is chosen.
    # With Verdict.LOST the game is lost already (the deals are chosen so): the stuck move is not the one that
    # lost it, so no "No longer winnable" question is due after the Stuck one.
    run_until(app, lambda: a.levels.table_rating() is not None and a.status in (Verdict.WINNABLE, Verdict.LOST))
    assert a.status == before
    play_by_clicks(app, move)
    assert app.top is app.table and app.session.live_message() is not None
    return app, a


def not_ready(a: Assist) -> str:
    """Easy or Medium, whichever no deal is ready for (so the deal comes later, from the child)."""
    ready = {level for _rules, level in a.levels.ready}
    return "Easy" if Level.EASY not in ready else "Medium"


@pytest.mark.parametrize("seed", [44, 7, 27])
@pytest.mark.parametrize("choice", ["Cancel", "a level", "Any deal"])
def test_new_deal_on_a_stuck_game_asks_for_a_level_and_asks_nothing_more(service: SolverService, seed: int,
                                                                             choice: str) -> None:
    """Stuck, then the bar's New deal asks which kind of deal; Cancel keeps the stuck game as it is; a level
    or Any deal brings a new deal without asking "Replace the game under way?" first."""
    app, a = stuck_at(service, seed)
    game = app.session.game
    kept = (game.position.key(), len(game.history))
    press_button(app, "New deal")
    asked = app.top
    assert isinstance(asked, QuestionDialog)
    assert [lb for lb, _act in asked.answers] == LEVELS
    if choice == "Cancel":
        answer(app, asked, "Cancel")
        assert app.top is app.table and app.session.game is game and (game.position.key(), len(game.history)) == kept
        for _i in range(20):  # and nothing is dealt afterwards either
            app.frame()
        assert app.top is app.table and app.session.game is game and a.levels.wanted is None
        a.close()
        return
    # The level of the deal on the table when it has one: the next deal of that level is another deal.
    own = a.levels.table_rating()
    label = choice if choice != "a level" else own.level.name.capitalize() if own is not None \
        and own.level in PLAYABLE else "Easy"
    answer(app, asked, label)
    assert app.top is app.table
    # The new deal, or a question before it (which must not come).
    run_until(app, lambda: app.session.game is not game or app.top is not app.table)
    assert app.top is app.table, app.top  # a question here must not come
    assert app.session.game.seed is not None and app.session.game.seed != seed and not app.session.game.history
    if choice == "a level":
        assert rate(app.session.game.seed, node_limit=RATE_NODES).level.name == label.upper()
    assert "Looking for" not in status_line(app) and not app.errors
    a.close()


def test_a_game_played_on_while_the_level_is_looked_for_is_asked_about_again(service: SolverService) -> None:
    """Stuck, New deal, a level, then Undo before the deal is found: the game is no longer the one
    the player chose to leave, so the deal asks "Replace the game under way?" as the bar's does."""
    app, a = stuck_at(service, 27)
    game = app.session.game
    press_button(app, "New deal")
    asked = app.top
    assert isinstance(asked, QuestionDialog)
    labels = [lb for lb, _act in asked.answers]
    # The level and Ctrl+Z in one loop iteration: nothing is asked of the child before both are handled.
    post(click_events(asked.layout(*app.size)[3][labels.index(not_ready(a))].center))
    post(key_events(pygame.K_z, pygame.KMOD_LCTRL))
    app.frame()
    assert a.levels.wanted is not None and app.session.game is game
    n = len(game.history)
    run_until(app, lambda: app.top is not app.table)
    replace = app.top
    assert isinstance(replace, QuestionDialog) and "Replace the game under way" in replace.question
    answer(app, replace, "Keep playing")
    assert app.session.game is game and len(game.history) == n
    a.close()


def test_no_question_on_the_game_left_while_a_deal_of_a_level_is_looked_for(service: SolverService) -> None:
    """On deal 12 the stuck move is the one that loses the game. Stuck, New deal, a level: while
    the deal is looked for the solver learns the loss, but the player has chosen to leave the game,
    so "No longer winnable" is not asked; the new deal comes with no question at all."""
    game, move = stuck_line(12)
    app, a, _part = make_app(game, service)
    run_until(app, lambda: a.levels.table_rating() is not None and a.status in (Verdict.WINNABLE, Verdict.LOST))
    assert a.status == Verdict.WINNABLE
    # The stuck move and the bar's New deal in one loop iteration, before the solver can judge the move
    # (a stuck game asks nothing: the player goes straight on to a new deal).
    t = app.table
    assert t is not None and t.layout is not None and t.bar is not None
    post_click(*t.layout.strip_rect(move.card).center)
    dest = t.layout.foundation_rects[move.card // 13] if move.to_foundation else t.layout.heading_rects[move.to]
    post_click(*dest.center)
    post_click(*t.bar.rects[[b.command for b in t.buttons()].index(Command.NEW_DEAL)].center)
    app.frame()
    assert game.moves_made[-1] == move and app.session.ended is not None
    asked = app.top
    assert isinstance(asked, QuestionDialog) and [lb for lb, _act in asked.answers] == LEVELS
    answer(app, asked, not_ready(a))
    run_until(app, lambda: a.status == Verdict.LOST or app.session.game is not game or app.top is not app.table)
    assert app.top is app.table and app.session.game is game and a.levels.wanted is not None  # the loss is known
    run_until(app, lambda: app.session.game is not game or app.top is not app.table)
    assert app.top is app.table and app.session.game is not game and not app.session.game.history and not app.errors
    a.close()


def test_a_deal_that_could_never_be_won_is_said_so_once_before_and_after_a_move(service: SolverService) -> None:
    # Russian Solitaire deal 1: the solver proves it lost at once (and rates it so).
    assert rate(1, RUSSIAN, node_limit=RATE_NODES).level is Level.UNWINNABLE
    app, a, _part = make_app(Game.deal(1, RUSSIAN), service)
    run_until(app, lambda: a.status == Verdict.LOST and a.levels.table_rating() is not None)
    run_until(app, lambda: isinstance(app.top, QuestionDialog))  # "this deal cannot be won": a winnable one?
    dialog = app.top
    assert isinstance(dialog, QuestionDialog)
    click(app, *dialog.layout(*app.size)[3][[label for label, _act in dialog.answers].index("Play it anyway")].center)

    def said() -> list[str]:
        line = status_line(app)
        return [w for w in ("cannot be won", "could never be won", "from here") if w in line]

    app.frame()
    assert said() == ["cannot be won"] and "Solver: this deal cannot be won" in status_line(app)
    move = next(m for m in app.session.game.position.legal_moves() if not m.to_foundation)
    play_by_clicks(app, move)
    run_until(app, lambda: a.status == Verdict.LOST and a.solver_note != "")
    app.frame()
    assert said() == ["cannot be won"], status_line(app)  # once, and not "from here": it never could be won
    assert "Solver: this deal cannot be won" in status_line(app)
    assert not app.errors
    a.close()
