"""Hint (H, the Hint button) and P (play the hint).

The next move of a winning line with the reason it helps, then, press after press, the
other useful moves of ``yukon.hints``; on a lost position the heuristic hints with a word
that the deal can no longer be won; while the solver is still thinking a short "looking"
message that the hint replaces as soon as the answer comes (or a heuristic hint, once the
hint has waited ``patience`` seconds).
"""

from __future__ import annotations

import time
from collections.abc import Callable

from ... import hints
from ...i18n import _
from ...play.events import Actor, Tone
from ...play.session import Message
from ...state import Move
from ..table import describe_move
from .context import Context
from .knowledge import CHECKING, LOST, WINNABLE, Knowledge, PositionKey, position_key
from .link import SolverLink
from .reasons import move_reason

HINT_PATIENCE = 1.5  # seconds a hint waits for the solver before a heuristic hint stands in


class Hints:
    """Hints at the table; ``collect`` takes in the solver's replies before a hint is chosen."""

    _ctx: Context
    _knowledge: Knowledge
    _link: SolverLink
    _collect: Callable[[], None]  # takes in the solver's replies (the assist's)
    patience: float
    wanted: PositionKey | None  # key of the position whose hint waits for the solver
    _asked: float  # when that hint was asked
    _message: Message | None  # the "looking" message the awaited hint replaces
    _heuristic: tuple[PositionKey, list[Move], int] | None  # (position key, the moves on offer, the one shown)

    def __init__(self, ctx: Context, knowledge: Knowledge, link: SolverLink, collect: Callable[[], None],
                 patience: float = HINT_PATIENCE) -> None:
        self._ctx = ctx
        self._knowledge = knowledge
        self._link = link
        self._collect = collect
        self.patience = patience
        self.wanted = None
        self._asked = 0.0
        self._message = None
        self._heuristic = None

    def forget(self) -> None:
        """The position changed: the next press starts from the first hint again."""
        self._heuristic = None

    def hint(self) -> None:
        """Show the next move of a winning line, or say why not and fall back to a useful move."""
        ctx = self._ctx
        self._collect()
        t = ctx.table_to_play()
        if t is None:
            return
        pos = ctx.game.position
        k = self._knowledge.lookup(pos)
        line = self._knowledge.line_here(ctx.game)
        if k is not None and k.status == WINNABLE and line:
            self._winning_hint(line)
            return
        if k is None or k.status in (CHECKING, WINNABLE):
            if self._link.running:
                self.wanted = position_key(pos)
                self._asked = time.monotonic()
                ctx.session.tell(_("Hint: looking for a winning line\u2026"), Tone.HINT, 6.0)
                self._message = ctx.session.message
                return
            self._heuristic_hint("")
            return
        if k.status == LOST:
            self._heuristic_hint(_("This deal can no longer be won."))
        else:
            self._heuristic_hint(_("The solver could not decide this position."))

    def _winning_hint(self, line: tuple[Move, ...]) -> None:
        """Each press shows the next: the winning line's move first, then the other useful
        moves of yukon.hints, then the line's move again."""
        game = self._ctx.game
        pos = game.position
        key = position_key(pos)
        first = line[0]
        if self._heuristic is None or self._heuristic[0] != key or self._heuristic[1][:1] != [first]:
            last = game.history[-1].move if game.history else None
            others = [m for m in hints.hint_moves(pos, last) if m != first]
            self._heuristic = (key, [first, *others], -1)
        _key, moves, i = self._heuristic
        i = (i + 1) % len(moves)
        self._heuristic = (key, moves, i)
        if i == 0:
            reason = move_reason(pos, line)
            # TRANSLATORS: the solver's hint; {move} says the move ("7♥ onto 8♠ in column 4"), {reason}
            # why it helps, a clause of its own ("it turns up a card in column 2").
            text = (_("Hint: {move} \u2013 {reason}.").format(move=describe_move(pos, first), reason=reason) if reason
                    else _("Hint: {move}.").format(move=describe_move(pos, first)))  # the move says it all
            self._ctx.session.show_hint([first], 0, text)
            return
        move = describe_move(pos, moves[i])
        if i == 1:
            # TRANSLATORS: a hint after the winning one; {number} of {count} other useful moves, {move} says the move.
            text = _("Another move ({number} of {count}; the first hint is the one that wins): {move}")
        else:
            text = _("Another move ({number} of {count}): {move}")
        self._ctx.session.show_hint(moves, i, text.format(number=i, count=len(moves) - 1, move=move))

    def play(self) -> None:
        """Play the move the hint shows; with no hint on show, show one and play it when it is there."""
        if self._ctx.table is None:
            return
        session = self._ctx.session
        if session.hint is None:
            self.hint()
        shown = session.hint
        if shown is not None:
            session.move(shown.move, Actor.HINT)

    def _heuristic_hint(self, preface: str) -> None:
        """The heuristic hints of ``yukon.hints``, each press the next one (``preface``: a sentence
        said first, already in the player's language, or "")."""
        game = self._ctx.game
        pos = game.position
        key = position_key(pos)
        if self._heuristic is None or self._heuristic[0] != key:
            last = game.history[-1].move if game.history else None
            self._heuristic = (key, hints.hint_moves(pos, last), -1)
        _key, moves, i = self._heuristic
        if not moves:
            self._ctx.session.tell(joined(preface, _("No move is left. Undo, restart the deal or start a new one.")))
            return
        i = (i + 1) % len(moves)
        self._heuristic = (key, moves, i)
        # TRANSLATORS: a simple hint (not the solver's); {number} of {count} useful moves, {move} says the move.
        text = _("Try {number} of {count}: {move}").format(number=i + 1, count=len(moves),
                                                          move=describe_move(pos, moves[i]))
        self._ctx.session.show_hint(moves, i, joined(preface, text))

    def deliver(self) -> None:
        """The answer for an awaited hint came: show it in place of the "looking" message."""
        if self.wanted is None:
            return
        t = self._ctx.table
        game = self._ctx.game
        pos = game.position
        if t is None or self._ctx.session.message is not self._message or position_key(pos) != self.wanted:
            self.wanted = None  # the player moved on or closed the message
            return
        k = self._knowledge.lookup(pos)
        if k is None or k.status == CHECKING or (k.status == WINNABLE and not self._knowledge.line_here(game)):
            if time.monotonic() - self._asked >= self.patience:  # a hard one: a useful move meanwhile
                self.wanted = None
                # TRANSLATORS: said before a simple hint while the solver still looks ("... Meanwhile: Try 1 of 3: ...").
                self._heuristic_hint(_("The solver is still looking for a winning line. Meanwhile:"))
            return
        self.wanted = None
        self.hint()


def joined(preface: str, sentence: str) -> str:
    """Two whole sentences, the first one optional, as one message."""
    return f"{preface} {sentence}" if preface else sentence
