"""The lessons as a part of the app: the Lessons button and key (the list of lessons), the lessons
finished, the one left half done.

The lesson screens load on the first press (importing them costs about 0.1 s at start-up).
Finished lessons are kept in the settings when there is a session to keep them in
(``Settings.finished_lessons``), else for this run only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..i18n import NC_
from .parts import Part
from .widgets import ButtonSpec

if TYPE_CHECKING:
    from .app import App
    from .extras import Session
    from .lessons_screen import LessonScreen
    from .table import TableScreen


class Lessons(Part):
    """The way into the lessons, and what the player has done in them."""

    def __init__(self, app: App, session: Session | None = None) -> None:
        self.app = app
        self.session = session
        self._finished: set[str] = set()  # without a session: for this run
        self.kept: LessonScreen | None = None  # the lesson screen last open, to go on where the player left it

    def buttons(self) -> list[ButtonSpec]:
        """The Lessons button."""
        return [ButtonSpec(NC_("button", "Lessons"), self.press, "L")]

    def press(self) -> None:
        """The Lessons button: the list of lessons, to pick one."""
        from .lessons_screen import choose_lesson

        choose_lesson(self.app, self)

    def action(self, table: TableScreen, name: str) -> bool:
        """L shows the list of lessons, from the main table or over the lesson on show."""
        if name == "lessons" and table is self.app.table:
            self.press()
            return True
        if name == "lessons" and self.kept is not None and table is self.kept:
            self.kept.choose()
            return True
        return False

    def open(self, index: int | None = None) -> LessonScreen | None:
        """Open the lessons at ``index`` (by default where the player left off)."""
        from .lessons_screen import open_lessons

        return open_lessons(self.app, self, index)

    def keep(self, screen: LessonScreen) -> None:
        """The lesson screen to go on with next time (where the player left off)."""
        self.kept = screen

    def finished(self) -> set[str]:
        """The keys of the lessons the player has finished."""
        if self.session is not None:
            return set(self.session.settings.finished_lessons)
        return set(self._finished)

    def remember_finished(self, key: str) -> None:
        """Note a finished lesson (saved with the settings when there is a session)."""
        if self.session is None:
            self._finished.add(key)
            return
        settings = self.session.settings
        if key not in settings.finished_lessons:
            settings.finished_lessons.add(key)
            try:
                self.session.change_settings(settings)
            except OSError:  # a read-only folder: remembered for this run only
                pass


def install(app: App, session: Session | None = None) -> Lessons:
    """Add the lessons to ``app``."""
    lessons = Lessons(app, session)
    app.add_part(lessons)
    return lessons
