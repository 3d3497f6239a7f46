"""The window on the desktop: its size, full screen or not, and which size events to believe.

``Window`` opens the display (full screen, or at ``windowed_size``), switches full screen on and
off (the window comes back at the size it had), and follows the size the window manager gives
it, never below ``MIN_SIZE``; the size events the full-screen switch itself causes are ignored for
a moment, so they cannot undo it. The screens are told of a new size by the app.

Two ways to a window. Mostly the display module's (``pygame.display.set_mode``). Where the
desktop scales windows itself (macOS, Wayland) that window would be drawn at the desktop's
coarse size and stretched (blurry on a Retina screen), since ``set_mode`` never asks SDL for
full density: there ``high_dpi`` opens a ``pygame.Window(allow_high_dpi=True)`` instead, whose
surface has the screen's real pixels while its size and the mouse stay in the desktop's
coordinates (``ratio`` is pixels per coordinate; the app scales the mouse by it). That window
shows each frame whole (``Window.flip``; pygame-ce 2.5 has no partial update for it).
``YUKON_HIGH_DPI=1`` or ``0`` chooses for a run.
"""

from __future__ import annotations

import os
import sys
import time
import warnings
from collections.abc import Mapping, Sequence

import pygame

from .idle import IdleWait

# The smallest window: the toolbar's six icons and its menu button still fit at 240 pixels
# across, and a table this narrow still scrolls sideways.
MIN_SIZE = (240, 240)
STALE_SIZE_TIME = 1.0  # seconds the full-screen switch's own size events are ignored
HIGH_DPI_ENV = "YUKON_HIGH_DPI"
TITLE = "Yukon Solitaire"


def wants_high_dpi(driver: str, platform: str = sys.platform, environ: Mapping[str, str] = os.environ) -> bool:
    """Open a full-density window (``pygame.Window``)? ``YUKON_HIGH_DPI`` decides when set; else
    where the desktop scales windows itself: macOS, and Wayland (SDL's video ``driver``)."""
    chosen = environ.get(HIGH_DPI_ENV, "").strip()
    if chosen in ("0", "1"):
        return chosen == "1"
    return platform == "darwin" or driver == "wayland"


def fitting_size(desktop: tuple[int, int] | None = None, scale: float = 1.0) -> tuple[int, int]:
    """A window size that fits the desktop (``desktop``: its size in pixels, None: ask SDL): most of
    it, as KPatience and Aisleriot open, with room left for the desktop's panels (the cards and text
    grow with the window, on a 4K screen too). ``scale`` (``DisplayScale.factor``) sizes the guess
    when there is no desktop to measure."""
    if desktop is None:
        try:
            desktop = pygame.display.get_desktop_sizes()[0]
        except (pygame.error, IndexError):  # no desktop to measure
            desktop = (round(1280 * max(1.0, scale)), round(800 * max(1.0, scale)))
    dw, dh = desktop
    w = max(MIN_SIZE[0], int(dw * 0.9))
    h = max(MIN_SIZE[1], int(dh * 0.88))
    return (min(w, dw), min(h, dh))


