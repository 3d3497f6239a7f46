"""The source package (``python -m build --sdist``) holds the whole project, and its own tests pass unpacked.

Built from a copy of this checkout without build isolation (no network: ``build`` and
setuptools >= 77 come from requirements-dev.txt; without them the test says so and skips),
unpacked into a temporary folder and compared with ``git ls-files`` (every tracked file is
in it, so every test module, helper and golden file), then a slice of the unpacked
package's tests runs there, from the unpacked code: the slice that reads what a source
package could leave out (``check_sdist.SUBSET`` says which and why).
``python packaging/check_sdist.py`` runs the whole unpacked suite (minutes: too slow to
run a second time inside every run of the suite).
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "packaging"))

import check_install
import check_sdist


def can_build() -> str | None:
    """Why the sdist cannot be built here without the network, or None."""
    if subprocess.run(["git", "rev-parse", "--show-toplevel"], cwd=ROOT, capture_output=True, text=True,
                      check=False).stdout.strip() != str(ROOT):
        return "not a git checkout (an unpacked sdist): the sdist is built and checked from a checkout"
    if importlib.util.find_spec("build") is None:
        return "the sdist needs `build`: pip install -r requirements-dev.txt"
    setuptools = importlib.metadata.version("setuptools")
    if int(setuptools.split(".")[0]) < 77:
        return f"setuptools {setuptools} cannot read the licence expression: needs >= 77 (requirements-dev)"
    return None


def test_the_sdist_holds_every_file_of_the_checkout_and_its_tests_pass_unpacked(tmp_path: Path) -> None:
    reason = can_build()
    if reason is not None:
        pytest.skip(reason)
    src, out, unpacked = tmp_path / "src", tmp_path / "out", tmp_path / "unpacked"
    for folder in (src, out, unpacked):
        folder.mkdir()
    check_install.copy_checkout(src)
    archive = check_sdist.build_sdist(src, out)
    top = check_sdist.unpack(archive, unpacked)
    files = check_sdist.contents(top)
    tracked, untracked = check_sdist.checkout_files()
    missing, extra = check_sdist.compare(files, tracked, untracked)
    assert not missing, f"the sdist lacks: {sorted(missing)}"
    assert not extra, f"the sdist holds what the checkout ignores: {sorted(extra)}"
    for needed in ("main.py", "pytest.ini", "tests/conftest.py", "tests/window_helpers.py", "tests/golden/perft.txt",
                   "packaging/linux/io.github.yukon_solitaire.YukonSolitaire.desktop", "README.md", "LICENSE",
                   "assets/cards/vintage/COPYING.LESSER.txt", "assets/locale/de/LC_MESSAGES/yukon.mo"):
        assert needed in files
    assert check_sdist.imported_from(top).is_relative_to(top.resolve())  # the tests below test the package
    done = check_sdist.run_tests(top, list(check_sdist.SUBSET))
    assert done.returncode == 0, done.stdout[-5000:] + done.stderr[-2000:]
    assert " passed" in done.stdout.splitlines()[-1]
