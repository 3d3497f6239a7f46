"""Line breaking: Western text at spaces as before, Chinese and Japanese between characters
under the kinsoku rules (no line starts with 。、」ー…, none ends with 「（), runs of Latin
letters and digits kept whole; and ``widgets.wrap`` / ``wrap_balanced`` breaking that way
with real fonts.
"""

from __future__ import annotations

import itertools
import os
import random
import re
from collections.abc import Iterator

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from yukon.text import i18n
from yukon.ui import art, widgets
from yukon.ui.line_breaks import NO_END, NO_START, breaks_only_where_allowed, may_break, segments

JA = ("ハートの7をクラブの8の上へ移動できます。そのとき、上に重なったKと9も一緒に運ばれます。"
      "「組札」には、Aから順にKまで同じスートのカードを重ねます（1枚ずつ）。")
ZH = "红桃7可以移到梅花8上，并把 K 和 9 一起带走，即使它们并没有按顺序排列。“收牌区”从 A 开始，依次叠到 K。"


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    pygame.font.init()
    yield
    i18n.set_language(i18n.ENGLISH)


def old_wrap_words(text: str) -> list[list[str]]:
    """The words each paragraph had before Chinese and Japanese broke between characters."""
    return [[w for w in re.split(r"[ \t\r\f\v]+", para) if w] for para in text.split("\n")]


def test_western_text_breaks_only_at_spaces() -> None:
    assert segments("  Move the 7 of hearts\tonto  the 8 of clubs. ") == \
        ["Move ", "the ", "7 ", "of ", "hearts ", "onto ", "the ", "8 ", "of ", "clubs."]
    assert segments("Déplacez\u00a0: le 7") == ["Déplacez\u00a0: ", "le ", "7"]  # a no-break space holds
    assert segments("") == [] and segments("   ") == []


def test_japanese_breaks_between_characters_but_never_before_closing_marks() -> None:
    # 「 holds to what follows; 」。、！ー ィ … to what comes before; 10 and K stay whole
    assert segments("「組札」へ。ハートの10、クラブのK！ソリティア…") == \
        ["「組", "札」", "へ。", "ハー", "ト", "の", "10、", "ク", "ラ", "ブ", "の", "K！", "ソ", "リ", "ティ", "ア…"]
    assert segments("收牌区（第 3 列）。") == ["收", "牌", "区", "（第 ", "3 ", "列）。"]


@pytest.mark.parametrize(("before", "after", "allowed"), [
    ("の", "ハ", True), ("ト", "ー", False), ("ッ", "ト", True), ("ソ", "ッ", False), ("す", "。", False),
    ("「", "組", False), ("札", "」", False), ("。", "「", True), ("の", "1", True), ("1", "0", False),
    ("A", "B", False), ("7", "を", True), ("收", "牌", True), ("，", "并", True), ("到", "，", False),
    ("…", "…", False), ("“", "收", False), ("区", "”", False), ("中", "（", True), ("（", "1", False),
])
def test_may_break(before: str, after: str, allowed: bool) -> None:
    assert may_break(before, after) is allowed


# Text made of what the catalogues mix: kana, kanji, hanzi, full- and half-width punctuation, Latin, digits, spaces.
ALPHABET = "あいうっゃーアイウッャ組札列空收牌区。、，！？：「」（）『』“”…—ABCKQ0179 ()[]:;,.!?\u00a0"


@pytest.mark.parametrize("seed", range(300))
def test_the_pieces_give_back_the_text_and_keep_the_rules(seed: int) -> None:
    rng = random.Random(seed)
    text = "".join(rng.choice(ALPHABET) for _ in range(rng.randrange(61)))
    pieces = segments(text)
    assert "".join(pieces) == " ".join(w for w in re.split(r"[ \t\r\f\v]+", text) if w)
    for a, b in itertools.pairwise(pieces):
        if not a.endswith(" "):  # a break between characters, not at a space
            assert may_break(a[-1], b[0]) and b[0] not in NO_START and a[-1] not in NO_END
    for piece in pieces:
        word = piece.rstrip(" ")
        assert all(not may_break(x, y) for x, y in itertools.pairwise(word))  # no break left inside a piece


