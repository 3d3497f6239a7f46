"""The ``solve`` and ``survey`` commands: one position decided, or a range of deals surveyed.

``python -m yukon solve [--position FILE | --deal SEED] [--game russian] [--timeout S]
[--any-card-in-space] [--no-foundation-return]`` prints ``winnable`` (then the winning
moves, one per line), ``unwinnable`` or ``unknown``.

``python -m yukon survey --deals A-B [--game ...] [--timeout S] [--nodes N] [--jobs N |
--cluster ADDRESS] [--results FILE] [--lines FILE]`` solves deals A..B on N processes here
(``survey_workers``) or on the workers of a Dask cluster (``cluster``, imported only for
--cluster), with a progress bar on stderr. Only this process writes: one line per deal in
the results file (so a second run skips the deals already done, and solves again the
unknown ones when its budget is larger than theirs). It prints the counts, the winnable
share with a 95% Wilson interval (unknowns counted as losses for the low end and as wins
for the high end) and the median, p95 and max solve times. With ``--lines`` the winning
moves of every winnable deal are kept in a second file, one deal a line, so that anyone
can replay them (``replay_line``); a winnable deal whose line is not there yet is solved
again for it.

A deal's budget is CPU seconds of its solving thread (--timeout) and positions searched
(--nodes). The search is the same on every machine, so every verdict reached within the
budget, its node count and its line are too; only where the time limit cuts a search
short does the answer depend on the machine's speed. With --nodes alone (--timeout 0)
the whole results file, but for the seconds, is the same wherever and on however many
workers it is made.

Faults: a run takes at most MAX_SURVEY_DEALS deals and --jobs is capped at the processors.
Each result line is written whole, unbuffered, as it comes, so a kill tears at most the
last line, which the next run drops before it appends. Ctrl+C, SIGTERM and SIGHUP stop
the survey with one line; its workers are plain child processes that ignore Ctrl+C and
end when their input pipe does, so even ``kill -9`` leaves no worker running.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
import math
import os
import signal
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from types import FrameType
from typing import BinaryIO, NamedTuple, TextIO

from .cliargs import (
    EXIT_OK,
    UsageError,
    add_position_option,
    add_rule_options,
    parse_seed,
    read_position,
    say,
)
from .core.cards import MAX_SEED
from .core.notation import parse_move, shown, whole_number
from .core.rules import VARIANTS, Rules
from .core.state import IllegalMove, Position
from .solve.solver import Verdict, solve
from .solve.survey_workers import (
    Job,
    LocalWorkers,
    Outcome,
    Pool,
    SurveyError,
    in_main_thread,
    missing_dask_message,
    solve_deal,
)
from .text.words import refusal  # the command line words a broken line in English

RESULTS_HEADER = "# yukon survey v1"
LINES_HEADER = "# yukon survey lines v1"
Z95 = 1.959963984540054
# One run solves at most this many deals (the range is held in memory); a larger survey
# is several runs with the same results file.
MAX_SURVEY_DEALS = 1_000_000


class Record(NamedTuple):
    """One deal's line in a results file, and the time limit it was solved under."""

    status: Verdict
    seconds: float
    nodes: int
    moves: int
    limit: float | None  # seconds; None: no limit
    nodes_limit: int | None = None  # positions searched; None: no limit


