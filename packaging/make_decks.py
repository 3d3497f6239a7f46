"""Write the pictured decks in assets/cards/ from their published packages (a developer's tool).

    npm pack @letele/playing-cards@0.1.0     # Adrian Kennard's designs, CC0
    npm pack cardsJS@1.1.1                   # Chris Aguilar's Vectorized Playing Cards 1.3, LGPL-3
    python packaging/make_decks.py classic letele-playing-cards-0.1.0.tgz
    python packaging/make_decks.py vintage cardsJS-1.1.1.tgz

Each deck becomes 52 SVG files named by the engine's card text (``AS.svg`` .. ``KC.svg``,
``TH.svg`` for the ten) that pygame-ce's SVG renderer draws correctly, so the game renders
each face at the exact size on the table. That renderer ignores ``<use>`` and ``<text>``:

- Kennard's cards come as React components (``dist/index.esm.js``). They are read here
  without Node (the module is a regular tree of ``React.createElement`` calls), every
  ``<use>`` of a ``<symbol>`` is written out in place as a ``<g transform>``, the
  ``<text>`` (his web address on the ace of spades) and the QR code drawn over that ace
  are left out, and the rank letters' strokes are drawn thicker (``INDEX_STROKE``) so the
  corner index stays readable on small cards.
- Aguilar's files need no change to be drawn; the editor's metadata (Inkscape's view
  settings, RDF) and layout whitespace are left out and the path coordinates kept to two
  decimals (a hundredth of a unit is far below a pixel at any card size), which makes
  them a third smaller and quicker to read.

Only the standard library is used. The SOURCE.md and licence files beside each deck say
the same; keep them in step when this changes.
"""

from __future__ import annotations

import copy
import re
import sys
import tarfile
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from yukon.core.cards import CARD_TEXT, RANK, SUIT

SVG_NS = "http://www.w3.org/2000/svg"
XLINK_NS = "http://www.w3.org/1999/xlink"
ET.register_namespace("", SVG_NS)
ET.register_namespace("xlink", XLINK_NS)
INDEX_STROKE = 140  # Kennard's rank letters: 80 in the original (units of a 1000-unit letter box)


def _tag(name: str) -> str:
    return f"{{{SVG_NS}}}{name}"


# -- reading the React components -------------------------------------------------------------

_TOKEN = re.compile(r'\s*(?:(?P<str>"(?:[^"\\]|\\.)*")|(?P<num>-?\d+(?:\.\d+)?(?:e-?\d+)?)'
                    r'|(?P<name>[A-Za-z_$][\w$.]*)|(?P<op>[(){},:?]))')
_ATTR_KEEP = {"viewBox", "preserveAspectRatio", "patternUnits", "patternTransform", "gradientUnits",
              "gradientTransform", "clipPathUnits"}


def _attr_name(key: str) -> str:
    """The SVG attribute a React prop stands for (``strokeWidth`` -> ``stroke-width``)."""
    special = {"className": "class", "xlinkHref": "xlink:href", "xmlnsXlink": "xmlns:xlink", "xmlSpace": "xml:space"}
    if key in special:
        return special[key]
    if key in _ATTR_KEEP:
        return key
    return re.sub(r"[A-Z]", lambda m: "-" + m.group().lower(), key)


class _Reader:
    """Reads one component's ``React.createElement`` tree back into SVG text."""

    def __init__(self, text: str, pos: int) -> None:
        self.text, self.pos = text, pos

    def _next(self) -> tuple[str, str]:
        m = _TOKEN.match(self.text, self.pos)
        if m is None:
            raise ValueError(f"unexpected text at {self.pos}: {self.text[self.pos:self.pos + 40]!r}")
        self.pos = m.end()
        kind = m.lastgroup or "op"
        return kind, m.group(kind)

    def _expect(self, op: str) -> None:
        value = self._next()[1]
        if value != op:
            raise ValueError(f"expected {op!r} at {self.pos}, found {value!r}")

    def _peek(self) -> str:
        saved = self.pos
        value = self._next()[1]
        self.pos = saved
        return value

    def value(self) -> object:
        """An expression: an element (as SVG text), a props object, a string, a number or None."""
        kind, value = self._next()
        if kind == "str":
            return value[1:-1].encode().decode("unicode_escape")
        if kind == "num":
            return value
        if value == "{":
            return self._object()
        if value == "React.createElement":
            return self._element()
        if value == "_extends":  # _extends({...}, props): the props passed in are none here
            self._expect("(")
            props = self.value()
            self._expect(",")
            self._next()
            self._expect(")")
            return props
        if kind == "name" and self._peek() == "?":  # title ? <title> : null -> no title
            self._next()
            self.value()
            self._expect(":")
            self.value()
            return None
        if value in ("null", "title", "titleId"):
            return None
        raise ValueError(f"unexpected {value!r} at {self.pos}")

    def _object(self) -> dict[str, object]:
        out: dict[str, object] = {}
        while self._peek() != "}":
            kind, key = self._next()
            key = key[1:-1] if kind == "str" else key
            self._expect(":")
            out[key] = self.value()
            if self._peek() == ",":
                self._next()
        self._next()
        return out

    def _element(self) -> str:
        self._expect("(")
        tag = self.value()
        parts: list[object] = []
        while self._peek() == ",":
            self._next()
            parts.append(self.value())
        self._expect(")")
        props = parts[0] if parts and isinstance(parts[0], dict) else {}
        attrs = "".join(f' {_attr_name(k)}="{_escape(str(v))}"' for k, v in props.items()
                        if v is not None and not k.startswith("aria"))
        children = "".join(c if isinstance(c, str) and c.startswith("<") else _escape(str(c))
                           for c in parts[1:] if c is not None)
        return f"<{tag}{attrs}>{children}</{tag}>" if children else f"<{tag}{attrs}/>"


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace('"', "&quot;")