@pytest.mark.parametrize("seed", range(200))
def test_western_text_wraps_exactly_as_before(seed: int) -> None:
    """Text with no Chinese or Japanese: the lines the word-by-word wrap gave."""
    rng = random.Random(seed)
    text = "".join(rng.choice("abcdefghij éèü-'\n") for _ in range(rng.randrange(1, 160)))
    width = rng.randrange(30, 400)
    f = art.font(16)
    expected: list[str] = []
    for para in old_wrap_words(text):
        line = ""
        for word in para:
            trial = f"{line} {word}" if line else word
            if f.size(trial)[0] <= width:
                line = trial
                continue
            if line:
                expected.append(line)
            *whole, line = widgets._pieces(word, f, width)
            expected += whole
        expected.append(line)
    assert widgets.wrap(text, 16, width) == expected


@pytest.mark.parametrize(("code", "text"), [("ja", JA), ("zh_CN", ZH)], ids=["ja", "zh_CN"])
@pytest.mark.parametrize("width", [90, 137, 200, 333])
def test_chinese_and_japanese_fill_each_line_and_keep_the_rules(code: str, text: str, width: int) -> None:
    i18n.set_language(code)
    lines = widgets.wrap(text, 18, width)
    f = art.font(18)
    assert len(lines) > 1 and all(f.size(line)[0] <= width for line in lines)
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")  # nothing lost, nothing added
    assert breaks_only_where_allowed(text, lines)
    for line, following in itertools.pairwise(lines):
        assert following[0] not in NO_START and line[-1] not in NO_END
        # full: the next line's first piece (after the space, where the break was one) would not have fitted
        first = segments(following)[0].rstrip(" ")
        gap = " " if f"{line} {first}" in text else ""
        assert f.size(line + gap + first)[0] > width


def test_a_line_never_starts_with_a_full_stop_where_the_width_would_put_it() -> None:
    """The width ends exactly before 「。」: the character before it goes down with it."""
    i18n.set_language("ja")
    text = "ハートの7をクラブの8の上へ移動します。次に"
    f = art.font(20)
    width = f.size(text[:text.index("。")])[0]
    lines = widgets.wrap(text, 20, width)
    assert lines[0] == "ハートの7をクラブの8の上へ移動しま" and lines[1].startswith("す。")


def test_balanced_lines_of_japanese_are_even_and_keep_the_rules() -> None:
    i18n.set_language("ja")
    text = "デモ実行中：クリックするか、いずれかのキーを押すと止まります"
    plain, even = widgets.wrap(text, 16, 300), widgets.wrap_balanced(text, 16, 300)
    f = art.font(16)
    assert len(even) == len(plain) == 2
    widths = [f.size(line)[0] for line in even]
    assert max(widths) - min(widths) < f.size(plain[-1])[0] and max(widths) <= 300
    assert breaks_only_where_allowed(text, even) and even[1][0] not in NO_START


def test_breaks_only_where_allowed_notices_a_cut_word() -> None:
    assert breaks_only_where_allowed("one two three", ["one two", "three"])
    assert not breaks_only_where_allowed("one two three", ["one tw", "o three"])
    assert breaks_only_where_allowed("ハートの7。", ["ハートの", "7。"])
    assert not breaks_only_where_allowed("ハートの7。", ["ハートの7", "。"])
    assert not breaks_only_where_allowed("a b", ["a", "c"])


def test_a_change_of_language_never_gets_another_font_s_lines_from_the_cache() -> None:
    """The wrapped lines are kept by font family too: the same words measure differently in Noto."""
    text = "Move the 7 of hearts onto the 8 of clubs, with every card lying on it. " * 3
    fresh = {}
    for code in ("de", "ja"):
        i18n.set_language(code)
        widgets.WRAPS.clear()
        fresh[code] = widgets.wrap(text, 17, 260)
    assert fresh["de"] != fresh["ja"]  # (else the test would prove nothing)
    for code in ("de", "ja", "de", "ja"):
        i18n.set_language(code)
        assert widgets.wrap(text, 17, 260) == fresh[code]
