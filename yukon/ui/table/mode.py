"""What a lesson can do to the table (``TableMode``, ``BaseMode``) and moves in words."""

from __future__ import annotations

from typing import Protocol

from ...cards import SUIT
from ...state import FOUNDATION, ON_FOUNDATION, Game, Move, Position
from .. import art
from ..widgets import ButtonSpec, Panel
from .style import SYMBOL


class TableMode(Protocol):
    """What a lesson (or any other guide) can do to the table; see the package docstring."""

    def veto(self, game: Game, move: Move) -> str | None: ...

    def after_move(self, game: Game, move: Move) -> None: ...

    def after_change(self, game: Game, kind: str) -> None: ...

    def highlights(self, game: Game) -> tuple[set[int], set[int]]: ...

    def panel(self, game: Game) -> Panel | None: ...

    def buttons(self) -> list[ButtonSpec] | None: ...


class BaseMode:
    """A mode that changes nothing: subclass it and override what you need."""

    def veto(self, game: Game, move: Move) -> str | None:
        """None lets the move be made; a message refuses it."""
        return None

    def after_move(self, game: Game, move: Move) -> None:
        """A move was made."""

    def after_change(self, game: Game, kind: str) -> None:
        """``undo``, ``redo`` or ``restart`` happened."""

    def highlights(self, game: Game) -> tuple[set[int], set[int]]:
        """Cards and destinations to light up."""
        return set(), set()

    def panel(self, game: Game) -> Panel | None:
        """Text and buttons beside the table, or None."""
        return None

    def buttons(self) -> list[ButtonSpec] | None:
        """The button bar to show instead of the app's, or None."""
        return None


def short_name(card: int) -> str:
    """A card as the table prints it: 7♥, 10♠, K♣."""
    return art.rank_label(card) + SYMBOL[SUIT[card]]


def describe_move(position: Position, move: Move) -> str:
    """A move in words for a hint: '7♥ (with 3 cards) onto column 4'."""
    card = move.card
    if move.to == FOUNDATION:
        where = "to its foundation"
    elif not position.columns[move.to]:
        where = f"into empty column {move.to + 1}"
    else:
        where = f"onto {short_name(position.columns[move.to][-1])} in column {move.to + 1}"

    s = position.loc[card]
    extra = ""
    if s < ON_FOUNDATION:
        n = len(position.columns[s]) - position.columns[s].index(card)
        if n == 2:
            extra = " (with the card on it)"
        elif n > 2:
            extra = f" (with the {n - 1} cards on it)"
    elif s == ON_FOUNDATION:
        extra = " back from its foundation"
    return f"{short_name(card)}{extra} {where}"
