"""Cut Noto Sans CJK down to the characters the game's Japanese and Chinese need (a developer's tool).

    python packaging/subset_cjk_font.py          # write assets/fonts/NotoSansCJK{jp,sc}-{Regular,Bold}-subset.otf
    python packaging/subset_cjk_font.py check    # which characters the catalogues use that the cuts lack

DejaVu Sans, the game's font, has no Chinese or Japanese glyphs. Noto Sans CJK has them all,
but weighs 19 MB a weight; the game ships each language's own cut (Japanese and Chinese draw
many shared ideographs differently), regular and bold, holding:

- a base set: printable ASCII, Latin-1 and the general punctuation; for Japanese the
  non-kanji rows of JIS X 0208 (kana, punctuation, full-width forms), for Chinese the
  non-hanzi rows of GB 2312; and in the regular cut only, so that text the catalogues do
  not hold (a file path in a message, a translation fixed in a hurry) still draws, the
  2,965 level-1 kanji of JIS X 0208 or the 3,755 level-1 hanzi of GB 2312 (all read from
  Python's codecs). Bold text falls back to the regular cut for those (``Face``): the bold
  cuts hold the catalogues' characters only, which keeps them a fifth of the size;
- every character of the language's catalogue (assets/locale/<code>/LC_MESSAGES/yukon.po)
  and lessons (assets/lessons/<code>/), and every language's name in its own language.

Layout features other than kerning are dropped: Noto's localised forms ("locl") would pull
in the other regions' glyphs, doubling the size, and the game sets no language in HarfBuzz.

Characters Noto lacks (the sign of the "More" button, ☰) are drawn from DejaVu at run time
(yukon/ui/art.py, ``Face``). Rerun this script after translating new messages: the check
(run by ``packaging/catalogues.py check`` and by tests/test_i18n.py) names any character a
catalogue uses that its cut lacks. Needs fontTools (requirements-dev.txt) and, to cut, the
source fonts from Debian's fonts-noto-cjk (``apt-get install fonts-noto-cjk``) or
``--source FOLDER`` holding NotoSansCJK-Regular.ttc and NotoSansCJK-Bold.ttc. The fonts
are under the SIL Open Font License 1.1 (assets/fonts/LICENSE-NotoSansCJK.txt).
"""

from __future__ import annotations

import argparse
import gettext
import json
import sys
import unicodedata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FONTS = ROOT / "assets" / "fonts"
LOCALE = ROOT / "assets" / "locale"
LESSONS = ROOT / "assets" / "lessons"
DEBIAN = Path("/usr/share/fonts/opentype/noto")
WEIGHTS = ("Regular", "Bold")
# language code -> (the face's name in the collection, the cut's file stem, the base set's codec and rows)
CUTS: dict[str, tuple[str, str, str, range, range]] = {
    # JIS X 0208 in EUC-JP: rows 1-8 symbols and kana (0xA1-0xA8), rows 16-47 level-1 kanji (0xB0-0xCF)
    "ja": ("Noto Sans CJK JP", "NotoSansCJKjp", "euc_jp", range(0xA1, 0xA9), range(0xB0, 0xD0)),
    # GB 2312 in EUC-CN: rows 1-9 symbols and kana (0xA1-0xA9), rows 16-55 level-1 hanzi (0xB0-0xD7)
    "zh_CN": ("Noto Sans CJK SC", "NotoSansCJKsc", "gb2312", range(0xA1, 0xAA), range(0xB0, 0xD8)),
}


def cut_path(code: str, weight: str) -> Path:
    """Where the cut of ``code``'s face in ``weight`` lies."""
    return FONTS / f"{CUTS[code][1]}-{weight}-subset.otf"


def _rows(codec: str, rows: range) -> set[str]:
    """Every character of a two-byte EUC code set in the given rows (first bytes)."""
    out: set[str] = set()
    for first in rows:
        for second in range(0xA1, 0xFF):
            try:
                out.add(bytes([first, second]).decode(codec))
            except UnicodeDecodeError:
                continue  # an empty cell of the table
    return out


def base_set(code: str, ideographs: bool = True) -> set[str]:
    """The characters a cut of ``code`` holds whatever the catalogues say (the level-1
    ideographs only with ``ideographs``)."""
    _face, _stem, codec, symbols, level1 = CUTS[code]
    latin = {chr(c) for c in range(0x20, 0x7F)} | {chr(c) for c in range(0xA0, 0x100)}
    punctuation = {chr(c) for c in range(0x2010, 0x2028)} | {chr(c) for c in range(0x2030, 0x203B)}
    suits = set("\u2660\u2665\u2666\u2663")
    return latin | punctuation | suits | _rows(codec, symbols) | (_rows(codec, level1) if ideographs else set())


