"""Why? at the table: the solver's reasons for a lost position, in a sheet the player opens with W.

While the status line says the position cannot be won, "W says why" stands beside it. W
asks the solver's child (``yukon.solve.solver_service``) to explain the position
(``yukon.solve.explain``: which cards can never get home and what holds them, the move that
closed their way, or how many positions a search tried); the child replays the game's
moves and may search, so the window never waits for it. The answer opens a sheet with
the explanation in the player's words, and "Go back" when an earlier position of the
game is known to be winnable (B). An answer is kept for its position: W again shows it
at once.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from ...play.events import Tone
from ...solve.explain import Explanation
from ...solve.solver import Verdict
from ...text.i18n import N_, _, pgettext
from ...text.why_words import sentences
from .. import art, theme
from ..commands import Asked, Command
from ..parts import TablePrefs
from ..screen import Host
from ..sheet import GOLD, TEXT, Sheet, SheetScreen, draw_paragraphs
from ..widgets import SEP, wrap
from .context import Context
from .knowledge import Knowledge, PositionKey, position_key
from .link import Pending, SolverLink, _ids
from .verdict_line import VerdictLine

if TYPE_CHECKING:
    from ...solve.solver_service import Reply


Mark = tuple[int, int, PositionKey]  # a game (by id), its moves made and its position: what an answer is for
WORKING = N_("The solver is working out why\u2026")  # the message while the player waits


class WhySheet(Sheet):
    """The explanation, scrolled with Up/Down or the wheel when it is longer than the window;
    "Go back" (when ``back`` is given) and Close."""

    explanation: Explanation
    back: Callable[[], None] | None
    offset: int  # pixels scrolled
    max_offset: int

    def __init__(self, explanation: Explanation, back: Callable[[], None] | None = None) -> None:
        super().__init__()
        self.explanation = explanation
        self.back = back
        self.offset = 0
        self.max_offset = 0

    def paragraphs(self) -> list[str]:
        """What the sheet says, in the player's language now."""
        return sentences(self.explanation)

    def spoken(self) -> str:
        """The title, the explanation and the buttons."""
        self.title = _("Why this cannot be won")
        return super().spoken()

    def content_spoken(self) -> str:
        """The explanation."""
        return " ".join(self.paragraphs())

    def buttons(self) -> list[tuple[str, Callable[[], None]]]:
        """Go back (to the last winnable position) when there is one, and Close."""
        out: list[tuple[str, Callable[[], None]]] = []
        if self.back is not None:
            out.append((pgettext("button", "Go back"), self._go_back))
        out.append((pgettext("button", "Close"), self.close))
        return out

    def _go_back(self) -> None:
        self.close()
        if self.back is not None:
            self.back()

    def action(self, asked: Asked) -> bool:
        """Up/Down scroll."""
        if asked in (Command.UP, Command.DOWN):
            self.wheel(1 if asked is Command.UP else -1)
            return True
        return False

    def wheel(self, dy: int) -> None:
        """Scroll the text (up is positive)."""
        step = art.font(self.size).get_linesize() * 3
        self.offset = max(0, min(self.max_offset, self.offset - dy * step))

    def content_height(self, width: int, size: int | None = None) -> int:
        """The height the text wants at ``width``."""
        size = size or self.size
        line = art.font(size).get_linesize()
        return sum(len(wrap(p, size, width)) * line + size // 2 for p in self.paragraphs())

    def draw(self, surface: pygame.Surface, prefs: TablePrefs | None = None) -> None:
        """The sheet with its title in the player's language."""
        self.title = _("Why this cannot be won")
        super().draw(surface, prefs)

    def draw_content(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The paragraphs; smaller type in a small window, then scrolling."""
        size = self.size
        while size > 11 and self.content_height(rect.w, size) > rect.h:
            size -= 1
        self.max_offset = max(0, self.content_height(rect.w, size) - rect.h)
        self.offset = min(self.offset, self.max_offset)
        draw_paragraphs(surface, rect, self.paragraphs(), size, TEXT, rect.y - self.offset)
        if self.max_offset:
            # TRANSLATORS: a mark in the corner of a text that scrolls; Up and Down are keys.
            more = _("\u25bc more (Down)") if self.offset < self.max_offset else _("\u25b2 more (Up)")
            img = art.text(more, size, GOLD, True)
            box = img.get_rect(bottomright=(rect.right, rect.bottom))
            pygame.draw.rect(surface, theme.palette().panel, box.inflate(8, 2))
            surface.blit(img, box)


class WhyScreen(SheetScreen):
    """Puts a ``WhySheet`` over the table."""

    sheet: WhySheet

    def __init__(self, app: Host, sheet: WhySheet) -> None:
        super().__init__(app, sheet)
        self.sheet = sheet


class Why:
    """The offer beside a lost status, the request to the solver's child, and the sheet."""

    _ctx: Context
    _knowledge: Knowledge
    _link: SolverLink
    _verdict: VerdictLine
    _back: Callable[[], None]  # undo to the last winnable position
    waiting: Pending | None  # the request whose answer the player waits for
    answer: tuple[Mark, Explanation] | None  # the last explanation, with the position it is for
    searched: dict[PositionKey, int]  # positions the status search proved lost: the positions it tried

    def __init__(self, ctx: Context, knowledge: Knowledge, link: SolverLink, verdict: VerdictLine,
                 back: Callable[[], None]) -> None:
        self._ctx = ctx
        self._knowledge = knowledge
        self._link = link
        self._verdict = verdict
        self._back = back
        self.waiting = None
        self.answer = None
        self.searched = {}

    def noted(self, req: Pending, reply: Reply) -> None:
        """A status answer: when a search proved the position lost, remember how many positions it tried."""
        if reply.status == Verdict.LOST and reply.stats.get("phase") != "relaxation":
            if len(self.searched) > 1000:
                self.searched.clear()
            self.searched[req.key] = int(reply.stats.get("nodes", 0))

    def _mark(self) -> Mark:
        """The game and position on the table now (an explanation is for one of them)."""
        game = self._ctx.game
        return id(game), len(game.history), position_key(game.position)

    def offered(self) -> bool:
        """Is "Why?" on offer: the status says the position cannot be won?"""
        return self._verdict.status == Verdict.LOST and not self._ctx.setting("hide_verdicts")

    def beside(self, verdict: str) -> str:
        """The solver's status text with the offer after it, while there is one."""
        if not verdict or not self.offered():
            return verdict
        # TRANSLATORS: after "Solver: cannot be won from here" in the status line: a click on
        # the status line or the key W shows why.
        return verdict + SEP + _("Why? (click, or W)")

    def ask(self) -> None:
        """W: show why the position cannot be won (asking the solver first if need be)."""
        t = self._ctx.table
        if t is None:
            return
        session = self._ctx.session
        if not self.offered():
            if self._verdict.status == Verdict.LOST:  # the player hides the verdicts: this one stays hidden too
                session.tell(_("The solver's verdicts are hidden (see Settings), so it does not say why."))
            else:
                session.tell(_("The solver has not proved that this position cannot be won: "
                               "there is nothing to explain."))
            return
        mark = self._mark()
        if self.answer is not None and self.answer[0] == mark:
            self._show(self.answer[1])
            return
        game = self._ctx.game
        w, pending = self.waiting, self._link.pending
        if w is not None and pending is w and w.key == mark[2] and len(w.moves) == mark[1]:
            session.tell(_(WORKING), Tone.INFO, self._link.solve_timeout + 2.0)  # asked already: the answer is coming
            return
        if not self._link.start():
            session.tell(_("The solver is off, so it cannot say why."), Tone.ERROR)
            return
        req = Pending(next(_ids), "explain", mark[2], game.start.copy(), time.monotonic(), moves=tuple(game.moves_made))
        if not self._link.ask(req):
            session.tell(_("The solver is off, so it cannot say why."), Tone.ERROR)
            return
        self.waiting = req
        # shown until the answer comes (a search may take the solver's whole time)
        session.tell(_(WORKING), Tone.INFO, self._link.solve_timeout + 2.0)

    def answered(self, req: Pending, reply: Reply) -> None:
        """The child's answer to an "explain" request: keep it, and show it if the player still waits."""
        w = self.waiting
        # the same question (a request asked again after the child was restarted has a new id)
        waited = w is not None and w.key == req.key and w.moves == req.moves
        self.waiting = None
        mark = self._mark()
        e = reply.explanation
        t = self._ctx.table
        if waited and t is not None and self._ctx.says(_(WORKING)):
            self._ctx.session.drop_message()
            t.invalidate()
        if e is None or mark[2] != req.key or len(req.moves) != mark[1]:
            if waited and e is None and t is not None:
                self._ctx.session.tell(_("The solver could not say why this time."), Tone.ERROR)
            return
        if e.kind == "undecided" and req.key in self.searched:
            # the search behind the status proved it lost; this one ran short of time (a busy machine)
            e = dataclasses.replace(e, kind="exhausted", nodes=self.searched[req.key])
        self.answer = (mark, e)
        if waited and t is not None and self._ctx.app.top is t:  # not over another screen: W shows it later
            self._show(e)

    def _show(self, e: Explanation) -> None:
        """Open the sheet, with the move that lost the game named when an earlier position was winnable."""
        game = self._ctx.game
        n = self._knowledge.last_winnable(game)
        if n:
            e = dataclasses.replace(e, lost_at=len(game.history) - n + 1)
        app = self._ctx.app
        app.push(WhyScreen(app, WhySheet(e, self._back if n else None)))
