"""The languages: the system's locale, the catalogues' completeness, placeholders, plurals and font.

Read with the standard library only (the compiled .mo files the game reads, the code's
messages found by walking its syntax trees), so the checks run wherever the tests do.
``packaging/catalogues.py check`` (in CI) also checks the .pot and .po files with Babel.
"""

from __future__ import annotations

import ast
import gettext
import re
import unicodedata
from collections.abc import Iterator
from pathlib import Path

import pytest

from i18n_tools import (
    LOCALE,
    MARKERS,
    ROOT,
    SOURCES,
    catalogue,
    code_messages,
    font_characters,
    key,
    placeholders,
    shipped,
)
from yukon.core.cards import ALL_CARDS
from yukon.play import pseudo
from yukon.text import i18n


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    yield
    i18n.set_language(i18n.ENGLISH)


@pytest.mark.parametrize(("env", "expected"), [
    ({"LANG": "de_DE.UTF-8"}, "de"),
    ({"LANG": "de_AT.UTF-8"}, "de"),
    ({"LC_ALL": "fr_CA.UTF-8", "LANG": "en_US.UTF-8"}, "fr"),
    ({"LANGUAGE": "sv:ru", "LANG": "sv_SE.UTF-8"}, "ru"),
    ({"LANG": "pt_PT.UTF-8"}, "pt_BR"),
    ({"LANG": "pt_BR.UTF-8"}, "pt_BR"),
    ({"LANG": "pl_PL"}, "pl"),
    ({"LANG": "sv_SE.UTF-8"}, "en"),
    ({"LANG": "nl_BE.UTF-8"}, "nl"),
    ({"LANG": "tr_TR.UTF-8"}, "tr"),
    ({"LANG": "C"}, "en"),
    ({"LANG": "C.UTF-8", "LANGUAGE": ""}, "en"),
    ({"LC_MESSAGES": "es_MX.UTF-8"}, "es"),
    ({"LANG": "it_IT@euro"}, "it"),
])
def test_the_system_locale_picks_the_closest_shipped_language(env: dict[str, str], expected: str) -> None:
    assert i18n.system_language(env) == expected


# -- the system's list of preferred languages (pygame's get_pref_locales, handed in by the window) --
@pytest.mark.parametrize(("env", "preferred", "expected"), [
    ({"LANG": "de_DE.UTF-8"}, ["it_IT", "de"], "it"),  # Windows' or macOS' list before LANG
    ({}, ["ko_KR", "fi", "pl_PL", "en"], "pl"),  # the first shipped entry, not the first entry
    ({}, ["ko", "en_US", "de"], "en"),  # English is shipped too: it is the player's second choice here
    ({"LANG": "ru_RU.UTF-8"}, ["ko", "fi"], "ru"),  # nothing in the list: then the environment
    ({"LANG": "ko_KR.UTF-8"}, ["ko", "fi"], "en"),  # nothing anywhere: English
    ({}, [], "en"),
    ({"LANGUAGE": "fr"}, ["it"], "fr"),  # the variables that choose messages come first
    ({"LC_ALL": "C"}, ["it"], "en"),  # LC_ALL=C is a choice: English
    ({"LC_MESSAGES": "es_MX.UTF-8"}, ["it"], "es"),
    ({"LANGUAGE": "sv"}, ["it"], "it"),  # a LANGUAGE with nothing shipped falls through
    ({}, ["pt_PT"], "pt_BR"),
    ({}, ["pt_BR"], "pt_BR"),
    ({}, ["fr_CA"], "fr"),
    ({}, ["es_419"], "es"),  # Latin-American Spanish (a region of three digits)
    ({}, ["C"], "en"),
])
def test_the_systems_preferred_languages_come_after_the_message_variables_and_before_lang(
        env: dict[str, str], preferred: list[str], expected: str) -> None:
    assert i18n.system_language(env, preferred) == expected


@pytest.mark.parametrize(("name", "expected"), [
    ("pt-BR", "pt_BR"), ("pt_PT", "pt_BR"), ("pt-AO", "pt_BR"), ("pt", "pt_BR"),
    ("de-AT", "de"), ("de_CH.UTF-8", "de"), ("ru-RU", "ru"), ("sr_Latn_RS", None), ("sv", None),
    ("nl-NL", "nl"), ("tr_TR.UTF-8", "tr"),
    ("", None), ("C.UTF-8", None), ("POSIX", None), ("en-GB", "en"), ("it_IT@euro", "it"),
])
def test_locale_names_from_the_environment_and_from_platforms_map_to_catalogues(name: str,
                                                                                expected: str | None) -> None:
    assert i18n._shipped(name) == expected


