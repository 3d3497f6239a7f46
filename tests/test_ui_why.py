"""Why? at the table, headless, with real pygame events and a real solver child process:
play into a lost position, press W, read the explanation the sheet shows."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


import pygame
import pytest

from player_input import click, press
from test_ui_assist import find_losing_move, make_app
from window_helpers import play_by_clicks, run_until, settle, shown_message
from yukon.core.state import Game, Move, Position
from yukon.solve.explain import explain
from yukon.solve.solver import Verdict
from yukon.solve.solver_service import SolverService
from yukon.text import i18n
from yukon.text.why_words import sentences
from yukon.ui.assist.why import WhyScreen
from yukon.ui.screen import QuestionDialog


def explained(screen: WhyScreen, start: Position, losing: Move) -> list[str]:
    """What the sheet says: the explanation worked out here, with the losing move named."""
    shown = screen.sheet.paragraphs()
    here = explain(start, [losing], timeout=None)
    assert here.kind in ("stuck", "twins", "exhausted")
    assert shown[0] == f"Move 1 ({losing}) lost the game: before it, the game could still be won."
    if here.kind != "exhausted":  # a search's count of positions may differ with its time budget
        assert shown[1:] == sentences(here)
    else:
        assert shown[1].startswith("No sequence of moves wins from here")
    return shown


def test_why_explains_a_lost_position_and_goes_back(service: SolverService) -> None:
    i18n.set_language(i18n.ENGLISH)
    start, losing = find_losing_move(range(200), 14)
    app, a = make_app(Game(start), service)
    run_until(app, lambda: a.status == Verdict.WINNABLE)
    t = app.table
    assert t is not None
    assert "Why? (click, or W)" not in t.status_text()[2]
    press(app, pygame.K_w)  # nothing proved lost yet: nothing to explain, and no sheet
    assert "nothing to explain" in shown_message(t)
    assert not isinstance(app.top, WhyScreen)

    play_by_clicks(app, losing)
    run_until(app, lambda: isinstance(app.top, QuestionDialog))  # "go back?": play on instead
    dialog = app.top
    assert isinstance(dialog, QuestionDialog)
    click(app, *dialog.rects[-1].center)  # Play on
    assert a.status == Verdict.LOST
    line = t.status_text()[2]
    assert line.startswith(a.solver_note) and "Why? (click, or W)" in line
    # The alert colour still marks the whole verdict with its offer.
    assert any("Why? (click, or W)" in n.text and n.alert for n in app.status_notes())

    with pytest.MonkeyPatch.context() as held:
        held.setattr(service, "poll", list)  # the child's answer stays on its way until the second W
        press(app, pygame.K_w)
        first = a.link.pending
        assert first is not None and first.kind == "explain" and "working out why" in shown_message(t)
        press(app, pygame.K_w)  # again while the answer is on its way: no second request
        assert a.link.pending is first and not isinstance(app.top, WhyScreen)
    run_until(app, lambda: isinstance(app.top, WhyScreen), 60.0)
    screen = app.top
    assert isinstance(screen, WhyScreen)
    assert t.session.message is None  # the wait is over: its message went with it
    shown = explained(screen, start, losing)
    app.frame()  # the sheet draws
    assert not app.errors

    # Close, then W again: the answer is kept for this position and shows at once.
    press(app, pygame.K_ESCAPE)
    assert app.top is t
    press(app, pygame.K_w)
    assert isinstance(app.top, WhyScreen) and app.top.sheet.paragraphs() == shown

    # "Go back" takes the game back to the last winnable position.
    labels = [label for label, _ in app.top.sheet.buttons()]
    assert labels == ["Go back", "Close"]
    press(app, pygame.K_RIGHT)  # the keyboard's way to a sheet's button: choose it, then Enter
    press(app, pygame.K_RETURN)
    settle(app)
    assert app.top is t and app.session.game.position == start and not app.session.game.history
    run_until(app, lambda: a.status == Verdict.WINNABLE)
    assert "Why? (click, or W)" not in t.status_text()[2]
    assert not app.errors
    a.close()


def test_why_by_the_mouse_from_the_question_and_from_the_status_line(service: SolverService) -> None:
    """A player without the keyboard: the loss question's Why? and a click on the status line."""
    start, losing = find_losing_move(range(200), 14)
    app, a = make_app(Game(start), service)
    run_until(app, lambda: a.status == Verdict.WINNABLE)
    t = app.table
    assert t is not None and t.layout is not None
    status = t.layout.status_rect
    click(app, *status.center)  # nothing to explain yet: the status line is no button
    assert app.top is t
    play_by_clicks(app, losing)
    run_until(app, lambda: isinstance(app.top, QuestionDialog))
    dialog = app.top
    assert isinstance(dialog, QuestionDialog)
    assert [label for label, _ in dialog.answers] == ["Go back", "Why?", "Play on"]
    click(app, *dialog.rects[1].center)  # Why?
    run_until(app, lambda: isinstance(app.top, WhyScreen), 60.0)
    press(app, pygame.K_ESCAPE)
    assert app.top is t and a.status == Verdict.LOST
    click(app, *status.center)  # the status line offers Why?: a click shows it again
    assert isinstance(app.top, WhyScreen)
    assert not app.errors
    a.close()


def test_the_child_explains_a_game_and_refuses_a_move_that_cannot_be_played() -> None:
    from yukon.core.notation import format_position
    from yukon.core.state import Position

    deal = Position.deal(39)  # lost as dealt: the relaxation says so (benchmarks/survey)
    m = deal.legal_moves()[0]
    with SolverService(nice=0) as child:  # its own child: request ids start afresh
        child.request(1, format_position(deal), deal.rules, timeout=30.0, explain=[str(m)])
        reply = child.wait(60.0)
        assert reply is not None and reply.request_id == 1 and reply.status == Verdict.LOST
        assert reply.explanation == explain(deal, [m])
        child.request(2, format_position(deal), deal.rules, timeout=30.0, explain=["KH-F"])
        reply = child.wait(60.0)
        assert reply is not None and reply.request_id == 2 and reply.status == "error"
        assert reply.explanation is None and "face down" in reply.error


def test_why_on_a_loss_proved_by_search_gives_the_positions_tried(service: SolverService) -> None:
    from test_explain import ending
    from yukon.core.rules import YUKON
    from yukon.solve.solver import crowded_pair, dead_end, solve

    for seed in range(200):
        p = ending(seed, YUKON, 10)
        if dead_end(p) or crowded_pair(p) is not None:
            continue
        r = solve(p, timeout=None, node_limit=20_000, shorten=False)
        if r.status == Verdict.LOST and r.stats["nodes"] > 1:
            break
    else:
        raise AssertionError("no position found")
    app, a = make_app(Game(p), service)
    run_until(app, lambda: a.status == Verdict.LOST)
    while isinstance(app.top, QuestionDialog):  # a set position: no deal to offer instead, but be sure
        press(app, pygame.K_ESCAPE)
    press(app, pygame.K_w)
    run_until(app, lambda: isinstance(app.top, WhyScreen), 60.0)
    screen = app.top
    assert isinstance(screen, WhyScreen)
    n = r.stats["nodes"]
    assert screen.sheet.paragraphs() == [
        f"No sequence of moves wins from here: the solver tried every way, {n} positions in all."]
    assert not app.errors
    a.close()
