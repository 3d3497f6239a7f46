"""Write the icon PNGs in assets/icons/ from the drawing in yukon/ui/icon.py.

Run it after changing the drawing: ``python packaging/make_icons.py``. The PNGs are
committed; tests/test_packaging.py checks that they match the drawing.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from yukon.ui.icon import ICON_SIZES, draw_icon, icon_file


def main() -> int:
    """Draw every size and save it; print what was written."""
    for size in ICON_SIZES:
        path = icon_file(size)
        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(draw_icon(size), str(path))
        print(f"{path.relative_to(ROOT)}  {size}x{size}  {path.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
