"""Moves and what follows every change of the game: the mode's veto and the rules' reasons,
the clock, the app's listeners, the mode's hooks, and the end of the game."""

from __future__ import annotations

from ...state import Move
from ...text.words import refusal, sentence
from ..changes import ChangeKind, PlayedBy
from .gameclock import GameClock
from .questions import Questions
from .view import TableView


class Play:
    """Makes moves for the table and tells everyone about its changes."""

    table: TableView
    clock: GameClock
    questions: Questions
    made: int  # moves made through try_move, to tell the player's moves in table.handle()
    played_by: PlayedBy | None  # who made the last move when not the player

    def __init__(self, table: TableView, clock: GameClock, questions: Questions) -> None:
        self.table = table
        self.clock = clock
        self.questions = questions
        self.made = 0
        self.played_by = None

    def move(self, move: Move, by: PlayedBy | None) -> bool:
        """Make a move if the mode and the rules allow it; otherwise say why. True when made."""
        table = self.table
        self.played_by = by
        game = table.game
        if table.mode is not None:
            veto = table.mode.veto(game, move)
            if veto:
                table.say(veto, "lesson")
                return False
        illegal = game.position.why_illegal(move)
        if illegal is not None:
            table.say(sentence(refusal(illegal)), "error")
            return False
        self.clock.begin()
        table.unselect()
        table.change("move", lambda: game.play(move))
        self.made += 1
        if game.position.is_won():
            self.clock.stop()  # the clock stops now, so the statistics and the message agree
        table.drop_message()
        table.app.notify("move", game, move, by)
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

    def end_news(self) -> str | None:
        """How the game ended: "won", why it is stuck, or None while it goes on."""
        if self.table.position.is_won():
            return "won"
        return self.questions.stuck_text()

    def announce_end(self, news: str) -> None:
        """A won game celebrates and asks what next; a stuck one says why."""
        if news == "won":
            self.clock.stop()
            self.questions.won(self.played_by)
        else:
            self.questions.ask_stuck(news)
