"""Checks a pruning rule against the solver without it, on the deals only the rule proves lost.

    python benchmarks/twin_check.py [--deals 1-1000] [--game yukon] [--timeout 10]
                                    [--no-foundation-return] [--rule twin|stuck|stuck-twins]

For every deal in the range that the plain relaxation leaves open but the twin rule
(``yukon.solve.relaxation.crowded``) proves lost at once, the deal is solved again with the twin
rule switched off (the relaxation and the rest stay). A "winnable" answer there would
mean the rule threw a win away: the script prints it and exits 1. "unwinnable" confirms
the rule; "unknown" (time ran out) neither confirms nor refutes it.

With ``--rule stuck`` the rule checked is the relaxation after moves that leave a card
stuck (``stuck_rule``): every deal the solver proves lost by search (not at once) is solved
again without that rule, with the same verdicts as above.

With ``--rule stuck-twins`` the rule checked is the twin rule at those stuck checks
(``stuck_twins``, see ``yukon.solve.relaxation.stuck_crowded``): every deal is solved with it and
without it, and wherever both decide, the verdicts must agree (a deal the rule's search
calls unwinnable that the other wins would mean it threw a win away). Node counts of both
are printed for the deals either proves lost.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from yukon.core.rules import Rules
from yukon.core.state import Position
from yukon.solve.solver import Verdict, crowded, dead_end, solve
from yukon.survey import parse_range, parse_timeout


def check_stuck_twins(rules: Rules, lo: int, hi: int, timeout: float | None, deals: str) -> int:
    """``--rule stuck-twins``: each deal with and without the rule; decided verdicts agree."""
    agree = differ = 0
    nodes = [0, 0]
    for seed in range(lo, hi + 1):
        p = Position.deal(seed, rules)
        on = solve(p, timeout=timeout, clock=time.process_time, shorten=False)
        off = solve(p, timeout=timeout, clock=time.process_time, shorten=False, stuck_twins=False)
        if Verdict.UNKNOWN in (on.status, off.status):
            continue
        if on.status != off.status:
            differ += 1
            print(f"deal {seed}: with the twin rule at stuck checks {on.status}, without it {off.status}!",
                  file=sys.stderr, flush=True)
            continue
        agree += 1
        if on.status == Verdict.LOST:
            nodes[0] += on.stats["nodes"]
            nodes[1] += off.stats["nodes"]
            print(f"deal {seed}: unwinnable with {on.stats['nodes']} positions ({on.stats['seconds']:.1f} s), "
                  f"{off.stats['nodes']} without the rule ({off.stats['seconds']:.1f} s)", flush=True)
    print(f"{rules.describe()}, deals {deals}: decided with and without the twin rule at stuck checks: "
          f"{agree} agree, {differ} differ; positions to prove the lost ones: {nodes[0]} with it, "
          f"{nodes[1]} without")
    return 1 if differ else 0


def main(argv: list[str] | None = None) -> int:
    """Run the check and print what it found."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", default="1-1000", help="a range of deal numbers, A-B")
    ap.add_argument("--game", choices=("yukon", "russian"), default="yukon")
    ap.add_argument("--timeout", type=parse_timeout, default=10.0, help="CPU seconds per deal (0: no limit)")
    ap.add_argument("--no-foundation-return", action="store_true")
    ap.add_argument("--rule", choices=("twin", "stuck", "stuck-twins"), default="twin")
    a = ap.parse_args(argv)
    try:
        lo, hi = parse_range(a.deals)
    except ValueError as e:
        ap.error(str(e))
    rules = Rules(a.game, False, not a.no_foundation_return)
    counts = {"winnable": 0, "unwinnable": 0, "unknown": 0}
    if a.rule == "stuck-twins":
        return check_stuck_twins(rules, lo, hi, a.timeout, a.deals)
    for seed in range(lo, hi + 1):
        p = Position.deal(seed, rules)
        if a.rule == "twin":
            if dead_end(p) or not crowded(p):
                continue
            r = solve(p, timeout=a.timeout, clock=time.process_time, twin_rule=False)
        else:
            first = solve(p, timeout=a.timeout, clock=time.process_time, shorten=False)
            if first.status != Verdict.LOST or first.stats["phase"] == "relaxation":
                continue
            r = solve(p, timeout=a.timeout, clock=time.process_time, shorten=False, stuck_rule=False)
        counts[r.status] += 1
        print(f"deal {seed}: without the {a.rule} rule {r.status} ({r.stats['seconds']:.1f} s)", flush=True)
        if r.status == Verdict.WINNABLE:
            print(f"deal {seed}: the {a.rule} rule called a winnable deal lost!", file=sys.stderr)
    what = "the twin rule alone proved" if a.rule == "twin" else "the solver with the stuck rule proved by search"
    print(f"{rules.describe()}, deals {a.deals}: {what} "
          f"{sum(counts.values())} lost; without it the solver says unwinnable "
          f"{counts[Verdict.LOST]}, unknown {counts['unknown']}, winnable {counts[Verdict.WINNABLE]}")
    return 1 if counts[Verdict.WINNABLE] else 0


if __name__ == "__main__":
    sys.exit(main())
