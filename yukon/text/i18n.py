"""The player's language: message catalogues through the standard library's ``gettext``.

Every sentence a player reads is written in English in the code and goes through one of
the functions here at the moment it is shown, so a change of language applies at once:

- ``_("Deal {number}").format(number=n)``: a whole sentence, placeholders named;
- ``ngettext("{n} card", "{n} cards", n).format(n=n)``: real plural forms;
- ``pgettext("button", "New")``: the same English word in two roles;
- ``N_("...")`` / ``NC_("context", "...")``: mark a constant for extraction; translate it
  with ``_()`` / ``pgettext()`` where it is shown, never at import time;
- ``card_name(card)``, ``foundation_name(suit)``: a ``Name``, which a translation puts in the
  case its sentence needs: ``{card}`` is the nominative, ``{card:acc}`` the accusative (see
  ``CASES``). Only the placeholders of ``NAME_FIELDS`` hold names.

The catalogues are ``assets/locale/<code>/LC_MESSAGES/yukon.po`` (source) and ``.mo``
(compiled, committed, so a player needs nothing more); ``packaging/catalogues.py``
extracts, updates, compiles and checks them with Babel (a development tool only).
Until ``set_language`` is called everything is English, so the command line's output
stays as RULES.md says. The text layer (with yukon.text): no pygame, and nothing of the core
imports it.
"""

from __future__ import annotations

import gettext
import locale
import os
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Final

from ..core.cards import Card
from ..core.resources import asset_path

if TYPE_CHECKING:
    from typing import Self  # Python 3.11; annotations only, so 3.10 runs this module

DOMAIN: Final = "yukon"
ENGLISH: Final = "en"
SYSTEM: Final = ""  # the setting's value for "follow the system's language"

# Shipped languages, in the order Settings offers them, each named in its own language.
LANGUAGES: Final[dict[str, str]] = {
    "en": "English",
    "de": "Deutsch",
    "fr": "Français",
    "es": "Español",
    "it": "Italiano",
    "nl": "Nederlands",
    "pt_BR": "Português (Brasil)",
    "pl": "Polski",
    "ru": "Русский",
    "tr": "Türkçe",
    "ja": "日本語",
    "zh_CN": "简体中文",
}
# Where a locale's language has no catalogue of its own but a shipped one serves its readers,
# keyed by language, language_Script or language_REGION: the first of the targets that is
# shipped is used; an empty tuple says "no stand-in" (it stops a broader key from giving
# one, e.g. Traditional Chinese readers are not sent to a Simplified catalogue).
# Portuguese from Portugal, Angola, Mozambique... reads the Brazilian catalogue: the
# spelling differs in places but every sentence is understood, which English is not.
_CLOSEST: Final[dict[str, tuple[str, ...]]] = {
    "pt": ("pt_BR",),
    "zh": ("zh_CN", "zh_Hans"),
    "zh_Hans": ("zh_CN", "zh_Hans"),
    "zh_Hant": (), "zh_TW": (), "zh_HK": (), "zh_MO": (),
}

_current: gettext.NullTranslations = gettext.NullTranslations()
_code: str = ENGLISH


