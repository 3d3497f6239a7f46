"""Start the Yukon Solitaire table: ``yukon-solitaire`` (installed) or ``python main.py``.

Options: ``[--seed N] [--game russian] [--fullscreen] [--size WxH] [--version]``.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import sys
import time
from typing import TYPE_CHECKING

from .. import __version__

if TYPE_CHECKING:
    from .app import App

REPORT_ENV = "YUKON_STARTUP_REPORT"


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


class StartupReport:
    """With ``YUKON_STARTUP_REPORT=path`` set, write a JSON start-up report once the solver judged the deal.

    A check from outside (packaging/check_onefile.py) reads it to know that the window is up
    and that the solver's child process answered; nothing is written without the variable.
    """

    def __init__(self, app: App, path: str) -> None:
        self.app = app
        self.path = path
        self.written = False

    def tick(self) -> float | None:
        """The app's ticker: write the report once the status line shows the solver's verdict."""
        if self.written:
            return None
        verdict = self.app.status_extra.get("solver", "")
        if self.app.first_frame_at is None or not verdict or verdict.endswith("\u2026"):
            return 0.1  # not yet: look again soon even when the table is idle
        from ..resources import asset_path

        report = {"version": __version__, "pid": os.getpid(), "executable": sys.executable,
                  "seed": self.app.game.seed, "solver": verdict, "assets": str(asset_path()),
                  "first_frame_s": round(self.app.first_frame_at - self.app.t0, 4),
                  "verdict_s": round(time.perf_counter() - self.app.t0, 4)}
        self.written = True
        try:
            with open(self.path, "w", encoding="utf-8") as f:
                json.dump(report, f)
        except OSError as e:
            print(f"yukon: cannot write the start-up report: {e}", file=sys.stderr)
        return None


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
    try:
        from .app import App

        app = App(seed=args.seed, rules=Rules(args.game), size=args.size, fullscreen=args.fullscreen)
    except Exception as e:  # no display and the like: a plain message, not a traceback
        print(f"Cannot open the Yukon window: {e}", file=sys.stderr)
        return 1
    try:  # resume, settings, statistics, keys, sound; the table plays on without them
        from .extras_app import install

        given = sys.argv[1:] if argv is None else argv
        game_given = any(a == "--game" or a.startswith("--game=") for a in given)
        install(app, resume=args.seed is None and not game_given, rules=Rules(args.game) if game_given else None)
    except Exception as e:
        print(f"yukon: saving and settings are off this time: {e!r}", file=sys.stderr)
    try:  # the solver's features (hints with reasons, still winnable, demo); its process starts later
        from .assist import install as install_assist

        install_assist(app)
    except Exception as e:
        print(f"yukon: the solver is off this time: {e!r}", file=sys.stderr)
    report_path = os.environ.get(REPORT_ENV)
    if report_path:
        app.tickers.append(StartupReport(app, report_path).tick)
    app.run()
    return 0