def read_components(module: str) -> dict[str, str]:
    """Every component of the module as SVG text, by its exported name (``Sk``, ``H10``, ``B1``)."""
    module = module.replace("/*#__PURE__*/", "")
    exports = {local: name for local, name in re.findall(r"(\w+) as (\w+)", module.rsplit("export {", 1)[1])}
    out: dict[str, str] = {}
    for m in re.finditer(r"const (\w+) = _ref => \{", module):
        start = module.index("return ", m.end()) + len("return ")
        out[exports[m.group(1)]] = str(_Reader(module, start).value())
    return out


# -- writing <use> out in place ---------------------------------------------------------------

def _number(text: str | None) -> float:
    return float(text) if text else 0.0


def _placement(symbol: ET.Element, x: float, y: float, w: float, h: float) -> str:
    """The transform that puts a symbol's viewBox into the box (x, y, w, h), as SVG does."""
    box = symbol.get("viewBox")
    if box is None:
        return f"translate({x:g},{y:g})"
    vx, vy, vw, vh = (float(p) for p in re.split(r"[\s,]+", box.strip()))
    aspect = (symbol.get("preserveAspectRatio") or "xMidYMid meet").split()
    if aspect[0] == "none":
        return f"translate({x:g},{y:g}) scale({w / vw:.6g},{h / vh:.6g}) translate({-vx:g},{-vy:g})"
    fit = max if len(aspect) > 1 and aspect[1] == "slice" else min
    s = fit(w / vw, h / vh)
    spare_x, spare_y = w - vw * s, h - vh * s
    tx = {"xMin": 0.0, "xMid": spare_x / 2, "xMax": spare_x}[aspect[0][:4]]
    ty = {"YMin": 0.0, "YMid": spare_y / 2, "YMax": spare_y}[aspect[0][4:]]
    return f"translate({x + tx:.6g},{y + ty:.6g}) scale({s:.6g}) translate({-vx:g},{-vy:g})"


def inline_uses(root: ET.Element) -> None:
    """Replace every ``<use>`` by a copy of what it shows; drop the symbols, ``<text>`` and ``<title>``."""
    by_id = {e.get("id"): e for e in root.iter() if e.get("id")}
    href = f"{{{XLINK_NS}}}href"

    def expand(parent: ET.Element) -> None:
        for i, e in enumerate(list(parent)):
            if e.tag in (_tag("text"), _tag("title")):
                parent.remove(e)
                continue
            if e.tag != _tag("use"):
                expand(e)
                continue
            target = by_id[(e.get(href) or e.get("href") or "").lstrip("#")]
            g = ET.Element(_tag("g"), {k: v for k, v in e.attrib.items()
                                       if k not in ("x", "y", "width", "height", "transform", href, "href", "id")})
            x, y = _number(e.get("x")), _number(e.get("y"))
            if target.tag == _tag("symbol"):
                place = _placement(target, x, y, _number(e.get("width")), _number(e.get("height")))
                shown = list(target)
            else:
                place, shown = f"translate({x:g},{y:g})", [target]
            g.set("transform", f"{e.get('transform')} {place}" if e.get("transform") else place)
            for child in shown:
                c = copy.deepcopy(child)
                c.attrib.pop("id", None)
                g.append(c)
            expand(g)
            index = list(parent).index(e)
            parent.remove(e)
            parent.insert(index, g)

    expand(root)
    for defs in list(root.iter(_tag("defs"))):
        for s in list(defs):
            if s.tag == _tag("symbol"):
                defs.remove(s)
    for e in list(root):
        if e.tag == _tag("defs") and len(e) == 0:
            root.remove(e)


