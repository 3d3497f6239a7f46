"""The solver at the table: hint latency and frame cost while the solver's child process works.

    python benchmarks/assist_bench.py [--frames N] [--deals N]

Without a display it re-runs itself under Xvfb (a 1920x1080 screen). Measures:
  * hint latency after following the last hint: from the H key's event to the end of the
    frame that shows the next hint (press H, play the hinted move, let it land, repeat),
    over the winning lines of a few deals; also the first hint of each deal, which waits
    for the solver (the window keeps drawing meanwhile);
  * frame cost at 1920x1080 while a long tail slides back and forth (as in frame_bench.py):
    without the assist (its ticker taken out), with it but the solver idle, and with the
    solver's child busy on a hard search the whole time (its CPU share is printed to show
    it really worked); the three take turns in rounds so the machine's noise hits all
    alike. The floor of frame_bench.py (fill, 52 card blits, full flip) is printed beside.
The figures are only as quiet as the machine: other work on its two cores shows in p99.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from frame_bench import cpu_seconds, ensure_display, percentile  # after the path is set

if TYPE_CHECKING:
    from yukon.core.state import Move
    from yukon.ui.app import App  # imported for real only once the display is set up


def wait_for(app: App, done: Callable[[], bool], seconds: float = 30.0) -> None:
    end = time.monotonic() + seconds
    while not done() and time.monotonic() < end:
        app.frame()
        time.sleep(0.002)


def hint_latency(deals: int, per_deal: int = 60) -> dict[str, list[float]]:
    """Seconds from the H key to the frame showing the hint: after following a hint, and cold."""
    import pygame

    from yukon.core.state import Game
    from yukon.solve.solver import Verdict
    from yukon.ui.build import add_assist as install
    from yukon.ui.build import open_window
    from yukon.ui.parts import TablePrefs

    follow: list[float] = []
    cold: list[float] = []
    app = open_window(size=(1920, 1080), game=Game.deal(1))
    app.apply_prefs(TablePrefs(animation_speed=0.0))  # no slides: the moves land at once (the timed frame is the same)
    a = install(app)
    app.draw()
    t = app.table
    assert t is not None
    seeds = [s for s in range(1, 200)][:deals * 3]
    done = 0
    for seed in seeds:
        if done >= deals:
            break
        app.new_deal(seed)
        t.relayout()
        app.frame()
        # The first hint on a fresh deal: the solver has to answer first.
        t0 = time.perf_counter()
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h", scancode=0))
        wait_for(app, lambda: t.session.hint is not None or a.status not in ("checking", Verdict.WINNABLE), 30.0)
        cold.append(time.perf_counter() - t0)
        if a.status != Verdict.WINNABLE:
            continue
        done += 1
        for _ in range(per_deal):
            if app.session.game.position.is_won() or app.top is not t:
                break
            shown = t.session.hint
            assert shown is not None
            t.session.move(shown.move)  # the player follows the hint
            wait_for(app, lambda: not app.busy() and t.celebrating <= 0, 10.0)
            if app.session.game.position.is_won():
                break
            t0 = time.perf_counter()
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h", scancode=0))
            app.frame()  # dispatch, update, draw: the hint is on the display at the end of it
            follow.append(time.perf_counter() - t0)
            assert t.session.hint is not None, t.message_text()
        while app.top is not t:
            app.pop()
    a.close()
    pygame.display.quit()
    return {"follow": follow, "cold": cold}


def slide_frames(app: App, move: Move, polled: list[object], n: int) -> list[float]:
    """Wall seconds of ``n`` frames of the table sliding ``move``'s tail to and fro, ticking the
    parts in ``polled`` as the loop would."""
    import pygame

    t = app.table
    assert t is not None
    out: list[float] = []
    forward = True
    while len(out) < n:
        if forward:
            t.session.move(move)
        else:
            t.session.undo()
        forward = not forward
        while t.anim.active and len(out) < n:
            t0 = time.perf_counter()
            for p in app.parts:  # what app.frame does first
                if p in polled:
                    p.tick()
            pygame.event.pump()
            app.update(1 / 60)
            app.draw()
            out.append(time.perf_counter() - t0)
        app.draw()
    if not forward:
        t.session.undo()
        t.anim.finish()
        app.draw()
    return out


def frame_costs(frames: int) -> dict[str, object]:
    """Frame times while a long tail slides: no assist, assist idle, assist with a busy child."""
    import pygame

    from frame_bench import floor_costs, long_tail_game
    from yukon.core.notation import format_position
    from yukon.core.state import Position
    from yukon.ui.assist import link as link_mod
    from yukon.ui.build import add_assist, open_window
    from yukon.ui.parts import TablePrefs

    game, move = long_tail_game()
    app = open_window(size=(1920, 1080), game=game)
    app.apply_prefs(TablePrefs(animation_speed=1.0))
    polled: list[object] = []  # the parts whose tick runs (none: as without the assist)
    app.draw()
    t = app.table
    assert t is not None
    pygame.event.pump()

    slide_frames(app, move, polled, 60)  # warm the caches
    a = add_assist(app)
    polled.append(a)
    wait_for(app, lambda: a.status not in ("checking", ""), 15.0)  # the child started and answered
    slide_frames(app, move, polled, 60)  # both positions of the slide get known (no more requests)
    wait_for(app, lambda: a.link.pending is None, 30.0)
    svc = a.link.service
    assert svc is not None
    pid = svc._process.pid  # the benchmark's one look inside: to show the child worked or rested
    assert pid is not None  # the child has started
    hard = format_position(Position.deal(0))
    results: dict[str, object] = {"tail": len(game.position.tail(move.card))}
    runs: dict[str, list[float]] = {"none": [], "idle": [], "busy": []}
    cpu: dict[str, list[float]] = {"idle": [], "busy": []}
    rounds = 4  # the three cases take turns, so a noisy moment of the machine hits all of them
    for _ in range(rounds):
        polled.remove(a)  # as without the assist: nothing polled
        runs["none"] += slide_frames(app, move, polled, frames // rounds)
        polled.append(a)
        for case in ("idle", "busy"):
            if case == "busy":  # a hard deal with no time limit keeps the child searching
                svc.request(next(link_mod._ids), hard, game.rules, timeout=None)
                time.sleep(0.3)
            c0, w0 = cpu_seconds(pid), time.monotonic()
            runs[case] += slide_frames(app, move, polled, frames // rounds)
            cpu[case].append((cpu_seconds(pid) - c0) / (time.monotonic() - w0))
            svc.cancel()
        time.sleep(0.3)
    results.update(runs)
    results["child_cpu"] = {k: sum(v) / len(v) for k, v in cpu.items()}
    a.close()
    lay = t.layout
    assert lay is not None
    results["floor"] = floor_costs(lay, max(frames, 200))[0]  # the floor, as frame_bench.py measures it
    pygame.display.quit()
    return results


def ms(values: list[float], q: float) -> str:
    return f"{percentile(values, q) * 1000:.2f}"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--frames", type=int, default=600)
    ap.add_argument("--deals", type=int, default=5)
    args = ap.parse_args()
    if not ensure_display(__file__):
        return 1
    print(f"load average at the start: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    h = hint_latency(args.deals)
    f, c = h["follow"], h["cold"]
    print(f"hint after following the last hint, {len(f)} hints over {args.deals} deals at 1920x1080:")
    print(f"  p50 {ms(f, 50)} ms   p99 {ms(f, 99)} ms   max {max(f) * 1000:.2f} ms")
    print(f"first hint of a fresh deal (waits for the solver; frames go on): {len(c)} deals, "
          f"p50 {ms(c, 50)} ms   max {max(c) * 1000:.2f} ms")
    r = frame_costs(args.frames)
    print(f"frame cost while a {r['tail']}-card tail slides at 1920x1080, {args.frames} frames each:")
    for name, label in (("none", "no assist"), ("idle", "assist, solver idle"), ("busy", "assist, solver busy"),
                        ("floor", "floor (fill + 52 blits + flip)")):
        v = r[name]
        assert isinstance(v, list)
        print(f"  {label:32s} p50 {ms(v, 50)} ms   p99 {ms(v, 99)} ms   max {max(v) * 1000:.2f} ms")
    cc = r["child_cpu"]
    assert isinstance(cc, dict)
    print(f"  the solver's child used {cc['busy'] * 100:.0f}% of a core in the busy runs, "
          f"{cc['idle'] * 100:.1f}% in the idle ones")
    return 0


if __name__ == "__main__":
    sys.exit(main())
