"""Small parts for tests: add status notes, tick, see the quit, add buttons."""

from __future__ import annotations

from collections.abc import Callable

from yukon.ui.parts import Part, StatusNote
from yukon.ui.widgets import ButtonSpec


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
