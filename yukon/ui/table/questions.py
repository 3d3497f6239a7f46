"""The questions the table asks: before a restart or a new deal loses moves, after a win
(once the victory lap is over), and when the player is stuck."""

from __future__ import annotations

from collections.abc import Callable

from ..screen import QuestionDialog
from .view import TableView

Answers = list[tuple[str, Callable[[], None] | None]]


class Questions:
    """Asks the player before moves are lost, and what next when a game is won or stuck."""

    table: TableView
    won_dialog: QuestionDialog | None  # the question waiting for the cards to land

    def __init__(self, table: TableView) -> None:
        self.table = table
        self.won_dialog = None

    def restart(self) -> None:
        """Ask before the deal starts again (restart cannot be undone)."""
        table = self.table
        n = len(table.game.history)
        table.app.push(QuestionDialog(
            table.app, f"Start this deal again from the beginning? The {n} move{'s' if n != 1 else ''} "
            "made so far cannot be undone afterwards.",
            [("Restart deal", table.restart), ("Keep playing", None)]))

    def new_deal(self, seed: int | None) -> None:
        """Ask before a new deal replaces the game under way."""
        table = self.table
        loss = " Leaving it counts as a loss." if table.game.seed is not None else ""
        table.app.push(QuestionDialog(table.app, "Replace the game under way with a new shuffled deal?" + loss,
                                      [("New deal", lambda: table.new_deal(False, seed)), ("Keep playing", None)]))

    def won(self, played_by: str | None) -> None:
        """All 52 cards are home (``played_by``: who played the last move, when not the player)."""
        table = self.table
        table.app.notify("won", table.game, None)
        self.won_dialog = self._won_question(played_by)
        if table.app.prefs.animation_speed > 0:
            table.celebrate()  # the question comes when the cards have landed
        else:
            self.show_won()

    def _won_question(self, played_by: str | None) -> QuestionDialog:
        table = self.table
        n = len(table.game.history)
        notes = "".join(" " + note for note in table.app.win_notes())
        text = f"All 52 cards are home in {n} move{'s' if n != 1 else ''}, {table.elapsed_text()}." + notes
        answers: Answers = [("Admire it", None)]
        if table.deals():
            answers.insert(0, ("New deal", lambda: table.new_deal(False)))
        title = "You won!"
        if played_by is not None:
            title = f"{played_by} finished"
            text = f"The {played_by.lower()} played all 52 cards home in {n} move{'s' if n != 1 else ''}." + notes
        return QuestionDialog(table.app, text, answers, title=title)

    def show_won(self) -> None:
        """Ask the won question now, if one is waiting."""
        dialog, self.won_dialog = self.won_dialog, None
        if dialog is not None:
            self.table.app.push(dialog)

    def stuck_text(self) -> str | None:
        """Why the game is stuck, or None when it is not (as far as a quick look can tell)."""
        pos = self.table.position
        if not pos.legal_moves():
            return "No legal move is left."
        # 1000 positions decide all but ~0.03% of cases at under 50 ms; the solver says the rest.
        if pos.progress_possible(1000) is not False:
            return None
        return "No card can be turned up or sent home any more: only shuffling is left."

    def ask_stuck(self, text: str) -> None:
        """Say the game is stuck and offer the ways on."""
        table = self.table
        table.app.notify("stuck", table.game, None)
        answers: Answers = [("Undo", table.undo), ("Restart deal", table.restart)]
        if table.deals():
            answers.append(("New deal", lambda: table.new_deal(False)))
        answers.append(("Keep looking", None))
        table.app.push(QuestionDialog(table.app, text, answers, title="Stuck"))
