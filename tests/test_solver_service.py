"""The solver service: solves in a child process, replies by message, drops stale requests."""

from __future__ import annotations

import time

import pytest

from yukon.core.notation import format_position
from yukon.core.rules import RUSSIAN, YUKON
from yukon.core.state import Position
from yukon.solve.solver import Verdict, check_line, solve
from yukon.solve.solver_service import Reply, SolverService


def _wait_for(service: SolverService, request_id: int, seconds: float = 30.0,
              seen: list[Reply] | None = None) -> Reply:
    """The reply to ``request_id``; the replies that came before it go into ``seen``."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        reply = service.wait(0.2)
        if reply is not None and reply.request_id == request_id:
            return reply
        if reply is not None and seen is not None:
            seen.append(reply)
    raise AssertionError(f"no reply for request {request_id}")


def test_service_answers_stale_requests_dropped_and_bad_text_reported() -> None:
    with SolverService(nice=0) as service:
        assert service.alive
        # Stale: request 1 (a long search, no time limit) is superseded by request 2.
        hard = Position.deal(0, YUKON)
        service.request(1, format_position(hard), YUKON, timeout=None)
        easy = Position.deal(1, YUKON)
        service.request(2, format_position(easy), YUKON, timeout=10)
        seen = service.poll()  # never blocks: it returns at once, while the child still searches
        reply = _wait_for(service, 2, seen=seen)
        assert reply.status == Verdict.WINNABLE
        assert check_line(easy, reply.moves())
        # A Russian position, answered under Russian rules: deal 3 is lost there (under Yukon's, won).
        r = Position.deal(3, RUSSIAN)
        service.request(3, format_position(r), RUSSIAN, timeout=10)
        reply3 = _wait_for(service, 3, seen=seen)
        assert reply3.status == Verdict.LOST and not reply3.moves()
        assert solve(Position.deal(3, YUKON), timeout=10).status == Verdict.WINNABLE
        # Bad text gives an error reply, not a dead child.
        service.request(4, "Game: yukon\n: XX\n", YUKON)
        reply4 = _wait_for(service, 4, seen=seen)
        assert reply4.status == "error" and "line" in reply4.error
        # Nothing ever came back for the superseded request: the child answers in order, so anything
        # it had for request 1 came before this reply to the last request.
        assert seen == [] and reply.request_id == 2
        assert service.alive
    assert not service.alive


@pytest.mark.parametrize("pause", [1.0, 0.0])
def test_the_child_ends_when_its_parent_is_killed_outright(pause: float) -> None:
    """A window killed with SIGKILL sends no stop: the solver child must not live on, even
    when the parent dies before the child has finished starting (``pause`` 0)."""
    import os
    import signal
    import subprocess
    import sys
    import tempfile
    import time
    from pathlib import Path

    script = (
        "import os, signal, sys\n"
        "from yukon.core.notation import format_position\n"
        "from yukon.solve.solver_service import SolverService\n"
        "from yukon.core.state import Position\n"
        "if __name__ == '__main__':\n"
        "    s = SolverService(nice=0)\n"
        "    p = Position.deal(23)\n"  # a deal the solver works on for a long time
        "    s.request(1, format_position(p), p.rules, timeout=None)\n"
        "    s.request(2, format_position(p), p.rules, timeout=None)\n"
        "    print(s._process.pid, flush=True)\n"
        f"    import time; time.sleep({pause})\n"
        "    os.kill(os.getpid(), signal.SIGKILL)\n"
    )
    root = Path(__file__).resolve().parent.parent
    # The output goes to a file, not a pipe: the child inherits it, and waiting for a pipe's
    # end would wait for the child too (on a busy machine, past run()'s safety net).
    with tempfile.TemporaryFile("w+") as out:
        r = subprocess.run([sys.executable, "-c", script], cwd=root, stdout=out, stderr=subprocess.STDOUT,
                           text=True, timeout=120, check=False)
        out.seek(0)
        said = out.read()
    assert r.returncode == -signal.SIGKILL, said
    child = int(said.split()[0])

    def alive() -> bool:
        try:
            state = Path(f"/proc/{child}/status").read_text()
        except OSError:
            return False
        return "\nState:\tZ" not in state

    deadline = time.monotonic() + 15
    while alive() and time.monotonic() < deadline:
        time.sleep(0.1)
    if alive():
        os.kill(child, signal.SIGKILL)
        raise AssertionError("the solver child outlived its killed parent")


def test_a_request_in_cpu_seconds_is_timed_by_the_childs_own_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    # The child's loop, run here on plain queues: each solve gets the clock its request asked for.
    import os
    import queue
    from types import SimpleNamespace

    from yukon.solve import solver, solver_service

    clocks: list[object] = []

    def solve_spy(position: Position, **options: object) -> solver.Result:
        clocks.append(options["clock"])
        return solver.Result(Verdict.UNKNOWN, [], {"nodes": 0, "seconds": 0.0, "phase": "timeout"})

    monkeypatch.setattr(solver, "solve", solve_spy)
    monkeypatch.setattr(solver_service, "_ignore_interrupts", lambda: None)  # this process keeps its Ctrl+C
    text = format_position(Position.deal(1))
    rules = (YUKON.variant, YUKON.any_card_in_space, YUKON.foundation_return)
    requests: queue.Queue[object] = queue.Queue()
    replies: queue.Queue[Reply] = queue.Queue()
    for request_id, cpu in ((1, False), (2, True)):
        requests.put((request_id, text, rules, 5.0, None, False, None, cpu))
    requests.put(None)  # stop
    solver_service._worker(requests, replies, SimpleNamespace(value=0), 0, os.getppid())
    assert clocks == [time.perf_counter, time.process_time]
    assert [replies.get_nowait().request_id for _ in range(2)] == [1, 2]
