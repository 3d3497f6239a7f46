"""A full-information Yukon solver: winnable with a winning line, proved unwinnable, or unknown.

Public API (pure Python, no pygame; safe to call in a child process)::

    result = solve(position, timeout=10.0, node_limit=None)
    result.status   # Verdict.WINNABLE | Verdict.LOST | Verdict.UNKNOWN ("winnable", "unwinnable", "unknown")
    result.moves    # winnable: engine Move values; each is legal in turn (Position.play)
                    # and the last one leaves all 52 cards home. Otherwise [].
    result.stats    # {"nodes": int, "seconds": float, "phase": str, ...}

``solve`` never guesses: "unwinnable" means the whole (pruned, provably loss-free) search
space was exhausted or the relaxation below proved that some card can never reach home;
"unknown" means the time or node budget ran out first. The position is not changed.
``dead_end(position)`` is the cheap relaxation on its own (True = proved lost).
Options: ``cancel`` (a callable polled every few hundred positions; True stops with
"unknown"), ``clock`` (``time.process_time`` for benchmarks). For a window use
``yukon.solve.solver_service.SolverService``, which runs ``solve`` in a child process and hands
replies back by queue. When the player plays the first move of a winning line, the rest
of that line is still a winning line: no new search is needed for the next hint.
A winning line comes back shortened (``shorten_line``; the cuts are ``yukon.solve.lines``'): the
searches wander, and a player following hints or watching Demo should see a direct line
(Yukon deals 1-1000: median 100 moves as found, 91 shortened; p99 192 -> 105), for a few
hundredths of a second.

How it searches (see the module's tests for the checks behind each rule):

- The engine's ``Position.push``/``pop`` make and take back moves, so every line it returns
  is made of engine moves; positions are keyed canonically (the seven columns sorted,
  face-down cards included; the foundations follow from which cards are on the table).
- Safe foundation moves are made at once and not branched on: an end card goes home
  when every card that could ever be placed on it is home already (and, with foundation
  return, every card that could be placed on those): in Yukon that is "both foundations
  of the other colour hold rank-1 and the other suit of its colour holds rank-2".
- No pointless moves: a card already at the bottom of its column never goes into a space,
  only the leftmost empty column is offered, and a transposition table drops every
  position seen before (a tail moved straight back is one).
- Moves are ordered: cards turned up first (the column with most face-down cards first),
  then foundation moves, emptied columns, moves exposing a card that can go home, the rest,
  and returns from the foundations last.
- Several searches take turns with doubling node slices (``PLAN``): searches that allow at
  most k moves in a row that neither turn a card up, send a card home nor empty a column
  (k = 1, 2, 4; they find most wins quickly), a greedy best-first search (fewest
  face-down cards first, then most cards home) that finds deep wins the others miss, one where
  every move from column to column must be followed by a move that uses it (the purpose
  rule, ``_gen_need``: chains that go straight for a card turned up or sent home; it
  finds wins in deals the others leave open, but it is not complete, so running out
  proves nothing), best-first (its score also counting cards that lie above a lower card
  of their suit, ``_blockers``) and the purpose search once more as if cards could not come
  back from the foundations (fewer moves, more safe ones: they win several of the
  hardest deals within a few seconds; every line they find is legal anyway), and the
  complete depth-first search, which gets the largest share because only it (or
  best-first, or a limited search that never hit its limit) proves a loss by running
  out. Some searches are also run with restarts (``_Restarts``): again and again from
  the start, each time in its own slightly shuffled move order, for budgets that grow
  by the Luby sequence: a hard deal's win is often found at once in one order and only
  after millions of positions in another. When the purpose search runs out (its space
  is small), the deal is most likely lost and the complete search (and best-first) get
  every slice from then on.
- A child's key is worked out before its move is made, so the many children that are
  positions seen before cost a look-up, not a move, its safe moves and its undo.
- The relaxation (``dead_end``; what it is: ``yukon.solve.relaxation``) proves many positions lost
  at once; it runs at the root and after every move that turns a card up or sends
  one home, and in the complete search also after a move whose card has no other
  target face up elsewhere (while that keeps proving positions lost: in the deals that
  turn out lost four such checks in five do).
- The twin rule (``crowded``, also in ``yukon.solve.relaxation``) runs with the relaxation,
  and in the complete search also at the checks after moves that leave a card stuck
  (``stuck_crowded``): there it halves the search of several lost deals.
"""

from __future__ import annotations

import operator
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import Enum

from ..core.rules import Rules
from ..core.state import FOUNDATION, ON_FOUNDATION, Move, Position, Undo
from .lines import check_line, cut_line, without_loops
from .relaxation import (
    TERM,
    Tables,
    crowded,
    crowded_pair,
    dead_end,
    dead_end_from,
    layout_of,
    no_return_tables,
    relaxation_closure,
    stuck_crowded,
    tables_for,
    twin_pairs,
)

# What the window, the command line, the benchmarks and the tests import from here; the
# relaxation's and the twin rule's names are yukon.solve.relaxation's, check_line and
# without_loops yukon.solve.lines', re-exported.
__all__ = [
    "PLAN",
    "SHORTEN_BUDGET",
    "Result",
    "Verdict",
    "canonical_key",
    "check_line",
    "crowded",
    "crowded_pair",
    "dead_end",
    "relaxation_closure",
    "shorten_line",
    "solve",
    "solve_text",
    "without_loops",
]



class Verdict(str, Enum):
    """What the solver found. The values are the words the survey files, the command line and
    the solver's child process already use, so a Verdict is written and read back as it is."""

    WINNABLE = "winnable"  # with a winning line that the engine replays to the end
    LOST = "unwinnable"  # proved: no sequence of moves wins
    UNKNOWN = "unknown"  # the time or node budget ran out first

    def __str__(self) -> str:
        return self.value  # f-strings and str() give the word, as they did for the plain strings

    def __hash__(self) -> int:
        return str.__hash__(self)  # equal to its word, so it hashes as its word: one key in a dict, not two


