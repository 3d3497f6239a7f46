"""Keyboard play: a cursor over the table and what each key means, with no drawing and no pygame.

The cursor stands on a column (on one of its face-up cards, or on the empty column) or on
a foundation. Left/Right step between columns (or foundations), Up picks a deeper face-up
card (from the deepest one it climbs to the foundation row), Down a shallower one (from
the foundations it drops back to the columns). Enter or Space selects the card under the
cursor with its tail, or, with a selection held, places it on the cursor's column or
foundation. F sends the selected end card, or else the end card under the cursor, home.
Esc cancels the selection.

``KeyCursor.key`` turns a key name into a ``KeyAction`` for the table to carry out; the
table owns the game and the selection highlight, this only decides.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.cards import Card
from ..core.state import FOUNDATION, ON_FOUNDATION, Move, Position
from ..text.i18n import _, capital
from ..text.words import refusal

COLUMNS = 7
FOUNDATIONS = 4


@dataclass(frozen=True, slots=True)
class KeyAction:
    """What a key asks the table to do.

    kind: ``"none"`` (only the cursor moved, or nothing to do), ``"select"`` (hold
    ``card`` with its tail), ``"cancel"`` (drop the selection), ``"move"`` (play
    ``move``), ``"refuse"`` (say ``reason``, in the player's language, capital first and no
    full stop; the selection stays).
    """

    kind: str
    card: Card | None = None
    move: Move | None = None
    reason: str | None = None


NOTHING = KeyAction("none")


@dataclass(slots=True)
class KeyCursor:
    """Where the keyboard cursor stands and which card it holds."""

    column: int = 0
    index: int | None = None  # card index in the column; None = the column's end (or the empty column)
    on_foundations: bool = False
    foundation: int = 0  # suit 0..3 while on the foundation row
    selected: Card | None = None
    shown: bool = False  # drawn only while the keyboard is in use

    def hold(self, card: Card | None) -> None:
        """The card the cursor holds (the table's selection), or none."""
        self.selected = card

    def climb_to(self, foundation: int) -> None:
        """Now on the foundation row: stand on ``foundation``."""
        self.foundation = foundation

    def drop_to(self, pos: Position, column: int) -> None:
        """Now on the columns: stand on ``column``, on its first face-up card when it has several."""
        self.column = column
        col = pos.columns[column]
        self.index = pos.down[column] if col and pos.down[column] < len(col) - 1 else None

    def hide(self) -> bool:
        """The mouse took over: stop drawing the cursor until the next key; True if it was drawn."""
        was, self.shown = self.shown, False
        return was

    # -- where the cursor is ---------------------------------------------------------------
    def card_index(self, pos: Position) -> int | None:
        """The index in its column of the card under the cursor (None on an empty column or a foundation)."""
        if self.on_foundations:
            return None
        col = pos.columns[self.column]
        if not col:
            return None
        first_up = pos.down[self.column]
        if self.index is None:
            return len(col) - 1
        return max(first_up, min(self.index, len(col) - 1))

    def card(self, pos: Position) -> Card | None:
        """The card under the cursor: a face-up column card or a foundation's top card."""
        if self.on_foundations:
            return pos.foundation_top(self.foundation)
        i = self.card_index(pos)
        return None if i is None else pos.columns[self.column][i]

    def settle(self, pos: Position) -> None:
        """Keep the cursor on a real face-up card after the table changed."""
        if self.selected is not None and not pos.is_face_up(self.selected) and not self._is_foundation_top(pos, self.selected):
            self.selected = None
        if not self.on_foundations:
            i = self.card_index(pos)
            col = pos.columns[self.column]
            self.index = None if i is None or i == len(col) - 1 else i

    def follow(self, pos: Position, card: Card) -> None:
        """Put the cursor on ``card`` (after a mouse click or a move), if it lies face up."""
        loc = pos.loc[card]
        if loc < ON_FOUNDATION:
            self.on_foundations = False
            self.column = loc
            col = pos.columns[loc]
            i = col.index(card)
            self.index = None if i == len(col) - 1 else i
        elif loc == ON_FOUNDATION and self._is_foundation_top(pos, card):
            self.on_foundations = True
            self.foundation = card // 13

    @staticmethod
    def _is_foundation_top(pos: Position, card: Card) -> bool:
        return pos.loc[card] == ON_FOUNDATION and pos.foundation_top(card // 13) == card

    # -- keys ---------------------------------------------------------------------------
    def key(self, name: str, pos: Position) -> KeyAction:
        """Act on a key (left, right, up, down, enter, space, f or escape) for the position ``pos``."""
        first_use = not self.shown
        self.shown = True
        if name in ("left", "right"):
            step = -1 if name == "left" else 1
            if first_use:
                return NOTHING  # the first press only shows where the cursor is
            if self.on_foundations:
                self.foundation = (self.foundation + step) % FOUNDATIONS
            else:
                self.column = (self.column + step) % COLUMNS
                self.index = None
            return NOTHING
        if name == "up":
            if first_use:
                return NOTHING
            self._up(pos)
            return NOTHING
        if name == "down":
            if first_use:
                return NOTHING
            self._down(pos)
            return NOTHING
        if name in ("enter", "space"):
            return self._enter(pos)
        if name == "f":
            return self._home(pos)
        if name == "escape":
            if self.selected is not None:
                self.selected = None
                return KeyAction("cancel")
            return NOTHING
        return NOTHING

    def _up(self, pos: Position) -> None:
        if self.on_foundations:
            return
        i = self.card_index(pos)
        first_up = pos.down[self.column]
        if i is None or i <= first_up:
            self.on_foundations = True
            # the foundation above this side of the table
            self.foundation = min(FOUNDATIONS - 1, self.column * FOUNDATIONS // COLUMNS)
            return
        self.index = i - 1

    def _down(self, pos: Position) -> None:
        if self.on_foundations:
            self.on_foundations = False
            self.column = min(COLUMNS - 1, round(self.foundation * COLUMNS / FOUNDATIONS))
            col = pos.columns[self.column]
            self.index = pos.down[self.column] if col else None
            if col and self.index == len(col) - 1:
                self.index = None
            return
        i = self.card_index(pos)
        col = pos.columns[self.column]
        if i is None or i >= len(col) - 1:
            return
        self.index = None if i + 1 == len(col) - 1 else i + 1

    def _target(self) -> int:
        return FOUNDATION if self.on_foundations else self.column

    def _enter(self, pos: Position) -> KeyAction:
        if self.selected is None:
            card = self.card(pos)
            if card is None:
                if self.on_foundations:
                    return KeyAction("refuse", reason=capital(_("this foundation is empty")))
                return KeyAction("refuse", reason=capital(_("the column is empty: pick a card to bring here first")))
            self.selected = card
            return KeyAction("select", card=card)
        card = self.selected
        to = self._target()
        if not self.on_foundations and pos.loc[card] == self.column:
            # Enter on the selection's own column: a different card there re-selects,
            # the same card drops the selection
            under = self.card(pos)
            if under == card or under is None:
                self.selected = None
                return KeyAction("cancel")
            self.selected = under
            return KeyAction("select", card=under)
        move = Move.of(card, to)
        illegal = pos.why_illegal(move)
        if illegal is not None:
            if to == FOUNDATION and pos.loc[card] < ON_FOUNDATION and pos.end_card(pos.loc[card]) != card:
                return KeyAction("refuse", reason=capital(_("only a column's end card can go to a foundation")))
            return KeyAction("refuse", reason=capital(refusal(illegal)))
        self.selected = None
        return KeyAction("move", move=move)

    def _home(self, pos: Position) -> KeyAction:
        card = self.selected if self.selected is not None else None
        if card is None and not self.on_foundations:
            col = pos.columns[self.column]
            card = col[-1] if col else None
        if card is None:
            return KeyAction("refuse", reason=capital(_("no card to send home")))
        if pos.loc[card] < ON_FOUNDATION and pos.end_card(pos.loc[card]) != card:
            return KeyAction("refuse", reason=capital(_("only a column's end card can go to a foundation")))
        move = Move.of(card, FOUNDATION)
        illegal = pos.why_illegal(move)
        if illegal is not None:
            return KeyAction("refuse", reason=capital(refusal(illegal)))
        self.selected = None
        return KeyAction("move", move=move)
