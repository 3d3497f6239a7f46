"""The solver's words in the status line: whether the position on the table is still winnable."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Final, Literal

from ...solve.solver import Verdict
from ...text.i18n import _, ngettext
from .context import Context
from .knowledge import Knowledge

if TYPE_CHECKING:
    from ...core.state import Game

CHECKING: Final = "checking"  # the solver was asked and has not answered yet
CHECKING_AFTER = 0.25  # say "checking" only when an answer takes longer than this
# What the status line tells of the position on the table: a verdict, "checking", or "" (nothing).
LineState = Verdict | Literal["checking", ""]


class VerdictLine:
    """The verdict on the position on the table (``status``) and its text as drawn now (``shown``)."""

    _ctx: Context
    _knowledge: Knowledge
    _searching: Callable[[], bool]  # is an undecided position on the table still being searched?
    status: LineState
    since: float  # when the status last changed
    shown: str
    _shown_game: Game | None  # the game whose verdict ``shown`` is

    def __init__(self, ctx: Context, knowledge: Knowledge, searching: Callable[[], bool] = lambda: False) -> None:
        self._ctx = ctx
        self._knowledge = knowledge
        self._searching = searching
        self.status = ""
        self.since = time.monotonic()
        self.shown = ""
        self._shown_game = None

    def set(self, status: LineState) -> None:
        """The verdict is ``status`` now (the line is redrawn when the table is still)."""
        if status != self.status:
            self.status = status
            self.since = time.monotonic()

    def text(self) -> str:
        """The status line's solver part."""
        s = self.status
        if self._ctx.setting("hide_verdicts"):
            return ""  # the player finds out for themselves; hints still answer when asked
        game = self._ctx.game
        if s == Verdict.WINNABLE:
            return _("Solver: still winnable") if game.history else _("Solver: this deal can be won")
        if s == Verdict.LOST:
            dealt = self._knowledge.get(self._knowledge.trail(game)[0])
            if not game.history or (dealt is not None and dealt.status == Verdict.LOST):
                # never winnable, moves or none: "from here" would blame the player's moves (said once: the
                # difficulty note leaves it to this line)
                return _("Solver: this deal cannot be won")
            n = self._knowledge.last_winnable(game)
            if n:
                # TRANSLATORS: the status line; B is the key that goes back, {n} how many moves.
                return ngettext("Solver: cannot be won from here; B goes back {n} move to a winnable position",
                                "Solver: cannot be won from here; B goes back {n} moves to a winnable position",
                                n).format(n=n)
            return _("Solver: cannot be won from here")
        if s == Verdict.UNKNOWN:
            if self._searching():
                # TRANSLATORS: the status line while the solver goes on searching in the background
                # after its first search ran out of time; the verdict replaces it when it comes.
                return _("Solver: undecided so far, still searching…")
            return _("Solver: undecided (it ran out of time)")
        if s == CHECKING:
            if time.monotonic() - self.since >= CHECKING_AFTER:
                return _("Solver: checking\u2026")
            # Most answers take a few milliseconds: keep the last words a moment rather than flicker,
            # but only words about this game (a new deal's must not be the last deal's).
            return self.shown if self._shown_game is game else ""
        return ""

    def show(self, now: bool = False) -> None:
        """Put the status into the status line; redraw only when the table is still (or ``now``)."""
        text = self.text()
        if text == self.shown:
            self._shown_game = self._ctx.game  # the same words hold for this game too
            return
        t = self._ctx.table
        if t is not None and t.busy() and not now:
            return  # a redraw now would cost a full frame in the middle of a slide: wait
        self.shown = text
        self._shown_game = self._ctx.game
        if t is not None:
            t.invalidate()
