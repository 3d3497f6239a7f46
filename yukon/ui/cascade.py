"""The winning cascade's motion: cards leave the foundations one after another, fly out sideways,
fall and bounce off the bottom of the window until they leave it (the classic solitaire win).

Pure arithmetic, no drawing: ``Cascade.advance(dt)`` moves time on by the loop's fixed step and
says which cards took off and where each card in flight is to be stamped (a picture every
``STAMP_GAP`` seconds, never wiped, leaves the trail). The same deal always gives the same
flight (a ``random.Random`` seeded by the caller), so tests and screenshots repeat exactly.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

LAUNCH_GAP = 0.05  # seconds between two cards taking off
STAMP_GAP = 1.0 / 60.0  # seconds between two pictures of a card in flight
MAX_TIME = 6.0  # the cascade never runs longer than this (the last cards stop where they are)
GRAVITY = 2.6  # window heights per second squared
BOUNCE = 0.74  # the share of its speed a card keeps when it bounces


@dataclass(slots=True)
class Flight:
    """One card: where it is (its top left corner), how fast it goes, when it takes off."""

    card: int
    x: float
    y: float
    vx: float
    vy: float
    launch: float  # seconds after the start
    flying: bool = False
    gone: bool = False


@dataclass(slots=True)
class Step:
    """What one call of ``advance`` brought: cards that took off, and cards to picture where they are."""

    launched: list[int] = field(default_factory=list)
    stamps: list[tuple[int, float, float]] = field(default_factory=list)


class Cascade:
    """The flights of the cards, taking off in the order given."""

    width: int
    height: int
    cw: int
    ch: int
    flights: list[Flight]
    elapsed: float
    _since_stamp: float

    def __init__(self, starts: list[tuple[int, tuple[float, float]]], size: tuple[int, int],
                 card_size: tuple[int, int], seed: int) -> None:
        """``starts``: each card with the top left corner it takes off from, in take-off order."""
        self.width, self.height = max(1, size[0]), max(1, size[1])
        self.cw, self.ch = card_size
        rng = random.Random(seed)
        across = min(self.width, round(self.height * 1.6))  # a very wide window: no faster than 16:10
        self.flights = []
        for i, (card, (x, y)) in enumerate(starts):
            room_right = self.width - (x + self.cw)
            rightwards = rng.random() < (0.75 if room_right > x else 0.25)  # mostly the roomier way
            speed = across * rng.uniform(0.35, 0.7)
            self.flights.append(Flight(card, float(x), float(y), speed if rightwards else -speed,
                                       -self.height * rng.uniform(0.0, 0.9), i * LAUNCH_GAP))
        self.elapsed = 0.0
        self._since_stamp = STAMP_GAP  # the first step pictures the cards taking off

    @property
    def done(self) -> bool:
        """Every card has left the window, or the time is up."""
        return self.elapsed >= MAX_TIME or all(f.gone for f in self.flights)

    def advance(self, dt: float) -> Step:
        """Move time on by ``dt`` seconds: cards take off, fly, bounce and leave."""
        step = Step()
        if self.done:
            return step
        self.elapsed += dt
        floor = float(self.height - self.ch)
        g = GRAVITY * self.height
        for f in self.flights:
            if f.gone:
                continue
            if not f.flying:
                if self.elapsed < f.launch:
                    continue
                f.flying = True
                step.launched.append(f.card)
            f.vy += g * dt
            f.x += f.vx * dt
            f.y += f.vy * dt
            if f.y > floor:
                f.y = floor - (f.y - floor) * BOUNCE
                f.vy = -abs(f.vy) * BOUNCE
            if f.x + self.cw < 0 or f.x > self.width:
                f.gone = True
        self._since_stamp += dt
        if self._since_stamp >= STAMP_GAP:
            self._since_stamp = 0.0
            step.stamps = [(f.card, f.x, f.y) for f in self.flights if f.flying and not f.gone]
        return step
