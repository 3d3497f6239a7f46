"""Sending cards home one move at a time (All home, or the safe ones by themselves)."""

from __future__ import annotations

from ...play.events import Actor, Notice, made_move
from .style import HOME_PACE
from .view import TableView


class HomeRun:
    """Sends end cards home through the session, one after another (one per slide), until none can go."""

    table: TableView
    running: bool
    pace: float  # a factor on slide times for the move being made (1: a move by hand)
    _safe_only: bool
    _sent: int

    def __init__(self, table: TableView) -> None:
        self.table = table
        self.running = False
        self.pace = 1.0
        self._safe_only = False
        self._sent = 0

    def start(self, safe_only: bool) -> None:
        """Begin a run (``safe_only``: only cards no card left in play could still need)."""
        session = self.table.session
        if self.running:
            return
        if session.home_move(safe_only) is None:
            if not safe_only:
                session.say(Notice.ALL_HOME_ALREADY if session.position.is_won() else Notice.NONE_CAN_GO_HOME)
            return
        # The first card goes at the next step, once the slide of the move before it has landed.
        self.running, self._safe_only, self._sent = True, safe_only, 0

    def stop(self) -> None:
        """Stop the run (the card on its way lands)."""
        self.running = False

    def update(self) -> None:
        """Send the next card once the last has landed; stop when the table is covered."""
        table = self.table
        if not self.running or table.anim.active or table.celebrating > 0:
            return
        if table.covered():
            self.stop()  # a question or another screen came over the table
        else:
            self._step()

    def _step(self) -> None:
        """Send the next card home, or end the run when none can go."""
        session = self.table.session
        move = session.home_move(self._safe_only)
        if move is None:
            self.running = False
            if not self._safe_only and not session.position.is_won() and self._sent:
                session.say(Notice.SENT_HOME, self._sent)
            return
        self.pace = HOME_PACE
        try:
            made = made_move(session.move(move, Actor.HOME))  # a guide may refuse
        finally:
            self.pace = 1.0
        if made:
            self._sent += 1
        else:
            self.running = False