def shipped_text(code: str) -> str:
    """All the text the game shows in ``code``: its compiled catalogue and its lessons."""
    parts: list[str] = []
    with (LOCALE / code / "LC_MESSAGES" / "yukon.mo").open("rb") as f:
        table: dict[object, str] = vars(gettext.GNUTranslations(f))["_catalog"]
    parts += [v for v in table.values() if isinstance(v, str)]
    for path in sorted((LESSONS / code).glob("*.json")):
        parts.append(json.dumps(json.loads(path.read_text(encoding="utf-8")), ensure_ascii=False))
    return "".join(parts)


def language_names() -> str:
    """Every language named in its own language (the Settings list shows them all)."""
    sys.path.insert(0, str(ROOT))
    from yukon.text.i18n import LANGUAGES

    return "".join(LANGUAGES.values())


def wanted(code: str, weight: str) -> set[str]:
    """The characters the cut of ``code`` in ``weight`` should hold."""
    text = shipped_text(code) + language_names()
    return base_set(code, ideographs=weight == "Regular") | {ch for ch in text if ch.isprintable()}


def must_have(code: str) -> set[str]:
    """The characters of ``code``'s text that only its own cut may draw: the wide ones
    (ideographs, kana, full-width punctuation); others may come from DejaVu."""
    return {ch for ch in shipped_text(code) if unicodedata.east_asian_width(ch) in ("W", "F")}


def covered(path: Path) -> set[str]:
    """The characters the font at ``path`` maps to a glyph."""
    from fontTools.ttLib import TTFont

    with TTFont(path, lazy=True) as font:
        return {chr(c) for c in font.getBestCmap()}


def check() -> list[str]:
    """The characters a CJK catalogue or lesson uses that its cut lacks, one line per cut."""
    problems = []
    for code in CUTS:
        need = must_have(code)
        for weight in WEIGHTS:
            path = cut_path(code, weight)
            if not path.is_file():
                problems.append(f"{path.relative_to(ROOT)} is missing: run python packaging/subset_cjk_font.py")
                continue
            lacking = sorted(need - covered(path))
            if lacking:
                problems.append(f"{path.relative_to(ROOT)} lacks {''.join(lacking)} used by {code}: "
                                "run python packaging/subset_cjk_font.py")
    return problems


def _face(collection: Path, name: str) -> object:
    from fontTools.ttLib import TTCollection

    fonts = TTCollection(collection).fonts
    for font in fonts:
        if font["name"].getDebugName(1) == name:
            return font
    raise SystemExit(f"{collection} has no face named {name!r}")


def cut(source: Path) -> None:
    """Write every cut from the collections in ``source``."""
    from fontTools import subset

    for code, (face, _stem, *_rest) in CUTS.items():
        for weight in WEIGHTS:
            chars = wanted(code, weight)
            font = _face(source / f"NotoSansCJK-{weight}.ttc", face)
            options = subset.Options()
            options.name_IDs = ["*"]  # keep the copyright, licence and version records
            options.name_languages = ["*"]
            options.notdef_outline = True
            options.layout_features = ["kern"]
            subsetter = subset.Subsetter(options)
            subsetter.populate(unicodes=[ord(ch) for ch in chars])
            subsetter.subset(font)
            target = cut_path(code, weight)
            font.recalcTimestamp = False  # type: ignore[attr-defined]  # the same input gives the same file
            font.save(target)  # type: ignore[attr-defined]
            have = covered(target)
            lacking = sorted(ch for ch in chars - have if not ch.isspace())
            print(f"{target.relative_to(ROOT)}: {len(have)} characters, {target.stat().st_size / 1e6:.2f} MB"
                  + (f"; Noto has no glyph for {''.join(lacking)} (drawn from DejaVu)" if lacking else ""))


def main(argv: list[str]) -> int:
    """Cut the fonts, or check them against the catalogues."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("command", nargs="?", choices=("cut", "check"), default="cut")
    parser.add_argument("--source", type=Path, default=DEBIAN, help="the folder of NotoSansCJK-*.ttc")
    args = parser.parse_args(argv)
    if args.command == "check":
        problems = check()
        for p in problems:
            print(p)
        return 1 if problems else 0
    cut(args.source)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
