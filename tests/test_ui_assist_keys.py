"""The solver's keys and offers at the table, headless with real events and a real solver child.

P plays the hinted move, a fresh deal proved lost offers a winnable one, a Demo's win is
not the player's, hidden verdicts stay hidden, and a killed solver child is replaced.
Every wait is for an event, with only a generous safety net.
"""

from __future__ import annotations

import os
import signal

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


import pygame
import pytest

from test_ui_assist_progress import SAFETY, click, decided, press, press_button, run_until
from window_helpers import hint_move
from yukon.core.rules import Rules
from yukon.core.state import Game, Move, Position, Undo
from yukon.solve.solver import Verdict, solve
from yukon.solve.solver_service import SolverService
from yukon.ui.app import App
from yukon.ui.assist import CHECKING, SOLVE_TIMEOUT, Assist
from yukon.ui.build import add_assist as install
from yukon.ui.build import open_window
from yukon.ui.parts import TablePrefs
from yukon.ui.screen import QuestionDialog


def make_app(game: Game, service: SolverService | None, solve_timeout: float = SOLVE_TIMEOUT) -> tuple[App, Assist]:
    app = open_window(size=(1024, 700), game=game)
    app.apply_prefs(TablePrefs(animation_speed=0.0))
    app.draw()
    return app, install(app, service, solve_timeout=solve_timeout, hint_patience=SAFETY, demo_pause=0.0)


def test_p_plays_the_hinted_move_and_follows_the_line(service: SolverService) -> None:
    app, a = make_app(Game.deal(5), service)
    assert decided(app, a) == Verdict.WINNABLE
    t = app.table
    assert t is not None
    line = a.knowledge.line_here(a.app.session.game)
    # P with no hint on show shows the winning hint and plays it; then each P the next move.
    for i in range(6):
        press(app, pygame.K_p)
        run_until(app, lambda: not app.busy())
        assert [u.move for u in app.session.game.history] == list(line[:i + 1])
    # A hint on show is what P plays, even when it is one of the other moves (proved to keep the deal
    # winnable by the child: the second hint waits for its checks).
    press(app, pygame.K_h)
    press(app, pygame.K_h)
    run_until(app, lambda: hint_move(t) is not None)
    shown = hint_move(t)
    assert shown is not None and shown != a.knowledge.line_here(a.app.session.game)[0]
    press(app, pygame.K_p)
    assert app.session.game.history[-1].move == shown
    assert not app.errors
    a.close()


def test_a_fresh_deal_proved_lost_offers_a_winnable_one(service: SolverService) -> None:
    russian = Rules("russian")
    assert solve(Position.deal(1, russian), timeout=10).status == Verdict.LOST
    app, a = make_app(Game.deal(1, russian), service)
    app.rules = russian
    run_until(app, lambda: isinstance(app.top, QuestionDialog))
    dialog = app.top
    assert isinstance(dialog, QuestionDialog) and a.status == Verdict.LOST
    assert "deal 1 cannot be won" in dialog.question and dialog.answers[0][0] == "Winnable deal"
    run_until(app, lambda: a.deals.ready_deal is not None)
    app.frame()
    click(app, dialog.rects[0].center)
    seed = app.session.game.seed
    assert seed is not None and seed != 1 and app.session.game.rules == russian and not app.session.game.history
    assert solve(Position.deal(seed, russian), timeout=10).status == Verdict.WINNABLE
    assert decided(app, a) == Verdict.WINNABLE
    assert not app.errors
    a.close()


def test_a_demo_win_is_not_announced_as_the_players(service: SolverService) -> None:
    app, a = make_app(Game.deal(7), service)
    assert decided(app, a) == Verdict.WINNABLE
    press_button(app, "Demo")
    run_until(app, lambda: isinstance(app.top, QuestionDialog))
    dialog = app.top
    assert isinstance(dialog, QuestionDialog) and app.session.game.position.is_won()
    assert dialog.title == "Demo finished" and "You won" not in dialog.question
    assert dialog.question.startswith("The demo played all 52 cards home")
    a.close()


