"""The questions the table asks: before a restart or a new deal loses moves, and after a win (the
celebration, then the win summary with the next deal); and the notice (no question) when the
player is stuck."""

from __future__ import annotations

from dataclasses import dataclass

from ...play.events import Stuck, StuckWhy, Tone, Won
from ...text.i18n import _, ngettext, pgettext
from ..celebration import Celebration
from ..changes import WinRecord
from ..commands import Command
from ..screen import Answer, QuestionDialog
from .summary import WinSummary
from .view import TableView

Answers = list[Answer]
STUCK_TIME = 8.0  # seconds the stuck notice stays: it ends the game, so longer than a hint's


@dataclass(frozen=True, slots=True)
class PendingWin:
    """A win waiting for its last card to land: the event, and the records' word on it then."""

    won: Won
    record: WinRecord | None
    notes: list[str]


class Questions:
    """Asks the player before moves are lost, and what next when a game is won or stuck."""

    table: TableView
    pending: PendingWin | None  # the win waiting for the cards to land

    def __init__(self, table: TableView) -> None:
        self.table = table
        self.pending = None

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
        """All 52 cards are home: once the last card has landed, the celebration and then the
        summary (a table whose mode ends quietly, a lesson, only has the cards leap)."""
        table = self.table
        if table.mode is not None and table.mode.quiet_end():
            if table.app.prefs.animation_speed > 0:
                table.celebrate()
            return
        # The records' figures now: they are the win's (the records heard it first).
        self.pending = PendingWin(won, table.app.win_record(), table.app.win_notes())
        if not table.anim.active and not table.drag_cards:
            self.celebrate()

    def celebrate(self, skip: bool = False) -> None:
        """The celebration of the win waiting for it, then its summary; with animations off, the
        celebration's still picture under the summary at once; ``skip`` (the player acted while the
        last card was on its way): the summary at once, over the won table."""
        pending, self.pending = self.pending, None
        if pending is None:
            return
        table = self.table
        app = table.app
        session = table.session

        def back() -> None:
            app.pop(celebration)

        def next_deal() -> None:
            app.pop(celebration)
            table.run(Command.NEW_DEAL)  # as the bar's New deal: with the solver it asks which kind

        def replay() -> None:
            app.pop(celebration)
            table.run(Command.REPLAY)

        answers: Answers = [(pgettext("button", "Admire it"), back)]
        if session.deals:
            # TRANSLATORS: the win summary's button that deals the next game.
            answers.insert(0, (pgettext("button", "Next deal"), next_deal))
            if session.game.history:
                answers.insert(1, (pgettext("button", "Watch replay"), replay))
        summary = WinSummary(app, pending.won, pending.record, pending.notes, answers)
        celebration = Celebration(app, table, (session.game.seed or 0) * 7919 + pending.won.moves,
                                  app.prefs.animation_speed > 0, then=lambda: app.push(summary))
        app.push(celebration)
        if skip or not celebration.animated:
            celebration.finish()

    def stuck(self, stuck: Stuck) -> None:
        """Say the game is stuck, in a notice that goes by itself: it asks nothing, and the ways on
        (Undo, Restart, New deal) are the toolbar's first buttons."""
        table = self.table
        if table.mode is not None and table.mode.quiet_end():
            return
        if stuck.why is StuckWhy.NO_LEGAL_MOVE:
            text = _("No legal move is left.")
        else:
            text = _("No card can be turned up or sent home any more: only shuffling is left.")
        table.session.tell(text, Tone.INFO, STUCK_TIME)
