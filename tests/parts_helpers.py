"""Small parts for tests: hear the table's changes, add status notes, tick, see the quit."""

from __future__ import annotations

from collections.abc import Callable

from yukon.state import Game, Move
from yukon.ui.parts import Change, Part, StatusNote
from yukon.ui.widgets import ButtonSpec


class Listener(Part):
    """Calls ``heard(kind, game, move)`` after every change at the table."""

    def __init__(self, heard: Callable[[str, Game, Move | None], object]) -> None:
        self.heard = heard

    def changed(self, change: Change) -> None:
        self.heard(change.kind, change.game, change.move)


class Notes(Part):
    """Fixed texts for the status line."""

    def __init__(self, *texts: str) -> None:
        self.texts = list(texts)

    def status_notes(self) -> list[StatusNote]:
        return [StatusNote(t) for t in self.texts]


class Ticker(Part):
    """Calls ``fn`` once a loop iteration."""

    def __init__(self, fn: Callable[[], float | None]) -> None:
        self.fn = fn

    def tick(self) -> float | None:
        return self.fn()


class OnQuit(Part):
    """Calls ``fn`` when the window is about to close."""

    def __init__(self, fn: Callable[[], object]) -> None:
        self.fn = fn

    def quitting(self) -> None:
        self.fn()


class Buttons(Part):
    """Buttons for the bar."""

    def __init__(self, *specs: ButtonSpec) -> None:
        self.specs = list(specs)

    def buttons(self) -> list[ButtonSpec]:
        return self.specs
