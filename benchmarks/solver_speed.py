"""Solver speed against a baseline checkout: same answers, less CPU time.

    python benchmarks/solver_speed.py [--base /work/main] [--nodes 20000] [--repeat 3]
                                      [--seeds 0 139 58 ...] [--rules yukon noret russian]
                                      [--plan complete]

Two worker processes, one importing ``yukon`` from this checkout and one from ``--base``
(an unchanged checkout), solve the same deals under the same rules with the same node
limit (``solve(p, timeout=None, node_limit=N, shorten=False)``), turn about, deal by deal,
so that the load of a busy machine falls on both alike. Each answer's status, node count
and line must be the same in both (a change that only makes the search faster keeps them
all); every disagreement is printed. The CPU time (``time.process_time``) of each solve is
measured inside its worker; with ``--repeat`` each solve is made that many times, turn
about, and the least time counts (a busy machine only ever adds time). The last lines
give the ratio base/new over all deals and over each rule set. ``--plan`` runs other
searches than ``yukon.solve.solver.PLAN`` (comma-separated, e.g. ``complete`` for the complete
search alone). The exit status is 1 when any answer differs.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
# Hard deals of issue 14 (lost or unknown at 10 s) and a spread of ordinary ones.
DEFAULT_SEEDS = [0, 139, 58, 104, 169, 23, 186, 198] + list(range(1, 23))
RULE_SETS = {
    "yukon": ("yukon", False, True),
    "noret": ("yukon", False, False),
    "russian": ("russian", False, True),
    "any": ("yukon", True, True),
}


def worker() -> None:
    """Answer requests on stdin, one JSON line each: [variant, any_card, back, seed, nodes, plan]
    (plan: a list of search names, or null for the solver's own)."""
    from yukon.core.rules import Rules
    from yukon.core.state import Position
    from yukon.solve.solver import PLAN, solve

    for line in sys.stdin:
        variant, any_card, back, seed, nodes, plan = json.loads(line)
        p = Position.deal(seed, Rules(variant, any_card, back))
        t0 = time.process_time()
        r = solve(p, timeout=None, node_limit=nodes, shorten=False, plan=tuple(plan) if plan else PLAN)
        cpu = time.process_time() - t0
        out = {"status": r.status, "nodes": r.stats["nodes"], "line": [str(m) for m in r.moves],
               "phase": r.stats["phase"], "cpu": cpu}
        print(json.dumps(out), flush=True)


def start(path: str) -> subprocess.Popen:
    """A worker process importing ``yukon`` from ``path``."""
    env = dict(os.environ, PYTHONPATH=os.path.abspath(path))
    return subprocess.Popen([sys.executable, os.path.abspath(__file__), "--worker"], env=env,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=path)


def ask(w: subprocess.Popen, request: list) -> dict:
    """One request to worker ``w`` and its answer."""
    assert w.stdin is not None and w.stdout is not None
    w.stdin.write(json.dumps(request) + "\n")
    w.stdin.flush()
    return json.loads(w.stdout.readline())


def main(argv: list[str] | None = None) -> int:
    """Run both checkouts on the deals, compare the answers and print the CPU ratios."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--base", default="/work/main", help="the baseline checkout")
    ap.add_argument("--nodes", type=int, default=20000, help="node limit per solve")
    ap.add_argument("--seeds", type=int, nargs="+", default=DEFAULT_SEEDS)
    ap.add_argument("--repeat", type=int, default=1, help="solves per deal and side; the least time counts")
    ap.add_argument("--rules", nargs="+", default=["yukon", "noret", "russian"], choices=sorted(RULE_SETS))
    ap.add_argument("--plan", help="searches to run, comma-separated (default: yukon.solve.solver.PLAN)")
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    a = ap.parse_args(argv)
    if a.worker:
        worker()
        return 0
    base, new = start(a.base), start(HERE)
    bad = 0
    totals: dict[str, list[float]] = {}
    try:
        for name in a.rules:
            variant, any_card, back = RULE_SETS[name]
            for seed in a.seeds:
                req = [variant, any_card, back, seed, a.nodes, a.plan.split(",") if a.plan else None]
                rb = ask(base, req)
                rn = ask(new, req)
                for _again in range(a.repeat - 1):
                    rb["cpu"] = min(rb["cpu"], ask(base, req)["cpu"])
                    rn["cpu"] = min(rn["cpu"], ask(new, req)["cpu"])
                same = all(rb[k] == rn[k] for k in ("status", "nodes", "line"))
                bad += not same
                tb, tn = totals.setdefault(name, [0.0, 0.0]), totals.setdefault("all", [0.0, 0.0])
                for acc in (tb, tn):
                    acc[0] += rb["cpu"]
                    acc[1] += rn["cpu"]
                print(f"{name:8} deal {seed:4}: {rn['status']:10} {rn['nodes']:6} nodes "
                      f"base {rb['cpu']:6.2f} s new {rn['cpu']:6.2f} s "
                      f"x{rb['cpu'] / max(rn['cpu'], 1e-9):4.2f}"
                      + ("" if same else f"  DIFFERS: base {rb['status']} {rb['nodes']}"), flush=True)
    finally:
        for w in (base, new):
            assert w.stdin is not None
            w.stdin.close()
            w.wait()
    for name, (cb, cn) in totals.items():
        print(f"{name:8}: base {cb:7.2f} CPU s, new {cn:7.2f} CPU s, ratio base/new {cb / max(cn, 1e-9):.2f}")
    print(f"{bad} answers differ")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
