"""A lesson leading a table session: the ``Guide`` that keeps the lesson's runner in step with the table.

``LessonGuide`` is given to a ``TableSession`` playing the lesson's own position. A move the
current step does not make is refused with the runner's answer (the rules' reason for an
illegal move, the step's own words for a legal one: a typed ``Refused``), so it is never made;
a ``try`` step's refused move moves the lesson on. A move that is made, an undo, a redo or a
restart is passed to the runner (``yukon.play.lessons.LessonRun``), which keeps step with the
session's game; what it says to a move made is told on the table for ``FEEDBACK_TIME`` seconds.
Its last answer is kept (``reply``: the window's lesson panel words it). No pygame and no words
of its own: what it tells is the lesson's, already in the player's language.
"""

from __future__ import annotations

from collections.abc import Callable

from ..core.state import Game, Move
from .events import Event, Moved, Redone, Refused, Restarted, Tone, Undone
from .lessons import Lesson, LessonReply, LessonRun
from .session import TableSession

FEEDBACK_TIME = 6.0  # seconds the feedback box stays on the table (the panel keeps it)


class LessonGuide:
    """The lesson's runner as a session's guide; ``finished(key)`` hears of each lesson finished."""

    run: LessonRun
    reply: LessonReply | None  # the runner's last answer (None once the position changed by undo, redo or restart)
    feedback_good: bool | None  # right or wrong; None: a refused ``try`` (shown without a mark)
    _finished: Callable[[str], None]

    def __init__(self, lesson: Lesson, finished: Callable[[str], None]) -> None:
        self._finished = finished
        self.run = LessonRun(lesson)
        self.reply = None
        self.feedback_good = False

    def begin(self, lesson: Lesson) -> None:
        """Another lesson from its start (the caller deals its position on the table)."""
        self.run = LessonRun(lesson)
        self.reply = None

    def start_game(self) -> Game:
        """A game on the lesson's own position."""
        return Game(self.run.lesson.start())

    def veto(self, game: Game, move: Move) -> Refused | None:
        """Let the step's move through; refuse anything else with the runner's answer."""
        run = self.run
        if run.would_accept(move) and game.position.is_legal(move):
            return None
        reply = run.play(move)  # refused or a ``try``: the position does not change
        self._note(reply)
        return Refused(move, reply.illegal, guide=True, guide_text=reply.text, over=reply.over)

    def heard(self, event: Event, session: TableSession) -> None:
        """A move made is the runner's too; undo, redo and restart are followed by it."""
        run = self.run
        if isinstance(event, Moved):
            reply = run.play(event.move)
            if not reply.made:  # out of step (cannot happen through veto): follow the table
                self.resync(session)
                return
            self._note(reply)
            if reply.text:
                session.tell(reply.text, Tone.LESSON, FEEDBACK_TIME)
            return
        if isinstance(event, Undone):
            run.undo()
        elif isinstance(event, Redone):
            if not run.play(event.move).made:
                self.resync(session)
        elif isinstance(event, Restarted):
            run.restart()
        else:
            return
        if run.position.key() != session.position.key():
            self.resync(session)
        self.reply = None

    def _note(self, reply: LessonReply) -> None:
        """Keep the runner's latest answer (for the panel)."""
        self.reply = reply
        # A refused ``try`` is what the step asked for, but a tick beside a refusal reads oddly.
        self.feedback_good = reply.right if reply.made or not reply.right else None
        if reply.finished:
            self._finished(self.run.lesson.key)

    def resync(self, session: TableSession) -> None:
        """Bring the runner back in step with the session's game (replaying its moves); when that
        fails, the lesson starts again."""
        self.run.restart()
        for u in session.game.history:
            if not self.run.play(u.move).made:
                session.restart()
                break
