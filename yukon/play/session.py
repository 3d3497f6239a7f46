"""Everything a table is, with no pygame: the game, the selection, the hint and the message on
show, the clock and the end of the game, and the operations a player can do.

Every operation returns the events it caused (``yukon.play.events``), in order, and hands each
to every listener: saves and statistics, sound, the solver's assist, the window. The window
keeps no game state of its own: it reads the session and redraws on its events. A lesson is
a session with a ``Guide`` (it may refuse a move in its own words and hears every event after
the listeners). Time comes from the injected ``now``; tests pass a fake clock.

A move, an undo, a redo, a restart or a deal drops the selection and forgets the hint without
a ``Selected`` event of its own: the change says it. The end of the game is looked for once per
position, after a move, an undo, a redo or a restart (not after a deal): a won game says
``Won``, a stuck one ``Stuck`` (a lesson is never stuck: its guide leads it).
"""

from __future__ import annotations

import sys
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from ..core.cards import Card
from ..core.safe import home_moves
from ..core.state import FOUNDATION, Game, Move, Position, Undo
from ..solve.move_order import hint_moves
from .clock import GameClock, Now
from .events import (
    Actor,
    Dealt,
    Event,
    HintShown,
    Listener,
    Moved,
    Notice,
    Redone,
    Refused,
    Restarted,
    Said,
    Selected,
    Spoken,
    Stuck,
    StuckWhy,
    Told,
    Tone,
    Undone,
    Won,
    made_move,
)

MESSAGE_TIME = 3.0  # seconds a message stays on show
HINT_TIME = 6.0  # a hint of the table's own
STUCK_LOOK = 1000  # positions a quick look may try before the game counts as going on (~50 ms at most)

HintSource = Callable[[Game], list[Move]]  # useful moves for the game's position, best first


def simple_hints(game: Game) -> list[Move]:
    """The legal moves, most useful first (``yukon.hints``); the move undoing the last one goes last."""
    return hint_moves(game.position, game.history[-1].move if game.history else None)


class Guide(Protocol):
    """What a lesson adds to a session: its refusals, and an ear for every event."""

    def veto(self, game: Game, move: Move) -> Refused | None:
        """None lets the move be made; a ``Refused`` (``guide`` set) says why the guide refuses it."""
        ...

    def heard(self, event: Event, session: TableSession) -> None:
        """Every event, after the session's own listeners."""
        ...


@dataclass(frozen=True, slots=True)
class Message:
    """The message on show: what was said, and until when (on the session's clock)."""

    spoken: Spoken
    until: float

    @property
    def tone(self) -> Tone:
        """How it looks: a refusal (the rules' or a lesson's), a hint, news or the teller's own."""
        s = self.spoken
        if isinstance(s, Told):
            return s.tone
        if isinstance(s, Refused):
            return Tone.LESSON if s.guide else Tone.ERROR
        return Tone.HINT if isinstance(s, HintShown) else Tone.INFO


