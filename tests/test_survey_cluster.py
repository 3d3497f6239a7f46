"""``python -m yukon survey --cluster``: a real Dask scheduler and two real worker processes on loopback.

The same small range is surveyed by the local process pool and by the cluster, and one
cluster worker is killed (SIGKILL) while it holds a deal: the results and lines files must
agree deal for deal (all but the seconds), with no line missing or doubled, and the
survey must say that the lost worker's deal was solved again. The budget is a node limit,
so the answers cannot depend on the machine's speed. Nothing waits on a clock: each step
waits for its event (the scheduler's address in its file, two workers known, the first
result line, the scheduler reporting the deal on a worker); the timeouts are safety nets.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from yukon.survey import read_lines, read_results

distributed = pytest.importorskip(
    "distributed", reason="Dask's distributed package is not installed (pip install -r requirements-dev.txt)")

ROOT = Path(__file__).resolve().parent.parent
SAFETY = 120.0  # seconds: only ever reached if something hangs
# Deal 58 runs out of a 60,000-position budget (about 3 CPU s) while the others are won in
# at most 11,000 positions: deal 58 keeps a worker busy long after the first line is in.
DEALS, HARD, NODES = "55-64", 58, "60000"


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH", "")) if p)
    return env


def _wait(what: str, ready: Callable[[], bool], proc: subprocess.Popen[bytes] | None = None) -> None:
    """Poll until ``ready()`` (an event, not a clock); fail after SAFETY or if ``proc`` ends."""
    deadline = time.monotonic() + SAFETY
    while not ready():
        if proc is not None and proc.poll() is not None:
            pytest.fail(f"the process ended before {what}: {proc.communicate()}")
        if time.monotonic() > deadline:
            pytest.fail(f"no {what} within {SAFETY} s")
        time.sleep(0.05)


class Cluster:
    """A Dask scheduler and named workers (no nanny: each worker is the process we started)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.procs: dict[str, subprocess.Popen[bytes]] = {}
        self.file = folder / "scheduler.json"
        self.procs["scheduler"] = self._start("dask_scheduler", "--host", "127.0.0.1", "--port", "0",
                                              "--no-dashboard", "--scheduler-file", str(self.file))
        _wait("scheduler address", lambda: self.file.exists() and "address" in self.file.read_text(),
              self.procs["scheduler"])
        self.address: str = json.loads(self.file.read_text())["address"]

    def _start(self, cli: str, *args: str) -> subprocess.Popen[bytes]:
        log = open(self.folder / f"{cli}-{len(self.procs)}.log", "wb")  # noqa: SIM115 - closed with the test's folder
        return subprocess.Popen([sys.executable, "-m", f"distributed.cli.{cli}", *args], stdout=log,
                                stderr=subprocess.STDOUT, cwd=ROOT, env=_env())

    def add_worker(self, name: str) -> None:
        self.procs[name] = self._start("dask_worker", self.address, "--name", name, "--nthreads", "1",
                                       "--no-nanny", "--no-dashboard", "--local-directory", str(self.folder))

    def stop(self) -> None:
        for proc in self.procs.values():
            if proc.poll() is None:
                proc.kill()
            proc.wait()


@pytest.fixture
def cluster(tmp_path: Path) -> Iterator[tuple[Cluster, Any]]:
    c = Cluster(tmp_path)
    client = None
    try:
        c.add_worker("w1")
        c.add_worker("w2")
        client = distributed.Client(c.address, set_as_default=False, timeout=SAFETY)
        client.wait_for_workers(2, timeout=SAFETY)
        yield c, client
    finally:
        if client is not None:
            client.close()
        c.stop()


def _survey(*args: str) -> list[str]:
    return [sys.executable, "-m", "yukon", "survey", "--deals", DEALS, "--nodes", NODES, "--timeout", "0", *args]


def _body(path: Path) -> list[str]:
    """The data lines of a results file, without their seconds, in the order written."""
    out = []
    for line in path.read_text().splitlines():
        if not line.startswith("#"):
            seed, status, _seconds, nodes, moves = line.split("\t")
            out.append(f"{seed}\t{status}\t{nodes}\t{moves}")
    return out


def _worker_holding(client: Any, seed: int) -> str | None:
    """The name of the worker the scheduler says is processing deal ``seed``, if any."""
    names = {a: w["name"] for a, w in client.scheduler_info()["workers"].items()}
    for address, keys in client.processing().items():
        if any(str(k).startswith(f"yukon-survey-{seed}-") for k in keys):
            return names.get(address)
    return None


@pytest.mark.skipif(os.name != "posix", reason="stops a worker with SIGSTOP and SIGKILL")
def test_a_cluster_survey_with_a_worker_killed_matches_the_local_one(tmp_path: Path,
                                                                    cluster: tuple[Cluster, Any]) -> None:
    c, client = cluster
    local, local_lines = tmp_path / "local.tsv", tmp_path / "local.lines"
    r = subprocess.run(_survey("--jobs", "2", "--results", str(local), "--lines", str(local_lines), "--quiet"),
                       capture_output=True, cwd=ROOT, env=_env(), timeout=SAFETY, check=False)
    assert r.returncode == 0, r.stderr.decode()

    results, lines = tmp_path / "cluster.tsv", tmp_path / "cluster.lines"
    proc = subprocess.Popen(_survey("--cluster", c.address, "--results", str(results), "--lines", str(lines)),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT, env=_env())
    try:
        _wait("first result line", lambda: results.exists() and bool(_body(results)), proc)
        victim: list[str] = []

        def hard_deal_held() -> bool:
            name = _worker_holding(client, HARD)
            if name is None:
                return False
            os.kill(c.procs[name].pid, signal.SIGSTOP)  # it can finish nothing now
            if _worker_holding(client, HARD) == name:
                victim.append(name)
                return True
            os.kill(c.procs[name].pid, signal.SIGCONT)  # it had just finished: look again
            return False

        _wait(f"deal {HARD} on a worker", hard_deal_held, proc)
        c.procs[victim[0]].kill()  # SIGKILL: the worker is lost in the middle of deal 58
        c.procs[victim[0]].wait()
        out, err = proc.communicate(timeout=SAFETY)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    text = err.decode()
    assert proc.returncode == 0, text
    assert "Traceback" not in text
    # The lost worker's deals (58, and one queued behind it, if any) were noted and solved again.
    assert re.search(rf"a worker left the cluster \(tcp://127\.0\.0\.1:\d+\) while solving deals? "
                     rf"([\d, ]*\b)?{HARD}\b[\d, ]*: solving again elsewhere\n", text), text
    assert "winnable 10  unwinnable 0  unknown 0" in out.decode()  # the pair proof decides the tenth

    # Deal for deal the same results (only the seconds differ), each deal exactly once.
    assert sorted(_body(results)) == sorted(_body(local))
    assert len(_body(results)) == 10
    assert [ln for ln in results.read_text().splitlines() if ln.startswith("#")] == \
        [ln for ln in local.read_text().splitlines() if ln.startswith("#")]
    assert read_lines(str(lines), "yukon") == read_lines(str(local_lines), "yukon")
    assert len(read_lines(str(lines), "yukon")) == 10
    # the long job the killed worker held: won within the budget since the pair proof, after seconds
    assert read_results(str(results), "yukon")[HARD].status == "winnable"
