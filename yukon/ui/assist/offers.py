"""What the assist offers the player: questions at the right moment, and winnable deals.

  * When a move loses a winnable position, a question offers "Back to the last winnable
    position" (B takes it at any time).
  * A fresh deal the solver proved lost offers a winnable one instead.
  * Finish (setting "auto_finish"): once every card is face up, a question offers to play
    the ending out.
  * Winnable deals only (a setting): New deal takes a deal number proved winnable, kept
    ready in the background (``WinnableDeals``).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from ...core.state import Position
from ...play.events import Actor
from ...solve.solver import Verdict
from ...text.i18n import _, ngettext, pgettext
from ..screen import QuestionDialog
from .context import Context
from .demo import Demo
from .knowledge import Knowledge, Known, PositionKey, RulesKey, position_key, rules_key
from .link import Pending, new_request
from .verdict_line import VerdictLine

if TYPE_CHECKING:
    from ...solve.solver_service import Reply

Mark = tuple[int, PositionKey]  # a game (by id) and one of its positions


class WinnableDeals:
    """Deal numbers the solver proved winnable, one kept ready (``ready_deal``) for New deal."""

    _ctx: Context
    _knowledge: Knowledge
    ready_deal: tuple[int, RulesKey] | None  # (seed, rules key) proved winnable
    _next_winnable: bool  # the next New deal must be one the solver proved winnable

    def __init__(self, ctx: Context, knowledge: Knowledge) -> None:
        self._ctx = ctx
        self._knowledge = knowledge
        self.ready_deal = None
        self._next_winnable = False

    def look(self) -> Pending | None:
        """A request for a random deal to try (None: one is ready for these rules already)."""
        rules = self._ctx.app.rules
        if self.ready_deal is not None and self.ready_deal[1] == rules_key(rules):
            return None
        seed = self._ctx.app.random_seed()
        pos = Position.deal(seed, rules)
        return new_request("deal", position_key(pos), pos, seed=seed)

    def answered(self, req: Pending, reply: Reply) -> None:
        """The solver's answer for a deal it was asked about: a winnable one is kept ready."""
        if reply.status == Verdict.WINNABLE and req.seed is not None:
            self._knowledge.learn(req.key, Known(Verdict.WINNABLE, tuple(reply.moves())))
            self.ready_deal = (req.seed, req.key[0])

    def choose_seed(self) -> int | None:
        """The number for New deal: with "winnable deals only", one the solver proved winnable."""
        if not self._ctx.setting("winnable_only") and not self._next_winnable:
            return None
        self._next_winnable = False
        rk = rules_key(self._ctx.app.rules)
        if self.ready_deal is not None and self.ready_deal[1] == rk:
            seed = self.ready_deal[0]
            self.ready_deal = None
            return seed
        return self._find_deal_now()

    def deal_winnable(self) -> None:
        """Replace the deal on the table with one the solver proved winnable."""
        t = self._ctx.table
        if t is None:
            return
        self._next_winnable = True
        t.new_deal(ask=False)

    def _find_deal_now(self) -> int:
        """No deal ready (the setting was just turned on): solve a few here, for half a second at most."""
        from ...solve.solver import solve

        app = self._ctx.app
        end = time.monotonic() + 0.5
        seed = app.random_seed()
        while time.monotonic() < end:
            pos = Position.deal(seed, app.rules)
            result = solve(pos, timeout=max(0.01, end - time.monotonic()))
            if result.status == Verdict.WINNABLE:
                self._knowledge.learn(position_key(pos), Known(Verdict.WINNABLE, tuple(result.moves)))
                return seed
            seed = app.random_seed()
        return seed  # the status line says what the solver finds for it


