"""The system clipboard, through pygame-ce's clipboard (``pygame.scrap``, on SDL's clipboard text).

Both functions fail quietly (a machine or display with no clipboard): ``copy_text`` says whether
the text got there, ``paste_text`` gives None when there is no text to be had.
"""

from __future__ import annotations

import pygame


def copy_text(text: str) -> bool:
    """Put ``text`` on the clipboard; False when there is no clipboard to put it on."""
    try:
        pygame.scrap.put_text(text)
        return bool(pygame.scrap.has_text()) and pygame.scrap.get_text() == text
    except (pygame.error, AttributeError, NotImplementedError, RuntimeError):
        return False


def paste_text() -> str | None:
    """The text on the clipboard, or None (none, or no clipboard)."""
    try:
        if not pygame.scrap.has_text():
            return None
        text = pygame.scrap.get_text()
    except (pygame.error, AttributeError, NotImplementedError, RuntimeError):
        return None
    return text or None