# The searches solve() runs by turns. Each is "<kind>[/noret][/purpose][/restart][*share]": kind
# "k<N>" allows at most N non-progress moves in a row, "complete" allows any, "best" is the
# best-first search. "/noret" plays as if cards could not come back from the foundations: fewer
# moves and more safe ones, so it finds many wins sooner, and every line it finds is legal
# anyway; when the rules do allow returns, running out proves nothing (and when they do not,
# "/noret" changes nothing: a search named twice runs once, with both shares). "/purpose" (not
# for "best") follows the purpose rule (``_gen_need``): running out proves nothing either.
# "/restart" (not for "best") runs the search again and again in new move orders
# (``_Restarts``): running out of a restart's budget proves nothing. The share is how many
# slices of each round it gets. Only the complete search (or best-first, or a limited one that
# never met its limit) proves a loss, so it gets the largest share. Of the deals 0-999 left
# unknown at 10 CPU s before they came, the searches without returns win 23, 458, 466, 628, 811
# and 858 alone in 1.3 s or less (in this plan 23, 628, 811 and 858 within 4 s; 458 and 466 in
# about 20 s). Of the 34 deals the session-5 plan left unknown (each set of rules), the
# restarted searches without returns win 169, 397 (without returns only), 458, 699, 710 and 924
# within 52,000 positions of their own (this plan, 10 CPU s: 169, 458, 699, 710 with returns,
# and also 397 and 924 without); they stop after ``RESTART_CAP`` positions, so that on a lost
# deal the complete search soon has its slices back. With returns, the k=1 search without them
# wins 442 and 540 in 5-6 s with five slices (it had two, and the restarts three more); the
# restarts still win all of theirs within 10 s.
PLAN = ("k2", "k1", "k4", "complete*16", "best", "best/noret*2", "k1/noret*5",
        "complete/noret/purpose/restart*7", "complete/purpose", "complete/noret/restart*2")
FIRST_SLICE = 500
# The need of a move that emptied its column (see _gen_need).
SPACE_NEED = 52
# Restarts (see _Restarts): positions per Luby unit, and how far a move may stray from
# its place in the move order.
RESTART_UNIT = 8192
# The first run keeps the plain order (the one the search has without restarts) and gets
# this budget instead (deal 23: its purpose search without returns wins in 9,830).
RESTART_FIRST = 10_240
RESTART_NOISE = 3.0
# ... and the positions after which a search with restarts gives up (see _Restarts.run).
RESTART_CAP = 64_000
# Best-first's score per card lying above a lower card of its suit (see _BestFirst).
BLOCKER_WEIGHT = 3

_M = [Move.of(c, t) for c in range(52) for t in range(8)]
# _gen's entries: each move with its progress flag, made once
_MT = [(m, True) for m in _M]
_MF = [(m, False) for m in _M]
_first = operator.itemgetter(0)
_ONE = [bytes((c,)) for c in range(52)]


@dataclass
class Result:
    """A solver answer: status, the winning line (engine moves) and search figures."""

    status: Verdict
    moves: list[Move] = field(default_factory=list)
    stats: dict = field(default_factory=dict)


def canonical_key(p: Position) -> bytes:
    """A canonical key: equal for positions that differ only in the order of the columns."""
    term = TERM
    return b"".join(sorted([bytes(c) + term[d] for c, d in zip(p.columns, p.down)]))


