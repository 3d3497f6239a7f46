"""Demo (a bar button) and Finish: the solver plays the rest of the game with the usual slides.

Any click or key stops it. Finish plays out an ending the player has already opened up
(``offers`` asks first). Each move says who made it (``Moved.by``: DEMO or FINISH): the records
count a win with their moves as an assisted one, and a win whose last move the Demo made as
none of the player's.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import pygame

from ...play.events import Actor, Tone, made_move
from ...solve.solver import Verdict
from ...text.i18n import _
from .context import Context
from .knowledge import Knowledge
from .link import POLL, SolverLink

DEMO_PAUSE = 0.12  # between the demo's moves, after each slide has landed


class Demo:
    """The Demo or the Finish as it plays; ``collect`` takes in the solver's replies before it starts."""

    _ctx: Context
    _knowledge: Knowledge
    _link: SolverLink
    _collect: Callable[[], None]  # takes in the solver's replies (the assist's)
    pause: float  # seconds between moves (at the usual slide speed)
    playing: bool
    kind: Actor  # DEMO or FINISH: who the moves are by (the words shown are translated where they are built)
    _noted: str  # the kind the status line's note was last drawn for ("": no note)
    _next: float  # when the next move may be made

    def __init__(self, ctx: Context, knowledge: Knowledge, link: SolverLink, collect: Callable[[], None],
                 pause: float = DEMO_PAUSE) -> None:
        self._ctx = ctx
        self._knowledge = knowledge
        self._link = link
        self._collect = collect
        self.pause = pause
        self.playing = False
        self.kind = Actor.DEMO
        self._noted = ""
        self._next = 0.0

    def start(self, kind: Actor = Actor.DEMO) -> None:
        """Let the solver play the rest of the game on screen."""
        ctx = self._ctx
        self._collect()
        t = ctx.table_to_play()
        if t is None:
            return
        pos = ctx.game.position
        k = self._knowledge.lookup(pos)
        if k is not None and k.status == Verdict.LOST:
            if ctx.game.history:
                ctx.session.tell(_("No winning line is left from here, so there is nothing to show. "
                                   "Undo to a winnable position."))
            else:
                ctx.session.tell(_("This deal cannot be won, so there is nothing to show. Try a new deal."))
            return
        if k is not None and k.status == Verdict.UNKNOWN:
            ctx.session.tell(_("The solver found no winning line in time, so it cannot play this one out."))
            return
        if not self._link.running and k is None:
            ctx.session.tell(_("The solver is not running, so there is no demo this time."))
            return
        self.playing = True
        self.kind = kind
        self._next = time.monotonic()
        self._label()
        if kind is Actor.DEMO:
            ctx.session.tell(_("Demo: the solver plays the rest. Click or press any key to stop it."), Tone.INFO, 4.0)

    @property
    def note(self) -> str:
        """The status line's word on how to stop it, while it plays (in the language of the moment)."""
        if not self.playing:
            return ""
        if self.kind is Actor.DEMO:
            return _("Demo playing: a click or any key stops it")
        return _("Finishing: a click or any key stops it")

    def _label(self) -> None:
        """While the demo plays, the status line says how to stop it (messages go with each move)."""
        noted = self.kind.name if self.playing else ""
        if self._noted != noted:
            self._noted = noted
            t = self._ctx.table
            if t is not None:
                t.invalidate()

    def stop(self, why: str = "") -> None:
        """Stop the demo (or the finish) where it is."""
        if not self.playing:
            return
        self.playing = False
        self._label()
        if why and self._ctx.table is not None:
            self._ctx.session.tell(why)

    def end(self) -> None:
        """The game is won: the demo is over."""
        self.playing = False
        self._label()

    def halt(self) -> None:
        """Something went wrong: stop at once, with no redraw."""
        self.playing = False
        self._noted = ""

    def step(self, quiet: bool) -> float:
        """Make the next move when it is time; seconds until the next step is wanted."""
        game = self._ctx.game
        if game.position.is_won():
            self.end()
            return 1.0
        if not quiet:
            return POLL
        k = self._knowledge.lookup(game.position)
        line = self._knowledge.line_here(game)
        if k is None or (k.status == Verdict.WINNABLE and not line and self._link.pending is not None):
            return POLL
        if k.status != Verdict.WINNABLE or not line:
            self.stop(_("Demo stopped: the solver has no winning line here.") if self.kind is Actor.DEMO
                      else _("Finish stopped: the solver has no winning line here."))
            return 1.0
        now = time.monotonic()
        if now < self._next:
            return self._next - now
        session = self._ctx.session
        session.drop_hint_message()
        events = session.move(line[0], self.kind)
        if not made_move(events):
            self.stop(_("Demo stopped.") if self.kind is Actor.DEMO else _("Finish stopped."))
            return 1.0
        self._next = time.monotonic() + self.pause * max(0.25, self._ctx.app.prefs.animation_speed)
        return POLL

    def event(self, e: pygame.event.Event) -> bool:
        """While the demo plays, any key or click stops it (and does nothing else)."""
        if self.playing and e.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.stop(_("Demo stopped. Your move.") if self.kind is Actor.DEMO else _("Finish stopped. Your move."))
            return True
        return False
