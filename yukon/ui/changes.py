"""The plain data the table and the parts exchange: a status note, the table's settings, a win's record.

They live apart from ``parts`` so that the table, the screens and the app's protocol can use them
without importing the parts (which name the table): no import circle, not even a type-only one.
``parts`` hands them on too.
"""

from __future__ import annotations

from dataclasses import dataclass

from .commands import Command


@dataclass(frozen=True, slots=True)
class StatusNote:
    """A text for the status line; ``alert`` marks bad news (drawn in another colour);
    ``command`` is what a click on the status line runs while the note shows."""

    text: str
    alert: bool = False
    command: Command | None = None


@dataclass(frozen=True, slots=True)
class TablePrefs:
    """The settings the table follows: slide speed (0: no slides), mirrored top row, safe cards home,
    and how every screen is drawn: a four-colour deck, high contrast, the text size factor, the deck,
    the card back, the table cloth and the theme. A table nobody set up draws the Simple deck (the
    player's settings choose a pictured one first: ``yukon.play.settings.Settings``)."""

    animation_speed: float = 1.0
    left_handed: bool = False
    auto_home_safe: bool = False
    four_colour: bool = False
    high_contrast: bool = False
    text_factor: float = 1.0  # text is drawn this many times its normal size
    deck: str = "simple"  # a key of ``deck.deck_keys()``
    card_back: str = "blue"  # a key of ``card_backs.BACK_STYLES``
    felt: str = "green"  # a key of ``felts.FELTS``
    theme: str = "light"  # a key of ``theme.THEMES``


@dataclass(frozen=True, slots=True)
class WinRecord:
    """What the records say just after a win, for its summary: the best time of the game's rules
    (None: no clean win yet), the current winning streak and the hints used in the game won."""

    best_time: float | None
    streak: int
    hints: int
