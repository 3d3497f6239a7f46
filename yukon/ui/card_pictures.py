"""The card pictures of one table at one card size: the chosen deck's faces, the chosen back, the slots.

``CardPictures`` offers what the table draws with (``face``, ``back``, ``image``, ``narrowed``,
``slot``) over a ``deck.Deck`` from ``choose_deck``. A pictured deck's faces take some
milliseconds each, so the table never waits for them: ``face`` gives the kept face or at once a
stand-in (the face scaled from another size, or the Simple deck's), and ``sharpen`` draws the
waiting faces within a time budget, a few each frame, until every face of the size is kept.
Every face of a new size is asked for at once (``CardPictures`` queues all 52), so a resize
shows scaled stand-ins for a few frames and then sharp faces.
"""

from __future__ import annotations

import time

import pygame

from . import art
from .art import Lru, surface_bytes
from .deck import Clock, Deck, DeckChoice, choose_deck

Size = tuple[int, int]
PicturesKey = tuple[int, int, str, str, bool, bool, tuple[str, ...]]


class DeckCache:
    """The deck a table draws with, made again only when the player's choice of it changes."""

    def __init__(self) -> None:
        self._key: tuple[str, bool, bool] | None = None
        self._choice: DeckChoice | None = None

    def choose(self, key: str, four_colour: bool, high_contrast: bool) -> DeckChoice:
        """The deck for these settings (the same object while they stay the same)."""
        wanted = (key, four_colour, high_contrast)
        if self._choice is None or self._key != wanted:
            self._choice = choose_deck(key, four_colour, high_contrast)
            self._key = wanted
        return self._choice


class CardPictures:
    """Every card picture for one card size, deck and back (see the module docstring)."""

    def __init__(self, deck: Deck, back_style: str, cw: int, ch: int, four_colour: bool = False,
                 high_contrast: bool = False) -> None:
        self.deck = deck
        self.back_style = back_style
        self.cw, self.ch = max(cw, 8), max(ch, 11)
        self.size: Size = (self.cw, self.ch)
        self.four_colour = four_colour
        self.high_contrast = high_contrast
        self.ranks = art.rank_labels()
        self.radius = max(3, round(self.cw * 0.07))
        self._slots = art.CardArt(self.cw, self.ch, four_colour, high_contrast)  # empty places, drawn by code
        self._narrow: Lru[tuple[int, bool, int], pygame.Surface] = Lru(200, art.NARROW_BYTES, surface_bytes)
        deck.queue(range(52), self.size)

    def key(self) -> PicturesKey:
        """What the pictures depend on (a table keeps its pictures while this stays the same)."""
        return (self.cw, self.ch, self.deck.key, self.back_style, self.four_colour, self.high_contrast,
                self.ranks)

    def face(self, card: int) -> pygame.Surface:
        """The face of ``card``: the deck's, or a stand-in while it is drawn (shared: do not draw on it)."""
        return self.deck.quick_face(card, self.size)

    def sharp(self, card: int) -> bool:
        """Whether ``face(card)`` is the deck's own face (not a stand-in)."""
        return self.deck.ready(card, self.size)

    def back(self) -> pygame.Surface:
        """The chosen card back."""
        return self.deck.back(self.back_style, self.size)

    def image(self, card: int, face_up: bool) -> pygame.Surface:
        """Face or back."""
        return self.face(card) if face_up else self.back()

    def narrowed(self, card: int, face_up: bool, scale: float) -> pygame.Surface:
        """The card squeezed across to ``scale`` of its width (a flip in progress)."""
        w = max(1, round(self.cw * max(0.0, min(1.0, scale))))
        sharp = not face_up or self.sharp(card)
        key = (card if face_up else -1, face_up, w)
        s = self._narrow.get(key) if sharp else None
        if s is None:
            s = pygame.transform.smoothscale(self.image(card, face_up), (w, self.ch))
            if sharp:  # a stand-in's squeeze is not kept: the sharp face comes soon
                self._narrow.put(key, s)
        return s

    def slot(self, label: str, colour: tuple[int, int, int] = (236, 246, 236)) -> pygame.Surface:
        """An empty place: a faint rounded outline with a faint label."""
        return self._slots.slot(label, colour)

    def waiting(self) -> bool:
        """Are faces of this size still to be drawn?"""
        return not all(self.deck.ready(c, self.size) for c in range(52))

    def sharpen(self, budget: float, clock: Clock = time.perf_counter) -> int:
        """Draw waiting faces for about ``budget`` seconds (at least one); how many still wait."""
        if not self.waiting():
            return 0
        self.deck.queue(range(52), self.size)  # (the queue holds one size: another table may have asked for its own)
        return self.deck.render_queued(budget, clock)