class _Stopped(BaseException):
    """SIGTERM or SIGHUP during a survey (like KeyboardInterrupt for SIGINT)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def wilson(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval (low, high) for ``successes`` out of ``n``; (0, 1) when n = 0."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def share_interval(winnable: int, unknown: int, n: int) -> tuple[float, float]:
    """95% interval for the winnable share: unknowns as losses (low) and as wins (high)."""
    return wilson(winnable, n)[0], wilson(winnable + unknown, n)[1]


def percentile(values: list[float], q: float) -> float:
    """The q-quantile (0..1) by the nearest-rank method; 0.0 for no values."""
    if not values:
        return 0.0
    v = sorted(values)
    return v[max(0, min(len(v) - 1, math.ceil(q * len(v)) - 1))]


def parse_range(text: str) -> tuple[int, int]:
    """``A-B`` (inclusive) or a single ``A`` as (A, B); ValueError if it is neither."""
    a, dash, b = text.partition("-")
    try:
        lo = whole_number(a)
        hi = whole_number(b) if dash else lo
    except ValueError:
        raise ValueError(f"{shown(text)} is not a deal range like 1-5000") from None
    if lo < 0 or hi < lo:
        raise ValueError(f"{shown(text)} is not a deal range like 1-5000 (first <= last, both >= 0)")
    if hi > MAX_SEED:
        raise ValueError(f"{shown(text)}: deal numbers go from 0 to {MAX_SEED}")
    return lo, hi


def rules_tag(rules: Rules) -> str:
    """The rules as one word for the results file: ``yukon``, ``russian+any-card-in-space`` ..."""
    tag = rules.variant
    if rules.any_card_in_space:
        tag += "+any-card-in-space"
    if not rules.foundation_return:
        tag += "+no-foundation-return"
    return tag


def rules_from_tag(tag: str) -> Rules:
    """The rules a ``rules_tag`` word names; ValueError for a word that is not one."""
    variant, *options = tag.split("+")
    if variant not in VARIANTS or len(set(options)) != len(options) \
            or not set(options) <= {"any-card-in-space", "no-foundation-return"}:
        raise ValueError(f"{shown(tag)} is not a survey's rules (like yukon+no-foundation-return)")
    return Rules(variant, "any-card-in-space" in options, "no-foundation-return" not in options)


def _section_limit(words: list[str]) -> tuple[bool, float | None]:
    """(said, limit) of a ``# rules TAG timeout T [nodes N]`` line: limit in seconds, None for none."""
    if len(words) < 5 or words[3] != "timeout":
        return False, None
    if words[4] == "None":
        return True, None
    try:
        value = float(words[4])
    except ValueError:
        return False, None
    return (True, value) if math.isfinite(value) and value > 0 else (False, None)


def _section_nodes(words: list[str]) -> int | None:
    """The node limit of a ``# rules TAG timeout T nodes N`` line; None when it sets none."""
    if len(words) < 7 or words[5] != "nodes":
        return None
    try:
        value = int(words[6])
    except ValueError:
        return None
    return value if value > 0 else None


def section_line(tag: str, timeout: float | None, nodes: int | None) -> str:
    """The ``# rules`` line that heads the results of one run (its rules and budget)."""
    return f"# rules {tag} timeout {timeout}" + ("" if nodes is None else f" nodes {nodes}") + "\n"


def read_results(path: str, tag: str) -> dict[int, Record]:
    """The deals already in a results file (seed -> Record); a later line for a deal wins.

    Raises ValueError when the file belongs to other rules or is not a results file.
    A torn last line (a run stopped mid-write: no newline after it) is ignored even if
    it looks whole. Only a regular file is read (``--results /dev/null`` keeps nothing).
    Each deal's time limit comes from the ``# rules`` line above it; when that line does
    not say, the deal's own solve time stands in for it.
    """
    done: dict[int, Record] = {}
    if not os.path.isfile(path):
        return done
    with open(path, "rb") as f:
        head = f.readline(len(RESULTS_HEADER) + 200)
        data = head + f.read() if head.startswith(RESULTS_HEADER.encode()) else head
    if not data or (b"\n" not in data and RESULTS_HEADER.encode().startswith(data)):
        return done  # empty, or only a torn first header line
    if not data.startswith(RESULTS_HEADER.encode()):
        raise ValueError(f"{path} is not a survey results file (its first line is not {RESULTS_HEADER!r})")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise ValueError(f"{path} is not a survey results file (it is not UTF-8 text)") from None
    lines = text.split("\n")[1:-1]  # the last piece is "" or a torn line
    said, limit, node_limit = False, None, None
    for line in lines:
        if line.startswith("# rules"):
            words = line.split()
            other = words[2] if len(words) > 2 else ""
            if other != tag:
                raise ValueError(f"{path} holds results for {other}, not {tag}")
            said, limit = _section_limit(words)
            node_limit = _section_nodes(words)
            continue
        if not line or line.startswith("#"):
            continue
        parts = line.split("\t")
        if len(parts) != 5 or parts[1] not in (Verdict.WINNABLE, Verdict.LOST, Verdict.UNKNOWN):
            continue
        try:
            seed, seconds, nodes, moves = int(parts[0]), float(parts[2]), int(parts[3]), int(parts[4])
        except ValueError:
            continue
        done[seed] = Record(Verdict(parts[1]), seconds, nodes, moves, limit if said else seconds, node_limit)
    return done


