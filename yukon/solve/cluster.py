"""A survey's deals solved on a Dask distributed cluster: ``python -m yukon survey --cluster ADDRESS``.

Imported only when ``--cluster`` is given, so the game and the local survey never need
Dask (``pip install "yukon-solitaire[cluster]"`` brings it). The survey process is the
cluster's client: it sends each deal as a task (``survey_workers.solve_checked``), takes the
outcomes as they come and alone writes the results file, exactly as with its local
processes. A worker lost in the middle of a deal costs that deal a retry: the scheduler
gives it to another worker, and the survey says so on its progress line. A deal that
keeps killing workers, or a solver that fails, ends the survey with one line.

Every worker must run the same yukon code as the survey: each task carries the survey's
``code_fingerprint`` and a worker with other code refuses it, so one stale worker cannot
put another solver's verdicts into the file.
"""

from __future__ import annotations

import hashlib
import logging
import queue
from collections.abc import Iterator
from typing import Any

from .survey_workers import Job, Outcome, SurveyError, code_fingerprint, missing_dask_message, solve_checked

CONNECT_SECONDS = 20.0  # how long to look for the scheduler before giving up
# Deals sent ahead of their outcomes: enough to keep every thread of a large cluster busy
# (the scheduler queues what the workers cannot take yet) without holding a whole
# million-deal range as futures.
WINDOW_BASE = 256
WINDOW_PER_THREAD = 4


class DaskJobs:
    """The survey's deals as tasks on a Dask cluster; ``results()`` yields them as they finish.

    Between outcomes it may yield a str: a note for the survey's progress output (a worker
    lost while it held deals of the survey, which are solved again elsewhere).
    """

    jobs: list[Job]
    sent: int  # jobs[:sent] have been submitted
    done: queue.Queue[Any]  # finished futures, and notes (str) from the scheduler's events
    keys: dict[str, int]  # task key -> seed, for the tasks of this survey
    client: Any
    address: str
    fingerprint: str  # code_fingerprint() of this survey, which every task carries
    futures: dict[str, Any]  # task key -> its future, until its outcome is taken
    window: int

    def __init__(self, address: str, jobs: list[Job]) -> None:
        try:
            from distributed import Client
        except ImportError:
            raise SurveyError(missing_dask_message()) from None
        self.jobs = jobs
        self.address = address
        self.sent = 0
        self.done = queue.Queue()
        self.keys = {}
        self.futures = {}
        # Dask's own log lines would come between the progress bar and the survey's one-line
        # account of what went wrong.
        for name in ["distributed", *logging.root.manager.loggerDict]:
            if name.split(".")[0] == "distributed":  # its config sets some children's levels itself
                logging.getLogger(name).setLevel(logging.CRITICAL)
        try:
            self.client = Client(address, timeout=CONNECT_SECONDS, set_as_default=False)
        except (OSError, TimeoutError, ValueError) as e:
            raise SurveyError(f"cannot reach the Dask scheduler at {address}: {e}") from None
        threads = sum(self.client.nthreads().values())
        self.window = WINDOW_BASE + WINDOW_PER_THREAD * threads
        self.client.subscribe_topic("all", self._event)
        self.fingerprint = code_fingerprint()
        while self.sent < min(len(jobs), self.window):
            self._submit()

    def idle_note(self) -> str | None:
        """A note when the scheduler has no workers yet (the survey then waits for them)."""
        if self.client.nthreads():
            return None
        return (f"note: the Dask scheduler at {self.client.scheduler.address} has no workers yet; "
                "the survey waits for them (start some with: dask worker ADDRESS --nthreads 1)")

    def _submit(self) -> None:
        job = self.jobs[self.sent]
        self.sent += 1
        digest = hashlib.sha256(f"{self.fingerprint} {job}".encode()).hexdigest()[:16]
        key = f"yukon-survey-{job[0]}-{digest}"
        self.keys[key] = job[0]
        # pure: the same deal under the same budget and code is the same task; the scheduler
        # retries it on another worker when the one running it is lost (retries= is for
        # exceptions, which must stop the survey instead).
        future = self.client.submit(solve_checked, job, self.fingerprint, key=key, pure=True)
        self.futures[key] = future
        future.add_done_callback(self.done.put)

    def _event(self, event: tuple[float, dict]) -> None:
        """The scheduler's events (client thread): note a lost worker that held our deals."""
        _when, msg = event
        if not isinstance(msg, dict) or msg.get("action") != "remove-worker":
            return
        ours = sorted(self.keys[k] for k in msg.get("processing-tasks", ()) if k in self.keys)
        if ours:
            deals = ", ".join(str(s) for s in ours)
            self.done.put(f"a worker left the cluster ({msg.get('worker', '?')}) while solving "
                          f"deal{'s' if len(ours) > 1 else ''} {deals}: solving again elsewhere")

    def results(self) -> Iterator[Outcome | str]:
        """Each deal's outcome as it comes, and notes; SurveyError when a deal cannot be solved."""
        from concurrent.futures import CancelledError

        from distributed import KilledWorker

        taken = 0
        while taken < len(self.jobs):
            try:  # a timeout, so that Ctrl+C is seen on every platform
                item = self.done.get(timeout=1.0)
            except queue.Empty:
                continue
            if isinstance(item, str):
                yield item
                continue
            seed = self.keys.get(item.key, -1)
            try:
                outcome = item.result()
            except CancelledError as e:  # only this survey cancels, on the way out: the scheduler went
                why = str(e).replace("\n", " ")
                raise SurveyError(f"lost the Dask scheduler at {self.address} while deal {seed} was being "
                                  f"solved ({why}); every result so far is kept: run the same command "
                                  "again to go on") from None
            except KilledWorker:
                raise SurveyError(f"deal {seed} was being solved by every worker that died under it "
                                  "(too little memory for its search?); the survey stops") from None
            except Exception as e:  # noqa: BLE001 - a worker's failure is told as one line
                raise SurveyError(f"the solver failed on deal {seed} on the cluster: "
                                  f"{type(e).__name__}: {e}".replace("\n", " ")) from None
            del self.futures[item.key]
            item.release()
            taken += 1
            if self.sent < len(self.jobs):
                self._submit()
            yield outcome

    def stop(self) -> None:
        """Cancel the deals not yet taken and leave the cluster (its workers go on serving)."""
        try:
            self.client.unsubscribe_topic("all")
            if self.futures:
                self.client.cancel(list(self.futures.values()))
            self.client.close()
        except Exception:  # noqa: BLE001, S110 - leaving a cluster that is already gone is no error
            pass