def test_a_killed_solver_child_is_replaced_then_given_up(service: SolverService) -> None:
    app, a = make_app(Game.deal(0), None, solve_timeout=SAFETY)  # the assist starts its own child; deal 0 keeps it busy
    assert a.link.solve_timeout == SAFETY
    run_until(app, lambda: a.link.service is not None and a.link.pending is not None)
    for round_ in range(1, 4):
        old = a.link.service
        assert old is not None and old.pid is not None
        os.kill(old.pid, signal.SIGKILL)

        def replaced(old: SolverService = old, n: int = round_) -> bool:
            return a.link.service is not old and a.link.restarts == n

        run_until(app, replaced)
        assert a.link.service is not None and a.link.pending is not None  # the question is asked again
    # A fourth death: the solver is given up, and the player is told so.
    assert a.link.service is not None and a.link.service.pid is not None
    os.kill(a.link.service.pid, signal.SIGKILL)
    run_until(app, lambda: a.failed)
    t = app.table
    assert t is not None and t.session.message is not None and "keeps stopping" in t.message_text()
    assert a.link.service is None and a.solver_note == ""
    press(app, pygame.K_h)  # hints still come, from the heuristics
    assert hint_move(t) is not None and hint_move(t) in t.session.position.legal_moves()
    assert not app.errors
    a.close()


def solver_rows(app: App, solver: Assist) -> list[tuple[str, tuple[int, int, int]]]:
    t = app.table
    assert t is not None
    _, rows = t.status_rows()
    return [(row, colour) for row, colour, _ in rows if row.strip() and row.strip() in solver.solver_note]


def test_lost_looks_unlike_winnable_and_hidden_verdicts_stay_hidden(service: SolverService) -> None:
    from test_ui_assist import find_losing_move
    from window_helpers import play_by_clicks
    from yukon.ui.build import add_extras as install_extras
    from yukon.ui.table.style import ALERT

    start, losing = find_losing_move(range(200), 14)
    for hidden in (False, True):
        app = open_window(size=(1024, 700), game=Game(start))
        extras = install_extras(app, folder=None, resume=False)
        app.session.deal(Game(start), resumed=True)
        extras.records.settings.hide_verdicts = hidden
        app.apply_prefs(TablePrefs(animation_speed=0.0))
        a = install(app, service, hint_patience=SAFETY, demo_pause=0.0, records=extras.records)
        app.draw()
        assert decided(app, a) == Verdict.WINNABLE
        if not hidden:
            winnable = solver_rows(app, a)
            assert winnable and all(colour != ALERT for _, colour in winnable)
        else:
            assert a.solver_note == ""
        play_by_clicks(app, losing)

        def verdict_lost(a: Assist = a) -> bool:
            return a.status == Verdict.LOST

        run_until(app, verdict_lost)
        for _ in range(5):
            app.frame()
        if not hidden:
            lost = solver_rows(app, a)
            assert lost and all(colour == ALERT for _, colour in lost)
            assert isinstance(app.top, QuestionDialog)  # the loss question
        else:
            assert a.solver_note == "" and app.top is app.table  # no verdict, no question
            press(app, pygame.K_h)  # hints still help when asked
            t = app.table
            assert t is not None and hint_move(t) is not None
        assert not app.errors
        a.close()


def there_and_back(seed: int) -> Game | None:
    """Deal ``seed`` with 4,000 moves made: one card sent from its column to another and back, over
    and over (None when no card of the deal can go there and back)."""
    game = Game.deal(seed)
    p = game.position
    for m in p.legal_moves():
        src = p.loc[m.card]
        if src >= 7 or m.to >= 7:
            continue
        q = p.copy()
        u = q.play(m)
        back = Move.of(m.card, src)
        if u.flipped or not q.is_legal(back):
            continue
        for _ in range(2000):
            game.play(m)
            game.play(back)
        return game
    return None


def test_a_long_game_costs_the_solver_link_one_step_a_move(service: SolverService, monkeypatch: pytest.MonkeyPatch) -> None:
    # A saved game of thousands of moves: the positions before the current one are kept step
    # by step, so a move costs one step back, not a walk through the whole history.
    game = next(g for g in (there_and_back(seed) for seed in range(1, 300)) if g is not None)
    app, a = make_app(game, service)
    run_until(app, lambda: a.status not in ("", CHECKING))
    assert len(a.knowledge.trail(app.session.game)) == len(app.session.game.history) + 1 == 4001
    pops = 0
    real_pop = Position.pop

    def counting_pop(self: Position, undo: Undo) -> None:
        nonlocal pops
        pops += 1
        real_pop(self, undo)

    monkeypatch.setattr(Position, "pop", counting_pop)
    for _ in range(6):
        press(app, pygame.K_p)  # follow the solver's line: one move at a time
        run_until(app, lambda: not app.busy())
    assert len(app.session.game.history) == 4006
    assert pops <= 6 * 2  # each move: one step back to its parent (and the undo of a slide, if any)
    assert a.link.pending is None or len(a.link.pending.ancestors) == len(app.session.game.history)
    a.close()
