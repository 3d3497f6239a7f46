"""The solver at the table: hints with reasons, "still winnable", winnable deals, demo, finish.

``Assist`` is one part of the app (``yukon.ui.parts``); the builder adds it. The solver
runs in a child process (``yukon.solver_service``), never in the window's process: after
every change the assist asks it about the position on the table, and every loop
iteration (its ``tick``) it collects replies without waiting. A newer request makes the older one stale, so a
search for a position the player has already left is cancelled in the child and its
answer, should one arrive, is dropped here.

What it knows is kept per position (``known``): a winnable position with its winning
line (when one is at hand), a lost one (proved: no line wins), or undecided. Much follows
without asking the solver: every position reached from a lost one is lost, and a winnable
position makes all its ancestors in the game's history winnable (their status only: a
line is never spliced together from the player's path and another search's line).

The table follows one line at a time, the ``Course``: since the player's last own move,
each move that the Demo, Finish or a followed hint makes is the course's next move, and
the course remembers every position it has passed. It takes another line only when that
line is shorter than what is left of its own and passes none of those positions. So the
moves left strictly fall with every step: the game is never brought back to a position
it has been in since the player's last own move, and a winnable game is won within the
length of the line the course started with.

What the player gets:
  * Hint (H, the Hint button): the next move of a winning line with the reason it helps;
    on a lost position the heuristic hints of ``yukon.hints`` with a word that the deal
    can no longer be won; while the solver is still thinking a short "looking" message
    that the hint replaces as soon as the answer comes.
  * The status line says, after each move, whether the position is still winnable; when
    a move loses a winnable position, a question offers "Back to the last winnable position".
  * Winnable deals only (a setting): New deal takes a deal number proved winnable, kept
    ready in the background.
  * Demo (a bar button): the solver plays the rest of the game with the usual slides; any
    click or key stops it. Finish (setting "auto_finish"): once every card is face up, a
    question offers to play the ending out the same way.
"""

from __future__ import annotations

import itertools
import sys
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable, Literal

import pygame

from .. import hints
from ..cards import RANK, SUIT, SUIT_NAMES
from ..notation import format_position
from ..solver import without_loops
from ..rules import Rules
from ..state import FACE_DOWN, FOUNDATION, ON_FOUNDATION, Game, Move, Position
from .screen import QuestionDialog
from .table import describe_move, short_name
from .parts import Change, Part, StatusNote
from .widgets import ButtonSpec

if TYPE_CHECKING:
    from ..solver_service import Reply, SolverService
    from .extras import Session
    from .app import App
    from .table import TableScreen

WINNABLE = "winnable"
LOST = "unwinnable"
UNKNOWN = "unknown"
CHECKING = "checking"

SOLVE_TIMEOUT = 10.0  # seconds the child may spend on one position
DEAL_TIMEOUT = 2.0  # per candidate deal for "winnable deals only" (most take milliseconds)
POLL = 0.03  # how often an idle window wakes to collect a reply while one is awaited
CHECKING_AFTER = 0.25  # say "checking" only when an answer takes longer than this
HINT_PATIENCE = 1.5  # seconds a hint waits for the solver before a heuristic hint stands in
DEMO_PAUSE = 0.12  # between the demo's moves, after each slide has landed
CACHE_LIMIT = 20000
MAX_RESTARTS = 3  # solver children started again after one died, before the solver is given up

_ids = itertools.count(1)  # request ids grow across every assist in the process (tests share a service)


def rules_key(rules: Rules) -> tuple:
    """The rules as a plain tuple (part of every cache key)."""
    return (rules.variant, rules.any_card_in_space, rules.foundation_return)


def position_key(position: Position) -> tuple:
    """A key for the cache: the position and the rules it is played under."""
    return (rules_key(position.rules), position.key())


@dataclass(slots=True)
class Known:
    """What the solver said about a position: status and (when winnable) a winning line."""

    status: str
    line: tuple[Move, ...] = ()


@dataclass(slots=True)
class Pending:
    """The one request in flight: its id, what it is for, and when it was sent."""

    request_id: int
    kind: str  # "status" or "deal"
    key: tuple
    position: Position
    sent: float
    seed: int | None = None
    ancestors: tuple[tuple, ...] = ()  # keys of the game's earlier positions, oldest first


@dataclass(slots=True)
class Course:
    """The line the table follows since the player's last own move (see the module docstring)."""

    game: Game
    steps: int  # moves in the game's history at ``at``
    at: tuple  # key of the position the course is at
    line: tuple[Move, ...]  # what is left of the line from there ((): none at hand)
    visited: set[tuple] = field(default_factory=set)  # every position passed, ``at`` included


