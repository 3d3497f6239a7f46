"""A pseudo-language for testing the window: every message accented and about 40% longer.

``--language pseudo`` (or ``install_pseudo()`` in a test) shows each English message with
every letter swapped for an accented look-alike and padded, placeholders left whole, so
a screen shows at a glance (and a test checks) which text escaped the catalogue, what
a longer language cuts off and what the font cannot draw. The text layer: no pygame.
"""

from __future__ import annotations

import gettext
import math
import re
from dataclasses import replace
from typing import Final

from ..text import i18n
from .lessons import Lesson

CODE: Final = "pseudo"
GROWTH: Final = 0.4  # German and French run 30-40% longer than English
_ACCENTED: Final = str.maketrans(
    "abcdeghiklnorstuwyzABCDEGHIKLNORSTUWYZ",
    "áƀçđéğĥíķĺñóŕšťúŵýžÁβÇĐÉĞĤÍĶĹÑÓŘŠŤÚŴÝŽ",
)
# Named placeholders ({card}, {n:,}) and escaped braces keep their text: they are code.
_KEEP: Final = re.compile(r"(\{\{|\}\}|\{[^{}]*\})")
PAD: Final = "ẋ"  # the padding that makes each word longer
_WORD: Final = re.compile(r"[A-Za-z]+")


def _stretch(word: re.Match[str]) -> str:
    text = word.group(0)
    return text.translate(_ACCENTED) + PAD * math.ceil(len(text) * GROWTH)


def _placeholder(piece: str) -> str:
    """A placeholder as the pseudo-language writes it: a name's asks for a case (``{card:acc}``)."""
    if piece[1:-1] in i18n.NAME_FIELDS:
        return piece[:-1] + ":acc}"
    return piece


def pseudo(message: str) -> str:
    """``message`` accented and each word lengthened by GROWTH, its placeholders kept.

    Every word grows (not only the last), so text wraps as a longer language would. Each
    placeholder that holds a name asks for it in the accusative, as a Polish translation
    would: a test that plays in the pseudo-language fails where the code hands such a
    placeholder plain text instead of a ``Name``.
    """
    pieces = _KEEP.split(message)
    return "".join(_placeholder(p) if i % 2 else _WORD.sub(_stretch, p) for i, p in enumerate(pieces))


class PseudoTranslations(gettext.NullTranslations):
    """Translations that make up the pseudo-language from the English on the fly."""

    def gettext(self, message: str) -> str:
        return pseudo(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return pseudo(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)


def install_pseudo() -> None:
    """Use the pseudo-language from now on."""
    i18n.install(PseudoTranslations(), CODE)


def pseudo_lesson(lesson: Lesson) -> Lesson:
    """``lesson`` in the pseudo-language (every text accented and longer), for tests."""
    def p(text: str) -> str:
        return pseudo(text) if text else text
    steps = tuple(replace(s, instruction=p(s.instruction), done=p(s.done), wrong=p(s.wrong),
                          replies={m: p(t) for m, t in s.replies.items()}) for s in lesson.steps)
    return replace(lesson, title=p(lesson.title), intro=p(lesson.intro), outro=p(lesson.outro), steps=steps)
