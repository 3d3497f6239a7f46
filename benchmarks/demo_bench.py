"""The Demo on chosen deals, headless: does it win, in how many moves, through how many positions?

    python benchmarks/demo_bench.py [--seconds 60] [--game yukon|russian] [--no-return] 5 12345 419399342

For each deal: the solver's verdict on the fresh deal, the length of the line the Demo
starts with, then the Demo plays (no slides, no pause) until the deal is won or the time
(wall clock, a bound only) runs out. Prints moves made, distinct positions passed, cards
home and whether it won. A Demo that goes round in circles shows as many moves through
few distinct positions.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def run_deal(seed: int, rules_args: tuple[str, bool], seconds: float) -> str:
    """One deal's line of the report."""
    from yukon.core.rules import Rules
    from yukon.core.state import Game
    from yukon.solve.solver import Verdict
    from yukon.solve.solver_service import SolverService
    from yukon.ui.assist import CHECKING
    from yukon.ui.build import add_assist as install
    from yukon.ui.build import open_window
    from yukon.ui.parts import TablePrefs

    rules = Rules(rules_args[0], foundation_return=rules_args[1])
    service = SolverService(nice=0)
    try:
        app = open_window(size=(800, 600), game=Game.deal(seed, rules))
        app.apply_prefs(TablePrefs(animation_speed=0.0))
        assist = install(app, service, hint_patience=seconds, demo_pause=0.0)
        end = time.monotonic() + seconds
        while assist.status in ("", CHECKING) and time.monotonic() < end:
            app.frame()
            time.sleep(0.001)
        if assist.status != Verdict.WINNABLE:
            return f"deal {seed}: {assist.status or 'no answer'}"
        start_line = len(assist.knowledge.line_here(assist.app.session.game))
        table = app.table
        assert table is not None
        assist.start_demo()
        while assist.demo and not app.session.game.position.is_won() and time.monotonic() < end:
            app.frame()
        game = app.session.game
        p = game.position.copy()
        keys = [p.key()]
        for u in reversed(game.history):
            p.pop(u)
            keys.append(p.key())
        won = "won" if game.position.is_won() else "NOT won"
        result = (f"deal {seed}: line {start_line}, {len(game.history)} moves through {len(set(keys))} "
                  f"distinct positions, {game.position.home_count()}/52 home, {won}")
        assist.close()
        return result
    finally:
        service.close()


def main(argv: list[str] | None = None) -> int:
    """Run the Demo on each deal given and print one line each."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("seeds", nargs="+", type=int)
    ap.add_argument("--seconds", type=float, default=60.0, help="bound on each deal (wall clock)")
    ap.add_argument("--game", choices=("yukon", "russian"), default="yukon")
    ap.add_argument("--no-return", action="store_true", help="foundation cards may not come back")
    args = ap.parse_args(argv)
    for seed in args.seeds:
        print(run_deal(seed, (args.game, not args.no_return), args.seconds), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
