"""The code's messages, found without Babel, and the shipped catalogues read with gettext.

The tests use these to check, with only the standard library, that every message the code
marks is translated in every shipped language, with the same placeholders.
"""

from __future__ import annotations

import ast
import gettext
import re
import string
from dataclasses import dataclass
from pathlib import Path

from yukon import i18n

ROOT = Path(__file__).resolve().parent.parent
SOURCES = [ROOT / "main.py", *sorted((ROOT / "yukon").rglob("*.py"))]
LOCALE = ROOT / "assets" / "locale"

# function name -> (index of the context or None, index of the singular, index of the plural or None)
MARKERS: dict[str, tuple[int | None, int, int | None]] = {
    "_": (None, 0, None), "N_": (None, 0, None), "gettext": (None, 0, None),
    "ngettext": (None, 0, 1), "pgettext": (0, 1, None), "NC_": (0, 1, None),
    "npgettext": (0, 1, 2),
}


@dataclass(frozen=True)
class Message:
    """One marked message: its context, English text, English plural and where it is."""

    context: str | None
    text: str
    plural: str | None
    where: str


def _literal(node: ast.expr) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    return None


def code_messages() -> list[Message]:
    """Every message marked in the code (calls of _, N_, NC_, ngettext, pgettext, npgettext)."""
    found: list[Message] = []
    for path in SOURCES:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
            if name not in MARKERS:
                continue
            ctx_i, one_i, many_i = MARKERS[name]
            args = node.args
            need = max(i for i in (ctx_i, one_i, many_i) if i is not None)
            if len(args) <= need:
                continue
            text = _literal(args[one_i])
            if text is None:
                continue  # a variable passed through _(): its literals are marked elsewhere
            ctx = _literal(args[ctx_i]) if ctx_i is not None else None
            plural = _literal(args[many_i]) if many_i is not None else None
            found.append(Message(ctx, text, plural, f"{path.relative_to(ROOT)}:{node.lineno}"))
    return found


def placeholders(text: str) -> set[str]:
    """The named fields of a str.format message (``{card}``, ``{n:,}`` -> ``card``, ``n``)."""
    names: set[str] = set()
    try:
        for _literal_text, field, _spec, _conv in string.Formatter().parse(text):
            if field is not None:
                names.add(re.split(r"[.\[]", field)[0])
    except ValueError:
        names.add("<broken braces>")
    return names


def shipped() -> list[str]:
    """The languages Settings offers, English aside."""
    return [code for code in i18n.LANGUAGES if code != i18n.ENGLISH]


def catalogue(code: str) -> gettext.GNUTranslations:
    """The compiled catalogue the game reads for ``code``."""
    with (LOCALE / code / "LC_MESSAGES" / "yukon.mo").open("rb") as f:
        return gettext.GNUTranslations(f)


def key(message: Message) -> str:
    """The key a compiled catalogue files a message under (context EOT text)."""
    return message.text if message.context is None else f"{message.context}\x04{message.text}"
