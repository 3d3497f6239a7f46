"""The rule set a game is played under: the variant and its two options.

A variant differs from Yukon in one thing only, which cards may be built onto which;
``Rules.onto`` answers that for every card once, so move generation is a table look-up.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .cards import ALL_CARDS, KINGS, RANK, RED, SUIT, Card

VARIANTS = ("yukon", "russian")
# The variants' names in English, for the command line, files and logs (``describe``); the
# window names them in the player's language (``yukon.text.words.variant_title``).
_ENGLISH_TITLES = {"yukon": "Yukon", "russian": "Russian Solitaire"}


def _fits_yukon(card: Card, target: Card) -> bool:
    return RANK[target] == RANK[card] + 1 and RED[target] != RED[card]


def _fits_russian(card: Card, target: Card) -> bool:
    return RANK[target] == RANK[card] + 1 and SUIT[target] == SUIT[card]


_FITS = {"yukon": _fits_yukon, "russian": _fits_russian}
# Each variant's ``onto`` table, made once: 2 704 look-ups cost milliseconds, and rules are made
# anew wherever a save, a share code or a settings file is read.
_ONTO: dict[str, tuple[tuple[Card, ...], ...]] = {}


def _onto(variant: str) -> tuple[tuple[Card, ...], ...]:
    """onto[t] for ``variant``: the cards that may be placed on an end card t."""
    table = _ONTO.get(variant)
    if table is None:
        fits = _FITS[variant]
        table = _ONTO[variant] = tuple(tuple(c for c in ALL_CARDS if fits(c, t)) for t in ALL_CARDS)
    return table


@dataclass(frozen=True, slots=True)
class Rules:
    """Variant (``yukon`` or ``russian``) and options; hashable, so it can key caches."""

    variant: str = "yukon"
    any_card_in_space: bool = False
    foundation_return: bool = True
    # onto[t]: the cards that may be placed on an end card t (derived, not compared).
    onto: tuple[tuple[Card, ...], ...] = field(init=False, repr=False, compare=False, hash=False)
    # Cards that may lead into an empty column.
    space_leaders: tuple[Card, ...] = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        if self.variant not in _FITS:
            raise ValueError(f"unknown game {self.variant!r} (choose yukon or russian)")
        object.__setattr__(self, "onto", _onto(self.variant))
        object.__setattr__(self, "space_leaders", ALL_CARDS if self.any_card_in_space else KINGS)

    def fits(self, card: Card, target: Card) -> bool:
        """May ``card`` be placed on the end card ``target``?"""
        return _FITS[self.variant](card, target)

    def describe(self) -> str:
        """The variant and any option that differs from the default, in English: for the command
        line, benchmarks and logs (the window's words, in the player's language, are
        ``yukon.text.words.rules_line``)."""
        options = []
        if self.any_card_in_space:
            options.append("any card in an empty column")
        if not self.foundation_return:
            options.append("no foundation return")
        return ", ".join([_ENGLISH_TITLES[self.variant], *options])


YUKON = Rules()
RUSSIAN = Rules("russian")
