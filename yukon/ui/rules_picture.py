"""The group-move picture for the Rules screen, drawn from the prepared position in help_text.

Two small scenes side by side, "Before" and "After": the two columns of the example, the
picked card and its unordered tail outlined, and an arrow between the scenes. Drawn with
the table's own card art, at whatever size the given rectangle allows.
"""

from __future__ import annotations

import pygame

from .. import help_text
from ..notation import parse_move, parse_position
from ..state import Position
from . import art

GOLD = (255, 206, 64)
TEXT = (240, 244, 236)
TEXT_DIM = (190, 200, 190)


def picture_positions() -> tuple[Position, Position, int]:
    """The example before and after its move, and the picked card."""
    before = parse_position(help_text.GROUP_MOVE_POSITION)
    move = parse_move(help_text.GROUP_MOVE)
    after = before.copy()
    after.play(move)
    return before, after, move.card


def picture_height(width: int) -> int:
    """The height the picture wants for a given width (cards sized from the width)."""
    cw = _card_width(width)
    return int(cw * 1.4 + cw * 0.32 * 4) + _label_size(cw) * 2 + 16


def _card_width(width: int) -> int:
    # two scenes of two columns, an arrow between them: about 6.2 card widths across
    return max(28, min(90, int(width / 6.6)))


def _label_size(cw: int) -> int:
    return max(12, min(20, cw // 4))


def draw_group_move(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """Draw the before/after picture of the group move into ``rect``."""
    before, after, picked = picture_positions()
    cw = _card_width(rect.w)
    ch = round(cw * 1.4)
    step_up = max(14, round(cw * 0.32))  # overlap of face-up cards: enough to read the corner
    step_down = max(6, round(cw * 0.12))
    cards = art.CardArt(cw, ch)
    gap = max(6, cw // 6)
    scene_w = 2 * cw + gap
    arrow_w = max(cw, rect.w - 2 * scene_w - 2 * gap)
    arrow_w = min(arrow_w, cw * 2)
    total = 2 * scene_w + arrow_w + 2 * gap
    x0 = rect.x + max(0, (rect.w - total) // 2)
    label = _label_size(cw)
    top = rect.y + label + 8
    for k, (pos, title) in enumerate(((before, "Before"), (after, "After"))):
        sx = x0 + k * (scene_w + arrow_w + 2 * gap)
        img = art.text(title, label, GOLD, True)
        surface.blit(img, (sx, rect.y))
        for j, column in enumerate(help_text.GROUP_MOVE_COLUMNS):
            cx = sx + j * (cw + gap)
            col = pos.columns[column]
            down = pos.down[column]
            head = art.text(f"column {column + 1}", max(10, label - 4), TEXT_DIM)
            y = top
            if not col:
                surface.blit(cards.slot("K"), (cx, y))
            tail_top = None
            for i, card in enumerate(col):
                surface.blit(cards.image(card, i >= down), (cx, y))
                if card == picked:
                    tail_top = y
                if i < len(col) - 1:
                    y += step_down if i < down else step_up
            if tail_top is not None:
                box = pygame.Rect(cx - 3, tail_top - 3, cw + 6, y + ch - tail_top + 6)
                pygame.draw.rect(surface, GOLD, box, width=3, border_radius=cards.radius + 2)
            surface.blit(head, (cx + (cw - head.get_width()) // 2, top + ch + step_up * 4 + 2))
    # the arrow between the scenes
    ax = x0 + scene_w + gap
    ay = top + ch // 2
    end = ax + arrow_w
    pygame.draw.line(surface, GOLD, (ax + 4, ay), (end - 8, ay), max(3, cw // 14))
    head = max(8, cw // 6)
    pygame.draw.polygon(surface, GOLD, [(end, ay), (end - head - 4, ay - head), (end - head - 4, ay + head)])
