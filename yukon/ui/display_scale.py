"""High-DPI desktops: SDL's hints, the display's density, and the size a finger needs.

The table is laid out in the window's real pixels. On Windows the process declares itself
per-monitor DPI aware (``SDL_WINDOWS_DPI_AWARENESS=permonitorv2``, before the display starts),
so Windows neither stretches the window (blurry) nor reports a smaller desktop: the window
opens at a share of the desktop's true pixels and the cards and text grow with it. The hints
only fill in what the environment leaves unset, so a player can still choose otherwise.

``DisplayScale`` says how dense the display is: ``dpi`` pixels per inch (SDL's figure for
the display, read through the SDL library pygame loaded, since pygame-ce 2.5 does not offer
it; ``YUKON_DPI`` overrides it, for a desktop that reports nonsense and for tests), and
``ratio``, the drawn pixels per window coordinate (1 unless the desktop scales a window that
draws at full density: ``yukon.ui.window``'s high-DPI window on macOS and Wayland). From it come ``factor`` (the desktop's scale, 1 at 96 dpi) and
``finger``, the pixels of the smallest target a finger hits surely (9 mm).
"""

from __future__ import annotations

import ctypes
import glob
import os
import sys
from collections.abc import MutableMapping
from dataclasses import dataclass

import pygame

# Declared before the display starts; setdefault, so the player's own environment wins.
HINTS = {
    "SDL_WINDOWS_DPI_AWARENESS": "permonitorv2",  # Windows 10+: real pixels on every monitor, no stretching
    "SDL_WINDOWS_DPI_SCALING": "0",  # and window coordinates in those pixels (as the layout counts)
}
DPI_ENV = "YUKON_DPI"  # pixels per inch to assume, instead of what the display says
BASE_DPI = 96.0  # the density at which a desktop is at 100 %
LOW_DPI, HIGH_DPI = 60.0, 600.0  # figures outside these are a display's nonsense, not a density
FINGER_MM = 9.0  # the smallest target a fingertip hits surely
MIN_FINGER = 44  # pixels: never smaller than this, whatever the display says


def set_hints(environ: MutableMapping[str, str] = os.environ) -> None:
    """Ask SDL for a sharp window in real pixels (call before ``pygame.display.init``)."""
    for name, value in HINTS.items():
        environ.setdefault(name, value)


@dataclass(frozen=True, slots=True)
class DisplayScale:
    """How dense the display is: ``dpi`` pixels per inch, ``ratio`` drawn pixels per window coordinate."""

    dpi: float = BASE_DPI
    ratio: float = 1.0

    @property
    def factor(self) -> float:
        """The desktop's scale: 1 at 96 dpi, 2 on a desktop at 200 % (never below 1)."""
        return max(1.0, self.dpi / BASE_DPI)

    def pixels(self, mm: float) -> int:
        """How many pixels ``mm`` millimetres take on this display."""
        return round(mm * self.dpi / 25.4)

    @property
    def finger(self) -> int:
        """Pixels across the smallest target a finger hits surely (9 mm, at least ``MIN_FINGER``)."""
        return max(MIN_FINGER, self.pixels(FINGER_MM))


def sane_dpi(value: float | None) -> float | None:
    """``value`` when it is a believable density, else None."""
    if value is None or not LOW_DPI <= value <= HIGH_DPI:
        return None
    return float(value)


def dpi_from_env(environ: MutableMapping[str, str] = os.environ) -> float | None:
    """The density ``YUKON_DPI`` names (None: unset or not a believable number)."""
    text = environ.get(DPI_ENV, "").strip()
    try:
        return sane_dpi(float(text)) if text else None
    except ValueError:
        return None


_SDL: list[ctypes.CDLL | None] = []  # the library once found (or None: not to be found)


def _sdl_library() -> ctypes.CDLL | None:
    """The SDL library pygame runs on (the same copy, so it answers for the display pygame opened)."""
    if not _SDL:
        _SDL.append(_find_sdl())
    return _SDL[0]


def _find_sdl() -> ctypes.CDLL | None:
    here = os.path.dirname(pygame.__file__)
    found: list[str] = []
    if sys.platform.startswith("linux"):
        try:
            with open("/proc/self/maps", encoding="utf-8", errors="replace") as maps:
                found = [line.split()[-1] for line in maps if "libSDL2-2" in line and "/" in line]
        except OSError:
            found = []
    elif sys.platform == "win32":
        found = [os.path.join(here, "SDL2.dll")]
    elif sys.platform == "darwin":
        found = sorted(glob.glob(os.path.join(here, ".dylibs", "libSDL2*.dylib")))
    for path in found:
        if os.path.exists(path):
            try:
                return ctypes.CDLL(path)
            except OSError:
                continue
    return None


def sdl_display_dpi(display: int = 0) -> float | None:
    """SDL's diagonal density of ``display`` (None when SDL cannot tell or says nonsense)."""
    try:
        sdl = _sdl_library()
        if sdl is None:
            return None
        get = sdl.SDL_GetDisplayDPI
        get.argtypes = [ctypes.c_int, ctypes.POINTER(ctypes.c_float), ctypes.POINTER(ctypes.c_float),
                        ctypes.POINTER(ctypes.c_float)]
        get.restype = ctypes.c_int
        d, h, v = ctypes.c_float(), ctypes.c_float(), ctypes.c_float()
        if get(display, ctypes.byref(d), ctypes.byref(h), ctypes.byref(v)) != 0:
            return None
        return sane_dpi(float(d.value))
    except (AttributeError, OSError, ValueError):  # no such library or function: the default stands
        return None


def measure(environ: MutableMapping[str, str] = os.environ, ratio: float = 1.0) -> DisplayScale:
    """The display as it is now, for a window of ``ratio`` pixels per coordinate: its density from
    ``YUKON_DPI``, else SDL's figure, else 96 dpi per coordinate."""
    dpi = dpi_from_env(environ) or sdl_display_dpi() or BASE_DPI * ratio
    return DisplayScale(dpi, ratio)
