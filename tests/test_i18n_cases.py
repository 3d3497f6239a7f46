"""Card and foundation names in the case each sentence needs (``{card:acc}``), in every language.

The names are ``yukon.text.i18n.Name`` values: ``{card}`` is the nominative and a translation asks
for another case with a code (``{card:gen}``). Here: the names themselves, every message of
every language filled with sample values, the catalogue check's refusals, Polish and Russian
sentences as a player reads them, and the pseudo-language that proves every name placeholder
gets a name.
"""

from __future__ import annotations

import importlib.util
import re
import string
import sys
from pathlib import Path
from types import ModuleType

import pytest

from i18n_tools import ROOT, catalogue, code_messages, key, placeholders, shipped
from yukon.core.cards import ALL_CARDS, parse_card
from yukon.core.state import Illegal, Refusal
from yukon.play import pseudo
from yukon.solve.explain import Explanation, Stuck, Target, Twins
from yukon.text import i18n
from yukon.text.why_words import sentences
from yukon.text.words import refusal, sentence
from yukon.ui.table.wording import short_name

CASE_CODES = [code for code in i18n.CASES if code != "nom"]


def c(text: str) -> int:
    return parse_card(text)


def fill(message: str, **values: object) -> str:
    """``message`` formatted as the game formats a translation (a variable, not a literal: the
    linter reads a literal's format specs as the standard ones, which a name's case codes are not)."""
    return message.format(**values)


