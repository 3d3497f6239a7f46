"""The solver at the table: hints with reasons, "still winnable", winnable deals, demo, finish.

``Assist`` is one part of the app (``yukon.ui.parts``); the builder adds it. It ties the
pieces together, each in its own module:

  * ``knowledge``: what is known per position, the game's trail of positions and the
    course the table follows (pure logic; its docstring says why the game never comes
    back to a position while the solver's help plays);
  * ``link``: the solver's child process: requests and replies, stale replies dropped, a
    dead child restarted;
  * ``verdict_line``: the status line's verdict ("still winnable", "cannot be won from here");
  * ``deepening``: after an undecided answer, the same position asked again with a growing
    budget while the player plays on (yielding to every other request);
  * ``reasons``: why a hinted move helps, in a player's words;
  * ``hint_finder``: Hint (H) and P, which plays the hint; after a winning hint, the child
    checks the other moves, so that only those that keep the game winnable are offered;
  * ``demo``: the Demo and the Finish;
  * ``offers``: the loss question and Back to the last winnable position (B), the lost
    fresh deal's offer, the Finish offer, and winnable deals only;
  * ``why``: Why? (W) beside a lost status: the solver's reasons, in a sheet.
  * ``deal_levels``: each deal's level, rated by the same child (``levels``), and the
    part that shows it and lets New deal ask for a level.

After every change the assist asks the solver about the position on the table, and every
loop iteration (its ``tick``) it collects replies without waiting: nothing in the window
waits on a search. A verdict that comes from the deep search is shown and spoken as any
other, but it puts no question up (the player has been playing on meanwhile).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from ...play.events import Actor, Dealt, Event, Moved, Redone, Restarted, Stuck, Tone, Undone, Won
from ...solve.difficulty import Level, Rating
from ...solve.solver import Verdict
from ...text.i18n import _
from ..commands import Command
from ..parts import Part, StatusNote
from ..widgets import ButtonSpec
from .context import Context, SettingName
from .deal_levels import DealLevels
from .deepening import BUDGETS, Deepening
from .demo import DEMO_PAUSE, Demo
from .hint_finder import HINT_PATIENCE, HintFinder
from .knowledge import Knowledge, Known, PositionKey, position_key, rules_key
from .link import MAX_RESTARTS, POLL, SOLVE_TIMEOUT, Pending, SolverLink, _ids, new_request
from .offers import Offers, WinnableDeals
from .reasons import move_reason
from .verdict_line import CHECKING, LineState, VerdictLine
from .why import Why

if TYPE_CHECKING:
    from ...play.records import Records
    from ...solve.solver_service import Reply
    from ..app import App
    from ..table import TableScreen

__all__ = ["CHECKING", "DEMO_PAUSE", "HINT_PATIENCE", "MAX_RESTARTS", "SOLVE_TIMEOUT", "Assist", "Known", "Pending",
           "SolverLink", "_ids", "move_reason", "position_key", "rules_key"]


class Assist(Part):
    """Solver features at the table; see the module docstring.

    ``link`` is the way to the solver's child (it starts one on the first tick when it was given
    none); ``records`` hold the settings it follows and mark a game the Demo played (None: every
    setting off, as in a table without saving). It hears the main table's session.
    """

    app: App
    records: Records | None
    knowledge: Knowledge
    link: SolverLink
    verdict: VerdictLine
    hints: HintFinder
    player: Demo  # the Demo and the Finish
    deals: WinnableDeals
    offers: Offers
    why: Why
    levels: DealLevels  # how hard each deal is (shown by the ``difficulty`` part)
    deepening: Deepening  # the search that goes on after an undecided answer
    _ctx: Context
    _seen: tuple[int, int, PositionKey] | None  # (game, moves made, position key) the status describes

    def __init__(self, app: App, link: SolverLink, records: Records | None = None,
                 hint_patience: float = HINT_PATIENCE, demo_pause: float = DEMO_PAUSE,
                 budgets: Sequence[float] = BUDGETS) -> None:
        self.app = app
        self.records = records
        self._ctx = Context(app, records)
        self.knowledge = Knowledge()
        self.link = link
        self.deepening = Deepening(self._ctx, self.knowledge, link, budgets)
        self.verdict = VerdictLine(self._ctx, self.knowledge, self.deepening.searching)
        self.hints = HintFinder(self._ctx, self.knowledge, self.link, self._collect, hint_patience,
                                self.deepening.searching)
        self.player = Demo(self._ctx, self.knowledge, self.link, self._collect, demo_pause)
        self.deals = WinnableDeals(self._ctx, self.knowledge)
        self.offers = Offers(self._ctx, self.knowledge, self.verdict, self.player, self.deals, self._explain)
        self.why = Why(self._ctx, self.knowledge, self.link, self.verdict, self.offers.back_to_winnable)
        self.levels = DealLevels(self._ctx)
        self._seen = None
        app.session.listen(self.heard)

    # -- what the part adds to the table ---------------------------------------------------------
    def buttons(self) -> list[ButtonSpec]:
        """Demo, and Why? (usable once the solver has proved the position lost)."""
        return [ButtonSpec(Command.DEMO), ButtonSpec(Command.WHY, self.why.offered)]

    def _explain(self) -> None:
        """Why? from a question: the same as W (the Why part is made after the questions)."""
        self.why.ask()

    def status_notes(self) -> list[StatusNote]:
        """The solver's verdict (bad news marked, with W for why) and, while it plays, how to stop the Demo."""
        return [StatusNote(self.why.beside(self.verdict.shown), alert=self.status == Verdict.LOST,
                           command=Command.WHY if self.why.offered() else None),
                StatusNote(self.player.note)]

    def command(self, table: TableScreen, command: Command) -> bool:
        """Hint, Demo, P, B and W on the main table are ours; everything else is left to others."""
        if table is not self.table or (command is not Command.DEMO and table.mode is not None):
            return False
        if command is Command.HINT:
            self.hints.hint()
        elif command is Command.DEMO:
            self.start_demo()
        elif command is Command.PLAY_HINT:
            self.hints.play()
        elif command is Command.WHY:
            self.why.ask()
        elif command is Command.BACK_TO_WINNABLE:
            if self.offers.last_winnable():
                self.offers.back_to_winnable()
            elif self.status == Verdict.WINNABLE:
                self._ctx.session.tell(_("This position can still be won: there is no need to go back."))
            else:
                self._ctx.session.tell(_("No earlier position of this game is known to be winnable."))
        else:
            return False
        return True

    def event(self, e: pygame.event.Event) -> bool:
        """While the demo plays, any key or click stops it (and does nothing else)."""
        return self.player.event(e)

    def heard(self, event: Event) -> None:
        """After every change at the main table: the status at once where it is known."""
        if isinstance(event, Won):
            self.player.end()
        elif isinstance(event, (Undone, Redone, Restarted, Dealt)):
            if self.player.playing:
                self.player.stop()
        elif not isinstance(event, Moved | Stuck):
            return
        self.sync()
        self.verdict.show(now=True)  # the move's own frame redraws everything anyway

    def choose_seed(self) -> int | None:
        """The number for New deal: with "winnable deals only", one the solver proved winnable."""
        return self.deals.choose_seed()

    def quitting(self) -> None:
        """The window closes: stop the child."""
        self.close()

    def close(self) -> None:
        """Stop the child process (when this assist started it)."""
        self.link.close()

    # -- the loop ------------------------------------------------------------------------------
    def tick(self) -> float | None:
        """Once per loop iteration: collect replies, refresh the status, drive demo and offers."""
        try:
            return self._tick()
        except Exception as e:  # noqa: BLE001 - the solver's extras must never end the game
            print(f"yukon: the solver assist failed: {e!r}", file=sys.stderr)
            self.app.errors.append(e)
            self.player.halt()
            return None

    def _tick(self) -> float | None:
        self._collect()
        self.verdict.show()
        quiet = self._ctx.quiet()
        if quiet:
            self.hints.deliver()
            if self.levels.wanted is None:  # else the player waits for a new deal: no question on this one
                self.offers.offer()
        waits: list[float] = []
        if self.player.playing:
            waits.append(self.player.step(quiet))
        self._look()
        pending = self.link.pending
        if pending is not None:  # a long search is polled less often: the idle window stays cheap
            waits.append(POLL if time.monotonic() - pending.sent < 1.0 else 4 * POLL)
        return min(waits) if waits else None

    def _look(self) -> None:
        """Ask the child what is due, the player's wait first; the deep search last of all."""
        if not self.link.running:
            return
        in_flight = self.link.pending
        if in_flight is None or in_flight.kind in ("deal", "level", "deepen"):
            # The player waits on these checks: they go before (and over) the background work,
            # which is asked again once the child is idle.
            req = self.hints.look()
            if req is not None:
                self._ask(req)
        if self._free() and (self._ctx.setting("winnable_only")
                             or (self.status == Verdict.LOST and not self._ctx.game.history)):
            req = self.deals.look()  # kept ready; a lost fresh deal offers it
            if req is not None:
                self._ask(req)
        if self._free():
            req = self.levels.look()  # the deal's level, a typed deal number, a deal of a wanted level
            if req is not None:
                self._ask(req)
        if self.link.pending is None and self.link.running:
            req = self.deepening.look()  # an undecided position, searched again for longer
            if req is not None:
                self._ask(req)

    def _free(self) -> bool:
        """May the child be asked something now (idle, or busy only with the deep search, which yields)?"""
        pending = self.link.pending
        return self.link.running and (pending is None or pending.kind == "deepen")

    def _collect(self) -> None:
        """Notice a new position and take in the replies that have come."""
        self.sync()
        for req, reply in self.link.replies():
            self._reply(req, reply)
        if self.link.dead():
            self._revive()

    def _revive(self) -> None:
        """The solver's child died (killed, out of memory): start another, a few times at most."""
        again = self.link.revive()
        if self.link.failed:
            self._set_status("")
            if self.table is not None:
                self._ctx.session.tell(_("The solver keeps stopping, so it is off for now: hints are simple ones "
                                         "and there is no Demo."), Tone.ERROR, 8.0)
            return
        if again is not None and self.link.start():
            self._ask(again)

    def sync(self) -> None:
        """Bring the status up to date with the position on the table; ask the solver if need be."""
        game = self._ctx.game
        pos = game.position
        key = position_key(pos)
        seen = (id(game), len(game.history), key)
        if seen == self._seen:
            return
        self._seen = seen
        self.hints.forget()
        pending = self.link.pending
        if pending is not None and (pending.kind == "check" or (pending.kind == "deepen" and pending.key != key)):
            self.link.cancel()  # a hint's check or a deep search for the position left: the child is free at once
        trail = self.knowledge.trail(game)
        course = self.knowledge.steer(game, trail)
        if pos.is_won():
            self.verdict.set("")
            self.verdict.show()
            return
        k = self.knowledge.judge(trail)
        if k is not None:
            self._set_status(k.status)
            if k.status != Verdict.WINNABLE or course.line:
                return
        if self.link.start():
            if k is None:
                self._set_status(CHECKING)
            # a winnable position without a line at hand asks for one; its status stands meanwhile
            self._ask(new_request("status", key, pos.copy(), ancestors=tuple(trail[:-1])))
        elif k is None:
            self._set_status("")

    def _ask(self, req: Pending) -> None:
        if not self.link.ask(req):
            self._set_status("")

    def _set_status(self, status: LineState, ask: bool = True) -> None:
        """The table's verdict is ``status``; ``ask``: put up the question a loss calls for (not
        for a late verdict of the deep search: the player has played on meanwhile)."""
        self.verdict.set(status)
        if status == Verdict.LOST:
            self.offers.note_loss(ask)
        self.verdict.show()

    def _reply(self, req: Pending, reply: Reply) -> None:
        if req.kind == "level":
            self.levels.heard(req, reply)
            rating = reply.stats.get("rating")
            if isinstance(rating, Rating) and rating.level is Level.UNWINNABLE:
                self.knowledge.learn(req.key, Known(Verdict.LOST))  # the deal as dealt: the verdict says so, once
            return
        if req.kind == "deal":
            self.deals.answered(req, reply)
            return
        if req.kind == "explain":
            self.why.answered(req, reply)
            return
        if req.kind == "check":
            self.hints.checked(req, reply)
            return
        if reply.status == Verdict.WINNABLE:
            line = tuple(reply.moves())  # solve() cuts every loop out of its lines
            self.knowledge.proved(req.key, req.position, line, req.ancestors)
        else:
            self.knowledge.learn(req.key, Known(Verdict.LOST if reply.status == Verdict.LOST else Verdict.UNKNOWN))
            self.why.noted(req, reply)
            if req.kind == "deepen" and reply.status == Verdict.UNKNOWN:
                self.deepening.ran_out(req)
        if self._seen is not None and self._seen[2] == req.key:
            k = self.knowledge.known.get(req.key)
            if k is not None:
                self._set_status(k.status, ask=req.kind != "deepen")

    # -- what others (and tests) ask of the assist ---------------------------------------------
    @property
    def table(self) -> TableScreen | None:
        """The main table (not a lesson's)."""
        return self._ctx.table

    def setting(self, name: SettingName) -> bool:
        """One of the solver's settings (all off without records)."""
        return self._ctx.setting(name)

    @property
    def status(self) -> LineState:
        """The verdict on the position on the table: a Verdict, CHECKING or "" (nothing to say)."""
        return self.verdict.status

    @property
    def solver_note(self) -> str:
        """The solver's part of the status line as drawn now."""
        return self.verdict.shown

    @property
    def demo(self) -> bool:
        """Is the Demo (or the Finish) playing?"""
        return self.player.playing

    def start_demo(self, kind: Actor = Actor.DEMO) -> None:
        """Let the solver play the rest of the game on screen."""
        self.player.start(kind)

    @property
    def failed(self) -> bool:
        """Is the solver off for the rest of this run?"""
        return self.link.failed
