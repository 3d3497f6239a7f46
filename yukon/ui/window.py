"""The window on the desktop: its size, full screen or not, and which size events to believe.

``Window`` opens the display (full screen, or at ``windowed_size``), switches full screen on and
off (the window comes back at the size it had), and follows the size the window manager gives
it, never below ``MIN_SIZE``; the size events the full-screen switch itself causes are ignored for
a moment, so they cannot undo it. The screens are told of a new size by the app.
"""

from __future__ import annotations

import time
import warnings

import pygame

from .idle import IdleWait

# The smallest window: the button bar's labels all still fit their buttons at 230 pixels
# across (12 buttons in three rows), and a table this narrow still scrolls sideways.
MIN_SIZE = (240, 240)
STALE_SIZE_TIME = 1.0  # seconds the full-screen switch's own size events are ignored


def fitting_size() -> tuple[int, int]:
    """A window size that fits the desktop: most of it, as KPatience and Aisleriot open, with room
    left for the desktop's panels (the cards and text grow with the window, on a 4K screen too)."""
    try:
        dw, dh = pygame.display.get_desktop_sizes()[0]
    except (pygame.error, IndexError):  # no desktop to measure
        dw, dh = 1280, 800
    w = max(MIN_SIZE[0], int(dw * 0.9))
    h = max(MIN_SIZE[1], int(dh * 0.88))
    return (min(w, dw), min(h, dh))


class Window:
    """The display: windowed at ``windowed_size`` or full screen."""

    idle: IdleWait  # told when the window changes (it waits on the window's events)
    windowed_size: tuple[int, int]  # the window's size out of full screen
    fullscreen: bool
    _stale_size: tuple[tuple[int, int], float] | None  # size events to ignore, until when

    def __init__(self, idle: IdleWait, windowed_size: tuple[int, int]) -> None:
        self.idle = idle
        self.windowed_size = windowed_size
        self.fullscreen = False
        self._stale_size = None

    def open(self, fullscreen: bool) -> None:
        """Open the window: full screen, or at ``windowed_size`` (also what leaving full screen gives)."""
        if fullscreen:
            self._go_full_screen()
        else:
            self._set_mode(self.windowed_size)
        self.idle.window_changed()

    @property
    def size(self) -> tuple[int, int]:
        """The window's size in pixels."""
        s = pygame.display.get_surface()
        return s.get_size() if s is not None else self.windowed_size

    def toggle(self) -> None:
        """Full screen on or off."""
        if self.fullscreen:
            self.fullscreen = False
            full_size = self.size
            self._set_mode(self.windowed_size)
            if self.size != self.windowed_size:
                # SDL without framebuffer acceleration (our setting) keeps the full-screen size on
                # the first call; the second gets the window its own size back.
                self._set_mode(self.windowed_size)
            # The switch's own size events still speak of the full screen: they must not undo this.
            self._stale_size = (full_size, time.monotonic() + STALE_SIZE_TIME)
        else:
            self.windowed_size = self.size  # the window to come back to
            self._go_full_screen()
        self.idle.window_changed()

    def follow(self, w: int, h: int) -> None:
        """The window manager says the window is ``w`` x ``h``: take that size (never below the
        smallest), unless it is the full-screen switch's own stale event."""
        want = (max(w, MIN_SIZE[0]), max(h, MIN_SIZE[1]))
        stale = self._stale_size
        if stale is not None and not self.fullscreen and want == stale[0] and time.monotonic() < stale[1]:
            return
        if not self.fullscreen and want != self.size:
            self._set_mode(want)
        if not self.fullscreen:
            self.windowed_size = self.size

    def _go_full_screen(self) -> None:
        """Fill the screen; where that cannot be had, a window at ``windowed_size``."""
        self.fullscreen = True
        try:
            pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        except pygame.error:
            self.fullscreen = False
            self._set_mode(self.windowed_size)

    @staticmethod
    def _set_mode(size: tuple[int, int], flags: int = pygame.RESIZABLE) -> None:
        w, h = max(MIN_SIZE[0], int(size[0])), max(MIN_SIZE[1], int(size[1]))
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
