"""Draw the table as a player sees it, at every window size and in each theme, into PNG files to read by eye.

    python packaging/table_pictures.py [--out shots/pictures] [--sizes 480x360,800x600,...]
                                       [--themes light,dark] [--language en] [--seed 12345]

For each size and theme it draws, headless (``SDL_VIDEODRIVER=dummy``), the real window with its
settings in a fresh data folder, and saves:

* ``deal``: the deal once its cards have slid out of the pile;
* ``long``: the position on the solver's winning line where one column is longest (a long column
  must stay readable: every face-up corner index visible);
* ``cascade``: the win's celebration, half a second in;
* ``won``: the win summary over the stopped cascade.

The window's clocks are a fake one that moves 1/60 s a frame, so the pictures do not depend on
the machine's speed. Not part of the tests: it writes files to look at (``shots/`` is not kept in git).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygame

from yukon.core.state import Game, Move
from yukon.solve.solver import Verdict, solve
from yukon.ui.app import App
from yukon.ui.build import add_extras, open_window
from yukon.ui.celebration import Celebration

SIZES = "480x360,800x600,1152x704,1920x1080,3840x2160"
STEP = 1 / 60


class FakeClock:
    """The window's time, moved on one frame at a time by ``tick``."""

    t: float

    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


def winning_line(seed: int) -> list[Move]:
    """The solver's winning line of deal ``seed`` (the deal must be winnable)."""
    result = solve(Game.deal(seed).position, timeout=60)
    if result.status != Verdict.WINNABLE:
        raise SystemExit(f"deal {seed} is not won by the solver in 60 s: choose another --seed")
    return list(result.moves)


def longest_column_at(seed: int, line: list[Move]) -> int:
    """How many moves of ``line`` lead to the position whose longest column is the longest."""
    game = Game.deal(seed)
    best, best_at = 0, 0
    for n, move in enumerate(line, 1):
        game.play(move)
        longest = max(len(c) for c in game.position.columns)
        if longest > best:
            best, best_at = longest, n
    return best_at


def run(app: App, clock: FakeClock, done: Callable[[], bool], limit: int = 6000) -> None:
    """Frames of 1/60 s of the fake clock until ``done`` (or ``limit`` frames)."""
    for _n in range(limit):
        if done():
            return
        clock.t += STEP
        app.frame()


def window(size: tuple[int, int], game: Game, folder: Path, clock: FakeClock) -> App:
    """The window on ``game`` with its settings read from ``folder``."""
    app = open_window(size=size, game=game, now=clock, frame_clock=clock)
    add_extras(app, folder=str(folder), resume=False, welcome=False, lessons=False)
    app.frame()
    return app


def save(name: Path) -> None:
    """Save the window's picture as it is now."""
    surface = pygame.display.get_surface()
    assert surface is not None
    pygame.image.save(surface, str(name))
    print(name)


def pictures(size: tuple[int, int], theme: str, language: str, seed: int, line: list[Move],
             long_at: int, out: Path) -> None:
    """The four pictures of one size and theme."""
    stem = f"{size[0]}x{size[1]}-{theme}"
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        (folder / "settings.json").write_text(json.dumps(
            {"version": 1, "theme": theme, "language": language, "lessons_offered": True}))
        clock = FakeClock()
        app = window(size, Game.deal(seed), folder, clock)
        run(app, clock, lambda: not app.busy())
        save(out / f"{stem}-deal.png")
        for move in line[:long_at]:
            app.session.move(move)
        run(app, clock, lambda: not app.busy())
        save(out / f"{stem}-long.png")
        clock.t += 263.0  # four minutes and more of play, for the summary's time
        for move in line[long_at:]:
            app.session.move(move)
        run(app, clock, lambda: isinstance(app.top, Celebration))
        run(app, clock, lambda: False, 30)
        save(out / f"{stem}-cascade.png")
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0))
        run(app, clock, lambda: not isinstance(app.top, Celebration), 10)
        app.draw()
        save(out / f"{stem}-won.png")
        app.quit()


def main(argv: list[str] | None = None) -> int:
    """Parse the options and draw every picture asked for."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", default=str(ROOT / "shots" / "pictures"))
    parser.add_argument("--sizes", default=SIZES, help="comma-separated WxH")
    parser.add_argument("--themes", default="light,dark")
    parser.add_argument("--language", default="en")
    parser.add_argument("--seed", type=int, default=12345)
    args = parser.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    line = winning_line(args.seed)
    long_at = longest_column_at(args.seed, line)
    for text in args.sizes.split(","):
        w, h = (int(v) for v in text.lower().split("x"))
        for theme in args.themes.split(","):
            pictures((w, h), theme, args.language, args.seed, line, long_at, out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
