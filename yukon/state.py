"""The position, moves, legal-move generation and apply/undo: the one road into a game.

A ``Position`` holds seven columns (lists of cards, deepest first, the first
``down[i]`` of column ``i`` face down), the top rank of each foundation and the
rules. ``loc`` is derived from those and kept in step by ``push``/``pop``: for each
card, the column it lies face up in, ``ON_FOUNDATION`` or ``FACE_DOWN``. It is what
makes ``legal_moves`` a handful of look-ups per column instead of a scan.

Like python-chess, ``push`` applies a move without checking it (the solver and the
playouts call it millions of times) and returns an ``Undo`` record that ``pop``
reverses exactly, turned-up card included; ``play`` checks first and raises
``IllegalMove`` with a reason a player can read.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import NamedTuple

from .cards import (
    ACE,
    CARD_TEXT,
    KING,
    RANK,
    RED,
    SUIT,
    Card,
    make_card,
    shuffled_pack,
)
from .i18n import N_, _, card_name, foundation_name
from .rules import YUKON, Rules

FOUNDATION = 7  # the destination index of a move to a foundation
ON_FOUNDATION = 7  # loc value: the card is on its foundation
FACE_DOWN = 8  # loc value: the card lies face down
COLUMN_COUNT = 7
DEAL_SIZES = (1, 6, 7, 8, 9, 10, 11)


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

# Why a card cannot go onto a Yukon end card: it wants the other colour, one rank higher.
# One whole sentence per colour and rank (indexed by the wanted rank, 2..13), so that each
# language can make the colour agree with the rank word.
_NEEDS_RED: tuple[str, ...] = (
    "", "",
    # TRANSLATORS: {card} is the card moved, {target} the end card it was dropped on ("the 8 of
    # clubs"); it needs a red card one rank higher. One sentence per rank, so the colour can agree.
    N_("{card} needs a red 2, not {target}"), N_("{card} needs a red 3, not {target}"),
    N_("{card} needs a red 4, not {target}"), N_("{card} needs a red 5, not {target}"),
    N_("{card} needs a red 6, not {target}"), N_("{card} needs a red 7, not {target}"),
    N_("{card} needs a red 8, not {target}"), N_("{card} needs a red 9, not {target}"),
    N_("{card} needs a red 10, not {target}"), N_("{card} needs a red Jack, not {target}"),
    N_("{card} needs a red Queen, not {target}"), N_("{card} needs a red King, not {target}"),
)
_NEEDS_BLACK: tuple[str, ...] = (
    "", "",
    # TRANSLATORS: {card} is the card moved, {target} the end card it was dropped on ("the 8 of
    # clubs"); it needs a black card one rank higher. One sentence per rank, so the colour can agree.
    N_("{card} needs a black 2, not {target}"), N_("{card} needs a black 3, not {target}"),
    N_("{card} needs a black 4, not {target}"), N_("{card} needs a black 5, not {target}"),
    N_("{card} needs a black 6, not {target}"), N_("{card} needs a black 7, not {target}"),
    N_("{card} needs a black 8, not {target}"), N_("{card} needs a black 9, not {target}"),
    N_("{card} needs a black 10, not {target}"), N_("{card} needs a black Jack, not {target}"),
    N_("{card} needs a black Queen, not {target}"), N_("{card} needs a black King, not {target}"),
)


class Undo(NamedTuple):
    """What ``pop`` needs to take a move back exactly."""

    move: Move
    source: int  # the column the card left, or ON_FOUNDATION
    carried: int  # how many cards moved (the tail length; 1 to and from a foundation)
    flipped: bool  # a face-down card was turned up by the move


class IllegalMove(ValueError):
    """A move the rules refuse; ``str()`` is the reason, worded for a player."""

    def __init__(self, move: Move, reason: str) -> None:
        super().__init__(reason)
        self.move = move
        self.reason = reason


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

    def why_illegal(self, move: Move) -> str | None:
        """None for a legal move, else the reason a player would be told (in the player's language).

        The reason is a sentence without its capital and full stop ("the 7 of hearts is face
        down"); the window adds them, the command line prints it as it is.
        """
        card, to = move.card, move.to
        if not (0 <= card < 52 and 0 <= to <= FOUNDATION):
            # TRANSLATORS: a reason a move is refused, as all the reasons below: the window
            # starts it with a capital and ends it with a full stop.
            return _("that is not a move")
        s = self.loc[card]
        name = card_name(card)
        if s == FACE_DOWN:
            # TRANSLATORS: {card} is a whole card name with its article, "the 7 of hearts".
            return _("{card} is face down").format(card=name)
        if to == FOUNDATION:
            if s == ON_FOUNDATION:
                return _("{card} is already on its foundation").format(card=name)
            if self.columns[s][-1] != card:
                return _("only the end card of a column can go to a foundation")
            r = self.foundations[SUIT[card]]
            if r != RANK[card] - 1:
                if RANK[card] == ACE:
                    # cannot happen: one pack
                    return _("{card} is already on its foundation").format(card=name)
                if r == 0:
                    # TRANSLATORS: {foundation} is "the hearts foundation" (or spades, ...).
                    return _("{foundation} starts with its Ace").format(foundation=foundation_name(SUIT[card]))
                # TRANSLATORS: {card} and {wanted} are whole card names of one suit, "the 5 of
                # hearts" needs "the 4 of hearts".
                return _("{card} needs {wanted} on its foundation first").format(
                    card=name, wanted=card_name(card - 1))
            return None
        if s == ON_FOUNDATION:
            if not self.rules.foundation_return:
                return _("in this game foundation cards may not come back")
            if self.foundations[SUIT[card]] != RANK[card]:
                return _("only the top card of a foundation can come back")
        elif s == to:
            # TRANSLATORS: {column} is the column's number, 1 to 7 from the left.
            return _("{card} is already in column {column}").format(card=name, column=to + 1)
        dest = self.columns[to]
        if not dest:
            if RANK[card] != KING and not self.rules.any_card_in_space:
                return _("only a King can fill an empty column")
            if s < ON_FOUNDATION and self.columns[s][0] == card:
                return _("{card} already heads its own column; moving it changes nothing").format(card=name)
            return None
        target = dest[-1]
        if self.rules.fits(card, target):
            return None
        if RANK[target] == ACE:
            return _("nothing can go onto an Ace")
        if RANK[card] == KING:
            return _("a King can only go into an empty column")
        if self.rules.variant == "russian":
            # TRANSLATORS: Russian Solitaire; {card} is the card moved, {wanted} the one card it
            # fits on (same suit, one higher), {target} the card it was dropped on.
            return _("{card} needs {wanted}, not {target}").format(
                card=name, wanted=card_name(card + 1), target=card_name(target))
        needs = _NEEDS_BLACK if RED[card] else _NEEDS_RED
        return _(needs[RANK[card] + 1]).format(card=name, target=card_name(target))

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
        reason = self.why_illegal(move)
        if reason is not None:
            raise IllegalMove(move, reason)
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
