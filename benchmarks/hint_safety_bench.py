"""Hints never lose a winnable game: the sweep behind ``tests/test_ui_hint_safety.py``.

    python benchmarks/hint_safety_bench.py [--deals 0-59] [--presses 1,2,3,2,3,1]

For each deal the solver wins within ``VERIFY_NODES`` search positions, the window (headless,
real key events) is played by pressing H as many times as ``--presses`` says, then P,
again and again; after each hinted move the solver here judges the position with a fixed
budget of search positions. Printed: the hints followed, how many were another move than
the winning line's, the verdicts after them (every one must be "winnable"), the wait from
a press of H to the hint on show (wall seconds, so only as quiet as the machine), and, for
comparison, how often the hint the table used to show second (the first of the other
useful moves of ``yukon.hints``, unchecked) would have lost the game.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

if TYPE_CHECKING:
    from yukon.core.state import Move
    from yukon.solve.solver_service import SolverService
    from yukon.ui.app import App
    from yukon.ui.table import TableScreen

VERIFY_NODES = 60_000  # as in the test: more than the window's own check may spend


def deals(text: str) -> range:
    """``0-59`` as range(0, 60)."""
    first, _dash, last = text.partition("-")
    return range(int(first), int(last or first) + 1)


@dataclass
class Tally:
    """What the sweep saw."""

    verdicts: Counter[str] = field(default_factory=Counter)  # after each hinted move
    old_second: Counter[str] = field(default_factory=Counter)  # after the old, unchecked second hint
    waits: list[float] = field(default_factory=list)  # wall seconds from H to the hint on show
    followed: int = 0
    others: int = 0  # hints followed that were another move than the winning line's


def frames_until(app: App, done: Callable[[], bool], seconds: float = 600.0) -> None:
    """Run the window's frames until ``done``."""
    end = time.monotonic() + seconds
    while not done():
        if time.monotonic() > end:
            raise TimeoutError("the window did not answer")
        app.frame()
        time.sleep(0.002)


def press(app: App, key: int) -> None:
    """A key press, and one frame."""
    import pygame

    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    app.frame()


def play_deal(seed: int, service: SolverService, presses: list[int], tally: Tally) -> None:
    """Follow the hints on deal ``seed``: H ``presses[i]`` times, then P, for each i."""
    import pygame

    from yukon import hints
    from yukon.core.state import Game
    from yukon.solve.solver import solve
    from yukon.ui.assist import CHECKING
    from yukon.ui.build import add_assist as install
    from yukon.ui.build import open_window
    from yukon.ui.parts import TablePrefs

    app = open_window(size=(1280, 800), game=Game.deal(seed))
    app.apply_prefs(TablePrefs(animation_speed=0.0))
    app.draw()
    a = install(app, service, solve_timeout=1e6, hint_patience=1e9)  # no clock in the verdicts
    t = app.table
    assert t is not None

    def hint_move(table: TableScreen) -> Move | None:
        shown = table.session.hint
        return shown.move if shown is not None else None

    for n in presses:
        pos = t.session.position.copy()
        for _i in range(n):
            start = time.monotonic()
            press(app, pygame.K_h)
            frames_until(app, lambda: hint_move(t) is not None)
            tally.waits.append(time.monotonic() - start)
        move = hint_move(t)
        assert move is not None
        line = a.knowledge.line_here(a.app.session.game)
        tally.others += move not in line[:1]
        if line:  # what the old second hint was: the first other useful move, unchecked
            last = app.session.game.history[-1].move if app.session.game.history else None
            old = [m for m in hints.hint_moves(pos, last) if m != line[0]]
            if old:
                q = pos.copy()
                q.play(old[0])
                tally.old_second[solve(q, timeout=None, node_limit=VERIFY_NODES).status] += 1
        before = len(app.session.game.history)
        press(app, pygame.K_p)
        frames_until(app, lambda: len(app.session.game.history) == before + 1 and not app.busy())  # noqa: B023
        tally.followed += 1
        tally.verdicts[solve(t.session.position, timeout=None, node_limit=VERIFY_NODES).status] += 1
        frames_until(app, lambda: a.status not in (CHECKING, ""))
    a.close()


def main() -> int:
    from yukon.core.state import Position
    from yukon.solve.solver import Verdict, solve
    from yukon.solve.solver_service import SolverService

    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--deals", type=deals, default=deals("0-59"))
    ap.add_argument("--presses", default="1,2,3,2,3,1", help="presses of H before each P, in turn")
    args = ap.parse_args()
    presses = [int(x) for x in args.presses.split(",")]
    tally = Tally()
    skipped = 0
    service = SolverService(nice=0)
    t0 = time.monotonic()
    try:
        for seed in args.deals:
            if solve(Position.deal(seed), timeout=None, node_limit=VERIFY_NODES).status != Verdict.WINNABLE:
                skipped += 1
                continue
            play_deal(seed, service, presses, tally)
    finally:
        service.close()
    waits = sorted(tally.waits)

    def pct(p: float) -> float:
        return waits[min(len(waits) - 1, int(p * len(waits)))] if waits else 0.0

    print(f"deals {args.deals.start}-{args.deals.stop - 1}: {len(args.deals) - skipped} played "
          f"({skipped} not won within {VERIFY_NODES} positions, left out), {time.monotonic() - t0:.0f} s")
    print(f"hints followed {tally.followed}, another move than the line's {tally.others}")
    print(f"verdicts after them: {dict(tally.verdicts)}")
    print(f"wait from H to the hint (s): median {pct(0.5):.3f}  p90 {pct(0.9):.3f}  max {pct(1.0):.3f}")
    print(f"the old second hint (unchecked) would have been: {dict(tally.old_second)}")
    return 0 if set(tally.verdicts) <= {Verdict.WINNABLE} else 1


if __name__ == "__main__":
    sys.exit(main())