def read_lines(path: str, tag: str) -> dict[int, str]:
    """The winning lines already in a lines file (seed -> move texts joined by spaces).

    A later line for a deal wins; a torn last line is ignored. Raises ValueError when the
    file belongs to other rules or is not a lines file. The moves are not checked here:
    ``replay_line`` does that.
    """
    found: dict[int, str] = {}
    if not os.path.isfile(path):
        return found
    with open(path, "rb") as f:
        data = f.read()
    if not data or (b"\n" not in data and LINES_HEADER.encode().startswith(data)):
        return found
    if not data.startswith(LINES_HEADER.encode() + b"\n"):
        raise ValueError(f"{path} is not a survey lines file (its first line is not {LINES_HEADER!r})")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise ValueError(f"{path} is not a survey lines file (it is not UTF-8 text)") from None
    for line in text.split("\n")[1:-1]:  # the last piece is "" or a torn line
        if line.startswith("# rules"):
            words = line.split()
            other = words[2] if len(words) > 2 else ""
            if other != tag:
                raise ValueError(f"{path} holds lines for {other}, not {tag}")
            continue
        seed, tab, moves = line.partition("\t")
        if not tab or line.startswith("#"):
            continue
        try:
            found[int(seed)] = moves
        except ValueError:
            continue
    return found


def replay_line(seed: int, rules: Rules, moves: str) -> int:
    """Play a kept winning line from deal ``seed`` through the engine; its number of moves.

    Raises ValueError, naming the deal and the move, if a move is not text the engine
    reads, is illegal where it is played, or the line does not end in a won table.
    """
    p = Position.deal(seed, rules)
    texts = moves.split()
    for i, text in enumerate(texts, 1):
        try:
            p.play(parse_move(text))
        except ValueError as e:  # MoveTextError is a ValueError too, and so is IllegalMove (worded here)
            why = refusal(e.illegal) if isinstance(e, IllegalMove) else str(e)
            raise ValueError(f"{rules_tag(rules)} deal {seed}: move {i} ({shown(text)}) cannot be played: {why}") from None
    if not p.is_won():
        raise ValueError(f"{rules_tag(rules)} deal {seed}: its line of {len(texts)} moves does not win")
    return len(texts)


def needs_solving(record: Record | None, timeout: float | None, lined: bool = True,
                  nodes: int | None = None) -> bool:
    """Whether a deal must be solved (again) under ``timeout`` seconds and ``nodes`` positions.

    Unknown deals are solved again when the new budget is larger than the one they ran out
    of: no smaller in time or in positions, and larger in one of them (None: no limit).
    Decided deals never are, except a winnable one whose line is wanted and not kept
    (``lined`` False).
    """
    if record is None:
        return True
    if record.status == Verdict.WINNABLE and not lined:
        return True
    if record.status != Verdict.UNKNOWN:
        return False
    old = (math.inf if record.limit is None else record.limit,
           math.inf if record.nodes_limit is None else record.nodes_limit)
    new = (math.inf if timeout is None else timeout, math.inf if nodes is None else nodes)
    return new[0] >= old[0] and new[1] >= old[1] and new != old


def summary(rows: Iterable[tuple[Verdict, float]], rules: Rules, timeout: float | None,
            nodes: int | None = None) -> list[str]:
    """The survey's figures as text lines, from (status, seconds) per deal."""
    rows = list(rows)
    n = len(rows)
    w = sum(1 for s, _ in rows if s == Verdict.WINNABLE)
    lost = sum(1 for s, _ in rows if s == Verdict.LOST)
    unk = n - w - lost
    times = [t for _, t in rows]
    decided = [t for s, t in rows if s != Verdict.UNKNOWN]
    lo, hi = share_interval(w, unk, n)
    limit = "none" if timeout is None else f"{timeout:g} s"
    if nodes is not None:
        limit += f" and {nodes} positions"
    lines = [
        f"{rules.describe()}: {n} deals, time limit {limit} per deal",
        f"winnable {w}  unwinnable {lost}  unknown {unk}",
    ]
    if n:
        lines.append(f"winnable share {100 * w / n:.2f}% (decided only: "
                     f"{100 * w / max(1, w + lost):.2f}%), 95% interval {100 * lo:.2f}%..{100 * hi:.2f}%")
        lines.append(f"solve time: median {percentile(times, 0.5):.3f} s, p95 {percentile(times, 0.95):.3f} s, "
                     f"max {max(times):.3f} s (decided deals: median {percentile(decided, 0.5):.3f} s, "
                     f"p95 {percentile(decided, 0.95):.3f} s, max {max(decided, default=0.0):.3f} s)")
    return lines