class Window:
    """The display: windowed at ``windowed_size`` (in the desktop's coordinates) or full screen."""

    idle: IdleWait  # told when the window changes (it waits on the window's events)
    windowed_size: tuple[int, int]  # the window's size out of full screen
    fullscreen: bool
    high_dpi: bool  # a full-density pygame.Window rather than the display module's window
    _win: pygame.Window | None  # that window, once open
    _stale_size: tuple[tuple[int, int], float] | None  # size events to ignore, until when

    def __init__(self, idle: IdleWait, windowed_size: tuple[int, int], high_dpi: bool = False) -> None:
        self.idle = idle
        self.windowed_size = windowed_size
        self.fullscreen = False
        self.high_dpi = high_dpi
        self._win = None
        self._stale_size = None

    def open(self, fullscreen: bool) -> None:
        """Open the window: full screen, or at ``windowed_size`` (also what leaving full screen gives)."""
        if fullscreen:
            self._go_full_screen()
        else:
            self._set_mode(self.windowed_size)
        self.idle.window_changed()

    def dress(self, title: str, icon: pygame.Surface) -> None:
        """The full-density window's title and icon (the display module's are set before it opens)."""
        if self._win is not None:
            self._win.title = title
            self._win.set_icon(icon)

    @property
    def size(self) -> tuple[int, int]:
        """The window's size in pixels (what the layout works in)."""
        s = self.surface()
        return s.get_size() if s is not None else self.windowed_size

    @property
    def coords(self) -> tuple[int, int]:
        """The window's size in the desktop's coordinates (the mouse's and the size events')."""
        if self._win is not None:
            return self._win.size
        return self.size

    @property
    def ratio(self) -> float:
        """Pixels per desktop coordinate (1 but on a desktop that scales a full-density window)."""
        w = self.coords[0]
        return self.size[0] / w if w > 0 else 1.0

    def surface(self) -> pygame.Surface | None:
        """What the frame is drawn on (None before the window opens)."""
        if self._win is not None:
            return self._win.get_surface()
        return pygame.display.get_surface()

    def present(self, rects: Sequence[pygame.Rect] | None) -> None:
        """Show the frame: the rectangles ``rects`` of it (None: all of it)."""
        if self._win is not None:
            self._win.flip()
        elif rects is None:
            pygame.display.flip()
        elif rects:
            pygame.display.update(rects)

    def toggle(self) -> None:
        """Full screen on or off."""
        if self.fullscreen:
            self.fullscreen = False
            full_size = self.coords
            self._set_mode(self.windowed_size)
            if self.coords != self.windowed_size:
                # SDL without framebuffer acceleration (our setting) keeps the full-screen size on
                # the first call; the second gets the window its own size back.
                self._set_mode(self.windowed_size)
            # The switch's own size events still speak of the full screen: they must not undo this.
            self._stale_size = (full_size, time.monotonic() + STALE_SIZE_TIME)
        else:
            self.windowed_size = self.coords  # the window to come back to
            self._go_full_screen()
        self.idle.window_changed()

    def follow(self, w: int, h: int) -> None:
        """The window manager says the window is ``w`` x ``h`` (desktop coordinates): take that size
        (never below the smallest), unless it is the full-screen switch's own stale event."""
        want = (max(w, MIN_SIZE[0]), max(h, MIN_SIZE[1]))
        stale = self._stale_size
        if stale is not None and not self.fullscreen and want == stale[0] and time.monotonic() < stale[1]:
            return
        if not self.fullscreen and want != self.coords:
            self._set_mode(want)
        if not self.fullscreen:
            self.windowed_size = self.coords

    def _go_full_screen(self) -> None:
        """Fill the screen; where that cannot be had, a window at ``windowed_size``."""
        self.fullscreen = True
        try:
            if self.high_dpi:
                self._window(self.windowed_size).set_fullscreen(desktop=True)
            else:
                pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        except pygame.error:
            self.fullscreen = False
            self._set_mode(self.windowed_size)

    def _window(self, size: tuple[int, int]) -> pygame.Window:
        """The full-density window, made at ``size`` the first time."""
        if self._win is None:
            self._win = pygame.Window(TITLE, size, resizable=True, allow_high_dpi=True)
            self._win.minimum_size = MIN_SIZE
        return self._win

    def _set_mode(self, size: tuple[int, int], flags: int = pygame.RESIZABLE) -> None:
        w, h = max(MIN_SIZE[0], int(size[0])), max(MIN_SIZE[1], int(size[1]))
        if self.high_dpi:
            win = self._window((w, h))
            win.set_windowed()
            win.size = (w, h)
            return
        with warnings.catch_warnings():
            # A window manager (or none) may give another size; the layout follows whatever comes.
            warnings.simplefilter("ignore", RuntimeWarning)
            pygame.display.set_mode((w, h), flags)
            # The window manager stops a drag at the minimum (a resize below it is undone in follow).
            # from_display_module warns about drawing through a Window; only its size limit is used here.
            warnings.simplefilter("ignore", DeprecationWarning)
            try:
                pygame.Window.from_display_module().minimum_size = MIN_SIZE
            except pygame.error:
                pass
