"""The search that goes on after an undecided answer (issue 30, part 2), with a fake solver child.

The assist is driven in a headless window with real pygame events, but its child is a stand-in
that records each request and answers only when the test says so: the order of the budgets,
what supersedes what, and what the cache answers without a request are checked exactly, with no
search and no clock.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from dataclasses import dataclass
from typing import cast

import pygame

from player_input import press
from window_helpers import play_by_clicks
from yukon.core.notation import format_position
from yukon.core.rules import Rules
from yukon.core.state import Game, Move, Position
from yukon.solve.difficulty import Level, Rating
from yukon.solve.solver import Verdict, check_line, solve
from yukon.solve.solver_service import Reply, SolverService
from yukon.ui.app import App
from yukon.ui.assist import Assist
from yukon.ui.assist.deal_levels import Difficulty
from yukon.ui.assist.deepening import BUDGETS, NODE_CAP, TRIED_LIMIT, BudgetLadder
from yukon.ui.assist.knowledge import CACHE_LIMIT, Knowledge, Known, PositionKey, RulesKey, position_key
from yukon.ui.assist.link import Pending, SolverLink
from yukon.ui.build import add_assist, add_difficulty, open_window
from yukon.ui.parts import TablePrefs
from yukon.ui.screen import QuestionDialog

FIRST = 0.5  # the first search's seconds here (never run: the fake child only records it)
STEPS = (3.0, 9.0, 27.0)  # the deep searches' CPU seconds here


@dataclass(frozen=True)
class Asked:
    """One request as the fake child got it."""

    request_id: int
    text: str
    timeout: float | None
    cpu: bool
    kind: str  # "solve", "rate" or "explain"
    nodes: int | None  # the node limit


class FakeService(SolverService):
    """A solver child that answers only when told to (``answer``); no process is started."""

    asked: list[Asked]
    replies: list[Reply]
    answered: set[int]
    stale_below: int

    def __init__(self) -> None:  # no child: nothing of the real service's set-up is wanted
        self.asked = []
        self.replies = []
        self.answered = set()
        self.stale_below = 0

    def request(self, request_id: int, position_text: str, rules: Rules, timeout: float | None = 5.0,
                node_limit: int | None = None, supersede: bool = True, rate: bool = False,
                explain: object = None, cpu: bool = False) -> None:
        if supersede:
            self.stale_below = request_id
        kind = "explain" if explain is not None else "rate" if rate else "solve"
        self.asked.append(Asked(request_id, position_text, timeout, cpu, kind, node_limit))

    def cancel(self) -> None:
        self.stale_below = self.asked[-1].request_id + 1 if self.asked else 0

    def poll(self) -> list[Reply]:
        out, self.replies = self.replies, []
        return out

    @property
    def alive(self) -> bool:
        return True

    def close(self, timeout: float = 2.0) -> None:
        pass

    # -- the test's side ---------------------------------------------------------------------
    @property
    def live(self) -> Asked | None:
        """The request the child works on now (None: none, answered, or cancelled)."""
        last = self.asked[-1] if self.asked else None
        if last is None or last.request_id < self.stale_below or last.request_id in self.answered:
            return None
        return last

    def answer(self, status: Verdict, line: list[Move] | None = None) -> None:
        """The child's verdict on the live request."""
        live = self.live
        assert live is not None, "nothing is being searched"
        self.answered.add(live.request_id)
        self.replies.append(Reply(live.request_id, status, [str(m) for m in line or []]))


def window(game: Game, levels: bool = False) -> tuple[App, Assist, FakeService]:
    """A table on ``game`` with the assist on a fake child (``levels``: and the deals' levels)."""
    app = open_window(size=(1024, 700), game=game)
    app.apply_prefs(TablePrefs(animation_speed=0.0))
    app.draw()
    fake = FakeService()
    assist = add_assist(app, fake, solve_timeout=FIRST, hint_patience=600.0, demo_pause=0.0, budgets=STEPS)
    if levels:
        add_difficulty(app, assist)
    app.frame()
    return app, assist, fake