@pytest.mark.parametrize(("name", "expected"), [
    ("zh_Hans_CN", "zh_CN"), ("zh-Hans", "zh_CN"), ("zh_CN", "zh_CN"), ("zh_SG", "zh_CN"), ("zh", "zh_CN"),
    ("zh_Hant_TW", None), ("zh-Hant", None), ("zh_TW", None), ("zh_HK", None),
])
def test_chinese_scripts_and_regions_choose_a_simplified_catalogue_only_for_simplified_readers(
        name: str, expected: str | None, monkeypatch: pytest.MonkeyPatch) -> None:
    """macOS names a script (zh-Hans-CN); a Traditional Chinese reader gets no Simplified catalogue."""
    for code in [c for c in i18n.LANGUAGES if c.startswith("zh")]:
        monkeypatch.delitem(i18n.LANGUAGES, code)
    assert i18n._shipped(name) is None  # nothing Chinese shipped: no guess
    monkeypatch.setitem(i18n.LANGUAGES, "zh_CN", "中文（简体）")
    assert i18n._shipped(name) == expected


def test_the_source_the_window_hands_in_is_asked_when_no_variable_decides(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    asked: list[bool] = []

    def windows_list() -> list[str]:
        asked.append(True)
        return ["pl_PL", "en_US"]

    i18n.use_preferred_locales(windows_list)
    assert i18n.system_language() == "pl" and asked
    assert i18n.set_language(i18n.SYSTEM) == "pl"
    assert i18n.system_language({"LANG": "de_DE"}) == "de"  # a test's whole system: the source is not asked
    assert len(asked) == 2
    monkeypatch.setenv("LANGUAGE", "fr")
    assert i18n.system_language() == "fr"
    i18n.use_preferred_locales(list)  # nothing from the system: the environment
    monkeypatch.delenv("LANGUAGE")
    assert i18n.system_language() == "ru"


def test_an_unknown_or_missing_catalogue_leaves_english() -> None:
    assert i18n.set_language("xx") == "en"
    assert i18n._("Deal {number}") == "Deal {number}"


@pytest.mark.parametrize("code", shipped())
def test_each_shipped_language_loads_and_translates_cards(code: str) -> None:
    assert i18n.set_language(code) == code
    assert i18n.language() == code
    names = [i18n.card_name(c) for c in ALL_CARDS]
    assert len(set(names)) == 52, "two cards share a name"
    i18n.set_language(i18n.ENGLISH)
    english = [i18n.card_name(c) for c in ALL_CARDS]
    assert sum(a != b for a, b in zip(names, english, strict=True)) >= 40


def test_every_message_uses_named_placeholders_only() -> None:
    bad = []
    for m in code_messages():
        for text in filter(None, (m.text, m.plural)):
            fields = placeholders(text)
            if "<broken braces>" in fields or any(f == "" or f.isdigit() for f in fields):
                bad.append(f"{m.where}: {text!r}")
    assert not bad, "messages need named placeholders {name}:\n" + "\n".join(bad)


def test_no_sentence_is_glued_inside_a_call() -> None:
    """_() and friends take a literal (or a marked constant), never an f-string or a sum."""
    bad = []
    for path in SOURCES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in MARKERS:
                ctx_i, one_i, many_i = MARKERS[node.func.id]
                texts = [node.args[i] for i in (ctx_i, one_i, many_i) if i is not None and i < len(node.args)]
                if any(isinstance(arg, ast.JoinedStr | ast.BinOp) for arg in texts):
                    bad.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not bad, "a sentence glued inside a translation call:\n" + "\n".join(bad)


def test_the_pseudo_language_keeps_every_placeholder() -> None:
    for m in code_messages():
        for text in filter(None, (m.text, m.plural)):
            assert placeholders(pseudo.pseudo(text)) == placeholders(text), text
            words = re.sub(r"\{[^{}]*\}", "", text)  # the placeholders' names stay as they are
            letters = sum(ch.isascii() and ch.isalpha() for ch in words)
            grown = sum(ch == pseudo.PAD for ch in pseudo.pseudo(text))
            assert grown >= pseudo.GROWTH * letters, text


def _plural_forms(tr: gettext.GNUTranslations, count: int) -> list[int]:
    """The plural form each number 0..count-1 takes in the catalogue's language."""
    return [tr.plural(n) for n in range(count)]


@pytest.mark.parametrize("code", shipped())
def test_each_catalogue_is_complete_with_matching_placeholders(code: str) -> None:
    tr = catalogue(code)
    table: dict[object, str] = tr._catalog
    forms = _plural_forms(tr, 201)
    nplurals = max(forms) + 1
    missing, wrong = [], []
    for m in code_messages():
        k = key(m)
        if m.plural is None:
            text = table.get(k, "")
            if not text.strip():
                missing.append(f"{m.where}: {m.text!r}")
            elif placeholders(text) != placeholders(m.text):
                wrong.append(f"{m.where}: {m.text!r} -> {text!r}")
            continue
        want = placeholders(m.plural) | placeholders(m.text)
        for i in range(nplurals):
            text = table.get((k, i), "")
            if not text.strip():
                missing.append(f"{m.where}: {m.plural!r} (form {i})")
                continue
            got = placeholders(text)
            only_one = [n for n, f in enumerate(forms) if f == i] == [1]
            if not got <= want or (not only_one and got != want):
                wrong.append(f"{m.where}: {m.plural!r} form {i} -> {text!r}")
    assert not missing, f"{code}: {len(missing)} messages not translated:\n" + "\n".join(missing[:40])
    assert not wrong, f"{code}: placeholders differ from the English:\n" + "\n".join(wrong[:40])


@pytest.mark.parametrize("code", shipped())
def test_each_catalogue_awaits_a_native_review_and_says_its_plural_rule(code: str) -> None:
    po = (LOCALE / code / "LC_MESSAGES" / "yukon.po").read_text(encoding="utf-8")
    assert re.search(r"awaits .*native speaker", po[:2000], re.IGNORECASE), "header must say it awaits review"
    assert "Plural-Forms:" in po[:3000]


def _shipped_text(code: str) -> Iterator[str]:
    table: dict[object, str] = catalogue(code)._catalog
    yield from (v for v in table.values() if isinstance(v, str))
    folder = ROOT / "assets" / "lessons" / code
    for path in sorted(folder.glob("*.json")):
        yield path.read_text(encoding="utf-8")


FONTS = ROOT / "assets" / "fonts"
DEJAVU = (FONTS / "DejaVuSans.ttf", FONTS / "DejaVuSans-Bold.ttf")
# The cuts of Noto Sans CJK each language's text is set in (yukon/ui/art.py's CJK_FONTS).
CJK_CUTS = {"ja": (FONTS / "NotoSansCJKjp-Regular-subset.otf", FONTS / "NotoSansCJKjp-Bold-subset.otf"),
            "zh_CN": (FONTS / "NotoSansCJKsc-Regular-subset.otf", FONTS / "NotoSansCJKsc-Bold-subset.otf")}


def _wide(ch: str) -> bool:
    return unicodedata.east_asian_width(ch) in ("W", "F")


@pytest.mark.parametrize("code", shipped())
def test_the_font_draws_every_character_of_every_language(code: str) -> None:
    """Each character of a language's messages and lessons is in its own font, regular and bold:
    DejaVu, or for Japanese and Chinese their cut of Noto Sans CJK; a character Noto lacks (☰)
    is drawn from DejaVu. A Chinese or Japanese character must be in the language's own cut (the
    other's would draw another country's forms): a new one means cutting the fonts again."""
    own = CJK_CUTS.get(code, DEJAVU)
    regular, bold = (font_characters(p) for p in own)
    dejavu = [font_characters(p) for p in DEJAVU]
    text = {ch for part in _shipped_text(code) for ch in part if ch.isprintable()}
    lacking = {ch for ch in text if not (ord(ch) in regular and ord(ch) in bold) and _wide(ch)}
    assert not lacking, (f"{code}: {own[0].name} or {own[1].name} lacks {''.join(sorted(lacking))}: run "
                         "python packaging/subset_cjk_font.py (and commit the fonts)")
    missing = {ch for ch in text if not (ord(ch) in regular and ord(ch) in bold)
               and not all(ord(ch) in c for c in dejavu)}
    assert not missing, f"{code}: the font cannot draw {sorted(missing)}"


@pytest.mark.parametrize("code", shipped())
def test_pygame_finds_a_glyph_for_every_character_of_every_language(code: str) -> None:
    """The same through pygame's FreeType, which reads the font as a renderer does (its metrics
    are None for a character the font has no glyph for): every character of the language's
    messages and lessons from its font chain (its own cut of Noto Sans CJK, then DejaVu), and
    its own name in Settings, in both weights."""
    import pygame.freetype

    pygame.freetype.init()
    texts = [*_shipped_text(code), i18n.LANGUAGES[code]]
    chars = sorted({ch for text in texts for ch in text if ch.isprintable() and not ch.isspace()})
    for weight in (0, 1):
        chain = [pygame.freetype.Font(str(fonts[weight]), 16) for fonts in (CJK_CUTS.get(code, DEJAVU), DEJAVU)]
        found = [[m is not None for m in font.get_metrics("".join(chars))] for font in chain]
        missing = [ch for i, ch in enumerate(chars) if not any(f[i] for f in found)]
        assert not missing, f"{code}: no font of its chain has a glyph for {missing}"


@pytest.mark.parametrize("path", [*DEJAVU, *(p for cut in CJK_CUTS.values() for p in cut)], ids=lambda p: p.name)
def test_every_shipped_font_has_printable_ascii(path: Path) -> None:
    """art.Face draws ASCII from the first font of its chain without looking (numbers, keys, move text)."""
    chars = font_characters(path)
    assert all(c in chars for c in range(0x20, 0x7F))


def test_the_font_check_would_notice_a_missing_character() -> None:
    chars = font_characters(Path(ROOT / "assets" / "fonts" / "DejaVuSans.ttf"))
    assert ord("ж") in chars and ord("ł") in chars and ord("ẋ") in chars
    assert 0x4E00 not in chars  # no CJK in DejaVu Sans
    import pygame.freetype

    pygame.freetype.init()
    font = pygame.freetype.Font(str(ROOT / "assets" / "fonts" / "DejaVuSans.ttf"), 16)
    assert [m is None for m in font.get_metrics("İı一")] == [False, False, True]
    jp, sc = (font_characters(CJK_CUTS[code][0]) for code in ("ja", "zh_CN"))
    assert ord("組") in jp and ord("收") in sc and ord("鬱") not in jp  # a cut holds what it was cut to
    assert ord("\u2630") not in jp and ord("\u2630") in chars  # ☰: not in Noto, drawn from DejaVu


@pytest.mark.parametrize(("code", "text", "expected"), [
    ("tr", "istanbul", "İstanbul"), ("tr", "ılık", "Ilık"), ("tr", "şimdi", "Şimdi"), ("tr", "", ""),
    ("az", "ilk", "İlk"), ("tr_CY", "iki", "İki"),
    ("nl", "ijsland", "IJsland"), ("nl", "iets", "Iets"), ("nl", "i", "I"), ("nl", "éen", "Éen"),
    ("en", "istanbul", "Istanbul"), ("en", "ijs", "Ijs"), ("de", "ärger", "Ärger"), ("fr", "île", "Île"),
])
def test_a_sentence_starts_with_a_capital_as_its_language_writes_it(code: str, text: str, expected: str) -> None:
    """Python's str.upper knows no language: it makes "I" of the Turkish i, which Turkish writes İ;
    Dutch writes the ij that starts a sentence as IJ."""
    i18n.install(gettext.NullTranslations(), code)
    assert i18n.capital(text) == expected


def test_sentences_join_with_a_space_except_after_a_full_width_mark() -> None:
    assert i18n.join_sentences("Demo stopped.", "", "Your move.") == "Demo stopped. Your move."
    assert i18n.join_sentences("デモを止めました。", "あなたの番です。") == "デモを止めました。あなたの番です。"
    assert i18n.join_sentences("求解器还在寻找取胜路线。在此之前：", "可走 1/3：…") == "求解器还在寻找取胜路线。在此之前：可走 1/3：…"
    assert i18n.join_sentences("", "") == ""


@pytest.mark.parametrize(("code", "text", "expected"), [
    ("en", "the file is damaged", "the file is damaged."), ("en", "Saved.", "Saved."), ("en", "Why?", "Why?"),
    ("ja", "ファイルが壊れています", "ファイルが壊れています。"), ("ja", "クリアしました！", "クリアしました！"),
    ("zh_CN", "存档已损坏", "存档已损坏。"), ("zh_CN", "本局已无法获胜。", "本局已无法获胜。"),
])
def test_a_notice_ends_with_its_language_s_full_stop_once(code: str, text: str, expected: str) -> None:
    i18n.set_language(code)
    assert i18n.full_stop(text) == expected


@pytest.mark.parametrize(("code", "expected"), [
    ("en", "An assisted win (hints, Demo): best times and fewest moves count clean wins only."),
    ("ja", "手助けありのクリア（ヒント、デモ）：ベストタイムと最少手数は自力クリアだけが対象です。"),
    ("zh_CN", "有辅助获胜（提示、演示）：最佳用时和最少步数只计无辅助获胜。"),
])
def test_a_list_is_separated_as_the_language_separates_it(code: str, expected: str) -> None:
    from yukon.play.stats import win_kind

    i18n.set_language(code)
    assert win_kind(frozenset({"hint", "demo"})) == expected
