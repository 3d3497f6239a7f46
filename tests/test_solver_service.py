"""The solver service: solves in a child process, replies by message, drops stale requests."""

from __future__ import annotations

import time

from yukon.notation import format_position
from yukon.rules import RUSSIAN, YUKON
from yukon.solver import check_line
from yukon.solver_service import SolverService
from yukon.state import Position


def _wait_for(service: SolverService, request_id: int, seconds: float = 30.0):
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
        t0 = time.monotonic()
        service.request(2, format_position(easy), YUKON, timeout=10)
        polled = service.poll()  # never blocks
        assert time.monotonic() - t0 < 0.5
        reply = _wait_for(service, 2)
        assert all(r.request_id != 1 for r in polled)
        assert reply.status == "winnable"
        assert check_line(easy, reply.moves())
        # A Russian position, answered under Russian rules.
        r = Position.deal(3, RUSSIAN)
        service.request(3, format_position(r), RUSSIAN, timeout=10)
        reply3 = _wait_for(service, 3)
        assert reply3.status in ("winnable", "unwinnable", "unknown")
        if reply3.status == "winnable":
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
