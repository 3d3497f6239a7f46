"""The celebration of a won game: the cards cascade off the foundations and bounce off the bottom
of the window, leaving their trail (``cascade``), until they are gone; then what comes next.

``Celebration`` is a screen over the table. It starts from a picture of the won table and stamps
the flying cards onto its own copy of it, never wiping them, so each frame sends only the little
rectangles the cards covered since the last one. Any key or click (or the wheel) stops it at
once; when the cascade is over or stopped, ``then`` is called (the table shows the win summary
over it). With animations off (``animated`` False) nothing moves: the whole cascade is stamped
into a picture of its own, a share of it at each of the loop's steps (a big window would take
the time of several frames: input is never kept waiting), and shown once it is complete. A new
window size gives that still picture at the new size.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

import pygame

from .art import CardArt
from .cascade import STAMP_GAP, Cascade, Step
from .commands import Command
from .input import Action, Input, OtherKey, PointerDown, Typed, Wheel
from .rects import merge_rects
from .screen import Host, Screen

STILL_STAMP_EVERY = 2  # the still picture keeps one picture in this many of the live cascade's
STILL_STAMPS_PER_STEP = 24  # cards stamped into the still picture at each fixed step (a few ms at 4K)


@dataclass(frozen=True, slots=True)
class Takeoff:
    """Where the cascade starts: the card pictures, each foundation card in take-off order (the
    top ones first) with its place, the four foundations' places and their pictures once empty."""

    art: CardArt
    starts: list[tuple[int, pygame.Rect]]
    foundations: list[pygame.Rect]
    empty: list[pygame.Surface]


class WonTable(Protocol):
    """What the celebration asks of the table it starts from."""

    def picture(self) -> pygame.Surface:
        """The table as it lies, the whole window, with nothing moving and nothing lit by the pointer."""
        ...

    def takeoff(self) -> Takeoff:
        """Where the cascade starts, at the window's size."""
        ...


