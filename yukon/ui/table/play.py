"""Moves and what follows every change of the game: the mode's veto and the rules' reasons,
the clock, the app's listeners, the mode's hooks, and the end of the game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...state import Move
from ..parts import ChangeKind
from .gameclock import GameClock
from .questions import Questions

if TYPE_CHECKING:
    from . import TableScreen


class Play:
    """Makes moves for the table and tells everyone about its changes."""

    table: TableScreen
    clock: GameClock
    questions: Questions
    made: int  # moves made through try_move, to tell the player's moves in table.handle()
    played_by: str | None  # who made the last move when not the player ("Demo")
    ended_key: tuple | None  # the position whose end was last announced

    def __init__(self, table: TableScreen, clock: GameClock, questions: Questions) -> None:
        self.table = table
        self.clock = clock
        self.questions = questions
        self.made = 0
        self.played_by = None
        self.ended_key = None

    def note_end(self, key: tuple | None) -> None:
        """The end of position ``key`` is announced (None: the next end is news again)."""
        self.ended_key = key

    def move(self, move: Move, by: str | None) -> bool:
        """Make a move if the mode and the rules allow it; otherwise say why. True when made."""
        table = self.table
        self.played_by = by
        game = table.game
        if table.mode is not None:
            veto = table.mode.veto(game, move)
            if veto:
                table.say(veto, "lesson")
                return False
        reason = game.position.why_illegal(move)
        if reason is not None:
            table.say(reason[0].upper() + reason[1:] + ".", "error")
            return False
        self.clock.begin()
        table.unselect()
        table.change("move", lambda: game.play(move))
        self.made += 1
        if game.position.is_won():
            self.clock.stop()  # the clock stops now, so the statistics and the message agree
        table.drop_message()
        table.app.notify("move", game, move)
        if table.mode is not None:
            table.mode.after_move(game, move)
        return True

    def after_change(self, kind: ChangeKind, move: Move | None) -> None:
        """Undo, redo or restart happened: tell the app and the mode."""
        table = self.table
        self.played_by = None
        table.drop_hint_message()  # it spoke of the position just left
        if table.position.is_won():
            self.clock.stop()  # a redo that wins: the clock stops before anyone reads it
        table.app.notify(kind, table.game, move)
        if table.mode is not None:
            table.mode.after_change(table.game, kind)
        self.ended_key = None

    def check_end(self) -> None:
        """Once per position: a won game celebrates and asks what next, a stuck one says so."""
        pos = self.table.position
        key = pos.key()
        if key == self.ended_key:
            return
        if pos.is_won():
            self.ended_key = key
            self.clock.stop()
            self.questions.won(self.played_by)
            return
        text = self.questions.stuck_text()
        if text is not None:
            self.ended_key = key
            self.questions.ask_stuck(text)