def frames(app: App, n: int = 2) -> None:
    for _ in range(n):
        app.frame()


def undo(app: App) -> None:
    press(app, pygame.K_z, pygame.KMOD_CTRL)


def redo(app: App) -> None:
    press(app, pygame.K_y, pygame.KMOD_CTRL)


def winning_line(position: Position) -> list[Move]:
    result = solve(position, timeout=None, node_limit=500_000)
    assert result.status == Verdict.WINNABLE and check_line(position, result.moves)
    return result.moves


def after(position: Position, move: Move) -> Position:
    p = position.copy()
    p.play(move)
    return p


def off_line_move(position: Position, line: list[Move]) -> Move:
    """A legal move other than the line's first (the position after it is not on the line)."""
    return next(m for m in position.legal_moves() if m != line[0])


def test_an_undecided_position_is_searched_again_with_each_budget_in_turn() -> None:
    game = Game.deal(5)
    app, a, fake = window(game)
    text = format_position(game.position)
    first = fake.live
    assert first is not None and (first.text, first.timeout, first.cpu) == (text, FIRST, False)
    fake.answer(Verdict.UNKNOWN)
    for budget in STEPS:
        frames(app)
        live = fake.live
        # the same position, in the same child, for the next budget of its own CPU seconds
        assert live is not None and (live.text, live.timeout, live.cpu, live.kind) == (text, budget, True, "solve")
        assert live.nodes == NODE_CAP  # the child's memory is bounded on any machine
        assert a.status == Verdict.UNKNOWN and a.solver_note == "Solver: undecided so far, still searching\u2026"
        press(app, pygame.K_h)  # a simple hint meanwhile, which says the search goes on
        t = app.table
        assert t is not None and (t.message_text() or "").startswith("The solver has not decided this position yet")
        fake.answer(Verdict.UNKNOWN)
    frames(app, 4)
    assert fake.live is None and len(fake.asked) == 1 + len(STEPS)  # every budget spent: no more asking
    assert a.solver_note == "Solver: undecided (it ran out of time)"
    press(app, pygame.K_h)
    t = app.table
    assert t is not None and (t.message_text() or "").startswith("The solver could not decide this position.")


def test_a_late_verdict_is_shown_and_the_line_teaches_every_position_along_it() -> None:
    game = Game.deal(5)
    line = winning_line(game.position)
    app, a, fake = window(game)
    fake.answer(Verdict.UNKNOWN)
    frames(app)
    assert fake.live is not None and fake.live.timeout == STEPS[0]
    fake.answer(Verdict.WINNABLE, line)
    frames(app)
    assert a.status == Verdict.WINNABLE and a.solver_note == "Solver: this deal can be won"
    # Along the line: each position is winnable by the rest of it, learnt without a request.
    p = game.position.copy()
    for i, m in enumerate(line[:-1]):
        p.play(m)
        assert a.knowledge.lookup(p) == Known(Verdict.WINNABLE, tuple(line[i + 1:]))
    asked = len(fake.asked)
    for m in line[:5]:
        play_by_clicks(app, m)
        frames(app)
        assert a.status == Verdict.WINNABLE and a.solver_note == "Solver: still winnable"
    assert len(fake.asked) == asked


