"""What a player does at the window, as real pygame events: clicks, drags, the wheel, keys.

The one place the tests make input events. ``click``, ``drag``, ``press`` and ``wheel`` queue
the gesture's events and run the window's loop for it (one frame; a drag, one per step of
the way); ``post`` queues events made by the ``*_events`` functions without a frame, for
gestures a test builds step by step; a test that hands events to ``App.dispatch`` itself
takes them from the ``*_events`` functions too.
"""

from __future__ import annotations

from typing import Protocol

import pygame

Point = tuple[int, int]
LEFT, RIGHT = 1, 3  # pygame's mouse button numbers


class Looping(Protocol):
    """What the gestures drive: a window whose loop runs one iteration at a time."""

    def frame(self, block: bool = False) -> None:
        """One loop iteration: take the queued events, update, draw."""


def press_events(at: Point, button: int = LEFT) -> list[pygame.event.Event]:
    """A mouse button pressed at ``at`` (not let go)."""
    return [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=button)]


def release_events(at: Point, button: int = LEFT) -> list[pygame.event.Event]:
    """A mouse button let go at ``at``."""
    return [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=at, button=button)]


def click_events(at: Point, button: int = LEFT) -> list[pygame.event.Event]:
    """A click: the button pressed and let go at ``at``."""
    return press_events(at, button) + release_events(at, button)


def motion_events(at: Point, held: bool = False) -> list[pygame.event.Event]:
    """The pointer moved to ``at`` (with the left button held down, or none)."""
    return [pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(1, 0, 0) if held else (0, 0, 0))]


def wheel_events(dy: int, dx: int = 0) -> list[pygame.event.Event]:
    """The wheel turned ``dy`` notches (positive: away from the player, up the page)."""
    return [pygame.event.Event(pygame.MOUSEWHEEL, x=dx, y=dy, flipped=False)]


def key_events(k: int, mod: int = 0, unicode: str = "") -> list[pygame.event.Event]:
    """A key pressed and let go, with modifiers ``mod`` held (``unicode``: the character it types)."""
    return [pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode, scancode=0),
            pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode=unicode, scancode=0)]


def way(start: Point, end: Point, steps: int) -> list[Point]:
    """``steps`` points evenly along the straight way from ``start`` to ``end`` (``end`` last)."""
    return [(start[0] + (end[0] - start[0]) * i // steps, start[1] + (end[1] - start[1]) * i // steps)
            for i in range(1, steps + 1)]


def post(*batches: list[pygame.event.Event]) -> None:
    """Queue the events for the window's next frame, in order."""
    for batch in batches:
        for event in batch:
            pygame.event.post(event)


def click(app: Looping, x: int, y: int, button: int = LEFT) -> None:
    """Click at (x, y), and one frame."""
    post(click_events((x, y), button))
    app.frame()


def press(app: Looping, k: int, mod: int = 0, unicode: str = "") -> None:
    """Press key ``k`` (with modifiers ``mod``), and one frame."""
    post(key_events(k, mod, unicode))
    app.frame()


def drag(app: Looping, start: Point, end: Point, steps: int = 5) -> None:
    """Press at ``start``, move to ``end`` in ``steps`` with a frame after each, let go there, one frame."""
    post(press_events(start))
    for point in way(start, end, steps):
        post(motion_events(point, held=True))
        app.frame()
    post(release_events(end))
    app.frame()


def quit_events() -> list[pygame.event.Event]:
    """The window's close button (or the system asking the program to end)."""
    return [pygame.event.Event(pygame.QUIT)]


def resize_events(w: int, h: int) -> list[pygame.event.Event]:
    """The player resized the window to ``w`` x ``h`` (SDL's WINDOWSIZECHANGED says it too: ``window_events``)."""
    return [pygame.event.Event(pygame.VIDEORESIZE, size=(w, h), w=w, h=h)]


def window_events(kind: int, **attributes: object) -> list[pygame.event.Event]:
    """Something the window itself is told (focus lost or gained, minimised, restored): event ``kind``."""
    return [pygame.event.Event(kind, attributes)]


def wheel(app: Looping, dy: int, at: Point | None = None) -> None:
    """Turn the wheel ``dy`` notches (with the pointer moved to ``at`` first, if given), and one frame."""
    if at is not None:
        post(motion_events(at))
    post(wheel_events(dy))
    app.frame()
