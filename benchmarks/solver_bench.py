"""Solver benchmark: the same random deals (fixed seeds), one process, a time limit each.

    python benchmarks/solver_bench.py [--deals 200 | --deals 0-999] [--first 0] [--timeout 10]
                                      [--game yukon|russian] [--verbose] [--seeds 0 23 ...]
                                      [--no-pair-rule]

Prints how many deals were decided (winnable / unwinnable) and left unknown, the median
solve time over all deals and the p95 over decided deals; every winning line found is
replayed through the engine (Position.play) and must end won. The issue's goal on one
core, 200 Yukon deals, 10 s each: >= 97% decided (aim 99%), median < 0.1 s, p95 of
decided < 2 s. Issue 14's goal, deals 0-999 with and without foundation return: >= 99.5%
decided within 10 CPU s, median <= 10 ms; the last line of output gives those figures.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from yukon.core.rules import Rules
from yukon.core.state import Position
from yukon.solve.solver import PLAN, Verdict, check_line, solve
from yukon.survey import parse_range


def percentile(values: list[float], q: float) -> float:
    """The q-quantile (0..1) of ``values`` by the nearest-rank method; 0.0 when empty."""
    if not values:
        return 0.0
    v = sorted(values)
    i = max(0, min(len(v) - 1, round(q * len(v) + 0.5) - 1))
    return v[i]


def _parser() -> argparse.ArgumentParser:
    """The benchmark's options."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", default="200", help="how many deals from --first, or a range A-B")
    ap.add_argument("--first", type=int, default=0, help="first deal number (seed)")
    ap.add_argument("--timeout", type=float, default=10.0)
    ap.add_argument("--game", choices=("yukon", "russian"), default="yukon")
    ap.add_argument("--any-card-in-space", action="store_true")
    ap.add_argument("--no-foundation-return", action="store_true")
    ap.add_argument("--verbose", action="store_true")
    ap.add_argument("--seeds", type=int, nargs="+", help="only these deal numbers (quick checks)")
    ap.add_argument("--plan", help="searches to run, comma-separated (default: yukon.solve.solver.PLAN)")
    ap.add_argument("--no-pair-rule", action="store_true", help="without the pair proof (yukon.solve.pairs)")
    return ap


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print its figures."""
    ap = _parser()
    a = ap.parse_args(argv)
    rules = Rules(a.game, a.any_card_in_space, not a.no_foundation_return)
    plan = tuple(a.plan.split(",")) if a.plan else PLAN
    counts = {"winnable": 0, "unwinnable": 0, "unknown": 0}
    times: list[float] = []
    decided_times: list[float] = []
    unknown: list[int] = []
    bad = 0
    t_all = time.perf_counter()
    try:
        if "-" in a.deals:
            lo, hi = parse_range(a.deals)
        else:
            lo, hi = a.first, a.first + int(a.deals) - 1
    except ValueError as e:
        ap.error(str(e))
    seeds = a.seeds or list(range(lo, hi + 1))
    for seed in seeds:
        p = Position.deal(seed, rules)
        r = solve(p, timeout=a.timeout, clock=time.process_time, plan=plan, shorten=False,
                  pair_rule=not a.no_pair_rule)
        s = r.stats["seconds"]
        counts[r.status] += 1
        times.append(s)
        if r.status == "unknown":
            unknown.append(seed)
        else:
            decided_times.append(s)
        if r.status == Verdict.WINNABLE and not check_line(p, r.moves):
            bad += 1
            print(f"deal {seed}: winning line does not replay!", file=sys.stderr)
        if a.verbose:
            print(f"{seed} {r.status} {r.stats['phase']} nodes={r.stats['nodes']} {s:.3f}s "
                  f"moves={len(r.moves)}"
                  + (" pairs(asked,closures,proved,covered)={}".format(r.stats["pairs"]) if "pairs" in r.stats else ""),
                  flush=True)
    n = len(seeds)
    decided = counts["winnable"] + counts["unwinnable"]
    which = f"{n} chosen deals" if a.seeds else f"deals {lo}-{hi}"
    print(f"{rules.describe()}: {which}, timeout {a.timeout:g} s, one process")
    print(f"winnable {counts['winnable']}  unwinnable {counts['unwinnable']}  unknown {counts['unknown']}")
    print(f"decided {decided}/{n} = {100 * decided / n:.1f}%")
    print(f"median {percentile(times, 0.5):.3f} s (all deals), p95 of decided "
          f"{percentile(decided_times, 0.95):.3f} s, max of decided {max(decided_times, default=0):.3f} s")
    print(f"total {time.perf_counter() - t_all:.1f} s; lines that failed to replay: {bad}")
    if unknown:
        print("unknown deals: " + " ".join(map(str, unknown)))
    print(f"{rules.describe()}, {which}: decided {100 * decided / n:.1f}%, median "
          f"{1000 * percentile(times, 0.5):.1f} ms, p95 {1000 * percentile(times, 0.95):.0f} ms (all deals, CPU)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
