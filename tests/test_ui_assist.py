"""The solver at the table, headless, with real pygame events and a real solver child process.

One child process serves every test here (it is spawned once; each test's assist uses it
with fresh request ids). Positions come from fixed deals or from the solver tests'
small-position helper with fixed seeds, and every answer the window relies on is
checked against the solver run in this process.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import functools
import random
import time
from types import SimpleNamespace

import pygame
import pytest

from player_input import click, press
from solver_helpers import small_position
from window_helpers import FrameSteps, hint_move, play_by_clicks, press_button, run_until, settle, shown_message
from yukon.core.notation import parse_move
from yukon.core.rules import YUKON
from yukon.core.state import FOUNDATION, ON_FOUNDATION, Game, Move, Position
from yukon.play.events import Tone
from yukon.solve.solver import Verdict, check_line, solve
from yukon.solve.solver_service import SolverService
from yukon.ui.app import App
from yukon.ui.assist import HINT_PATIENCE, SOLVE_TIMEOUT, Assist, move_reason
from yukon.ui.build import add_assist as install
from yukon.ui.build import open_window
from yukon.ui.parts import TablePrefs
from yukon.ui.screen import QuestionDialog
from yukon.ui.table import TableScreen


def make_app(game: Game, service: SolverService, solve_timeout: float = SOLVE_TIMEOUT,
             hint_patience: float = HINT_PATIENCE) -> tuple[App, Assist]:
    app = open_window(size=(1280, 800), game=game, frame_clock=FrameSteps())  # a win's lap: quick frames
    app.apply_prefs(TablePrefs(animation_speed=0.25))
    app.draw()
    return app, install(app, service, solve_timeout=solve_timeout, hint_patience=hint_patience)


def test_reasons_name_what_a_move_does() -> None:
    # Deal 1's solver line: each first move's reason is one of the player-worded kinds,
    # and a move that turns a card up says so.
    p = Position.deal(1)
    line = solve(p, timeout=10).moves
    assert check_line(p, line)
    q = p.copy()
    seen = set()
    for i in range(len(line)):
        reason = move_reason(q, line[i:])
        if reason:
            assert reason[0].islower()  # a clause: "it turns up ..."
        else:
            assert line[i].to == FOUNDATION  # only a move home can go without saying why
        u = q.play(line[i])
        if u.flipped:
            assert f"turns up a card in column {u.source + 1}" in reason
        seen.add(reason.split()[1] if reason else "")  # "it turns up ...": each reason is a clause about the move
    assert {"turns", "frees", ""} <= seen  # some moves home say it all: no reason at all


def test_reasons_never_name_a_face_down_card() -> None:
    # The solver sees every card; the player must not learn a hidden one from a hint.
    from yukon.core.state import FACE_DOWN
    from yukon.ui.table import short_name

    checked = 0
    for seed in (1, 3, 5):
        p = Position.deal(seed)
        result = solve(p, timeout=10)
        if result.status != Verdict.WINNABLE:
            continue
        q = p.copy()
        for i in range(len(result.moves)):
            reason = move_reason(q, result.moves[i:])
            for c in range(52):
                if q.loc[c] == FACE_DOWN:
                    assert short_name(c) not in reason, (seed, i, reason)
            checked += 1
            q.play(result.moves[i])
    assert checked > 100


def test_hint_arrives_while_frames_keep_coming(service: SolverService) -> None:
    # Deal 28 takes the solver a few tenths of a second: the hint is asked at once.
    app, a = make_app(Game.deal(28), service, hint_patience=600.0)  # the hint waits for the answer
    press(app, pygame.K_h)
    t = app.table
    assert t is not None and "looking" in shown_message(t)
    run_until(app, lambda: t.session.message is not None and shown_message(t).startswith("Hint: ")
              and "looking" not in shown_message(t), 600.0)
    k = a.knowledge.lookup(t.session.position)
    assert k is not None and k.status == Verdict.WINNABLE and check_line(t.session.position, list(k.line))
    assert hint_move(t) == k.line[0] and " \u2013 it " in shown_message(t)
    assert a.solver_note == "Solver: this deal can be won"
    # Following the hint: the next hint is the next move of the same line, with no new request.
    play_by_clicks(app, k.line[0])
    assert a.link.pending is None and a.solver_note == "Solver: still winnable"
    press(app, pygame.K_h)
    assert hint_move(t) == k.line[1]
    # Pressing again shows, once the child has checked them, the other moves after which the deal is
    # proved winnable, each a different one, then the line's again.
    seen = [hint_move(t)]
    for _ in range(40):
        press(app, pygame.K_h)
        run_until(app, lambda: hint_move(t) is not None, 600.0)
        if hint_move(t) == k.line[1]:
            break
        assert hint_move(t) in t.session.position.legal_moves() and hint_move(t) not in seen
        assert shown_message(t).startswith("Another move that keeps the deal winnable")
        hinted = hint_move(t)
        assert hinted is not None
        after = t.session.position.copy()
        after.play(hinted)
        known = a.knowledge.lookup(after)
        assert known is not None and known.status == Verdict.WINNABLE and check_line(after, list(known.line))
        seen.append(hint_move(t))
    assert hint_move(t) == k.line[1] and len(seen) >= 2
    assert not app.errors
    a.close()


def test_stale_search_is_dropped_after_a_move(service: SolverService) -> None:
    # Deal 0 keeps the solver busy for many seconds; 4D-3 loses it at once (proved in the parent).
    losing = parse_move("4D-3")
    lost = Position.deal(0)
    lost.play(losing)
    assert solve(lost, timeout=5).status == Verdict.LOST
    app, a = make_app(Game.deal(0), service, solve_timeout=120.0, hint_patience=0.0)
    run_until(app, lambda: a.link.pending is not None)
    first = a.link.pending
    assert first is not None and first.kind == "status"
    # A hint asked meanwhile says the solver is looking, then a heuristic move stands in.
    press(app, pygame.K_h)
    t = app.table
    assert t is not None and "looking" in shown_message(t)
    run_until(app, lambda: t.session.message is not None and shown_message(t).startswith("The solver is still"))
    assert hint_move(t) in t.session.position.legal_moves()
    assert a.link.pending is first  # still the same search
    play_by_clicks(app, losing)
    run_until(app, lambda: a.status == Verdict.LOST, 30.0)  # long before the stale search could end
    known = a.knowledge.lookup(lost)
    assert known is not None and known.status == Verdict.LOST
    assert a.solver_note == "Solver: cannot be won from here"
    assert a.knowledge.lookup(Position.deal(0)) is None  # nothing was learnt from the stale search
    # The child answers in order: a reply to the stale search would have come before this answer.
    assert first.request_id not in a.link.dropped
    assert not any(isinstance(s, QuestionDialog) for s in app.screens)  # the start was never proved winnable
    a.close()


def find_losing_move(rng_seeds: range, left: int) -> tuple[Position, Move]:
    """A small winnable position with a column move that loses it (both proved here)."""
    for seed in rng_seeds:
        p = small_position(seed, YUKON, left)
        if solve(p, timeout=2).status != Verdict.WINNABLE:
            continue
        for m in p.legal_moves():
            if p.loc[m.card] >= ON_FOUNDATION:
                continue
            q = p.copy()
            q.play(m)
            if solve(q, timeout=2).status == Verdict.LOST:
                return p, m
    raise AssertionError("no position found")


def test_status_and_back_to_the_last_winnable_position(service: SolverService) -> None:
    start, losing = find_losing_move(range(200), 14)
    app, a = make_app(Game(start), service)
    run_until(app, lambda: a.status == Verdict.WINNABLE)
    assert a.solver_note == "Solver: this deal can be won"
    play_by_clicks(app, losing)
    run_until(app, lambda: any(isinstance(s, QuestionDialog) for s in app.screens))
    assert a.status == Verdict.LOST
    assert a.solver_note == "Solver: cannot be won from here; B goes back 1 move to a winnable position"
    dialog = app.top
    assert isinstance(dialog, QuestionDialog) and dialog.answers[0][0] == "Go back"
    assert "Go back to the last winnable position?" in dialog.question
    app.frame()
    click(app, *dialog.rects[0].center)
    settle(app)
    assert app.top is app.table and app.session.game.position == start and not app.session.game.history
    run_until(app, lambda: a.status == Verdict.WINNABLE)
    assert a.solver_note == "Solver: this deal can be won"
    # A hint on a lost position falls back to the heuristic hints and says the deal is lost.
    play_by_clicks(app, losing)
    run_until(app, lambda: isinstance(app.top, QuestionDialog))
    dialog = app.top
    assert isinstance(dialog, QuestionDialog)
    click(app, *dialog.rects[-1].center)  # Play on
    press(app, pygame.K_h)
    t = app.table
    assert t is not None and t.session.message is not None
    assert t.message_text().startswith("This deal can no longer be won.")
    assert hint_move(t) in t.session.position.legal_moves()
    # After "Play on" the way back stays: the status line names it and B takes it, however far.
    loser_moves = 0
    for m in t.session.position.legal_moves():
        if t.session.position.loc[m.card] < ON_FOUNDATION and m.to != FOUNDATION:
            play_by_clicks(app, m)
            loser_moves += 1
            break
    app.frame()
    n = 1 + loser_moves
    assert f"B goes back {n} move" in a.solver_note
    press(app, pygame.K_b)
    settle(app)
    assert app.session.game.position == start and not app.session.game.history
    run_until(app, lambda: a.status == Verdict.WINNABLE)
    press(app, pygame.K_b)
    assert t.session.message is not None and "no need to go back" in t.message_text()
    assert not app.errors
    a.close()


def test_demo_plays_to_a_win_and_a_click_stops_it(service: SolverService, monkeypatch: pytest.MonkeyPatch) -> None:
    from yukon.ui.assist import demo as demo_module

    positions = [small_position(s, YUKON, 12) for s in range(40)]
    winnable = [p for p in positions if solve(p, timeout=2).status == Verdict.WINNABLE]
    assert len(winnable) >= 2
    app, a = make_app(Game(winnable[0]), service)
    press_button(app, "Demo")
    assert a.demo
    run_until(app, lambda: app.session.game.position.is_won(), 30.0)
    replay = winnable[0].copy()
    for u in app.session.game.history:
        replay.play(u.move)  # every move the demo made was legal in turn
    assert replay.is_won() and not a.demo
    a.close()

    app, a = make_app(Game(winnable[1]), service)
    press_button(app, "Demo")
    run_until(app, lambda: len(app.session.game.history) >= 2, 30.0)
    settle(app)
    assert not app.session.game.position.is_won()
    assert "stops it" in a.player.note  # the way out stays on screen while it plays
    w, h = app.size
    click(app, w // 2, h // 3)  # anywhere: the click stops the demo and does nothing else
    n = len(app.session.game.history)
    assert not a.demo and app.table.session.selection is None
    assert not a.player.note
    # An hour on, a demo still playing would have made its next move many times over: none comes.
    monkeypatch.setattr(demo_module, "time", SimpleNamespace(monotonic=lambda: time.monotonic() + 3600.0))
    for _ in range(10):
        app.frame()
    settle(app)
    assert len(app.session.game.history) == n
    assert not app.errors
    a.close()


def test_winnable_only_new_deal_is_proved_winnable(service: SolverService) -> None:
    from yukon.ui.build import add_extras as install_extras

    random.seed(5)
    app = open_window(size=(1280, 800), game=Game.deal(1))
    extras = install_extras(app, folder=None, resume=False)
    extras.records.settings.winnable_only = True
    a = install(app, service, records=extras.records)
    app.draw()
    run_until(app, lambda: a.deals.ready_deal is not None)
    ready = a.deals.ready_deal
    assert ready is not None
    seed = ready[0]
    press_button(app, "New deal")
    assert app.session.game.seed == seed and not app.session.game.history
    result = solve(Position.deal(seed), timeout=10)
    assert result.status == Verdict.WINNABLE and check_line(Position.deal(seed), result.moves)
    app.frame()
    assert a.solver_note == "Solver: this deal can be won"  # known at once, no wait
    run_until(app, lambda: a.deals.ready_deal is not None)  # the next one is got ready
    ready = a.deals.ready_deal
    assert ready is not None and ready[0] != seed
    assert not app.errors
    a.close()


def test_finish_is_offered_once_every_card_is_face_up_and_plays_the_end(service: SolverService) -> None:
    from yukon.ui.build import add_extras as install_extras

    for seed in range(40):
        p = small_position(seed, YUKON, 16)
        p = Position([c[:] for c in p.columns], [0] * 7, p.foundations[:], YUKON)  # every card face up
        if solve(p, timeout=2).status == Verdict.WINNABLE:
            break
    else:
        raise AssertionError("no position found")
    app = open_window(size=(1280, 800), game=Game(p), frame_clock=FrameSteps())
    extras = install_extras(app, folder=None, resume=False)
    app.session.deal(Game(p), resumed=True)
    extras.records.settings.auto_finish = True
    app.apply_prefs(TablePrefs(animation_speed=0.25))
    a = install(app, service, records=extras.records)
    app.draw()
    run_until(app, lambda: isinstance(app.top, QuestionDialog))
    dialog = app.top
    assert isinstance(dialog, QuestionDialog) and dialog.title == "Finish"
    app.frame()
    click(app, *dialog.rects[0].center)
    run_until(app, lambda: app.session.game.position.is_won(), 30.0)
    replay = p.copy()
    for u in app.session.game.history:
        replay.play(u.move)
    assert replay.is_won() and not a.demo
    assert not app.errors
    a.close()


def test_a_game_the_demo_finished_is_not_the_players_win(service: SolverService) -> None:
    from yukon.ui.build import add_extras as install_extras

    for seed in range(40):
        p = small_position(seed, YUKON, 12)
        if solve(p, timeout=2).status == Verdict.WINNABLE:
            break
    app = open_window(size=(1280, 800), game=Game(p, seed=4242), frame_clock=FrameSteps())  # a dealt game: it would count
    app.apply_prefs(TablePrefs(animation_speed=0.25))
    extras = install_extras(app, folder=None, resume=False)
    a = install(app, service, records=extras.records, demo_pause=0.0)  # no pause between the Demo's moves
    app.draw()
    press_button(app, "Demo")
    run_until(app, lambda: app.session.game.position.is_won(), 30.0)
    y = extras.records.stats.of(YUKON)
    assert (y.played, y.won, y.current_streak) == (1, 0, 0)
    assert any("does not count" in n for n in extras.records.news)
    assert not app.errors
    a.close()


LANGUAGES = ("en", "de", "es", "fr", "it", "pl", "pt_BR", "ru")


def hint_says_the_move_once(position: Position, move: Move, text: str) -> None:
    """A hint names the card it moves once (in the move's words) and, for a move home, never its
    foundation again: the reason says what the move opens up, not what it does."""
    from yukon.text.i18n import foundation_name
    from yukon.ui.table import short_name

    assert text.count(short_name(move.card)) == 1, text
    if move.to == FOUNDATION:
        assert foundation_name(move.card // 13) not in text, text


def hint_on_show(t: TableScreen) -> bool:
    """The solver's hint has come (not the "looking" message)."""
    m = t.session.message
    return hint_move(t) is not None and m is not None and m.tone is Tone.HINT and "\u2026" not in shown_message(t)


def test_no_reason_says_again_what_its_move_says_in_any_language() -> None:
    # Every move of three deals' winning lines, in every language: "2♠ to its foundation – it sends
    # 2♠ home" said the same thing twice.
    from yukon.text import i18n
    from yukon.ui.table import describe_move

    lines = {seed: solve(Position.deal(seed), timeout=10).moves for seed in (1, 3, 5)}
    silent = 0
    try:
        for code in LANGUAGES:
            i18n.set_language(code)
            for seed, line in lines.items():
                q = Position.deal(seed)
                for i, m in enumerate(line):
                    reason = move_reason(q, line[i:])
                    words = describe_move(q, m)
                    text = (i18n._("Hint: {move} \u2013 {reason}.").format(move=words, reason=reason) if reason
                            else i18n._("Hint: {move}.").format(move=words))
                    hint_says_the_move_once(q, m, text)
                    silent += not reason
                    q.play(m)
    finally:
        i18n.set_language("en")
    assert silent > 0  # moves home with nothing more to them: no reason at all


def test_hints_at_the_table_say_each_move_once(service: SolverService) -> None:
    # Late in deal 1's winning line most moves go home: the hints the window shows there, in
    # three languages, through the H key.
    from yukon.text import i18n

    line = solve(Position.deal(1), timeout=10).moves
    try:
        for code, back in (("en", 4), ("fr", 9), ("ru", 15)):
            i18n.set_language(code)
            game = Game.deal(1)
            for m in line[:-back]:
                game.play(m)
            app, a = make_app(game, service, hint_patience=600.0)
            t = app.table
            assert t is not None
            press(app, pygame.K_h)
            run_until(app, functools.partial(hint_on_show, t), 120.0)
            shown, text = hint_move(t), t.message_text()
            assert shown is not None and text is not None
            hint_says_the_move_once(t.session.position, shown, text)
            assert not app.errors
            a.close()
    finally:
        i18n.set_language("en")
