"""The player's settings, kept between runs in the data folder.

Read with the same care as a saved game: a damaged file is moved aside and reported, a
single wrong value falls back to its default (the rest is kept), and nothing raises.
Pure: no pygame.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from ..core.rules import VARIANTS, Rules
from ..text.i18n import LANGUAGES, NC_, SYSTEM, _, join_list, pgettext
from .save import SAVE_VERSION, Store, file_fault

SETTINGS_FILE = "settings.json"
SETTINGS_LABEL = "The settings file"  # its name for the player: a key of save.FILE_FAULTS

# Animation speed: the name shown to the player and the factor applied to slide times
# (0 = no animation).
ANIMATION_SPEEDS: dict[str, float] = {"off": 0.0, "fast": 0.55, "normal": 1.0, "slow": 1.7}
ANIMATION_ORDER = ("off", "fast", "normal", "slow")
# Text size: the name shown to the player and the factor every screen's text is drawn at.
TEXT_SIZES: dict[str, float] = {"normal": 1.0, "large": 1.25, "larger": 1.5}
TEXT_SIZE_ORDER = ("normal", "large", "larger")
# How much speech tells (yukon.ui.phrases.Verbosity's values): short for play, full for every detail.
SPEECH_DETAIL_ORDER = ("short", "full")
# The look: the deck, the card back and the table cloth a player can choose (the window's
# modules yukon.ui.deck, card_backs and felts draw them; their keys are kept here, since
# play knows no pygame), and the window's theme.
DECKS = ("classic", "vintage", "simple")
CARD_BACKS = ("blue", "red", "green", "midnight")
FELTS = ("green", "blue", "burgundy", "charcoal")
THEMES = ("light", "dark")
# The values a text setting may take; a setting not named here is checked by its default's
# type (a new boolean field needs nothing more).
CHOICES: dict[str, tuple[str, ...]] = {"variant": tuple(VARIANTS), "animation": tuple(ANIMATION_SPEEDS),
                                       "text_size": TEXT_SIZE_ORDER, "language": (SYSTEM, *LANGUAGES),
                                       "speech_detail": SPEECH_DETAIL_ORDER,
                                       "deck": DECKS, "card_back": CARD_BACKS, "felt": FELTS, "theme": THEMES}
MAX_NAMES = 1000  # a set of names (finished lessons) longer than this is damage
MAX_NAME_LENGTH = 200


# Each setting's name in the message about settings that could not be read, marked for the
# catalogue (a field with no name here is shown by its field name).
SETTING_NAMES: dict[str, str] = {
    "variant": NC_("setting", "variant"),
    "any_card_in_space": NC_("setting", "any card in space"),
    "foundation_return": NC_("setting", "foundation return"),
    "animation": NC_("setting", "animation"),
    "sound": NC_("setting", "sound"),
    "auto_finish": NC_("setting", "auto finish"),
    "winnable_only": NC_("setting", "winnable only"),
    "left_handed": NC_("setting", "left handed"),
    "auto_home_safe": NC_("setting", "auto home safe"),
    "hide_verdicts": NC_("setting", "hide verdicts"),
    "four_colour": NC_("setting", "four colour"),
    "high_contrast": NC_("setting", "high contrast"),
    "text_size": NC_("setting", "text size"),
    "deck": NC_("setting", "deck"),
    "card_back": NC_("setting", "card back"),
    "felt": NC_("setting", "table"),
    "theme": NC_("setting", "theme"),
    "language": NC_("setting", "language"),
    "speech": NC_("setting", "speech"),
    "speech_detail": NC_("setting", "speech detail"),
    "lessons_offered": NC_("setting", "lessons offered"),
    "finished_lessons": NC_("setting", "finished lessons"),
}


@dataclass
class Settings:
    """Everything the player can choose; the defaults are the first-run choices."""

    variant: str = "yukon"
    any_card_in_space: bool = False
    foundation_return: bool = True
    animation: str = "normal"
    sound: bool = True
    auto_finish: bool = False  # the rules say the player sends every card home
    winnable_only: bool = False
    left_handed: bool = False
    auto_home_safe: bool = False  # after each of the player's moves, send safe cards home
    hide_verdicts: bool = False  # the solver keeps winnable / lost to itself (hints still work)
    four_colour: bool = False  # one ink per suit (spades, hearts, diamonds, clubs)
    high_contrast: bool = False  # plain dark table, stronger card edges and outlines
    text_size: str = "normal"  # one of TEXT_SIZE_ORDER
    deck: str = "classic"  # one of DECKS: a pictured deck first, as a new player expects
    card_back: str = "blue"  # one of CARD_BACKS
    felt: str = "green"  # one of FELTS: the table cloth
    theme: str = "light"  # one of THEMES: "dark" darkens the table, the bar and the dialogs
    language: str = SYSTEM  # a code of i18n.LANGUAGES, or SYSTEM to follow the system's locale
    speech: bool = False  # the game speaks (play by ear); --speech or YUKON_SPEECH=1 turn it on at start
    speech_detail: str = "short"  # one of SPEECH_DETAIL_ORDER
    lessons_offered: bool = False  # the first start's pointer to the lessons has been shown
    finished_lessons: set[str] = field(default_factory=set)

    def rules(self) -> Rules:
        """The rules a new game is dealt under."""
        return Rules(self.variant, self.any_card_in_space, self.foundation_return)

    def set_rules(self, rules: Rules) -> None:
        """Take the variant and options from ``rules``."""
        self.variant = rules.variant
        self.any_card_in_space = rules.any_card_in_space
        self.foundation_return = rules.foundation_return

    @property
    def text_factor(self) -> float:
        """The factor text is drawn at (1 for normal)."""
        return TEXT_SIZES.get(self.text_size, 1.0)

    @property
    def animation_factor(self) -> float:
        """The factor for slide and flip times (0 when animation is off)."""
        return ANIMATION_SPEEDS.get(self.animation, 1.0)

    def to_dict(self) -> dict[str, Any]:
        """The JSON-ready record (with the format version)."""
        data: dict[str, Any] = {"version": SAVE_VERSION}
        for f in fields(self):
            value = getattr(self, f.name)
            data[f.name] = sorted(value) if isinstance(value, set) else value
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> tuple[Settings, list[str]]:
        """Settings from a record, and the names of values that were unusable (defaulted)."""
        s = cls()
        bad: list[str] = []
        for f in fields(cls):
            if f.name not in data:
                continue
            value = data[f.name]
            default = getattr(s, f.name)
            if f.name in CHOICES:
                ok = isinstance(value, str) and value in CHOICES[f.name]
            elif isinstance(default, set):
                ok = isinstance(value, list) and len(value) <= MAX_NAMES \
                    and all(isinstance(v, str) and len(v) <= MAX_NAME_LENGTH for v in value)
                if ok:
                    value = set(value)
            else:
                ok = type(value) is type(default)  # bool is not int here: True is not a count
            if ok:
                setattr(s, f.name, value)
            else:
                bad.append(f.name)
        return s, bad


def load_settings(store: Store) -> tuple[Settings, str | None]:
    """The saved settings (defaults on a first run) and a problem to tell the player, if any."""
    found = store.read(SETTINGS_FILE, SETTINGS_LABEL)
    if found.data is None:
        return Settings(), found.problem
    try:
        settings, bad = Settings.from_dict(found.data)
    except Exception as e:  # noqa: BLE001 - settings must never stop the game
        result = store.reject(SETTINGS_FILE, file_fault(SETTINGS_LABEL, "damaged", why=type(e).__name__))
        # TRANSLATORS: {problem} is a sentence such as "The settings file is damaged (KeyError)".
        return Settings(), _("{problem}; the settings are back to their defaults").format(problem=result.problem)
    if bad:
        names = join_list([pgettext("setting", SETTING_NAMES[name]) if name in SETTING_NAMES
                           else name.replace("_", " ") for name in bad])
        # TRANSLATORS: {names} lists the settings' names, separated by commas.
        return settings, _("Some settings could not be read and are back to their defaults: {names}").format(
            names=names)
    return settings, None


def save_settings(store: Store, settings: Settings) -> str | None:
    """Write the settings; a message for the player on the first failure only."""
    return store.write(SETTINGS_FILE, settings.to_dict())
