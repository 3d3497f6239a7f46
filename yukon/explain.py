"""Why a position cannot be won, in facts a player can check: the core of the table's "Why?".

The solver (``yukon.solver``) proves a position lost in one of three ways, and
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
``sentences`` words an explanation for the player through ``yukon.i18n``. Core module:
no pygame; the solver's child process computes explanations (``yukon.solver_service``).
"""

from __future__ import annotations

import functools
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from .cards import KING, RANK, SUIT, Card
from .i18n import _, capital, card_name, join_sentences, ngettext
from .solver import UNWINNABLE, WINNABLE, crowded_pair, relaxation_closure, solve
from .state import FACE_DOWN, ON_FOUNDATION, Move, Position

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
    kind: Kind = "exhausted" if result.status == UNWINNABLE else "winnable" if result.status == WINNABLE \
        else "undecided"
    return Explanation(kind, nodes=nodes, moves=tuple(moves))


# -- in the player's words -------------------------------------------------------------------

def _move_sentence(number: int | None, moves: Sequence[Move]) -> str:
    if not moves:
        return ""  # a fresh deal: the status line says already that it cannot be won
    if number is None or not 1 <= number <= len(moves):
        # TRANSLATORS: after a card's explanation: it was stuck from the first position of the game.
        return _("Its way was closed from the start of the game.")
    # TRANSLATORS: {number} is the move's number in the game, {move} its text such as 7H-3.
    return _("Move {number} ({move}) closed its way.").format(number=number, move=str(moves[number - 1]))


def _twins_move_sentence(number: int | None, moves: Sequence[Move]) -> str:
    if not moves:
        return ""
    if number is None or not 1 <= number <= len(moves):
        return _("They were in each other's way from the start of the game.")
    # TRANSLATORS: {number} is the move's number in the game, {move} its text such as 7H-3.
    return _("Move {number} ({move}) put them in each other's way.").format(number=number, move=str(moves[number - 1]))


def _target_sentence(t: Target, blocker: Card) -> str:
    name = card_name(t.card)
    if t.way == "on":
        return _("It lies on {target} already.").format(target=name)
    if t.way == "tail":
        # TRANSLATORS: the target card lies further up the same column, on top of the stuck card.
        return _("But {target} lies on top of it, in its own column.").format(target=name)
    if t.way == "home":
        return _("But {target} is on its foundation, and cards may not come back from there.").format(target=name)
    if t.by == blocker:
        return _("But {target} lies under it.").format(target=name)
    return _("But {target} lies under {other}, which can never move either.").format(
        target=name, other=card_name(t.by if t.by is not None else blocker))


def _stuck_sentences(s: Stuck, told: set[Card], moves: Sequence[Move], dated: bool = True) -> list[str]:
    card, blocker = card_name(s.card), card_name(s.blocker)
    out: list[str] = []
    if s.blocker in told:
        # TRANSLATORS: the second card was explained in an earlier paragraph.
        out.append(_("Nothing can uncover {card} either: {blocker} lies over it.").format(card=card, blocker=blocker))
        if dated:
            out.append(_move_sentence(s.since, moves))
        return out
    told.add(s.blocker)
    out.append(_("Nothing can uncover {card}: {blocker} lies over it and can never move.").format(
        card=card, blocker=blocker))
    ts = s.targets
    if not ts:
        out.append(_("{blocker} fits onto no other card.").format(blocker=capital(blocker)))
    elif len(ts) == 1:
        out.append(_("It fits only onto {target}.").format(target=card_name(ts[0].card)))
    elif len(ts) == 2 and ts[0].way == ts[1].way == "under" and ts[0].by == ts[1].by:
        first, second = card_name(ts[0].card), card_name(ts[1].card)
        if ts[0].by == s.blocker:
            out.append(_("It fits only onto {first} or {second}, and both lie under it.").format(
                first=first, second=second))
        else:
            out.append(_("It fits only onto {first} or {second}, and both lie under {other}, which can never "
                         "move either.").format(first=first, second=second, other=card_name(ts[0].by or s.blocker)))
        ts = ()  # said
    else:
        out.append(_("It fits only onto {first} or {second}.").format(
            first=card_name(ts[0].card), second=card_name(ts[1].card)))
    out += [_target_sentence(t, s.blocker) for t in ts]
    if not s.leader:
        if RANK[s.blocker] != KING and KING not in told:
            told.add(KING)  # said once is enough
            out.append(_("Only a King may go into an empty column."))
    elif not s.space:
        out.append(_("No column can ever be emptied for it."))
    if s.home_after == s.card:
        # TRANSLATORS: the blocking card's own suit needs the card it covers to go home first.
        out.append(_("And it cannot go home before {card}, the card it covers.").format(card=card))
    elif s.home_after != s.blocker:
        out.append(_("It cannot go home before {card}, which is stuck too.").format(card=card_name(s.home_after)))
    if dated:
        out.append(_move_sentence(s.since, moves))
    return out