# -- reasons ----------------------------------------------------------------------------------
def move_reason(position: Position, line: list[Move] | tuple[Move, ...]) -> str:
    """Why the first move of the winning ``line`` helps, in a player's words."""
    m = line[0]
    card = m.card

    def seen(c: int) -> str:
        # The solver sees face-down cards; a hint must not show the player one.
        if position.loc[c] != FACE_DOWN:
            return short_name(c)
        return "a King" if RANK[c] == 13 else "a card that is still face down"

    p = position.copy()
    src = p.loc[card]
    turns = empties = False
    under: int | None = None
    if src < ON_FOUNDATION:
        col = p.columns[src]
        i = col.index(card)
        turns = i > 0 and i == p.down[src]
        empties = i == 0
        if i > 0 and not turns:
            under = col[i - 1]
    reasons: list[str] = []
    if turns:
        reasons.append(f"turns up a card in column {src + 1}")
    if m.to == FOUNDATION:
        suit = SUIT_NAMES[SUIT[card]]
        reasons.append(f"starts the {suit}" if RANK[card] == 1 else f"sends {short_name(card)} home")
    elif not p.columns[m.to] and RANK[card] == 13 and not empties and not turns and under is not None:
        reasons.append(f"gives {short_name(card)} a column of its own")
    p.play(m)
    rest = list(line[1:])
    if empties:
        user = _first_into(p, rest, src)
        if user is not None or m.to != FOUNDATION:  # a column emptied in the end game is no news
            reasons.append(f"empties column {src + 1}" + (f" for {seen(user)}" if user is not None else ""))
    if turns or m.to == FOUNDATION or empties:
        return " and ".join(reasons[:2])
    if under is not None:
        freed = _frees(p, rest, under, seen)
        if freed:
            reasons.append(freed)
            return " and ".join(reasons[:2])
    if src == ON_FOUNDATION:
        onto = _first_onto(p, rest, card)
        if onto is not None:
            return f"brings {short_name(card)} back to hold {seen(onto)}"
    if reasons:
        return reasons[0]
    return _towards(p, rest, seen)


def _first_into(p: Position, rest: list[Move], column: int, look: int = 12) -> int | None:
    """The card the line puts into the now empty ``column`` (before anything else uses it)."""
    q = p.copy()
    for m in rest[:look]:
        if m.to == column and not q.columns[column]:
            return m.card
        q.play(m)
    return None


def _frees(p: Position, rest: list[Move], under: int, seen: Callable[[int], str], look: int = 8) -> str:
    """How the card ``under`` (just uncovered) is used soon: moved, sent home, or built on."""
    q = p.copy()
    for m in rest[:look]:
        if m.card == under:
            return (f"frees {short_name(under)} to go home" if m.to == FOUNDATION
                    else f"frees {short_name(under)} to move")
        s = q.loc[under]
        if m.to == s and s < ON_FOUNDATION and q.columns[s] and q.columns[s][-1] == under:
            return f"uncovers {short_name(under)} for {seen(m.card)}"
        q.play(m)
    return ""


def _first_onto(p: Position, rest: list[Move], card: int, look: int = 6) -> int | None:
    """The first card the line lays onto ``card``."""
    q = p.copy()
    for m in rest[:look]:
        s = q.loc[card]
        if s < ON_FOUNDATION and m.to == s and q.columns[s] and q.columns[s][-1] == card:
            return m.card
        q.play(m)
    return None


def _towards(p: Position, rest: list[Move], seen: Callable[[int], str]) -> str:
    """The next gain the line makes (a card turned up or sent home), for a preparing move."""
    q = p.copy()
    for n, m in enumerate(rest, start=1):
        u = q.play(m)
        later = "next" if n == 1 else f"{n} moves later"
        if u.flipped:
            return f"prepares to turn up a card in column {u.source + 1} ({later})"
        if m.to == FOUNDATION:
            return f"prepares to send {seen(m.card)} home ({later})"
    return "keeps to the winning line"


