"""The code's messages, found without Babel, and the shipped catalogues read with gettext.

The tests use these to check, with only the standard library, that every message the code
marks is translated in every shipped language, with the same placeholders.
"""

from __future__ import annotations

import ast
import functools
import gettext
import re
import string
from dataclasses import dataclass
from pathlib import Path

from yukon.text import i18n

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
    return list(_code_messages())


@functools.cache
def _code_messages() -> tuple[Message, ...]:
    """The messages, read once a run: parsing every source file takes half a second, and the
    checks of every language ask for them again and again (the sources do not change meanwhile)."""
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
    return tuple(found)


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


def font_characters(path: Path) -> set[int]:
    """Every code point the TrueType font at ``path`` maps to a glyph (its cmap, formats 4 and 12)."""
    import struct

    data = path.read_bytes()
    tables = {data[12 + 16 * i:16 + 16 * i]: struct.unpack(">II", data[20 + 16 * i:28 + 16 * i])
              for i in range(struct.unpack(">H", data[4:6])[0])}
    base = tables[b"cmap"][0]
    count = struct.unpack(">H", data[base + 2:base + 4])[0]
    chars: set[int] = set()
    for i in range(count):
        _platform, _encoding, offset = struct.unpack(">HHI", data[base + 4 + 8 * i:base + 12 + 8 * i])
        sub = base + offset
        fmt = struct.unpack(">H", data[sub:sub + 2])[0]
        if fmt == 4:
            segs = struct.unpack(">H", data[sub + 6:sub + 8])[0] // 2
            ends = struct.unpack(f">{segs}H", data[sub + 14:sub + 14 + 2 * segs])
            starts_at = sub + 16 + 2 * segs
            starts = struct.unpack(f">{segs}H", data[starts_at:starts_at + 2 * segs])
            deltas = struct.unpack(f">{segs}h", data[starts_at + 2 * segs:starts_at + 4 * segs])
            range_at = starts_at + 4 * segs
            ranges = struct.unpack(f">{segs}H", data[range_at:range_at + 2 * segs])
            for k in range(segs):
                for c in range(starts[k], ends[k] + 1):
                    if c == 0xFFFF:
                        continue
                    if ranges[k] == 0:
                        glyph = (c + deltas[k]) & 0xFFFF
                    else:
                        at = range_at + 2 * k + ranges[k] + 2 * (c - starts[k])
                        glyph = struct.unpack(">H", data[at:at + 2])[0]
                        glyph = (glyph + deltas[k]) & 0xFFFF if glyph else 0
                    if glyph:
                        chars.add(c)
        elif fmt == 12:
            groups = struct.unpack(">I", data[sub + 12:sub + 16])[0]
            for g in range(groups):
                start, end, first = struct.unpack(">III", data[sub + 16 + 12 * g:sub + 28 + 12 * g])
                chars.update(c for c in range(start, end + 1) if first + c - start)
    return chars
