"""What the assist knows per position, the game's trail of positions and the course the table follows.

Pure logic, no pygame. What is known is kept per position (``Knowledge.known``, at most
``CACHE_LIMIT`` positions: the oldest are forgotten first): a winnable position with its
winning line (when one is at hand), a lost one (proved: no line wins), or undecided. A
position met again (after an undo, or a line that comes back to it) gets its verdict from
here at once, with no request. Much follows without asking the solver: every position reached
from a lost one is lost; a winning line wins from every position along it, with the rest of
the line; and a winnable position makes all its ancestors in the game's history winnable
(their status only: a line is never spliced together from the player's path and another
search's line).

The table follows one line at a time, the ``Course``: since the player's last own move,
each move that the Demo, Finish or a followed hint makes is the course's next move, and
the course remembers every position it has passed. It takes another line only when that
line is shorter than what is left of its own and passes none of those positions. So the
moves left strictly fall with every step: the game is never brought back to a position
it has been in since the player's last own move, and a winnable game is won within the
length of the line the course started with.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from dataclasses import dataclass, field

from ...core.rules import Rules
from ...core.state import Game, Key, Move, Position
from ...solve.solver import Verdict

CACHE_LIMIT = 20000  # positions known; about 100 bytes each, plus a winning line's share of references

RulesKey = tuple[str, bool, bool]  # the variant and its two options
PositionKey = tuple[RulesKey, Key]  # a position under its rules: what the cache knows things by


def rules_key(rules: Rules) -> RulesKey:
    """The rules as a plain tuple (part of every cache key)."""
    return (rules.variant, rules.any_card_in_space, rules.foundation_return)


def position_key(position: Position) -> PositionKey:
    """A key for the cache: the position and the rules it is played under."""
    return (rules_key(position.rules), position.key())


@dataclass(slots=True)
class Known:
    """What the solver said about a position: status and (when winnable) a winning line."""

    status: Verdict
    line: tuple[Move, ...] = ()


@dataclass(slots=True)
class Course:
    """The line the table follows since the player's last own move (see the module docstring)."""

    game: Game
    steps: int  # moves in the game's history at ``at``
    at: PositionKey  # key of the position the course is at
    line: tuple[Move, ...]  # what is left of the line from there ((): none at hand)
    visited: set[PositionKey] = field(default_factory=set)  # every position passed, ``at`` included

    def step(self, steps: int, key: PositionKey) -> None:
        """The game made the line's next move: the course is at ``key`` now."""
        self.steps, self.at, self.line = steps, key, self.line[1:]
        self.visited.add(key)

    def take(self, line: tuple[Move, ...]) -> None:
        """Follow ``line`` from here on (checked by ``Knowledge.offer_line``)."""
        self.line = line


