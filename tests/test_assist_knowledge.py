"""The assist's knowledge on its own (yukon/ui/assist/knowledge.py): no window, no solver child.

The trail kept step by step must always equal a fresh walk of the game's history; what
is learnt keeps proofs and the shortest line; the course follows its line one step at a
time and takes another only when it is shorter and passes no position already visited.
"""

from __future__ import annotations

import random

from solver_helpers import small_position
from yukon.core.rules import Rules
from yukon.core.state import Game, Move, Position
from yukon.solve.solver import Verdict, check_line, solve, without_loops
from yukon.ui.assist.knowledge import Course, Knowledge, Known, position_key


def walk(game: Game) -> list[tuple]:
    """The keys of the game's positions, worked out from scratch."""
    p = game.position.copy()
    keys = [position_key(p)]
    for u in reversed(game.history):
        p.pop(u)
        keys.append(position_key(p))
    return keys[::-1]


def test_the_trail_kept_step_by_step_is_the_games_history() -> None:
    # Random moves, undos, redos and restarts over many fixed deals: after each, the kept
    # trail is exactly the walk of the history.
    checked = 0
    for seed in range(30):
        rng = random.Random(seed)
        game = Game.deal(seed, Rules("russian") if seed % 3 == 0 else Rules("yukon"))
        k = Knowledge()
        for _ in range(60):
            r = rng.random()
            moves = game.position.legal_moves()
            if r < 0.6 and moves:
                game.play(rng.choice(moves))
            elif r < 0.85:
                game.undo()
            elif r < 0.97:
                game.redo()
            else:
                game.restart()
            assert k.trail(game) == walk(game)
            checked += 1
        other = Game.deal(seed + 100)  # another game: its own trail, not the last one's
        assert k.trail(other) == walk(other)
    assert checked == 30 * 60


def test_a_proof_stands_and_a_winnable_position_keeps_its_shortest_line() -> None:
    p = Position.deal(1)
    key = position_key(p)
    m1, m2, m3 = p.legal_moves()[:3]
    k = Knowledge()
    k.learn(key, Known(Verdict.WINNABLE))
    k.learn(key, Known(Verdict.WINNABLE, (m1, m2, m3)))
    assert k.lookup(p) == Known(Verdict.WINNABLE, (m1, m2, m3))  # a line beats none
    k.learn(key, Known(Verdict.WINNABLE, (m1, m2, m3, m1)))
    k.learn(key, Known(Verdict.WINNABLE))
    k.learn(key, Known(Verdict.UNKNOWN))
    assert k.lookup(p) == Known(Verdict.WINNABLE, (m1, m2, m3))  # longer, none and undecided are all worse
    k.learn(key, Known(Verdict.WINNABLE, (m2,)))
    assert k.lookup(p) == Known(Verdict.WINNABLE, (m2,))
    lost = Position.deal(2)
    k.learn(position_key(lost), Known(Verdict.LOST))
    k.learn(position_key(lost), Known(Verdict.WINNABLE, (m1,)))
    assert k.lookup(lost) == Known(Verdict.LOST)


def test_a_position_reached_from_a_lost_one_is_lost_and_a_won_line_makes_the_past_winnable() -> None:
    game = Game.deal(3)
    k = Knowledge()
    game.play(game.position.legal_moves()[0])
    trail = k.trail(game)
    assert k.judge(trail) is None  # nothing known, nothing follows
    k.learn(trail[0], Known(Verdict.LOST))
    assert k.judge(trail) == Known(Verdict.LOST) and k.known[trail[-1]] == Known(Verdict.LOST)
    # A line found for the current position: every earlier one can be won too.
    k2 = Knowledge()
    game2 = Game.deal(4)
    for _ in range(3):
        game2.play(game2.position.legal_moves()[0])
    trail2 = k2.trail(game2)
    k2.proved(trail2[-1], game2.position, (), tuple(trail2[:-1]))
    assert all(k2.known[key].status == Verdict.WINNABLE for key in trail2)
    assert k2.last_winnable(game2) == 1


def winnable_small(count: int) -> list[tuple[Position, list[Move]]]:
    """Small winnable positions with the solver's line for each (checked here)."""
    out = []
    for seed in range(60):
        p = small_position(seed, Rules("yukon"), 14)
        result = solve(p, timeout=30)
        if result.status == Verdict.WINNABLE:
            line = without_loops(p, result.moves)
            assert check_line(p, line)
            if len(line) >= 2:
                out.append((p, list(line)))
        if len(out) == count:
            break
    assert len(out) == count
    return out


def test_the_course_follows_its_line_and_never_takes_one_that_comes_back() -> None:
    for p, line in winnable_small(6):
        game = Game(p)
        k = Knowledge()
        k.learn(position_key(p), Known(Verdict.WINNABLE, tuple(line)))
        k.steer(game, k.trail(game))
        assert k.line_here(game) == tuple(line)
        for i, m in enumerate(line):
            game.play(m)
            course = k.steer(game, k.trail(game))
            assert k.line_here(game) == tuple(line[i + 1:])
            assert len(course.visited) == i + 2  # every position passed, each once
        assert game.position.is_won()
        # A line that passes a position the course has been in is refused; the same line
        # without that position on its way is taken; a longer one never.
        start = p.copy()
        after_first = start.copy()
        after_first.play(line[0])
        c = Course(Game(p), 0, position_key(start), (), {position_key(start), position_key(after_first)})
        Knowledge.offer_line(c, start, tuple(line))
        assert c.line == ()
        c = Course(Game(p), 0, position_key(start), (), {position_key(start)})
        Knowledge.offer_line(c, start, tuple(line))
        assert c.line == tuple(line)
        Knowledge.offer_line(c, start, (*line, line[-1]))
        assert c.line == tuple(line)
        # A line that does not win from here (it stops a move short) is refused.
        c = Course(Game(p), 0, position_key(start), (), {position_key(start)})
        Knowledge.offer_line(c, start, tuple(line[:-1]))
        assert c.line == ()


def test_a_move_off_the_line_starts_the_course_afresh() -> None:
    p, line = winnable_small(1)[0]
    game = Game(p)
    k = Knowledge()
    k.learn(position_key(p), Known(Verdict.WINNABLE, tuple(line)))
    k.steer(game, k.trail(game))
    off = next(m for m in p.legal_moves() if m != line[0])
    game.play(off)
    course = k.steer(game, k.trail(game))
    assert k.line_here(game) == () and course.visited == {position_key(game.position)}
