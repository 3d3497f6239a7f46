"""The fixed-timestep loop: poll input (or wait for it), hand it on, step the screens, draw.

One iteration (``frame``): collect what closed screens left behind while nothing moves, tick
the parts, poll the events (or, when nothing moves and nothing needs drawing, block in the idle
wait until input comes or a screen's next timed redraw), hand them to the app, advance every
screen by whole fixed steps with an accumulator (``FixedClock``), then draw with the
interpolation fraction; only the rectangles a screen reports changed go to the display.
``run`` repeats that until the app stops running; Ctrl+C only sets a flag (``interrupt``).
"""

from __future__ import annotations

import gc
import os
import signal
import sys
import threading
import time
import traceback
from collections.abc import Callable, Sequence
from typing import Protocol

import pygame

from .fixed_clock import FixedClock
from .idle import IdleWait
from .screen import Screen

STEP = 1.0 / 120.0
FPS = 60
MAX_FAILURES = 20  # the same fault this many frames running: give up rather than spin


class LoopHost(Protocol):
    """What the loop uses of the app: its screens, its parts' ticks, its input and its state."""

    @property
    def screens(self) -> Sequence[Screen]: ...

    @property
    def running(self) -> bool: ...

    @property
    def interrupted(self) -> bool: ...

    @property
    def errors(self) -> list[BaseException]: ...

    def ticks(self) -> list[float]: ...

    def dispatch(self, events: list[pygame.event.Event]) -> None: ...

    def quit(self) -> None: ...

    def surface(self) -> pygame.Surface | None: ...

    def present(self, rects: Sequence[pygame.Rect] | None) -> None: ...


def catch_interrupt(interrupt: Callable[[], None]) -> Callable[[], None]:
    """Route SIGINT to ``interrupt`` while the loop runs; returns what puts the old handler back."""
    if threading.current_thread() is not threading.main_thread():
        return lambda: None  # only the main thread may set handlers; Ctrl+C stays as it was
    previous = signal.signal(signal.SIGINT, lambda signum, frame: interrupt())

    def restore() -> None:
        signal.signal(signal.SIGINT, previous if previous is not None else signal.SIG_DFL)

    return restore


def note_first_frame() -> None:
    """Write the time of the first frame to ``YUKON_FIRST_FRAME_FILE``, when it names a file (benchmarks)."""
    path = os.environ.get("YUKON_FIRST_FRAME_FILE")
    if path:
        try:
            with open(path, "w") as f:
                f.write(f"{time.time():.6f}\n")
        except OSError:
            pass


class Loop:
    """The app's loop: fixed steps, the idle wait, drawing what changed."""

    host: LoopHost
    idle: IdleWait
    clock: FixedClock
    step: float
    first_frame_at: float | None
    _full: bool  # every screen in sight is drawn whole next frame
    _collect_due: bool  # a screen was closed: collect its reference cycles when idle
    _last: float
    _pacer: pygame.time.Clock
    _timer: Callable[[], float]

    def __init__(self, host: LoopHost, idle: IdleWait, timer: Callable[[], float] = time.perf_counter) -> None:
        self.host = host
        self.idle = idle
        # The loop's steps follow ``timer`` (the wall clock; a test passes a fake one to decide how
        # much game time each frame makes, so a busy machine can never finish a slide in one frame).
        self._timer = timer
        self.step = STEP
        self.clock = FixedClock(STEP)
        self.first_frame_at = None
        self._full = True
        self._collect_due = False
        self._last = timer()
        self._pacer = pygame.time.Clock()

    def invalidate(self) -> None:
        """Draw every screen in sight whole at the next frame."""
        self._full = True

    def collect_soon(self) -> None:
        """A screen closed: collect what it left behind once nothing moves."""
        self._collect_due = True

    def busy(self) -> bool:
        """Is any screen moving something?"""
        return any(s.busy() for s in self.host.screens)

    def update(self, elapsed: float) -> None:
        """Advance every screen by the whole fixed steps that ``elapsed`` seconds make up."""
        for _step in range(self.clock.advance(elapsed)):
            for s in self.host.screens:
                s.update(self.step)

    def visible(self) -> list[Screen]:
        """The screens in sight: the top one and those under it down to the first opaque one."""
        screens = list(self.host.screens)
        first = len(screens) - 1
        while first > 0 and not screens[first].opaque:
            first -= 1
        return screens[first:]

    def draw(self) -> None:
        """Draw what changed and send it to the display."""
        surface = self.host.surface()
        if surface is None or not self.host.screens:
            return
        visible = self.visible()
        alpha = self.clock.alpha
        if self._full or (len(visible) > 1 and any(s.needs_draw() for s in visible)):
            for s in visible:
                s.invalidate()
                s.draw(surface, alpha)
            self.host.present(None)
            self._full = False
        elif visible[-1].needs_draw():
            rects = visible[-1].draw(surface, alpha)
            if rects is None or rects:
                self.host.present(rects)
        else:
            return
        if self.first_frame_at is None:
            self.first_frame_at = time.perf_counter()
            note_first_frame()

    def frame(self, block: bool = False) -> None:
        """One loop iteration; with ``block`` an idle table waits for input instead of spinning."""
        if self._collect_due and not self.busy():
            # A closed screen (a lesson's table, a sheet) sits in reference cycles with its
            # window-sized surfaces; Python's collector, blind to their pixel memory, would
            # keep them for minutes. A full collection costs a few ms, once, while nothing moves.
            self._collect_due = False
            gc.collect()
        ticks = self.host.ticks()
        # Only what is in sight can need drawing now: a covered screen (the table after a resize
        # under the Rules screen) is drawn whole when it comes back in sight (pop), so its wish
        # to be drawn must not keep the loop from waiting.
        if block and not self.busy() and not any(s.needs_draw() for s in self.visible()) and not self._full:
            waits = [w for w in (s.wake_in() for s in self.host.screens) if w is not None] + ticks
            events = self.idle.wait(min([0.5] + waits))
            self._last = self._timer()
            self.clock.reset()
        else:
            events = pygame.event.get()
        if events:
            self.idle.active()
        self.host.dispatch(events)
        if not self.host.running:
            return
        now = self._timer()
        self.update(now - self._last)
        self._last = now
        self.draw()

    def run(self, interrupt: Callable[[], None]) -> None:
        """Loop until the app stops running (``interrupt`` takes Ctrl+C meanwhile)."""
        restore = catch_interrupt(interrupt)
        try:
            self._run()
        finally:
            restore()
        self.idle.close()
        pygame.display.quit()

    def _run(self) -> None:
        host = self.host
        self._last = time.perf_counter()
        self.draw()
        failures = 0
        while host.running:
            if host.interrupted:
                host.quit()
                break
            was_busy = self.busy()
            try:
                self.frame(block=True)
                failures = 0
            except KeyboardInterrupt:  # should one still come (the loop outside the main thread): quit all the same
                host.quit()
                break
            except Exception as e:  # a fault in drawing or a hook: log it, repaint, carry on
                traceback.print_exc(file=sys.stderr)
                host.errors.append(e)
                failures += 1
                if failures > MAX_FAILURES:
                    raise
                for screen in host.screens:
                    screen.invalidate()
                self._full = True
            if (was_busy or self.busy()) and not host.interrupted:
                self._pacer.tick(FPS)
