"""The game's voice: the one speaker of the program, on or off, short or full, and the last words said.

The builder makes one ``Voice`` and hands it to the parts that speak (``speech_part``,
the settings). The speaker itself (``speech_output.find_speaker``) is made on the first
sentence said while speech is on, so a player who never turns speech on starts no speech
program; it is made again when the language changes (speech-dispatcher is told the
language when it starts).

Newest interrupting: speech is said in turns. ``new_turn`` (once a loop iteration, before
the input is handled) makes the next sentence cut off whatever is still being spoken; the
sentences said after it in the same turn follow it in order. ``repeat`` says the last
turn's sentences again. No pygame here.
"""

from __future__ import annotations

import importlib
import shutil
import sys
from collections.abc import Callable

from ..text import i18n
from ..text.i18n import _
from .phrases import Verbosity
from .speech_output import SilentSpeaker, Speaker, ThreadedSpeaker, candidates, find_speaker, no_speech_reason

MakeSpeaker = Callable[[str], Speaker]  # a speaker for a language code (find_speaker; tests pass a recorder)
Probe = Callable[[str], bool]  # does this machine look as if it had a speech output, for a language?


def outputs_present(language: str) -> bool:
    """Does any speech output look present (a library that imports, a program on the PATH)? Starts nothing."""
    return bool(candidates(language, sys.platform, shutil.which, importlib.import_module))


class Voice:
    """Says the game's sentences through one speaker while speech is on; see the module docstring."""

    enabled: bool
    verbosity: Verbosity
    last: list[str]  # the sentences of the last turn that said anything
    _make: MakeSpeaker
    _probe: Probe
    _speaker: Speaker | None
    _language: str  # the language ``_speaker`` speaks
    _fresh: bool  # the next sentence starts a turn: it interrupts
    _turn: list[str]

    def __init__(self, make: MakeSpeaker = find_speaker, enabled: bool = False,
                 verbosity: Verbosity = Verbosity.SHORT, probe: Probe = outputs_present) -> None:
        self._make = make
        self._probe = probe
        self.enabled = enabled
        self.verbosity = verbosity
        self.last = []
        self._speaker = None
        self._language = ""
        self._fresh = True
        self._turn = []

    def set_enabled(self, enabled: bool) -> None:
        """Speech on or off (the setting); off falls silent at once."""
        if self.enabled and not enabled and self._speaker is not None:
            self._speaker.stop()
        self.enabled = enabled

    def set_verbosity(self, verbosity: Verbosity) -> None:
        """Short or full sentences (the setting)."""
        self.verbosity = verbosity

    @property
    def full(self) -> bool:
        """Are sentences told in full?"""
        return self.verbosity is Verbosity.FULL

    def speaker(self) -> Speaker:
        """The speaker, made now if need be (again after a change of language)."""
        code = i18n.language()
        if self._speaker is None or code != self._language:
            self.close()
            self._speaker = self._make(code)
            self._language = code
        return self._speaker

    def new_turn(self) -> None:
        """The next sentence cuts off what is still being said (a key was pressed, time moved on)."""
        self._fresh = True

    def say(self, text: str) -> None:
        """Say ``text`` (in the player's language already) when speech is on; never blocks."""
        if not self.enabled or not text.strip():
            return
        speaker = self.speaker()
        speaker.say(text, interrupt=self._fresh)
        if self._fresh:
            self._turn = []
            self.last = self._turn
        self._fresh = False
        self._turn.append(text)

    def repeat(self) -> None:
        """Say the last turn's sentences again (as a turn of their own)."""
        again = list(self.last)
        self._fresh = True
        for text in again:
            self.say(text)

    def missing(self) -> str | None:
        """Why no speech is heard, in the player's language, for Settings; None when an output is there.

        While speech is off nothing is started: the machine is only looked at (libraries, programs).
        """
        made = self._speaker is not None and self._language == i18n.language()
        if not made and not self.enabled:
            return None if self._probe(i18n.language()) else _(no_speech_reason(sys.platform))
        speaker = self.speaker()
        if speaker.available:
            return None
        reason = speaker.reason if isinstance(speaker, (SilentSpeaker, ThreadedSpeaker)) else ""
        return _(reason or no_speech_reason(sys.platform))

    def close(self) -> None:
        """Let the speaker go (the game ends, or another language needs another one)."""
        speaker, self._speaker = self._speaker, None
        if isinstance(speaker, ThreadedSpeaker):
            speaker.close(timeout=1.0)
        elif speaker is not None:
            speaker.stop()