class Offers:
    """The questions the assist asks when the table is quiet, and Back to the last winnable position."""

    _ctx: Context
    _knowledge: Knowledge
    _verdict: VerdictLine
    _demo: Demo
    _deals: WinnableDeals
    _explain: Callable[[], None]  # Why?: the solver's reasons the position is lost
    _offered_back: set[Mark]  # (game, ancestor key) the loss question was asked for
    _offer_back: Mark | None  # (game, ancestor key) waiting for a quiet table
    _offered_finish: set[int]  # games Finish was offered for
    _offered_fresh: set[int]  # games whose lost deal was offered a winnable one

    def __init__(self, ctx: Context, knowledge: Knowledge, verdict: VerdictLine, demo: Demo,
                 deals: WinnableDeals, explain: Callable[[], None]) -> None:
        self._ctx = ctx
        self._explain = explain
        self._knowledge = knowledge
        self._verdict = verdict
        self._demo = demo
        self._deals = deals
        self._offered_back = set()
        self._offer_back = None
        self._offered_finish = set()
        self._offered_fresh = set()

    def last_winnable(self) -> int:
        """How many moves back the last winnable position of this game is (0: none known)."""
        return self._knowledge.last_winnable(self._ctx.game)

    def note_loss(self, ask: bool = True) -> None:
        """The position is lost: if an earlier one of this game was winnable, offer to go back.

        ``ask=False``: a late verdict (the deep search's, while the player played on): the status line
        says it and no question is put up, for this loss (nor later, for the same winnable position)
        or, on a fresh deal, for the deal."""
        game = self._ctx.game
        if not ask and not game.history:
            self._offered_fresh.add(id(game))
        n = self.last_winnable()
        if n:
            mark = (id(game), self._knowledge.trail(game)[-1 - n])
            if not ask:
                self._offered_back.add(mark)
            elif mark not in self._offered_back:
                self._offer_back = mark

    def back_to_winnable(self) -> None:
        """Undo to the last position of this game the solver knows can be won."""
        t = self._ctx.table
        n = self.last_winnable()
        if t is None or n == 0:
            return
        session = self._ctx.session
        gid = id(self._ctx.game)
        self._offered_back = {m for m in self._offered_back if m[0] != gid}  # lose it again: ask again
        for _unused in range(n):
            session.undo()
        # TRANSLATORS: after B; {n} is how many moves were taken back (2 or more).
        session.tell(_("Back at the last winnable position.") if n == 1 else
                     ngettext("Back {n} move, at the last winnable position.",
                              "Back {n} moves, at the last winnable position.", n).format(n=n))

    def offer(self) -> None:
        """The table is quiet: ask the question that is due, if one is."""
        mark, self._offer_back = self._offer_back, None
        if self._ctx.setting("hide_verdicts"):
            self._offer_finish()
            return
        if self._offer_fresh() or self._offer_back_to(mark):
            return
        self._offer_finish()

    def _offer_fresh(self) -> bool:
        """A fresh deal proved lost: offer a winnable one instead."""
        ctx = self._ctx
        game = ctx.game
        t = ctx.table
        if (self._verdict.status == Verdict.LOST and not game.history and game.seed is not None and not self._demo.playing
                and id(game) not in self._offered_fresh and t is not None and t.mode is None):
            self._offered_fresh.add(id(game))
            # TRANSLATORS: {number} is the deal's number.
            text = _("The solver has proved that deal {number} cannot be won, whatever is played. "
                     "Deal one that can be won instead?").format(number=game.seed)
            ctx.app.push(QuestionDialog(
                ctx.app, text,
                [(pgettext("button", "Winnable deal"), self._deals.deal_winnable),
                 (pgettext("button", "Why?"), self._explain),
                 (pgettext("button", "Play it anyway"), None)],
                title=_("This deal cannot be won")))
            return True
        return False

    def _offer_back_to(self, mark: Mark | None) -> bool:
        """A move lost the game: offer to go back to the last winnable position."""
        ctx = self._ctx
        if mark is None or mark[0] != id(ctx.game) or self._verdict.status != Verdict.LOST or self._demo.playing:
            return False
        self._offered_back.add(mark)
        n = self.last_winnable()
        if not n:
            return False
        # TRANSLATORS: {n} is how many moves ago the deal could still be won (2 or more).
        text = (_("That move lost the deal: no winning line is left from here. "
                  "Go back to the last winnable position?") if n == 1 else
                ngettext("No winning line is left from here; {n} move ago the deal could still be won. "
                         "Go back to the last winnable position?",
                         "No winning line is left from here; {n} moves ago the deal could still be won. "
                         "Go back to the last winnable position?", n).format(n=n))
        ctx.app.push(QuestionDialog(ctx.app, text, [(pgettext("button", "Go back"), self.back_to_winnable),
                                                    (pgettext("button", "Why?"), self._explain),
                                                    (pgettext("button", "Play on"), None)],
                                    title=_("No longer winnable")))
        return True

    def _offer_finish(self) -> None:
        """Every card is face up on a winnable position: offer to play the ending out."""
        ctx = self._ctx
        game = ctx.game
        if (ctx.setting("auto_finish") and not self._demo.playing and id(game) not in self._offered_finish
                and self._verdict.status == Verdict.WINNABLE and game.position.face_down_count() == 0):
            self._offered_finish.add(id(game))
            ctx.app.push(QuestionDialog(ctx.app, _("Every card is face up. Play the ending out?"),
                                        [(pgettext("button", "Finish"), lambda: self._demo.start(Actor.FINISH)),
                                         (pgettext("button", "Keep playing"), None)],
                                        title=pgettext("title", "Finish")))
