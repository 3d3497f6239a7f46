"""The message box: the session's message in words, placed where it hides no card the player looks for.

A message asks nothing (a hint, a refusal, "no legal move is left"): it stays a few seconds on
the session's clock and fades out by itself in its last ``FADE`` seconds, in ``FADE_STEPS``
steps (each a timed redraw of the box alone, so an idle table still sleeps between them).
"""

from __future__ import annotations

import pygame

from ...play.events import Tone
from ...play.session import Message
from .. import art, theme
from ..layout import TableLayout, sized, text_scale
from ..widgets import TEXT, wrap
from .style import ERROR_BG
from .view import TableView
from .wording import spoken_text

Placed = tuple[pygame.Rect, int, list[str]]  # the box, its text size, its lines
FADE = 0.6  # seconds a message takes to fade out, at the end of its time
FADE_STEPS = 4
BACKGROUND = {Tone.ERROR: ERROR_BG, Tone.HINT: (16, 60, 96), Tone.LESSON: (110, 60, 10)}  # (INFO: the theme's)


def background(tone: Tone) -> tuple[int, int, int]:
    """A message box's colour: its tone's, a plain note in the theme's dialog colour."""
    return BACKGROUND.get(tone) or theme.palette().dialog


class MessageBox:
    """Words, places and draws the session's message."""

    table: TableView
    rect: pygame.Rect | None  # where the box was last drawn (a little larger), for redraws
    _fit: tuple[str, TableLayout, Placed | None] | None
    _words: tuple[Message, str] | None  # the message last put into words, and its words
    drawn_step: int  # the fade step the box was last drawn at

    def __init__(self, table: TableView) -> None:
        self.table = table
        self.rect = None
        self._fit = None
        self._words = None
        self.drawn_step = 0

    def fade_step(self) -> int:
        """How far the message on show has faded: 0 (not yet) to FADE_STEPS (almost gone)."""
        session = self.table.session
        m = session.message
        if m is None:
            return 0
        left = m.until - session.now()
        if left >= FADE:
            return 0
        return min(FADE_STEPS, max(1, FADE_STEPS - int(left / FADE * FADE_STEPS)))

    def next_fade_in(self) -> float | None:
        """Seconds until the message's next fade step, or None (no message)."""
        session = self.table.session
        m = session.message
        if m is None:
            return None
        left = m.until - session.now()
        for k in range(FADE_STEPS):
            boundary = FADE * (FADE_STEPS - k) / FADE_STEPS  # the step k+1 starts with this much left
            if left > boundary:
                return left - boundary
        return max(0.0, left)

    def pin(self) -> None:
        """Put the message just said into words now, while the position it speaks of is on the table
        (a hint names the cards where they lie)."""
        m = self.table.session.message
        if m is not None:
            self._words = (m, spoken_text(m.spoken, self.table.session.position))

    def text(self, m: Message) -> str:
        """The words of message ``m`` (as they were pinned, or now)."""
        if self._words is None or self._words[0] is not m:
            self._words = (m, spoken_text(m.spoken, self.table.session.position))
        return self._words[1]

    def box(self) -> Placed | None:
        """Where the message goes, its text size and its lines; None when there is none.

        It goes low on the table where no card lies (wrapped narrower if that finds a clear
        spot), else over the status area, so it never hides a card the player is looking for;
        only when neither has room does it sit over the columns' ends.
        """
        m = self.table.session.message
        lay = self.table.layout
        if m is None or lay is None:
            return None
        text = self.text(m)
        # placed once per text and layout (any move or resize makes a new layout object)
        if self._fit is None or self._fit[0] != text or self._fit[1] is not lay:
            self._fit = (text, lay, place_message(text, lay, self.table.app.prefs.text_factor))
        placed = self._fit[2]
        return None if placed is None else (placed[0].copy(), placed[1], placed[2])

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the message, if one is on show and its time is not up."""
        self.rect = None
        m = self.table.session.live_message()
        if m is None:
            return
        placed = self.box()
        assert placed is not None
        box, size, lines = placed
        self.rect = box.inflate(2, 2)
        self.drawn_step = step = self.fade_step()
        target, at = surface, box
        if step:  # fading: drawn apart, then laid over the table at the step's opacity
            target = pygame.Surface(box.size, pygame.SRCALPHA)
            at = pygame.Rect(0, 0, box.w, box.h)
        imgs = [art.text(t, size, TEXT, True) for t in lines]
        pygame.draw.rect(target, background(m.tone), at, border_radius=size // 2)
        pygame.draw.rect(target, (230, 230, 220), at, width=1, border_radius=size // 2)
        y = at.y + (at.h - sum(i.get_height() for i in imgs)) // 2
        for img in imgs:
            target.blit(img, img.get_rect(midtop=(at.centerx, y)))
            y += img.get_height()
        if step:
            target.set_alpha(round(255 * (1 - step / (FADE_STEPS + 1))))
            surface.blit(target, box)


def place_message(text: str, lay: TableLayout, factor: float = 1.0) -> Placed | None:
    """Low on the table clear of the columns, else over the status area (a strip's, with the
    headings under it), else the first try (text at ``factor`` times its size)."""
    top = sized(max(13, min(round(24 * text_scale(lay.width, lay.height)), round(lay.cw * 0.16))), factor)
    first: Placed | None = None
    for wrap_w in (lay.view.w - 60, 5 * lay.cw, 4 * lay.cw, 3 * lay.cw, 2 * lay.cw):
        lines = wrap(text, top, max(wrap_w, 100), True)  # measured bold, as drawn
        f = art.font(top, True)
        box = pygame.Rect(0, 0, max(f.size(t)[0] for t in lines) + 2 * top,
                          len(lines) * f.get_height() + top)
        box.midbottom = (lay.view.centerx, lay.view.bottom - max(8, lay.margin))
        clear = place_clear_of_columns(box, lay)
        if first is None:
            first = (box, top, lines)
        if clear and box.y >= lay.cols_y:
            return box, top, lines
    r = lay.status_rect
    if lay.side:  # the slim strip over the columns: the box may cover their headings too, not their cards
        r = pygame.Rect(r.x, r.y, r.w, max(r.h, lay.cols_y - 2 - r.y))
    pad = 6
    for size in range(top, 10, -1):
        lines = wrap(text, size, r.w - 2 * pad, True)
        f = art.font(size, True)
        if (max(f.size(t)[0] for t in lines) <= r.w - 2 * pad
                and len(lines) * f.get_height() + 2 * pad <= r.h):
            return pygame.Rect(r.x, r.y, r.w, len(lines) * f.get_height() + 2 * pad), size, lines
    return first


def place_clear_of_columns(box: pygame.Rect, lay: TableLayout) -> bool:
    """Slide a message box sideways (nearest the middle) so it covers no column's cards, when there
    is room; True when it covers none.

    A long column reaches the bottom of the table; a message over its end card would hide the
    very card a player is looking for.
    """
    cols = [pygame.Rect(lay.col_x[i], lay.cols_y, lay.cw, lay.card_rect(c[-1]).bottom - lay.cols_y)
            for i, c in enumerate(lay.column_cards) if c and c[-1] in lay.card_xy]
    if box.collidelist(cols) < 0:
        return True
    left, right = lay.view.x + 4, lay.view.right - 4 - box.w
    if right < left:
        return False
    centre = box.x
    step = max(4, lay.gap // 2)
    best: int | None = None
    for x in range(left, right + 1, step):
        if box.move(x - box.x, 0).collidelist(cols) < 0 and (best is None or abs(x - centre) < abs(best - centre)):
            best = x
    if best is not None:
        box.x = best
    return best is not None
