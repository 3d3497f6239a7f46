"""Turn pygame events into small input records the screens act on.

Screens never look at raw pygame events: the app translates each event here, so tests can
post real pygame events. A key becomes an ``Action`` carrying its typed command (the one
table of keys is ``yukon.ui.commands.KEYMAP``).
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from .commands import Asked, key_command


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
    """A key's command (``Command``), or a digit typed (``Digit``); ``text``: the character the key
    typed, if any (a box that takes text, the Deal # box's share code, reads it instead)."""

    command: Asked
    text: str = ""


@dataclass(frozen=True, slots=True)
class Typed:
    """A character typed by a key that has no command (a letter of a share code in the Deal # box)."""

    text: str


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


Input = PointerDown | PointerMove | PointerUp | Wheel | Action | Typed | Resize | Quit | Expose | Focus


def translate(event: pygame.event.Event) -> Input | None:
    """The input an event stands for, or None for events the game ignores."""
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
        return Typed(typed) if typed else None
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