class Celebration(Screen):
    """The cascade of a won game; see the module docstring."""

    opaque = True  # its canvas holds the table's picture: nothing beneath needs drawing
    table: WonTable
    seed: int
    animated: bool
    then: Callable[[], None] | None  # called once, when the cascade is over or stopped
    cascade: Cascade | None
    canvas: pygame.Surface | None  # what is on show
    _drawing: pygame.Surface | None  # the still picture while it is being stamped (shown once complete)
    _stamps: int  # pictures of the cascade made for the still picture so far
    _takeoff: Takeoff | None
    _left: dict[int, list[int]]  # each foundation's cards still on it, bottom first
    _dirty: list[pygame.Rect]

    def __init__(self, app: Host, table: WonTable, seed: int, animated: bool,
                 then: Callable[[], None] | None = None) -> None:
        super().__init__(app)
        self.table = table
        self.seed = seed
        self.animated = animated
        self.then = then
        self.cascade = None
        self.canvas = None
        self._drawing = None
        self._stamps = 0
        self._takeoff = None
        self._left = {}
        self._dirty = []
        self._begin()

    @property
    def running(self) -> bool:
        """Are the cards flying on screen?"""
        return self.animated and self.cascade is not None and not self.cascade.done

    @property
    def still(self) -> bool:
        """Is the still picture (animations off, or a new window size) complete and on show?"""
        return not self.animated and self._drawing is None

    def _begin(self) -> None:
        """A fresh canvas (the table's picture) and a fresh cascade for the window's size; with
        animations off, the still picture begins on a copy of it."""
        picture = self.table.picture()
        if pygame.display.get_surface() is not None:
            picture = picture.convert()
        self.canvas = picture
        takeoff = self._takeoff = self.table.takeoff()
        self._left = {}
        for card, _r in reversed(takeoff.starts):
            self._left.setdefault(card // 13, []).append(card)
        self.cascade = Cascade([(c, (r.x, r.y)) for c, r in takeoff.starts], picture.get_size(),
                               (takeoff.art.cw, takeoff.art.ch), self.seed)
        self._drawing = None if self.animated else picture.copy()
        self._stamps = 0
        self._dirty = []
        self.full = True

    def _draw_still(self, budget: int) -> None:
        """Stamp about ``budget`` more pictures of the cascade into the still picture (one in
        ``STILL_STAMP_EVERY`` of the live cascade's); once it is complete, show it."""
        cascade, drawing = self.cascade, self._drawing
        assert cascade is not None and drawing is not None
        made = 0
        while not cascade.done and made < budget:
            step = cascade.advance(STAMP_GAP)
            if step.stamps:
                self._stamps += 1
                if self._stamps % STILL_STAMP_EVERY:
                    step.stamps = []
            made += len(step.stamps)
            self._apply(step, drawing, seen=False)
        if cascade.done:
            self.canvas, self._drawing = drawing, None
            self._dirty = []
            self.full = True

    def _apply(self, step: Step, canvas: pygame.Surface, seen: bool = True) -> None:
        """Uncover what lay under the cards that took off, and stamp the cards in flight (``seen``:
        on the canvas on show, so the next frame sends where)."""
        takeoff = self._takeoff
        assert takeoff is not None
        a = takeoff.art
        for card in step.launched:
            suit = card // 13
            left = self._left.get(suit, [])
            if card in left:
                left.remove(card)
            r = takeoff.foundations[suit]
            canvas.blit(a.face(left[-1]) if left else takeoff.empty[suit], r)
            if seen:
                self._dirty.append(r.copy())
        for card, x, y in step.stamps:
            canvas.blit(a.face(card), (round(x), round(y)))
            if seen:
                self._dirty.append(pygame.Rect(round(x), round(y), a.cw, a.ch))

    def finish(self) -> None:
        """Stop the flying cards where they are (a still picture goes on being made) and go on
        (``then``), once."""
        if self.running:
            assert self.cascade is not None
            self.cascade.elapsed = max(self.cascade.elapsed, 1e9)  # done
        then, self.then = self.then, None
        if then is not None:
            then()

    # -- the screen ------------------------------------------------------------------------
    def handle(self, cmd: Input) -> None:
        """Any key or click (or the wheel) stops the cascade; Quit quits."""
        if isinstance(cmd, Action) and cmd.command is Command.QUIT:
            self.app.quit()
        elif isinstance(cmd, (Action, OtherKey, Typed, PointerDown, Wheel)):
            self.finish()

    def update(self, dt: float) -> None:
        """Fly the cards on by one fixed step (when they are all gone, go on), or stamp a share
        of the still picture."""
        if self._drawing is not None:
            self._draw_still(STILL_STAMPS_PER_STEP)
            return
        if not self.running:
            return
        assert self.cascade is not None
        self._apply(self.cascade.advance(dt), self._canvas())
        if self.cascade.done:
            self.finish()

    def _canvas(self) -> pygame.Surface:
        assert self.canvas is not None
        return self.canvas

    def busy(self) -> bool:
        """The cards are flying, or the still picture is being made."""
        return self.running or self._drawing is not None

    def needs_draw(self) -> bool:
        """A new picture, or cards stamped since the last frame."""
        return self.full or (bool(self._dirty) and self._drawing is None)

    def resize(self, w: int, h: int) -> None:
        """A new size: the still picture at that size (and on to what comes next)."""
        self.animated = False
        self._begin()
        self.finish()

    def draw(self, surface: pygame.Surface, alpha: float) -> list[pygame.Rect] | None:
        """The whole canvas when asked for, else the rectangles stamped since the last frame."""
        canvas = self._canvas()
        if self.full or canvas.get_size() != surface.get_size():
            surface.blit(canvas, (0, 0))
            self.full = False
            self._dirty = []
            return None
        bounds = surface.get_rect()
        rects = [r.clip(bounds) for r in merge_rects(self._dirty)]
        self._dirty = []
        for r in rects:
            surface.blit(canvas, r, r)
        return [r for r in rects if r.w and r.h]