def test_a_move_supersedes_the_search_and_an_undo_gets_the_cached_verdict_at_once() -> None:
    game = Game.deal(5)
    line = winning_line(game.position)
    app, a, fake = window(game)
    fake.answer(Verdict.UNKNOWN)
    frames(app)
    deep = fake.live
    assert deep is not None and deep.cpu
    # A move off the line while the deep search runs: cut, and the new position's first search asked.
    move = off_line_move(game.position, line)
    play_by_clicks(app, move)
    assert fake.live is not None and fake.live.request_id > deep.request_id
    assert (fake.live.text, fake.live.timeout, fake.live.cpu) == (format_position(game.position), FIRST, False)
    fake.answer(Verdict.LOST)
    frames(app)
    assert a.status == Verdict.LOST and fake.live is None
    # Back: the first position is still undecided, so its search goes on, from the budget that was cut.
    undo(app)
    frames(app)
    assert fake.live is not None and (fake.live.timeout, fake.live.cpu) == (STEPS[0], True)
    fake.answer(Verdict.UNKNOWN)
    frames(app)
    assert fake.live is not None and fake.live.timeout == STEPS[1]
    fake.answer(Verdict.WINNABLE, line)
    frames(app)
    assert a.status == Verdict.WINNABLE
    # Forth and back again (redo, undo): both verdicts come from the cache, with no request at all.
    asked = len(fake.asked)
    redo(app)
    frames(app)
    assert a.status == Verdict.LOST
    assert isinstance(app.top, QuestionDialog)  # that move lost a winnable deal (now known): go back?
    press(app, pygame.K_ESCAPE)
    undo(app)
    frames(app)
    assert a.status == Verdict.WINNABLE and len(fake.asked) == asked and fake.live is None


def test_a_position_met_again_goes_on_from_the_next_budget() -> None:
    game = Game.deal(5)
    line = winning_line(game.position)
    app, a, fake = window(game)
    fake.answer(Verdict.UNKNOWN)
    frames(app)
    fake.answer(Verdict.UNKNOWN)  # the first deep search ran out too
    frames(app)
    assert fake.live is not None and fake.live.timeout == STEPS[1]
    play_by_clicks(app, off_line_move(game.position, line))
    fake.answer(Verdict.LOST)  # the new position is decided
    undo(app)
    frames(app)
    assert fake.live is not None and (fake.live.timeout, fake.live.cpu) == (STEPS[1], True)  # not STEPS[0] again
    assert a.solver_note == "Solver: undecided so far, still searching…"


def off_the_line(verdict: Verdict, wait: int = 2) -> tuple[Game, App, Assist, FakeService]:
    """Deal 5 known winnable, then a move off its winning line, answered ``verdict`` by the fake child."""
    game = Game.deal(5)
    line = winning_line(game.position)
    app, a, fake = window(game)
    fake.answer(Verdict.WINNABLE, line)
    frames(app)
    play_by_clicks(app, off_line_move(game.position, line))
    fake.answer(verdict)
    frames(app, wait)
    return game, app, a, fake


def test_leaving_the_position_cuts_its_deep_search_even_for_a_known_one() -> None:
    _game, app, a, fake = off_the_line(Verdict.UNKNOWN)
    assert fake.live is not None and fake.live.cpu
    undo(app)  # back to the start, known winnable: nothing to ask, and the child is set free
    frames(app)
    assert fake.live is None and a.solver_note == "Solver: this deal can be won"


def rated(fake: FakeService) -> None:
    """The child's rating of the deal it was asked to rate (its level: unknown)."""
    live = fake.live
    assert live is not None and live.kind == "rate"
    rating = Rating(Level.UNKNOWN, Verdict.UNKNOWN, 0, 0, 0.0, 0, 0, 0.0)
    fake.answered.add(live.request_id)
    fake.replies.append(Reply(live.request_id, Verdict.UNKNOWN, stats={"rating": rating}))


def test_the_deep_search_yields_to_every_other_request_and_is_asked_again_with_the_same_budget() -> None:
    game = Game.deal(5)
    app, a, fake = window(game, levels=True)
    fake.answer(Verdict.UNKNOWN)
    frames(app)
    rated(fake)  # the deal's level goes before the deep search
    frames(app)
    deep = fake.live
    assert deep is not None and (deep.timeout, deep.cpu) == (STEPS[0], True)
    # A deal number typed in Deal #: its level is asked at once, over the deep search.
    assert a.levels.enabled
    difficulty = next(p for p in app.parts if isinstance(p, Difficulty))
    difficulty.deal_note(77)
    frames(app)
    assert fake.live is not None and fake.live.kind == "rate" and fake.live.request_id > deep.request_id
    rated(fake)
    frames(app)
    # The deep search again, with the budget it had (it did not run out: it was cut).
    again = fake.live
    assert again is not None and again.request_id > deep.request_id
    assert (again.text, again.timeout, again.cpu) == (deep.text, STEPS[0], True)


