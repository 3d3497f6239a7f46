"""The play layer looks only down: ``yukon/play`` never imports pygame or the window (``yukon.ui``).

Every import counts, at the top of a module, inside a function or for type checking only.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PLAY = ROOT / "yukon" / "play"


def imports_of(path: Path) -> set[str]:
    """The modules ``path`` imports anywhere, as absolute dotted names (relative ones resolved
    from ``yukon.play``)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = ["yukon", "play"][:3 - node.level]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            found.add(target)
    return found


def below_the_window(module: str) -> bool:
    """Is ``module`` one the play layer may import (nothing of pygame or the window)?"""
    return not (module == "pygame" or module.startswith(("pygame.", "yukon.ui")))


def test_the_play_layer_never_imports_pygame_or_the_window() -> None:
    modules = sorted(PLAY.glob("*.py"))
    assert len(modules) >= 5  # the session, its events, clock, records, the lesson guide
    wrong = {p.name: sorted(m for m in imports_of(p) if not below_the_window(m)) for p in modules}
    assert {name: found for name, found in wrong.items() if found} == {}


def test_the_check_sees_a_play_module_reaching_up(tmp_path: Path) -> None:
    """The check itself: imports of pygame and of the window, relative or not, are seen."""
    bad = tmp_path / "bad.py"
    bad.write_text("import pygame.display\nfrom ..ui.table import TableScreen\n"
                   "def f() -> None:\n    from yukon.ui import app\n")
    found = imports_of(bad)
    assert {"pygame.display", "yukon.ui.table", "yukon.ui"} <= found
    assert not any(below_the_window(m) for m in ("pygame.display", "yukon.ui.table", "yukon.ui"))
    assert below_the_window("yukon.core.state") and below_the_window("yukon.play.events")