def _(message: str) -> str:
    """``message`` in the player's language."""
    return _current.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a counted sentence that fits ``n`` in the player's language."""
    return _current.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` as used in ``context`` (e.g. ``"button"``), in the player's language."""
    return _current.pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """``ngettext`` with a context."""
    return _current.npgettext(context, singular, plural, n)


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue without translating it (translate where shown)."""
    return message


def NC_(context: str, message: str) -> str:
    """Mark ``message`` in ``context`` for the catalogue without translating it."""
    return message


def language() -> str:
    """The code of the language in use (``"en"`` when nothing else is)."""
    return _code


def locale_folder() -> str:
    """Where the compiled catalogues lie (``<code>/LC_MESSAGES/yukon.mo``)."""
    return str(asset_path("locale"))


def _shipped(code: str) -> str | None:
    """The shipped language a locale name maps to, or None.

    Takes what the environment holds (``de_AT.UTF-8``, ``it_IT@euro``, ``pt``) and what
    platforms report (``pt-BR``, ``zh-Hans-CN``, ``zh_Hans``): a language, then an
    optional script (four letters) and region. The exact catalogue first (``pt_BR``),
    then language and script (``zh_Hans``), then the bare language (``de``), then a
    stand-in from ``_CLOSEST``.
    """
    parts = code.split(".")[0].split("@")[0].replace("-", "_").split("_")
    base = parts[0].lower()
    if not base.isalpha() or base in ("c", "posix"):
        return None
    script = next((p.title() for p in parts[1:] if len(p) == 4 and p.isalpha()), "")
    region = next((p.upper() for p in parts[1:] if len(p) in (2, 3) and p.isalnum()), "")
    keys = [f"{base}_{region}" if region else "", f"{base}_{script}" if script else "", base]
    for key in filter(None, keys):
        if key in LANGUAGES:
            return key
    for key in filter(None, keys):
        if key in _CLOSEST:
            return next((c for c in _CLOSEST[key] if c in LANGUAGES), None)
    return None


def _preferred_none() -> Sequence[str]:
    return ()


# The system's own list of preferred languages, best first, as locale names ("pt_BR",
# "zh_Hans_CN"): the window hands in pygame's get_pref_locales (use_preferred_locales), as
# the core knows no pygame. Nothing is asked until then.
_preferred: Callable[[], Sequence[str]] = _preferred_none


def use_preferred_locales(source: Callable[[], Sequence[str]]) -> None:
    """Ask ``source`` for the system's preferred languages (best first) from now on."""
    global _preferred
    _preferred = source


def _first_shipped(value: str) -> str | None:
    """The first shipped language in a list such as ``LANGUAGE``'s ``de:fr``."""
    return next((found for part in value.split(":") if (found := _shipped(part)) is not None), None)


def system_language(environ: Mapping[str, str] | None = None, preferred: Sequence[str] | None = None) -> str:
    """The shipped language closest to the system's; English if none fits.

    In this order:

    1. ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, as gettext reads them: someone set these
       to choose the messages' language (``LANGUAGE`` may list several, ``de:fr``, and
       falls through when none is shipped; the others, once set, decide: one we do not
       ship gives English, not a guess);
    2. the system's list of preferred languages (``preferred``, else the source the window
       set with ``use_preferred_locales``): Windows' and macOS' language settings, which
       set no variables; the first shipped one wins;
    3. ``LANG`` (set but not shipped: English);
    4. the locale the platform reports to Python;
    5. English.

    On Linux SDL's list is only ``LANG`` then ``LANGUAGE``, read in the opposite order to
    gettext, hence the variables that choose messages come before it. With ``environ``
    given (a test's whole system), nothing else is asked unless ``preferred`` is given too.
    """
    env = os.environ if environ is None else environ
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        value = env.get(name, "")
        if value:
            found = _first_shipped(value)
            if found is not None:
                return found
            if name != "LANGUAGE":
                return ENGLISH
    if preferred is None:
        preferred = _preferred() if environ is None else ()
    found = next((f for name in preferred if (f := _shipped(name)) is not None), None)
    if found is not None:
        return found
    if env.get("LANG"):
        return _first_shipped(env["LANG"]) or ENGLISH
    if environ is None:
        try:
            found = _shipped(locale.getlocale()[0] or "")
        except ValueError:  # an odd locale name the platform cannot parse
            found = None
        if found is not None:
            return found
    return ENGLISH


def install(translations: gettext.NullTranslations, code: str) -> None:
    """Use ``translations`` from now on (``set_language`` uses this; so does the pseudo-language)."""
    global _current, _code
    _current = translations
    _code = code


def set_language(choice: str) -> str:
    """Use the language ``choice`` (a code of LANGUAGES, or SYSTEM); return the code in use.

    A catalogue that is missing or damaged leaves the game in English rather than failing.
    """
    code = system_language() if choice == SYSTEM else (_shipped(choice) or ENGLISH)
    if code == ENGLISH:
        install(gettext.NullTranslations(), ENGLISH)
        return ENGLISH
    try:
        translations = gettext.translation(DOMAIN, locale_folder(), [code])
    except (OSError, ValueError, UnicodeDecodeError):  # missing or damaged .mo: play in English
        install(gettext.NullTranslations(), ENGLISH)
        return ENGLISH
    install(translations, code)
    return code


# Languages whose i has a dotted capital, i -> İ (their dotless ı -> I, as everywhere): Python's
# str.upper knows no language and makes "I" of both.
_DOTTED_I: Final = ("tr", "az")


def capital(text: str) -> str:
    """``text`` with its first letter upper case, for a name that starts a sentence, as the language
    in use writes it: Turkish "istanbul" -> "İstanbul"; Dutch "ijs" -> "IJs" (ij is one letter)."""
    language = _code.split("_")[0]
    if language == "nl" and text[:2] == "ij":
        return "IJ" + text[2:]
    first = text[:1]
    if language in _DOTTED_I and first == "i":
        first = "İ"
    return first.upper() + text[1:]


# The marks a sentence may already end with, Western and full-width (Chinese, Japanese).
SENTENCE_ENDS: Final = (".", "!", "?", "\u2026", "\u3002", "\uff01", "\uff1f")


def full_stop(text: str) -> str:
    """``text`` ending as a sentence does in the player's language: as it is when it ends with
    a mark already, else with the language's full stop (。 in Chinese and Japanese)."""
    if not text or text.endswith(SENTENCE_ENDS):
        return text
    return _("{reason}.").format(reason=text)


def join_list(items: Sequence[str]) -> str:
    """Items of a list in one text, with the language's separator ("7♥, 8♠"; Japanese 、)."""
    # TRANSLATORS: what stands between the items of a list: a comma and a space in English,
    # the enumeration comma 、 in Chinese and Japanese.
    return pgettext("list", ", ").join(items)


def join_sentences(*parts: str) -> str:
    """Sentences (or a preface and its sentence) as one text, empty ones left out: a space
    between them, but none after a full-width mark (。！？：), as Chinese and Japanese write."""
    out = ""
    for part in filter(None, parts):
        if out and unicodedata.east_asian_width(out[-1]) not in ("W", "F"):
            out += " "
        out += part
    return out


# The grammatical cases a translation may ask a name in, by the code it writes after the
# placeholder ("{card:acc}"), each with the word its catalogue contexts carry ("card, accusative").
# The nominative is the name's own context ("card"): ``{card}`` and ``{card:nom}`` are the same.
CASES: Final[dict[str, str]] = {
    "nom": "nominative", "acc": "accusative", "gen": "genitive",
    "dat": "dative", "ins": "instrumental", "loc": "locative",
}
# The contexts whose messages are names a sentence declines: ``packaging/catalogues.py`` adds
# each of their messages once per case to the catalogues ("card, genitive"), to be translated
# only by a language that asks for that case somewhere.
NAME_CONTEXTS: Final = ("card", "foundation", "hint")
# The placeholders that always hold a ``Name``, the only ones a case code may follow; one name
# for one thing: no other placeholder is called so.
NAME_FIELDS: Final = frozenset({
    "card", "target", "wanted", "other", "blocker", "under", "closed", "next", "foundation",
    "first", "second", "target1", "target2",
})


class Name(str):
    """A card or a foundation named in the player's language, in any case a sentence asks for.

    As a string it is the nominative, so ``{card}`` in a message gives "the 7 of hearts"; a
    translation writes ``{card:acc}`` ("siódemkę kier"), ``{card:gen}`` and so on where its
    grammar needs another case (codes in ``CASES``). A case its catalogue leaves empty falls
    back to the nominative: languages without cases translate the nominative only. A name
    built from ``text`` alone (7♥ as the table prints it) is the same in every case.
    """

    _context: str
    _message: str

    def __new__(cls, text: str, context: str = "", message: str = "") -> Self:
        name = super().__new__(cls, text)
        name._context = context
        name._message = message
        return name

    @classmethod
    def of(cls, context: str, message: str) -> Name:
        """The name ``message`` (marked with ``NC_(context, ...)``) in the player's language."""
        return cls(pgettext(context, message), context, message)

    def case(self, code: str) -> str:
        """The name in the case ``code`` ("acc"; "" is the nominative); ValueError for an unknown code."""
        if code not in CASES and code != "":
            raise ValueError(f"unknown case {code!r} for a name (the cases are {', '.join(CASES)})")
        if code in ("", "nom") or not self._context:
            return str.__str__(self)
        context = f"{self._context}, {CASES[code]}"  # the catalogue tool adds these (catalogues.py)
        text = pgettext(context, self._message)
        return str.__str__(self) if text == self._message else text

    def __format__(self, spec: str) -> str:
        return self.case(spec)


# The 52 card names as a player says them, article included where the language has one
# ("the 7 of hearts"): each language names each card whole, so no name is glued from a
# rank word and a suit word. Indexed by the card number (suit * 13 + rank - 1).
# TRANSLATORS: a card named in a sentence, in the nominative (the case of the subject); the
# catalogue holds each name again per case ("card, accusative"...) for the languages that ask.
CARD_NAMES: Final[tuple[str, ...]] = (
    NC_("card", "the Ace of spades"), NC_("card", "the 2 of spades"), NC_("card", "the 3 of spades"),
    NC_("card", "the 4 of spades"), NC_("card", "the 5 of spades"), NC_("card", "the 6 of spades"),
    NC_("card", "the 7 of spades"), NC_("card", "the 8 of spades"), NC_("card", "the 9 of spades"),
    NC_("card", "the 10 of spades"), NC_("card", "the Jack of spades"), NC_("card", "the Queen of spades"),
    NC_("card", "the King of spades"),
    NC_("card", "the Ace of hearts"), NC_("card", "the 2 of hearts"), NC_("card", "the 3 of hearts"),
    NC_("card", "the 4 of hearts"), NC_("card", "the 5 of hearts"), NC_("card", "the 6 of hearts"),
    NC_("card", "the 7 of hearts"), NC_("card", "the 8 of hearts"), NC_("card", "the 9 of hearts"),
    NC_("card", "the 10 of hearts"), NC_("card", "the Jack of hearts"), NC_("card", "the Queen of hearts"),
    NC_("card", "the King of hearts"),
    NC_("card", "the Ace of diamonds"), NC_("card", "the 2 of diamonds"), NC_("card", "the 3 of diamonds"),
    NC_("card", "the 4 of diamonds"), NC_("card", "the 5 of diamonds"), NC_("card", "the 6 of diamonds"),
    NC_("card", "the 7 of diamonds"), NC_("card", "the 8 of diamonds"), NC_("card", "the 9 of diamonds"),
    NC_("card", "the 10 of diamonds"), NC_("card", "the Jack of diamonds"), NC_("card", "the Queen of diamonds"),
    NC_("card", "the King of diamonds"),
    NC_("card", "the Ace of clubs"), NC_("card", "the 2 of clubs"), NC_("card", "the 3 of clubs"),
    NC_("card", "the 4 of clubs"), NC_("card", "the 5 of clubs"), NC_("card", "the 6 of clubs"),
    NC_("card", "the 7 of clubs"), NC_("card", "the 8 of clubs"), NC_("card", "the 9 of clubs"),
    NC_("card", "the 10 of clubs"), NC_("card", "the Jack of clubs"), NC_("card", "the Queen of clubs"),
    NC_("card", "the King of clubs"),
)
# Each suit's foundation, named whole for the same reason.
# TRANSLATORS: a suit's foundation named in a sentence, in the nominative.
FOUNDATION_NAMES: Final[tuple[str, ...]] = (
    NC_("foundation", "the spades foundation"), NC_("foundation", "the hearts foundation"),
    NC_("foundation", "the diamonds foundation"), NC_("foundation", "the clubs foundation"),
)


def card_name(card: Card) -> Name:
    """The card's name in the player's language, article included: "the 7 of hearts"."""
    return Name.of("card", CARD_NAMES[card])


def foundation_name(suit: int) -> Name:
    """A suit's foundation in the player's language: "the hearts foundation"."""
    return Name.of("foundation", FOUNDATION_NAMES[suit])