def sentences(e: Explanation) -> list[str]:
    """The explanation in the player's language: one paragraph per string."""
    out: list[str] = []
    if e.kind == "winnable":
        return [_("This position can still be won.")]
    if e.kind == "undecided":
        n = e.nodes
        return [ngettext("The solver looked at {n} position but could not finish its proof in time.",
                         "The solver looked at {n} positions but could not finish its proof in time.", n).format(n=n)]
    if e.lost_at is not None and 1 <= e.lost_at <= len(e.moves):
        # TRANSLATORS: {number} is the move's number in the game, {move} its text such as 7H-3.
        out.append(_("Move {number} ({move}) lost the game: before it, the game could still be won.").format(
            number=e.lost_at, move=str(e.moves[e.lost_at - 1])))
    if e.kind == "exhausted":
        n = e.nodes
        out.append(ngettext("No sequence of moves wins from here: the solver tried every way, {n} position in all.",
                            "No sequence of moves wins from here: the solver tried every way, {n} positions in all.",
                            n).format(n=n))
        return out
    if e.kind == "twins" and e.twins is not None:
        tw = e.twins
        c, d = tw.cards
        x1, x2 = tw.targets
        other = x1 if tw.closed == x2 else x2
        out.append(join_sentences(
            _("{first} and {second} fit only onto {target1} or {target2}, and neither can go home or into "
              "an empty column before the other one has moved.").format(
                first=capital(card_name(c)), second=card_name(d), target1=card_name(x1), target2=card_name(x2)),
            _("{closed} cannot be reached before both have moved, so whichever moves first must go onto {other}, "
              "and then its twin has nowhere to go.").format(
                closed=capital(card_name(tw.closed)), other=card_name(other)),
            _twins_move_sentence(tw.since, e.moves)))
    else:
        n = len(e.stuck)
        # TRANSLATORS: {n} is how many suits are held up; the paragraphs after this one name their cards.
        out.append(ngettext("In {n} suit a card can never reach its foundation, and so neither can the cards "
                            "above it.",
                            "In {n} suits a card can never reach its foundation, and so neither can the cards "
                            "above it.", n).format(n=n))
        told: set[Card] = set()
        same = len({s.since for s in e.stuck}) == 1 and len(e.stuck) > 1  # one move closed every way
        for s in e.stuck:
            out.append(join_sentences(*_stuck_sentences(s, told, e.moves, not same)))
        if same and e.moves:
            since = e.stuck[0].since
            if since is None:
                out.append(_("All these ways were closed from the start of the game."))
            else:
                # TRANSLATORS: {number} is the move's number in the game, {move} its text such as 7H-3.
                out.append(_("Move {number} ({move}) closed all these ways.").format(
                    number=since, move=str(e.moves[since - 1])))
    if e.hidden:
        out.append(_("Some of these cards are still face down: the solver sees every card."))
    return out
