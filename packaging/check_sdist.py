"""Check the source package: it holds the whole project, and unpacked, its own tests pass there.

    python packaging/check_sdist.py [--isolated] [--subset] [--keep DIR]

Copies the checkout's files (tracked and new, not ignored) to a temporary folder, builds
the sdist there with ``python -m build --sdist`` (without build isolation by default, so
no network: this Python needs ``build`` and setuptools >= 77, both in requirements-dev.txt;
``--isolated`` lets ``build`` fetch what ``[build-system]`` asks for, as pip would),
unpacks it into another folder and checks that it holds every file git tracks (and no
ignored one), then runs the unpacked package's tests there, from the unpacked code (not
this checkout's): the whole suite, or with ``--subset`` the fast slice the test suite
itself runs (tests/test_source_package.py). Prints the sdist's size and the time each
step took. Exit status 0 when every check passed.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

from check_install import copy_checkout

# What the sdist holds beyond the checkout's files: setuptools writes these.
GENERATED = frozenset({"PKG-INFO", "setup.cfg"})
GENERATED_FOLDER = "yukon_solitaire.egg-info"

# The unpacked package's tests that the test suite runs (the whole suite takes minutes; that
# every test module, helper and golden file is there the comparison with git shows), chosen
# as they read what a source package could leave out: main.py, the desktop
# files, the icons and pyproject.toml (test_packaging), the README and every path it names
# (test_readme), the golden deals (test_engine_deal), the lessons and their translations
# (test_lessons) and the compiled catalogues (the test_i18n test that loads each one).
SUBSET = ("tests/test_packaging.py", "tests/test_readme.py", "tests/test_engine_deal.py", "tests/test_lessons.py",
          "tests/test_i18n.py::test_each_shipped_language_loads_and_translates_cards")

WAIT = 3600.0  # seconds: a safety net for a whole test run on a busy machine, never a measurement


def checkout_files(root: Path = ROOT) -> tuple[set[str], set[str]]:
    """(the files git tracks, the files not ignored that git does not track yet), as POSIX paths."""
    def listed(*options: str) -> set[str]:
        out = subprocess.run(["git", "ls-files", "-z", *options], cwd=root, capture_output=True, check=True).stdout
        return {name for name in out.decode().split("\0") if name and (root / name).is_file()}

    return listed(), listed("--others", "--exclude-standard")


def build_sdist(src: Path, out: Path, isolated: bool = False) -> Path:
    """Build the sdist of the project in ``src`` into ``out``; returns the archive's path."""
    cmd = [sys.executable, "-m", "build", "--sdist", "--outdir", str(out)]
    if not isolated:
        cmd.append("--no-isolation")
    done = subprocess.run([*cmd, str(src)], cwd=src, capture_output=True, text=True, timeout=WAIT, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"python -m build --sdist failed ({done.returncode}):\n{done.stdout[-3000:]}"
                           f"{done.stderr[-3000:]}")
    archives = list(out.glob("*.tar.gz"))
    if len(archives) != 1:
        raise RuntimeError(f"expected one sdist in {out}, found {archives}")
    return archives[0]


def unpack(archive: Path, dest: Path) -> Path:
    """Unpack the sdist into ``dest``; returns its one top folder."""
    with tarfile.open(archive) as tar:
        if hasattr(tarfile, "data_filter"):  # Python 3.10.12+, 3.11.4+: refuse links and paths out of dest
            tar.extractall(dest, filter="data")
        else:
            tar.extractall(dest)  # our own archive, just built
    (top,) = dest.iterdir()
    return top


def contents(top: Path) -> set[str]:
    """The files in the unpacked sdist, as POSIX paths from its top folder."""
    return {p.relative_to(top).as_posix() for p in top.rglob("*") if p.is_file()}


def compare(files: set[str], tracked: set[str], untracked: set[str]) -> tuple[set[str], set[str]]:
    """(tracked files the sdist lacks, files in it that the checkout ignores or setuptools did not write)."""
    missing = tracked - files
    extra = {f for f in files - tracked - untracked - GENERATED if not f.startswith(GENERATED_FOLDER + "/")}
    return missing, extra


def unpacked_environment() -> dict[str, str]:
    """The environment for the unpacked package's tests: nothing points back at this checkout."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONSTARTUP")}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONDONTWRITEBYTECODE="1")
    return env


def imported_from(top: Path) -> Path:
    """Where ``import yukon`` finds the package when run in the unpacked folder."""
    done = subprocess.run([sys.executable, "-c", "import yukon; print(yukon.__file__)"], cwd=top,
                          env=unpacked_environment(), capture_output=True, text=True, timeout=WAIT, check=True)
    return Path(done.stdout.strip()).resolve()


def run_tests(top: Path, args: list[str]) -> subprocess.CompletedProcess[str]:
    """``python -m pytest ARGS`` in the unpacked folder, with its output."""
    cmd = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-o", "addopts=", "-q", *args]
    return subprocess.run(cmd, cwd=top, env=unpacked_environment(), capture_output=True, text=True, timeout=WAIT,
                          check=False)


def main(argv: list[str] | None = None) -> int:
    """Build, unpack, compare with the checkout, run the tests; print the figures."""
    ap = argparse.ArgumentParser(description="Build the sdist, unpack it and run its own tests there.")
    ap.add_argument("--isolated", action="store_true", help="build in an isolated environment (fetches setuptools)")
    ap.add_argument("--subset", action="store_true", help="run only the slice the test suite runs")
    ap.add_argument("--keep", type=Path, help="copy the sdist into this folder")
    args = ap.parse_args(argv)
    failures: list[str] = []
    with tempfile.TemporaryDirectory(prefix="yukon-sdist-") as tmp_name:
        tmp = Path(tmp_name)
        src, out, unpacked = tmp / "src", tmp / "out", tmp / "unpacked"
        for folder in (src, out, unpacked):
            folder.mkdir()
        copy_checkout(src)
        t0 = time.monotonic()
        try:
            archive = build_sdist(src, out, args.isolated)
        except RuntimeError as e:
            print(f"FAILED: {e}", file=sys.stderr)
            return 1
        top = unpack(archive, unpacked)
        files = contents(top)
        print(f"sdist: {archive.name}, {archive.stat().st_size / 1e6:.2f} MB, {len(files)} files, "
              f"built in {time.monotonic() - t0:.0f} s")
        if args.keep:
            args.keep.mkdir(parents=True, exist_ok=True)
            shutil.copy2(archive, args.keep / archive.name)
        missing, extra = compare(files, *checkout_files())
        if missing:
            failures.append(f"the sdist lacks files git tracks: {sorted(missing)}")
        if extra:
            failures.append(f"the sdist holds files the checkout ignores: {sorted(extra)}")
        where = imported_from(top)
        if not where.is_relative_to(top.resolve()):
            failures.append(f"the unpacked tests would import yukon from {where}, not from the package")
        t1 = time.monotonic()
        done = run_tests(top, list(SUBSET) if args.subset else [])
        print(f"tests of the unpacked sdist ({'the subset' if args.subset else 'the whole suite'}): "
              f"{done.stdout.strip().splitlines()[-1] if done.stdout.strip() else '(no output)'}, "
              f"{time.monotonic() - t1:.0f} s")
        if done.returncode != 0:
            failures.append(f"the unpacked package's tests failed:\n{done.stdout[-5000:]}{done.stderr[-2000:]}")
    for failure in failures:
        print(f"FAILED: {failure}", file=sys.stderr)
    print("all sdist checks passed" if not failures else f"{len(failures)} check(s) failed")
    return 0 if not failures else 1


if __name__ == "__main__":
    sys.exit(main())