class TableSession:
    """The game, the selection, the hint on show, the last message, the clock and the end."""

    game: Game
    selection: Card | None
    message: Message | None  # the last one said (``live_message`` drops it once its time is up)
    clock: GameClock
    guide: Guide | None
    deals: bool  # a table that deals new games (not a set position or a lesson)
    played_by: Actor  # who made the last move
    _now: Now
    _hints: HintSource
    _listeners: list[Listener]
    _hint: HintShown | None  # the hints offered in turn for the position ``_hint_key``
    _hint_key: tuple[object, ...] | None  # Position.key() of the position the hints are for
    _ended: Won | Stuck | None  # announced for the position ``_ended_key``
    _ended_key: tuple[object, ...] | None

    def __init__(self, game: Game, now: Now, hints: HintSource = simple_hints, guide: Guide | None = None,
                 deals: bool = True) -> None:
        self.game = game
        self._now = now
        self._hints = hints
        self.guide = guide
        self.deals = deals
        self.selection = None
        self.message = None
        self.clock = GameClock(now)
        self.played_by = Actor.PLAYER
        self._listeners = []
        self._hint = None
        self._hint_key = None
        self._ended = None
        self._ended_key = None

    # -- listening ---------------------------------------------------------------------------
    def listen(self, listener: Listener, front: bool = False) -> None:
        """Hand every event to ``listener`` (``front``: before the others, as the bookkeeping is,
        so that what the window shows after an event, a win's records, is already kept)."""
        if front:
            self._listeners.insert(0, listener)
        else:
            self._listeners.append(listener)

    def _emit(self, events: list[Event]) -> list[Event]:
        """Hand each event to every listener, then to the guide; a listener's fault stops no other."""
        for event in events:
            for listener in list(self._listeners):
                try:
                    listener(event)
                except Exception as e:  # noqa: BLE001 - a broken listener must not end the game
                    traceback.print_exc()
                    print(f"yukon: a table listener failed: {e!r}", file=sys.stderr)
            if self.guide is not None:
                self.guide.heard(event, self)
        return events

    # -- what the session shows --------------------------------------------------------------
    @property
    def position(self) -> Position:
        """The position on the table."""
        return self.game.position

    def now(self) -> float:
        """The session's time (its injected clock)."""
        return self._now()

    def live_message(self) -> Message | None:
        """The message on show; one whose time is up goes."""
        if self.message is not None and self._now() >= self.message.until:
            self.message = None
        return self.message

    @property
    def hint(self) -> HintShown | None:
        """The hint on show: for the position on the table, while its own message is up (not, say, the
        solver's "looking" message that came after it)."""
        h = self._hint
        m = self.message
        if h is not None and h.moves and self._hint_key == self.position.key() and m is not None and m.spoken is h:
            return h
        return None

    @property
    def ended(self) -> Won | Stuck | None:
        """How the game on the table ended (None while it goes on)."""
        return self._ended if self._ended_key == self.position.key() else None

    def elapsed(self) -> float:
        """Seconds played: from the first move to the win, not counting pauses."""
        return self.clock.elapsed()

    def pause_clock(self, paused: bool) -> None:
        """Stop the clock (the table is covered, the window is away) or let it run on."""
        self.clock.pause(paused)

    # -- messages ------------------------------------------------------------------------------
    def _show(self, spoken: Spoken, seconds: float) -> None:
        self.message = Message(spoken, self._now() + seconds)

    def say(self, notice: Notice, number: int = 0) -> list[Event]:
        """A notice of the table's own, shown for a few seconds."""
        said = Said(notice, number)
        self._show(said, MESSAGE_TIME)
        return self._emit([said])

    def tell(self, text: str, tone: Tone = Tone.INFO, seconds: float = MESSAGE_TIME) -> list[Event]:
        """Words of a layer above (in the player's language), shown for ``seconds``."""
        told = Told(text, tone)
        self._show(told, seconds)
        return self._emit([told])

    def drop_message(self) -> None:
        """Take the message away (the caller's change or selection redraws the table)."""
        self.message = None

    def drop_hint_message(self) -> None:
        """Take a hint's message away (the position it spoke of is about to be left)."""
        if self.message is not None and self.message.tone is Tone.HINT:
            self.message = None

    # -- the player's operations ---------------------------------------------------------------
    def select(self, card: Card | None) -> list[Event]:
        """Pick up ``card`` with its tail, or put the selection down (None)."""
        self.selection = card
        return self._emit([Selected(card)])

    def move(self, move: Move, by: Actor = Actor.PLAYER) -> list[Event]:
        """Make ``move`` if the guide and the rules allow it; otherwise say why (``Refused``)."""
        self.played_by = by
        game = self.game
        veto = self.guide.veto(game, move) if self.guide is not None else None
        if veto is not None:
            self._show(veto, MESSAGE_TIME)
            return self._emit([veto])
        reason = game.position.why_illegal(move)
        if reason is not None:
            refused = Refused(move, reason)
            self._show(refused, MESSAGE_TIME)
            return self._emit([refused])
        if self.guide is None:
            self.clock.begin()  # a lesson keeps no time
        self.selection = None
        self._forget()
        u = game.play(move)
        if game.position.is_won():
            self.clock.stop()  # now, so the statistics and the message agree
        self.message = None
        events = self._emit([Moved(move, by, u, self._turned_up(u))])
        return events + self._check_end()

    def place(self, to: int) -> list[Event]:
        """The selection (with its tail) to column ``to`` or FOUNDATION. A refused place puts the
        selection down too, so that the next click picks a card up instead of aiming the old one."""
        if self.selection is None:
            return []
        events = self.move(Move.of(self.selection, to))
        if not made_move(events):
            events += self.select(None)
        return events

    def undo(self) -> list[Event]:
        """Take back the last move."""
        self.selection = None
        u = self.game.undo() if self.game.can_undo() else None
        if u is None:
            return self.say(Notice.NOTHING_TO_UNDO)
        turned = self._turned_down(u)
        self._forget()
        return self._after_change(Undone(u.move, turned))

    def redo(self) -> list[Event]:
        """Make the last undone move again."""
        self.selection = None
        u = self.game.redo() if self.game.can_redo() else None
        if u is None:
            return self.say(Notice.NOTHING_TO_REDO)
        self._forget()
        return self._after_change(Redone(u.move, u, self._turned_up(u)))

    def restart(self) -> list[Event]:
        """Back to the deal as it was dealt (it cannot be undone; the clock starts again)."""
        self.selection = None
        self._forget()
        self.game.restart()
        self.clock.reset()
        events = self._after_change(Restarted())
        notice = Notice.DEAL_RESTARTED if self.guide is None else Notice.LESSON_RESTARTED
        return events + self.say(notice)

    def deal(self, game: Game, resumed: bool = False, elapsed: float = 0.0) -> list[Event]:
        """Put ``game`` on the table: a new deal, or (``resumed``) a game put back with ``elapsed``
        seconds already played."""
        self.game = game
        self.selection = None
        self._forget()
        self.clock.reset()
        if elapsed > 0:
            self.clock.set_elapsed(elapsed)
        self._ended_key = None
        self.played_by = Actor.PLAYER
        return self._emit([Dealt(game.seed, resumed)])

    def next_hint(self) -> list[Event]:
        """Show a useful move; each call shows the next one (the selection goes)."""
        key = self.position.key()
        h = self._hint
        if h is None or self._hint_key != key:
            h = HintShown(tuple(self._hints(self.game)), -1)
        if not h.moves:
            self._hint, self._hint_key = h, key
            return self.say(Notice.NO_MOVE_LEFT)
        return self.show_hint(h.moves, (h.index + 1) % len(h.moves), "", HINT_TIME)

    def show_hint(self, moves: tuple[Move, ...] | list[Move], index: int, text: str,
                  seconds: float = 8.0) -> list[Event]:
        """Show ``moves[index]`` as the hint on show, with ``text`` (the chooser's words; "": the
        window words it); the selection goes."""
        self.selection = None
        shown = HintShown(tuple(moves), index, text)
        self._hint, self._hint_key = shown, self.position.key()
        self._show(shown, seconds)
        return self._emit([shown])

    def home_move(self, safe_only: bool) -> Move | None:
        """The next card All home would send (``safe_only``: only a card no other still needs);
        the window paces the run, one card per slide."""
        moves = home_moves(self.position, safe_only)
        return moves[0] if moves else None

    # -- what follows a change -----------------------------------------------------------------
    def _forget(self) -> None:
        """The position changes: the next hint starts from the first again."""
        self._hint = None
        self._hint_key = None

    def _turned_up(self, u: Undo) -> Card | None:
        """The card the move ``u`` turned up (the new end card of its source column), if any."""
        if not u.flipped or u.source >= FOUNDATION:
            return None
        col = self.position.columns[u.source]
        return col[-1] if col else None

    def _turned_down(self, u: Undo) -> Card | None:
        """The card that went face down again when ``u`` was taken back."""
        if not u.flipped or u.source >= FOUNDATION:
            return None
        down = self.position.down[u.source]
        col = self.position.columns[u.source]
        return col[down - 1] if 0 < down <= len(col) else None

    def _after_change(self, change: Undone | Redone | Restarted) -> list[Event]:
        """An undo, redo or restart happened: tell everyone, then look at the end afresh."""
        self.played_by = Actor.PLAYER
        self.drop_hint_message()  # it spoke of the position just left
        if self.position.is_won():
            self.clock.stop()  # a redo that wins: the clock stops before anyone reads it
        events = self._emit([change])
        self._ended_key = None
        return events + self._check_end()

    def _check_end(self) -> list[Event]:
        """Once per position: a won game says so; a stuck one says why (never a lesson's)."""
        key = self.position.key()
        if key == self._ended_key:
            return []
        pos = self.position
        end: Won | Stuck | None = None
        if pos.is_won():
            self.clock.stop()
            end = Won(self.played_by, len(self.game.history), self.clock.elapsed())
        elif self.guide is None:
            if not pos.legal_moves():
                end = Stuck(StuckWhy.NO_LEGAL_MOVE)
            elif pos.progress_possible(STUCK_LOOK) is False:  # 1000 positions decide all but ~0.03%
                end = Stuck(StuckWhy.ONLY_SHUFFLING)
        if end is None:
            return []
        self._ended, self._ended_key = end, key
        return self._emit([end])
