"""The ``solve`` and ``survey`` commands: one position decided, or a range of deals surveyed.

``python -m yukon solve [--position FILE | --deal SEED] [--game russian] [--timeout S]
[--any-card-in-space] [--no-foundation-return]`` prints ``winnable`` (then the winning
moves, one per line), ``unwinnable`` or ``unknown``.

``python -m yukon survey --deals A-B [--game ...] [--timeout S] [--jobs N] [--results FILE]``
solves deals A..B on N processes with a progress bar on stderr, keeps one line per deal in
the results file (so a second run skips the deals already done) and prints the counts,
the winnable share with a 95% Wilson interval (unknowns counted as losses for the low
end and as wins for the high end) and the median, p95 and max solve times.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing as mp
import os
import sys
import time
from collections.abc import Iterable
from typing import TextIO

from .rules import VARIANTS, Rules
from .solver import UNKNOWN, UNWINNABLE, WINNABLE, solve
from .state import Position

RESULTS_HEADER = "# yukon survey v1"
Z95 = 1.959963984540054


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
        lo = int(a)
        hi = int(b) if dash else lo
    except ValueError:
        raise ValueError(f"{text!r} is not a deal range like 1-5000") from None
    if lo < 0 or hi < lo:
        raise ValueError(f"{text!r} is not a deal range like 1-5000 (first <= last, both >= 0)")
    return lo, hi


def rules_tag(rules: Rules) -> str:
    """The rules as one word for the results file: ``yukon``, ``russian+any-card-in-space`` ..."""
    tag = rules.variant
    if rules.any_card_in_space:
        tag += "+any-card-in-space"
    if not rules.foundation_return:
        tag += "+no-foundation-return"
    return tag


def solve_deal(job: tuple[int, str, bool, bool, float | None]) -> tuple[int, str, float, int, int]:
    """Solve one deal (in a worker): (seed, status, seconds, nodes, moves in the line)."""
    seed, variant, any_space, back, timeout = job
    rules = Rules(variant, any_space, back)
    r = solve(Position.deal(seed, rules), timeout=timeout, clock=time.process_time)
    return seed, r.status, r.stats["seconds"], r.stats["nodes"], len(r.moves)


def read_results(path: str, tag: str) -> dict[int, tuple[str, float, int, int]]:
    """The deals already in a results file (seed -> status, seconds, nodes, moves).

    Raises ValueError when the file belongs to other rules or is not a results file.
    A torn last line (a run stopped mid-write) is ignored.
    """
    done: dict[int, tuple[str, float, int, int]] = {}
    if not os.path.exists(path):
        return done
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    if not lines:
        return done
    if not lines[0].startswith(RESULTS_HEADER):
        raise ValueError(f"{path} is not a survey results file")
    for line in lines[1:]:
        if line.startswith("# rules"):
            other = line.split()[2] if len(line.split()) > 2 else ""
            if other != tag:
                raise ValueError(f"{path} holds results for {other}, not {tag}")
            continue
        if not line or line.startswith("#"):
            continue
        parts = line.split("\t")
        if len(parts) != 5 or parts[1] not in (WINNABLE, UNWINNABLE, UNKNOWN):
            continue
        try:
            done[int(parts[0])] = (parts[1], float(parts[2]), int(parts[3]), int(parts[4]))
        except ValueError:
            continue
    return done


def summary(rows: Iterable[tuple[str, float]], rules: Rules, timeout: float | None) -> list[str]:
    """The survey's figures as text lines, from (status, seconds) per deal."""
    rows = list(rows)
    n = len(rows)
    w = sum(1 for s, _ in rows if s == WINNABLE)
    lost = sum(1 for s, _ in rows if s == UNWINNABLE)
    unk = n - w - lost
    times = [t for _, t in rows]
    decided = [t for s, t in rows if s != UNKNOWN]
    lo, hi = share_interval(w, unk, n)
    limit = "none" if timeout is None else f"{timeout:g} s"
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


def _bar(done: int, total: int, counts: dict[str, int], started: float, base: int = 0,
         width: int = 30) -> str:
    frac = done / total if total else 1.0
    filled = int(width * frac)
    elapsed = time.monotonic() - started
    eta = ""
    if base < done < total:
        eta = f" eta {int(elapsed / (done - base) * (total - done))} s"
    return (f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} "
            f"won {counts[WINNABLE]} lost {counts[UNWINNABLE]} unknown {counts[UNKNOWN]}{eta}  ")


