"""Choosing a deal by its number as a part of the app: the Deal # button and D open the box.

Over a game under way a chosen deal asks first (leaving counts as a loss). Over a lesson (a
table playing its own position) the box names no deal (the lesson's cards have no number,
and the saved game behind the lessons is not on show), and a deal chosen leaves the lessons
first, so that the new deal, or the question before it over the game it would replace, is seen.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING

from ..core.state import Game
from ..play.events import Notice
from ..play.records import Records
from ..play.share_code import ShareCode
from ..text.i18n import _, pgettext
from .commands import Command
from .keys_overlay import DealDialog
from .parts import Part
from .screen import QuestionDialog
from .sheet import SheetScreen
from .widgets import ButtonSpec

if TYPE_CHECKING:
    from .app import App
    from .table import TableScreen


class ChooseDeal(Part):
    """The Deal # box and what follows a number chosen in it."""

    app: App
    records: Records
    watch: Callable[[ShareCode], None] | None  # shows a code's moves (the replay viewer)

    def __init__(self, app: App, records: Records, watch: Callable[[ShareCode], None] | None = None) -> None:
        self.app = app
        self.records = records
        self.watch = watch

    def buttons(self) -> list[ButtonSpec]:
        """The Deal # button."""
        return [ButtonSpec(Command.CHOOSE_DEAL)]

    def command(self, table: TableScreen, command: Command) -> bool:
        """D (and the button) opens the box over ``table``."""
        if command is Command.CHOOSE_DEAL:
            self.show(table)
            return True
        return False

    def show(self, table: TableScreen) -> None:
        """The choose-deal box over ``table`` (see the module docstring for a lesson's table)."""
        if table.session.deals:
            self.app.push(SheetScreen(self.app, DealDialog(self.app.session.game.seed, self.chosen, self._note,
                                                           self.play_code)))
        else:
            self.app.push(SheetScreen(self.app, DealDialog(None, functools.partial(self._from_lesson, table),
                                                           self._note, self.play_code)))

    def _from_lesson(self, lesson: TableScreen, seed: int) -> None:
        """Deal ``seed`` chosen over a lesson: back to the game first (it is what the deal replaces)."""
        self.app.pop(lesson)
        self.chosen(seed)

    def _note(self, seed: int) -> str | None:
        """What a part (the solver's) has to say about deal ``seed``: how hard it is."""
        return next((note for p in self.app.parts if (note := p.deal_note(seed)) is not None), None)

    def chosen(self, seed: int) -> None:
        """Deal ``seed``, asking first over a game under way."""
        if self.records.under_way(self.app.session.game):
            self.app.push(QuestionDialog(self.app, _("Replace the game under way with deal {number}? "
                                                     "Leaving it counts as a loss.").format(number=seed),
                                         [(pgettext("button", "Deal {number}").format(number=seed),
                                           lambda: self._deal(seed)),
                                          (pgettext("button", "Keep playing"), None)]))
        else:
            self._deal(seed)

    def play_code(self, code: ShareCode) -> None:
        """Play the deal a share code names, under its rules (asking first over a game under way;
        over a lesson, back to the game first); a code with moves is watched (the game in play stays)."""
        if code.moves and self.watch is not None:
            self.watch(code)
            return
        while self.app.table is not None and self.app.top is not self.app.table and len(self.app.screens) > 1:
            self.app.pop()  # the Deal # box or a lesson: what the deal replaces is the main table's game
        if self.records.under_way(self.app.session.game):
            self.app.push(QuestionDialog(self.app, _("Replace the game under way with deal {number}? "
                                                     "Leaving it counts as a loss.").format(number=code.seed),
                                         [(pgettext("button", "Deal {number}").format(number=code.seed),
                                           lambda: self._deal_code(code)),
                                          (pgettext("button", "Keep playing"), None)]))
        else:
            self._deal_code(code)

    def _deal_code(self, code: ShareCode) -> None:
        """Put the code's deal on the main table under the code's rules (new deals keep the settings' rules)."""
        session = self.app.session
        session.deal(Game.deal(code.seed, code.rules))
        session.say(Notice.NEW_DEAL, code.seed)

    def _deal(self, seed: int) -> None:
        """Deal ``seed`` through the main table, so it slides in like New deal."""
        table = self.app.table
        if table is not None:
            table.new_deal(ask=False, seed=seed)