def _apply_safe(p: Position, tables: Tables, safe: bool = True) -> list[Undo]:
    """Send safe end cards home until none is left; returns the undo records."""
    out: list[Undo] = []
    if not safe:
        return out
    cols, found, loc = p.columns, p.foundations, p.loc
    guards = tables.guards
    again = True
    while again:
        again = False
        for d in range(7):
            col = cols[d]
            if col:
                e = col[-1]
                if found[e // 13] == e % 13:
                    for g in guards[e]:
                        if loc[g] != ON_FOUNDATION:
                            break
                    else:
                        out.append(p.push(_M[e * 8 + 7]))
                        again = True
    return out


def _safe_after(p: Position, tables: Tables, u: Undo) -> list[Undo]:
    """Safe home moves after move ``u``: only its source's new end card can have become
    safe, unless the foundations rose (then every end card is looked at)."""
    if u.move.to == FOUNDATION:
        return _apply_safe(p, tables)
    s = u.source
    if s == ON_FOUNDATION:
        return _apply_safe(p, tables)  # a safe card brought back goes straight home again
    col = p.columns[s]
    if not col:
        return []
    e = col[-1]
    if p.foundations[e // 13] != e % 13:
        return []
    loc = p.loc
    for g in tables.guards[e]:
        if loc[g] != ON_FOUNDATION:
            return []
    first = p.push(_M[e * 8 + 7])
    return [first] + _apply_safe(p, tables)


def _gen(p: Position, t: Tables) -> list[tuple[Move, bool]]:
    """Ordered candidate moves with a flag: does the move make progress?"""
    cols, down, found, loc = p.columns, p.down, p.foundations, p.loc
    onto = t.onto
    back = t.back
    MT, MF = _MT, _MF
    flips: list[tuple[int, int]] = []  # (-depth, move index)
    homes: list[tuple[Move, bool]] = []
    empties: list[tuple[Move, bool]] = []
    exposing: list[tuple[Move, bool]] = []
    others: list[tuple[Move, bool]] = []
    rets: list[tuple[Move, bool]] = []
    space = -1
    for d in range(7):
        col = cols[d]
        if not col:
            if space < 0:
                space = d
            continue
        e = col[-1]
        n = len(col)
        if found[e // 13] == e % 13:
            if n == 1:
                empties.append(MT[e * 8 + 7])
            elif down[d] == n - 1:
                flips.append((-down[d], e * 8 + 7))
            else:
                homes.append(MT[e * 8 + 7])
        for c in onto[e]:
            s = loc[c]
            if s < 7:
                if s == d:
                    continue
                cs = cols[s]
                i = cs.index(c)
                if i == 0:
                    empties.append(MT[c * 8 + d])
                elif i == down[s]:
                    flips.append((-i, c * 8 + d))
                else:
                    b = cs[i - 1]
                    if found[b // 13] == b % 13:
                        exposing.append(MF[c * 8 + d])
                    else:
                        others.append(MF[c * 8 + d])
            elif s == 7 and back and found[c // 13] == c % 13 + 1:
                rets.append(MF[c * 8 + d])
    if space >= 0:
        d = space
        for c in t.leaders:
            s = loc[c]
            if s < 7:
                cs = cols[s]
                i = cs.index(c)
                if i == 0:
                    continue
                if i == down[s]:
                    flips.append((-i, c * 8 + d))
                else:
                    b = cs[i - 1]
                    if found[b // 13] == b % 13:
                        exposing.append(MF[c * 8 + d])
                    else:
                        others.append(MF[c * 8 + d])
            elif s == 7 and back and found[c // 13] == c % 13 + 1:
                rets.append(MF[c * 8 + d])
    out: list[tuple[Move, bool]] = []
    if flips:
        flips.sort(key=_first)  # stable: equal depths keep their order
        out = [MT[m] for _, m in flips]
    out += homes
    out += empties
    out += exposing
    out += others
    out += rets
    return out


def _gen_need(p: Position, t: Tables, b: int, c: int, flipped: bool) -> list[tuple[Move, bool]]:
    """The moves a search with the purpose rule tries after a move of card ``c`` (with its
    tail) from one column to another: the moves that use what it did, and any card home;
    progress first. ``b`` is the card ``c`` lay on (``flipped``: it was face down and is now
    turned up), or ``SPACE_NEED`` when ``c`` headed its column, which is now empty. What
    uses the move: a card onto ``b``, ``b`` home, a card of ``b``'s column onto the end
    card of ``c``'s new column; when ``b`` was just turned up, ``b`` moving anywhere; for a
    new space, a card into a space.

    Chains of moves that each use the one before go straight for a card turned up or sent
    home, so this search finds many wins the others are slow to. It is NOT complete: a move
    may need two earlier moves (a card turned up by one onto a card uncovered by another),
    and then only one of them can come just before it. Yukon endings where every win is
    like that exist (benchmarks/endings_check.py found one), so when this search runs out
    nothing is proved; only its wins count (and every line is replayed anyway).
    """
    cols, down, found, loc = p.columns, p.down, p.foundations, p.loc
    M = _M
    back = t.back
    first: list[tuple[Move, bool]] = []
    rest: list[tuple[Move, bool]] = []
    if b == SPACE_NEED:
        d = 0
        while cols[d]:
            d += 1
        for a in t.leaders:
            s = loc[a]
            if s < 7:
                cs = cols[s]
                i = cs.index(a)
                if i == 0:
                    continue
                if i == down[s]:
                    first.append((M[a * 8 + d], True))
                else:
                    rest.append((M[a * 8 + d], False))
            elif s == 7 and back and found[a // 13] == a % 13 + 1:
                rest.append((M[a * 8 + d], False))
    else:
        d = loc[b]
        for a in t.onto[b]:
            s = loc[a]
            if s < 7:
                if s == d:
                    continue
                cs = cols[s]
                i = cs.index(a)
                if i == 0 or i == down[s]:
                    first.append((M[a * 8 + d], True))
                else:
                    rest.append((M[a * 8 + d], False))
            elif s == 7 and back and found[a // 13] == a % 13 + 1:
                rest.append((M[a * 8 + d], False))
        x = loc[c]
        cs = cols[d]
        for a in t.onto[cols[x][-1]]:
            if loc[a] == d:
                i = cs.index(a)
                if i == 0 or i == down[d]:
                    first.append((M[a * 8 + x], True))
                else:
                    rest.append((M[a * 8 + x], False))
        if flipped:  # b is the only face-up card of its column: moving it is progress
            for y in t.targets[b]:
                e = loc[y]
                if e < 7 and e != x and cols[e][-1] == y:
                    first.append((M[b * 8 + e], True))
            if t.leader[b] and len(cs) > 1:
                for e in range(7):
                    if not cols[e]:
                        first.append((M[b * 8 + e], True))
                        break
    for col in cols:
        if col:
            e = col[-1]
            if found[e // 13] == e % 13:
                first.append((M[e * 8 + 7], True))
    return first + rest


def _parts_after(p: Position, parts: list[bytes], m: Move) -> list[bytes]:
    """The column parts of the key (``parts``: one bytes per column, face-down count as the
    last byte) as they will be once ``m`` is made, worked out without making it."""
    k = parts[:]
    c = m.card
    d = m.to
    s = p.loc[c]
    if s < 7:
        ps = parts[s]
        j = ps.index(c)
        ds = p.down[s]
        k[s] = ps[:j] + TERM[ds if j > ds else (j - 1 if j else 0)]
        if d < 7:
            pd = parts[d]
            k[d] = pd[:-1] + ps[j:-1] + pd[-1:]
    else:
        pd = parts[d]
        k[d] = pd[:-1] + _ONE[c] + pd[-1:]
    return k


class _Turn:
    """What ``solve``'s turn-taking loop asks of each search besides ``run``: its share of
    each round, whether its running out proves a loss, and whether it says the deal is
    most likely lost."""

    name: str
    share: int  # slices per round (see PLAN)
    nodes: int  # positions searched so far
    line: list[Move] | None  # the winning line, once "won"
    proves_loss: bool  # can running out prove a loss? (see proved_loss)

    def add_share(self, n: int) -> None:
        """``n`` more slices per round (see PLAN)."""
        self.share += n

    def proved_loss(self) -> bool:
        """After "exhausted": has this search proved the position lost?"""
        return self.proves_loss

    def stays_when_lost(self) -> bool:
        """Does it keep its turns once the purpose search has run out (see ``solve``)? Only
        the searches that can prove a loss without a limit do."""
        return False

    def ran_out_purpose(self) -> bool:
        """After "exhausted": was this a purpose search under the real rules that searched
        its whole space? (The deal is then most likely lost, see ``solve``.)"""
        return False


class _Search(_Turn):
    """One resumable depth-first search; ``limit`` caps non-progress moves in a row."""

    p: Position  # the search's own copy, moved along its line
    t: Tables
    limit: int | None  # at most this many non-progress moves in a row (None: any)
    check_all: bool  # the relaxation after stuck moves too (see _stuck)
    purpose: bool  # the purpose rule (see _gen_need)
    part: dict[bytes, dict[int, int]]  # purpose rule: each position's moves tried, with their budget
    tries: int  # stuck checks made ...
    hits: int  # ... and proved lost
    stuck_twins: bool  # the twin rule at stuck checks too
    twin_tries: int
    twin_hits: int
    pairs: list[tuple[int, int, int, int]]  # the twin pairs, most recently useful first
    twin_stats: list[int]  # [asked, proved lost] for the twin rule, shared (see _is_dead)
    real_rules: bool  # the position's own rules (False: as if no foundation return)
    dead: dict[bytes, bool]  # keys the relaxation or the twin rule judged, shared by one solve
    safe: bool  # safe foundation moves made at once
    relax: bool  # the relaxation and the twin rule at all
    tt: dict[bytes, int]  # transpositions: key -> the budget it was searched with
    stack: list[list]  # frames: [moves, next index, safe undos, move undo, non-progress run, key parts]
    root_forced: list[Undo]
    started: bool
    hit_limit: bool  # a move was cut by ``limit`` (running out then proves nothing)
    rng: random.Random | None
    noise: float

    def __init__(self, start: Position, tables: Tables, limit: int | None, dead: dict[bytes, bool],
                 safe: bool = True, relax: bool = True, relax_stuck: bool = True,
                 twin_stats: list[int] | None = None, purpose: bool = False,
                 stuck_twins: bool = False, *, real_rules: bool = True, twin_rule: bool = True,
                 share: int = 1, rng: random.Random | None = None, noise: float = 0.0,
                 pairs: list[tuple[int, int, int, int]] | None = None) -> None:
        """``real_rules``: ``tables`` are the position's own rules (False: stricter ones,
        see PLAN's "/noret"); ``twin_rule`` False: no twin rule; ``share``: slices per round
        (see PLAN); ``rng`` and ``noise``: a perturbed move order (see ``_order``);
        ``pairs``: the twin pairs' list to use (and keep in order), shared with other
        searches (``_Restarts``), else its own."""
        self.p = start.copy()
        self.t = tables
        self.limit = limit
        self.name = ("complete" if limit is None else f"k={limit}") + \
            ("" if real_rules else " without returns") + (" with purpose" if purpose else "")
        # The complete search also runs the relaxation after a move that leaves its card
        # with no other way out (``_stuck``), while that keeps paying: ``tries`` such
        # children not yet known, ``hits`` of them proved lost.
        self.check_all = relax_stuck and limit is None
        # The purpose rule (see _gen_need; it only finds wins) and, for it, which moves of
        # each position were tried, with the budget they had.
        self.purpose = purpose
        self.part: dict[bytes, dict[int, int]] = {}
        self.tries = 0
        self.hits = 0
        # ... and with ``stuck_twins`` the twin rule there too (see ``stuck_crowded``).
        self.stuck_twins = stuck_twins
        self.twin_tries = 0
        self.twin_hits = 0
        self.share = share  # slices per round (see PLAN)
        # for crowded(), most recently useful first
        self.pairs = pairs if pairs is not None else list(tables.twins) if twin_rule else []
        # Positions the twin rule was asked about and how many it proved lost (see
        # _is_dead), shared by the searches of one solve that share ``dead``.
        self.twin_stats = twin_stats if twin_stats is not None else [0, 0]
        # A search under stricter rules than the position's, or with the purpose rule (it
        # skips lines that win, see _gen_need), proves nothing by running out.
        self.real_rules = real_rules
        self.proves_loss = real_rules and not purpose
        self.dead = dead
        self.safe = safe
        self.relax = relax
        self.tt: dict[bytes, int] = {}
        self.stack: list[list] = []
        self.root_forced: list[Undo] = []
        self.started = False
        self.hit_limit = False
        self.nodes = 0
        self.line: list[Move] | None = None
        # With ``rng`` the moves of each position come in a perturbed order (see ``_order``).
        self.rng = rng
        self.noise = noise

    def ran_out_purpose(self) -> bool:
        """See ``_Turn``."""
        return self.purpose and self.limit is None and self.real_rules

    def proved_loss(self) -> bool:
        """See ``_Turn``: a limited search proves nothing once it has met its limit."""
        return self.proves_loss and (self.limit is None or not self.hit_limit)

    def stays_when_lost(self) -> bool:
        """See ``_Turn``: the complete search under the real rules."""
        return self.proves_loss and self.limit is None

    def _order(self, moves: list[tuple[Move, bool]]) -> list[tuple[Move, bool]]:
        """``moves`` reordered at random but not far: each keeps its place give or take
        about ``noise`` places (a restart's own move order, see ``_Restarts``)."""
        rng = self.rng
        if rng is None or len(moves) < 2:
            return moves
        r = rng.random
        w = self.noise
        keyed = sorted((i + w * r(), i) for i in range(len(moves)))
        return [moves[i] for _, i in keyed]

    def _stuck(self, m: Move) -> bool:
        """After ``m`` (made, not to a foundation): has its card no other target it could
        go to later, one face up in another column (or home, with foundation return)?
        Such a move may have cost the relaxation its last way round, so it is worth
        running the relaxation after it even though no card was turned up."""
        p = self.p
        loc = p.loc
        col = p.columns[m.to]
        c = m.card
        i = len(col) - 1
        while col[i] != c:
            i -= 1
        x = col[i - 1] if i else -1
        for y in self.t.targets[c]:
            if y != x:
                s = loc[y]
                if s < 7 and s != m.to:
                    return False
                if s == 7 and self.t.back:
                    return False
        return True

    def _stuck_crowded(self, layout: tuple | None = None, hist: list[tuple[int, tuple]] | None = None) -> bool:
        """The twin rule at a stuck check (``stuck_crowded``), while it pays: always for
        the first 64 tries, then while one in 32 proves a loss, else one time in 16."""
        self.twin_tries += 1
        n = self.twin_tries
        if n > 64 and self.twin_hits * 32 < n and n % 16:
            return False
        r = stuck_crowded(self.p, self.t, self.pairs, layout, hist)
        self.twin_hits += r
        return r

    def _is_dead(self, key: bytes, hidden_only: bool = True, parts: list[bytes] | None = None) -> bool:
        return self.relax and _is_dead(self, key, self.p, hidden_only, parts)

    def run(self, max_nodes: int) -> str:
        """Search on for up to ``max_nodes`` new positions: "won", "exhausted" or "paused"."""
        p = self.p
        t = self.t
        tt = self.tt
        limit = self.limit
        stack = self.stack
        safe = self.safe
        cols, down = p.columns, p.down
        term = TERM
        purpose = self.purpose
        part = self.part
        fresh: list[tuple[Move, bool]] = []
        if not self.started:
            self.started = True
            self.root_forced = _apply_safe(p, t, safe)
            if p.is_won():
                self.line = [u.move for u in self.root_forced]
                return "won"
            parts = [bytes(c) + term[d] for c, d in zip(cols, down)]
            key = b"".join(sorted(parts))
            tt[key] = limit or 0
            if self._is_dead(key, False):
                return "exhausted"
            stack.append([self._order(_gen(p, t)), 0, [], None, 0, parts])
        stop = self.nodes + max_nodes
        push = p.push
        pop = p.pop
        while stack:
            fr = stack[-1]
            moves = fr[0]
            i = fr[1]
            if i == len(moves):
                stack.pop()
                for u in reversed(fr[2]):
                    pop(u)
                if fr[3] is not None:
                    pop(fr[3])
                continue
            fr[1] = i + 1
            m, prog = moves[i]
            if prog:
                np = 0
            else:
                np = fr[4] + 1
                if limit is not None and np > limit:
                    self.hit_limit = True
                    continue
            # The child's key, worked out before the move is made: most children are
            # positions seen already, and this spares their push, safe moves and pop.
            k = _parts_after(p, fr[5], m)
            key = b"".join(sorted(k))
            budget = limit - np if limit is not None else 0
            old = tt.get(key)
            if old is not None and old >= budget:
                continue
            # The purpose rule (see _gen_need): after a move from column to column only the
            # moves that use it follow. A position met that way is not marked searched:
            # ``part`` keeps which of its moves were tried (and with what budget), so that
            # no move is tried twice.
            need = -1
            flipped = False
            if purpose and m.to < 7:
                s = p.loc[m.card]
                if s < 7:
                    cs = cols[s]
                    j = cs.index(m.card)
                    if j == 0:
                        need = SPACE_NEED
                    else:
                        need = cs[j - 1]
                        flipped = j == down[s]
            if need < 0:
                tt[key] = budget
            u = push(m)
            forced = _safe_after(p, t, u) if safe else []
            if (m.to == FOUNDATION or forced) and p.is_won():
                line = [x.move for x in self.root_forced]
                for f in stack:
                    if f[3] is not None:
                        line.append(f[3].move)
                    line.extend(x.move for x in f[2])
                line.append(m)
                line.extend(x.move for x in forced)
                self.line = line
                return "won"
            if forced:
                need = -1  # the uncovered card went home: its need is met
                for x in forced:
                    src = x.source
                    k[src] = bytes(cols[src]) + term[down[src]]
                key = b"".join(sorted(k))
                old = tt.get(key)
                if old is not None and old >= budget:
                    for x in reversed(forced):
                        pop(x)
                    pop(u)
                    continue
                tt[key] = budget
            if purpose:
                gen = _gen(p, t) if need < 0 else _gen_need(p, t, need, m.card, flipped)
                tried = part.get(key)
                if tried is None:
                    tried = part[key] = {}
                fresh = []
                for mv in gen:
                    mi = mv[0].card * 8 + mv[0].to
                    if tried.get(mi, -1) < budget:
                        tried[mi] = budget
                        fresh.append(mv)
                if not fresh:
                    for x in reversed(forced):
                        pop(x)
                    pop(u)
                    continue
            self.nodes += 1
            if u.flipped or forced:
                if self._is_dead(key, True, k):
                    for x in reversed(forced):
                        pop(x)
                    pop(u)
                    continue
            elif self.check_all and self.relax and m.to != FOUNDATION and self._stuck(m):
                dead = self.dead
                r = dead.get(key)
                if r is None:
                    self.tries += 1
                    if self.tries <= 64 or self.hits * 8 >= self.tries or not self.tries % 16:
                        layout = layout_of(p, t, k)
                        hist: list[tuple[int, tuple]] | None = [] if self.stuck_twins else None
                        r = (dead_end_from(p, t, layout, hist)
                             or (self.stuck_twins and self._stuck_crowded(layout, hist)))
                        if r:
                            dead[key] = r
                            self.hits += 1
                if r:
                    pop(u)
                    continue
            gen = fresh if purpose else _gen(p, t)
            if self.rng is not None:
                gen = self._order(gen)
            stack.append([gen, 0, forced, u, np, k])
            if self.nodes >= stop:
                return "paused"
        return "exhausted"


def _is_dead(search: _Search | _BestFirst, key: bytes, p: Position, hidden_only: bool,
             parts: list[bytes] | None = None) -> bool:
    """Is ``p`` (keyed ``key``; its columns' parts of the key, ``parts``, when the caller has
    them) proved lost by the relaxation or the twin rule? Answers are kept in the dead table
    the searches of one solve share."""
    r = search.dead.get(key)
    if r is None:
        t = search.t
        layout = layout_of(p, t, parts)
        stats = search.twin_stats
        # The twin rule costs several closures; where it does not pay (most won deals:
        # no hit in a hundred tries) it is tried one time in 16 after the first 8.
        n = stats[0] + 1
        twins = bool(search.pairs) and (n <= 8 or stats[1] * 32 >= n or not n % 16)
        first = next(twin_pairs(p, t, hidden_only, search.pairs, layout), None) if twins else None
        # the relaxation keeps its rounds: the twin rule's closures start from them
        hist: list[tuple[int, tuple]] | None = None if first is None else []
        r = dead_end_from(p, t, layout, hist)
        if not r and search.pairs:
            stats[0] += 1
            if twins:
                r = crowded(p, t, hidden_only, search.pairs, layout, hist)
                stats[1] += r
        search.dead[key] = r
    return r


def _decode(key: bytes, rules: Rules) -> Position:
    """The position a canonical key stands for (columns in the key's sorted order)."""
    cols: list[list[int]] = []
    downs: list[int] = []
    cur: list[int] = []
    for b in key:
        if b >= 64:
            cols.append(cur)
            downs.append(b - 64)
            cur = []
        else:
            cur.append(b)
    present = [False] * 52
    for col in cols:
        for c in col:
            present[c] = True
    found = [0, 0, 0, 0]
    for suit in range(4):
        r = 0
        while r < 13 and not present[suit * 13 + r]:
            r += 1
        found[suit] = r
    return Position(cols, downs, found, rules)


def _blockers(p: Position) -> int:
    """How many cards lie above a lower card of their own suit in their column, face up or
    down: each must leave the column before that lower card can go home."""
    n = 0
    for col in p.columns:
        low = [13, 13, 13, 13]
        for c in col:
            s = c // 13
            r = c - 13 * s
            if r > low[s]:
                n += 1
            else:
                low[s] = r
    return n


class _BestFirst(_Turn):
    """Greedy best-first search: lowest score first, newest first among equals. The score
    counts 6 for a face-down card, ``BLOCKER_WEIGHT`` for a card lying above a lower card
    of its suit (``_blockers``: 3 wins twice as many slow deals as 0 within 30,000
    positions; the plan uses it without returns only, since with them it made deal 52
    three times slower) and -1 for a card home.

    Positions are kept only as canonical keys (decoded when expanded); each remembers its
    parent and the moves that led to it, named by card and destination card so that the
    line can be replayed on the real column order. Exhausting it proves a loss as the
    complete depth-first search does.
    """

    start: Position
    blocker_weight: int
    t: Tables
    pairs: list[tuple[int, int, int, int]]
    twin_stats: list[int]
    dead: dict[bytes, bool]
    safe: bool
    relax: bool
    parent: dict[bytes, tuple[bytes | None, tuple]]  # key -> (parent key, the moves from it)
    heap: list  # (score, -count, key)
    count: int
    started: bool

    def __init__(self, start: Position, tables: Tables, dead: dict[bytes, bool], safe: bool = True,
                 relax: bool = True, twin_stats: list[int] | None = None,
                 blocker_weight: int = BLOCKER_WEIGHT, *, real_rules: bool = True,
                 twin_rule: bool = True, share: int = 1) -> None:
        """``real_rules``, ``twin_rule`` and ``share`` as for ``_Search``."""
        self.start = start
        self.blocker_weight = blocker_weight
        self.t = tables
        self.name = "best-first" + ("" if real_rules else " without returns")
        self.pairs = list(tables.twins) if twin_rule else []
        self.share = share
        self.twin_stats = twin_stats if twin_stats is not None else [0, 0]
        self.proves_loss = real_rules
        self.dead = dead
        self.safe = safe
        self.relax = relax
        self.nodes = 0
        self.line: list[Move] | None = None
        self.parent: dict[bytes, tuple[bytes | None, tuple]] = {}
        self.heap: list = []
        self.count = 0
        self.started = False

    def stays_when_lost(self) -> bool:
        """See ``_Turn``: under the real rules it finds deep wins the purpose search misses
        (deal 52), and running out it proves a loss too."""
        return self.proves_loss

    def _score(self, p: Position) -> int:
        score = 6 * sum(p.down) - sum(p.foundations)
        return score + self.blocker_weight * _blockers(p) if self.blocker_weight else score

    def _replay(self, key: bytes) -> list[Move]:
        specs: list[tuple] = []
        k: bytes | None = key
        while k is not None:
            parent, sp = self.parent[k]
            specs.extend(reversed(sp))
            k = parent
        specs.reverse()
        p = self.start.copy()
        line = []
        for card, dest in specs:
            if dest == -1:
                to = FOUNDATION
            elif dest == -2:
                to = next(i for i, c in enumerate(p.columns) if not c)
            else:
                to = p.loc[dest]
            m = Move.of(card, to)
            p.push(m)
            line.append(m)
        return line

    @staticmethod
    def _spec(p: Position, m: Move) -> tuple[int, int]:
        if m.to == FOUNDATION:
            return (m.card, -1)
        col = p.columns[m.to]
        return (m.card, col[-1] if col else -2)

    def run(self, max_nodes: int) -> str:
        """Expand up to ``max_nodes`` positions: "won", "exhausted" or "paused"."""
        import heapq

        t = self.t
        rules = self.start.rules
        heap = self.heap
        parent = self.parent
        if not self.started:
            self.started = True
            p = self.start.copy()
            forced = _apply_safe(p, t, self.safe)
            key = canonical_key(p)
            parent[key] = (None, tuple((u.move.card, -1) for u in forced))
            if p.is_won():
                self.line = self._replay(key)
                return "won"
            if self.relax and dead_end(p, t):
                return "exhausted"
            heapq.heappush(heap, (self._score(p), 0, key))
        stop = self.nodes + max_nodes
        while heap:
            _, _, key = heapq.heappop(heap)
            p = _decode(key, rules)
            for m, _prog in _gen(p, t):
                spec = self._spec(p, m)
                u = p.push(m)
                forced = _safe_after(p, t, u) if self.safe else []
                if p.is_won():
                    parent[b"won"] = (key, (spec,) + tuple((x.move.card, -1) for x in forced))
                    self.line = self._replay(b"won")
                    return "won"
                k2 = canonical_key(p)
                if k2 not in parent:
                    self.nodes += 1
                    parent[k2] = (key, (spec,) + tuple((x.move.card, -1) for x in forced))
                    if not ((u.flipped or forced) and self.relax and _is_dead(self, k2, p, True)):
                        self.count += 1
                        heapq.heappush(heap, (self._score(p), -self.count, k2))
                for x in reversed(forced):
                    p.pop(x)
                p.pop(u)
            if self.nodes >= stop:
                return "paused"
        return "exhausted"


def _luby(i: int) -> int:
    """The i-th term (from 1) of the Luby sequence 1 1 2 1 1 2 4 1 1 2 1 1 2 4 8 ..."""
    k = 1
    while (1 << k) - 1 < i:
        k += 1
    while i != (1 << k) - 1:
        i -= (1 << (k - 1)) - 1
        k = 1
        while (1 << k) - 1 < i:
            k += 1
    return 1 << (k - 1)


class _Restarts(_Turn):
    """A depth-first search (complete, limited or with the purpose rule) run again and again
    from the start, each time with its own perturbed move order (``_Search._order``, seeded
    by the restart's number) and a fresh transposition table, for a budget of positions
    that grows by the Luby sequence times ``RESTART_UNIT``. Hard deals' wins are often
    found soon by some move orders and very late by others; restarts try many. Running
    out of a restart's budget proves nothing; a restart that searches its whole space
    ends the search (as its search would), and so does spending ``RESTART_CAP`` positions
    in all (proving nothing). The dead table (positions the relaxation proved lost) and
    the twin pairs are shared by all its restarts.
    """

    make: Callable[[random.Random | None, float, list | None], _Search]
    unit: int
    noise: float
    restarts: int  # runs started
    left: int  # positions left in this run's budget
    pairs: list[tuple[int, int, int, int]] | None  # shared by its runs
    cur: _Search  # the run under way
    ran_out: bool  # a run searched its whole space (not the cap)

    def __init__(self, make: Callable[[random.Random | None, float, list | None], _Search], unit: int,
                 noise: float, share: int = 1) -> None:
        """``make(rng, noise, pairs)`` makes each run's search (see ``_Search``)."""
        self.make = make
        self.unit = unit
        self.noise = noise
        self.restarts = 0
        self.left = 0
        self.pairs = None
        self.cur: _Search = self._next()
        self.pairs = self.cur.pairs
        self.name = "restarts of " + self.cur.name
        self.share = share
        # Running out a complete search under the real rules proves the loss whatever the
        # order; running out of a restart's budget proves nothing.
        self.proves_loss = self.cur.proves_loss and self.cur.limit is None
        self.ran_out = False
        self.nodes = 0
        self.line: list[Move] | None = None

    def _next(self) -> _Search:
        self.restarts += 1
        # the first run keeps the plain order; the twin pairs stay in their useful order
        s = (self.make(None, 0.0, self.pairs) if self.restarts == 1
             else self.make(random.Random(self.restarts), self.noise, self.pairs))
        self.left = self.unit * _luby(self.restarts) if self.restarts > 1 else RESTART_FIRST
        return s

    def ran_out_purpose(self) -> bool:
        """See ``_Turn``: a run (not the cap) searched its whole space."""
        return self.ran_out and self.cur.ran_out_purpose()

    def run(self, max_nodes: int) -> str:
        """Search on for up to ``max_nodes`` positions: "won", "paused" or "exhausted" (its
        space searched, or ``RESTART_CAP`` positions spent: then it proves nothing)."""
        if self.nodes >= RESTART_CAP:
            # Its wins come early or not at all: let the searches that prove losses have
            # its slices (on a lost deal they are not dropped until the purpose search
            # runs out, which can take long).
            self.proves_loss = False
            return "exhausted"
        while max_nodes > 0:
            s = self.cur
            n = min(max_nodes, self.left)
            before = s.nodes
            r = s.run(n)
            done = s.nodes - before
            self.nodes += done
            self.left -= done
            max_nodes -= done
            if r == "won":
                self.line = s.line
                return "won"
            if r == "exhausted":
                # Its whole space (under its rules) searched: another order would search it
                # again. A complete search under the real rules has proved the loss.
                self.ran_out = True
                return "exhausted"
            if self.left <= 0:
                self.cur = self._next()
        return "paused"


def solve(position: Position, timeout: float | None = 10.0, node_limit: int | None = None,
          *, safe_moves: bool = True, relaxation: bool = True,
          plan: tuple[str, ...] = PLAN, cancel: Callable[[], bool] | None = None,
          clock: Callable[[], float] = time.perf_counter, twin_rule: bool = True,
          shorten: bool = True, stuck_rule: bool = True, stuck_twins: bool = True) -> Result:
    """Decide ``position``: Result(status, moves, stats); the position is not changed.

    ``timeout`` (seconds) and ``node_limit`` (positions searched, all searches together)
    bound the work; None means no bound. ``plan`` names the searches (see ``PLAN``).
    ``safe_moves``, ``relaxation``, ``twin_rule`` (``crowded``), ``stuck_rule`` (the
    relaxation after moves that leave a card stuck, see ``_Search._stuck``; both off with
    the relaxation too) and ``stuck_twins`` (the twin rule at those checks as well, see
    ``stuck_crowded``; off with the twin rule or the stuck rule) exist so tests and checks
    can compare the search with and without its shortcuts. ``cancel`` is asked every few
    hundred positions; when it returns True the answer is "unknown" with phase "cancelled".
    ``clock`` measures the timeout and the reported seconds: wall time by default; benchmarks pass ``time.process_time`` so that a busy machine does not count.
    With ``shorten`` a winning line is made shorter and more direct (``shorten_line``, with
    its default budget) after the search: ``stats["seconds"]`` is the time to decide,
    ``stats["shorten_seconds"]`` the time spent shortening and ``stats["found_moves"]`` the
    length of the line as the search found it (loops cut).
    """
    t0 = clock()
    tables = tables_for(position.rules)
    stats: dict = {"nodes": 0, "seconds": 0.0, "phase": ""}

    def done(status: Verdict, moves: list[Move], phase: str) -> Result:
        stats["seconds"] = clock() - t0
        stats["phase"] = phase
        return Result(status, moves, stats)

    if position.is_won():
        return done(Verdict.WINNABLE, [], "won")
    if relaxation and (dead_end(position, tables) or (twin_rule and crowded(position, tables))):
        return done(Verdict.LOST, [], "relaxation")
    dead: dict[bytes, bool] = {}
    searches = _make_searches(position, tables, dead, plan, safe_moves, relaxation, twin_rule, stuck_rule,
                              stuck_twins)
    deadline = None if timeout is None else t0 + timeout
    slice_ = FIRST_SLICE
    total = 0
    while searches:
        for s in list(searches):
            if s not in searches:
                continue  # dropped this round (see below)
            step = 256
            want = slice_ * s.share
            while want > 0:
                n = min(step, want)
                if node_limit is not None:
                    n = min(n, node_limit - total)
                    if n <= 0:
                        stats["nodes"] = total
                        return done(Verdict.UNKNOWN, [], "node limit")
                before = s.nodes
                r = s.run(n)
                total += s.nodes - before
                want -= n
                if r == "won":
                    stats["nodes"] = total
                    line = without_loops(position, s.line or [])
                    result = done(Verdict.WINNABLE, line, s.name)
                    if shorten:
                        t1 = clock()
                        result.moves = shorten_line(position, line, clock=clock)
                        stats["found_moves"] = len(line)
                        stats["shorten_seconds"] = clock() - t1
                    return result
                if r == "exhausted":
                    if s.proved_loss():
                        stats["nodes"] = total
                        return done(Verdict.LOST, [], s.name)
                    searches.remove(s)
                    if s.ran_out_purpose():
                        # The purpose search ran out without a win: the deal is most likely
                        # lost, and only the complete search can prove that, so from now on
                        # it gets the slices of the searches that prove nothing. Best-first
                        # (under the real rules) stays: it finds the deep wins the purpose
                        # search misses (deal 52), and running out it proves a loss too.
                        # (The purpose search without returns running out says less: it
                        # plays under stricter rules. A restarted purpose search running
                        # out of positions, not of its cap, says the same.)
                        searches[:] = [x for x in searches if x.stays_when_lost()]
                    break
                if deadline is not None and clock() > deadline:
                    stats["nodes"] = total
                    return done(Verdict.UNKNOWN, [], "timeout")
                if cancel is not None and cancel():
                    stats["nodes"] = total
                    return done(Verdict.UNKNOWN, [], "cancelled")
                if s.nodes == before:
                    # ran out of nodes of the slice without progress; move on
                    break
        slice_ *= 2
    stats["nodes"] = total
    return done(Verdict.UNKNOWN, [], "no search left")


def _make_searches(position: Position, tables: Tables, dead: dict[bytes, bool], plan: tuple[str, ...],
                   safe: bool, relax: bool, twin_rule: bool,
                   stuck_rule: bool = True,
                   stuck_twins: bool = False) -> list[_Search | _BestFirst | _Restarts]:
    """The searches a plan names (see ``PLAN``), ready to run by turns."""
    out: list[_Search | _BestFirst | _Restarts] = []
    rules = position.rules
    no_return = no_return_tables(rules)
    no_return_dead: dict[bytes, bool] = {}
    twin_stats = [0, 0]
    no_return_twin_stats = [0, 0]
    seen: dict[tuple[str, bool, bool, bool], _Search | _BestFirst | _Restarts] = {}
    for spec in plan:
        kind, _, share = spec.partition("*")
        kind, *variants = kind.split("/")
        limited = kind.startswith("k") and kind[1:].isdigit()
        noret = "noret" in variants
        purpose = "purpose" in variants
        restart = "restart" in variants
        if (len(set(variants)) != len(variants) or not set(variants) <= {"noret", "purpose", "restart"}
                or kind not in ("complete", "best") and not limited
                or (purpose or restart) and kind == "best"):
            raise ValueError(f"unknown search {spec!r}")
        t, d, ts = tables, dead, twin_stats
        if noret and rules.foundation_return:
            t, d, ts = no_return, no_return_dead, no_return_twin_stats
        ident = (kind, t is no_return, purpose, restart)
        if ident in seen:
            # Without foundation return "/noret" changes nothing: rather than run the same
            # search twice, the first one gets both shares.
            seen[ident].add_share(int(share or 1))
            continue
        s: _Search | _BestFirst | _Restarts
        if kind == "best":
            # The blocker score pays without returns; with them it slows some wins (deal 52).
            s = _BestFirst(position, t, d, safe, relax, ts, BLOCKER_WEIGHT if t is not tables else 0,
                           real_rules=t is tables, twin_rule=twin_rule, share=int(share or 1))
        else:
            def make(rng: random.Random | None = None, noise: float = 0.0, pairs: list | None = None,
                     t: Tables = t, d: dict = d, ts: list[int] = ts, limited: bool = limited,
                     kind: str = kind, purpose: bool = purpose, share: int = int(share or 1)) -> _Search:
                return _Search(position, t, int(kind[1:]) if limited else None, d, safe, relax, stuck_rule, ts,
                               purpose, stuck_twins and twin_rule, real_rules=t is tables, twin_rule=twin_rule,
                               share=share, rng=rng, noise=noise, pairs=pairs)
            s = _Restarts(make, RESTART_UNIT, RESTART_NOISE, int(share or 1)) if restart else make()
        out.append(s)
        seen[ident] = s
    return out


def solve_text(text: str, rules: Rules | None = None, timeout: float | None = 10.0,
               node_limit: int | None = None) -> Result:
    """Solve position text (RULES.md format); options of ``rules`` apply if given."""
    from ..core.notation import parse_position

    if rules is None:
        p = parse_position(text)
    else:
        p = parse_position(text, rules.any_card_in_space, rules.foundation_return)
        if p.rules.variant != rules.variant:
            p = p.with_rules(Rules(p.rules.variant, rules.any_card_in_space, rules.foundation_return))
    return solve(p, timeout=timeout, node_limit=node_limit)


# The searches ``shorten_line`` tries besides the line it was given (see ``PLAN``), and the
# length below which a line counts as direct enough not to look for another.
SHORTEN_PLANS = ("k1/noret", "k2/noret")
DIRECT_ENOUGH = 86
# shorten_line's default budget in search positions (Yukon 1-1000: 0.04 s a line at the
# median, 0.16 s at most), and how many replayed moves count as one position (about
# what they cost).
SHORTEN_BUDGET = 4000
REPLAYS_PER_NODE = 16


def shorten_line(position: Position, moves: Sequence[Move], budget: int = SHORTEN_BUDGET,
                 seconds: float | None = None, clock: Callable[[], float] = time.process_time,
                 stats: dict | None = None) -> list[Move]:
    """A winning line from ``position`` no longer than ``moves`` (a winning line), usually shorter.

    First the moves the rest of the line does not need are cut (``yukon.solve.lines.cut_line``). Then,
    unless the line is already short (``DIRECT_ENOUGH``), the searches of
    ``SHORTEN_PLANS`` look for other wins with what is left of the budget; each is cut the
    same way and the shortest line is kept. ``budget`` counts search positions, and one
    more for every ``REPLAYS_PER_NODE`` moves replayed while cutting; ``seconds`` (by
    ``clock``) bounds the time too. When either runs out the best line so far is returned
    (a cut under way finishes its replay: at most a few lines' worth of moves over).
    ``stats``, if given, gets "work": the budget used, in the same units.
    The answer replays through the engine; if it ever did not, ``moves`` comes back.
    """
    t0 = clock()
    count = [0]
    limit = budget * REPLAYS_PER_NODE

    def spent() -> bool:
        return count[0] >= limit or (seconds is not None and clock() - t0 > seconds)

    best = cut_line(position, moves, count, spent)
    plans = list(SHORTEN_PLANS)
    while plans and len(best) > DIRECT_ENOUGH and not spent():
        nodes = (limit - count[0]) // REPLAYS_PER_NODE // (len(plans) + 1)
        left = None if seconds is None else max(0.0, seconds - (clock() - t0))
        r = solve(position, timeout=left, node_limit=max(1, nodes), plan=(plans.pop(0),), clock=clock,
                  shorten=False)
        count[0] += r.stats["nodes"] * REPLAYS_PER_NODE
        if r.status == Verdict.WINNABLE:
            other = cut_line(position, r.moves, count, spent)
            if len(other) < len(best):
                best = other
    if stats is not None:
        stats["work"] = count[0] / REPLAYS_PER_NODE
    return best if len(best) <= len(moves) and check_line(position, best) else list(moves)
