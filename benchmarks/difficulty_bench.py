"""Does the difficulty scale mean something? Rate deals, then play each with the hint player.

    python benchmarks/difficulty_bench.py --deals 1-1200 --calibrate   # derive thresholds
    python benchmarks/difficulty_bench.py --deals 100001-101200        # validate them

Each deal is rated (``yukon.solve.difficulty.rate``: the solver, bounded by ``--nodes`` search
positions and ``--timeout`` CPU seconds), then played by a player that follows the
game's own heuristic hints (``yukon.solve.move_order.hint_moves``, no solver): it plays the best
ranked move that does not lead back to a position already seen, until it wins, has no
such move left, or has made ``--moves`` moves. Per level it prints the deals, the hint
player's wins and their share with a 95% Wilson interval. An honest scale has the hint
player win clearly more easy deals than medium ones, and more medium than hard ones.

``--calibrate`` also prints the thresholds that split this range's winnable deals into
thirds by effort (``yukon.solve.difficulty``), and the table they give here; copy them into
``yukon/solve/difficulty.py`` (THRESHOLDS) and validate on a different range.
``--save FILE`` keeps each deal's measures as JSON lines; ``--load FILE`` prints the
tables again from such a file without solving anything. One process, one core.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from yukon.core.rules import Rules
from yukon.core.state import Move, Position
from yukon.solve.difficulty import FIRST_MOVE_NODES, RATE_NODES, THRESHOLDS, Level, Thresholds, rate, thirds
from yukon.solve.move_order import hint_moves
from yukon.solve.solver import Verdict
from yukon.survey import parse_range

ORDER = (Level.EASY, Level.MEDIUM, Level.HARD, Level.UNWINNABLE, Level.UNKNOWN)


def hint_player_wins(position: Position, move_limit: int = 500) -> bool:
    """Play ``position`` by the heuristic hints alone, never back into a position seen; won?"""
    p = position.copy()
    seen = {p.key()}
    last: Move | None = None
    for _unused in range(move_limit):
        if p.is_won():
            return True
        for m in hint_moves(p, last):
            undo = p.push(m)
            k = p.key()
            if k not in seen:
                seen.add(k)
                last = m
                break
            p.pop(undo)
        else:
            return False
    return p.is_won()


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson interval of a share ``wins``/``n``."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    d = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, mid - half), min(1.0, mid + half))


def level_of(row: dict, th: Thresholds) -> Level:
    """A saved deal's level under thresholds ``th``."""
    if row["status"] == Verdict.WINNABLE:
        return th.level(row["effort"])
    return Level(row["level"]) if row["level"] in ("unwinnable", "unknown") else Level.UNKNOWN


def table(rows: list[dict], th: Thresholds) -> str:
    """The per-level table (Markdown) under thresholds ``th``."""
    out = [f"Thresholds: easy <= {th.easy:.4f}, medium <= {th.medium:.4f} effort, hard above.",
           "",
           "| Level | Deals | Hint player wins | Share (95% interval) |",
           "|---|---|---|---|"]
    for level in ORDER:
        mine = [r for r in rows if level_of(r, th) == level]
        wins = sum(1 for r in mine if r["hint_win"])
        if mine:
            lo, hi = wilson(wins, len(mine))
            share = f"{100 * wins / len(mine):.1f}% ({100 * lo:.1f}% - {100 * hi:.1f}%)"
        else:
            share = "-"
        out.append(f"| {level.value} | {len(mine)} | {wins} | {share} |")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    """Rate the deals, play them with the hint player, print the tables."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", default="1-300", help="a range of deal numbers, A-B")
    ap.add_argument("--game", choices=("yukon", "russian"), default="yukon")
    ap.add_argument("--nodes", type=int, default=RATE_NODES, help="search positions per rating")
    ap.add_argument("--timeout", type=float, default=2.0, help="CPU seconds per rating (a safety net)")
    ap.add_argument("--moves", type=int, default=500, help="the hint player's moves per deal at most")
    ap.add_argument("--calibrate", action="store_true", help="derive thresholds from this range too")
    ap.add_argument("--save", help="write each deal's measures here (JSON lines)")
    ap.add_argument("--load", help="read measures saved by --save instead of solving")
    a = ap.parse_args(argv)
    rows: list[dict] = []
    t0 = time.process_time()
    if a.load:
        with open(a.load, encoding="utf-8") as f:
            rows = [json.loads(line) for line in f if line.strip()]
    else:
        rules = Rules(a.game)
        save = open(a.save, "w", encoding="utf-8") if a.save else None  # noqa: SIM115 - kept open for the run
        try:
            first, last = parse_range(a.deals)
            for seed in range(first, last + 1):
                position = Position.deal(seed, rules)
                r = rate(position, node_limit=a.nodes, timeout=a.timeout, clock=time.process_time)
                row = {"seed": seed, "level": r.level.value, "status": r.status, "nodes": r.nodes,
                       "line": r.line, "effort": r.effort, "first_moves": r.first_moves,
                       "winnable_first": r.winnable_first, "seconds": round(r.seconds, 4),
                       "hint_win": hint_player_wins(position, a.moves)}
                rows.append(row)
                if save is not None:
                    save.write(json.dumps(row) + "\n")
                    save.flush()
        except KeyboardInterrupt:
            print(f"interrupted after {len(rows)} deals", file=sys.stderr)
        finally:
            if save is not None:
                save.close()
    print(f"{len(rows)} deals, {a.game}; rating budget {a.nodes} nodes / {a.timeout} CPU s "
          f"(+{FIRST_MOVE_NODES} nodes per first move); "
          f"hint player up to {a.moves} moves; {time.process_time() - t0:.0f} CPU s")
    print()
    if a.calibrate:
        th = thirds([r["effort"] for r in rows if r["status"] == Verdict.WINNABLE])
        print("Calibrated here (thirds of the winnable deals by effort):")
        print(table(rows, th))
        print()
    print("With yukon.solve.difficulty.THRESHOLDS:")
    print(table(rows, THRESHOLDS))
    return 0


if __name__ == "__main__":
    sys.exit(main())
