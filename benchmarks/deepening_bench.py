"""Frame cost while the solver's child searches the table's undecided position in the background.

    python benchmarks/deepening_bench.py [--frames N] [--rounds N]

Without a display it re-runs itself under Xvfb (a 1920x1080 screen). The table shows a
position of deal 320 (random moves from the deal with a fixed seed, to a tail of five cards or
more) that the solver does not decide within its first search; the assist's own deep search
(``yukon.ui.assist.deepening``) then keeps the child busy. Meanwhile the player drags the long
tail around in circles with the mouse (real pygame events, the loop's steps: the assist's tick,
dispatch, update, draw), and each frame is timed. Two cases take turns in rounds, so a noisy
moment of the machine hits both: "quiet" (the search cut and the assist not ticked: as a table
with no solver) and "searching" (the assist ticked, its deep search running). Printed: p50 and
p99 of each, the ratio of the p99s, and the share of a core the child used in each case.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from frame_bench import cpu_seconds, ensure_display, percentile  # after the path is set

if TYPE_CHECKING:
    from yukon.core.state import Game
    from yukon.ui.app import App
    from yukon.ui.assist import Assist

DEAL = 320  # still undecided after 120 CPU seconds from the deal as dealt
UNDECIDED_NODES = 20_000  # the position chosen is not decided within this many positions either


def hard_position() -> tuple[Game, int]:
    """A game of deal 320 after random moves (fixed seed), with a face-up tail of 5 or more cards
    that the solver does not decide quickly; and that tail's top card."""
    from yukon.core.state import ON_FOUNDATION, Game
    from yukon.solve.solver import Verdict, solve

    rng = random.Random(3)
    for _attempt in range(200):
        g = Game.deal(DEAL)
        for _ in range(40):
            moves = g.position.legal_moves()
            if not moves:
                break
            g.play(rng.choice(moves))
            pos = g.position
            tails = [c for c in range(52) if pos.loc[c] < ON_FOUNDATION and pos.is_face_up(c)
                     and len(pos.tail(c)) >= 5]
            if tails and solve(pos, timeout=None, node_limit=UNDECIDED_NODES).status == Verdict.UNKNOWN:
                return g, tails[0]
    raise SystemExit("no undecided position with a long tail found")


def drag_frames(app: App, card: int, polled: list[Assist], n: int, ticks: list[float] | None = None) -> list[float]:
    """Wall seconds of ``n`` frames of the player dragging ``card``'s tail in circles, then
    letting it go where it was (no move); ``polled``: the parts whose tick runs (``ticks``: the
    wall seconds of their ticks in each frame go there)."""
    import pygame

    t = app.table
    assert t is not None and t.layout is not None
    x0, y0 = t.layout.strip_rect(card).center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x0, y0), button=1))
    out: list[float] = []
    for i in range(n):
        r = min(300.0, 20.0 * (i + 1))
        a = i * 0.15
        at = (int(x0 + r * math.cos(a)), int(y0 + r * math.sin(a)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(1, 0, 0)))
        t0 = time.perf_counter()
        for p in polled:  # what the loop does first
            p.tick()
        if ticks is not None:
            ticks.append(time.perf_counter() - t0)
        app.dispatch(pygame.event.get())
        app.update(1 / 60)
        app.draw()
        out.append(time.perf_counter() - t0)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x0, y0), rel=(0, 0), buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x0, y0), button=1))
    app.frame()
    t.session.select(None)  # a drop where it started may count as a click: put it down
    app.frame()
    return out


def run(frames: int, rounds: int) -> dict[str, list[float]]:
    """Frame times of both cases, taking turns, and the child's share of a core in each."""
    from yukon.ui.build import add_assist, open_window

    game, card = hard_position()
    moves = len(game.history)
    app = open_window(size=(1920, 1080), game=game)
    app.draw()
    # The first search short, so that the deep search starts soon; its budgets longer than the run.
    a = add_assist(app, solve_timeout=0.5, budgets=(3600.0,) * 20)
    until = time.monotonic() + 120.0
    while not (a.link.pending is not None and a.link.pending.kind == "deepen"):
        assert time.monotonic() < until, "the deep search did not start"
        app.frame()
        time.sleep(0.01)
    svc = a.link.service
    assert svc is not None and svc.pid is not None
    drag_frames(app, card, [], 60)  # warm the caches
    runs: dict[str, list[float]] = {"quiet": [], "searching": [], "cpu quiet": [], "cpu searching": [], "ticks": []}
    for _ in range(rounds):
        for case in ("quiet", "searching"):
            if case == "quiet":
                a.link.cancel()  # the child stops within a few hundred positions and rests
                time.sleep(0.5)
                polled: list[Assist] = []
            else:
                polled = [a]
                a.tick()  # asks the deep search again
                assert a.link.pending is not None and a.link.pending.kind == "deepen"
                time.sleep(0.5)  # the child is well into it
            c0, w0 = cpu_seconds(svc.pid), time.monotonic()
            runs[case] += drag_frames(app, card, polled, frames // rounds, runs["ticks"] if polled else None)
            runs["cpu " + case].append((cpu_seconds(svc.pid) - c0) / (time.monotonic() - w0))
            assert len(app.session.game.history) == moves  # the drags moved nothing
        assert a.link.pending is not None and a.link.pending.kind == "deepen"  # searching all along
    a.close()
    return runs


def ms(values: list[float], q: float) -> str:
    return f"{percentile(values, q) * 1000:.2f}"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--frames", type=int, default=1200)
    ap.add_argument("--rounds", type=int, default=6)
    args = ap.parse_args()
    if not ensure_display(__file__):
        return 1
    print(f"load average at the start: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    r = run(args.frames, args.rounds)
    print(f"frames while the player drags a long tail at 1920x1080, {args.frames} frames a case in "
          f"{args.rounds} rounds:")
    for case, label in (("quiet", "child idle, assist not ticked"), ("searching", "deep search running")):
        v = r[case]
        cpu = sum(r["cpu " + case]) / len(r["cpu " + case])
        print(f"  {label:30s} p50 {ms(v, 50)} ms   p99 {ms(v, 99)} ms   max {max(v) * 1000:.2f} ms"
              f"   (the child: {cpu * 100:.0f}% of a core)")
    ratio = percentile(r["searching"], 99) / percentile(r["quiet"], 99)
    p50 = percentile(r["searching"], 50) / percentile(r["quiet"], 50)
    print(f"  p99 searching / quiet: {ratio:.2f}   p50: {p50:.2f}")
    print(f"  the assist's tick in those frames (polling the child): p99 {ms(r['ticks'], 99)} ms   "
          f"max {max(r['ticks']) * 1000:.2f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
