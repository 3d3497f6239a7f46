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


def imported(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The package's modules that ``name`` imports anywhere in its text."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name in modules)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[:len(package.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            for alias in node.names:
                full = f"{target}.{alias.name}"
                if full in modules:
                    found.add(full)
                elif target in modules:
                    found.add(target)
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
