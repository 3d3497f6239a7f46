"""Start the Yukon Solitaire table: ``yukon-solitaire`` (installed) or ``python main.py``.

Options: ``[--seed N] [--game russian] [--fullscreen] [--size WxH] [--version]``.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import sys

from .. import __version__

MIN_WINDOW = 240  # pixels each way: the app's MIN_SIZE (kept here so --help needs no pygame)


def parse_size(text: str) -> tuple[int, int]:
    """``1280x800`` as (1280, 800)."""
    try:
        w, h = text.lower().split("x")
        size = (int(w), int(h))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a size like 1280x800") from None
    low = MIN_WINDOW
    if not (low <= size[0] <= 16384 and low <= size[1] <= 16384):
        raise argparse.ArgumentTypeError(f"width and height must be between {low} and 16384 (the window's smallest "
                                         f"size is {low}x{low})")
    return size


def main(argv: list[str] | None = None) -> int:
    """Parse the options and run the window."""
    # In the one-file build the solver's child process starts this same program: this
    # turns it into the child (elsewhere it does nothing).
    multiprocessing.freeze_support()
    from ..cards import MAX_SEED
    from ..rules import VARIANTS, Rules

    ap = argparse.ArgumentParser(description="Play Yukon Solitaire in a window.")
    ap.add_argument("--version", action="version", version=f"Yukon Solitaire {__version__}")
    ap.add_argument("--seed", type=int, help=f"deal number (0 to {MAX_SEED}); a saved game under way is "
                    "only replaced if you say so")
    ap.add_argument("--game", choices=VARIANTS, default="yukon", help="yukon (default) or russian")
    ap.add_argument("--fullscreen", action="store_true", help="start in full screen (F11 toggles)")
    ap.add_argument("--size", type=parse_size, help="window size, e.g. 1280x800")
    args = ap.parse_args(argv)
    if args.seed is not None and not 0 <= args.seed <= MAX_SEED:
        ap.error(f"--seed must be between 0 and {MAX_SEED}")
    given = sys.argv[1:] if argv is None else argv
    game_given = any(a == "--game" or a.startswith("--game=") for a in given)
    try:
        from .build import Options, build_app
        from .report import REPORT_ENV

        app = build_app(Options(seed=args.seed, rules=Rules(args.game) if game_given else None, size=args.size,
                                fullscreen=args.fullscreen, report_path=os.environ.get(REPORT_ENV) or None))
    except KeyboardInterrupt:  # Ctrl+C while the window opens: nothing to save yet
        print("Stopped before the window opened.", file=sys.stderr)
        return 130
    except Exception as e:  # noqa: BLE001 - no display and the like: a plain message, not a traceback
        print(f"Cannot open the Yukon window: {e}", file=sys.stderr)
        return 1
    app.run()
    return 0

