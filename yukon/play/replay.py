"""Replaying a finished game move by move: a cursor over its positions.

Pure Python, no pygame. A ``Replay`` has its own position, made from the deal and the
recorded moves, so it never touches the game in progress or the statistics. The window
steps it (``forward``, ``back``, ``to_start``, ``to_end``, ``seek``) and slides the cards
with the ``Undo`` each step returns, as in play; a timer calling ``forward`` plays it at a
speed the window chooses.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.state import Move, Position, Undo
from .history import HistoryEntry
from .share_code import ShareCode


class Replay:
    """A recorded line from its start position, with a cursor: ``index`` moves made of ``length``."""

    start: Position
    moves: tuple[Move, ...]
    position: Position  # the position after the first ``index`` moves (read it; step with the methods)
    index: int
    _undos: list[Undo]

    def __init__(self, start: Position, moves: Sequence[Move]) -> None:
        """ValueError (an IllegalMove) when a move is not legal where it comes."""
        self.start = start.copy()
        self.moves = tuple(moves)
        check = start.copy()
        for move in self.moves:
            check.play(move)
        self.position = start.copy()
        self.index = 0
        self._undos = []

    @classmethod
    def of_code(cls, code: ShareCode) -> Replay:
        """The replay of a decoded share code (ValueError when it carries no moves)."""
        if code.moves is None:
            raise ValueError("the code carries no moves")
        return cls(code.position(), code.moves)

    @classmethod
    def of_entry(cls, entry: HistoryEntry) -> Replay:
        """The replay of a game of the history (ValueError when it kept no moves or they do not replay)."""
        if not entry.has_line:
            raise ValueError("the game kept no moves")
        return cls(Position.deal(entry.seed, entry.rules), entry.line())

    @property
    def length(self) -> int:
        """How many moves the line has."""
        return len(self.moves)

    @property
    def at_start(self) -> bool:
        """Is the position the deal as dealt?"""
        return self.index == 0

    @property
    def at_end(self) -> bool:
        """Have all the moves been made?"""
        return self.index == len(self.moves)

    def next_move(self) -> Move | None:
        """The move ``forward`` would make (None at the end)."""
        return None if self.at_end else self.moves[self.index]

    def forward(self) -> Undo | None:
        """Make the next move; its record (where from, how many cards, a card turned up), or None at the end."""
        if self.at_end:
            return None
        undo = self.position.push(self.moves[self.index])
        self._undos.append(undo)
        self.index += 1
        return undo

    def back(self) -> Undo | None:
        """Take back the last move made; the record of the move taken back, or None at the start."""
        if not self._undos:
            return None
        undo = self._undos.pop()
        self.position.pop(undo)
        self.index -= 1
        return undo

    def seek(self, index: int) -> None:
        """Go to the position after ``index`` moves (clamped to the line)."""
        index = max(0, min(index, len(self.moves)))
        if index < self.index // 2:  # nearer the start than here: start again
            self.to_start()
        while self.index > index:
            self.back()
        while self.index < index:
            self.forward()

    def to_start(self) -> None:
        """Back to the deal as dealt."""
        self.position = self.start.copy()
        self._undos.clear()
        self.index = 0

    def to_end(self) -> None:
        """Make every move left."""
        self.seek(len(self.moves))
