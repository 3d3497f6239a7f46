"""Start the Yukon Solitaire table: ``python main.py [--seed N] [--game russian] [--fullscreen] [--size WxH]``."""

from __future__ import annotations

import argparse
import sys


def parse_size(text: str) -> tuple[int, int]:
    """``1280x800`` as (1280, 800)."""
    try:
        w, h = text.lower().split("x")
        size = (int(w), int(h))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a size like 1280x800") from None
    if not (100 <= size[0] <= 16384 and 100 <= size[1] <= 16384):
        raise argparse.ArgumentTypeError("width and height must be between 100 and 16384")
    return size


def main(argv: list[str] | None = None) -> int:
    """Parse the options and run the window."""
    from yukon.cards import MAX_SEED
    from yukon.rules import VARIANTS, Rules

    ap = argparse.ArgumentParser(prog="main.py", description="Play Yukon Solitaire in a window.")
    ap.add_argument("--seed", type=int, help=f"deal number (0 to {MAX_SEED}); a saved game under way is "
                    "only replaced if you say so")
    ap.add_argument("--game", choices=VARIANTS, default="yukon", help="yukon (default) or russian")
    ap.add_argument("--fullscreen", action="store_true", help="start in full screen (F11 toggles)")
    ap.add_argument("--size", type=parse_size, help="window size, e.g. 1280x800")
    args = ap.parse_args(argv)
    if args.seed is not None and not 0 <= args.seed <= MAX_SEED:
        ap.error(f"--seed must be between 0 and {MAX_SEED}")
    try:
        from yukon.ui.app import App

        app = App(seed=args.seed, rules=Rules(args.game), size=args.size, fullscreen=args.fullscreen)
    except Exception as e:  # no display and the like: a plain message, not a traceback
        print(f"Cannot open the Yukon window: {e}", file=sys.stderr)
        return 1
    try:  # resume, settings, statistics, keys, sound; the table plays on without them
        from yukon.ui.extras_app import install

        given = sys.argv[1:] if argv is None else argv
        game_given = any(a == "--game" or a.startswith("--game=") for a in given)
        install(app, resume=args.seed is None and not game_given, rules=Rules(args.game) if game_given else None)
    except Exception as e:
        print(f"yukon: saving and settings are off this time: {e!r}", file=sys.stderr)
    try:  # the solver's features (hints with reasons, still winnable, demo); its process starts later
        from yukon.ui.assist import install as install_assist

        install_assist(app)
    except Exception as e:
        print(f"yukon: the solver is off this time: {e!r}", file=sys.stderr)
    app.run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
