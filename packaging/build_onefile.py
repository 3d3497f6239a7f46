"""Build the one-file desktop program: ``dist/yukon-solitaire`` (``.exe`` on Windows).

    python -m venv /tmp/yukon-build && /tmp/yukon-build/bin/pip install -r requirements-dev.txt
    /tmp/yukon-build/bin/python packaging/build_onefile.py

PyInstaller (a development requirement) runs ``packaging/yukon-solitaire.spec`` with this
Python, so the program carries this Python and its pygame-ce: build from a clean virtual
environment, or everything else installed in the Python ends up weighing on the program.
Build files go to ``build/pyinstaller``. Prints the program's path, size and build time;
``packaging/check_onefile.py`` then starts it and checks that its solver answers.
"""

from __future__ import annotations

import argparse
import importlib.util
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "packaging" / "yukon-solitaire.spec"


def program_path(dist: Path) -> Path:
    """Where PyInstaller puts the one-file program in ``dist``."""
    return dist / ("yukon-solitaire.exe" if sys.platform == "win32" else "yukon-solitaire")


def build(dist: Path, work: Path) -> Path:
    """Run PyInstaller on the spec; returns the program's path. Raises CalledProcessError on failure."""
    cmd = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean", "--log-level", "WARN",
           "--distpath", str(dist), "--workpath", str(work), str(SPEC)]
    subprocess.run(cmd, check=True, cwd=ROOT)
    return program_path(dist)


def main(argv: list[str] | None = None) -> int:
    """Build the program and print its size and the build time."""
    ap = argparse.ArgumentParser(description="Build the one-file Yukon Solitaire program with PyInstaller.")
    ap.add_argument("--dist", type=Path, default=ROOT / "dist", help="folder for the program (default dist/)")
    ap.add_argument("--work", type=Path, default=ROOT / "build" / "pyinstaller", help="PyInstaller's build folder")
    args = ap.parse_args(argv)
    if importlib.util.find_spec("PyInstaller") is None:
        print("build_onefile: PyInstaller is not installed in this Python: pip install -r requirements-dev.txt",
              file=sys.stderr)
        return 2
    t0 = time.monotonic()
    try:
        program = build(args.dist, args.work)
    except subprocess.CalledProcessError as e:
        print(f"build_onefile: PyInstaller failed (exit status {e.returncode})", file=sys.stderr)
        return 1
    if not program.is_file():
        print(f"build_onefile: PyInstaller finished but {program} is missing", file=sys.stderr)
        return 1
    size = program.stat().st_size
    print(f"built {program}: {size / 1e6:.1f} MB in {time.monotonic() - t0:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
