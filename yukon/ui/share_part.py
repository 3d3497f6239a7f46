"""Share codes as a part of the app: Ctrl+C copies the deal's code, Ctrl+V plays a code.

Copy puts the code of the deal on the table on the clipboard; once the game is over (won, or
with no useful move left) the code carries its moves too, so that a friend can watch it.
Paste reads the clipboard: a share code is played under its own rules (over a game under way
the player is asked first, as for a deal number), a code with moves can be watched; anything
else gets a one-line reason and changes nothing. The Deal # box takes a code as well
(``ChooseDeal.play_code``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..play.events import Tone
from ..play.share_code import ShareCode, ShareCodeError, decode, encode
from ..text.i18n import _
from .clipboard import copy_text, paste_text
from .code_words import fault_line
from .commands import Command
from .parts import Part

if TYPE_CHECKING:
    from .app import App
    from .table import TableScreen

CODE_MESSAGE_TIME = 6.0  # seconds a copied code stays on show (long enough to read it out)


class ShareCodes(Part):
    """Ctrl+C and Ctrl+V at the table; ``play`` hands a good code to whoever deals it."""

    app: App
    play: Callable[[ShareCode], None]

    def __init__(self, app: App, play: Callable[[ShareCode], None]) -> None:
        self.app = app
        self.play = play

    def command(self, table: TableScreen, command: Command) -> bool:
        """Ctrl+C copies, Ctrl+V pastes (at the main table only: a lesson has no deal number)."""
        if command is Command.COPY_CODE:
            self.copy(table)
            return True
        if command is Command.PASTE_CODE:
            self.paste(table)
            return True
        return False

    def code(self, table: TableScreen) -> str | None:
        """The share code of ``table``'s deal (with its moves once the game is over), or None (no deal number)."""
        session = table.session
        game = session.game
        if game.seed is None or not session.deals:
            return None
        over = session.ended is not None and bool(game.history)
        return encode(game.rules, game.seed, game.moves_made if over else None)

    def copy(self, table: TableScreen) -> None:
        """Put the code on the clipboard and say so (or say why not)."""
        session = table.session
        text = self.code(table)
        if text is None:
            session.tell(_("This position has no deal number, so it has no share code."), Tone.ERROR)
        elif not copy_text(text):
            # TRANSLATORS: {code} is a share code such as YK1-4DEP-YD2M-WHW.
            session.tell(_("The clipboard cannot be used here; the share code is {code}.").format(code=text),
                         Tone.ERROR, CODE_MESSAGE_TIME)
        elif session.ended is not None and session.game.history:
            session.tell(_("The share code of this game, with its moves, is on the clipboard."), Tone.INFO,
                         CODE_MESSAGE_TIME)
        else:
            # TRANSLATORS: {code} is a share code such as YK1-4DEP-YD2M-WHW.
            session.tell(_("Share code {code} is on the clipboard.").format(code=text), Tone.INFO, CODE_MESSAGE_TIME)

    def paste(self, table: TableScreen) -> None:
        """Play the code on the clipboard, or say in one line why it is none (nothing changes)."""
        session = table.session
        text = paste_text()
        if text is None:
            session.tell(_("The clipboard holds no text to read a share code from."), Tone.ERROR)
            return
        try:
            code = decode(text)
        except ShareCodeError as e:
            session.tell(fault_line(e.fault), Tone.ERROR)
            return
        self.play(code)
