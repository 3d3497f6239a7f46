"""The settings as a part of the app: the Settings button and S, and the app following the settings.

``SettingsPart`` opens the settings sheet (``settings_screen``) and makes the app follow what
the player chose: the language (at once), the rules new deals follow, the table's own settings
(slides, left-handed, safe cards home, the look), sound on or off, and speech (on or off, short
or full; ``--speech`` or ``YUKON_SPEECH=1`` turn it on before the first screen, and it stays on). The settings are kept in
the records (``yukon.play.records.Records``), which write them at once.
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING

from ..play.records import Records
from ..play.settings import Settings
from ..text import i18n
from . import theme
from .commands import Command
from .parts import Part, TablePrefs
from .phrases import Verbosity
from .settings_screen import SettingsScreen
from .sheet import SheetScreen
from .sound import SoundBoard
from .voice import Voice
from .widgets import ButtonSpec

if TYPE_CHECKING:
    from .app import App
    from .table import TableScreen

# Settings that only mean something once the solver drives them (shown only with the solver).
SOLVER_SETTINGS = frozenset({"auto_finish", "winnable_only", "hide_verdicts"})


class SettingsPart(Part):
    """The Settings sheet, and the app following the settings."""

    app: App
    records: Records
    sound: SoundBoard
    voice: Voice
    solver_settings: bool  # the sheet shows the solver's rows (the solver is there)
    language_given: str | None  # --language: in use for this run until the player chooses another
    language: str  # the setting's language last put in use (i18n.SYSTEM or a code)

    def __init__(self, app: App, records: Records, sound: SoundBoard, solver_settings: bool = False,
                 language: str | None = None, voice: Voice | None = None, speech: bool = False) -> None:
        self.app = app
        self.records = records
        self.sound = sound
        self.voice = voice if voice is not None else Voice()
        if speech and not records.settings.speech:  # --speech or YUKON_SPEECH=1: on now, and kept on
            turned_on = copy.deepcopy(records.settings)
            turned_on.speech = True
            records.change_settings(turned_on)
        self.solver_settings = solver_settings
        self.language_given = language
        self.language = ""
        self.apply(records.settings, first=True)

    def buttons(self) -> list[ButtonSpec]:
        """The Settings button."""
        return [ButtonSpec(Command.SETTINGS)]

    def command(self, table: TableScreen, command: Command) -> bool:
        """S (and the button) opens the settings."""
        if command is Command.SETTINGS:
            self.show()
            return True
        return False

    def show(self) -> None:
        """The settings sheet. Its rules are the ones the app deals under: the game on the table's
        (also when the command line chose it), or those the player chose for the next deal."""
        under_way = self.records.under_way(self.app.session.game)
        hidden = frozenset() if self.solver_settings else SOLVER_SETTINGS
        shown = copy.deepcopy(self.records.settings)
        shown.set_rules(self.app.rules)
        self.app.push(SheetScreen(self.app, SettingsScreen(shown, under_way, self._done, hidden, self.use_language,
                                                           self.voice.missing(), self.show_look)))

    def _done(self, settings: Settings, new_deal: bool) -> None:
        self.records.change_settings(settings)
        self.apply(settings)
        table = self.app.table
        if new_deal and table is not None:
            table.new_deal(ask=False)
        self.records.tell()

    def apply(self, settings: Settings, first: bool = False) -> None:
        """Make the app follow the settings (language, rules for new deals, animation, sound, layout)."""
        if first:
            self.language = settings.language
            before = i18n.language()
            if self.language_given is None:
                i18n.set_language(settings.language)
            if i18n.language() != before:  # the table was laid out in the system's language
                self.app.language_changed()
        else:
            self.use_language(settings.language)
        self.app.set_rules(settings.rules())
        self.show_look(settings)
        self.sound.set_enabled(settings.sound)
        self.voice.set_verbosity(Verbosity(settings.speech_detail))
        self.voice.set_enabled(settings.speech)

    def show_look(self, settings: Settings) -> None:
        """The table follows ``settings``' own choices (slides, layout, the deck, back, cloth and theme)
        at once: on Done, and while the Settings sheet is open, on each change of how it looks."""
        theme.use(settings.theme)
        self.app.apply_prefs(TablePrefs(settings.animation_factor, settings.left_handed, settings.auto_home_safe,
                                        settings.four_colour, settings.high_contrast, settings.text_factor,
                                        settings.deck, settings.card_back, settings.felt, settings.theme))

    def use_language(self, choice: str) -> None:
        """Put the language ``choice`` (i18n.SYSTEM or a code) in use at once, when it is another
        than the one in use: every screen in the app's stack, Settings among them, is laid out anew."""
        if choice == self.language:
            return
        self.language = choice
        self.language_given = None  # the player chose: the command line's language gives way
        i18n.set_language(choice)
        self.app.language_changed()
