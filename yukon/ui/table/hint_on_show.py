"""The hint on show: the moves offered in turn for one position, and which one is lit.

Each hint shown is told to the app (a ``hint`` change): a game won after a hint is an assisted win.
"""

from __future__ import annotations

from ...i18n import _
from ...state import Move
from ..widgets import Message
from .mode import describe_move
from .view import TableView


class HintOnShow:
    """Asks the app for useful moves and shows them one press at a time."""

    table: TableView
    moves: list[Move] | None  # the moves offered (None: none asked for since the last change)
    index: int  # the one on show
    key: tuple | None  # the position they are for
    message: Message | None  # the message that shows the hint (another message, even a hint's, is not it)

    def __init__(self, table: TableView) -> None:
        self.table = table
        self.moves = None
        self.index = -1
        self.key = None
        self.message = None

    def forget(self) -> None:
        """The position changed: the next press asks again."""
        self.moves = None

    def next(self) -> None:
        """Show a useful move; each press shows the next one."""
        table = self.table
        pos = table.position
        key = pos.key()
        if self.moves is None or self.key != key:
            history = table.game.history
            self.moves = table.app.hint_provider(pos, history[-1].move if history else None)
            self.key = key
            self.index = -1
        if not self.moves:
            table.say(_("No move is left. Undo, restart the deal or start a new one."))
            return
        self.index = (self.index + 1) % len(self.moves)
        table.unselect()
        # TRANSLATORS: {number} of {count} hints is on show; {move} says the move ("7♥ onto 8♠ in column 4").
        text = _("Hint {number} of {count}: {move}").format(number=self.index + 1, count=len(self.moves),
                                                             move=describe_move(pos, self.moves[self.index]))
        table.say(text, "hint", 6.0)
        self.message = table.message
        table.app.notify("hint", table.game, self.moves[self.index])

    def show(self, moves: list[Move], index: int, text: str, seconds: float) -> None:
        """Show ``moves[index]`` with ``text``; the selection goes."""
        self.table.unselect()
        self.moves = moves
        self.key = self.table.position.key()
        self.index = index
        self.table.say(text, "hint", seconds)
        self.message = self.table.message
        self.table.app.notify("hint", self.table.game, moves[index] if 0 <= index < len(moves) else None)

    def on_show(self) -> Move | None:
        """The hint on show, if it still fits the position and its own message is up (not, say, the
        solver's "looking" message that came after it)."""
        m = self.table.message
        if (self.moves and self.key == self.table.position.key() and 0 <= self.index < len(self.moves)
                and m is not None and m is self.message):
            return self.moves[self.index]
        return None
