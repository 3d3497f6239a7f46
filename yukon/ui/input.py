"""Turn pygame events into small input records the screens act on.

Screens never look at raw pygame events: the app translates each event here, so tests can
post real pygame events. A key becomes an ``Action`` carrying its typed command (the one
table of keys is ``yukon.ui.commands.KEYMAP``).

A finger on a touch screen points as the mouse does (``PointerDown`` and so on with ``touch``
set), through ``Translator``: one finger at a time points (a second finger while the first is
down is ignored), its normalized position becomes window pixels, and the mouse events SDL
makes up from the same touch (``event.touch``) are dropped, so a tap is never taken twice.
On macOS the trackpad's fingers come as finger events too while it moves the real pointer:
there fingers are left to the mouse.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from .commands import Asked, key_command


@dataclass(frozen=True, slots=True)
class PointerDown:
    """A mouse button pressed at (x, y); button 1 left, 2 middle, 3 right; a finger is button 1."""

    x: int
    y: int
    button: int
    touch: bool = False  # a finger on a touch screen, not the mouse


@dataclass(frozen=True, slots=True)
class PointerMove:
    """The pointer moved to (x, y); ``held`` says the left button is down."""

    x: int
    y: int
    held: bool
    touch: bool = False


@dataclass(frozen=True, slots=True)
class PointerUp:
    """A mouse button released at (x, y)."""

    x: int
    y: int
    button: int
    touch: bool = False  # a finger on a touch screen, not the mouse


@dataclass(frozen=True, slots=True)
class Wheel:
    """The wheel turned: ``dx`` sideways (or shift + wheel), ``dy`` up (+) and down (-)."""

    dx: int
    dy: int


@dataclass(frozen=True, slots=True)
class Action:
    """A key's command (``Command``), or a digit typed (``Digit``); ``text``: the character the key
    typed, if any (a box that takes text, the Deal # box's share code, reads it instead)."""

    command: Asked
    text: str = ""


@dataclass(frozen=True, slots=True)
class Typed:
    """A character typed by a key that has no command (a letter of a share code in the Deal # box)."""

    text: str


@dataclass(frozen=True, slots=True)
class OtherKey:
    """A key with no command (not a modifier held for a shortcut): it still cuts an animation short."""


MODIFIER_KEYS = frozenset((pygame.K_LSHIFT, pygame.K_RSHIFT, pygame.K_LCTRL, pygame.K_RCTRL, pygame.K_LALT,
                           pygame.K_RALT, pygame.K_LMETA, pygame.K_RMETA, pygame.K_LGUI, pygame.K_RGUI,
                           pygame.K_CAPSLOCK, pygame.K_NUMLOCK, pygame.K_MODE))


@dataclass(frozen=True, slots=True)
class Resize:
    """The window now has this size."""

    w: int
    h: int


@dataclass(frozen=True, slots=True)
class Quit:
    """The window's close button."""


@dataclass(frozen=True, slots=True)
class Expose:
    """The window must be drawn again (uncovered, restored)."""


@dataclass(frozen=True, slots=True)
class Focus:
    """The window gained (``active``) or lost the player: focus lost, minimized or hidden."""

    active: bool


Input = PointerDown | PointerMove | PointerUp | Wheel | Action | OtherKey | Typed | Resize | Quit | Expose | Focus


def translate(event: pygame.event.Event) -> Input | None:
    """The input an event stands for, or None for events the game ignores (finger events among
    them: ``Translator`` takes those)."""
    t = event.type
    if t == pygame.MOUSEBUTTONDOWN:
        if event.button in (4, 5):  # old-style wheel clicks come as MOUSEWHEEL too
            return None
        return PointerDown(event.pos[0], event.pos[1], event.button)
    if t == pygame.MOUSEBUTTONUP:
        if event.button in (4, 5):
            return None
        return PointerUp(event.pos[0], event.pos[1], event.button)
    if t == pygame.MOUSEMOTION:
        buttons = getattr(event, "buttons", (0, 0, 0))
        return PointerMove(event.pos[0], event.pos[1], bool(buttons and buttons[0]))
    if t == pygame.MOUSEWHEEL:
        dx, dy = int(getattr(event, "x", 0)), int(getattr(event, "y", 0))
        if pygame.key.get_mods() & pygame.KMOD_SHIFT and dx == 0:
            dx, dy = -dy, 0
        return Wheel(dx, dy)
    if t == pygame.KEYDOWN:
        mod = getattr(event, "mod", 0)
        asked = key_command(event.key, mod)
        typed = getattr(event, "unicode", "") or ""
        if mod & (pygame.KMOD_CTRL | pygame.KMOD_META) or not (len(typed) == 1 and typed.isprintable()):
            typed = ""
        if asked is not None:
            return Action(asked, typed)
        if typed:
            return Typed(typed)
        return OtherKey() if event.key not in MODIFIER_KEYS else None
    if t in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
        w = getattr(event, "w", None) or getattr(event, "x", 0)
        h = getattr(event, "h", None) or getattr(event, "y", 0)
        return Resize(int(w or 0), int(h or 0))
    if t == pygame.QUIT:
        return Quit()
    if t in (pygame.WINDOWEXPOSED, pygame.WINDOWRESTORED, pygame.WINDOWSHOWN, pygame.VIDEOEXPOSE):
        return Expose()
    if t in (pygame.WINDOWFOCUSLOST, pygame.WINDOWMINIMIZED, pygame.WINDOWHIDDEN):
        return Focus(False)
    if t == pygame.WINDOWFOCUSGAINED:
        return Focus(True)
    if t == pygame.ACTIVEEVENT and event.dict.get("state", 0) & (pygame.APPINPUTFOCUS | pygame.APPACTIVE):
        return Focus(bool(event.dict.get("gain", 0)))  # the mouse merely leaving the window is no absence
    return None


Finger = tuple[int, int]  # (touch device, finger): the finger that points


def fingers_point(platform: str = sys.platform) -> bool:
    """Do finger events stand for a touch screen here? On macOS they come from the trackpad,
    which moves the real pointer as well (and Macs have no touch screens)."""
    return platform != "darwin"


class Translator:
    """Events to inputs, with what touch needs: the finger that points and the window's size.

    ``size`` gives the window's size in pixels (a finger's position comes as a fraction of it);
    ``ratio`` is how many drawn pixels a window coordinate holds (above 1 only where the desktop
    scales a window that draws at full density; mouse positions are multiplied by it).
    """

    size: Callable[[], tuple[int, int]]
    ratio: float
    fingers: bool  # finger events point (see ``fingers_point``)
    finger: Finger | None  # the finger down now, if one is
    _last: tuple[int, int]  # where that finger was last

    def __init__(self, size: Callable[[], tuple[int, int]], ratio: float = 1.0, fingers: bool | None = None) -> None:
        self.size = size
        self.ratio = ratio
        self.fingers = fingers_point() if fingers is None else fingers
        self.finger = None
        self._last = (0, 0)

    def rescale(self, ratio: float) -> None:
        """The window now draws ``ratio`` pixels per desktop coordinate (it moved to another display)."""
        self.ratio = ratio

    def use_fingers(self, on: bool) -> None:
        """Take finger events as a touch screen's (True), or leave them (False: they are the trackpad's)."""
        self.fingers = on
        self.finger = None

    def __call__(self, event: pygame.event.Event) -> Input | None:
        """The input ``event`` stands for, or None."""
        t = event.type
        if t in (pygame.FINGERDOWN, pygame.FINGERMOTION, pygame.FINGERUP):
            return self._finger(event) if self.fingers else None
        if (t in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION) and self.fingers
                and getattr(event, "touch", False)):
            return None  # SDL's mouse copy of a touch: the finger events already said it
        got = translate(event)
        if self.ratio != 1.0 and isinstance(got, (PointerDown, PointerMove, PointerUp)):
            x, y = round(got.x * self.ratio), round(got.y * self.ratio)
            if isinstance(got, PointerMove):
                return PointerMove(x, y, got.held)
            return type(got)(x, y, got.button)
        return got

    def _finger(self, event: pygame.event.Event) -> Input | None:
        finger = (int(getattr(event, "touch_id", 0)), int(getattr(event, "finger_id", 0)))
        w, h = self.size()
        x = min(w - 1, max(0, int(float(getattr(event, "x", 0.0)) * w)))
        y = min(h - 1, max(0, int(float(getattr(event, "y", 0.0)) * h)))
        t = event.type
        if t == pygame.FINGERDOWN:
            if self.finger is not None:
                return None  # one finger points at a time
            self.finger, self._last = finger, (x, y)
            return PointerDown(x, y, 1, touch=True)
        if finger != self.finger:
            return None
        if t == pygame.FINGERMOTION:
            if (x, y) == self._last:
                return None
            self._last = (x, y)
            return PointerMove(x, y, True, touch=True)
        self.finger = None
        return PointerUp(x, y, 1, touch=True)
