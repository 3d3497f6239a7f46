"""Run the solver in a child process so a window's frame loop never waits for it.

A thread would not do: the solver is pure Python and would hold the interpreter lock
between frames. ``SolverService`` starts one child process (``spawn``, so it works the
same everywhere and the child imports no pygame), sends it requests by queue and hands
back replies by queue::

    service = SolverService()
    service.request(7, format_position(position), position.rules, timeout=5.0)
    ...  # every frame:
    for reply in service.poll():        # never blocks
        if reply.request_id == latest:  # reply.status, reply.moves(), reply.stats
            ...
    service.close()

With ``rate=True`` the child also rates the position as a deal (``yukon.solve.difficulty``):
the reply's ``stats["rating"]`` is its ``Rating``. With ``cpu=True`` the timeout counts the
child's own CPU seconds (``time.process_time``) instead of wall seconds: a long search in the
background then gets the same work on a busy machine as on an idle one.
Request ids must grow. A new request makes every older one stale (``supersede``, the
default): the child skips stale requests still queued and stops a stale search within a
few hundred positions, and sends no reply for them. ``cancel()`` makes every request
so far stale. The child runs at a lower scheduling priority where the system allows it,
and ignores Ctrl+C (SIGINT): a terminal sends it to the child too, and its parent ends it.
A parent that uses ``spawn`` must keep its own start-up code under
``if __name__ == "__main__":`` (the child imports the parent's main module).
"""

from __future__ import annotations

import multiprocessing as mp
import os
import queue
import signal
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from ..core.notation import parse_move
from ..core.rules import Rules
from ..core.state import Move, Position
from .solver import Stats, Verdict

if TYPE_CHECKING:
    from typing import Self

    from .explain import Explanation  # Python 3.11; the checker alone reads it (the game runs on 3.10 too)

_STOP = None


@dataclass
class Reply:
    """The answer to one request: status, winning line as move text, search figures."""

    request_id: int
    status: Verdict | Literal["error"]  # "error": bad position text or moves (``error`` says what)
    move_texts: list[str] = field(default_factory=list)
    stats: Stats = field(default_factory=dict)
    error: str = ""
    explanation: Explanation | None = None  # for a request with ``explain``: why the position is lost

    def moves(self) -> list[Move]:
        """The winning line as engine moves (empty unless winnable)."""
        return [parse_move(t) for t in self.move_texts]


def _ignore_interrupts() -> None:
    """In the child: Ctrl+C in a terminal reaches the whole process group, but the parent
    ends the child itself (or the child notices it is orphaned); no traceback from here."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # a SIGINT still pending is dropped with this
    if os.name == "posix":
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def _worker(requests: Any, replies: Any, stale_below: Any, nice: int, parent: int) -> None:
    """The child's loop: take requests in order, skip stale ones, solve the rest, reply."""
    from ..core.notation import PositionError, parse_position
    from .solver import solve

    _ignore_interrupts()
    if nice:
        try:
            os.nice(nice)
        except (AttributeError, OSError):  # pragma: no cover - not on every system
            pass
    def orphaned() -> bool:
        # A parent killed outright never sends _STOP: the child must notice by itself. Its
        # pid comes from the parent, not from getppid() at start: on a busy machine the
        # parent may be gone before this process has finished importing.
        return os.getppid() != parent

    pending: list[Any] = []
    while True:
        if not _wait_for_requests(requests, pending, orphaned):
            return
        item = pending.pop(0)
        if item is _STOP:
            return
        request_id, text, rule_args, timeout, node_limit, rate, explain_moves, cpu = item
        if request_id < stale_below.value:
            continue
        try:
            position = parse_position(text, rule_args[1], rule_args[2])
            if position.rules.variant != rule_args[0]:
                position = position.with_rules(Rules(*rule_args))
        except PositionError as e:
            replies.put(Reply(request_id, "error", error=str(e)))
            continue

        def cancelled(request_id: int = request_id) -> bool:  # bound to this request now
            return request_id < stale_below.value or orphaned()

        if explain_moves is not None:
            _explain(request_id, position, explain_moves, timeout, node_limit, cancelled, replies)
            continue
        if rate:
            from .difficulty import assess

            rating, result = assess(position, node_limit=node_limit, timeout=timeout, cancel=cancelled)
            stats = dict(result.stats, rating=rating)
        else:
            result = solve(position, timeout=timeout, node_limit=node_limit, cancel=cancelled,
                           clock=time.process_time if cpu else time.perf_counter)
            stats = result.stats
        if result.stats.get("phase") == "cancelled" or request_id < stale_below.value:
            continue
        replies.put(Reply(request_id, result.status, [str(m) for m in result.moves], stats))


