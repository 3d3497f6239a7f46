"""Turn pygame events into small command records the screens act on.

Screens never look at raw pygame events: the app translates each event here, so
tests can post real pygame events and a settings screen can change ``KEYMAP``.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame


@dataclass(frozen=True, slots=True)
class PointerDown:
    """A mouse button pressed at (x, y); button 1 left, 2 middle, 3 right."""

    x: int
    y: int
    button: int


@dataclass(frozen=True, slots=True)
class PointerMove:
    """The pointer moved to (x, y); ``held`` says the left button is down."""

    x: int
    y: int
    held: bool


@dataclass(frozen=True, slots=True)
class PointerUp:
    """A mouse button released at (x, y)."""

    x: int
    y: int
    button: int


@dataclass(frozen=True, slots=True)
class Wheel:
    """The wheel turned: ``dx`` sideways (or shift + wheel), ``dy`` up (+) and down (-)."""

    dx: int
    dy: int


@dataclass(frozen=True, slots=True)
class Action:
    """A named command from a key: undo, redo, hint, cancel, confirm, fullscreen, quit, left, right, up, down."""

    name: str


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


Command = PointerDown | PointerMove | PointerUp | Wheel | Action | Resize | Quit | Expose | Focus

CTRL = "ctrl"
SHIFT = "shift"
# (key, modifier or "") -> action name: every key of the program, in one place.
KEYMAP: dict[tuple[int, str], str] = {
    (pygame.K_z, CTRL): "undo",
    (pygame.K_y, CTRL): "redo",
    (pygame.K_z, CTRL + SHIFT): "redo",
    (pygame.K_BACKSPACE, ""): "undo",
    (pygame.K_h, ""): "hint",
    (pygame.K_p, ""): "play_hint",
    (pygame.K_b, ""): "back_to_winnable",
    (pygame.K_w, ""): "why",
    (pygame.K_a, ""): "all_home",
    (pygame.K_ESCAPE, ""): "cancel",
    (pygame.K_RETURN, ""): "confirm",
    (pygame.K_KP_ENTER, ""): "confirm",
    (pygame.K_F11, ""): "fullscreen",
    (pygame.K_q, CTRL): "quit",
    (pygame.K_LEFT, ""): "left",
    (pygame.K_RIGHT, ""): "right",
    (pygame.K_UP, ""): "up",
    (pygame.K_DOWN, ""): "down",
    (pygame.K_PAGEUP, ""): "page_up",
    (pygame.K_PAGEDOWN, ""): "page_down",
    (pygame.K_HOME, ""): "home",
    (pygame.K_END, ""): "end",
    (pygame.K_F1, ""): "rules",
    (pygame.K_SPACE, ""): "select",
    (pygame.K_f, ""): "to_foundation",
    (pygame.K_n, ""): "new",
    (pygame.K_r, CTRL): "restart",  # with Ctrl: a stray R must not throw a game's moves away
    (pygame.K_d, ""): "choose_deal",
    (pygame.K_s, ""): "settings",
    (pygame.K_t, ""): "stats",
    (pygame.K_l, ""): "lessons",
    (pygame.K_SLASH, ""): "keys",
    (pygame.K_QUESTION, ""): "keys",
}
_KEYPAD = (pygame.K_KP0, pygame.K_KP1, pygame.K_KP2, pygame.K_KP3, pygame.K_KP4,
           pygame.K_KP5, pygame.K_KP6, pygame.K_KP7, pygame.K_KP8, pygame.K_KP9)
for _d in range(10):  # digits type a deal number in the Deal # box
    KEYMAP[(pygame.K_0 + _d, "")] = f"digit{_d}"
    KEYMAP[(_KEYPAD[_d], "")] = f"digit{_d}"


def key_action(key: int, mod: int) -> str | None:
    """The action a key press stands for, if any."""
    ctrl = bool(mod & (pygame.KMOD_CTRL | pygame.KMOD_META))
    shift = bool(mod & pygame.KMOD_SHIFT)
    if ctrl and shift:
        name = KEYMAP.get((key, CTRL + SHIFT))
        if name:
            return name
    if ctrl:
        return KEYMAP.get((key, CTRL))
    return KEYMAP.get((key, ""))


def translate(event: pygame.event.Event) -> Command | None:
    """The command an event stands for, or None for events the game ignores."""
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
        name = key_action(event.key, getattr(event, "mod", 0))
        return Action(name) if name else None
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
