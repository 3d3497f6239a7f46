"""The group-move picture for the Rules screen, drawn from the prepared position in help_text.

Two small scenes side by side, "Before" and "After": the two columns of the example, the
picked card and its unordered tail outlined, an arrow between the scenes and the caption
below. Drawn with the table's own card art, at whatever size the given width allows, in
the player's palette (four colours, high contrast) and text size (``TablePrefs``).
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ..core.notation import parse_move, parse_position
from ..core.state import Position
from ..play import help_text
from ..play.help_text import column_label
from ..text.i18n import pgettext
from . import art
from .layout import sized
from .parts import TablePrefs
from .widgets import wrap

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


@dataclass(slots=True)
class _Geometry:
    cw: int
    ch: int
    step_up: int
    step_down: int
    gap: int
    label: int
    top: int  # y of the cards below the titles, from the picture's top
    cards_bottom: int  # y below the tallest column
    caption: list[str]
    caption_size: int
    height: int


def _geometry(width: int, factor: float = 1.0) -> _Geometry:
    # two scenes of two columns and an arrow between them: about 6.6 card widths across
    cw = max(28, min(90, int((width - 8) / 6.6)))  # 4 px each side for the tail's outline
    ch = round(cw * 1.4)
    step_up = max(14, round(cw * 0.32))  # enough of each card to read its corner
    step_down = max(6, round(cw * 0.12))
    label = sized(max(12, min(20, cw // 4)), factor)
    top = label + 8
    before, after, _unused = picture_positions()
    bottom = 0
    for pos in (before, after):
        for column in help_text.GROUP_MOVE_COLUMNS:
            n = len(pos.columns[column])
            d = min(pos.down[column], n)
            bottom = max(bottom, top + d * step_down + max(0, n - d - 1) * step_up + ch)
    caption_size = max(12, label - 2)
    caption = wrap(help_text.group_move_caption(), caption_size, max(width - 8, 80))
    line = art.font(caption_size).get_linesize()
    head = art.font(max(10, label - 4)).get_linesize()
    height = bottom + 4 + head + 8 + len(caption) * line + 4
    return _Geometry(cw, ch, step_up, step_down, max(6, cw // 6), label, top, bottom, caption, caption_size, height)


def picture_height(width: int, factor: float = 1.0) -> int:
    """The height the picture wants for a given width (cards sized from the width) and text size factor."""
    return _geometry(width, factor).height


def draw_group_move(surface: pygame.Surface, rect: pygame.Rect, prefs: TablePrefs | None = None) -> None:
    """Draw the before/after picture of the group move, with its caption, into ``rect``."""
    prefs = prefs or TablePrefs()
    before, after, picked = picture_positions()
    g = _geometry(rect.w, prefs.text_factor)
    cw, ch = g.cw, g.ch
    cards = art.card_art(cw, ch, prefs.four_colour, prefs.high_contrast)
    scene_w = 2 * cw + g.gap
    arrow_w = min(max(cw, rect.w - 8 - 2 * scene_w - 2 * g.gap), cw * 2)
    total = 2 * scene_w + arrow_w + 2 * g.gap
    x0 = rect.x + 4 + max(0, (rect.w - 8 - total) // 2)
    top = rect.y + g.top
    head_size = max(10, g.label - 4)
    scenes = ((before, pgettext("picture", "Before")), (after, pgettext("picture", "After")))
    for k, (pos, title) in enumerate(scenes):
        sx = x0 + k * (scene_w + arrow_w + 2 * g.gap)
        surface.blit(art.text(title, g.label, GOLD, True), (sx, rect.y))
        for j, column in enumerate(help_text.GROUP_MOVE_COLUMNS):
            cx = sx + j * (cw + g.gap)
            col = pos.columns[column]
            down = pos.down[column]
            y = top
            if not col:
                surface.blit(cards.slot(cards.ranks[-1]), (cx, y))  # only a King leads: its letter
            tail_top = None
            for i, card in enumerate(col):
                surface.blit(cards.image(card, i >= down), (cx, y))
                if card == picked:
                    tail_top = y
                if i < len(col) - 1:
                    y += g.step_down if i < down else g.step_up
            if tail_top is not None:
                box = pygame.Rect(cx - 3, tail_top - 3, cw + 6, y + ch - tail_top + 6)
                pygame.draw.rect(surface, GOLD, box, width=5 if prefs.high_contrast else 3,
                                 border_radius=cards.radius + 2)
            head = art.text(column_label(column), head_size, TEXT_DIM)
            surface.blit(head, (cx + (cw - head.get_width()) // 2, rect.y + g.cards_bottom + 4))
    ax = x0 + scene_w + g.gap
    ay = top + ch // 2
    end = ax + arrow_w
    pygame.draw.line(surface, GOLD, (ax + 4, ay), (end - 8, ay), max(3, cw // 14))
    tip = max(8, cw // 6)
    pygame.draw.polygon(surface, GOLD, [(end, ay), (end - tip - 4, ay - tip), (end - tip - 4, ay + tip)])
    y = rect.y + g.cards_bottom + 4 + art.font(head_size).get_linesize() + 8
    line = art.font(g.caption_size).get_linesize()
    for text in g.caption:
        img = art.text(text, g.caption_size, TEXT)
        surface.blit(img, (rect.x + (rect.w - img.get_width()) // 2, y))
        y += line
