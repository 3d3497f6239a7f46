"""Costs of the lessons: what happens when Lessons is pressed and on every try at a step.

    python benchmarks/lessons_bench.py [--rounds N]

- load: load_lessons() reads and checks the four files, playing every scripted
  alternative through (done each time the Lessons button is pressed), p50/p99;
- reply: one LessonRun.play of a wrong move (all 416 card/destination pairs at every
  step of every lesson), p50/p99: the cost of a refused move inside a click;
- open: the Lessons button pressed on a headless 800x600 window until the lesson's
  first frame is drawn, p50/p99.
Run it on an idle machine: other processes skew the upper percentiles.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from yukon.core.state import Move
from yukon.play.lessons import LessonRun, load_lessons


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(p / 100 * len(xs)))]


def bench_load(rounds: int) -> list[float]:
    times = []
    for _ in range(rounds):
        t = time.perf_counter()
        load_lessons()
        times.append(time.perf_counter() - t)
    return times


def bench_replies() -> list[float]:
    moves = [Move.of(c, t) for c in range(52) for t in range(8)]
    times = []
    for lesson in load_lessons():
        run = LessonRun(lesson)
        while not run.finished:
            for m in moves:
                if run.would_accept(m) or (run.step is not None and run.step.kind == "try" and m in run.step.moves):
                    continue
                t = time.perf_counter()
                run.play(m)
                times.append(time.perf_counter() - t)
            hint = run.hint()
            assert hint is not None  # the lesson is not finished
            run.play(hint)
    return times


def bench_open(rounds: int) -> list[float]:
    import pygame

    from yukon.ui.build import open_window
    from yukon.ui.lessons_part import Lessons

    app = open_window(seed=1, size=(800, 600))
    book = Lessons(app)
    app.add_part(book)
    app.frame()
    times = []
    for _ in range(rounds):
        t = time.perf_counter()
        lessons = book.open(0)
        app.frame()
        times.append(time.perf_counter() - t)
        assert lessons is not None
        app.pop(lessons.table)
        app.frame()
    pygame.display.quit()
    return times


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=50)
    args = ap.parse_args()
    for name, xs in (("load_lessons", bench_load(args.rounds)), ("wrong-move reply", bench_replies()),
                     ("open lessons to first frame", bench_open(args.rounds))):
        print(f"{name:30s} n={len(xs):6d}  p50 {pct(xs, 50) * 1000:8.3f} ms  p99 {pct(xs, 99) * 1000:8.3f} ms")


if __name__ == "__main__":
    main()