def _catalogues_tool() -> ModuleType:
    pytest.importorskip("babel")
    spec = importlib.util.spec_from_file_location("catalogues", ROOT / "packaging" / "catalogues.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["catalogues"] = module
    spec.loader.exec_module(module)
    return module


# -- the names ---------------------------------------------------------------------------------

def test_a_name_is_its_nominative_and_gives_each_case_a_translation_asks_for() -> None:
    i18n.set_language("pl")
    queen = i18n.card_name(c("QD"))
    assert queen == "dama karo" and str(queen) == "dama karo"
    assert [format(queen, code) for code in ("", "nom", "gen", "dat", "acc", "ins", "loc")] == [
        "dama karo", "dama karo", "damy karo", "damie karo", "damę karo", "damą karo", "damie karo"]
    assert fill("{card} na {target:acc}", card=i18n.card_name(c("8S")), target=i18n.card_name(c("9H"))) == \
        "ósemka pik na dziewiątkę kier"
    assert f"{i18n.foundation_name(1):loc}" == "stosie bazowym kier"
    i18n.set_language("ru")
    assert f"{i18n.card_name(c('KC')):ins}" == "королём треф"


def test_an_unknown_case_is_refused_and_a_printed_card_is_the_same_in_every_case() -> None:
    with pytest.raises(ValueError, match="unknown case 'akk'"):
        fill("{card:akk}", card=i18n.card_name(c("7H")))
    printed = short_name(c("7H"))
    assert [format(printed, code) for code in i18n.CASES] == ["7♥"] * len(i18n.CASES)
    with pytest.raises(ValueError):
        format(printed, ">4")


@pytest.mark.parametrize("code", ["es", "fr", "it", "pt_BR"])
def test_a_language_without_a_case_gets_the_nominative_for_it(code: str) -> None:
    i18n.set_language(code)
    for card in ALL_CARDS:
        name = i18n.card_name(card)
        assert all(format(name, case) == name for case in i18n.CASES)


@pytest.mark.parametrize("code", ["pl", "ru"])
def test_polish_and_russian_name_every_card_and_foundation_in_every_case(code: str) -> None:
    i18n.set_language(code)
    for case in CASE_CODES:
        cards = [format(i18n.card_name(card), case) for card in ALL_CARDS]
        assert len(set(cards)) == 52, f"two cards share a {case} name"
        foundations = {format(i18n.foundation_name(suit), case) for suit in range(4)}
        assert len(foundations) == 4
    # Every card changes in the genitive, instrumental and locative (as, asa, asem, asie).
    for card in ALL_CARDS:
        name = i18n.card_name(card)
        changes = {format(name, case) != name for case in ("gen", "ins", "loc")}
        assert changes == {True}, name


# -- every message of every language -----------------------------------------------------------

def _samples() -> dict[str, object]:
    """A value for each placeholder any message has: a name where it holds one, else text."""
    fields = {f for m in code_messages() for text in filter(None, (m.text, m.plural)) for f in placeholders(text)}
    return {f: i18n.card_name(c("QH")) if f in i18n.NAME_FIELDS else "7" for f in fields}


@pytest.mark.parametrize("code", [i18n.ENGLISH, *shipped()])
def test_every_message_of_every_language_fills_with_sample_values(code: str) -> None:
    """No translation asks a case of a placeholder that holds no name, or an unknown case, or a
    placeholder the code does not fill; nothing is left in braces."""
    i18n.set_language(code)
    samples = _samples()
    table: dict[object, str] = catalogue(code)._catalog if code != i18n.ENGLISH else {}
    bad: list[str] = []
    checked = 0
    for m in code_messages():
        if m.plural is None:
            texts = [table.get(key(m), m.text)]
        else:
            texts = [v for k, v in table.items() if isinstance(k, tuple) and k[0] == key(m)] or [m.text, m.plural]
        for text in texts:
            if not placeholders(text) and not placeholders(m.text):
                continue
            checked += 1
            try:
                filled = text.format(**samples)
            except (ValueError, KeyError, IndexError) as e:
                bad.append(f"{m.where}: {text!r}: {e}")
                continue
            if re.search(r"[{}]", filled):
                bad.append(f"{m.where}: {text!r} -> {filled!r}")
    assert checked > 200
    assert not bad, f"{code}:\n" + "\n".join(bad)


def test_the_sample_check_would_notice_a_case_on_a_number() -> None:
    samples = _samples()
    with pytest.raises(ValueError):
        fill("{column:acc}", **samples)
    assert fill("{card:ins}", **samples) == "the Queen of hearts"


# -- the catalogue check -----------------------------------------------------------------------

PO_HEAD = '''msgid ""
msgstr ""
"Language: pl\\n"
"Plural-Forms: nplurals=3; plural=n == 1 ? 0 : n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 12 || n % 100 > 14) ? 1 : 2;\\n"
"Content-Type: text/plain; charset=utf-8\\n"

'''


def _problems(tmp_path: Path, body: str) -> list[str]:
    tool = _catalogues_tool()
    po = tmp_path / "yukon.po"
    po.write_text(PO_HEAD + body, encoding="utf-8")
    problems: list[str] = tool.translation_problems(po, "pl")
    return problems


def test_the_catalogue_check_passes_good_cases_and_plurals(tmp_path: Path) -> None:
    assert _problems(tmp_path, '''
msgid "{card} onto {target}"
msgstr "{card} na {target:acc}"

msgid "{n} card"
msgid_plural "{n} cards"
msgstr[0] "jedna karta"
msgstr[1] "{n} karty"
msgstr[2] "{n} kart"

msgctxt "card, accusative"
msgid "the 7 of hearts"
msgstr "siódemkę kier"

msgctxt "foundation, accusative"
msgid "the hearts foundation"
msgstr "stos bazowy kier"

msgctxt "card, genitive"
msgid "the 7 of hearts"
msgstr ""
''') == []


@pytest.mark.parametrize(("msgstr", "complaint"), [
    ("{card} na {target:akk}", "unknown case 'akk'"),
    ("{card} na {target:acc} w {column:loc}", "holds no name"),
    ("{card} na", "leaves out ['target']"),
    ("{card} na {target} {other}", "placeholders the English does not: ['other']"),
    ("{card} na {target!r}", "no conversion"),
    ("{card} na {target", "broken braces"),
    ("{card} na {target:gen}", "card, genitive|'the 7 of hearts' is not translated"),
])
def test_the_catalogue_check_refuses_what_would_break_or_read_wrong(tmp_path: Path, msgstr: str,
                                                                    complaint: str) -> None:
    problems = _problems(tmp_path, f'''
#, python-brace-format
msgid "{{card}} onto {{target}}"
msgstr "{msgstr}"

#, python-brace-format
msgid "{{card}} onto {{target}} in column {{column}}"
msgstr ""

msgctxt "card, genitive"
msgid "the 7 of hearts"
msgstr ""
''')
    assert any(complaint in p for p in problems), problems


def test_a_plural_form_for_one_alone_may_leave_out_the_number(tmp_path: Path) -> None:
    body = '''
msgid "{n} card"
msgid_plural "{n} cards"
msgstr[0] "jedna karta"
msgstr[1] "karty"
msgstr[2] "{n} kart"
'''
    assert _problems(tmp_path, body) == ["pl: '{n} card': 'karty' leaves out ['n']"]


def test_the_template_holds_every_name_once_per_case(tmp_path: Path) -> None:
    from babel.messages.pofile import read_po

    tool = _catalogues_tool()
    with (ROOT / "assets" / "locale" / "yukon.pot").open("rb") as f:
        pot = read_po(f)
    contexts = {m.context for m in pot if m.id}
    for name_context in i18n.NAME_CONTEXTS:
        names = {m.id for m in pot if m.id and m.context == name_context}
        assert names, name_context
        for code in CASE_CODES:
            case_context = tool.case_context(name_context, code)
            assert case_context in contexts
            assert {m.id for m in pot if m.id and m.context == case_context} == names


# -- Polish and Russian as a player reads them ----------------------------------------------------

def test_polish_refusals_decline_the_cards_they_name() -> None:
    i18n.set_language("pl")
    wrong = Illegal(Refusal.WRONG_TARGET, c("TS"), target=c("QH"))
    assert sentence(refusal(wrong)) == "Dziesiątka pik pasuje tylko na czerwonego waleta, a nie na damę kier."
    wrong = Illegal(Refusal.WRONG_TARGET, c("6H"), target=c("8C"))
    assert sentence(refusal(wrong)) == "Szóstka kier pasuje tylko na czarną siódemkę, a nie na ósemkę trefl."
    russian = Illegal(Refusal.WRONG_TARGET, c("6H"), target=c("8H"), wanted=c("7H"))
    assert refusal(russian) == "szóstka kier pasuje tylko na siódemkę kier, a nie na ósemkę kier"


def test_russian_refusals_decline_the_cards_they_name() -> None:
    i18n.set_language("ru")
    russian = Illegal(Refusal.WRONG_TARGET, c("6H"), target=c("8H"), wanted=c("7H"))
    assert sentence(refusal(russian)) == "Шестёрка червей кладётся только на семёрку червей, а не на восьмёрку червей."


def _stuck_explanation() -> Explanation:
    # The 9 of hearts is held by the Queen of clubs, which fits only on the red Kings (made up: the
    # words are what is tested here, not the solver's finding).
    under = Target(c("KD"), "under", by=c("QS"))
    return Explanation("stuck", stuck=(Stuck(card=c("9H"), blocker=c("QC"), targets=(under, Target(c("KH"), "on")),
                                             space=True, leader=False, home_after=c("9H"), since=None),))


def test_the_why_sheet_declines_the_cards_in_polish_and_russian() -> None:
    i18n.set_language("pl")
    text = " ".join(sentences(_stuck_explanation()))
    assert "Nic nie odsłoni dziewiątki kier: leży na tej karcie dama trefl i nigdy się nie ruszy." in text
    assert "Ta karta pasuje tylko na króla karo albo na króla kier." in text
    assert "Ale król karo leży pod damą pik – kartą, która też nigdy się nie ruszy." in text
    assert "Już leży na królu kier." in text
    assert "A na stos bazowy trafi dopiero po dziewiątce kier – karcie, którą przykrywa." in text
    i18n.set_language("ru")
    text = " ".join(sentences(_stuck_explanation()))
    assert "Она ложится только на короля бубен или на короля червей." in text
    assert "Но король бубен лежит под дамой пик, а та карта тоже никогда не сдвинется." in text
    assert "Она и так уже лежит на короле червей." in text


def test_twins_are_named_in_their_cases_and_the_sentence_starts_with_a_capital() -> None:
    twins = Twins(cards=(c("6H"), c("6D")), targets=(c("7S"), c("7C")), closed=c("7C"), since=None)
    explanation = Explanation("twins", twins=twins)
    i18n.set_language("pl")
    text = " ".join(sentences(explanation))
    assert text.startswith("Szóstka kier i szóstka karo pasują tylko na siódemkę pik albo na siódemkę trefl,")
    assert "musi pójść na siódemkę pik," in text
    i18n.set_language("en")
    assert " ".join(sentences(explanation)).startswith("The 6 of hearts and the 6 of diamonds fit only onto")


# -- the pseudo-language asks every name placeholder for a case -------------------------------------

def test_the_pseudo_language_asks_a_case_of_names_only() -> None:
    text = pseudo.pseudo("{card} onto {target} in column {column}")
    fields = [(f, spec) for _t, f, spec, _c in string.Formatter().parse(text) if f]
    assert fields == [("card", "acc"), ("target", "acc"), ("column", "")]
    with pytest.raises(ValueError):
        text.format(card="7♥", target="8♠", column=3)  # plain text where a name belongs


# -- the game's name --------------------------------------------------------------------------------

def test_the_game_is_called_yukon_in_every_shipped_text() -> None:
    folders = [ROOT / "assets" / "locale", ROOT / "assets" / "lessons", ROOT / "packaging" / "linux"]
    texts = [p for folder in folders for p in folder.rglob("*") if p.suffix in (".po", ".json", ".desktop", ".xml")]
    assert len(texts) > 20
    wrong = [f"{p.relative_to(ROOT)}: {m.group(0)}" for p in texts
             for m in re.finditer(r"\b(Jukon|Yucón|Yukón)\w*", p.read_text(encoding="utf-8"))]
    assert not wrong