def _bar(done: int, total: int, counts: dict[Verdict, int], started: float, base: int = 0,
         width: int = 30) -> str:
    frac = done / total if total else 1.0
    filled = int(width * frac)
    elapsed = time.monotonic() - started
    eta = ""
    if base < done < total:
        eta = f" eta {int(elapsed / (done - base) * (total - done))} s"
    return (f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} "
            f"won {counts[Verdict.WINNABLE]} lost {counts[Verdict.LOST]} unknown {counts[Verdict.UNKNOWN]}{eta}  ")


class _Progress:
    """The progress bar on stderr; it goes quiet if stderr cannot be written."""

    shown: bool  # something is on the bar's line (a message needs a fresh line)
    err: TextIO | None

    def __init__(self, err: TextIO | None, on: bool) -> None:
        self.err = err if on else None
        self.shown = False

    def write(self, text: str) -> None:
        if self.err is None:
            return
        try:
            self.err.write(text)
            self.err.flush()
            self.shown = True
        except (OSError, ValueError):
            self.err = None

    def finish(self) -> None:
        """End the bar's line, so that what follows starts on a fresh one."""
        if self.shown:
            self.write("\n")
            self.shown = False

    def line(self, text: str, err: TextIO | None) -> None:
        """``text`` as a line of its own on ``err``, after the bar if it is showing."""
        if err is None:
            return
        try:
            err.write(("\n" if self.shown else "") + text + "\n")
            err.flush()
        except (OSError, ValueError):
            pass
        self.shown = False


def _raise_stopped(signum: int, frame: FrameType | None) -> None:
    raise _Stopped(signum)


def _catch_stop_signals() -> Callable[[], None]:
    """SIGTERM and SIGHUP stop the survey as Ctrl+C does; returns the undo."""
    if not in_main_thread():
        return lambda: None
    saved = [(sig, signal.signal(sig, _raise_stopped)) for sig in _stop_signals()]

    def undo() -> None:
        for sig, handler in saved:
            signal.signal(sig, handler if handler is not None else signal.SIG_DFL)
    return undo


def _stop_signals() -> list[signal.Signals]:
    return [signal.SIGTERM] + ([signal.SIGHUP] if os.name == "posix" else [])


def _drop_torn_tail(path: str) -> bool:
    """Cut a results file back to its last whole line; True if something was cut."""
    if not os.path.isfile(path):
        return False
    with open(path, "rb+") as f:
        data = f.read()
        if not data or data.endswith(b"\n"):
            return False
        f.truncate(data.rfind(b"\n") + 1)
    return True


def _results(lo: int, hi: int, done: dict[int, Record]) -> list[tuple[Verdict, float]]:
    return [(done[s].status, done[s].seconds) for s in range(lo, hi + 1) if s in done]


