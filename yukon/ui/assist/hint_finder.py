"""Hint (H, the Hint button) and P (play the hint).

On a winnable position the first press shows the next move of a winning line with the
reason it helps; the presses after it show, in the order of ``yukon.solve.move_order``, only the other
moves after which the solver's child has proved the deal still winnable (``look`` asks it
about each, ``CHECK_NODES`` search positions apiece, once the first hint is on show), so
no hint ever turns a winnable game into a lost one. On a lost position the hints are the
heuristic ones with a word that the deal can no longer be won. While the solver is still
thinking a short "looking" message stands until the answer comes (or, once the hint has
waited ``patience`` seconds, a heuristic hint that leaves out the moves proved to lose).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...core.state import Move, Position
from ...play.events import Actor, Tone
from ...play.session import Message
from ...solve import move_order
from ...solve.relaxation import crowded, dead_end, tables_for
from ...solve.solver import Verdict
from ...text.i18n import _, join_sentences
from ..table import describe_move
from .context import Context
from .knowledge import Knowledge, Known, PositionKey, position_key
from .link import Pending, SolverLink, new_request
from .reasons import move_reason

if TYPE_CHECKING:
    from ...solve.solver_service import Reply

HINT_PATIENCE = 1.5  # seconds a hint waits for the solver before a heuristic hint stands in
LOOKING_TIME = 6.0  # seconds the "looking" message stays at least
# Search positions the child may spend on proving that another move keeps the game winnable
# (Yukon deals 0-29, along their winning lines: half the moves are proved within about 100
# positions, nine in ten within 850; a move not proved within this is not offered).
CHECK_NODES = 5000


@dataclass(frozen=True, slots=True)
class Other:
    """A move a hint may offer besides the winning line's, and the position after it."""

    move: Move
    after: Position
    key: PositionKey  # ``position_key(after)``


