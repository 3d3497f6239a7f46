"""Card decks: the faces and backs a table draws, from the drawn Simple deck or a pictured deck.

A deck draws a face at the exact size asked for and keeps it (``face``). Pictured decks are
SVG files under ``assets/cards/<folder>/`` (see ``SOURCES``), drawn by pygame-ce when a face
is first needed: a court card takes some milliseconds, so a window that must never stall
draws with ``quick_face`` (the exact face when it is ready, otherwise at once a stand-in:
the same card scaled from another size, or the Simple deck's face) and lets
``render_queued`` draw the waiting faces within a time budget each frame.

``choose_deck`` is the one way in: it gives the deck to use for the player's settings and,
when that is not the deck asked for, the sentence that says why (four-colour suits and high
contrast need the Simple deck; a missing or damaged file falls back to it). A file found
damaged later, while drawing, does the same: the deck draws every face from the Simple deck
from then on and ``problem`` says why. No error reaches the player.
"""

from __future__ import annotations

import math
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import pygame

from ..core.cards import CARD_TEXT, Card
from ..core.resources import asset_path
from ..text.i18n import NC_, _, pgettext
from . import art
from .card_backs import draw_back
from .layout import index_height as simple_index_height

Size = tuple[int, int]
Clock = Callable[[], float]

# Faces are kept for the newest few card sizes (a resize keeps the last one to stand in while the new
# faces are drawn; the rules page may draw a second size), within a bound on their pixels' bytes:
# 52 faces at 450 px wide (a 4K window) are 56 MB. The newest size is always kept whole.
MAX_SIZES = 3
MAX_BYTES = 128 * 2**20
SIMPLE = "simple"


class Deck(Protocol):
    """What a window needs of a deck of cards (``choose_deck`` gives one)."""

    key: str  # saved in the settings
    title: str  # English, marked in context "deck": show it with ``deck_title``
    can_recolour: bool  # four-colour suits and high contrast can be drawn with it
    problem: str | None  # why faces come from the Simple deck instead, in the player's language

    def face(self, card: Card, size: Size) -> pygame.Surface:
        """The face of ``card`` at exactly ``size``, drawn now if it is not kept yet (shared: do not draw on it)."""
        ...

    def quick_face(self, card: Card, size: Size) -> pygame.Surface:
        """The face if it is kept, else at once a stand-in of the right size; the face is then queued."""
        ...

    def ready(self, card: Card, size: Size) -> bool:
        """Whether ``face(card, size)`` would return at once."""
        ...

    def queue(self, cards: Iterable[Card], size: Size) -> None:
        """Ask for faces to be drawn ahead of need by ``render_queued`` (a new size: every card)."""
        ...

    def render_queued(self, budget: float, clock: Clock = time.perf_counter) -> int:
        """Draw queued faces (of the newest size asked for) until ``budget`` seconds are spent, at least
        one; return how many are still waiting."""
        ...

    def back(self, style: str, size: Size) -> pygame.Surface:
        """The card back of ``style`` (a key of ``card_backs.BACK_STYLES``) at exactly ``size``."""
        ...

    def index_height(self, size: Size) -> int:
        """Pixels from a face's top edge that hold its corner index (rank and suit) at ``size``."""
        ...

    def kept_bytes(self) -> int:
        """The pixel memory the deck keeps (faces, stand-ins, backs)."""
        ...


def _convert(surf: pygame.Surface) -> pygame.Surface:
    """The surface in the display's pixel format, for quick blits (as it is when there is no display)."""
    return surf.convert_alpha() if pygame.display.get_surface() is not None else surf


