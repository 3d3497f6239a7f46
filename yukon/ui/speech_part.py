"""Play by ear as a part of the app: what the game says aloud, and the reading keys.

``SpeechPart`` puts into spoken words (``phrases``) what the player must know, through the
one ``Voice`` the builder made: the typed events of every table session (the main table's
and each lesson's): a move and what it turned up, a selection, undo and redo, a refusal and
its reason, a hint, the notices, the win; where the keyboard's cursor stops (``KeyboardPlay``
tells it); each screen and dialog as it opens (``Screen.spoken``) and what its keys are on as
that changes (``Screen.focus_spoken``, looked at once a loop iteration), a lesson's step among
them; and the solver's verdict when it changes. The reading keys (C, O, E, I, M, R) read a
column, the foundations, the whole table, the status, what the card under the cursor can do,
and the last words again. Nothing is scraped from what is drawn.

Card names are spoken in full: where a text was made for the eye (a hint of the solver's,
"7♥ onto 8♠"), ``speakable`` names the cards.
"""

from __future__ import annotations

import re
import weakref
from collections.abc import Callable
from typing import TYPE_CHECKING

from ..play.events import (
    Actor,
    Dealt,
    Event,
    HintShown,
    Moved,
    Notice,
    Redone,
    Refused,
    Said,
    Selected,
    Told,
    Undone,
    Won,
)
from ..play.session import TableSession
from ..solve.solver import Verdict
from ..text.i18n import _, card_name
from . import art
from .commands import Command
from .keyboard import KeyCursor
from .parts import Part
from .phrases import (
    choices_text,
    column_text,
    focus_text,
    foundation_focus_text,
    foundations_text,
    hint_text,
    move_text,
    opening_text,
    pick_up_text,
    put_back_text,
    redo_text,
    status_text,
    table_text,
    undo_text,
    verdict_text,
)
from .screen import Screen
from .voice import Voice

if TYPE_CHECKING:
    from .app import App
    from .table import TableScreen

VerdictSource = Callable[[], str]  # the solver's word on the main table's position: a Verdict's value, "checking" or ""
TOLD_VERDICTS = (Verdict.WINNABLE, Verdict.LOST, Verdict.UNKNOWN)
READING = (Command.READ_COLUMN, Command.READ_FOUNDATIONS, Command.READ_TABLE, Command.READ_STATUS,
           Command.READ_CHOICES, Command.REPEAT_SPEECH)
MARKS = re.compile("[\u2713\u2717] ?")  # the lessons' ticks and crosses


def speakable(text: str) -> str:
    """``text`` made for the eye, fit to be spoken: each card as the table prints it ("7♥", in the
    player's language) named in full ("7 of hearts"), the ticks and crosses left out."""
    labels = art.rank_labels()
    symbols = art.SUIT_SYMBOLS
    names = {labels[rank] + symbols[suit]: str(card_name(suit * 13 + rank)) for suit in range(4) for rank in range(13)}
    if any(s in text for s in symbols):
        pattern = "|".join(re.escape(k) for k in sorted(names, key=len, reverse=True))
        text = re.sub(pattern, lambda m: names[m.group(0)], text)
    return MARKS.sub("", text)


