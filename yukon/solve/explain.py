"""Why a position cannot be won, in facts a player can check: the core of the table's "Why?".

The solver (``yukon.solve.solver``) proves a position lost in one of three ways, and
``explain`` says which, with the facts behind it:

- "stuck": the relaxation shows that some cards can never reach their foundations. For
  the lowest such card of each suit it names the card lying over it that can never
  move (the "blocker"), every card the blocker could go onto and why it never can (it
  lies under the blocker, or under another card that never moves, on top of the blocker,
  or on its foundation with no way back), whether a column can ever be emptied, and the
  move of the game after which the relaxation first shows the card stuck for good.
- "twins": the twin rule: two cards that fit the same two places get in each other's way.
- "exhausted": the search looked at every position it had to and found no win; the
  explanation carries the number of positions it tried.

"undecided" (the solver ran out of time) and "winnable" (no loss to explain) complete it.
An explanation is facts only (cards, ways, move numbers), no words:
``yukon.text.why_words.sentences`` says it in the player's language. No pygame; the
solver's child process computes explanations (``yukon.solve.solver_service``).
"""

from __future__ import annotations

import functools
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from ..core.cards import SUIT, Card
from ..core.state import FACE_DOWN, ON_FOUNDATION, Move, Position
from .solver import Verdict, crowded_pair, relaxation_closure, solve

Kind = Literal["stuck", "twins", "exhausted", "undecided", "winnable"]
# How a target is out of reach: "on": the blocker lies on it already; "under": it lies
# under ``by``, a card that can never move (the blocker itself, often); "tail": it lies
# on top of the blocker, in the blocker's own column; "home": it is on its foundation and
# the rules let no card come back.
Way = Literal["on", "under", "tail", "home"]


@dataclass(frozen=True, slots=True)
class Target:
    """A card the blocker could be placed on, and why it never can."""

    card: Card
    way: Way
    by: Card | None = None  # for "under": the card over it that never moves


@dataclass(frozen=True, slots=True)
class Stuck:
    """The lowest card of a suit that can never reach its foundation, and what holds it."""

    card: Card
    blocker: Card  # the nearest card over ``card`` that can ever be face up: it never moves
    targets: tuple[Target, ...]  # every card the blocker fits on, each out of reach
    space: bool  # can a column ever be emptied?
    leader: bool  # may the blocker go into an empty column (a King, or any card by option)?
    home_after: Card  # the lowest card of the blocker's suit that can never go home (maybe itself)
    since: int | None  # the move number (1 = the history's first move) after which the card is
    # shown stuck for good; None: stuck already in the first position of the history


@dataclass(frozen=True, slots=True)
class Twins:
    """Two cards that fit the same two targets and get in each other's way (the twin rule)."""

    cards: tuple[Card, Card]
    targets: tuple[Card, Card]
    closed: Card  # the target that stays out of reach until both twins have moved
    since: int | None  # as ``Stuck.since``


@dataclass(frozen=True, slots=True)
class Explanation:
    """Why a position cannot be won (see the module docstring)."""

    kind: Kind
    stuck: tuple[Stuck, ...] = ()
    twins: Twins | None = None
    nodes: int = 0  # positions the search tried ("exhausted", "undecided")
    moves: tuple[Move, ...] = ()  # the history the move numbers count in
    hidden: tuple[Card, ...] = ()  # the cards it names that are face down now
    lost_at: int | None = None  # the move that lost a winnable game, when the caller knows it

    def named(self) -> set[Card]:
        """Every card the explanation says can never reach its foundation."""
        out: set[Card] = set()
        for s in self.stuck:
            out |= {s.card, s.blocker, s.home_after}
            out |= {t.by for t in s.targets if t.by is not None}
        return out


def _above(p: Position, card: Card) -> list[Card]:
    """The cards lying over ``card`` in its column, nearest first."""
    col = p.columns[p.column_of(card) or 0]
    return col[col.index(card) + 1:]


def _first_mover(p: Position, card: Card, ends: list[bool]) -> Card:
    """The nearest card over ``card`` that can ever be face up (the one that never moves:
    ``card`` is never uncovered). A card is face up now or once it has been an end card."""
    for a in _above(p, card):
        if p.loc[a] != FACE_DOWN or ends[a]:
            return a
    raise ValueError("the card is not covered")