class _KeptFaces:
    """Faces and backs kept per card size (the newest sizes, see ``MAX_SIZES``), and the queue of faces to draw.

    Subclasses say how a face is drawn (``_draw``, in the display's format) and what else it
    depends on (``_variant``: the Simple deck's corner letters follow the player's language).
    """

    key: str
    title: str
    can_recolour: bool
    problem: str | None
    slow = True  # drawing a face can take long enough to want a stand-in (``quick_face``)

    def __init__(self) -> None:
        self.problem = None
        self._sizes: OrderedDict[tuple[Size, object], dict[Card, pygame.Surface]] = OrderedDict()
        self._bytes = 0  # of the faces in _sizes
        self._stand_ins: dict[tuple[Card, Size], pygame.Surface] = {}
        self._backs: OrderedDict[tuple[str, Size], pygame.Surface] = OrderedDict()
        self._queued: OrderedDict[Card, None] = OrderedDict()
        self._queued_size: Size | None = None

    # -- for subclasses ---------------------------------------------------------------------
    def _draw(self, card: Card, size: Size) -> pygame.Surface:
        raise NotImplementedError

    def _variant(self) -> object:
        return None

    def _draw_stand_in(self, card: Card, size: Size) -> pygame.Surface:
        return self._draw(card, size)

    def _forget(self) -> None:
        for faces in self._sizes.values():
            faces.clear()
        self._sizes.clear()
        self._bytes = 0
        self._stand_ins.clear()

    def _kept(self, size: Size) -> dict[Card, pygame.Surface]:
        key = (size, self._variant())
        faces = self._sizes.get(key)
        if faces is None:
            faces = self._sizes[key] = {}
        self._sizes.move_to_end(key)
        return faces

    def _let_go(self) -> None:
        """Drop the oldest sizes beyond MAX_SIZES or MAX_BYTES (never the newest)."""
        while len(self._sizes) > 1 and (len(self._sizes) > MAX_SIZES or self._bytes > MAX_BYTES):
            _key, faces = self._sizes.popitem(last=False)
            self._bytes -= sum(art.surface_bytes(f) for f in faces.values())

    # -- the interface ----------------------------------------------------------------------
    def face(self, card: Card, size: Size) -> pygame.Surface:
        """The face of ``card`` at exactly ``size`` (kept)."""
        size = (max(1, int(size[0])), max(1, int(size[1])))
        faces = self._kept(size)
        surf = faces.get(card)
        if surf is None:
            surf = self._draw(card, size)
            if self._kept(size) is faces:  # (a deck found damaged while drawing has let its faces go)
                faces[card] = surf
                self._bytes += art.surface_bytes(surf)
                self._let_go()
            self._stand_ins.pop((card, size), None)
        return surf

    def ready(self, card: Card, size: Size) -> bool:
        """Whether the face is kept at ``size``."""
        faces = self._sizes.get(((int(size[0]), int(size[1])), self._variant()))
        return faces is not None and card in faces

    def quick_face(self, card: Card, size: Size) -> pygame.Surface:
        """The kept face, or at once a stand-in (the face scaled from the largest other size kept, else
        the Simple deck's face); the face itself is queued for ``render_queued``."""
        size = (max(1, int(size[0])), max(1, int(size[1])))
        if not self.slow or self.ready(card, size):
            return self.face(card, size)
        self.queue((card,), size)
        stand_in = self._stand_ins.get((card, size))
        if stand_in is None:
            others = [faces[card] for (s, v), faces in self._sizes.items()
                      if card in faces and s != size and v == self._variant()]
            if others:
                best = max(others, key=lambda s: s.get_width())
                stand_in = pygame.transform.smoothscale(best, size)
            else:
                stand_in = self._draw_stand_in(card, size)
            self._stand_ins[(card, size)] = stand_in
        return stand_in

    def queue(self, cards: Iterable[Card], size: Size) -> None:
        """Queue faces at ``size``; faces queued at another size are dropped (only the newest size matters)."""
        size = (max(1, int(size[0])), max(1, int(size[1])))
        if size != self._queued_size:
            self._queued.clear()
            self._stand_ins = {k: v for k, v in self._stand_ins.items() if k[1] == size}
            self._queued_size = size
        for card in cards:
            if not self.ready(card, size):
                self._queued[card] = None

    def render_queued(self, budget: float, clock: Clock = time.perf_counter) -> int:
        """Draw queued faces until ``budget`` seconds have passed on ``clock`` (at least one face)."""
        start = clock()
        size = self._queued_size
        while self._queued and size is not None:
            card, _none = self._queued.popitem(last=False)
            self.face(card, size)
            if clock() - start >= budget:
                break
        return len(self._queued)

    def back(self, style: str, size: Size) -> pygame.Surface:
        """A card back, drawn by code (kept for the newest few sizes and styles)."""
        size = (max(1, int(size[0])), max(1, int(size[1])))
        key = (style, size)
        surf = self._backs.get(key)
        if surf is None:
            surf = self._backs[key] = _convert(draw_back(style, size, high_contrast=self._high_contrast_backs()))
            while len(self._backs) > 2 * MAX_SIZES:
                self._backs.popitem(last=False)
        return surf

    def _high_contrast_backs(self) -> bool:
        return False

    def kept_bytes(self) -> int:
        """The pixel memory of every face, stand-in and back kept (for the benchmark and tests)."""
        surfaces = [s for faces in self._sizes.values() for s in faces.values()]
        surfaces += list(self._stand_ins.values()) + list(self._backs.values())
        return sum(art.surface_bytes(s) for s in surfaces)


class SimpleDeck(_KeptFaces):
    """Today's drawn deck (``art.CardArt``): big corner indices, four-colour suits and high contrast."""

    key = SIMPLE
    title = NC_("deck", "Simple")
    can_recolour = True
    slow = False  # a face is drawn in about a millisecond

    def __init__(self, four_colour: bool = False, high_contrast: bool = False) -> None:
        super().__init__()
        self.four_colour = four_colour
        self.high_contrast = high_contrast
        self._art: art.CardArt | None = None  # the drawing set of the newest size

    def _variant(self) -> object:
        return art.rank_labels()  # the corner letters follow the player's language

    def _draw(self, card: Card, size: Size) -> pygame.Surface:
        cards = self._art
        if cards is None or cards.key() != (size[0], size[1], self.four_colour, self.high_contrast, art.rank_labels()):
            cards = self._art = art.CardArt(size[0], size[1], self.four_colour, self.high_contrast)
        surf = cards.face(card)  # the same surface both keep: no second copy
        if surf.get_size() != size:  # CardArt's smallest card is 8x11
            surf = _convert(pygame.transform.smoothscale(surf, size))
        return surf

    def _high_contrast_backs(self) -> bool:
        return self.high_contrast

    def index_height(self, size: Size) -> int:
        """The layout's index strip for the drawn deck."""
        return simple_index_height(size[0])


