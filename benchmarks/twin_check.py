"""Checks a pruning rule against the solver without it, on the deals only the rule proves lost.

    python benchmarks/twin_check.py [--deals 1-1000] [--game yukon] [--timeout 10]
                                    [--no-foundation-return] [--rule twin|stuck]

For every deal in the range that the plain relaxation leaves open but the twin rule
(``yukon.solver.crowded``) proves lost at once, the deal is solved again with the twin
rule switched off (the relaxation and the rest stay). A "winnable" answer there would
mean the rule threw a win away: the script prints it and exits 1. "unwinnable" confirms
the rule; "unknown" (time ran out) neither confirms nor refutes it.

With ``--rule stuck`` the rule checked is the relaxation after moves that leave a card
stuck (``stuck_rule``): every deal the solver proves lost by search (not at once) is solved
again without that rule, with the same verdicts as above.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from yukon.rules import Rules
from yukon.solver import UNWINNABLE, WINNABLE, crowded, dead_end, solve
from yukon.state import Position
from yukon.survey import parse_range, parse_timeout


def main(argv: list[str] | None = None) -> int:
    """Run the check and print what it found."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", default="1-1000", help="a range of deal numbers, A-B")
    ap.add_argument("--game", choices=("yukon", "russian"), default="yukon")
    ap.add_argument("--timeout", type=parse_timeout, default=10.0, help="CPU seconds per deal (0: no limit)")
    ap.add_argument("--no-foundation-return", action="store_true")
    ap.add_argument("--rule", choices=("twin", "stuck"), default="twin")
    a = ap.parse_args(argv)
    try:
        lo, hi = parse_range(a.deals)
    except ValueError as e:
        ap.error(str(e))
    rules = Rules(a.game, False, not a.no_foundation_return)
    counts = {"winnable": 0, "unwinnable": 0, "unknown": 0}
    for seed in range(lo, hi + 1):
        p = Position.deal(seed, rules)
        if a.rule == "twin":
            if dead_end(p) or not crowded(p):
                continue
            r = solve(p, timeout=a.timeout, clock=time.process_time, twin_rule=False)
        else:
            first = solve(p, timeout=a.timeout, clock=time.process_time, shorten=False)
            if first.status != UNWINNABLE or first.stats["phase"] == "relaxation":
                continue
            r = solve(p, timeout=a.timeout, clock=time.process_time, shorten=False, stuck_rule=False)
        counts[r.status] += 1
        print(f"deal {seed}: without the {a.rule} rule {r.status} ({r.stats['seconds']:.1f} s)", flush=True)
        if r.status == WINNABLE:
            print(f"deal {seed}: the {a.rule} rule called a winnable deal lost!", file=sys.stderr)
    what = "the twin rule alone proved" if a.rule == "twin" else "the solver with the stuck rule proved by search"
    print(f"{rules.describe()}, deals {a.deals}: {what} "
          f"{sum(counts.values())} lost; without it the solver says unwinnable "
          f"{counts[UNWINNABLE]}, unknown {counts['unknown']}, winnable {counts[WINNABLE]}")
    return 1 if counts[WINNABLE] else 0


if __name__ == "__main__":
    sys.exit(main())
