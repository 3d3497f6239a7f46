"""The solver's child process as the assist sees it: asking, polling, dropping stale replies, restarting.

The solver runs in a child process (``yukon.solve.solver_service``), never in the window's
process. One request is in flight at a time (``Pending``); a newer request makes the
older one stale, so a search for a position the player has already left is cancelled in
the child and its answer, should one arrive, is dropped here. A child that died is
started again, ``MAX_RESTARTS`` times at most, before the solver is given up.
"""

from __future__ import annotations

import dataclasses
import itertools
import sys
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...core.notation import format_position
from ...core.state import Move, Position
from .knowledge import PositionKey

if TYPE_CHECKING:
    from ...solve.solver_service import Reply, SolverService

SOLVE_TIMEOUT = 10.0  # seconds the child may spend on one position
DEAL_TIMEOUT = 2.0  # per candidate deal for "winnable deals only" (most take milliseconds)
POLL = 0.03  # how often an idle window wakes to collect a reply while one is awaited
MAX_RESTARTS = 3  # solver children started again after one died, before the solver is given up

_ids = itertools.count(1)  # request ids grow across every assist in the process (tests share a service)


@dataclass(slots=True)
class Pending:
    """The one request in flight: its id, what it is for, and when it was sent."""

    request_id: int
    kind: str  # "status", "deepen", "check", "deal", "explain" or "level"
    key: PositionKey
    position: Position
    sent: float
    seed: int | None = None
    ancestors: tuple[PositionKey, ...] = ()  # keys of the game's earlier positions, oldest first
    moves: tuple[Move, ...] = ()  # "explain": the game's moves, played from ``position`` (its start)
    node_limit: int | None = None  # search positions the child may spend (None: time only)
    budget: float | None = None  # "deepen": the child's CPU seconds for this search (else the link's timeouts)


def new_request(kind: str, key: PositionKey, position: Position, seed: int | None = None,
                ancestors: tuple[PositionKey, ...] = (), node_limit: int | None = None,
                budget: float | None = None) -> Pending:
    """A request with the next id, sent now."""
    return Pending(next(_ids), kind, key, position, time.monotonic(), seed, ancestors, node_limit=node_limit,
                   budget=budget)


class SolverLink:
    """The solver child: ``service`` is a running one to use (None: one is started when first needed)."""

    service: SolverService | None
    solve_timeout: float
    restarts: int  # solver children started again after one died
    failed: bool  # the solver is off for the rest of this run
    pending: Pending | None
    dropped: list[int]  # ids of replies that came for a position already left (tests read it)
    _own_service: bool  # this link started the child (and stops it)

    def __init__(self, service: SolverService | None, solve_timeout: float = SOLVE_TIMEOUT) -> None:
        self.service = service
        self._own_service = service is None
        self.solve_timeout = solve_timeout
        self.restarts = 0
        self.failed = False
        self.pending = None
        self.dropped = []

    @property
    def running(self) -> bool:
        """Is there a solver child to ask?"""
        return self.service is not None

    def start(self) -> bool:
        """Start a child when there is none (and the solver is not off); is one running now?"""
        if self.service is None and not self.failed:
            try:
                from ...solve.solver_service import SolverService

                self.service = SolverService(nice=10)  # the window comes first on a busy machine
            except Exception as e:  # noqa: BLE001 - no processes allowed here: the table plays on without a solver
                print(f"yukon: the solver is off this time: {e!r}", file=sys.stderr)
                self.failed = True
        return self.service is not None

    def ask(self, req: Pending) -> bool:
        """Send ``req`` (the older request goes stale); False: the solver is off now."""
        assert self.service is not None
        timeout = DEAL_TIMEOUT if req.kind == "deal" else self.solve_timeout if req.budget is None else req.budget
        try:
            self.service.request(req.request_id, format_position(req.position), req.position.rules, timeout=timeout,
                                 node_limit=req.node_limit, rate=req.kind == "level",
                                 explain=[str(m) for m in req.moves] if req.kind == "explain" else None,
                                 cpu=req.budget is not None)
        except Exception as e:  # noqa: BLE001 - a broken pipe or the like: the table plays on without a solver
            print(f"yukon: the solver is off this time: {e!r}", file=sys.stderr)
            self.failed = True
            self.service = None
            return False
        self.pending = req
        return True

    def cancel(self) -> None:
        """Stop the request in flight: its search is cut short and no reply to it is taken."""
        if self.service is not None and self.pending is not None:
            self.service.cancel()
        self.pending = None

    def replies(self) -> list[tuple[Pending, Reply]]:
        """The replies that have come for the request in flight, each with it; stale ones are dropped."""
        if self.service is None:
            return []
        out: list[tuple[Pending, Reply]] = []
        for reply in self.service.poll():
            req = self.pending
            if req is None or reply.request_id != req.request_id:
                self.dropped.append(reply.request_id)
                continue
            self.pending = None
            out.append((req, reply))
        return out

    def dead(self) -> bool:
        """Has the child died (killed, out of memory)?"""
        return self.service is not None and not self.service.alive

    def revive(self) -> Pending | None:
        """Let the dead child go and count it; the request it had, to ask again (None: none, or given up).

        After ``MAX_RESTARTS`` restarts the solver is given up: ``failed`` is set.
        """
        dead, self.service = self.service, None
        if dead is not None and self._own_service:
            self._stop(dead)
        req, self.pending = self.pending, None
        self.restarts += 1
        if self.restarts > MAX_RESTARTS:
            self.failed = True
            print("yukon: the solver process keeps dying; it is off this time", file=sys.stderr)
            return None
        self._own_service = True
        if req is None:
            return None
        return dataclasses.replace(req, request_id=next(_ids), sent=time.monotonic())

    def close(self) -> None:
        """Stop the child process (when this link started it)."""
        if self.service is not None and self._own_service:
            self._stop(self.service)
        self.service = None

    @staticmethod
    def _stop(service: SolverService) -> None:
        try:
            service.close()
        except Exception:  # noqa: BLE001, S110 - a child that will not stop cleanly is left to the system
            pass
