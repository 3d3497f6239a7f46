"""Where the game's data files are: fonts, lessons and icons, found as package resources.

In a clone they lie in the top-level ``assets/`` folder beside ``yukon/``. Installed
(``pip install .``, pipx) the same folder is the package data ``yukon/assets`` (see
pyproject.toml), and the one-file build unpacks it to the same place, so the game finds
its files from any working directory. Core module: no pygame.
"""

from __future__ import annotations

import atexit
import contextlib
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

CLONE_ASSETS = Path(__file__).resolve().parents[2] / "assets"  # yukon/core/ -> the clone

# Files that had to be copied out of a zip to get a real path stay until the program ends.
_extracted = contextlib.ExitStack()
atexit.register(_extracted.close)


def _installed_assets() -> Traversable | None:
    try:
        folder = resources.files("yukon") / "assets"
    except (ModuleNotFoundError, OSError, TypeError):  # a loader that cannot list resources
        return None
    return folder if folder.is_dir() else None


def asset_path(*parts: str) -> Path:
    """A real file-system path to ``assets/<parts...>``, installed or in a clone.

    The installed package's copy wins; in a clone that is the top-level ``assets/``. A
    missing file still gets a path (in the clone's folder) so the caller's own message for
    a missing file names it.
    """
    installed = _installed_assets()
    if installed is not None:
        item = installed
        for part in parts:
            item = item / part
        if isinstance(item, Path) and item.exists():
            return item
        if item.is_file():  # inside a zip: copied out once, since fonts need a real path
            return _extracted.enter_context(resources.as_file(item))
    return CLONE_ASSETS.joinpath(*parts)