def run_survey(lo: int, hi: int, rules: Rules, timeout: float | None, jobs: int, path: str,
               out: TextIO, err: TextIO | None, progress: bool = True, solve_more: bool = True,
               lines_path: str | None = None, nodes: int | None = None, cluster: str | None = None) -> int:
    """Solve deals lo..hi not yet decided in ``path``, append each result there, print the summary.

    Each deal gets ``timeout`` CPU seconds and ``nodes`` positions (None: no limit); they
    are solved by ``jobs`` processes here, or by the workers of the Dask scheduler at
    ``cluster`` (``yukon.solve.cluster``), and only this process writes the files.
    Deals already in the file are kept, except unknown ones whose budget was smaller
    than this one: those are solved again (the new line wins). With ``lines_path`` the
    winning moves of each winnable deal are appended to that file as well (before its
    result line, so a kill between them only costs a deal solved again), and winnable deals
    of the range without a line there are solved again for it; one that does not come back
    winnable keeps its old result and stays without a line (a note says how many). With ``solve_more``
    False nothing is solved: the summary covers the deals of the range already in the
    file (a survey stopped part way). Ctrl+C, SIGTERM or SIGHUP stop the survey with one
    line on ``err`` and the exit status 128 + the signal; every result so far is kept.
    Raises SurveyError for a range too large, a results file that cannot be read or
    written, or workers that cannot start. An OSError from ``out`` is left to the caller.
    """
    total = hi - lo + 1
    if total > MAX_SURVEY_DEALS:
        raise SurveyError(f"deals {lo}-{hi} are {total} deals; one survey run takes at most "
                          f"{MAX_SURVEY_DEALS} (run several ranges with the same --results file)")
    tag = rules_tag(rules)
    try:
        done = read_results(path, tag)
        lined = read_lines(lines_path, tag) if lines_path is not None and solve_more else None
    except ValueError as e:
        raise SurveyError(str(e)) from None
    except OSError as e:
        raise SurveyError(f"cannot read {e.filename or path}: {e.strerror or e}") from None
    if not solve_more:
        out.writelines(line + "\n" for line in summary(_results(lo, hi, done), rules, timeout, nodes))
        return 0
    todo = [s for s in range(lo, hi + 1)
            if needs_solving(done.get(s), timeout, lined is None or s in lined, nodes)]
    counts = _kept_counts(lo, hi, done, set(todo))
    bar = _Progress(err, progress)
    f, new_file = _open_results(path, bar, err)
    lines_file: BinaryIO | None = None
    if lines_path is not None:
        try:
            lines_file, new_lines = _open_results(lines_path, bar, err)
        except SurveyError:
            f.close()
            raise
        if new_lines:
            _append(lines_file, lines_path, f"{LINES_HEADER}\n# rules {tag}\n# seed\tmoves\n")
    unlined = 0  # winnable deals solved again for their line that did not come back winnable
    finished = total - len(todo)
    started = time.monotonic()
    stopped_by = 0
    jobs_list: list[Job] = [(s, rules.variant, rules.any_card_in_space, rules.foundation_return, timeout, nodes)
                            for s in todo]
    workers = min(jobs, len(todo))
    pool: Pool | None = None
    with f, (lines_file or contextlib.nullcontext()):
        undo_signals = _catch_stop_signals()
        try:
            _append(f, path, (f"{RESULTS_HEADER}\n" if new_file else "")
                    + (section_line(tag, timeout, nodes) if new_file or todo else "")
                    + ("# seed\tstatus\tseconds\tnodes\tmoves\n" if new_file else ""))
            bar.write(_bar(finished, total, counts, started))
            results: Iterator[Outcome | str]
            if cluster is not None and todo:
                pool = _cluster_pool(cluster, jobs_list, bar, err)
                results = pool.results()
            elif workers <= 1:
                results = map(solve_deal, jobs_list)
            else:
                try:
                    pool = LocalWorkers(workers, jobs_list)
                except OSError as e:
                    raise SurveyError(f"cannot start {workers} worker processes: {e.strerror or e}") from None
                results = pool.results()
            for item in results:
                if isinstance(item, str):  # a note from the pool, on a line of its own
                    bar.line(item, err)
                    bar.write(_bar(finished, total, counts, started, total - len(todo)))
                    continue
                seed, status, seconds, searched, moves, line = item
                old = done.get(seed)
                if old is not None and old.status == Verdict.WINNABLE and status != Verdict.WINNABLE:
                    unlined += 1  # solved again only for its line: the old result stands
                    status = Verdict.WINNABLE
                else:
                    if lines_file is not None and lines_path is not None and status == Verdict.WINNABLE:
                        _append(lines_file, lines_path, f"{seed}\t{line}\n")
                    _append(f, path, f"{seed}\t{status}\t{seconds:.4f}\t{searched}\t{moves}\n")
                    done[seed] = Record(status, seconds, searched, moves, timeout, nodes)
                counts[status] += 1
                finished += 1
                bar.write(_bar(finished, total, counts, started, total - len(todo)))
        except SurveyError:
            bar.finish()  # the error line comes after the bar, not on it
            raise
        except KeyboardInterrupt:
            stopped_by = signal.SIGINT
        except _Stopped as e:
            stopped_by = e.signum
        finally:
            # Back to the usual signals first: a SIGTERM while the workers are stopped
            # ends the survey outright (its workers then see their input end and stop).
            undo_signals()
            if pool is not None:
                pool.stop()
    if stopped_by:
        solved = finished - (total - len(todo))
        bar.line(f"survey stopped ({signal.Signals(stopped_by).name}): {solved} of {len(todo)} deals "
                 f"solved in this run, every result kept in {path}; the same command goes on from there",
                 err)
        return 128 + stopped_by
    bar.finish()
    if unlined:
        bar.line(f"note: {unlined} winnable deals solved again for their line were not won within the "
                 f"limit this time; they keep their result and have no line in {lines_path}", err)
    out.writelines(line + "\n" for line in summary(_results(lo, hi, done), rules, timeout, nodes))
    return 0


