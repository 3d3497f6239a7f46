"""How long does picking a day's deal take? Every date of a year, for each game.

    python benchmarks/daily_bench.py                       # 2026, both games
    python benchmarks/daily_bench.py --year 2027 --game russian --days 60
    python benchmarks/daily_bench.py --nodes 60000         # another budget per candidate
    python benchmarks/daily_bench.py --golden > tests/golden/daily.txt   # the test's pinned days

For each date it runs ``yukon.play.daily.pick_daily`` (the solver on candidate deals until
one is proved winnable within the budget of search positions) and measures the CPU
seconds of this process (``time.process_time``: a busy machine's other work is not
counted, though a shared core still slows it). Per game it prints the median, p90 and
worst time, how many candidates a day tried (median and most) and how many of them ran
out of the budget, the search positions spent, and the levels of the deals picked.
``--nodes`` other than ``DAILY_NODES`` picks other deals: it is for choosing the
budget, not for the game. ``--golden`` prints the golden file of tests/test_daily.py
(the deals of ``GOLDEN_DATES``): make it again only when the deals of the day are meant
to move (a new ``DAILY_RULES_VERSION``). One process, one core.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections import Counter
from datetime import date, timedelta

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from yukon.play.daily import DAILY_GAMES, DAILY_NODES, DAILY_RULES_VERSION, DailyDeal, pick_daily
from yukon.solve.difficulty import PLAYABLE

# The golden file's dates: among them a leap day, a year's ends, a Yukon day whose first
# candidate is lost (2026-01-07) and one whose first runs out of the budget (2026-02-01).
GOLDEN_DATES = ("2000-02-29", "2025-12-31", "2026-01-01", "2026-01-07", "2026-02-01", "2026-03-01",
                "2026-07-14", "2027-10-09", "2031-05-20")


def percentile(values: list[float], share: float) -> float:
    """The value below which ``share`` of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def run(variant: str, first: date, days: int, nodes: int, verbose: bool) -> None:
    """Pick ``days`` days' deals from ``first`` and print the figures."""
    seconds: list[float] = []
    picked: list[DailyDeal] = []
    for i in range(days):
        day = first + timedelta(days=i)
        t0 = time.process_time()
        deal = pick_daily(day, variant, node_limit=nodes)
        seconds.append(time.process_time() - t0)
        picked.append(deal)
        if verbose:
            print(f"{day} {variant} deal {deal.seed} {deal.level.value} tried {deal.tried} "
                  f"undecided {deal.undecided} nodes {deal.nodes} {seconds[-1]:.3f} s", flush=True)
    tried = [d.tried for d in picked]
    worst = max(range(days), key=lambda i: seconds[i])
    levels = Counter(d.level for d in picked)
    print(f"{variant}: {days} days from {first}, budget {nodes} positions per candidate")
    print(f"  CPU seconds per day: median {statistics.median(seconds):.3f}, p90 {percentile(seconds, 0.9):.3f}, "
          f"worst {seconds[worst]:.3f} ({first + timedelta(days=worst)}), total {sum(seconds):.1f}")
    print(f"  candidates per day: median {statistics.median(tried):g}, most {max(tried)}; "
          f"undecided candidates in all {sum(d.undecided for d in picked)} of {sum(tried)}")
    print(f"  search positions per day: median {statistics.median(d.nodes for d in picked):g}, "
          f"most {max(d.nodes for d in picked)}")
    print("  levels: " + ", ".join(f"{level.value} {levels[level]}" for level in PLAYABLE), flush=True)


def print_golden() -> None:
    """The golden file of tests/test_daily.py, made from the game's own pick."""
    print(f"# The deals of the day of some dates (yukon.play.daily: version {DAILY_RULES_VERSION}, "
          f"{DAILY_NODES} positions")
    print("# per candidate). A change that moves one moves every player's deal of that day: see tests/test_daily.py.")
    print("# Made by: python benchmarks/daily_bench.py --golden > tests/golden/daily.txt")
    print("# date game deal level")
    for text in GOLDEN_DATES:
        for variant in DAILY_GAMES:
            deal = pick_daily(date.fromisoformat(text), variant)
            print(text, variant, deal.seed, deal.level.value, flush=True)


def main() -> None:
    """Parse the options and run the benchmark."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--year", type=int, default=2026, help="the year whose dates are picked (default 2026)")
    ap.add_argument("--days", type=int, default=None, help="how many days from 1 January (default: the year)")
    ap.add_argument("--game", choices=sorted(DAILY_GAMES), action="append",
                    help="a game (default: both; may be given twice)")
    ap.add_argument("--nodes", type=int, default=DAILY_NODES,
                    help=f"search positions per candidate (default {DAILY_NODES}, the game's)")
    ap.add_argument("--verbose", action="store_true", help="print every day's deal")
    ap.add_argument("--golden", action="store_true", help="print the golden file of tests/test_daily.py and stop")
    args = ap.parse_args()
    if args.golden:
        print_golden()
        return
    first = date(args.year, 1, 1)
    days = args.days if args.days is not None else (date(args.year + 1, 1, 1) - first).days
    for variant in args.game or list(DAILY_GAMES):
        run(variant, first, days, args.nodes, args.verbose)


if __name__ == "__main__":
    main()