def run_survey(lo: int, hi: int, rules: Rules, timeout: float | None, jobs: int, path: str,
               out: TextIO, err: TextIO, progress: bool = True, solve_more: bool = True) -> int:
    """Solve deals lo..hi not yet in ``path``, append each result there, print the summary.

    With ``solve_more`` False nothing is solved: the summary covers the deals of the range
    already in the file (a survey stopped part way).
    """
    tag = rules_tag(rules)
    done = read_results(path, tag)
    if not solve_more:
        rows = [(done[s][0], done[s][1]) for s in range(lo, hi + 1) if s in done]
        for line in summary(rows, rules, timeout):
            out.write(line + "\n")
        return 0
    todo = [s for s in range(lo, hi + 1) if s not in done]
    new_file = not os.path.exists(path) or os.path.getsize(path) == 0
    if os.path.dirname(path):
        os.makedirs(os.path.dirname(path), exist_ok=True)
    counts = {WINNABLE: 0, UNWINNABLE: 0, UNKNOWN: 0}
    for s in range(lo, hi + 1):
        if s in done:
            counts[done[s][0]] += 1
    total = hi - lo + 1
    finished = total - len(todo)
    started = time.monotonic()
    with open(path, "a", encoding="utf-8") as f:
        if new_file:
            f.write(f"{RESULTS_HEADER}\n# rules {tag} timeout {timeout}\n# seed\tstatus\tseconds\tnodes\tmoves\n")
        elif todo:
            f.write(f"# rules {tag} timeout {timeout}\n")
        f.flush()
        jobs_list = [(s, rules.variant, rules.any_card_in_space, rules.foundation_return, timeout) for s in todo]
        if progress:
            err.write(_bar(finished, total, counts, started))
            err.flush()
        if jobs <= 1:
            results = map(solve_deal, jobs_list)
            pool = None
        else:
            pool = mp.get_context("spawn").Pool(jobs)
            results = pool.imap_unordered(solve_deal, jobs_list, chunksize=1)
        try:
            for seed, status, seconds, nodes, moves in results:
                f.write(f"{seed}\t{status}\t{seconds:.4f}\t{nodes}\t{moves}\n")
                f.flush()
                done[seed] = (status, seconds, nodes, moves)
                counts[status] += 1
                finished += 1
                if progress:
                    err.write(_bar(finished, total, counts, started, total - len(todo)))
                    err.flush()
        finally:
            if pool is not None:
                pool.terminate()
                pool.join()
    if progress:
        err.write("\n")
    rows = [(done[s][0], done[s][1]) for s in range(lo, hi + 1) if s in done]
    for line in summary(rows, rules, timeout):
        out.write(line + "\n")
    return 0


# -- command-line glue (registered by yukon.cli) --------------------------------------------

def _rules_from(args: argparse.Namespace, variant: str) -> Rules:
    return Rules(variant, args.any_card_in_space, not args.no_foundation_return)


def _timeout(text: str) -> float | None:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"timeout {text!r} is not a number of seconds") from None
    if value < 0 or math.isnan(value):
        raise argparse.ArgumentTypeError("timeout must be 0 (no limit) or more seconds")
    return None if value == 0 else value


def _cmd_solve(args: argparse.Namespace, stdin: TextIO, out: TextIO) -> int:
    from .cli import EXIT_OK, UsageError, read_position

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
    except Exception as e:  # pragma: no cover - a solver bug must not give a traceback
        raise UsageError(f"the solver failed: {e}") from None
    out.write(result.status + "\n")
    for move in result.moves:
        out.write(f"{move}\n")
    return EXIT_OK


def _cmd_survey(args: argparse.Namespace, stdin: TextIO, out: TextIO) -> int:
    from .cli import UsageError

    try:
        lo, hi = parse_range(args.deals)
    except ValueError as e:
        raise UsageError(str(e)) from None
    if args.jobs < 1:
        raise UsageError("--jobs must be 1 or more")
    rules = _rules_from(args, args.game)
    path = args.results or f"survey-{rules_tag(rules)}.tsv"
    try:
        return run_survey(lo, hi, rules, args.timeout, args.jobs, path, out, sys.stderr,
                          progress=not args.quiet, solve_more=not args.summary_only)
    except ValueError as e:
        raise UsageError(str(e)) from None
    except OSError as e:
        raise UsageError(f"cannot write {path}: {e.strerror or e}") from None


def add_commands(sub: argparse._SubParsersAction) -> None:
    """Add ``solve`` and ``survey`` to the command line's subcommands."""
    from .cli import _seed, add_position_option, add_rule_options

    p = sub.add_parser("solve", help="decide a position or deal: winnable (with moves), unwinnable or unknown",
                       description="Decide a position: prints winnable (then the winning moves, one per line), "
                                   "unwinnable (proved) or unknown (time ran out).")
    src = p.add_mutually_exclusive_group()
    src.add_argument("--deal", type=_seed, metavar="SEED", help="solve this deal number")
    add_position_option(src)
    p.add_argument("--game", choices=VARIANTS, default=None,
                   help="variant (default: the position's Game line, or yukon for --deal)")
    p.add_argument("--timeout", type=_timeout, default=10.0, metavar="S",
                   help="seconds before giving up with unknown (default 10; 0 = no limit)")
    add_rule_options(p)
    p.set_defaults(run=_cmd_solve)

    p = sub.add_parser("survey", help="solve a range of deals and report the winnable share",
                       description="Solve deals A..B on N processes; results are kept in a file so a "
                                   "second run skips the deals already done.")
    p.add_argument("--deals", required=True, metavar="A-B", help="deal numbers, e.g. 1-5000")
    p.add_argument("--game", choices=VARIANTS, default="yukon", help="variant (default yukon)")
    p.add_argument("--timeout", type=_timeout, default=10.0, metavar="S",
                   help="seconds per deal before unknown (default 10; 0 = no limit)")
    p.add_argument("--jobs", type=int, default=1, metavar="N", help="worker processes (default 1)")
    p.add_argument("--results", metavar="FILE", default=None,
                   help="results file (default survey-GAME.tsv); deals already in it are skipped")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.add_argument("--summary-only", action="store_true",
                   help="solve nothing; print the figures for the deals of the range already in the file")
    add_rule_options(p)
    p.set_defaults(run=_cmd_survey)
