"""The lessons as a part of the app: the Lessons button and key (the list of lessons), the lessons
finished, the one left half done, and the word to a newcomer on the very first start.

The lessons' table loads on the first press (importing it costs about 0.1 s at start-up).
Finished lessons are kept in the settings when there are records to keep them in
(``Settings.finished_lessons``), else for this run only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..play.events import Listener
from ..play.records import Records
from ..text.i18n import _, pgettext
from .commands import Command
from .parts import Part
from .screen import QuestionDialog
from .widgets import ButtonSpec

if TYPE_CHECKING:
    from .app import App
    from .lessons_table import LessonMode
    from .table import TableScreen


class Lessons(Part):
    """The way into the lessons, and what the player has done in them."""

    app: App
    records: Records | None
    sounds: Listener | None  # hears the lessons' tables
    kept: LessonMode | None  # the lessons last open, to go on where the player left them
    _finished: set[str]  # without records: for this run

    def __init__(self, app: App, records: Records | None = None, sounds: Listener | None = None) -> None:
        self.app = app
        self.records = records
        self.sounds = sounds
        self.kept = None
        self._finished = set()

    def buttons(self) -> list[ButtonSpec]:
        """The Lessons button."""
        return [ButtonSpec(Command.LESSONS)]

    def command(self, table: TableScreen, command: Command) -> bool:
        """L (and the button) shows the list of lessons, from the main table or over the lesson on show."""
        if command is Command.LESSONS and table is self.app.table:  # over a lesson, its own list (LessonMode)
            self.choose()
            return True
        return False

    def choose(self) -> None:
        """The list of lessons, to pick one."""
        from .lessons_table import choose_lesson

        choose_lesson(self.app, self, sounds=self.sounds)

    def open(self, index: int | None = None) -> LessonMode | None:
        """Open the lessons at ``index`` (by default where the player left off)."""
        from .lessons_table import open_lessons

        return open_lessons(self.app, self, index, self.sounds)

    def keep(self, lessons: LessonMode) -> None:
        """The lessons to go on with next time (where the player left off)."""
        self.kept = lessons

    def finished(self) -> set[str]:
        """The keys of the lessons the player has finished."""
        if self.records is not None:
            return set(self.records.settings.finished_lessons)
        return set(self._finished)

    def remember_finished(self, key: str) -> None:
        """Note a finished lesson (saved with the settings when there are records)."""
        if self.records is None:
            self._finished.add(key)
            return
        self.records.note_lesson_finished(key)  # a folder that cannot be written: kept for this run, said once

    def welcome(self) -> None:
        """Point a newcomer to the lessons, once ever (remembered in the settings at once)."""
        records = self.records
        if records is None or records.settings.lessons_offered:
            return
        records.note_lessons_offered()
        table = self.app.table

        def open_lessons() -> None:
            if table is not None:
                table.run(Command.LESSONS)  # the list of lessons, as the Lessons button

        self.app.push(QuestionDialog(
            self.app, _("New to Yukon? Four short lessons show its moves step by step, on real cards. "
                        "You can open them later too, with the Lessons button or the L key."),
            [(pgettext("button", "Show me the lessons"), open_lessons), (pgettext("button", "Just play"), None)],
            title=_("Welcome")))