def _stuck_card(p: Position, card: Card, home: list[bool], ends: list[bool], space: bool) -> Stuck:
    """What holds ``card`` (not home, never uncovered) in the relaxation of ``p``."""
    rules = p.rules
    blocker = _first_mover(p, card, ends)
    where = p.column_of(blocker)
    col = p.columns[where or 0]
    i = col.index(blocker)
    below = col[i - 1] if i else -1
    targets: list[Target] = []
    for x in sorted(c for c in range(52) if rules.fits(blocker, c)):
        if x == below:
            targets.append(Target(x, "on"))
        elif p.loc[x] == ON_FOUNDATION:
            targets.append(Target(x, "home"))
        elif p.column_of(x) == where and col.index(x) > i:
            targets.append(Target(x, "tail"))
        else:
            by = _first_mover(p, x, ends)
            if blocker in _above(p, x):
                by = blocker  # the shortest story: it lies under the card that needs it
            targets.append(Target(x, "under", by))
    suit = SUIT[blocker]
    lowest = next(c for c in range(suit * 13, suit * 13 + 13) if not home[c])
    return Stuck(card, blocker, tuple(targets), space, blocker in rules.space_leaders, lowest, None)


def stuck_cards(p: Position) -> tuple[Stuck, ...]:
    """The lowest card of each suit that the relaxation shows can never go home, with what
    holds it (``since`` not yet known: None). Empty when the relaxation proves nothing."""
    home, ends, space = relaxation_closure(p)
    out = []
    for suit in range(4):
        low = next((c for c in range(suit * 13, suit * 13 + 13) if not home[c]), None)
        if low is not None:
            out.append(_stuck_card(p, low, home, ends, space))
    return tuple(out)


def _positions(start: Position, moves: Sequence[Move]) -> list[Position]:
    """The history's positions: ``start`` and the one after each move."""
    p = start.copy()
    out = [p.copy()]
    for m in moves:
        p.play(m)
        out.append(p.copy())
    return out


def _since(history: list[Position], holds: Callable[[Position], bool]) -> int | None:
    """The move number after which ``holds`` is true of every later position of ``history``
    (None: of all of them)."""
    for i in range(len(history) - 2, -1, -1):
        if not holds(history[i]):
            return i + 1
    return None


def _never_home(p: Position, card: Card) -> bool:
    """Does the relaxation show that ``card`` can never reach its foundation from ``p``?"""
    return not relaxation_closure(p)[0][card]


def _hidden(p: Position, cards: set[Card]) -> tuple[Card, ...]:
    return tuple(sorted(c for c in cards if p.loc[c] == FACE_DOWN))


def explain(start: Position, moves: Sequence[Move] = (), *, timeout: float | None = 10.0,
            node_limit: int | None = None, cancel: Callable[[], bool] | None = None,
            clock: Callable[[], float] = time.perf_counter) -> Explanation:
    """Why the position after ``moves`` (legal moves from ``start``) cannot be won.

    The relaxation and the twin rule answer at once; otherwise the solver searches, within
    ``timeout`` / ``node_limit`` (as ``solve``; ``cancel`` and ``clock`` too). Move numbers
    count in ``moves``: number k is ``moves[k - 1]``.
    """
    history = _positions(start, moves)
    p = history[-1]
    stuck = stuck_cards(p)
    if stuck:
        dated = []
        for s in stuck:
            since = _since(history, functools.partial(_never_home, card=s.card))
            dated.append(Stuck(s.card, s.blocker, s.targets, s.space, s.leader, s.home_after, since))
        named = Explanation("stuck", tuple(dated)).named()
        return Explanation("stuck", tuple(dated), moves=tuple(moves), hidden=_hidden(p, named))
    pair = crowded_pair(p)
    if pair is not None:
        c, d, x1, x2, y = pair
        since = _since(history, lambda q: crowded_pair(q) == pair)
        twins = Twins((c, d), (x1, x2), y, since)
        return Explanation("twins", twins=twins, moves=tuple(moves), hidden=_hidden(p, {c, d, x1, x2}))
    result = solve(p, timeout=timeout, node_limit=node_limit, cancel=cancel, clock=clock, shorten=False)
    nodes = int(result.stats.get("nodes", 0))
    kind: Kind = "exhausted" if result.status == Verdict.LOST else "winnable" if result.status == Verdict.WINNABLE \
        else "undecided"
    return Explanation(kind, nodes=nodes, moves=tuple(moves))