# -- the decks --------------------------------------------------------------------------------

KENNARD_RANKS = ("a", "2", "3", "4", "5", "6", "7", "8", "9", "10", "j", "q", "k")
AGUILAR_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUIT_LETTERS = "SHDC"  # the engine's suit order


def _write(root: ET.Element, path: Path) -> None:
    path.write_text(ET.tostring(root, encoding="unicode") + "\n", encoding="utf-8")


def make_classic(tarball: Path, out: Path) -> None:
    """Kennard's 52 faces from the @letele/playing-cards package, written out for pygame-ce."""
    with tarfile.open(tarball) as tar:
        member = tar.extractfile("package/dist/index.esm.js")
        assert member is not None
        components = read_components(member.read().decode("utf-8"))
    out.mkdir(parents=True, exist_ok=True)
    for card, text in enumerate(CARD_TEXT):
        root = ET.fromstring(components[SUIT_LETTERS[SUIT[card]] + KENNARD_RANKS[RANK[card] - 1]])
        root.attrib.pop("class", None)
        for symbol in root.iter(_tag("symbol")):  # the rank letters: drawn strokes in a 1000-unit box
            if symbol.get("viewBox") == "-500 -500 1000 1000":
                for path in symbol.iter(_tag("path")):
                    if path.get("stroke-width") == "80":
                        path.set("stroke-width", str(INDEX_STROKE))
        if text == "AS":  # the QR code of Kennard's web page, drawn in white over the big spade
            for e in list(root):
                if e.tag == _tag("path") and e.get("fill") == "#fff":
                    root.remove(e)
        inline_uses(root)
        _write(root, out / f"{text}.svg")


_DECIMALS = re.compile(r"\d+\.\d{3,}")


def _two_places(m: re.Match[str]) -> str:
    """A coordinate to two decimals (a hundredth of a unit is far below a pixel at any card size)."""
    return f"{float(m.group()):.2f}".rstrip("0").rstrip(".")


_EDITOR_NAMESPACES = ("http://www.inkscape.org/namespaces/inkscape", "http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd")


def make_vintage(tarball: Path, out: Path) -> None:
    """Aguilar's 52 faces from the cardsJS package, without the editor's metadata."""
    out.mkdir(parents=True, exist_ok=True)
    with tarfile.open(tarball) as tar:
        for card, text in enumerate(CARD_TEXT):
            member = tar.extractfile(f"package/cards/{AGUILAR_RANKS[RANK[card] - 1]}{SUIT_LETTERS[SUIT[card]]}.svg")
            assert member is not None
            root = ET.fromstring(member.read())
            for parent in root.iter():
                for e in list(parent):
                    if e.tag in (_tag("metadata"), _tag("title")) or any(e.tag.startswith(f"{{{ns}}}")
                                                                         for ns in _EDITOR_NAMESPACES):
                        parent.remove(e)
            for e in root.iter():
                for key in [k for k in e.attrib if any(k.startswith(f"{{{ns}}}") for ns in _EDITOR_NAMESPACES)]:
                    del e.attrib[key]
                if "d" in e.attrib:
                    e.set("d", _DECIMALS.sub(_two_places, e.get("d", "")))
                e.text = e.text.strip() if e.text else None
                e.tail = None
            # 224.2 x 312.8 is a shade wider than the table's 5:7 cards: stretch it 0.4% taller so the
            # renderer gives the size asked for (else it rounds one side, to be scaled again, blurred)
            width, height = float(root.get("width", "0")), float(root.get("height", "0"))
            root.set("viewBox", f"0 0 {width:g} {height:g}")
            root.set("height", f"{width * 1.4:.5f}")
            root.set("preserveAspectRatio", "none")
            _write(root, out / f"{text}.svg")
        for name in ("COPYING.LESSER.txt", "COPYING.txt", "readme.txt", "AUTHORS.txt"):
            member = tar.extractfile(f"package/cards/{name}")
            assert member is not None
            (out / name).write_bytes(member.read())


MAKERS = {"classic": make_classic, "vintage": make_vintage}


def main(argv: list[str]) -> int:
    """``make_decks.py DECK TARBALL``: write assets/cards/DECK from the npm package TARBALL."""
    if len(argv) != 2 or argv[0] not in MAKERS:
        print(__doc__)
        return 2
    out = ROOT / "assets" / "cards" / argv[0]
    MAKERS[argv[0]](Path(argv[1]), out)
    total = sum(p.stat().st_size for p in out.glob("*.svg"))
    print(f"{out.relative_to(ROOT)}: {len(list(out.glob('*.svg')))} faces, {total / 2**20:.2f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