class HintFinder:
    """Hints at the table; ``collect`` takes in the solver's replies before a hint is chosen."""

    _ctx: Context
    _knowledge: Knowledge
    _link: SolverLink
    _collect: Callable[[], None]  # takes in the solver's replies (the assist's)
    _searching: Callable[[], bool]  # is the table's undecided position still being searched?
    patience: float
    wanted: PositionKey | None  # key of the position whose hint waits for the solver
    _asked: float  # when that hint was asked
    _message: Message | None  # the "looking" message the awaited hint replaces
    _heuristic: tuple[PositionKey, list[Move], int] | None  # (position key, the moves on offer, the one shown)
    _waiting_others: bool  # the awaited hint is one of the other winning moves (not the line's)
    _others: tuple[PositionKey, list[Other]] | None  # (position key, its other moves to check, most useful first)
    _undecided: set[PositionKey]  # keys of positions after those moves that the check could not decide

    def __init__(self, ctx: Context, knowledge: Knowledge, link: SolverLink, collect: Callable[[], None],
                 patience: float = HINT_PATIENCE, searching: Callable[[], bool] = lambda: False) -> None:
        self._ctx = ctx
        self._knowledge = knowledge
        self._link = link
        self._collect = collect
        self._searching = searching
        self.patience = patience
        self.wanted = None
        self._asked = 0.0
        self._message = None
        self._heuristic = None
        self._waiting_others = False
        self._others = None
        self._undecided = set()

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
        if k is not None and k.status == Verdict.WINNABLE and line:
            self._winning_hint(line)
            return
        if k is None or k.status == Verdict.WINNABLE:
            if self._link.running:
                self._wait(_("Hint: looking for a winning line\u2026"), others=False)
                return
            self._heuristic_hint("")
            return
        if k.status == Verdict.LOST:
            self._heuristic_hint(_("This deal can no longer be won."), hopeful=False)
        elif self._searching():
            # TRANSLATORS: said before a simple hint while the solver goes on searching in the background.
            self._heuristic_hint(_("The solver has not decided this position yet; it is still searching."))
        else:
            self._heuristic_hint(_("The solver could not decide this position."))

    def _wait(self, text: str, others: bool) -> None:
        """Say ``text`` until the solver's answer replaces it (``deliver``); ``others``: the answer
        awaited is which other moves keep the game winnable."""
        session = self._ctx.session
        self.wanted = position_key(self._ctx.game.position)
        self._waiting_others = others
        self._asked = time.monotonic()
        session.tell(text, Tone.HINT, max(LOOKING_TIME, self.patience + 1.0))  # up until the hint replaces it
        self._message = session.message

    def _winning_hint(self, line: tuple[Move, ...]) -> None:
        """Each press shows the next: the winning line's move first, then the other moves the
        solver has proved to keep the game winnable, then the line's move again."""
        game = self._ctx.game
        pos = game.position
        key = position_key(pos)
        first = line[0]
        if self._others is None or self._others[0] != key:
            last = game.history[-1].move if game.history else None
            self._others = (key, [self._other(pos, m) for m in move_order.hint_moves(pos, last) if m != first])
            self._undecided = set()  # ``look`` has the child check each of them
        shown = self._heuristic
        if shown is None or shown[0] != key or shown[1][:1] != [first]:
            self._heuristic = (key, [first], 0)
            self._show_winning(line)
            return
        if self._link.running and any(self._verdict(o) is None for o in self._others[1]):
            # TRANSLATORS: the second press of Hint, while the solver checks the other moves.
            self._wait(_("Hint: looking for other moves that keep the deal winnable\u2026"), others=True)
            return
        self._next_other(line)

    def _show_winning(self, line: tuple[Move, ...]) -> None:
        """The winning line's move, with the reason it helps."""
        pos = self._ctx.game.position
        reason = move_reason(pos, line)
        move = describe_move(pos, line[0])
        # TRANSLATORS: the solver's hint; {move} says the move ("7♥ onto 8♠ in column 4"), {reason}
        # why it helps, a clause of its own ("it turns up a card in column 2").
        text = (_("Hint: {move} \u2013 {reason}.").format(move=move, reason=reason) if reason
                else _("Hint: {move}.").format(move=move))  # the move says it all
        assert self._heuristic is not None
        self._ctx.session.show_hint(self._heuristic[1], 0, text)

    def _next_other(self, line: tuple[Move, ...]) -> None:
        """The next of the moves proved to keep the game winnable, after the one on show (the
        line's move comes round again after the last)."""
        assert self._heuristic is not None and self._others is not None
        session = self._ctx.session
        pos = self._ctx.game.position
        key, before, i = self._heuristic
        moves = [line[0], *(o.move for o in self._others[1] if self._verdict(o) == Verdict.WINNABLE)]
        shown = before[i] if 0 <= i < len(before) else line[0]
        i = (moves.index(shown) + 1 if shown in moves else 1) % len(moves)
        self._heuristic = (key, moves, i)
        if len(moves) == 1:
            # TRANSLATORS: a later press of Hint when the winning line's move is the only one known to
            # keep the game winnable; {move} says the move ("7♥ onto 8♠ in column 4").
            session.show_hint(moves, 0, _("No other move is known to keep the deal winnable: {move}.").format(
                move=describe_move(pos, moves[0])))
        elif i == 0:
            self._show_winning(line)
        else:
            # TRANSLATORS: a hint after the winning one, also proved to keep the deal winnable; {number} of
            # {count} such moves, {move} says the move.
            text = _("Another move that keeps the deal winnable ({number} of {count}): {move}")
            session.show_hint(moves, i, text.format(number=i, count=len(moves) - 1,
                                                    move=describe_move(pos, moves[i])))

    # -- the checks of the other moves, by the solver's child ---------------------------------
    @staticmethod
    def _other(position: Position, move: Move) -> Other:
        after = position.copy()
        after.play(move)
        return Other(move, after, position_key(after))

    def _verdict(self, other: Other) -> Verdict | None:
        """What is known of the game after the other move: a Verdict (UNKNOWN: checked, not decided)
        or None (not checked yet)."""
        k = self._knowledge.get(other.key)
        if k is not None:
            return k.status
        return Verdict.UNKNOWN if other.key in self._undecided else None

    def look(self) -> Pending | None:
        """The next check for the child: the position after another move of a winning hint on show
        (None: nothing to check)."""
        game = self._ctx.game
        pos = game.position
        if self._others is None or self._others[0] != position_key(pos):
            return None
        for o in self._others[1]:
            if self._verdict(o) is None:
                return new_request("check", o.key, o.after.copy(), ancestors=tuple(self._knowledge.trail(game)),
                                   node_limit=CHECK_NODES)
        return None

    def checked(self, req: Pending, reply: Reply) -> None:
        """The child's verdict on a position after another move: a proof is kept for all to use
        (an undecided check is kept here only: the table asks again, with its full time, if the
        move is made)."""
        if reply.status == Verdict.WINNABLE:
            self._knowledge.proved(req.key, req.position, tuple(reply.moves()), req.ancestors)
        elif reply.status == Verdict.LOST:
            self._knowledge.learn(req.key, Known(Verdict.LOST))
        else:
            self._undecided.add(req.key)

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

    def _heuristic_hint(self, preface: str, hopeful: bool = True) -> None:
        """The heuristic hints of ``yukon.solve.move_order``, each press the next one (``preface``: a sentence
        said first, already in the player's language, or ""; ``hopeful``: the game may still be
        won, so the moves proved to lose it are left out)."""
        game = self._ctx.game
        pos = game.position
        key = position_key(pos)
        if self._heuristic is None or self._heuristic[0] != key:
            last = game.history[-1].move if game.history else None
            moves = move_order.hint_moves(pos, last)
            self._heuristic = (key, self._not_lost(pos, moves) if hopeful else moves, -1)
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

    def _not_lost(self, position: Position, moves: list[Move]) -> list[Move]:
        """``moves`` without those after which the game is proved lost, by what the solver said or at
        once by its relaxation (a few tenths of a millisecond a move); all of them when every one
        is (then the position itself is lost)."""
        tables = tables_for(position.rules)
        keep = []
        for m in moves:
            after = position.copy()
            after.play(m)
            key = position_key(after)
            k = self._knowledge.get(key)
            if k is not None and k.status == Verdict.LOST:
                continue
            if dead_end(after, tables) or crowded(after, tables):
                self._knowledge.learn(key, Known(Verdict.LOST))
                continue
            keep.append(m)
        return keep or moves

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
        line = self._knowledge.line_here(game)
        waited = time.monotonic() - self._asked >= self.patience
        if self._waiting_others and k is not None and k.status == Verdict.WINNABLE and line:
            if self._others is not None and any(self._verdict(o) is None for o in self._others[1]) \
                    and not waited:
                return
            self.wanted = None
            self._next_other(line)  # once the hint has waited long enough: the moves proved so far
            return
        if k is None or (k.status == Verdict.WINNABLE and not line):
            if waited:  # a hard one: a useful move meanwhile
                self.wanted = None
                # TRANSLATORS: said before a simple hint while the solver still looks ("... Meanwhile: Try 1 of 3: ...").
                self._heuristic_hint(_("The solver is still looking for a winning line. Meanwhile:"))
            return
        self.wanted = None
        self.hint()


def joined(preface: str, sentence: str) -> str:
    """Two whole sentences, the first one optional, as one message."""
    return join_sentences(preface, sentence)