@dataclass(frozen=True, slots=True)
class DeckSource:
    """A pictured deck shipped as 52 SVG files, ``assets/cards/<folder>/<card text>.svg``."""

    key: str
    title: str  # marked in context "deck"
    folder: str
    index_fraction: float  # of the card's height, from the top, holding the corner index (measured)
    licence: str  # the licence file beside the faces
    source: str = "SOURCE.md"  # where the faces come from and what was changed

    def path(self, card: Card) -> Path:
        """The SVG file of ``card``."""
        return asset_path("cards", self.folder, f"{CARD_TEXT[card]}.svg")


SOURCES: tuple[DeckSource, ...] = (
    # Adrian Kennard's designs (CC0), index letters drawn bolder: see assets/cards/classic/SOURCE.md
    DeckSource("classic", NC_("deck", "Classic"), "classic", 0.22, "LICENSE.txt"),
    # Chris Aguilar's Vectorized Playing Cards 1.3 (LGPL-3): see assets/cards/vintage/SOURCE.md
    DeckSource("vintage", NC_("deck", "Vintage"), "vintage", 0.25, "COPYING.LESSER.txt"),
)


class PicturedDeck(_KeptFaces):
    """A deck of SVG faces, each drawn by pygame-ce at the exact size when first needed."""

    can_recolour = False

    def __init__(self, source: DeckSource) -> None:
        super().__init__()
        self.source = source
        self.key = source.key
        self.title = source.title
        self._fallback = SimpleDeck()

    def missing(self) -> Path | None:
        """The first face file that is not there, if any (a quick look before the deck is used)."""
        for card in range(52):
            path = self.source.path(card)
            if not path.is_file():
                return path
        return None

    def fail(self, path: Path) -> None:
        """Draw every face from the Simple deck from now on, and say why in ``problem``."""
        self.problem = damaged_message(self.title, path)
        self._forget()

    def _draw(self, card: Card, size: Size) -> pygame.Surface:
        if self.problem is not None:
            return self._fallback.face(card, size)
        path = self.source.path(card)
        try:
            surf = pygame.image.load_sized_svg(str(path), size)
        except (pygame.error, OSError, ValueError):
            surf = None
        if surf is None or surf.get_bounding_rect().w < size[0] // 2:  # unreadable, or drew (almost) nothing
            self.fail(path)
            return self._fallback.face(card, size)
        if surf.get_size() != size:  # the renderer rounds one side up or down at some sizes
            surf = pygame.transform.smoothscale(surf, size)
        return _convert(surf)

    def _draw_stand_in(self, card: Card, size: Size) -> pygame.Surface:
        return self._fallback.face(card, size)

    def _variant(self) -> object:
        return None if self.problem is None else self._fallback._variant()

    def index_height(self, size: Size) -> int:
        """The measured index of the pictured faces, in pixels at ``size`` (a pixel to spare)."""
        if self.problem is not None:
            return self._fallback.index_height(size)
        return math.ceil(self.source.index_fraction * size[1]) + 1


def damaged_message(title: str, path: Path) -> str:
    """The sentence for a deck whose file is missing or damaged."""
    return _("The “{deck}” cards could not be read ({file} is missing or damaged), so the Simple cards are used."
             ).format(deck=pgettext("deck", title), file=path.name)


RECOLOUR_NOTE = NC_("deck", "Four-colour suits and high contrast are drawn on the Simple cards only, "
                    "so they are used while either is on.")


def deck_keys() -> tuple[str, ...]:
    """Every deck a player can choose, the Simple deck first."""
    return (SIMPLE, *(s.key for s in SOURCES))


def deck_title(key: str) -> str:
    """A deck's name in the player's language."""
    for s in SOURCES:
        if s.key == key:
            return pgettext("deck", s.title)
    return pgettext("deck", SimpleDeck.title)


@dataclass(frozen=True, slots=True)
class DeckChoice:
    """The deck to draw with, and why it is not the one asked for (None when it is)."""

    deck: Deck
    note: str | None


def choose_deck(key: str, four_colour: bool = False, high_contrast: bool = False) -> DeckChoice:
    """The deck for the player's settings: ``key``'s, unless it cannot be drawn as they ask or its files
    are missing; then the Simple deck, with the sentence that says why. An unknown key is the Simple deck."""
    source = next((s for s in SOURCES if s.key == key), None)
    if source is None:
        return DeckChoice(SimpleDeck(four_colour, high_contrast), None)
    if four_colour or high_contrast:
        return DeckChoice(SimpleDeck(four_colour, high_contrast), pgettext("deck", RECOLOUR_NOTE))
    deck = PicturedDeck(source)
    missing = deck.missing()
    if missing is not None:
        return DeckChoice(SimpleDeck(), damaged_message(source.title, missing))
    return DeckChoice(deck, None)
