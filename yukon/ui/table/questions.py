"""The questions the table asks: before a restart or a new deal loses moves, after a win
(once the victory lap is over), and when the player is stuck."""

from __future__ import annotations

from collections.abc import Callable

from ...i18n import _, join_sentences, ngettext, pgettext
from ..changes import PlayedBy
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
        # TRANSLATORS: asked before Restart; {n} is how many moves were made.
        text = ngettext("Start this deal again from the beginning? The {n} move made so far cannot be undone "
                        "afterwards.",
                        "Start this deal again from the beginning? The {n} moves made so far cannot be undone "
                        "afterwards.", n).format(n=n)
        table.app.push(QuestionDialog(table.app, text, [(pgettext("button", "Restart deal"), table.restart),
                                                        (pgettext("button", "Keep playing"), None)]))

    def new_deal(self, seed: int | None) -> None:
        """Ask before a new deal replaces the game under way."""
        table = self.table
        text = (_("Replace the game under way with a new shuffled deal? Leaving it counts as a loss.")
                if table.game.seed is not None else _("Replace the game under way with a new shuffled deal?"))
        table.app.push(QuestionDialog(table.app, text,
                                      [(pgettext("button", "New deal"), lambda: table.new_deal(False, seed)),
                                       (pgettext("button", "Keep playing"), None)]))

    def won(self, played_by: PlayedBy | None) -> None:
        """All 52 cards are home (``played_by``: who played the last move, when not the player)."""
        table = self.table
        table.app.notify("won", table.game, None)
        self.won_dialog = self._won_question(played_by)
        if table.app.prefs.animation_speed > 0:
            table.celebrate()  # the question comes when the cards have landed
        else:
            self.show_won()

    def _won_question(self, played_by: PlayedBy | None) -> QuestionDialog:
        table = self.table
        n = len(table.game.history)
        if played_by != "Demo":  # Finish only plays out an ending the player opened up
            title = _("You won!")
            # TRANSLATORS: the win message; {n} is how many moves, {time} the time played ("4:07").
            text = ngettext("All 52 cards are home in {n} move, {time}.",
                            "All 52 cards are home in {n} moves, {time}.", n).format(n=n, time=table.elapsed_text())
        else:  # only the Demo plays a game to its end for the player
            title = _("Demo finished")
            # TRANSLATORS: the message when the Demo (the solver playing) won the game; {n} is how many moves.
            text = ngettext("The demo played all 52 cards home in {n} move.",
                            "The demo played all 52 cards home in {n} moves.", n).format(n=n)
        answers: Answers = [(pgettext("button", "Admire it"), None)]
        if table.deals():
            # The same command as the bar's New deal: with the solver it asks which kind of deal.
            answers.insert(0, (pgettext("button", "New deal"), lambda: table.action("new")))
        return QuestionDialog(table.app, join_sentences(text, *table.app.win_notes()), answers, title=title)

    def show_won(self) -> None:
        """Ask the won question now, if one is waiting."""
        dialog, self.won_dialog = self.won_dialog, None
        if dialog is not None:
            self.table.app.push(dialog)

    def stuck_text(self) -> str | None:
        """Why the game is stuck, or None when it is not (as far as a quick look can tell)."""
        pos = self.table.position
        if not pos.legal_moves():
            return _("No legal move is left.")
        # 1000 positions decide all but ~0.03% of cases at under 50 ms; the solver says the rest.
        if pos.progress_possible(1000) is not False:
            return None
        return _("No card can be turned up or sent home any more: only shuffling is left.")

    def ask_stuck(self, text: str) -> None:
        """Say the game is stuck and offer the ways on."""
        table = self.table
        table.app.notify("stuck", table.game, None)
        answers: Answers = [(pgettext("button", "Undo"), table.undo),
                            (pgettext("button", "Restart deal"), table.restart)]
        if table.deals():
            # As the bar's New deal (with the solver it asks which kind of deal), but the player has
            # already chosen to leave this game: no "Replace the game under way?" after it.
            answers.append((pgettext("button", "New deal"), lambda: table.action("new_confirmed")))
        answers.append((pgettext("button", "Keep looking"), None))
        # TRANSLATORS: the title of the question when no useful move is left.
        table.app.push(QuestionDialog(table.app, text, answers, title=_("Stuck")))
