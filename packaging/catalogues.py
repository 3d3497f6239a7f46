"""Extract, update, compile and check the message catalogues (a developer's tool, needs Babel).

    python packaging/catalogues.py extract   # the code's messages -> assets/locale/yukon.pot
    python packaging/catalogues.py update    # merge the .pot into every language's .po
    python packaging/catalogues.py init xx   # start a new language (see the README)
    python packaging/catalogues.py compile   # every .po -> its .mo (committed: players need no Babel)
    python packaging/catalogues.py check     # CI: the .pot, each .po and each .mo agree with the code
    python packaging/catalogues.py stats     # how much longer each language is than the English

Babel is in requirements-dev.txt; the game itself reads the .mo files with the standard
library's gettext.
"""

from __future__ import annotations

import gettext
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "assets" / "locale"
POT = LOCALE / "yukon.pot"
DOMAIN = "yukon"
SOURCES = ["yukon", "main.py"]
# The project's marking functions beyond Babel's defaults (_, N_, ngettext, pgettext, npgettext).
KEYWORDS = ["NC_:1c,2"]


def messages(catalogue: gettext.GNUTranslations) -> dict[str | tuple[str, int], str]:
    """A compiled catalogue's messages by key (gettext keeps them in an attribute of its own, with no public way)."""
    table: dict[str | tuple[str, int], str] = vars(catalogue)["_catalog"]  # plural forms: (msgid, n)
    return table


def _babel(args: list[str]) -> None:
    from babel.messages.frontend import CommandLineInterface

    CommandLineInterface().run(["pybabel", "--quiet", *args])


def extract(output: Path = POT) -> None:
    """Write every marked message of the code to ``output``."""
    keywords = [arg for k in KEYWORDS for arg in ("-k", k)]
    _babel(["extract", *keywords, "--no-location", "--sort-output", "--no-wrap",
            "--add-comments=TRANSLATORS:", "--project=Yukon Solitaire",
            "--msgid-bugs-address=https://github.com/yukon-solitaire/yukon-solitaire/issues",
            "-o", str(output), *[str(ROOT / s) for s in SOURCES]])


def languages() -> list[str]:
    """The codes of the languages that have a catalogue."""
    return sorted(p.parent.parent.name for p in LOCALE.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def update() -> None:
    """Merge the .pot into each .po: new messages empty, gone ones dropped."""
    _babel(["update", "-i", str(POT), "-d", str(LOCALE), "-D", DOMAIN, "--no-wrap",
            "--no-fuzzy-matching", "--ignore-obsolete"])


def init(code: str) -> None:
    """Start the catalogue of a new language (its plural rule comes from Babel's CLDR data)."""
    _babel(["init", "-i", str(POT), "-d", str(LOCALE), "-D", DOMAIN, "-l", code, "--no-wrap"])


def compile_all(folder: Path = LOCALE) -> None:
    """Compile every .po under ``folder`` to its .mo."""
    _babel(["compile", "-d", str(folder), "-D", DOMAIN])


def _msgids(pot: Path) -> set[tuple[str | None, str]]:
    from babel.messages.pofile import read_po

    with pot.open("rb") as f:
        catalogue = read_po(f)
    return {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in catalogue if m.id}


def check() -> list[str]:
    """What is out of step: the .pot against the code, each .mo against its .po."""
    problems: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        fresh = Path(tmp) / "fresh.pot"
        extract(fresh)
        now, committed = _msgids(fresh), _msgids(POT)
        for ctx, mid in sorted(now - committed, key=str):
            problems.append(f"not in yukon.pot (run extract and update): {ctx or ''}|{mid!r}")
        for ctx, mid in sorted(committed - now, key=str):
            problems.append(f"in yukon.pot but no longer in the code: {ctx or ''}|{mid!r}")
        copy = Path(tmp) / "locale"
        for code in languages():
            target = copy / code / "LC_MESSAGES"
            target.mkdir(parents=True)
            (target / f"{DOMAIN}.po").write_bytes((LOCALE / code / "LC_MESSAGES" / f"{DOMAIN}.po").read_bytes())
        compile_all(copy)
        for code in languages():
            mo = LOCALE / code / "LC_MESSAGES" / f"{DOMAIN}.mo"
            if not mo.exists():
                problems.append(f"{code}: no compiled catalogue (run compile)")
                continue
            with mo.open("rb") as a, (copy / code / "LC_MESSAGES" / f"{DOMAIN}.mo").open("rb") as b:
                if messages(gettext.GNUTranslations(a)) != messages(gettext.GNUTranslations(b)):
                    problems.append(f"{code}: yukon.mo is older than yukon.po (run compile)")
    return problems


def stats() -> None:
    """Per language: messages, all text against the English, and the longest message against its English."""
    print("language  messages  length vs English  longest message (chars) vs its English  longest button vs English")
    for code in languages():
        with (LOCALE / code / "LC_MESSAGES" / f"{DOMAIN}.mo").open("rb") as f:
            table = messages(gettext.GNUTranslations(f))
        pairs = []
        for k, v in table.items():
            msgid = k[0] if isinstance(k, tuple) else k
            if not msgid or (isinstance(k, tuple) and k[1] != 0):
                continue
            pairs.append((msgid.split("\x04")[-1], v, msgid.startswith("button\x04")))
        ours = sum(len(v) for _e, v, _b in pairs)
        english = sum(len(e) for e, _v, _b in pairs)
        eng, longest = max(((e, v) for e, v, _b in pairs), key=lambda p: len(p[1]))
        buttons = [(e, v) for e, v, b in pairs if b]
        b_eng, b_ours = max(buttons, key=lambda p: len(p[1]))
        print(f"{code:8}  {len(pairs):8}  {100 * ours / english - 100:+16.0f}%  "
              f"{len(longest):6} vs {len(eng):4} ({100 * len(longest) / len(eng) - 100:+.0f}%)"
              f"                {b_ours!r} ({len(b_ours)}) vs {b_eng!r} ({len(b_eng)})")


def main(argv: list[str]) -> int:
    """Run one command; exit 1 if ``check`` finds anything out of step."""
    if not argv or argv[0] not in ("extract", "update", "init", "compile", "check", "stats"):
        print(__doc__)
        return 2
    command = argv[0]
    if command == "extract":
        extract()
    elif command == "update":
        update()
    elif command == "init":
        if len(argv) != 2:
            print("usage: catalogues.py init CODE (e.g. nl, pt_BR)")
            return 2
        init(argv[1])
    elif command == "compile":
        compile_all()
    elif command == "stats":
        stats()
    else:
        problems = check()
        for p in problems:
            print(p)
        print(f"catalogues: {len(problems)} problem(s) in {len(languages())} language(s)")
        return 1 if problems else 0
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
