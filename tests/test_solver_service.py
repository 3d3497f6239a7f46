"""The solver service: solves in a child process, replies by message, drops stale requests."""

from __future__ import annotations

import time

import pytest

from yukon.core.notation import format_position
from yukon.core.rules import RUSSIAN, YUKON
from yukon.core.state import Position
from yukon.solve.solver import Verdict, check_line
from yukon.solve.solver_service import Reply, SolverService


def _wait_for(service: SolverService, request_id: int, seconds: float = 30.0) -> Reply:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        reply = service.wait(0.2)
        if reply is not None and reply.request_id == request_id:
            return reply
    raise AssertionError(f"no reply for request {request_id}")


def test_service_answers_stale_requests_dropped_and_bad_text_reported() -> None:
    with SolverService(nice=0) as service:
        assert service.alive
        # Stale: request 1 (a long search, no time limit) is superseded by request 2.
        hard = Position.deal(0, YUKON)
        service.request(1, format_position(hard), YUKON, timeout=None)
        easy = Position.deal(1, YUKON)
        service.request(2, format_position(easy), YUKON, timeout=10)
        polled = service.poll()  # never blocks: it returns at once, while the child still searches
        reply = _wait_for(service, 2)
        assert all(r.request_id != 1 for r in polled)
        assert reply.status == Verdict.WINNABLE
        assert check_line(easy, reply.moves())
        # A Russian position, answered under Russian rules.
        r = Position.deal(3, RUSSIAN)
        service.request(3, format_position(r), RUSSIAN, timeout=10)
        reply3 = _wait_for(service, 3)
        assert reply3.status in tuple(Verdict)
        if reply3.status == Verdict.WINNABLE:
            assert check_line(r, reply3.moves())
        # Bad text gives an error reply, not a dead child.
        service.request(4, "Game: yukon\n: XX\n", YUKON)
        reply4 = _wait_for(service, 4)
        assert reply4.status == "error" and "line" in reply4.error
        # Nothing ever came back for the superseded request.
        time.sleep(0.3)
        assert all(x.request_id != 1 for x in service.poll())
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
