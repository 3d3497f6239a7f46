"""Where a line of text may break: at spaces, and between the characters of Chinese and Japanese.

Western text breaks only at ordinary spaces and tabs (a no-break space, French " :" or
"5 %", holds). Chinese and Japanese are written without spaces, so there a line may break
between any two characters, under the simple form of the rules Japanese typesetting calls
kinsoku: no line starts with closing punctuation, a small kana, the long-vowel mark or an
iteration mark (、。」）ー っ ャ 々 …), and no line ends with opening punctuation
(「（『【…). A run of Latin letters or digits inside such text ("10", "K", "Ctrl+Z") stays
whole, and so does a run of ellipses or dashes. Pure text: no pygame.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Final

# Ordinary spaces: a line breaks here and the space is dropped (a no-break space holds).
SPACES: Final = re.compile(r"[ \t\r\f\v]+")

# No line starts with these: closing brackets and quotes, sentence and clause marks (full and
# half width), small kana, the long-vowel and iteration marks, ellipses and dashes, units.
NO_START: Final = frozenset(
    ")]}»›’”〉》」』】〕〗〙〛〟｠）］｝｣"
    ",.:;!?‼⁇⁈⁉、。，．・：；？！｡､･"
    "ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿｧｨｩｪｫｯｬｭｮ"
    "ーｰゝゞヽヾ々〻゛゜"
    "…‥—―–‐゠〜～"
    "%％°′″℃"
)
# No line ends with these: opening brackets and quotes.
NO_END: Final = frozenset("([{«‹‘“〈《「『【〔〖〘〚〝｟（［｛｢")


def is_wide(ch: str) -> bool:
    """Is ``ch`` a character of the scripts written without spaces (ideographs, kana, their
    full-width punctuation)? East Asian Width W or F."""
    return unicodedata.east_asian_width(ch) in ("W", "F")


def may_break(before: str, after: str) -> bool:
    """May a line end between ``before`` and ``after``, two characters with no space between?"""
    if after in NO_START or before in NO_END:
        return False
    return is_wide(before) or is_wide(after)


def segments(paragraph: str) -> list[str]:
    """``paragraph`` cut where a line may break, into pieces a line never breaks inside.

    A piece followed by spaces keeps one space at its end (dropped where a line ends there);
    the pieces joined give the paragraph with its runs of spaces made single and its leading
    and trailing spaces gone. Text with no Chinese or Japanese gives its words.
    """
    out: list[str] = []
    for word in SPACES.split(paragraph):
        if not word:
            continue
        start = 0
        for i in range(1, len(word)):
            if may_break(word[i - 1], word[i]):
                out.append(word[start:i])
                start = i
        out.append(word[start:] + " ")
    if out:
        out[-1] = out[-1].rstrip(" ")
    return out


def _key(text: str) -> str:
    return SPACES.sub("", text)


def breaks_only_where_allowed(text: str, lines: list[str]) -> bool:
    """Were ``lines`` (``text`` broken into lines, spaces at the breaks dropped) broken only where
    a line may break, never inside a word or between characters that must stay together?"""
    allowed = {0}
    at = 0
    for paragraph in text.split("\n"):
        for piece in segments(paragraph):
            at += len(_key(piece))
            allowed.add(at)
    if _key("".join(lines)) != _key(text.replace("\n", "")):
        return False
    at = 0
    for line in lines[:-1]:
        at += len(_key(line))
        if at not in allowed:
            return False
    return True
