"""Build the desktop program: ``dist/yukon-solitaire`` (Linux), ``dist/yukon-solitaire.exe``
(Windows) or ``dist/Yukon Solitaire.app`` (macOS).

    python -m venv /tmp/yukon-build && /tmp/yukon-build/bin/pip install -r requirements-dev.txt
    /tmp/yukon-build/bin/python packaging/build_onefile.py

PyInstaller (a development requirement) runs ``packaging/yukon-solitaire.spec`` with this
Python, so the program carries this Python and its pygame-ce: build from a clean virtual
environment, or everything else installed in the Python ends up weighing on the program.
PyInstaller builds for the system it runs on (no cross-building): build on Windows for
Windows, on macOS for macOS. What each gets, and the icon written for it at build time,
is in ``packaging/onefile_options.py``. Build files go to ``build/pyinstaller``. Prints the
program's path, size and build time; on Linux ``packaging/check_onefile.py`` then starts
it and checks that its solver answers.
"""

from __future__ import annotations

import argparse
import importlib.util
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
SPEC = HERE / "yukon-solitaire.spec"
sys.path.insert(0, str(HERE))

from onefile_options import program_path as platform_program_path


def program_path(dist: Path) -> Path:
    """Where PyInstaller puts the program in ``dist`` on this system (the .app folder on macOS)."""
    return platform_program_path(sys.platform, dist)


def size_of(path: Path) -> int:
    """Bytes in the program: the file, or every file in the .app folder."""
    return path.stat().st_size if path.is_file() else sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


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
    if not program.exists():
        print(f"build_onefile: PyInstaller finished but {program} is missing", file=sys.stderr)
        return 1
    size = size_of(program)
    print(f"built {program}: {size / 1e6:.1f} MB in {time.monotonic() - t0:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