class Knowledge:
    """The cache of known positions, the game's trail of position keys and the course."""

    known: dict[PositionKey, Known]
    course: Course | None
    _trail: list[PositionKey]
    _trail_game: Game | None
    _last_winnable: tuple[tuple[object, ...], int]  # (what it was worked out for, moves back)

    def __init__(self) -> None:
        self.known = {}
        self.course = None
        self._trail = []
        self._trail_game = None
        self._last_winnable = ((), 0)

    def lookup(self, position: Position) -> Known | None:
        """What is known about ``position``."""
        return self.known.get(position_key(position))

    def get(self, key: PositionKey) -> Known | None:
        """What is known about the position with ``key``."""
        return self.known.get(key)

    def learn(self, key: PositionKey, known: Known) -> None:
        """Remember ``known`` for ``key``; a winnable position keeps the shortest line it was given."""
        old = self.known.get(key)
        if old is not None and old.status == Verdict.LOST:
            return  # a proof stands
        if old is not None and old.status == Verdict.WINNABLE and (
                known.status != Verdict.WINNABLE or (old.line and (not known.line or len(known.line) >= len(old.line)))):
            return  # a winnable position keeps its shorter line
        if old is None and len(self.known) >= CACHE_LIMIT:
            self._forget_oldest()
        self.known[key] = known

    def _forget_oldest(self) -> None:
        """Make room: the quarter of the cache learnt first goes (the game on the table is newer)."""
        for key in list(itertools.islice(self.known, CACHE_LIMIT // 4)):
            del self.known[key]

    def proved(self, key: PositionKey, position: Position, line: tuple[Move, ...],
               ancestors: Iterable[PositionKey]) -> None:
        """The solver found ``line`` winning ``position``: so does the rest of it from each position
        along it, and every earlier position of the game can be won too."""
        self.learn(key, Known(Verdict.WINNABLE, line))
        self.along(position, line)
        for earlier in ancestors:
            old = self.known.get(earlier)
            if old is None or old.status != Verdict.WINNABLE:
                self.learn(earlier, Known(Verdict.WINNABLE))
        c = self.course
        if c is not None and c.at == key:
            self.offer_line(c, position, line)

    def along(self, position: Position, line: tuple[Move, ...]) -> None:
        """Each position ``line`` passes from ``position`` is winnable by the rest of the line (learnt;
        a few microseconds a move: 0.4 ms for an 85-move line). A line that does not play from ``position`` teaches nothing more."""
        p = position.copy()
        rules = rules_key(p.rules)
        for i, m in enumerate(line[:-1]):
            try:
                p.play(m)
            except ValueError:
                return
            self.learn((rules, p.key()), Known(Verdict.WINNABLE, line[i + 1:]))

    def judge(self, trail: list[PositionKey]) -> Known | None:
        """What is known of the trail's last position, or follows from a lost parent (learnt then)."""
        key = trail[-1]
        k = self.known.get(key)
        if k is None and len(trail) >= 2:
            parent = self.known.get(trail[-2])
            if parent is not None and parent.status == Verdict.LOST:
                k = Known(Verdict.LOST)  # every position reached from a lost one is lost
                self.learn(key, k)
        return k

    def trail(self, game: Game) -> list[PositionKey]:
        """Keys of the game's positions, as dealt first and the current one last.

        Kept step by step: a move adds one key and an undo takes one off, so a long game
        costs nothing per move; anything else (restart, another game) walks the history once.
        """
        n = len(game.history)
        t = self._trail
        if self._trail_game is game:
            if len(t) == n + 1 and t[-1] == position_key(game.position):
                return t
            if len(t) == n + 2 and t[-2] == position_key(game.position):
                t.pop()
                return t
            if len(t) == n and n:
                parent = game.position.copy()
                parent.pop(game.history[-1])
                if t[-1] == position_key(parent):
                    t.append(position_key(game.position))
                    return t
        p = game.position.copy()
        keys = [position_key(p)]
        for u in reversed(game.history):
            p.pop(u)
            keys.append(position_key(p))
        keys.reverse()
        self._trail, self._trail_game = keys, game
        return keys

    def steer(self, game: Game, trail: list[PositionKey]) -> Course:
        """Move the course on with the game: one step along its line, or a fresh start."""
        key = trail[-1]
        c = self.course
        n = len(game.history)
        if (c is not None and c.game is game and c.line and n == c.steps + 1 and len(trail) >= 2
                and trail[-2] == c.at and game.history[-1].move == c.line[0]):
            c.step(n, key)
        elif c is None or c.game is not game or c.at != key or c.steps != n:
            c = self.course = Course(game, n, key, (), {key})
        k = self.known.get(key)
        if k is not None and k.status == Verdict.WINNABLE and k.line:
            self.offer_line(c, game.position, k.line)
        if c.line:
            self.learn(key, Known(Verdict.WINNABLE, c.line))
        return c

    @staticmethod
    def offer_line(c: Course, position: Position, line: tuple[Move, ...]) -> None:
        """Take ``line`` (from ``position``, the course's) if it is shorter and passes no visited position."""
        if c.line and len(line) >= len(c.line):
            return
        p = position.copy()
        try:
            for m in line[:-1]:
                p.play(m)
                if position_key(p) in c.visited:
                    return
            if line:
                p.play(line[-1])
        except ValueError:
            return  # not a line of this position (a stale or mistaken one): keep the course
        if p.is_won():
            c.take(tuple(line))

    def line_here(self, game: Game) -> tuple[Move, ...]:
        """The rest of the course's line from ``game``'s position (() when none is at hand)."""
        c = self.course
        if c is None or c.game is not game or c.steps != len(game.history) \
                or c.at != position_key(game.position):
            return ()
        return c.line

    def last_winnable(self, game: Game) -> int:
        """How many moves back the last winnable position of ``game`` is (0: none known)."""
        trail = self.trail(game)
        asked = (id(game), len(trail), trail[-1], len(self.known))
        if self._last_winnable[0] == asked:
            return self._last_winnable[1]
        n = 0
        for back in range(1, len(trail)):
            k = self.known.get(trail[-1 - back])
            if k is not None and k.status == Verdict.WINNABLE:
                n = back
                break
        self._last_winnable = (asked, n)
        return n
