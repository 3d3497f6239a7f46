"""The big soak: thousands of random clicks, drags, keys, wheel turns and resizes per deal.

    python benchmarks/soak.py [--deals N] [--events N]

Runs headless (SDL dummy driver) with the same driver as tests/test_ui_soak.py, which
checks after every event that all 52 cards are present and that nothing was raised.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def load_soak() -> Callable[..., int]:
    """The soak function from the test module."""
    spec = importlib.util.spec_from_file_location("ui_soak", ROOT / "tests" / "test_ui_soak.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    soak: Callable[..., int] = mod.soak
    return soak


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=10)
    ap.add_argument("--events", type=int, default=3000)
    ap.add_argument("--first-seed", type=int, default=100)
    args = ap.parse_args()
    soak = load_soak()
    t0 = time.perf_counter()
    total_moves = 0
    for seed in range(args.first_seed, args.first_seed + args.deals):
        t = time.perf_counter()
        moves = soak(seed, args.events, draw_every=1)
        total_moves += moves
        print(f"deal {seed}: {args.events} events, {moves} moves made, {time.perf_counter() - t:.1f} s", flush=True)
    dt = time.perf_counter() - t0
    n = args.deals * args.events
    print(f"{n} events on {args.deals} deals, {total_moves} moves, no exception, 52 cards throughout; "
          f"{dt:.1f} s ({n / dt:.0f} events/s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
