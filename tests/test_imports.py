"""No import circles in the package, and the layers only look down: every import counts (top level, inside
functions, under TYPE_CHECKING).

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


# -- layers: each folder imports only the folders beneath it ----------------------------------------------
# From the bottom: the rules (the python-chess of the project: cards, rule sets, positions and moves, their
# text, the safe moves home, where the assets lie), the solver (typed answers: Verdict, Explanation,
# Rating; never words), the words (the player's language), the play (the session a table is, lessons,
# saves, settings, statistics; no pygame), the window. The command line (``cli``, ``cliargs``, ``survey``,
# ``__main__`` at the top of the package) stands beside the window: it may use everything but the window.
# The package's face (``yukon/__init__.py``: the version) may be imported by anyone.
LAYERS = ("yukon.core", "yukon.solve", "yukon.text", "yukon.play", "yukon.ui")
COMMAND_LINE = ("yukon.__main__", "yukon.cli", "yukon.cliargs", "yukon.survey")
MAY_IMPORT: dict[str, tuple[str, ...]] = {
    **{layer: LAYERS[:i + 1] for i, layer in enumerate(LAYERS)},
    **{name: (*LAYERS[:-1], *COMMAND_LINE) for name in COMMAND_LINE},
}
WINDOW = "yukon.ui"  # the only layer that may import pygame


def under(name: str, prefixes: tuple[str, ...]) -> bool:
    """Is ``name`` one of ``prefixes`` or inside one of them?"""
    return any(name == p or name.startswith(p + ".") for p in prefixes)


def layer_of(name: str) -> str | None:
    """The layer (or command-line module) ``name`` lies in; ``None`` for a module of none."""
    return next((key for key in MAY_IMPORT if under(name, (key,))), None)


def layer_faults(package: Path) -> list[str]:
    """Each import that breaks the layers: a module importing a layer above its own (or the command
    line), pygame outside the window, or a module that lies in no layer."""
    modules = module_names(package)
    faults: list[str] = []
    for name, path in modules.items():
        if name == "yukon":
            continue
        layer = layer_of(name)
        if layer is None:
            faults.append(f"{name} lies in no layer")
            continue
        for target in sorted(imports_of(name, path)):
            if under(target, ("pygame",)) and not under(name, (WINDOW,)):
                faults.append(f"{name} imports {target}")
            module = target if target in modules else target.rpartition(".")[0]  # ``from module import name``
            if module in modules and module != "yukon" and not under(module, MAY_IMPORT[layer]):
                faults.append(f"{name} imports {target}, above its layer")
    return sorted(faults)


def test_every_layer_imports_only_the_layers_beneath_it() -> None:
    assert layer_faults(ROOT / "yukon") == []


def test_the_layers_are_folders_and_each_module_name_is_unique() -> None:
    """Each layer is a folder that holds modules, and no two modules share a name anywhere in the package."""
    for layer in LAYERS:
        assert len(list((ROOT / Path(*layer.split("."))).glob("*.py"))) > 2, layer
    names = [p.name for p in (ROOT / "yukon").rglob("*.py") if p.name != "__init__.py"]
    assert sorted(n for n in set(names) if names.count(n) > 1) == []


def test_a_layer_fault_is_found(tmp_path: Path) -> None:
    """The check itself: pygame outside the window, an import of a layer above, of the command line and a
    module in no layer are each seen, wherever the import stands; imports downwards are fine."""
    pkg = tmp_path / "yukon"
    for folder in ("core", "solve", "text", "play", "ui"):
        (pkg / folder).mkdir(parents=True)
        (pkg / folder / "__init__.py").write_text("")
    (pkg / "__init__.py").write_text("")
    (pkg / "text" / "words.py").write_text("from ..core import rules\n")
    (pkg / "core" / "cards.py").write_text("import pygame\n")
    (pkg / "core" / "rules.py").write_text("from .cards import RANK\nfrom .. import __version__\n")
    (pkg / "core" / "state.py").write_text("def f() -> None:\n    from ..text.words import refusal\n")
    (pkg / "core" / "notation.py").write_text("from ..play import lessons\n")
    (pkg / "play" / "lessons.py").write_text("from ..text.words import refusal\nfrom ..solve import solver\n")
    (pkg / "play" / "session.py").write_text("def f() -> None:\n    from yukon.ui import app\n")
    (pkg / "solve" / "solver.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ..text.i18n import _\n")
    (pkg / "text" / "i18n.py").write_text("from ..cli import main\n")
    (pkg / "ui" / "app.py").write_text("import pygame\nfrom ..play.session import f\n")
    (pkg / "cli.py").write_text("from .ui import app\nfrom .play import lessons\n")
    (pkg / "extra.py").write_text("")
    (pkg / "solve" / "lines.py").write_text("from yukon import core, play\n")
    assert layer_faults(pkg) == ["yukon.cli imports yukon.ui.app, above its layer",
                                 "yukon.core.cards imports pygame",
                                 "yukon.core.notation imports yukon.play.lessons, above its layer",
                                 "yukon.core.state imports yukon.text.words.refusal, above its layer",
                                 "yukon.extra lies in no layer",
                                 "yukon.play.session imports yukon.ui.app, above its layer",
                                 "yukon.solve.lines imports yukon.play, above its layer",
                                 "yukon.solve.solver imports yukon.text.i18n._, above its layer",
                                 "yukon.text.i18n imports yukon.cli.main, above its layer"]
