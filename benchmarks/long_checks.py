"""The long checks: the tests that run a fixed slice of their cases in the suite, over all of them.

    python benchmarks/long_checks.py [TEST_FILE_OR_ID ...] [--list]

The suite keeps within a few minutes on a 2-core machine by running a small fixed-seed slice
of its long property runs (Demo and hints over many deals, solver searches, explanations);
this script runs the same tests with ``YUKON_LONG_CHECKS=1``, so that ``tests/case_slices.py``
hands them every case. With no argument it runs every test file that has a long run; a test
file or a pytest node id (``tests/test_x.py::test_y``) runs only that. Takes tens of minutes.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# The test files whose tests take a slice of their cases from tests/case_slices.py.
LONG_FILES: tuple[str, ...] = (
    "tests/test_ui_assist_progress.py",
    "tests/test_solver_wins6.py",
    "tests/test_ui_hint_safety.py",
    "tests/test_ui_extras_soak.py",
    "tests/test_explain.py",
    "tests/test_i18n_core.py",
    "tests/test_engine_properties.py",
    "tests/test_difficulty.py",
)


def options() -> argparse.Namespace:
    """The command line."""
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("tests", nargs="*", help="test files or node ids (default: every file with a long run)")
    ap.add_argument("--list", action="store_true", help="only list the test files with a long run")
    return ap.parse_args()


def main() -> int:
    """Run the long checks; pytest's exit status."""
    args = options()
    if args.list:
        print("\n".join(LONG_FILES))
        return 0
    env = dict(os.environ, YUKON_LONG_CHECKS="1")
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    targets = list(args.tests) or list(LONG_FILES)
    t0 = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "--durations=20", *targets],
                          cwd=ROOT, env=env, check=False)
    print(f"long checks: {time.perf_counter() - t0:.0f} s, exit status {done.returncode}")
    return done.returncode


if __name__ == "__main__":
    sys.exit(main())
