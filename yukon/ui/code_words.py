"""The window's words for a text that is not a share code: one line for each ``CodeFault``."""

from __future__ import annotations

from ..play.share_code import CodeFault
from ..text.i18n import N_, _

# English, marked; translated where shown (``fault_line``).
FAULT_LINES: dict[CodeFault, str] = {
    CodeFault.EMPTY: N_("Paste or type a share code first."),
    CodeFault.WRONG_PREFIX: N_("That is not a share code: a share code begins with YK1-."),
    CodeFault.NEWER_VERSION: N_("That share code comes from a newer version of the game; update it to play."),
    CodeFault.BAD_CHARACTER: N_("That share code has a character no share code uses."),
    CodeFault.DAMAGED: N_("That share code is damaged: a character is wrong, missing or extra."),
    CodeFault.UNKNOWN_RULES: N_("That share code names a game this version does not have."),
    CodeFault.ILLEGAL_MOVES: N_("The moves in that share code cannot be played in its deal."),
}


def fault_line(fault: CodeFault) -> str:
    """Why a text is not a share code, in the player's language."""
    return _(FAULT_LINES[fault])
