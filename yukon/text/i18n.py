"""The player's language: message catalogues through the standard library's ``gettext``.

Every sentence a player reads is written in English in the code and goes through one of
the functions here at the moment it is shown, so a change of language applies at once:

- ``_("Deal {number}").format(number=n)``: a whole sentence, placeholders named;
- ``ngettext("{n} card", "{n} cards", n).format(n=n)``: real plural forms;
- ``pgettext("button", "New")``: the same English word in two roles;
- ``N_("...")`` / ``NC_("context", "...")``: mark a constant for extraction; translate it
  with ``_()`` / ``pgettext()`` where it is shown, never at import time.

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
from collections.abc import Callable, Mapping, Sequence
from typing import Final

from ..core.cards import Card
from ..core.resources import asset_path

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
    "pt_BR": "Português (Brasil)",
    "pl": "Polski",
    "ru": "Русский",
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


def capital(text: str) -> str:
    """``text`` with its first letter upper case, for a name that starts a sentence."""
    return text[:1].upper() + text[1:]


# The 52 card names as a player says them, article included where the language has one
# ("the 7 of hearts"): each language names each card whole, so no name is glued from a
# rank word and a suit word. Indexed by the card number (suit * 13 + rank - 1).
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
FOUNDATION_NAMES: Final[tuple[str, ...]] = (
    NC_("foundation", "the spades foundation"), NC_("foundation", "the hearts foundation"),
    NC_("foundation", "the diamonds foundation"), NC_("foundation", "the clubs foundation"),
)


def card_name(card: Card) -> str:
    """The card's name in the player's language, article included: "the 7 of hearts"."""
    return pgettext("card", CARD_NAMES[card])


def foundation_name(suit: int) -> str:
    """A suit's foundation in the player's language: "the hearts foundation"."""
    return pgettext("foundation", FOUNDATION_NAMES[suit])