class SpeechPart(Part):
    """Speaks the game through ``voice``; see the module docstring."""

    app: App
    voice: Voice
    cursor: Callable[[], KeyCursor]  # the keyboard's cursor, where the reading keys read
    verdict: VerdictSource | None
    hide_verdicts: Callable[[], bool]
    _heard: weakref.WeakSet[TableSession]
    _held: int | None  # the card picked up last (to say it was put back)
    _screen: Screen | None  # the top screen when last looked at, and what its keys were on
    _focus: str
    _verdict: str  # the verdict last told, for the position on the main table
    _told_game: object  # the main table's game whose opening words were said last (its identity)

    def __init__(self, app: App, voice: Voice, cursor: Callable[[], KeyCursor],
                 verdict: VerdictSource | None = None, hide_verdicts: Callable[[], bool] = lambda: False) -> None:
        self.app = app
        self.voice = voice
        self.cursor = cursor
        self.verdict = verdict
        self.hide_verdicts = hide_verdicts
        self._heard = weakref.WeakSet()
        self._held = None
        self._screen = None
        self._focus = ""
        self._verdict = ""
        self._told_game = None
        self.follow(app.session)

    def follow_verdict(self, verdict: VerdictSource) -> None:
        """Tell the solver's verdict on the main table when it changes (the assist's, once it is there)."""
        self.verdict = verdict

    def follow(self, session: TableSession) -> None:
        """Speak ``session``'s events (the main table's, a lesson's)."""
        if session in self._heard:
            return
        self._heard.add(session)
        ref = weakref.ref(session)

        def heard(event: Event) -> None:
            s = ref()
            if s is not None:
                self.heard(s, event)

        # Before the table's own listener: the win is said before the question the table puts up at once.
        session.listen(heard, front=True)

    def say(self, text: str) -> None:
        """Say ``text`` (made for the ear or the eye) through the voice."""
        self.voice.say(speakable(text))

    def opening(self) -> None:
        """Say the game on the main table: its deal, its rules, the table (at start, before any key)."""
        session = self.app.session
        if self.voice.enabled and self._told_game is not session.game:  # not when a deal at start-up said it
            self._told_game = session.game
            self.say(opening_text(session.position, session.game.seed, self.voice.verbosity))

    # -- the session's events ---------------------------------------------------------------
    def heard(self, session: TableSession, event: Event) -> None:
        """Say what ``event`` at ``session``'s table means to the player."""
        if isinstance(event, Dealt) and session is self.app.session:
            self._verdict = ""  # the new game's verdict is news
            self._told_game = session.game
        if self.voice.enabled:
            self.say(self.event_text(session, event))

    def event_text(self, session: TableSession, event: Event) -> str:
        """The words for ``event`` ("" for none)."""
        from .table.wording import notice_text, refused_text

        pos, detail = session.position, self.voice.verbosity
        if isinstance(event, Moved):
            return move_text(pos, event.undo, detail)
        if isinstance(event, Undone):
            return undo_text(pos, event.undo, detail) if event.undo is not None else ""
        if isinstance(event, Redone):
            return redo_text(pos, event.undo, detail)
        if isinstance(event, Dealt):
            return opening_text(pos, session.game.seed, detail)
        if isinstance(event, Refused):
            return refused_text(event)
        if isinstance(event, Selected):
            held, self._held = self._held, event.card
            if event.card is not None:
                return pick_up_text(pos, event.card, detail)
            return put_back_text(held) if held is not None else ""
        if isinstance(event, HintShown):
            return event.text or hint_text(pos, event.moves, event.index, detail)
        if isinstance(event, Said):
            # a new deal says its number in the opening words
            return "" if event.notice is Notice.NEW_DEAL else notice_text(event)
        if isinstance(event, Told):
            return event.text
        if isinstance(event, Won):
            return _("Demo finished") if event.by is Actor.DEMO else _("You won!")
        return ""  # Restarted and Stuck: a notice and the Stuck question say them

    # -- the keyboard's cursor ----------------------------------------------------------------
    def focus_moved(self, session: TableSession, cursor: KeyCursor) -> None:
        """The cursor stopped somewhere new: say where."""
        if self.voice.enabled:
            self.say(self.focus_words(session, cursor))

    def focus_words(self, session: TableSession, cursor: KeyCursor) -> str:
        """Where ``cursor`` stands on ``session``'s table: a foundation, or a column and its card."""
        pos, detail = session.position, self.voice.verbosity
        if cursor.on_foundations:
            return foundation_focus_text(pos, cursor.foundation, detail)
        return focus_text(pos, cursor.column, cursor.card(pos), detail)

    # -- the reading keys ---------------------------------------------------------------------
    def command(self, table: TableScreen, command: Command) -> bool:
        """The reading keys, while speech is on."""
        if command not in READING or not self.voice.enabled:
            return False
        self.say(self.reading(table, command))
        return True

    def reading(self, table: TableScreen, command: Command) -> str:
        """What a reading key reads on ``table`` (REPEAT_SPEECH says the last words itself)."""
        session = table.session
        pos, detail = session.position, self.voice.verbosity
        cursor = self.cursor()
        if command is Command.REPEAT_SPEECH:
            self.voice.repeat()
            return ""
        if command is Command.READ_FOUNDATIONS or (command is Command.READ_COLUMN and cursor.on_foundations):
            return foundations_text(pos, detail)
        if command is Command.READ_COLUMN:
            return column_text(pos, cursor.column, detail)
        if command is Command.READ_TABLE:
            return table_text(pos, detail)
        if command is Command.READ_STATUS:
            if session.guide is not None:  # a lesson keeps no time: its step is its status
                return table.focus_spoken()
            return status_text(len(session.game.history), session.elapsed(), pos.home_count(),
                               self._told_verdict(), detail)
        card = session.selection if session.selection is not None else cursor.card(pos)
        if card is None:
            return self.focus_words(session, cursor)
        return choices_text(pos, card, detail)

    def _told_verdict(self) -> Verdict | None:
        """The solver's verdict to tell in the status (None while it is hidden or unknown yet)."""
        if self.verdict is None or self.hide_verdicts():
            return None
        word = self.verdict()
        return next((v for v in TOLD_VERDICTS if v == word), None)

    # -- screens ----------------------------------------------------------------------------
    def screen_opened(self, screen: Screen) -> None:
        """A screen or dialog opened: say it, with its choices (a lesson's table: its lesson)."""
        from .table import TableScreen

        if isinstance(screen, TableScreen):
            self.follow(screen.session)
        self._screen, self._focus = screen, screen.focus_spoken()
        if self.voice.enabled:
            self.say(screen.spoken())

    def tick(self) -> float | None:
        """Once a loop iteration, before the input: say what changed under a screen's keys and a new
        verdict (after what the last input said), then let the next input's words cut in."""
        if self.voice.enabled:
            top = self.app.top
            focus = top.focus_spoken()
            if top is not self._screen:  # back to a screen beneath: it was said when it opened
                self._screen, self._focus = top, focus
            elif focus != self._focus:
                self._focus = focus
                self.say(focus)
            self._tell_verdict()
        self.voice.new_turn()
        return None

    def _tell_verdict(self) -> None:
        verdict = self._told_verdict()
        word = verdict.value if verdict is not None else ""
        if word and word != self._verdict and self.app.top is self.app.table:
            self.say(verdict_text(verdict) if verdict is not None else "")
        if word:
            self._verdict = word

    def quitting(self) -> None:
        """Let the speaker go."""
        self.voice.close()

