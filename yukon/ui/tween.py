"""Tweens: pure easing curves f(t) -> t and small records of cards sliding or flipping.

Time advances only through ``advance(dt)`` with the loop's fixed step; drawing asks for
a position ``extra`` seconds past the last step (the clock's interpolation fraction
times the step), so motion is smooth at any frame rate and exactly repeatable in tests.
A tail slides as one group: every card of a ``Slide`` shares one eased fraction, so
cards whose start and end offsets from each other are equal keep their shape all the way.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

Point = tuple[float, float]
Easing = Callable[[float], float]


def linear(t: float) -> float:
    """No easing."""
    return t


def ease_out_cubic(t: float) -> float:
    """Fast start, gentle landing: the slide of a card put down by hand."""
    u = 1.0 - t
    return 1.0 - u * u * u


def ease_in_out_cubic(t: float) -> float:
    """Gentle start and end."""
    if t < 0.5:
        return 4.0 * t * t * t
    u = -2.0 * t + 2.0
    return 1.0 - u * u * u / 2.0


def clamp01(t: float) -> float:
    """``t`` limited to 0..1."""
    return 0.0 if t < 0.0 else min(t, 1.0)


def slide_duration(distance: float, card_width: float) -> float:
    """Seconds for a slide: longer for longer trips, measured in card widths so every size feels alike."""
    widths = distance / max(card_width, 1.0)
    return max(0.12, min(0.42, 0.12 + 0.06 * math.sqrt(widths)))


@dataclass(slots=True)
class Slide:
    """Cards moving together from their start points to their end points (one eased fraction)."""

    cards: tuple[int, ...]
    start: tuple[Point, ...]
    end: tuple[Point, ...]
    duration: float
    delay: float = 0.0
    elapsed: float = 0.0
    ease: Easing = ease_out_cubic

    def fraction(self, extra: float = 0.0) -> float:
        """The eased fraction 0..1 at ``extra`` seconds past the last step."""
        if self.duration <= 0:
            return 1.0
        return self.ease(clamp01((self.elapsed + extra - self.delay) / self.duration))

    def positions(self, extra: float = 0.0) -> list[Point]:
        """Every card's point at ``extra`` seconds past the last step."""
        f = self.fraction(extra)
        return [(sx + (ex - sx) * f, sy + (ey - sy) * f) for (sx, sy), (ex, ey) in zip(self.start, self.end)]

    @property
    def done(self) -> bool:
        """Has it arrived?"""
        return self.elapsed >= self.delay + self.duration


@dataclass(slots=True)
class Flip:
    """A card turning over: it narrows to an edge showing one side, then widens showing the other."""

    card: int
    to_face_up: bool
    duration: float = 0.16
    delay: float = 0.0
    elapsed: float = 0.0

    def state(self, extra: float = 0.0) -> tuple[float, bool]:
        """(width scale 0..1, face up?) at ``extra`` seconds past the last step."""
        t = clamp01((self.elapsed + extra - self.delay) / self.duration) if self.duration > 0 else 1.0
        showing_new = t >= 0.5
        return abs(1.0 - 2.0 * t), (self.to_face_up if showing_new else not self.to_face_up)

    @property
    def done(self) -> bool:
        """Has it finished turning?"""
        return self.elapsed >= self.delay + self.duration


@dataclass(slots=True)
class Animator:
    """The slides and flips in flight, looked up by card."""

    slides: list[Slide] = field(default_factory=list)
    flips: dict[int, Flip] = field(default_factory=dict)
    _slide_of: dict[int, tuple[Slide, int]] = field(default_factory=dict)

    def add_slide(self, slide: Slide) -> None:
        """Start a slide (a card already sliding is taken over by the new one)."""
        for i, c in enumerate(slide.cards):
            self._slide_of[c] = (slide, i)
        self.slides.append(slide)

    def add_flip(self, flip: Flip) -> None:
        """Start a flip."""
        self.flips[flip.card] = flip

    @property
    def active(self) -> bool:
        """Is anything still moving?"""
        return bool(self.slides or self.flips)

    def advance(self, dt: float) -> None:
        """Move time on by one fixed step and drop what has finished."""
        if not self.active:
            return
        for s in self.slides:
            s.elapsed += dt
        for f in self.flips.values():
            f.elapsed += dt
        if any(s.done for s in self.slides):
            self.slides = [s for s in self.slides if not s.done]
            self._slide_of = {c: (s, i) for s in self.slides for i, c in enumerate(s.cards)}
        if any(f.done for f in self.flips.values()):
            self.flips = {c: f for c, f in self.flips.items() if not f.done}

    def finish(self) -> None:
        """End everything at once (input arrived: act on the true position)."""
        self.slides.clear()
        self.flips.clear()
        self._slide_of.clear()

    def moving(self) -> set[int]:
        """The cards sliding or flipping now."""
        return set(self._slide_of) | set(self.flips)

    def slide_of(self, card: int) -> Slide | None:
        """The slide a card is in, or None."""
        hit = self._slide_of.get(card)
        return None if hit is None else hit[0]

    def position(self, card: int, extra: float = 0.0) -> Point | None:
        """Where a sliding card is, or None when it is not sliding."""
        hit = self._slide_of.get(card)
        if hit is None:
            return None
        s, i = hit
        (sx, sy), (ex, ey) = s.start[i], s.end[i]
        f = s.fraction(extra)
        return (sx + (ex - sx) * f, sy + (ey - sy) * f)

    def flip_state(self, card: int, extra: float = 0.0) -> tuple[float, bool] | None:
        """(width scale, face up?) of a turning card, or None."""
        f = self.flips.get(card)
        return None if f is None else f.state(extra)
