"""Card backs drawn by code at the exact card size: today's blue lattice and three more.

``draw_back(style, size)`` makes a new surface each time; a deck keeps what it draws
(``deck.Deck.back``). Each pattern is drawn at twice the size and smoothly scaled down,
so its edges are anti-aliased at any card size. The styles' keys are saved in the
settings; their names are marked for translation (show them with ``back_title``).
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from ..text.i18n import NC_, pgettext
from . import art

Size = tuple[int, int]
Colour = tuple[int, int, int]

BACK_STYLES: dict[str, str] = {
    "blue": NC_("card back", "Blue lattice"),
    "red": NC_("card back", "Red diamonds"),
    "green": NC_("card back", "Green tartan"),
    "midnight": NC_("card back", "Midnight star"),
}
DEFAULT_BACK = "blue"


def back_title(style: str) -> str:
    """A back's name in the player's language."""
    return pgettext("card back", BACK_STYLES.get(style, BACK_STYLES[DEFAULT_BACK]))


def _diamonds(surf: pygame.Surface) -> None:
    """Rows of small diamonds in two reds, edge to edge."""
    w, h = surf.get_size()
    surf.fill((150, 22, 34))
    step = max(8, round(w * 0.11))
    half = step / 2
    for row in range(-1, math.ceil(h / half) + 1):
        for col in range(-1, math.ceil(w / step) + 1):
            cx = col * step + (half if row % 2 else 0)
            cy = row * half
            points = [(cx, cy - half * 0.92), (cx + half * 0.92, cy), (cx, cy + half * 0.92), (cx - half * 0.92, cy)]
            pygame.draw.polygon(surf, (186, 40, 54) if row % 2 else (172, 30, 44), points)
            pygame.draw.polygon(surf, (226, 120, 120), points, width=max(1, step // 14))


def _tartan(surf: pygame.Surface) -> None:
    """A tartan: dark green with blue bands and thin gold lines, across and down."""
    w, h = surf.get_size()
    surf.fill((18, 78, 48))
    unit = max(12, round(w * 0.2))
    layer = pygame.Surface((w, h), pygame.SRCALPHA)
    for vertical in (False, True):
        length = h if vertical else w
        for k in range(-1, length // unit + 2):
            base = k * unit
            bands: list[tuple[float, float, tuple[int, int, int, int]]] = [
                (0.0, 0.34, (14, 34, 92, 120)), (0.46, 0.52, (222, 190, 70, 150)), (0.7, 0.74, (0, 0, 0, 90))]
            for start, end, colour in bands:
                a, b = base + start * unit, base + end * unit
                rect = pygame.Rect(0, round(a), w, max(1, round(b - a))) if vertical else \
                    pygame.Rect(round(a), 0, max(1, round(b - a)), h)
                layer.fill(colour, rect)
        surf.blit(layer, (0, 0))
        layer.fill((0, 0, 0, 0))


def _star(surf: pygame.Surface) -> None:
    """Deep blue night with gold rings and an eight-pointed star in the middle."""
    w, h = surf.get_size()
    surf.fill((22, 28, 62))
    gold, faint = (214, 178, 88), (60, 70, 120)
    cx, cy = w / 2, h / 2
    step = max(6, round(w * 0.09))
    for r in range(step, round(math.hypot(w, h) / 2) + step, step):  # rings spreading from the middle
        pygame.draw.circle(surf, faint, (cx, cy), r, width=max(1, step // 8))
    outer, inner = w * 0.32, w * 0.13
    points = []
    for i in range(16):
        radius = outer if i % 2 == 0 else inner
        angle = math.pi / 8 * i - math.pi / 2
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    pygame.draw.polygon(surf, gold, points)
    pygame.draw.circle(surf, (22, 28, 62), (cx, cy), w * 0.06)
    pygame.draw.circle(surf, gold, (cx, cy), w * 0.06, width=max(1, round(w * 0.015)))


_PATTERNS: dict[str, tuple[Callable[[pygame.Surface], None], Colour, Colour]] = {
    # style: (pattern, card colour under the border, frame line)
    "red": (_diamonds, (150, 22, 34), (246, 226, 214)),
    "green": (_tartan, (18, 78, 48), (232, 214, 150)),
    "midnight": (_star, (22, 28, 62), (214, 178, 88)),
}


def draw_back(style: str, size: Size, high_contrast: bool = False) -> pygame.Surface:
    """A card back of ``style`` (unknown styles draw the default) at exactly ``size``."""
    w, h = max(8, int(size[0])), max(11, int(size[1]))
    if style not in _PATTERNS:
        surf = art.CardArt(w, h, high_contrast=high_contrast).back()
    else:
        pattern, field, line = _PATTERNS[style]
        radius = max(3, round(w * 0.07))
        edge = art.HC_BACK_EDGE if high_contrast else art.BACK_EDGE
        surf = art.rounded_shape(w, h, radius, field, edge, max(3, w // 16) if high_contrast else max(2, w // 25))
        inset = max(4, round(w * 0.1))
        inner = pygame.Rect(inset, inset, w - 2 * inset, h - 2 * inset)
        if inner.w > 0 and inner.h > 0:
            big = pygame.Surface((inner.w * 2, inner.h * 2))
            pattern(big)
            surf.blit(pygame.transform.smoothscale(big, inner.size), inner.topleft)
            pygame.draw.rect(surf, line, inner, width=max(1, w // 50), border_radius=max(2, radius // 2))
    if surf.get_size() != size:
        surf = pygame.transform.smoothscale(surf, (max(1, int(size[0])), max(1, int(size[1]))))
    return surf