def test_a_late_loss_puts_no_question_up() -> None:
    game, app, a, fake = off_the_line(Verdict.UNKNOWN)
    fake.answer(Verdict.LOST)  # the deep search proves it lost, while the player plays on
    frames(app, 6)
    assert a.status == Verdict.LOST and a.solver_note.startswith("Solver: cannot be won from here; B goes back 1")
    assert app.top is app.table and not any(isinstance(s, QuestionDialog) for s in app.screens)
    # Nor on the next move (the same winnable position to go back to; not a move straight back).
    move = next(m for m in game.position.legal_moves() if a.knowledge.lookup(after(game.position, m)) is None)
    play_by_clicks(app, move)
    frames(app, 6)
    assert a.status == Verdict.LOST and not any(isinstance(s, QuestionDialog) for s in app.screens)


def test_a_first_search_that_proves_a_loss_still_asks() -> None:
    # The question stays for a loss the first search finds (what the player's move did).
    _game, app, a, _fake = off_the_line(Verdict.LOST, 6)
    assert a.solver_note.startswith("Solver: cannot be won from here")
    assert any(isinstance(s, QuestionDialog) for s in app.screens)


# -- the pieces on their own --------------------------------------------------------------
def test_the_budgets_grow_and_each_position_keeps_its_own_count() -> None:
    assert list(BUDGETS) == sorted(BUDGETS) and len(set(BUDGETS)) == len(BUDGETS) and BUDGETS[0] > 10.0
    d = BudgetLadder(STEPS)  # the count alone: no table, no link
    keys = [position_key(Position.deal(s)) for s in range(3)]
    assert [d.next_budget(k) for k in keys] == [STEPS[0]] * 3
    d.spent(keys[0])
    d.spent(keys[0])
    d.spent(keys[1])
    assert [d.next_budget(k) for k in keys] == [STEPS[2], STEPS[1], STEPS[0]]
    d.spent(keys[0])
    assert d.next_budget(keys[0]) is None


def key_number(i: int) -> PositionKey:
    """A distinct key for a count or a cache (no position is needed to fill one)."""
    rules: RulesKey = ("yukon", False, True)
    return cast(PositionKey, (rules, (((i,),), (), ())))


def test_the_budget_counts_are_bounded_and_the_newest_stay() -> None:
    d = BudgetLadder(STEPS)
    for i in range(TRIED_LIMIT + 10):
        d.spent(key_number(i))
    assert len(d) <= TRIED_LIMIT
    assert d.next_budget(key_number(0)) == STEPS[0]  # the oldest went: it starts over
    assert d.next_budget(key_number(TRIED_LIMIT + 9)) == STEPS[1]


def test_the_cache_is_bounded_and_forgets_the_oldest_first() -> None:
    k = Knowledge()
    for i in range(CACHE_LIMIT + 100):
        k.learn(key_number(i), Known(Verdict.LOST))
    assert len(k.known) <= CACHE_LIMIT
    assert key_number(0) not in k.known and key_number(CACHE_LIMIT + 99) in k.known


def test_a_line_that_does_not_play_teaches_nothing_past_its_first_wrong_move() -> None:
    p = Position.deal(5)
    line = winning_line(p)
    k = Knowledge()
    bad = (line[0], line[0], *line[1:])  # the second move is not legal there
    k.along(p, bad)
    q = p.copy()
    q.play(line[0])
    assert k.lookup(q) == Known(Verdict.WINNABLE, bad[1:]) and len(k.known) == 1


def test_link_asks_a_deep_search_in_cpu_seconds() -> None:
    fake = FakeService()
    link = SolverLink(fake, solve_timeout=FIRST)
    p = Position.deal(5)
    assert link.ask(Pending(1, "status", position_key(p), p, 0.0))
    assert link.ask(Pending(2, "deepen", position_key(p), p, 0.0, budget=42.0))
    assert [(x.timeout, x.cpu) for x in fake.asked] == [(FIRST, False), (42.0, True)]
