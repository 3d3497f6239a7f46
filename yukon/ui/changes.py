"""The plain data the table and the parts exchange: a change at the table, a status note, the table's settings.

They live apart from ``parts`` so that the table, the screens and the app's protocol can use them
without importing the parts (which name the table): no import circle, not even a type-only one.
``parts`` hands them on under their old names.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..state import Game, Move

# "hint": a hint was shown for the game (nothing moved; a win of it is an assisted one).
ChangeKind = Literal["move", "undo", "redo", "restart", "new", "won", "stuck", "hint"]
PlayedBy = Literal["Demo", "Finish"]  # who made a move when not the player (the solver, for them)


@dataclass(frozen=True, slots=True)
class Change:
    """A change at the table: what happened, to which game, by which move (if one), and who made it
    when not the player."""

    kind: ChangeKind
    game: Game
    move: Move | None = None
    by: PlayedBy | None = None


@dataclass(frozen=True, slots=True)
class StatusNote:
    """A text for the status line; ``alert`` marks bad news (drawn in another colour);
    ``action`` names the command a click on the status line runs while the note shows."""

    text: str
    alert: bool = False
    action: str = ""


@dataclass(frozen=True, slots=True)
class TablePrefs:
    """The settings the table follows: slide speed (0: no slides), mirrored top row, safe cards home,
    and how every screen is drawn: a four-colour deck, high contrast, the text size factor."""

    animation_speed: float = 1.0
    left_handed: bool = False
    auto_home_safe: bool = False
    four_colour: bool = False
    high_contrast: bool = False
    text_factor: float = 1.0  # text is drawn this many times its normal size
