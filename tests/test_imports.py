"""No import circles in the package: every import counts (top level, inside functions, under TYPE_CHECKING).

A type-only circle is still a circle for a reader and for the layering: the screens, the table's sections
and the parts name the app and the table through protocols (``Host``, ``TableHost``, ``TableView``,
``LessonBook``) defined beneath them instead of importing what imports them.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def module_names(package: Path) -> dict[str, Path]:
    """Every module under ``package`` by dotted name (a package by its own name)."""
    names: dict[str, Path] = {}
    for path in sorted(package.rglob("*.py")):
        parts = list(path.relative_to(package.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        names[".".join(parts)] = path
    return names


def imports_of(name: str, path: Path) -> set[str]:
    """Every module ``name`` imports anywhere in its text (top level, in functions, for type
    checking), as dotted names, relative imports resolved; ``from a import b`` gives ``a.b``."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[:len(package.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            found.update(f"{target}.{alias.name}" for alias in node.names)
    return found


def imported(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The package's modules that ``name`` imports anywhere in its text."""
    found: set[str] = set()
    for target in imports_of(name, path):
        if target in modules:
            found.add(target)
        elif target.rpartition(".")[0] in modules:  # ``from module import name``
            found.add(target.rpartition(".")[0])
    found.discard(name)
    return found


def circles(package: Path) -> list[list[str]]:
    """The import circles (strongly connected components of two or more modules), each sorted."""
    modules = module_names(package)
    graph = {name: imported(name, path, modules) for name, path in modules.items()}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:  # Tarjan's algorithm; the package is small enough for recursion
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component: list[str] = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for name in sorted(graph):
        if name not in index:
            visit(name)
    return found


def test_the_package_has_no_import_circle() -> None:
    assert circles(ROOT / "yukon") == []


def test_a_type_only_circle_is_found(tmp_path: Path) -> None:
    """The check itself: a circle made only by imports under TYPE_CHECKING and inside a function is seen."""
    pkg = tmp_path / "pkg"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "top.py").write_text("def f() -> None:\n    from .sub import low\n")
    (pkg / "sub" / "__init__.py").write_text("from .low import Low\n")
    (pkg / "sub" / "low.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ..top import f\nclass Low: ...\n")
    (pkg / "alone.py").write_text("from . import top\n")
    assert circles(pkg) == [["pkg.sub.low", "pkg.top"]]


# -- layers: the core knows no language and no window ------------------------------------------------
# The rules (the python-chess of the project): cards, rule sets, positions and moves, their text, the
# safe moves home and where the assets lie. They import nothing of the package above them, so no
# language (yukon.i18n, yukon.pseudo, yukon.text, yukon.help_text) and no window (pygame, yukon.ui).
CORE = ("yukon.cards", "yukon.rules", "yukon.state", "yukon.notation", "yukon.safe", "yukon.resources")
# The solver and what is built on it answer with typed values (Verdict, Explanation, Rating), never words.
SOLVE = ("yukon.relaxation", "yukon.lines", "yukon.solver", "yukon.explain", "yukon.difficulty",
         "yukon.move_order", "yukon.solver_service", "yukon.bench")
LANGUAGE = ("yukon.i18n", "yukon.pseudo", "yukon.text", "yukon.help_text")
WINDOW = ("pygame", "yukon.ui")


def under(name: str, prefixes: tuple[str, ...]) -> bool:
    """Is ``name`` one of ``prefixes`` or inside one of them?"""
    return any(name == p or name.startswith(p + ".") for p in prefixes)


def layer_faults(package: Path) -> list[str]:
    """Each import that breaks the layers: a core module importing anything of the package outside the
    core, or a core or solver module importing a language or the window."""
    modules = module_names(package)
    faults: list[str] = []
    for name in (*CORE, *SOLVE):
        if name not in modules:
            continue
        for target in sorted(imports_of(name, modules[name])):
            if under(target, LANGUAGE + WINDOW):
                faults.append(f"{name} imports {target}")
            elif name in CORE and under(target, ("yukon",)) and not under(target, CORE):
                faults.append(f"{name} imports {target}, above the core")
    return faults


def test_the_core_and_the_solver_know_no_language_and_no_window() -> None:
    assert layer_faults(ROOT / "yukon") == []


def test_a_layer_fault_is_found(tmp_path: Path) -> None:
    """The check itself: a language, the window and a module above the core are each seen, wherever
    the import stands; an import of the core itself is fine."""
    pkg = tmp_path / "yukon"
    (pkg / "text").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "text" / "__init__.py").write_text("")
    (pkg / "text" / "words.py").write_text("")
    (pkg / "cards.py").write_text("import pygame\n")
    (pkg / "rules.py").write_text("from .cards import RANK\n")
    (pkg / "state.py").write_text("def f() -> None:\n    from .text.words import refusal\n")
    (pkg / "notation.py").write_text("from . import lessons\n")
    (pkg / "lessons.py").write_text("")
    (pkg / "solver.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .i18n import _\n")
    assert layer_faults(pkg) == ["yukon.cards imports pygame", "yukon.state imports yukon.text.words.refusal",
                                 "yukon.notation imports yukon.lessons, above the core",
                                 "yukon.solver imports yukon.i18n._"]