def _cluster_pool(address: str, jobs: list[Job], bar: _Progress, err: TextIO | None) -> Pool:
    """The deals sent to the Dask scheduler at ``address`` (Dask imported only now)."""
    try:
        from .solve.cluster import DaskJobs
    except ImportError:  # Dask itself is imported inside; this is for a broken install
        raise SurveyError("--cluster needs yukon/solve/cluster.py, which is missing from this install") from None
    pool = DaskJobs(address, jobs)
    note = pool.idle_note()
    if note:
        bar.line(note, err)
    return pool


def _kept_counts(lo: int, hi: int, done: dict[int, Record], todo: set[int]) -> dict[Verdict, int]:
    """How many deals of lo..hi the file already decides (or leaves unknown for good), by status."""
    counts = {Verdict.WINNABLE: 0, Verdict.LOST: 0, Verdict.UNKNOWN: 0}
    for s in range(lo, hi + 1):
        if s in done and s not in todo:
            counts[done[s].status] += 1
    return counts


def _open_results(path: str, bar: _Progress, err: TextIO | None) -> tuple[BinaryIO, bool]:
    """The results file opened for appending (a torn last line cut off first), and whether it is new."""
    try:
        if os.path.dirname(path):
            os.makedirs(os.path.dirname(path), exist_ok=True)
        if _drop_torn_tail(path):
            bar.line(f"note: {path} ended in a torn line (a run stopped while writing it); "
                     "it is dropped", err)
        new_file = not os.path.exists(path) or os.path.getsize(path) == 0
        # Unbuffered: each write goes straight to the file, nothing waits in a buffer to be
        # lost by a kill or to fail again when the file is closed.
        return open(path, "ab", buffering=0), new_file
    except OSError as e:
        raise SurveyError(f"cannot write {path}: {e.strerror or e}") from None


def _append(f: BinaryIO, path: str, text: str) -> None:
    """Write whole lines to the results file, at once, so a kill tears at most one."""
    data = text.encode("utf-8")
    try:
        while data:
            written = f.write(data)
            if not written:  # a pipe or device that takes nothing: do not spin
                raise SurveyError(f"cannot write {path}: it takes no more data")
            data = data[written:]
    except OSError as e:
        raise SurveyError(f"cannot write {path}: {e.strerror or e}") from None


# -- command-line glue (registered by yukon.cli) --------------------------------------------

def _rules_from(args: argparse.Namespace, variant: str) -> Rules:
    return Rules(variant, args.any_card_in_space, not args.no_foundation_return)