# -- the assist -------------------------------------------------------------------------------
class Assist(Part):
    """Solver features at the table; see the module docstring.

    ``service`` is a running solver child to use (None: the assist starts its own on the
    first tick); ``session`` holds the settings it follows and marks a game the Demo
    played (None: every setting off, as in a table without saving).
    """

    def __init__(self, app: App, service: SolverService | None = None,
                 solve_timeout: float = SOLVE_TIMEOUT, hint_patience: float = HINT_PATIENCE,
                 demo_pause: float = DEMO_PAUSE, session: Session | None = None) -> None:
        self.app = app
        self.session = session
        self.service = service
        self._own_service = service is None
        self.solve_timeout = solve_timeout
        self.hint_patience = hint_patience
        self.demo_pause = demo_pause
        self.known: dict[tuple, Known] = {}
        self.course: Course | None = None
        self._trail: list[tuple] = []
        self._trail_game: Game | None = None
        self._last_winnable: tuple[tuple, int] = ((), 0)  # (what it was worked out for, moves back)
        self.restarts = 0  # solver children started again after one died
        self.pending: Pending | None = None
        self.dropped: list[int] = []  # ids of replies that came for a position already left (tests read it)
        self.status = ""
        self.status_since = time.monotonic()
        self._seen: tuple | None = None  # (game, moves made, position key) the status describes
        self._shown = ""
        self.ready_deal: tuple[int, tuple] | None = None  # (seed, rules key) proved winnable
        self.hint_wanted: tuple | None = None
        self._hint_asked = 0.0
        self._hint_message: object | None = None
        self._heuristic: tuple[tuple, list[Move], int] | None = None
        self.demo = False
        self.demo_kind = "Demo"
        self._demo_next = 0.0
        self._offered_back: set[tuple] = set()
        self._offer_back: tuple | None = None  # (game, ancestor key) waiting for a quiet table
        self._offered_finish: set[int] = set()
        self._offered_fresh: set[int] = set()  # games whose lost deal was offered a winnable one
        self._next_winnable = False  # the next New deal must be one the solver proved winnable
        self.failed = False
        self.demo_note = ""  # the status line's word on how to stop the Demo, while it plays

    # -- what the part adds to the table ---------------------------------------------------------
    def buttons(self) -> list[ButtonSpec]:
        """The Demo button."""
        return [ButtonSpec("Demo", self.start_demo)]

    def status_notes(self) -> list[StatusNote]:
        """The solver's verdict (bad news marked) and, while it plays, how to stop the Demo."""
        return [StatusNote(self._shown, alert=self.status == LOST), StatusNote(self.demo_note)]

    @property
    def solver_note(self) -> str:
        """The solver's part of the status line as drawn now."""
        return self._shown

    def quitting(self) -> None:
        """The window closes: stop the child."""
        self.close()

    def close(self) -> None:
        """Stop the child process (when this assist started it)."""
        if self.service is not None and self._own_service:
            try:
                self.service.close()
            except Exception:
                pass
        self.service = None

    def _ensure_service(self) -> bool:
        if self.service is None and not self.failed:
            try:
                from ..solver_service import SolverService

                self.service = SolverService(nice=10)  # the window comes first on a busy machine
            except Exception as e:  # no processes allowed here: the table plays on without a solver
                print(f"yukon: the solver is off this time: {e!r}", file=sys.stderr)
                self.failed = True
        return self.service is not None

    @property
    def table(self) -> TableScreen | None:
        """The main table (not a lesson's)."""
        return self.app.table

    def setting(self, name: Literal["auto_finish", "winnable_only", "hide_verdicts"]) -> bool:
        """One of the solver's settings (all off without a session)."""
        if self.session is None:
            return False
        settings = self.session.settings
        if name == "auto_finish":
            return settings.auto_finish
        if name == "winnable_only":
            return settings.winnable_only
        return settings.hide_verdicts

    def _quiet(self) -> bool:
        """Is the main table on top and still (a good moment to redraw or ask something)?"""
        t = self.table
        return t is not None and bool(self.app.screens) and self.app.top is t and not t.busy() \
            and t.celebrating <= 0

    # -- knowledge -----------------------------------------------------------------------------
    def lookup(self, position: Position) -> Known | None:
        """What is known about ``position``."""
        return self.known.get(position_key(position))

    def _learn(self, key: tuple, known: Known) -> None:
        """Remember ``known`` for ``key``; a winnable position keeps the shortest line it was given."""
        old = self.known.get(key)
        if old is not None and old.status == LOST:
            return  # a proof stands
        if old is not None and old.status == WINNABLE:
            if known.status != WINNABLE or (old.line and (not known.line or len(known.line) >= len(old.line))):
                return
        if len(self.known) > CACHE_LIMIT:
            self.known.clear()
        self.known[key] = known

    def trail(self, game: Game) -> list[tuple]:
        """Keys of the game's positions, as dealt first and the current one last.

        Kept step by step: a move adds one key and an undo takes one off, so a long game
        costs nothing per move; anything else (restart, another game) walks the history once.
        """
        n = len(game.history)
        t = self._trail
        if self._trail_game is game:
            if len(t) == n + 1 and t[-1] == position_key(game.position):
                return t
            if len(t) == n + 2 and t[-2] == position_key(game.position):
                t.pop()
                return t
            if len(t) == n and n:
                parent = game.position.copy()
                parent.pop(game.history[-1])
                if t[-1] == position_key(parent):
                    t.append(position_key(game.position))
                    return t
        p = game.position.copy()
        keys = [position_key(p)]
        for u in reversed(game.history):
            p.pop(u)
            keys.append(position_key(p))
        keys.reverse()
        self._trail, self._trail_game = keys, game
        return keys

    def _steer(self, game: Game, trail: list[tuple]) -> Course:
        """Move the course on with the game: one step along its line, or a fresh start."""
        key = trail[-1]
        c = self.course
        n = len(game.history)
        if (c is not None and c.game is game and c.line and n == c.steps + 1 and len(trail) >= 2
                and trail[-2] == c.at and game.history[-1].move == c.line[0]):
            c.steps, c.at, c.line = n, key, c.line[1:]
            c.visited.add(key)
        elif c is None or c.game is not game or c.at != key or c.steps != n:
            c = self.course = Course(game, n, key, (), {key})
        k = self.known.get(key)
        if k is not None and k.status == WINNABLE and k.line:
            self._offer_line(c, game.position, k.line)
        if c.line:
            self._learn(key, Known(WINNABLE, c.line))
        return c

    def _offer_line(self, c: Course, position: Position, line: tuple[Move, ...]) -> None:
        """Take ``line`` (from ``position``, the course's) if it is shorter and passes no visited position."""
        if c.line and len(line) >= len(c.line):
            return
        p = position.copy()
        try:
            for m in line[:-1]:
                p.play(m)
                if position_key(p) in c.visited:
                    return
            if line:
                p.play(line[-1])
        except ValueError:
            return  # not a line of this position (a stale or mistaken one): keep the course
        if p.is_won():
            c.line = tuple(line)

    def line_here(self) -> tuple[Move, ...]:
        """The rest of the course's line from the position on the table (() when none is at hand)."""
        game = self.app.game
        c = self.course
        if c is None or c.game is not game or c.steps != len(game.history) \
                or c.at != position_key(game.position):
            return ()
        return c.line

    def sync(self) -> None:
        """Bring the status up to date with the position on the table; ask the solver if need be."""
        game = self.app.game
        pos = game.position
        key = position_key(pos)
        seen = (id(game), len(game.history), key)
        if seen == self._seen:
            return
        self._seen = seen
        self._heuristic = None
        trail = self.trail(game)
        course = self._steer(game, trail)
        if pos.is_won():
            self.status = ""
            self._show()
            return
        k = self.known.get(key)
        if k is None and len(trail) >= 2:
            parent = self.known.get(trail[-2])
            if parent is not None and parent.status == LOST:
                k = Known(LOST)  # every position reached from a lost one is lost
                self._learn(key, k)
        if k is not None:
            self._set_status(k.status)
            if k.status != WINNABLE or course.line:
                return
        if self._ensure_service():
            if k is None:
                self._set_status(CHECKING)
            # a winnable position without a line at hand asks for one; its status stands meanwhile
            self._ask(Pending(next(_ids), "status", key, pos.copy(), time.monotonic(),
                              ancestors=tuple(trail[:-1])))
        elif k is None:
            self._set_status("")

    def _ask(self, req: Pending) -> None:
        assert self.service is not None
        timeout = DEAL_TIMEOUT if req.kind == "deal" else self.solve_timeout
        try:
            self.service.request(req.request_id, format_position(req.position), req.position.rules, timeout=timeout)
        except Exception as e:
            print(f"yukon: the solver is off this time: {e!r}", file=sys.stderr)
            self.failed = True
            self.service = None
            self._set_status("")
            return
        self.pending = req

    def _set_status(self, status: str) -> None:
        if status != self.status:
            self.status = status
            self.status_since = time.monotonic()
        if status == LOST:
            self._note_loss()
        self._show()

    def status_text(self) -> str:
        """The status line's solver part."""
        s = self.status
        if self.setting("hide_verdicts"):
            return ""  # the player finds out for themselves; hints still answer when asked
        if s == WINNABLE:
            return "Solver: still winnable" if self.app.game.history else "Solver: this deal can be won"
        if s == LOST:
            if not self.app.game.history:
                return "Solver: this deal cannot be won"
            n = self.last_winnable()
            if n:
                return f"Solver: cannot be won from here; B goes back {n} move{'s' if n != 1 else ''} " \
                    "to a winnable position"
            return "Solver: cannot be won from here"
        if s == UNKNOWN:
            return "Solver: undecided (it ran out of time)"
        if s == CHECKING:
            # Most answers take a few milliseconds: keep the last words a moment rather than flicker.
            return "Solver: checking\u2026" if time.monotonic() - self.status_since >= CHECKING_AFTER else self._shown
        return ""

    def _show(self, now: bool = False) -> None:
        """Put the status into the status line; redraw only when the table is still (or ``now``)."""
        text = self.status_text()
        if text == self._shown:
            return
        t = self.table
        if t is not None and t.busy() and not now:
            return  # a redraw now would cost a full frame in the middle of a slide: wait
        self._shown = text
        if t is not None:
            t.redraw()

    # -- the loop ------------------------------------------------------------------------------
    def tick(self) -> float | None:
        """Once per loop iteration: collect replies, refresh the status, drive demo and offers."""
        try:
            return self._tick()
        except Exception as e:  # the solver's extras must never end the game
            print(f"yukon: the solver assist failed: {e!r}", file=sys.stderr)
            self.app.errors.append(e)
            self.demo = False
            self.demo_note = ""
            return None

    def _collect(self) -> None:
        """Notice a new position and take in the replies that have come."""
        self.sync()
        if self.service is not None:
            for reply in self.service.poll():
                self._reply(reply)
        if self.service is not None and not self.service.alive:
            self._revive()

    def _revive(self) -> None:
        """The solver's child died (killed, out of memory): start another, a few times at most."""
        dead, self.service = self.service, None
        if dead is not None and self._own_service:
            try:
                dead.close()
            except Exception:
                pass
        req, self.pending = self.pending, None
        self.restarts += 1
        if self.restarts > MAX_RESTARTS:
            self.failed = True
            self._set_status("")
            if self.table is not None:
                self.table.say("The solver keeps stopping, so it is off for now: hints are simple ones "
                               "and there is no Demo.", "error", 8.0)
            print("yukon: the solver process keeps dying; it is off this time", file=sys.stderr)
            return
        self._own_service = True
        if req is not None and self._ensure_service():
            self._ask(Pending(next(_ids), req.kind, req.key, req.position, time.monotonic(), req.seed, req.ancestors))

    def _tick(self) -> float | None:
        self._collect()
        self._show()
        quiet = self._quiet()
        if quiet:
            self._deliver_hint()
            self._offer()
        waits: list[float] = []
        if self.demo:
            waits.append(self._demo_step(quiet))
        if self.pending is None and self.service is not None and (
                self.setting("winnable_only") or (self.status == LOST and not self.app.game.history)):
            self._look_for_deal()  # kept ready; a lost fresh deal offers it
        if self.pending is not None:  # a long search is polled less often: the idle window stays cheap
            waits.append(POLL if time.monotonic() - self.pending.sent < 1.0 else 4 * POLL)
        return min(waits) if waits else None

    def _reply(self, reply: Reply) -> None:
        req = self.pending
        rid = reply.request_id
        if req is None or rid != req.request_id:
            self.dropped.append(rid)
            return
        self.pending = None
        status = reply.status
        if req.kind == "deal":
            if status == WINNABLE and req.seed is not None:
                line = tuple(reply.moves())
                self._learn(req.key, Known(WINNABLE, line))
                self.ready_deal = (req.seed, req.key[0])
            return
        if status == WINNABLE:
            line = tuple(without_loops(req.position, reply.moves()))
            self._learn(req.key, Known(WINNABLE, line))
            for key in req.ancestors:  # every earlier position of the game can be won too
                old = self.known.get(key)
                if old is None or old.status != WINNABLE:
                    self._learn(key, Known(WINNABLE))
            c = self.course
            if c is not None and c.at == req.key:
                self._offer_line(c, req.position, line)
        elif status == LOST:
            self._learn(req.key, Known(LOST))
        else:
            self._learn(req.key, Known(UNKNOWN))
        if self._seen is not None and self._seen[2] == req.key:
            self._set_status(self.known[req.key].status)

    def _look_for_deal(self) -> None:
        rules = self.app.rules
        rk = rules_key(rules)
        if self.ready_deal is not None and self.ready_deal[1] == rk:
            return
        seed = self.app.random_seed()
        pos = Position.deal(seed, rules)
        self._ask(Pending(next(_ids), "deal", position_key(pos), pos, time.monotonic(), seed=seed))

    # -- new deals ----------------------------------------------------------------------------
    def choose_seed(self) -> int | None:
        """The number for New deal: with "winnable deals only", one the solver proved winnable."""
        if not self.setting("winnable_only") and not self._next_winnable:
            return None
        self._next_winnable = False
        rk = rules_key(self.app.rules)
        if self.ready_deal is not None and self.ready_deal[1] == rk:
            seed = self.ready_deal[0]
            self.ready_deal = None
            return seed
        return self._find_deal_now(rk)

    def deal_winnable(self) -> None:
        """Replace the deal on the table with one the solver proved winnable."""
        t = self.table
        if t is None:
            return
        self._next_winnable = True
        t.new_deal(ask=False)

    def _find_deal_now(self, rk: tuple) -> int:
        """No deal ready (the setting was just turned on): solve a few here, for half a second at most."""
        from ..solver import solve

        end = time.monotonic() + 0.5
        seed = self.app.random_seed()
        while time.monotonic() < end:
            pos = Position.deal(seed, self.app.rules)
            result = solve(pos, timeout=max(0.01, end - time.monotonic()))
            if result.status == WINNABLE:
                self._learn(position_key(pos), Known(WINNABLE, tuple(result.moves)))
                return seed
            seed = self.app.random_seed()
        return seed  # the status line says what the solver finds for it

    # -- hints ---------------------------------------------------------------------------------
    def action(self, table: TableScreen, name: str) -> bool:
        """Hint, Demo, P and B on the main table are ours; everything else is left to others."""
        if name == "hint" and table is self.table and table.mode is None:
            self.hint()
            return True
        if name == "demo" and table is self.table:
            self.start_demo()
            return True
        if name == "play_hint" and table is self.table and table.mode is None:
            self.play_hint()
            return True
        if name == "back_to_winnable" and table is self.table and table.mode is None:
            if self.last_winnable():
                self.back_to_winnable()
            elif self.status == WINNABLE:
                table.say("This position can still be won: there is no need to go back.")
            else:
                table.say("No earlier position of this game is known to be winnable.")
            return True
        return False

    def hint(self) -> None:
        """Show the next move of a winning line, or say why not and fall back to a useful move."""
        t = self.table
        if t is None:
            return
        self._collect()
        pos = self.app.game.position
        if pos.is_won():
            t.say("All the cards are home already.")
            return
        k = self.lookup(pos)
        line = self.line_here()
        if k is not None and k.status == WINNABLE and line:
            # Each press shows the next: the winning line's move first, then the other
            # useful moves of yukon.hints, then the line's move again.
            key = position_key(pos)
            first = line[0]
            if self._heuristic is None or self._heuristic[0] != key or self._heuristic[1][:1] != [first]:
                last = self.app.game.history[-1].move if self.app.game.history else None
                others = [m for m in hints.hint_moves(pos, last) if m != first]
                self._heuristic = (key, [first, *others], -1)
            _, moves, i = self._heuristic
            i = (i + 1) % len(moves)
            self._heuristic = (key, moves, i)
            if i == 0:
                self._show_hint(first, "Hint: {move} \u2013 it {reason}.", move_reason(pos, line))
                return
            count = f"{i} of {len(moves) - 1}; the first hint is the one that wins" if i == 1 else \
                f"{i} of {len(moves) - 1}"
            t.show_hints(moves, i, f"Another move ({count}): {describe_move(pos, moves[i])}")
            return
        if k is None or k.status in (CHECKING, WINNABLE):
            if self.service is not None:
                self.hint_wanted = position_key(pos)
                self._hint_asked = time.monotonic()
                t.say("Hint: looking for a winning line\u2026", "hint", 6.0)
                self._hint_message = t.message
                return
            self._heuristic_hint("")
            return
        if k.status == LOST:
            self._heuristic_hint("This deal can no longer be won. ")
        else:
            self._heuristic_hint("The solver could not decide this position. ")

    def play_hint(self) -> None:
        """Play the move the hint shows; with no hint on show, show one and play it when it is there."""
        t = self.table
        if t is None:
            return
        move = t.hint_move
        if move is None:
            self.hint()
            move = t.hint_move
        if move is not None:
            t.try_move(move)

    def _show_hint(self, move: Move, template: str, reason: str) -> None:
        t = self.table
        assert t is not None
        pos = self.app.game.position
        t.show_hints([move], 0, template.format(move=describe_move(pos, move), reason=reason))

    def _heuristic_hint(self, preface: str) -> None:
        """The heuristic hints of ``yukon.hints``, each press the next one."""
        t = self.table
        assert t is not None
        pos = self.app.game.position
        key = position_key(pos)
        if self._heuristic is None or self._heuristic[0] != key:
            last = self.app.game.history[-1].move if self.app.game.history else None
            self._heuristic = (key, hints.hint_moves(pos, last), -1)
        _, moves, i = self._heuristic
        if not moves:
            t.say(preface + "No move is left. Undo, restart the deal or start a new one.")
            return
        i = (i + 1) % len(moves)
        self._heuristic = (key, moves, i)
        t.show_hints(moves, i, f"{preface}Try {i + 1} of {len(moves)}: {describe_move(pos, moves[i])}")

    def _deliver_hint(self) -> None:
        """The answer for an awaited hint came: show it in place of the "looking" message."""
        if self.hint_wanted is None:
            return
        t = self.table
        pos = self.app.game.position
        if t is None or t.message is not self._hint_message or position_key(pos) != self.hint_wanted:
            self.hint_wanted = None  # the player moved on or closed the message
            return
        k = self.lookup(pos)
        if k is None or k.status == CHECKING or (k.status == WINNABLE and not self.line_here()):
            if time.monotonic() - self._hint_asked >= self.hint_patience:  # a hard one: a useful move meanwhile
                self.hint_wanted = None
                self._heuristic_hint("The solver is still looking for a winning line. Meanwhile: ")
            return
        self.hint_wanted = None
        self.hint()

    # -- back to the last winnable position -----------------------------------------------------
    def _note_loss(self) -> None:
        """The position is lost: if an earlier one of this game was winnable, offer to go back."""
        game = self.app.game
        n = self.last_winnable()
        if n:
            mark = (id(game), self.trail(game)[-1 - n])
            if mark not in self._offered_back:
                self._offer_back = mark

    def last_winnable(self) -> int:
        """How many moves back the last winnable position of this game is (0: none known)."""
        game = self.app.game
        trail = self.trail(game)
        asked = (id(game), len(trail), trail[-1], len(self.known))
        if self._last_winnable[0] == asked:
            return self._last_winnable[1]
        n = 0
        for back in range(1, len(trail)):
            k = self.known.get(trail[-1 - back])
            if k is not None and k.status == WINNABLE:
                n = back
                break
        self._last_winnable = (asked, n)
        return n

    def back_to_winnable(self) -> None:
        """Undo to the last position of this game the solver knows can be won."""
        t = self.table
        n = self.last_winnable()
        if t is None or n == 0:
            return
        gid = id(self.app.game)
        self._offered_back = {m for m in self._offered_back if m[0] != gid}  # lose it again: ask again
        for _ in range(n):
            t.undo()
        t.say("Back at the last winnable position." if n == 1 else
              f"Back {n} moves, at the last winnable position.")

    def _offer(self) -> None:
        mark, self._offer_back = self._offer_back, None
        game = self.app.game
        hidden = self.setting("hide_verdicts")
        t = self.table
        if (not hidden and self.status == LOST and not game.history and game.seed is not None and not self.demo
                and id(game) not in self._offered_fresh and t is not None and t.mode is None):
            self._offered_fresh.add(id(game))
            self.app.push(QuestionDialog(
                self.app, f"The solver has proved that deal {game.seed} cannot be won, whatever is played. "
                "Deal one that can be won instead?",
                [("Winnable deal", self.deal_winnable), ("Play it anyway", None)], title="This deal cannot be won"))
            return
        if mark is not None and mark[0] == id(game) and self.status == LOST and not self.demo and not hidden:
            self._offered_back.add(mark)
            n = self.last_winnable()
            if n:
                text = ("That move lost the deal: no winning line is left from here. "
                        "Go back to the last winnable position?" if n == 1 else
                        f"No winning line is left from here; {n} moves ago the deal could still be won. "
                        "Go back to the last winnable position?")
                self.app.push(QuestionDialog(self.app, text, [("Go back", self.back_to_winnable), ("Play on", None)],
                                             title="No longer winnable"))
                return
        if (self.setting("auto_finish") and not self.demo and id(game) not in self._offered_finish
                and self.status == WINNABLE and game.position.face_down_count() == 0):
            self._offered_finish.add(id(game))
            self.app.push(QuestionDialog(self.app, "Every card is face up. Play the ending out?",
                                         [("Finish", lambda: self.start_demo("Finish")), ("Keep playing", None)],
                                         title="Finish"))

    # -- demo ----------------------------------------------------------------------------------
    def start_demo(self, kind: str = "Demo") -> None:
        """Let the solver play the rest of the game on screen."""
        t = self.table
        if t is None:
            return
        self._collect()
        pos = self.app.game.position
        if pos.is_won():
            t.say("All the cards are home already.")
            return
        k = self.lookup(pos)
        if k is not None and k.status == LOST:
            if self.app.game.history:
                t.say("No winning line is left from here, so there is nothing to show. Undo to a winnable position.")
            else:
                t.say("This deal cannot be won, so there is nothing to show. Try a new deal.")
            return
        if k is not None and k.status == UNKNOWN:
            t.say("The solver found no winning line in time, so it cannot play this one out.")
            return
        if self.service is None and k is None:
            t.say("The solver is not running, so there is no demo this time.")
            return
        self.demo = True
        self.demo_kind = kind
        if kind == "Demo":  # Finish only plays out an ending the player has already opened up
            if self.session is not None:
                self.session.mark_assisted()
        self._demo_next = time.monotonic()
        self._demo_label()
        if kind == "Demo":
            t.say("Demo: the solver plays the rest. Click or press any key to stop it.", "info", 4.0)

    def _demo_label(self) -> None:
        """While the demo plays, the status line says how to stop it (messages go with each move)."""
        doing = "Demo playing" if self.demo_kind == "Demo" else "Finishing"
        text = f"{doing}: a click or any key stops it" if self.demo else ""
        if self.demo_note != text:
            self.demo_note = text
            if self.table is not None:
                self.table.redraw()

    def stop_demo(self, why: str = "") -> None:
        """Stop the demo (or the finish) where it is."""
        if not self.demo:
            return
        self.demo = False
        self._demo_label()
        if why and self.table is not None:
            self.table.say(why)

    def _demo_step(self, quiet: bool) -> float:
        game = self.app.game
        if game.position.is_won():
            self.demo = False
            self._demo_label()
            return 1.0
        if not quiet:
            return POLL
        k = self.lookup(game.position)
        line = self.line_here()
        if k is None or k.status == CHECKING or (k.status == WINNABLE and not line and self.pending is not None):
            return POLL
        if k.status != WINNABLE or not line:
            self.stop_demo(f"{self.demo_kind} stopped: the solver has no winning line here.")
            return 1.0
        now = time.monotonic()
        if now < self._demo_next:
            return self._demo_next - now
        t = self.table
        assert t is not None
        t.drop_hint_message()
        if not t.try_move(line[0], by="Demo" if self.demo_kind == "Demo" else None):
            self.stop_demo(f"{self.demo_kind} stopped.")
            return 1.0
        self._demo_next = time.monotonic() + self.demo_pause * max(0.25, self.app.prefs.animation_speed)
        return POLL

    def event(self, e: pygame.event.Event) -> bool:
        """While the demo plays, any key or click stops it (and does nothing else)."""
        if self.demo and e.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.stop_demo(f"{self.demo_kind} stopped. Your move.")
            return True
        return False

    # -- changes -------------------------------------------------------------------------------
    def changed(self, change: Change) -> None:
        """After every change at the table: the status at once where it is known."""
        kind, game = change.kind, change.game
        if game is not self.app.game:
            return  # a lesson's own position
        if kind == "won":
            self.demo = False
            self._demo_label()
        elif kind != "move" and kind != "stuck" and self.demo:
            self.stop_demo()
        self.sync()
        self._show(now=True)  # the move's own frame redraws everything anyway


def install(app: App, service: SolverService | None = None, solve_timeout: float = SOLVE_TIMEOUT,
            hint_patience: float = HINT_PATIENCE, demo_pause: float = DEMO_PAUSE,
            session: Session | None = None) -> Assist:
    """Add the solver's features to ``app``; the child process starts on the first tick.

    ``hint_patience`` is how long a hint waits for the solver before a heuristic hint stands
    in (tests pass their own, so none depends on the machine's speed); ``demo_pause`` is
    the Demo's pause between moves.
    """
    assist = Assist(app, service, solve_timeout, hint_patience, demo_pause, session)
    app.add_part(assist)
    return assist
