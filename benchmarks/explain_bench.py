"""What the table's "Why?" costs: ``yukon.solve.explain.explain`` on lost positions, in CPU time.

    python benchmarks/explain_bench.py [--deals 1-300] [--game yukon] [--timeout 5] [--examples 3]

Two kinds of lost position, both taken from real deals:

- "dealt": the deals in the range the relaxation or the twin rule proves lost as dealt
  (explained without a search);
- "played": for each deal in the range the solver proves winnable, the game that follows
  its winning line for a while (a number of moves fixed by the deal) and then makes the
  first move the relaxation or the twin rule proves losing; its explanation replays that
  history to find the move that closed each stuck card's way.

Prints the kinds of explanation and the median and largest CPU time of each set, and the
first ``--examples`` explanations in words. Figures count CPU time (``time.process_time``)
so that a busy machine does not inflate them.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections import Counter

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from yukon.core.rules import Rules
from yukon.core.state import Move, Position
from yukon.solve.explain import Explanation, explain
from yukon.solve.solver import Verdict, crowded_pair, dead_end, solve
from yukon.survey import parse_range, parse_timeout
from yukon.text.why_words import sentences


def _lost_after(p: Position, line: list[Move], seed: int) -> list[Move] | None:
    """Some moves of the winning ``line`` and then a move that loses at once (None: none found)."""
    k = random.Random(seed).randrange(1, max(2, min(60, len(line))))
    q = p.copy()
    for m in line[:k]:
        q.play(m)
    for m in q.legal_moves():
        r = q.copy()
        r.play(m)
        if dead_end(r) or crowded_pair(r) is not None:
            return [*line[:k], m]
    return None


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print its figures."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", default="1-300", help="a range of deal numbers, A-B")
    ap.add_argument("--game", choices=("yukon", "russian"), default="yukon")
    ap.add_argument("--timeout", type=parse_timeout, default=5.0, help="CPU seconds per solve (0: no limit)")
    ap.add_argument("--examples", type=int, default=3, help="explanations to print in words")
    a = ap.parse_args(argv)
    first, last = parse_range(a.deals)
    rules = Rules(a.game)
    sets: dict[str, list[float]] = {"dealt": [], "played": []}
    kinds: Counter[str] = Counter()
    shown = 0
    for seed in range(first, last + 1):
        p = Position.deal(seed, rules)
        if dead_end(p) or crowded_pair(p) is not None:
            name, moves = "dealt", []
        else:
            r = solve(p, timeout=a.timeout, clock=time.process_time)
            if r.status != Verdict.WINNABLE:
                continue
            found = _lost_after(p, r.moves, seed)
            if found is None:
                continue
            name, moves = "played", found
        t0 = time.process_time()
        e: Explanation = explain(p, moves, timeout=a.timeout, clock=time.process_time)
        sets[name].append(time.process_time() - t0)
        kinds[f"{name}/{e.kind}"] += 1
        if shown < a.examples and moves:
            shown += 1
            print(f"deal {seed}, {len(moves)} moves, the last {moves[-1]}:")
            for para in sentences(e):
                print("   ", para)
    for name, times in sets.items():
        if times:
            print(f"{name}: {len(times)} positions, median {statistics.median(times) * 1000:.1f} ms, "
                  f"largest {max(times) * 1000:.1f} ms CPU")
    print("kinds:", dict(sorted(kinds.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
