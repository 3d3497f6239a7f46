"""Sending cards home one move at a time (All home, or the safe ones by themselves)."""

from __future__ import annotations

from ...i18n import _, ngettext
from ...safe import home_moves
from .style import HOME_PACE
from .view import TableView


class HomeRun:
    """Sends end cards home by the table's ``try_move``, one after another, until none can go."""

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
        table = self.table
        if self.running:
            return
        if not home_moves(table.position, safe_only):
            if not safe_only:
                table.say(_("All the cards are home already.") if table.position.is_won()
                          else _("No card can go home right now."))
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
        if table.app.top is not table:
            self.stop()  # a question or another screen came over the table
        else:
            self._step()

    def _step(self) -> None:
        """Send the next card home, or end the run when none can go."""
        table = self.table
        moves = home_moves(table.position, self._safe_only)
        if not moves:
            self.running = False
            if not self._safe_only and not table.position.is_won() and self._sent:
                n = self._sent
                # TRANSLATORS: after All home; {n} is how many cards went home.
                table.say(ngettext("{n} card sent home; no other card can go yet.",
                                   "{n} cards sent home; no other card can go yet.", n).format(n=n))
            return
        self.pace = HOME_PACE
        try:
            made = table.try_move(moves[0])  # a lesson's veto says why and stops the run
        finally:
            self.pace = 1.0
        if made:
            self._sent += 1
        else:
            self.running = False
