"""Line-length benchmark: how long the winning lines are before and after ``shorten_line``.

    python benchmarks/line_bench.py [--deals 1-1000] [--game yukon|russian]
                                    [--no-foundation-return] [--timeout 10] [--budget N]

Each deal of the range is solved (process CPU time, ``--timeout`` each) without shortening;
every winning line is then shortened with ``yukon.solve.solver.shorten_line`` (its default budget,
or ``--budget`` positions) and both lines must replay through the engine to a won table.
Prints the median, p99 and longest line as found (loops cut) and as shortened, and the CPU
time shortening took per line (median, p99, max). The issue's goal on Yukon deals 1-1000:
median at most 92 moves, p99 at most 150, none over 200, at most 0.2 s a line.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from yukon.core.rules import Rules
from yukon.core.state import Position
from yukon.solve.solver import SHORTEN_BUDGET, Verdict, check_line, shorten_line, solve
from yukon.survey import parse_range, parse_timeout, percentile


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print its figures."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", default="1-1000", help="a range of deal numbers, A-B")
    ap.add_argument("--game", choices=("yukon", "russian"), default="yukon")
    ap.add_argument("--no-foundation-return", action="store_true")
    ap.add_argument("--timeout", type=parse_timeout, default=10.0, help="CPU seconds per deal (0: no limit)")
    ap.add_argument("--budget", type=int, default=SHORTEN_BUDGET, help="shorten_line's budget (positions)")
    ap.add_argument("--verbose", action="store_true")
    a = ap.parse_args(argv)
    try:
        lo, hi = parse_range(a.deals)
    except ValueError as e:
        ap.error(str(e))
    rules = Rules(a.game, False, not a.no_foundation_return)
    found: list[float] = []
    short: list[float] = []
    cost: list[float] = []
    bad = 0
    for seed in range(lo, hi + 1):
        p = Position.deal(seed, rules)
        r = solve(p, timeout=a.timeout, clock=time.process_time, shorten=False)
        if r.status != Verdict.WINNABLE:
            continue
        t0 = time.process_time()
        line = shorten_line(p, r.moves, a.budget)
        cost.append(time.process_time() - t0)
        if not (check_line(p, r.moves) and check_line(p, line)) or len(line) > len(r.moves):
            bad += 1
            print(f"deal {seed}: a line does not replay or grew!", file=sys.stderr)
        found.append(len(r.moves))
        short.append(len(line))
        if a.verbose:
            print(f"{seed} {len(r.moves)} -> {len(line)} moves, {cost[-1]:.3f} s", flush=True)
    print(f"{rules.describe()}: deals {lo}-{hi}, {len(found)} won within {a.timeout:g} s, budget {a.budget}")
    for name, v in (("as found", found), ("shortened", short)):
        print(f"{name:>9}: median {percentile(v, 0.5):.0f}, p99 {percentile(v, 0.99):.0f}, "
              f"max {max(v, default=0):.0f} moves")
    print(f"shortening: median {percentile(cost, 0.5):.3f} s, p99 {percentile(cost, 0.99):.3f} s, "
          f"max {max(cost, default=0.0):.3f} s a line; lines that failed: {bad}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
