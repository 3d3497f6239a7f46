"""The questions the table asks: before a restart or a new deal loses moves, after a win
(once the victory lap is over), and when the player is stuck."""

from __future__ import annotations

from ...play.events import Actor, Stuck, StuckWhy, Won
from ...text.i18n import _, join_sentences, ngettext, pgettext
from ..commands import Command
from ..screen import Answer, QuestionDialog
from .view import TableView
from .wording import clock_text

Answers = list[Answer]


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
        n = len(table.session.game.history)
        # TRANSLATORS: asked before Restart; {n} is how many moves were made.
        text = ngettext("Start this deal again from the beginning? The {n} move made so far cannot be undone "
                        "afterwards.",
                        "Start this deal again from the beginning? The {n} moves made so far cannot be undone "
                        "afterwards.", n).format(n=n)
        table.app.push(QuestionDialog(table.app, text, [(pgettext("button", "Restart deal"), table.session.restart),
                                                        (pgettext("button", "Keep playing"), None)]))

    def new_deal(self, seed: int | None) -> None:
        """Ask before a new deal replaces the game under way."""
        table = self.table
        text = (_("Replace the game under way with a new shuffled deal? Leaving it counts as a loss.")
                if table.session.game.seed is not None else _("Replace the game under way with a new shuffled deal?"))
        table.app.push(QuestionDialog(table.app, text,
                                      [(pgettext("button", "New deal"), lambda: table.new_deal(False, seed)),
                                       (pgettext("button", "Keep playing"), None)]))

    def won(self, won: Won) -> None:
        """All 52 cards are home: the victory lap, and (unless the table's mode ends quietly) what next."""
        table = self.table
        if table.mode is not None and table.mode.quiet_end():
            if table.app.prefs.animation_speed > 0:
                table.celebrate()
            return
        self.won_dialog = self._won_question(won)
        if table.app.prefs.animation_speed > 0:
            table.celebrate()  # the question comes when the cards have landed
        else:
            self.show_won()

    def _won_question(self, won: Won) -> QuestionDialog:
        table = self.table
        n = won.moves
        if won.by is not Actor.DEMO:  # Finish only plays out an ending the player opened up
            title = _("You won!")
            # TRANSLATORS: the win message; {n} is how many moves, {time} the time played ("4:07").
            text = ngettext("All 52 cards are home in {n} move, {time}.",
                            "All 52 cards are home in {n} moves, {time}.", n).format(n=n, time=clock_text(won.seconds))
        else:  # only the Demo plays a game to its end for the player
            title = _("Demo finished")
            # TRANSLATORS: the message when the Demo (the solver playing) won the game; {n} is how many moves.
            text = ngettext("The demo played all 52 cards home in {n} move.",
                            "The demo played all 52 cards home in {n} moves.", n).format(n=n)
        answers: Answers = [(pgettext("button", "Admire it"), None)]
        if table.session.deals:
            # The same command as the bar's New deal: with the solver it asks which kind of deal.
            answers.insert(0, (pgettext("button", "New deal"), lambda: table.run(Command.NEW_DEAL)))
            if table.session.game.history:
                answers.insert(1, (pgettext("button", "Watch replay"), lambda: table.run(Command.REPLAY)))
        return QuestionDialog(table.app, join_sentences(text, *table.app.win_notes()), answers, title=title)

    def show_won(self) -> None:
        """Ask the won question now, if one is waiting."""
        dialog, self.won_dialog = self.won_dialog, None
        if dialog is not None:
            self.table.app.push(dialog)

    def stuck(self, stuck: Stuck) -> None:
        """Say the game is stuck and offer the ways on."""
        table = self.table
        if table.mode is not None and table.mode.quiet_end():
            return
        if stuck.why is StuckWhy.NO_LEGAL_MOVE:
            text = _("No legal move is left.")
        else:
            text = _("No card can be turned up or sent home any more: only shuffling is left.")
        session = table.session
        answers: Answers = [(pgettext("button", "Undo"), session.undo),
                            (pgettext("button", "Restart deal"), session.restart)]
        if session.deals:
            # As the bar's New deal (with the solver it asks which kind of deal), but the player has
            # already chosen to leave this game: no "Replace the game under way?" after it.
            answers.append((pgettext("button", "New deal"), lambda: table.run(Command.NEW_DEAL_CONFIRMED)))
        answers.append((pgettext("button", "Keep looking"), None))
        # TRANSLATORS: the title of the question when no useful move is left.
        table.app.push(QuestionDialog(table.app, text, answers, title=_("Stuck")))
