"""Real unreadable files for the tests: a child process that truly cannot read them.

Root reads every file whatever its mode, so as root the child drops to the ``nobody``
user (the folder is handed to that user so the child may still write in it, as a player
may in their own data folder, while the files stay root's and unreadable). As any other
user the files are simply made mode 000. Where neither can be arranged the test is skipped.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

NOBODY = 65534
ROOT = Path(__file__).resolve().parent.parent


def open_folder() -> Iterator[Path]:
    """A fresh folder under the system temporary folder (pytest's own is closed to other users);
    for a fixture: ``yield from open_folder()``."""
    folder = Path(tempfile.mkdtemp(prefix="yukon-perm-"))
    try:
        yield folder
    finally:
        for p in [folder, *folder.rglob("*")]:
            try:
                os.chmod(p, 0o700, follow_symlinks=False)
            except OSError:
                pass
        shutil.rmtree(folder, ignore_errors=True)


def run_unable_to_read(folder: Path, names: list[str], code: str, timeout: float = 120.0) -> str:
    """Run the Python ``code`` in a child process for which the files ``names`` in ``folder``
    exist but cannot be read; returns its standard output.

    ``code`` sees ``FOLDER`` (the folder's path) and must call ``drop()`` after its imports:
    as root that is where the child becomes ``nobody`` (the interpreter's own files may lie
    where ``nobody`` cannot go). The timeout is only a safety net for a child that hangs,
    never a measure of speed.
    """
    for name in names:
        os.chmod(folder / name, 0o000)
    if os.geteuid() == 0:
        os.chown(folder, NOBODY, NOBODY)
    prelude = f"""
import os, sys
FOLDER = sys.argv[1]
def drop():
    if os.geteuid() == 0:
        os.setgid({NOBODY})
        os.setuid({NOBODY})
    for n in sys.argv[2:]:
        try:
            open(os.path.join(FOLDER, n), 'rb').close()
        except PermissionError:
            continue
        print('READABLE')
        sys.exit(0)
"""
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONDONTWRITEBYTECODE="1",
               SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    try:
        done = subprocess.run([sys.executable, "-c", prelude + code, str(folder), *names], cwd=folder, env=env,
                              capture_output=True, text=True, timeout=timeout, check=False)
    finally:
        for p in folder.iterdir():  # the files and the copies kept aside, readable again for the checks
            if p.is_file() and not p.is_symlink():
                os.chmod(p, 0o600)
    if done.stdout.startswith("READABLE") or "Operation not permitted" in done.stderr:
        pytest.skip("an unreadable file cannot be arranged here")
    assert done.returncode == 0, done.stderr
    return done.stdout