def _wait_for_requests(requests: Any, pending: list[Any], orphaned: Callable[[], bool]) -> bool:
    """Add to ``pending`` every request queued, waiting for one when there is none; False: the parent is gone."""
    while not pending:
        try:
            pending.append(requests.get(timeout=1.0))
        except queue.Empty:
            if orphaned():
                return False
    try:
        while True:
            pending.append(requests.get_nowait())
    except queue.Empty:
        pass
    return True


def _explain(request_id: int, start: Position, move_texts: list[str], timeout: float | None,
             node_limit: int | None, cancelled: Callable[[], bool], replies: Any) -> None:
    """In the child: why the position after ``move_texts`` from ``start`` is lost (``yukon.solve.explain``)."""
    from .explain import explain

    try:
        moves = [parse_move(t) for t in move_texts]
        e = explain(start, moves, timeout=timeout, node_limit=node_limit, cancel=cancelled)
    except ValueError as err:  # a move that does not parse or is not legal there
        replies.put(Reply(request_id, "error", error=str(err)))
        return
    except Exception as err:  # noqa: BLE001 - a fault in an explanation must not stop the solver's child
        print(f"yukon: explaining a position failed: {err!r}", file=sys.stderr)
        replies.put(Reply(request_id, "error", error=repr(err)))
        return
    if cancelled():
        return
    status = {"winnable": Verdict.WINNABLE, "undecided": Verdict.UNKNOWN}.get(e.kind, Verdict.LOST)
    replies.put(Reply(request_id, status, stats={"nodes": e.nodes}, explanation=e))


class SolverService:
    """A solver in a child process: ``request`` / ``poll`` / ``cancel`` / ``close``."""

    def __init__(self, nice: int = 5) -> None:
        ctx = mp.get_context("spawn")
        self._requests = ctx.Queue()
        self._replies = ctx.Queue()
        self._stale_below = ctx.Value("q", 0, lock=False)
        self._last_id = -1
        self._process = ctx.Process(target=_worker, daemon=True, name="yukon-solver",
                                    args=(self._requests, self._replies, self._stale_below, nice, os.getpid()))
        # SIGINT stays blocked while the child starts (the mask is inherited), so a Ctrl+C
        # during its imports cannot print a traceback; _ignore_interrupts then drops it.
        # The parent gets its own copy as soon as the mask is restored.
        blocked = os.name == "posix"
        if blocked:
            old_mask = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        try:
            self._process.start()
        finally:
            if blocked:
                signal.pthread_sigmask(signal.SIG_SETMASK, old_mask)

    def request(self, request_id: int, position_text: str, rules: Rules,
                timeout: float | None = 5.0, node_limit: int | None = None,
                supersede: bool = True, rate: bool = False, explain: Sequence[str] | None = None,
                cpu: bool = False) -> None:
        """Ask for a solve of ``position_text`` under ``rules`` (``rate``: and its rating); ids must grow.

        ``cpu``: ``timeout`` is in the child's CPU seconds, not wall seconds (a plain solve only).

        With ``explain`` (move texts played from ``position_text``) the child works out why
        the position after those moves is lost instead: the reply's ``explanation``.
        """
        if request_id <= self._last_id:
            raise ValueError("request ids must grow")
        self._last_id = request_id
        if supersede:
            self._stale_below.value = request_id
        item = (request_id, position_text, (rules.variant, rules.any_card_in_space, rules.foundation_return),
                timeout, node_limit, rate, None if explain is None else list(explain), cpu)
        self._requests.put(item)

    def cancel(self) -> None:
        """Make every request made so far stale: no reply will come for any of them."""
        self._stale_below.value = self._last_id + 1

    def poll(self) -> list[Reply]:
        """The replies that have arrived, without waiting."""
        out: list[Reply] = []
        while True:
            try:
                out.append(self._replies.get_nowait())
            except queue.Empty:
                return out

    def wait(self, timeout: float) -> Reply | None:
        """The next reply, waiting up to ``timeout`` seconds (for scripts and tests)."""
        try:
            reply: Reply = self._replies.get(timeout=timeout)
        except queue.Empty:
            return None
        return reply

    @property
    def pid(self) -> int | None:
        """The child's process id (None before it started)."""
        return self._process.pid

    @property
    def alive(self) -> bool:
        """Is the child process running?"""
        return self._process.is_alive()

    def close(self, timeout: float = 2.0) -> None:
        """Stop the child (cancelling any search) and wait for it to end."""
        if not self._process.is_alive():
            return
        self.cancel()
        try:
            self._requests.put(_STOP)
        except (OSError, ValueError):  # pragma: no cover - queue already closed
            pass
        self._process.join(timeout)
        if self._process.is_alive():
            self._process.terminate()
            self._process.join(timeout)

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()
