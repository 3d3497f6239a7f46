"""Memory under random input: does the window's resident memory stay flat?

    python benchmarks/memory_soak.py [--seconds 120] [--rate 72] [--every 10] [--seed 1] [--solver] [--x11]

Drives the window headless (SDL dummy driver, or a real X window under Xvfb with
``--x11``) with the extras installed in a temporary data folder: random clicks, drags,
keys, wheel turns, window resizes across many sizes, and the sheets (settings,
statistics, keys, deal number, rules, lessons) opened and closed. ``--rate`` events a
second are posted (0: as fast as the loop goes). Prints the resident memory (from
/proc/self/statm) and Python's own heap (tracemalloc is too slow; ``sys.getallocatedblocks``
stands in) every ``--every`` seconds, then the growth from the first reading after
warm-up to the last, and the sizes of the window's caches.
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096

if TYPE_CHECKING:
    from yukon.ui.app import App


def rss_mb() -> float:
    """Resident memory of this process in MB (Linux)."""
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * PAGE / 1e6


def _parser() -> argparse.ArgumentParser:
    """The soak's options."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=120.0)
    ap.add_argument("--rate", type=float, default=72.0, help="events a second (0: as fast as possible)")
    ap.add_argument("--every", type=float, default=10.0, help="seconds between memory readings")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--solver", action="store_true", help="install the solver's features too (a child process)")
    ap.add_argument("--x11", action="store_true", help="a real X window under Xvfb instead of the dummy driver")
    return ap


class Gestures:
    """Random gestures a restless player makes on ``app``: clicks, drags, keys, the wheel, resizes."""

    def __init__(self, app: App, rng: random.Random) -> None:
        import pygame

        self.app = app
        self.rng = rng
        self.keys = [(pygame.K_z, pygame.KMOD_LCTRL), (pygame.K_y, pygame.KMOD_LCTRL), (pygame.K_h, 0),
                     (pygame.K_ESCAPE, 0), (pygame.K_RETURN, 0), (pygame.K_LEFT, 0), (pygame.K_RIGHT, 0),
                     (pygame.K_UP, 0), (pygame.K_DOWN, 0), (pygame.K_SPACE, 0), (pygame.K_f, 0), (pygame.K_F1, 0),
                     (pygame.K_BACKSPACE, 0), (pygame.K_s, 0), (pygame.K_t, 0), (pygame.K_d, 0), (pygame.K_SLASH, 0),
                     (pygame.K_l, 0), (pygame.K_n, 0), (pygame.K_PAGEDOWN, 0), (pygame.K_5, 0)]

    def point(self) -> tuple[int, int]:
        """A point worth pressing: a card, a bar button or anywhere."""
        app, rng = self.app, self.rng
        w, h = app.size
        t = app.table
        if t is not None and t.layout is not None and app.top is t and rng.random() < 0.5:
            x, y = t.layout.card_xy[rng.randrange(52)]
            return (x + rng.randrange(max(t.layout.cw, 1)), y + rng.randrange(20))
        if t is not None and t.bar is not None and t.bar.rects and rng.random() < 0.2:
            return rng.choice(t.bar.rects).center
        return (rng.randrange(max(w, 1)), rng.randrange(max(h, 1)))

    def one(self) -> int:
        """Post one random gesture; returns how many events it was."""
        import pygame

        post, E, rng = pygame.event.post, pygame.event.Event, self.rng
        r = rng.random()
        if r < 0.3:
            x, y = self.point()
            b = 1 if rng.random() < 0.9 else 3
            post(E(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=b))
            post(E(pygame.MOUSEBUTTONUP, pos=(x, y), button=b))
            return 2
        if r < 0.55:
            (x1, y1), (x2, y2) = self.point(), self.point()
            post(E(pygame.MOUSEBUTTONDOWN, pos=(x1, y1), button=1))
            for k in range(1, 4):
                post(E(pygame.MOUSEMOTION, pos=(x1 + (x2 - x1) * k // 3, y1 + (y2 - y1) * k // 3),
                       rel=(0, 0), buttons=(1, 0, 0)))
            post(E(pygame.MOUSEBUTTONUP, pos=(x2, y2), button=1))
            return 5
        if r < 0.85:
            key, mod = rng.choice(self.keys)
            post(E(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))
            return 1
        if r < 0.92:
            post(E(pygame.MOUSEWHEEL, x=0, y=rng.choice([-2, -1, 1, 2]), flipped=False))
            return 1
        w, h = rng.randrange(200, 1900), rng.randrange(150, 1060)
        post(E(pygame.VIDEORESIZE, size=(w, h), w=w, h=h))
        return 1


def report(t: float, n: int) -> float:
    """Print one memory reading; returns the RSS in MB."""
    mb = rss_mb()
    print(f"{t:7.1f} s  {n:8d} events  RSS {mb:7.1f} MB  python blocks {sys.getallocatedblocks():9d}", flush=True)
    return mb


def soak(app: App, gestures: Gestures, args: argparse.Namespace) -> tuple[int, list[float]]:
    """Play gestures for ``args.seconds`` at ``args.rate``; the events made and the memory readings."""
    t0 = time.perf_counter()
    events = 0
    readings: list[float] = [report(0.0, 0)]
    next_report = args.every
    while True:
        now = time.perf_counter() - t0
        if now >= args.seconds:
            break
        if args.rate > 0 and events > now * args.rate:
            time.sleep(min(0.01, events / args.rate - now))
        else:
            events += gestures.one()
        app.frame()
        app.running = True  # a Quit button press only ends the loop: the soak goes on
        if now >= next_report:
            readings.append(report(now, events))
            next_report += args.every
    readings.append(report(time.perf_counter() - t0, events))
    return events, readings


def main() -> int:
    """Soak the window and print how its memory grew."""
    args = _parser().parse_args()
    if args.x11 and not os.environ.get("DISPLAY"):
        xvfb = shutil.which("xvfb-run")
        if xvfb is None:
            print("--x11 needs a display or xvfb-run", file=sys.stderr)
            return 1
        return subprocess.call([xvfb, "-a", "-s", "-screen 0 1920x1080x24", sys.executable, *sys.argv])
    if not args.x11:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from yukon.play import help_text
    from yukon.ui import art
    from yukon.ui.build import add_extras as install
    from yukon.ui.build import open_window

    help_text.graphical_browser = lambda: None  # a click on "Save the rules" must not start a browser
    folder = tempfile.mkdtemp(prefix="yukon-memsoak-")
    app = open_window(seed=args.seed, size=(1000, 700))
    install(app, folder=folder)
    if args.solver:
        from yukon.ui.build import add_assist as install_assist

        install_assist(app)
    app.frame()
    t0 = time.perf_counter()
    events, readings = soak(app, Gestures(app, random.Random(args.seed)), args)
    gc.collect()
    after_gc = rss_mb()
    first = readings[min(1, len(readings) - 1)]
    print(f"{events} events in {time.perf_counter() - t0:.0f} s; RSS from {readings[0]:.1f} to "
          f"{readings[-1]:.1f} MB (peak {max(readings):.1f}); after the first reading past warm-up "
          f"({first:.1f} MB) it grew {readings[-1] - first:+.1f} MB")
    print(f"after a full garbage collection: RSS {after_gc:.1f} MB")
    print("caches:", ", ".join(f"{name} {n}" for name, n in art.cache_sizes().items()))
    app.quit()
    shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
