"""The pygame-ce window: table, rules screen, dialogs; see app.py for the loop and seams.

Only this package imports pygame. Every change to the cards goes through
``yukon.state.Game`` (play, undo, redo, restart); the window never edits piles.
"""

import os as _os

_os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
