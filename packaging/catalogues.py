"""Extract, update, compile and check the message catalogues (a developer's tool, needs Babel).

    python packaging/catalogues.py extract   # the code's messages -> assets/locale/yukon.pot
    python packaging/catalogues.py update    # merge the .pot into every language's .po
    python packaging/catalogues.py init xx   # start a new language (see the README)
    python packaging/catalogues.py compile   # every .po -> its .mo (committed: players need no Babel)
    python packaging/catalogues.py check     # CI: the .pot, each .po and each .mo agree with the code,
                                             # the Japanese and Chinese fonts hold every character,
                                             # and every translation fills the placeholders it may
    python packaging/catalogues.py stats     # how much longer each language is than the English

Babel is in requirements-dev.txt; the game itself reads the .mo files with the standard
library's gettext.

Names a sentence declines (``yukon.text.i18n.NAME_CONTEXTS``: the cards, the foundations) are
marked once in the code, in the nominative; ``extract`` adds each of them to the template once
per case of ``yukon.text.i18n.CASES`` ("card, accusative"), so no table is written twice in the code.
"""

from __future__ import annotations

import gettext
import string
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script from anywhere: the game's package is beside us
    sys.path.insert(0, str(ROOT))

from yukon.text.i18n import CASES, NAME_CONTEXTS, NAME_FIELDS

if TYPE_CHECKING:
    from babel.messages.catalog import Catalog

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
    """Write every marked message of the code to ``output``, with each name once per case."""
    keywords = [arg for k in KEYWORDS for arg in ("-k", k)]
    _babel(["extract", *keywords, "--no-location", "--sort-output", "--no-wrap",
            "--add-comments=TRANSLATORS:", "--project=Yukon Solitaire",
            "--msgid-bugs-address=https://github.com/yukon-solitaire/yukon-solitaire/issues",
            "-o", str(output), *[str(ROOT / s) for s in SOURCES]])
    _add_cases(output)


def case_context(context: str, code: str) -> str:
    """The context of a name's form in the case ``code``: ("card", "acc") -> "card, accusative"."""
    return f"{context}, {CASES[code]}"


def _add_cases(pot: Path) -> None:
    """Add every name of NAME_CONTEXTS to the template once per case but the nominative."""
    from babel.messages.pofile import read_po, write_po

    with pot.open("rb") as f:
        catalogue = read_po(f)
    names = [m for m in catalogue if m.id and m.context in NAME_CONTEXTS]
    for m in names:
        for code, word in CASES.items():
            if code == "nom":
                continue
            # The comment goes with every form: Babel sorts them apart from their nominative.
            comment = (f"TRANSLATORS: the {word} of this name, for {{name:{code}}} in your translations. "
                       f"Leave it empty if your language never writes :{code} (the nominative is used).")
            catalogue.add(m.id, context=case_context(m.context or "", code), auto_comments=[comment])
    with pot.open("wb") as f:
        write_po(f, catalogue, width=0, no_location=True, sort_output=True)  # no wrapping (0), as extract writes it


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


def _fields(text: str) -> Iterator[tuple[str, str, str | None]]:
    """Each placeholder of a str.format message: (name, format spec, conversion); ValueError for broken braces."""
    for _text, field, spec, conversion in string.Formatter().parse(text):
        if field is not None:
            yield field.split(".")[0].split("[")[0], spec or "", conversion


def translation_problems(po_file: Path, code: str) -> list[str]:
    """What the translations of ``po_file`` (language ``code``) get wrong about placeholders and cases.

    Each translation has the English's placeholders (a plural form for one number alone may
    leave out ``{n}``); a placeholder may carry a case code (``{card:acc}``) only where it holds
    a name (NAME_FIELDS), and only a code of CASES; a language that asks for a case anywhere
    gives every name in that case.
    """
    from babel.messages.pofile import read_po

    with po_file.open("rb") as f:
        catalogue = read_po(f)
    plural = gettext.c2py(catalogue.plural_expr)
    form_numbers: dict[int, list[int]] = {}
    for n in range(201):
        form_numbers.setdefault(plural(n), []).append(n)
    problems: list[str] = []
    used: set[str] = set()
    for m in catalogue:
        if not m.id or not m.string:
            continue
        ids: tuple[str, ...] = tuple(m.id) if isinstance(m.id, (tuple, list)) else (m.id,)
        strings: tuple[str, ...] = tuple(m.string) if isinstance(m.string, (tuple, list)) else (m.string,)
        where = f"{code}: {m.context + '|' if m.context else ''}{ids[0]!r}"
        try:
            wanted = {name for text in ids for name, _spec, _conv in _fields(text)}
        except ValueError:
            continue  # an English message that is no format string (none is: the tests say so)
        for i, text in enumerate(strings):
            if not text:
                continue
            try:
                fields = list(_fields(text))
            except ValueError as e:
                problems.append(f"{where}: broken braces in {text!r} ({e})")
                continue
            got = {name for name, _spec, _conv in fields}
            one_number = len(ids) > 1 and form_numbers.get(i) == [1]
            if got - wanted:
                problems.append(f"{where}: {text!r} has placeholders the English does not: {sorted(got - wanted)}")
            if wanted - got and not (one_number and wanted - got <= {"n"}):
                problems.append(f"{where}: {text!r} leaves out {sorted(wanted - got)}")
            for name, spec, conversion in fields:
                if conversion is not None:
                    problems.append(f"{where}: {{{name}!{conversion}}}: no conversion belongs in a translation")
                if not spec:
                    continue
                if spec not in CASES:
                    problems.append(f"{where}: {{{name}:{spec}}}: unknown case {spec!r} (the cases: "
                                    f"{', '.join(CASES)})")
                elif name not in NAME_FIELDS:
                    problems.append(f"{where}: {{{name}:{spec}}}: {{{name}}} holds no name, so it takes no case")
                else:
                    used.add(spec)
    return problems + _unfilled_cases(catalogue, used, code)


def _unfilled_cases(catalogue: Catalog, used: set[str], code: str) -> list[str]:
    """The names a language leaves untranslated in a case (other than the nominative) it writes."""
    problems: list[str] = []
    for spec in sorted(used - {"nom"}):
        for context in NAME_CONTEXTS:
            wanted_context = case_context(context, spec)
            for m in catalogue:
                if m.id and m.context == wanted_context and not m.string:
                    problems.append(f"{code}: the translations write :{spec}, but {wanted_context}|{m.id!r} "
                                    f"is not translated")
    return problems


def check() -> list[str]:
    """What is out of step: the .pot against the code, each .mo against its .po, the placeholders
    and cases of every translation, and the cut CJK fonts against the characters the catalogues
    use (packaging/subset_cjk_font.py)."""
    problems: list[str] = []
    for code in languages():
        problems += translation_problems(LOCALE / code / "LC_MESSAGES" / f"{DOMAIN}.po", code)
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
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from subset_cjk_font import check as check_fonts

    return problems + check_fonts()


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