def parse_timeout(text: str) -> float | None:
    """A ``--timeout`` in seconds: 0 or inf for no limit (None); negative or nan refused."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"timeout {shown(text)} is not a number of seconds") from None
    if value < 0 or math.isnan(value):
        raise argparse.ArgumentTypeError("timeout must be 0 (no limit) or more seconds")
    return None if value == 0 or math.isinf(value) else value


def _jobs(text: str) -> int:
    try:
        return whole_number(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{shown(text)} is not a number of worker processes") from None


def _nodes(text: str) -> int | None:
    try:
        value = whole_number(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{shown(text)} is not a number of positions") from None
    return value or None  # 0: no limit, like --timeout 0


def usable_jobs(jobs: int) -> int:
    """``--jobs`` capped at the processors here: more workers than that only share them."""
    return max(1, min(jobs, os.cpu_count() or 1))


def _cmd_solve(args: argparse.Namespace, stdin: TextIO | None, out: TextIO) -> int:
    if args.deal is not None:
        position = Position.deal(args.deal, _rules_from(args, args.game or "yukon"))
    else:
        position = read_position(args, stdin)
        if args.game and args.game != position.rules.variant:
            position = position.with_rules(_rules_from(args, args.game))
    try:
        result = solve(position, timeout=args.timeout)
    except KeyboardInterrupt:
        raise
    except Exception as e:  # noqa: BLE001  # pragma: no cover - a solver bug must not give a traceback
        raise UsageError(f"the solver failed: {e}") from None
    out.write(result.status + "\n")
    out.writelines(f"{move}\n" for move in result.moves)
    return EXIT_OK


def _cmd_survey(args: argparse.Namespace, stdin: TextIO | None, out: TextIO) -> int:
    try:
        lo, hi = parse_range(args.deals)
    except ValueError as e:
        raise UsageError(str(e)) from None
    if args.cluster is not None:
        if args.jobs is not None:
            raise UsageError("--jobs is for worker processes on this machine; with --cluster the "
                             "cluster's workers solve (start as many as you like there)")
        if not args.cluster.strip():
            raise UsageError("--cluster needs the scheduler's address, like tcp://10.0.0.5:8786")
        if importlib.util.find_spec("distributed") is None:
            raise UsageError(missing_dask_message())
    if args.jobs is None:
        args.jobs = 1
    if args.jobs < 1:
        raise UsageError("--jobs must be 1 or more")
    jobs = usable_jobs(args.jobs)
    if jobs < args.jobs:
        say(f"note: --jobs {args.jobs} is more than the {jobs} processors here; using {jobs} "
            "(the solver keeps a processor busy; more workers would only share them)")
    rules = _rules_from(args, args.game)
    if args.results is not None and not args.results.strip():
        raise UsageError("--results needs a file name")
    path = args.results or f"survey-{rules_tag(rules)}.tsv"
    if args.lines is not None and not args.lines.strip():
        raise UsageError("--lines needs a file name")
    if args.lines is not None and os.path.abspath(args.lines) == os.path.abspath(path):
        raise UsageError("--lines needs a file of its own, not the results file")
    try:
        return run_survey(lo, hi, rules, args.timeout, jobs, path, out, sys.stderr,
                          progress=not args.quiet, solve_more=not args.summary_only, lines_path=args.lines,
                          nodes=args.nodes, cluster=args.cluster)
    except SurveyError as e:
        raise UsageError(str(e)) from None


def add_commands(sub: argparse._SubParsersAction) -> None:
    """Add ``solve`` and ``survey`` to the command line's subcommands."""
    p = sub.add_parser("solve", help="decide a position or deal: winnable (with moves), unwinnable or unknown",
                       description="Decide a position: prints winnable (then the winning moves, one per line), "
                                   "unwinnable (proved) or unknown (time ran out).")
    src = p.add_mutually_exclusive_group()
    src.add_argument("--deal", type=parse_seed, metavar="SEED", help="solve this deal number")
    add_position_option(src)
    p.add_argument("--game", choices=VARIANTS, default=None,
                   help="variant (default: the position's Game line, or yukon for --deal)")
    p.add_argument("--timeout", type=parse_timeout, default=10.0, metavar="S",
                   help="seconds before giving up with unknown (default 10; 0 = no limit)")
    add_rule_options(p)
    p.set_defaults(run=_cmd_solve)

    p = sub.add_parser("survey", help="solve a range of deals and report the winnable share",
                       description="Solve deals A..B on N processes here or on a Dask cluster; results are "
                                   "kept in a file so a second run skips the deals already done.")
    p.add_argument("--deals", required=True, metavar="A-B", help="deal numbers, e.g. 1-5000")
    p.add_argument("--game", choices=VARIANTS, default="yukon", help="variant (default yukon)")
    p.add_argument("--timeout", type=parse_timeout, default=10.0, metavar="S",
                   help="CPU seconds per deal before unknown (default 10; 0 = no limit)")
    p.add_argument("--nodes", type=_nodes, default=None, metavar="N",
                   help="positions searched per deal before unknown (default: no limit); unlike "
                        "--timeout it gives the same answers on any machine")
    p.add_argument("--jobs", type=_jobs, default=None, metavar="N",
                   help="worker processes (default 1; at most the number of processors)")
    p.add_argument("--cluster", metavar="ADDRESS", default=None,
                   help="solve on the workers of the Dask scheduler at ADDRESS (tcp://HOST:8786) "
                        'instead of processes here; needs pip install "yukon-solitaire[cluster]"')
    p.add_argument("--results", metavar="FILE", default=None,
                   help="results file (default survey-GAME.tsv); deals already in it are skipped")
    p.add_argument("--lines", metavar="FILE", default=None,
                   help="keep the winning moves of each winnable deal in FILE (winnable deals without "
                        "one there are solved again for it)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.add_argument("--summary-only", action="store_true",
                   help="solve nothing; print the figures for the deals of the range already in the file")
    add_rule_options(p)
    p.set_defaults(run=_cmd_survey)
