"""Costs of the things around the table that run inside the frame loop or at start-up.

    python benchmarks/bench_extras.py [--saves N]

- autosave: one save_game of a long game (the table saves after every move), p50/p99,
  written at once and handed to the writer thread (the cost left in the frame loop);
- resume: load_game of that save (parse and replay every move), p50/p99;
- settings + statistics load (start-up), p50; install() into a headless app with a resume;
- each synthesized sound (built on first use, so a one-off cost at that moment), min/p50.
Run it on an idle machine: other processes skew the upper percentiles.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from yukon.core.rules import Rules
from yukon.core.state import Game
from yukon.play.save import Store, load_game, save_game
from yukon.play.settings import load_settings
from yukon.play.stats import load_stats
from yukon.ui.sound import SOUND_NAMES, synthesize, to_pcm


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(p / 100 * len(xs)))]


def long_game(moves: int) -> Game:
    """A game with ``moves`` moves made (random legal moves, some undone and redone)."""
    rng = random.Random(1)
    game = Game.deal(12345, Rules())
    while len(game.history) < moves:
        legal = game.position.legal_moves()
        if not legal:
            game = Game.deal(rng.randrange(10**9), Rules())
            continue
        game.play(rng.choice(legal))
    return game


def main() -> None:
    """Time the saves, the resume, the start-up share of the extras and the sounds."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--saves", type=int, default=200)
    ap.add_argument("--moves", type=int, default=300)
    args = ap.parse_args()
    game = long_game(args.moves)
    with tempfile.TemporaryDirectory() as folder:
        store = Store(folder)
        save_ms = []
        for _ in range(args.saves):
            t = time.perf_counter()
            save_game(store, game, 600.0, True)
            save_ms.append((time.perf_counter() - t) * 1000)
        later_ms = []
        for _ in range(args.saves):
            t = time.perf_counter()
            save_game(store, game, 600.0, True, later=True)
            later_ms.append((time.perf_counter() - t) * 1000)
            time.sleep(0.005)  # moves come apart in time; let the writer keep up as it would
        store.flush()
        load_ms = []
        for _ in range(max(10, args.saves // 10)):
            t = time.perf_counter()
            r = load_game(store)
            load_ms.append((time.perf_counter() - t) * 1000)
            assert r.saved is not None and r.saved.game.position == game.position
        start_ms = []
        for _ in range(50):
            t = time.perf_counter()
            load_settings(store)
            load_stats(store)
            start_ms.append((time.perf_counter() - t) * 1000)
    print(f"autosave, {len(game.history)}-move game, written at once: p50 {pct(save_ms, 50):.2f} ms, "
          f"p99 {pct(save_ms, 99):.2f} ms")
    print(f"autosave on the writer thread (what the frame loop pays): p50 {pct(later_ms, 50):.2f} ms, "
          f"p99 {pct(later_ms, 99):.2f} ms")
    print(f"resume (parse + replay {len(game.history)} moves): p50 {pct(load_ms, 50):.2f} ms, "
          f"p99 {pct(load_ms, 99):.2f} ms")
    print(f"settings + statistics load: p50 {pct(start_ms, 50):.3f} ms")
    install_costs(game)
    sound_costs()


def install_costs(game: Game) -> None:
    """Install the extras into a real (headless) app, resuming ``game``: their share of the start."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from yukon.ui.build import open_window  # the table's own modules: not this script's business

    t = time.perf_counter()
    from yukon.ui.build import add_extras

    import_ms = (time.perf_counter() - t) * 1000
    install_ms = []
    with tempfile.TemporaryDirectory() as folder:
        save_game(Store(folder), game, 600.0, True)
        for _ in range(5):
            app = open_window(seed=1, size=(1280, 800))
            t = time.perf_counter()
            add_extras(app, folder=folder)
            install_ms.append((time.perf_counter() - t) * 1000)
            assert app.session.game.position == game.position
            app.quit()
    print(f"import of the extras modules (after the table's): {import_ms:.0f} ms (once)")
    print(f"install into the app + resume of the {len(game.history)}-move game: "
          f"p50 {statistics.median(install_ms):.1f} ms")


def sound_costs() -> None:
    """How long each sound takes to make."""
    for name in SOUND_NAMES:
        ms = []
        for _ in range(10):
            t = time.perf_counter()
            to_pcm(synthesize(name, 44100), -16, 2)
            ms.append((time.perf_counter() - t) * 1000)
        print(f"sound {name}: min {min(ms):.1f} ms, p50 {statistics.median(ms):.1f} ms")


if __name__ == "__main__":
    main()
