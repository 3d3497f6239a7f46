"""What a lesson can do to the table (``TableMode``, ``BaseMode``) and moves in words."""

from __future__ import annotations

from typing import Protocol

from ...cards import SUIT
from ...i18n import Name, _, ngettext
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


def short_name(card: int) -> Name:
    """A card as the table prints it: 7♥, 10♠, K♣ (a name that stays the same in every case)."""
    return Name(art.rank_label(card) + SYMBOL[SUIT[card]])


def describe_move(position: Position, move: Move) -> str:
    """A move in words for a hint: '7♥ (with 3 cards) onto column 4'.

    Each kind of move is one whole phrase in the catalogue; ``{card}`` and ``{target}`` are
    cards as the table prints them (7♥), ``{column}`` a column's number, 1 to 7 from the left.
    """
    card = move.card
    name = short_name(card)
    if move.to == FOUNDATION:
        # TRANSLATORS: a hinted move, as all the phrases below; {card} is a card as the table prints it, "7♥".
        return _("{card} to its foundation").format(card=name)
    column = move.to + 1
    dest = position.columns[move.to]
    target = short_name(dest[-1]) if dest else Name("")
    s = position.loc[card]
    n = 1
    if s < ON_FOUNDATION:
        n = len(position.columns[s]) - position.columns[s].index(card)
    if s == ON_FOUNDATION:
        text = (_("{card} back from its foundation onto {target} in column {column}") if dest
                else _("{card} back from its foundation into empty column {column}"))
    elif n == 2:
        text = (_("{card} (with the card on it) onto {target} in column {column}") if dest
                else _("{card} (with the card on it) into empty column {column}"))
    elif n > 2:
        # TRANSLATORS: {n} is how many cards lie on the card moved (2 or more).
        text = (ngettext("{card} (with the {n} card on it) onto {target} in column {column}",
                         "{card} (with the {n} cards on it) onto {target} in column {column}", n - 1) if dest
                else ngettext("{card} (with the {n} card on it) into empty column {column}",
                              "{card} (with the {n} cards on it) into empty column {column}", n - 1))
    else:
        text = (_("{card} onto {target} in column {column}") if dest
                else _("{card} into empty column {column}"))
    return text.format(card=name, target=target, column=column, n=n - 1)
