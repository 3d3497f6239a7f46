"""Where a survey's deals are solved: the job, the solving, and this machine's worker processes.

A job is one deal under one rule set and budget (``Job``); its outcome is the verdict, the
work it took and the winning line (``Outcome``). ``LocalWorkers`` runs jobs on plain
child processes of the survey (``worker_main``); ``yukon.solve.cluster`` runs the same jobs on a
Dask cluster (``solve_checked`` there). Both hand the outcomes to ``yukon.survey``, which
alone writes the results. Nothing here imports Dask.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import os
import queue
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from typing import Protocol

from ..core.rules import Rules
from ..core.state import Position
from .solver import Verdict, solve

# seed, variant, any card in space, foundation return, timeout (CPU s), node limit (positions)
Job = tuple[int, str, bool, bool, float | None, int | None]
# seed, status, seconds, nodes, moves in the line, the line (move texts joined by spaces; "" if none)
Outcome = tuple[int, Verdict, float, int, int, str]


class SurveyError(Exception):
    """A survey that cannot start or go on; ``str()`` is one line for the user."""


def solve_deal(job: Job) -> Outcome:
    """Solve one deal (in a worker): (seed, status, seconds, nodes, moves in the line, the line).

    The time limit and the seconds reported are the CPU time of the solving thread
    (``time.thread_time``), so neither a busy machine nor other threads of a worker (a
    Dask worker's own, or its other solving threads) count against a deal.
    """
    seed, variant, any_space, back, timeout, nodes = job
    rules = Rules(variant, any_space, back)
    r = solve(Position.deal(seed, rules), timeout=timeout, node_limit=nodes, clock=time.thread_time)
    return seed, r.status, r.stats["seconds"], r.stats["nodes"], len(r.moves), " ".join(map(str, r.moves))


@functools.cache
def code_fingerprint() -> str:
    """A digest of the rules' and the solver's modules (``yukon/core``, ``yukon/solve``): equal
    where the solver's code is equal.

    A cluster's workers must solve with the same code as the survey that sends them deals
    (``solve_checked``); the play's, the words' and the window's modules are not part of it.
    """
    digest = hashlib.sha256()
    package = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    for folder in ("core", "solve"):  # the rules and the solver: all a worker runs
        here = os.path.join(package, folder)
        for name in sorted(os.listdir(here)):
            if name.endswith(".py"):
                with open(os.path.join(here, name), "rb") as f:
                    digest.update(f"{folder}/{name}".encode() + b"\0" + f.read() + b"\0")
    return digest.hexdigest()[:20]


class OtherCode(Exception):
    """A cluster worker whose yukon code differs from the survey's."""


def solve_checked(job: Job, fingerprint: str) -> Outcome:
    """``solve_deal`` on a cluster worker, refused if the worker's code is not the survey's."""
    mine = code_fingerprint()
    if mine != fingerprint:
        raise OtherCode(f"a worker runs other yukon code ({mine}) than this survey ({fingerprint}); "
                        "install the same version on every worker and restart them")
    return solve_deal(job)


def in_main_thread() -> bool:
    """Is this the main thread (the only one that may set signal handlers)?"""
    return threading.current_thread() is threading.main_thread()


@contextlib.contextmanager
def sigint_ignored() -> Iterator[None]:
    """SIGINT ignored in this process for the ``with`` block (main thread only)."""
    if not in_main_thread():
        yield
        return
    saved = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, saved if saved is not None else signal.default_int_handler)


def _job_line(job: Job) -> str:
    seed, variant, any_space, back, timeout, nodes = job
    return f"{seed} {variant} {int(any_space)} {int(back)} {timeout} {nodes}\n"


def _parse_job(line: str) -> Job:
    seed, variant, any_space, back, timeout, nodes = line.split()
    return (int(seed), variant, any_space == "1", back == "1", None if timeout == "None" else float(timeout),
            None if nodes == "None" else int(nodes))


