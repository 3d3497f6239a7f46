"""The fonts by language: every message and lesson of every language drawn with no missing
glyph (FreeType's metrics for each character, None where the font would draw a box), Chinese
and Japanese from their own cut of Noto Sans CJK, what a font lacks from the next one that
has it, and the cuts' check that tells a translator to cut them again.
"""

from __future__ import annotations

import itertools
import json
import os
import sys
import unicodedata
from collections.abc import Iterator
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from i18n_tools import catalogue, shipped
from yukon.text import i18n
from yukon.ui import art

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    pygame.font.init()
    yield
    i18n.set_language(i18n.ENGLISH)


def texts(code: str) -> list[str]:
    """Every message of ``code``'s catalogue and every text of its lessons."""
    table: dict[object, str] = vars(catalogue(code))["_catalog"]
    out = [v for k, v in table.items() if isinstance(v, str) and k != ""]
    for path in sorted((ROOT / "assets" / "lessons" / code).glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        out += [data["title"], data["intro"], data["outro"]]
        for step in data["steps"]:
            out += [step["instruction"], step.get("done", ""), step.get("wrong", ""), *step.get("replies", {}).values()]
    return [t for t in out if t]


@pytest.mark.parametrize("code", [i18n.ENGLISH, *shipped()])
def test_every_message_of_every_language_is_drawn_with_no_missing_glyph(code: str) -> None:
    """Each text, regular and bold, split as art's font draws it: each character has a glyph in
    the file it is drawn from; a Chinese or Japanese character comes from the language's own cut."""
    i18n.set_language(code)
    assert i18n.language() == code
    own = art.CJK_FONTS.get(code, ())
    all_text = texts(code) if code != i18n.ENGLISH else [m for m in _english()]
    missing: set[tuple[str, str]] = set()
    foreign: set[str] = set()
    for bold in (False, True):
        f = art.font(15, bold)
        assert isinstance(f, art.Face)
        for text in all_text:
            runs = f.runs(text) or [(f.files[0], text)]
            for path, run in runs:
                missing |= {(path.name, ch) for ch in run if ch.isprintable() and not art.covers(path, ch)}
                if own:
                    foreign |= {ch for ch in run if unicodedata.east_asian_width(ch) in ("W", "F")
                                and path not in own}
            assert f.size(text)[0] == f.render(text, True, (0, 0, 0)).get_width()
    assert not missing, f"{code}: no glyph for {sorted(missing)}"
    assert not foreign, f"{code}: {''.join(sorted(foreign))} not in its own font: run packaging/subset_cjk_font.py"


def _english() -> list[str]:
    from i18n_tools import code_messages

    return [m.text for m in code_messages()]


def test_the_glyph_check_sees_a_missing_glyph() -> None:
    """FreeType's metrics are None where pygame.font would draw a box (its own metrics() is not)."""
    assert art.covers(art.FONT_REGULAR, "ж") and not art.covers(art.FONT_REGULAR, "組")
    jp = art.CJK_FONTS["ja"][0]
    assert art.covers(jp, "組") and art.covers(jp, "ア") and not art.covers(jp, "\u2630")


def test_japanese_and_chinese_are_set_in_their_own_cut_and_the_cards_in_dejavu() -> None:
    i18n.set_language("ja")
    assert art.font(20).files[0] == art.CJK_FONTS["ja"][0] and art.font(20, True).files[0] == art.CJK_FONTS["ja"][1]
    assert art.font(20, False, art.LATIN).files[0] == art.FONT_REGULAR  # the corners' A J Q K look the same everywhere
    i18n.set_language("zh_CN")
    assert art.font(20).files[0] == art.CJK_FONTS["zh_CN"][0]
    i18n.set_language("de")
    assert art.font(20).files[0] == art.FONT_REGULAR
    # a change of language draws the same string again in the new font, not from the cache
    i18n.set_language("ja")
    ja = art.text("7", 20, (0, 0, 0))
    i18n.set_language("de")
    assert art.text("7", 20, (0, 0, 0)) is not ja


def test_a_sign_noto_lacks_is_drawn_from_dejavu_on_the_same_baseline() -> None:
    """The More button's ☰ beside Japanese: DejaVu's glyph, not Noto's empty box."""
    i18n.set_language("ja")
    f = art.font(24, True)
    runs = f.runs("\u2630 メニュー")
    assert runs is not None and [p.name for p, _t in runs] == [art.FONT_BOLD.name, art.CJK_FONTS["ja"][1].name]
    img = f.render("\u2630 メニュー", True, (255, 255, 255))
    assert img.get_size() == (f.size("\u2630 メニュー")[0], f.get_height())
    plain = pygame.font.Font(str(art.CJK_FONTS["ja"][1]), 24).render("\u2630", True, (255, 255, 255))
    sign = img.subsurface((0, 0, plain.get_width(), img.get_height()))
    assert pygame.mask.from_surface(sign).count() > 0
    # Noto's box for ☰ is a hollow rectangle; DejaVu's sign is three bars: its rows of ink come in three bands
    rows = [y for y in range(sign.get_height()) if any(sign.get_at((x, y)).a > 128 for x in range(sign.get_width()))]
    bands = sum(1 for a, b in itertools.pairwise(rows) if b > a + 1) + 1
    assert bands == 3


def test_japanese_in_a_german_window_is_drawn_whole_from_the_japanese_cut() -> None:
    """The Settings list names each language in itself: 日本語 in a German window is no row of boxes."""
    i18n.set_language("de")
    f = art.font(24)
    runs = f.runs("日本語")
    assert runs == [(art.CJK_FONTS["ja"][0], "日本語")]
    glyphs = [f.render(ch, True, (255, 255, 255)) for ch in "日本語"]
    pictures = {pygame.image.tobytes(g, "RGBA") for g in glyphs}
    assert len(pictures) == 3  # three different glyphs (boxes would be three times the same)
    assert f.size("System (日本語)")[0] == f.render("System (日本語)", True, (0, 0, 0)).get_width()
    assert f.size("Deutsch") == pygame.font.Font(str(art.FONT_REGULAR), 24).size("Deutsch")  # untouched


def test_a_missing_cut_leaves_dejavu_rather_than_failing(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setitem(art.FAMILIES, "ja", (tmp_path / "gone.otf", tmp_path / "gone-bold.otf"))
    art.FONTS.clear()
    i18n.set_language("ja")
    try:
        assert art.font(20).files[0] == art.FONT_REGULAR
        assert art.text("ユーコン", 20, (0, 0, 0)).get_width() > 0
    finally:
        art.FONTS.clear()
        art.TEXTS.clear()


def test_the_cut_check_names_a_character_the_fonts_lack(monkeypatch: pytest.MonkeyPatch) -> None:
    """A translator who adds a word with a new ideograph is told to cut the fonts again."""
    pytest.importorskip("fontTools")
    sys.path.insert(0, str(ROOT / "packaging"))
    import subset_cjk_font

    assert subset_cjk_font.check() == []
    real = subset_cjk_font.must_have
    monkeypatch.setattr(subset_cjk_font, "must_have", lambda code: real(code) | ({"鬱"} if code == "ja" else set()))
    problems = subset_cjk_font.check()
    assert len(problems) == 2 and all("鬱" in p and "subset_cjk_font.py" in p for p in problems)
    assert "NotoSansCJKjp-Regular" in problems[0] and "NotoSansCJKjp-Bold" in problems[1]
