"""The position, moves, legal-move generation and apply/undo: the one road into a game.

A ``Position`` holds seven columns (lists of cards, deepest first, the first
``down[i]`` of column ``i`` face down), the top rank of each foundation and the
rules. ``loc`` is derived from those and kept in step by ``push``/``pop``: for each
card, the column it lies face up in, ``ON_FOUNDATION`` or ``FACE_DOWN``. It is what
makes ``legal_moves`` a handful of look-ups per column instead of a scan.

Like python-chess, ``push`` applies a move without checking it (the solver and the
playouts call it millions of times) and returns an ``Undo`` record that ``pop``
reverses exactly, turned-up card included; ``play`` checks first and raises
``IllegalMove``. Why a move is refused is a typed value (``Illegal``: a ``Refusal`` and the
cards and places it names): the module knows no language; ``yukon.text.words.refusal``
says it in the player's.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum
from typing import NamedTuple

from .cards import (
    ACE,
    CARD_TEXT,
    KING,
    RANK,
    SUIT,
    Card,
    make_card,
    shuffled_pack,
)
from .rules import YUKON, Rules

FOUNDATION = 7  # the destination index of a move to a foundation
ON_FOUNDATION = 7  # loc value: the card is on its foundation
FACE_DOWN = 8  # loc value: the card lies face down
COLUMN_COUNT = 7


@dataclass(frozen=True, slots=True)
class Move:
    """A card picked up (with its tail) and where it goes: a column 0..6 or FOUNDATION.

    Its text is the move text of RULES.md: ``7H-3`` (columns count from 1), ``AS-F``.
    """

    card: Card
    to: int

    @property
    def to_foundation(self) -> bool:
        """Does the move go to a foundation?"""
        return self.to == FOUNDATION

    def __str__(self) -> str:
        return f"{CARD_TEXT[self.card]}-{'F' if self.to == FOUNDATION else self.to + 1}"

    @staticmethod
    def of(card: Card, to: int) -> Move:
        """The shared Move object for ``card`` going to ``to``."""
        return _MOVES[card * 8 + to]


_MOVES: tuple[Move, ...] = tuple(Move(c, t) for c in range(52) for t in range(8))

class Undo(NamedTuple):
    """What ``pop`` needs to take a move back exactly."""

    move: Move
    source: int  # the column the card left, or ON_FOUNDATION
    carried: int  # how many cards moved (the tail length; 1 to and from a foundation)
    flipped: bool  # a face-down card was turned up by the move


class Refusal(Enum):
    """Why the rules refuse a move: one member per reason a player may be told."""

    NOT_A_MOVE = "not a move"  # no such card or destination
    FACE_DOWN = "face down"  # card
    ALREADY_HOME = "already home"  # card: it is on its foundation already
    NOT_END_CARD = "not an end card"  # only the end card of a column can go to a foundation
    FOUNDATION_STARTS_WITH_ACE = "foundation starts with its Ace"  # card, suit: the suit's foundation is empty
    FOUNDATION_NEEDS = "foundation needs the card below"  # card, wanted: the card that must be home first
    NO_FOUNDATION_RETURN = "no foundation return"  # these rules let no card come back
    NOT_FOUNDATION_TOP = "not the top of its foundation"  # card
    ALREADY_IN_COLUMN = "already in that column"  # card, column
    ONLY_KING_IN_SPACE = "only a King in an empty column"  # card
    HEADS_OWN_COLUMN = "heads its own column"  # card: moving it to an empty column changes nothing
    NOTHING_ONTO_ACE = "nothing onto an Ace"  # card, target
    KING_ONLY_TO_SPACE = "a King only into an empty column"  # card, target
    WRONG_TARGET = "does not fit"  # card, target; Russian Solitaire: wanted, the one card it fits on
    # (Yukon: a card of the other colour one rank higher, which follows from the card)


class Illegal(NamedTuple):
    """A refused move: why (``refusal``), and the cards and places the reason names.

    A named tuple, like ``Undo``: as immutable as a frozen dataclass and several times quicker
    to make, which a scan of every card to every place (the bench's baseline) feels."""

    refusal: Refusal
    card: Card | None = None  # the card moved
    target: Card | None = None  # the end card it was to go onto
    wanted: Card | None = None  # the card it needs: home first (FOUNDATION_NEEDS), to go onto (Russian)
    column: int | None = None  # a column, 0..6 (ALREADY_IN_COLUMN)
    suit: int | None = None  # a foundation's suit (FOUNDATION_STARTS_WITH_ACE)


class IllegalMove(ValueError):
    """A move the rules refuse; ``illegal`` says why (``str()`` is for logs, not for players)."""

    def __init__(self, move: Move, illegal: Illegal) -> None:
        super().__init__(f"{move} is refused: {illegal.refusal.value}")
        self.move = move
        self.illegal = illegal


@dataclass(slots=True, eq=False)
class Position:
    """A Yukon table: columns (deepest card first), face-down counts, foundations, rules."""

    columns: list[list[Card]]
    down: list[int]
    foundations: list[int]  # top rank per suit, spades hearts diamonds clubs; 0 = empty
    rules: Rules = YUKON
    loc: list[int] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self.reindex()

    def reindex(self) -> None:
        """Rebuild ``loc`` from the columns and foundations (after editing them directly)."""
        loc = [ON_FOUNDATION] * 52
        for i, col in enumerate(self.columns):
            d = self.down[i]
            for j, c in enumerate(col):
                loc[c] = FACE_DOWN if j < d else i
        self.loc = loc

    # -- construction -------------------------------------------------------------------
    @classmethod
    def deal(cls, seed: int, rules: Rules = YUKON) -> Position:
        """The deal numbered ``seed``, dealt as RULES.md says (Klondike first, then 24 up)."""
        pack = shuffled_pack(seed)
        columns: list[list[Card]] = [[] for _unused in range(COLUMN_COUNT)]
        k = 0
        for r in range(COLUMN_COUNT):
            for c in range(r, COLUMN_COUNT):
                columns[c].append(pack[k])
                k += 1
        for _unused in range(4):
            for c in range(1, COLUMN_COUNT):
                columns[c].append(pack[k])
                k += 1
        return cls(columns, list(range(COLUMN_COUNT)), [0, 0, 0, 0], rules)

    def copy(self) -> Position:
        """An independent copy."""
        p = Position.__new__(Position)
        p.columns = [c[:] for c in self.columns]
        p.down = self.down[:]
        p.foundations = self.foundations[:]
        p.rules = self.rules
        p.loc = self.loc[:]
        return p

    def with_rules(self, rules: Rules) -> Position:
        """A copy played under other rules."""
        p = self.copy()
        p.rules = rules
        return p

    def key(self) -> tuple:
        """A hashable value equal for equal positions (same cards in the same places)."""
        return (tuple(map(tuple, self.columns)), tuple(self.down), tuple(self.foundations))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Position):
            return NotImplemented
        return self.key() == other.key() and self.rules == other.rules

    # No __hash__: Python makes a class that defines __eq__ unhashable, as a mutable Position must be.

    # -- queries ------------------------------------------------------------------------
    def end_card(self, column: int) -> Card | None:
        """The exposed end card of a column, or None when it is empty."""
        col = self.columns[column]
        return col[-1] if col else None

    def foundation_top(self, suit: int) -> Card | None:
        """The top card of a suit's foundation, or None when it is empty."""
        r = self.foundations[suit]
        return make_card(r, suit) if r else None

    def is_face_up(self, card: Card) -> bool:
        """Does the card lie face up on the table?"""
        return self.loc[card] < ON_FOUNDATION

    def column_of(self, card: Card) -> int | None:
        """The column holding the card (face up or down), or None if it is on a foundation."""
        if self.loc[card] < ON_FOUNDATION:
            return self.loc[card]
        for i, col in enumerate(self.columns):
            if card in col:
                return i
        return None

    def tail(self, card: Card) -> list[Card]:
        """The card and every card lying on top of it in its column."""
        column = self.column_of(card)
        if column is None:
            raise ValueError(f"{CARD_TEXT[card]} is on a foundation: it has no tail")
        col = self.columns[column]
        return col[col.index(card):]

    def face_down_count(self) -> int:
        """How many cards lie face down."""
        return sum(self.down)

    def home_count(self) -> int:
        """How many cards are on the foundations."""
        return sum(self.foundations)

    def is_won(self) -> bool:
        """All 52 cards are on the foundations."""
        return self.foundations == [KING, KING, KING, KING]

    def is_blocked(self) -> bool:
        """No legal move is left (a won table counts too)."""
        return not self.legal_moves()

    # -- move generation ----------------------------------------------------------------
    def legal_moves(self) -> list[Move]:
        """Every legal move: to the foundations, onto end cards, into empty columns."""
        loc = self.loc
        cols = self.columns
        found = self.foundations
        rules = self.rules
        onto = rules.onto
        moves_ = _MOVES
        back = rules.foundation_return
        out: list[Move] = []
        empties: list[int] = []
        for d in range(7):
            col = cols[d]
            if col:
                e = col[-1]
                if found[e // 13] == e % 13:
                    out.append(moves_[e * 8 + 7])
                for c in onto[e]:
                    s = loc[c]
                    if s < 7:
                        if s != d:
                            out.append(moves_[c * 8 + d])
                    elif s == 7 and back and found[c // 13] == c % 13 + 1:
                        out.append(moves_[c * 8 + d])
            else:
                empties.append(d)
        if empties:
            for c in rules.space_leaders:
                s = loc[c]
                if s < 7:
                    if cols[s][0] == c:  # already the bottom card of its column
                        continue
                elif not (s == 7 and back and found[c // 13] == c % 13 + 1):
                    continue
                for d in empties:
                    out.append(moves_[c * 8 + d])
        return out

    def why_illegal(self, move: Move) -> Illegal | None:
        """None for a legal move, else why the rules refuse it (``yukon.text.words.refusal`` words it)."""
        card, to = move.card, move.to
        if not (0 <= card < 52 and 0 <= to <= FOUNDATION):
            return Illegal(Refusal.NOT_A_MOVE)
        s = self.loc[card]
        if s == FACE_DOWN:
            return Illegal(Refusal.FACE_DOWN, card)
        if to == FOUNDATION:
            if s == ON_FOUNDATION:
                return Illegal(Refusal.ALREADY_HOME, card)
            if self.columns[s][-1] != card:
                return Illegal(Refusal.NOT_END_CARD, card)
            r = self.foundations[SUIT[card]]
            if r != RANK[card] - 1:
                if RANK[card] == ACE:
                    return Illegal(Refusal.ALREADY_HOME, card)  # cannot happen: one pack
                if r == 0:
                    return Illegal(Refusal.FOUNDATION_STARTS_WITH_ACE, card, suit=SUIT[card])
                return Illegal(Refusal.FOUNDATION_NEEDS, card, wanted=card - 1)
            return None
        if s == ON_FOUNDATION:
            if not self.rules.foundation_return:
                return Illegal(Refusal.NO_FOUNDATION_RETURN, card)
            if self.foundations[SUIT[card]] != RANK[card]:
                return Illegal(Refusal.NOT_FOUNDATION_TOP, card)
        elif s == to:
            return Illegal(Refusal.ALREADY_IN_COLUMN, card, column=to)
        dest = self.columns[to]
        if not dest:
            if RANK[card] != KING and not self.rules.any_card_in_space:
                return Illegal(Refusal.ONLY_KING_IN_SPACE, card)
            if s < ON_FOUNDATION and self.columns[s][0] == card:
                return Illegal(Refusal.HEADS_OWN_COLUMN, card)
            return None
        target = dest[-1]
        if self.rules.fits(card, target):
            return None
        if RANK[target] == ACE:
            return Illegal(Refusal.NOTHING_ONTO_ACE, card, target)
        if RANK[card] == KING:
            return Illegal(Refusal.KING_ONLY_TO_SPACE, card, target)
        if self.rules.variant == "russian":
            return Illegal(Refusal.WRONG_TARGET, card, target, wanted=card + 1)
        return Illegal(Refusal.WRONG_TARGET, card, target)

    def is_legal(self, move: Move) -> bool:
        """Is the move allowed here?"""
        return self.why_illegal(move) is None

    # -- making and taking back moves ---------------------------------------------------
    def push(self, move: Move) -> Undo:
        """Make a move without checking it; return what ``pop`` needs to take it back."""
        card = move.card
        to = move.to
        loc = self.loc
        s = loc[card]
        if s == ON_FOUNDATION:
            self.foundations[card // 13] -= 1
            self.columns[to].append(card)
            loc[card] = to
            return Undo(move, ON_FOUNDATION, 1, False)
        col = self.columns[s]
        if to == FOUNDATION:
            col.pop()
            self.foundations[card // 13] += 1
            loc[card] = ON_FOUNDATION
            count = 1
        else:
            i = col.index(card)
            tail = col[i:]
            del col[i:]
            self.columns[to].extend(tail)
            for c in tail:
                loc[c] = to
            count = len(tail)
        if col and self.down[s] == len(col):
            self.down[s] -= 1
            loc[col[-1]] = s
            return Undo(move, s, count, True)
        return Undo(move, s, count, False)

    def pop(self, undo: Undo) -> None:
        """Take back the move ``undo`` was returned for (the latest one still made)."""
        move, s, count, flipped = undo
        card = move.card
        loc = self.loc
        if s == ON_FOUNDATION:
            self.columns[move.to].pop()
            self.foundations[card // 13] += 1
            loc[card] = ON_FOUNDATION
            return
        col = self.columns[s]
        if flipped:
            self.down[s] += 1
            loc[col[-1]] = FACE_DOWN
        if move.to == FOUNDATION:
            self.foundations[card // 13] -= 1
            col.append(card)
            loc[card] = s
        else:
            dest = self.columns[move.to]
            tail = dest[-count:]
            del dest[-count:]
            col.extend(tail)
            for c in tail:
                loc[c] = s

    def play(self, move: Move) -> Undo:
        """Make a move after checking it; raises IllegalMove with the reason."""
        illegal = self.why_illegal(move)
        if illegal is not None:
            raise IllegalMove(move, illegal)
        return self.push(move)

    # -- searching what is reachable ----------------------------------------------------
    def reaches(self, goal: Callable[[Position, Undo], bool], limit: int) -> bool | None:
        """Does some sequence of legal moves lead to a move for which ``goal`` is true?

        A depth-first walk over every position reachable from this one, each visited
        once. ``goal(position, undo)`` is asked after each move, with the move made.
        True as soon as it holds, False when every reachable position was seen, None
        when more than ``limit`` positions would have to be looked at. The position
        itself is not changed.
        """
        p = self.copy()
        seen = {p.key()}
        stack: list[list[Move]] = [p.legal_moves()]
        undos: list[Undo] = []
        while stack:
            moves = stack[-1]
            if not moves:
                stack.pop()
                if undos:
                    p.pop(undos.pop())
                continue
            u = p.push(moves.pop())
            if goal(p, u):
                return True
            k = p.key()
            if k in seen:
                p.pop(u)
                continue
            seen.add(k)
            if len(seen) > limit:
                return None
            undos.append(u)
            stack.append(p.legal_moves())
        return False

    def progress_possible(self, limit: int = 20000) -> bool | None:
        """Can any sequence of moves still turn a card up or raise a foundation?

        True or False when decided, None when more than ``limit`` positions would have
        to be looked at. A card turned up or the foundations higher than they are now
        count as progress; the walk goes through everything else (shuffles, cards
        coming back from the foundations).
        """
        if self.is_won():
            return False
        home = sum(self.foundations)
        return self.reaches(lambda p, u: u.flipped or sum(p.foundations) > home, limit)


@dataclass(slots=True)
class Game:
    """A position with its history: undo and redo, restart, and the deal it came from."""

    start: Position
    seed: int | None = None
    position: Position = field(init=False)
    history: list[Undo] = field(init=False, default_factory=list)
    redo_stack: list[Move] = field(init=False, default_factory=list)

    def __post_init__(self) -> None:
        self.position = self.start.copy()

    @classmethod
    def deal(cls, seed: int, rules: Rules = YUKON) -> Game:
        """A new game on deal number ``seed``."""
        return cls(Position.deal(seed, rules), seed)

    @property
    def rules(self) -> Rules:
        """The rules the game is played under."""
        return self.position.rules

    @property
    def moves_made(self) -> list[Move]:
        """The moves made so far, oldest first."""
        return [u.move for u in self.history]

    def play(self, move: Move) -> Undo:
        """Make a legal move (raises IllegalMove); it clears the redo list."""
        u = self.position.play(move)
        self.history.append(u)
        self.redo_stack.clear()
        return u

    def can_undo(self) -> bool:
        """Is there a move to take back?"""
        return bool(self.history)

    def can_redo(self) -> bool:
        """Is there an undone move to make again?"""
        return bool(self.redo_stack)

    def undo(self) -> Undo | None:
        """Take back the last move; returns its record, or None with nothing to undo."""
        if not self.history:
            return None
        u = self.history.pop()
        self.position.pop(u)
        self.redo_stack.append(u.move)
        return u

    def redo(self) -> Undo | None:
        """Make the last undone move again; None when there is none."""
        if not self.redo_stack:
            return None
        u = self.position.push(self.redo_stack.pop())
        self.history.append(u)
        return u

    def restart(self) -> None:
        """Back to the deal as it was dealt (the same shuffle); history is cleared."""
        self.position = self.start.copy()
        self.history.clear()
        self.redo_stack.clear()