def worker_main() -> None:
    """A survey worker process: a job line in, a result line out, until standard input ends.

    Ctrl+C is ignored (the survey stops its workers itself). When standard input ends,
    the survey is done or gone (even killed outright), and the worker ends at once, in
    the middle of a deal if need be: no orphan goes on burning a processor.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    lines: queue.Queue[str] = queue.Queue()

    def read() -> None:
        for line in sys.stdin:
            lines.put(line)
        os._exit(0)

    threading.Thread(target=read, daemon=True).start()
    while True:
        line = lines.get()
        try:
            reply = "\t".join(str(v) for v in solve_deal(_parse_job(line)))
        except Exception as e:  # noqa: BLE001 - a solver bug: the survey reports it as one line
            reply = "error\t" + f"{type(e).__name__}: {e}".replace("\n", " ")
        try:
            sys.stdout.write(reply + "\n")
            sys.stdout.flush()
        except OSError:  # the survey is gone
            os._exit(0)


class Pool(Protocol):
    """Where a survey's deals are solved: this machine's worker processes or a cluster."""

    def results(self) -> Iterator[Outcome | str]:
        """Each deal's outcome as it comes (a str is a note for the progress output)."""
        ...

    def stop(self) -> None:
        """End the work not done and let go of the workers."""
        ...


class LocalWorkers:
    """Worker processes (``worker_main``), each solving one deal at a time for a feeding thread.

    Plain child processes on pipes, not multiprocessing: no semaphores for a kill to leak,
    no resource tracker to complain, and a worker that dies is seen (its pipe ends) instead
    of its deal being waited for forever.
    """

    procs: list[subprocess.Popen[str]]
    threads: list[threading.Thread]
    jobs: queue.Queue[Job]
    outcomes: queue.Queue[Outcome | str]  # a str is a failure, told as one line
    count: int

    def __init__(self, workers: int, jobs: list[Job]) -> None:
        self.jobs = queue.Queue()
        for job in jobs:
            self.jobs.put(job)
        self.count = len(jobs)
        self.outcomes = queue.Queue()
        self.procs = []
        self.threads = []
        package_root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(p for p in (package_root, env.get("PYTHONPATH", "")) if p)
        # Started with SIGINT ignored, which Python then keeps: a Ctrl+C cannot give a
        # worker that is still starting a traceback.
        try:
            with sigint_ignored():
                for _ in range(workers):
                    self.procs.append(subprocess.Popen(
                        [sys.executable, "-c", "from yukon.solve.survey_workers import worker_main; worker_main()"],
                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, encoding="utf-8", env=env))
        except BaseException:  # the ones already started must not be left behind
            self.stop()
            raise
        for proc in self.procs:
            thread = threading.Thread(target=self._feed, args=(proc,), daemon=True)
            thread.start()
            self.threads.append(thread)

    def _feed(self, proc: subprocess.Popen[str]) -> None:
        """Give ``proc`` deals one at a time until none are left, then close its input."""
        assert proc.stdin is not None and proc.stdout is not None
        while True:
            try:
                job = self.jobs.get_nowait()
            except queue.Empty:
                break
            try:
                proc.stdin.write(_job_line(job))
                proc.stdin.flush()
                reply = proc.stdout.readline()
            except (OSError, ValueError):
                reply = ""
            parts = reply.rstrip("\n").split("\t")
            if parts[0] == "error":
                self.outcomes.put(f"the solver failed on deal {job[0]}: {parts[-1]}")
                return
            try:
                seed, status, seconds, nodes, moves, line = parts
                self.outcomes.put((int(seed), Verdict(status), float(seconds), int(nodes), int(moves), line))
            except ValueError:
                self.outcomes.put(f"a worker process ended while solving deal {job[0]} "
                                  f"(exit status {proc.wait()})")
                return
        try:
            proc.stdin.close()
        except OSError:
            pass

    def results(self) -> Iterator[Outcome | str]:
        """Each deal's outcome as it comes; SurveyError if a worker fails."""
        for _ in range(self.count):
            while True:
                try:  # a timeout, so that Ctrl+C is seen on every platform
                    outcome = self.outcomes.get(timeout=1.0)
                    break
                except queue.Empty:
                    continue
            if isinstance(outcome, str):
                raise SurveyError(outcome)
            yield outcome

    def stop(self) -> None:
        """End every worker (done or not) and wait for them and their threads."""
        with sigint_ignored():
            for proc in self.procs:
                if proc.poll() is None:
                    proc.kill()
            for proc in self.procs:
                proc.wait()
            for thread in self.threads:
                thread.join()
            for proc in self.procs:
                for pipe in (proc.stdin, proc.stdout):
                    try:
                        if pipe is not None:
                            pipe.close()
                    except OSError:
                        pass


def missing_dask_message() -> str:
    """The one line for --cluster where Dask is not installed (checked before yukon.solve.cluster is imported)."""
    return ("--cluster needs Dask's distributed package, which is not installed: "
            'pip install "yukon-solitaire[cluster]" (or pip install distributed)')
