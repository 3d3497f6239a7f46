"""The table's colours and timings, shared by its sections."""

from __future__ import annotations

from .. import art

SELECT = (255, 214, 70)
TARGET = (90, 230, 140)
HINT = (80, 200, 255)
ALERT = (255, 150, 128)  # status text that brings bad news ("cannot be won")
LESSON = (255, 150, 60)
MOVED = (255, 240, 160)  # the glow round the cards that moved last
HOVER = (236, 244, 255)  # the thin outline round the tail under the pointer
HC_TABLE = (8, 8, 10)  # the high-contrast table: plain, near black
ERROR_BG = (120, 24, 24)
DRAG_THRESHOLD = 5
DOUBLE_CLICK = 0.45
LONG_PRESS = 0.5  # seconds a finger stays on a card before it shows what the card can do
MESSAGE_TIME = 3.0
MORE = 1000  # the toolbar's menu button, as a button index
HOME_PACE = 0.6  # cards sent home one after another slide this much faster than a move by hand
SYMBOL = art.SUIT_SYMBOLS
