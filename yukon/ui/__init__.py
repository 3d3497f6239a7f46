"""The pygame-ce window: table, rules screen, dialogs; see app.py for the seams, loop.py for the loop.

Only this package imports pygame. Every change to the cards goes through the table's
``yukon.play.session.TableSession`` (move, undo, redo, restart, deal); the window never edits piles.
"""

import os as _os
import sys as _sys

_os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# SDL would otherwise probe OpenGL at window creation and, finding only a software GL
# (Mesa llvmpipe), push every frame through it: measured here, a 1x1 display update cost
# 20 ms of CPU that way against 0.03 ms through plain X shared memory, and the probe
# slowed start-up. The table draws in software anyway.
if _sys.platform.startswith("linux"):
    _os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")

# The window's X11 class and Wayland app id: the desktop entry (packaging/linux/<APP_ID>.desktop,
# StartupWMClass) is matched by it (the AppStream id too), so docks show the game's own icon and name.
APP_ID = "io.github.yukon_solitaire.YukonSolitaire"
_os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", APP_ID)
_os.environ.setdefault("SDL_VIDEO_WAYLAND_WMCLASS", APP_ID)
_os.environ.setdefault("SDL_APP_NAME", "Yukon Solitaire")
