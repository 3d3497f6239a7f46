"""The game's icon, drawn by code: two fanned cards, a blue back and a red heart, on felt.

``draw_icon(size)`` draws it at any size, four times larger and smoothly scaled down (so
edges are anti-aliased). ``packaging/make_icons.py`` writes it as the PNGs in
``assets/icons/`` at the sizes desktops ask for, and the same shapes as ``icon.svg`` (the
scalable icon); the desktop entry, the one-file build and the window use those files
(``window_icon`` falls back to drawing when a file is missing).
"""

from __future__ import annotations

import math
from pathlib import Path

import pygame

from ..core.resources import asset_path
from .art import BACK, BACK_EDGE, BACK_LINE, FACE, FACE_EDGE, RED_INK

ICON_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
WINDOW_ICON_SIZE = 64  # what the window hands SDL; the desktop scales from it
SUPERSAMPLE = 4
FELT = (22, 112, 62)
FELT_EDGE = (10, 70, 36)
SHADOW = (0, 0, 0, 70)


def icon_file(size: int) -> Path:
    """The committed PNG of the icon at ``size`` pixels (assets/icons/)."""
    return asset_path("icons", f"icon-{size}.png")


def icon_svg_file() -> Path:
    """The committed scalable icon (assets/icons/icon.svg), for desktops; the window uses the PNGs."""
    return asset_path("icons", "icon.svg")


def _card(w: int, h: int, fill: tuple[int, int, int], edge: tuple[int, int, int]) -> pygame.Surface:
    card = pygame.Surface((w, h), pygame.SRCALPHA)
    r = max(2, w // 8)
    pygame.draw.rect(card, edge, card.get_rect(), border_radius=r)
    pygame.draw.rect(card, fill, card.get_rect().inflate(-max(2, w // 16), -max(2, w // 16)), border_radius=r)
    return card


def _heart(surface: pygame.Surface, cx: float, cy: float, width: float, colour: tuple[int, int, int]) -> None:
    """A heart ``width`` wide whose middle is at (cx, cy)."""
    r = width / 4
    top = cy - width * 0.18
    pygame.draw.circle(surface, colour, (round(cx - r), round(top)), round(r))
    pygame.draw.circle(surface, colour, (round(cx + r), round(top)), round(r))
    # The lower part: tangent to both lobes' outer sides, down to the point.
    a = math.radians(40)
    left = (cx - r - r * math.cos(a), top + r * math.sin(a))
    right = (cx + r + r * math.cos(a), top + r * math.sin(a))
    point = (cx, cy + width * 0.50)
    pygame.draw.polygon(surface, colour, [left, (cx, top), right, point])


def _shadowed(surface: pygame.Surface, card: pygame.Surface, centre: tuple[float, float], offset: int) -> None:
    shadow = card.copy()
    shadow.fill(SHADOW, special_flags=pygame.BLEND_RGBA_MIN)
    surface.blit(shadow, shadow.get_rect(center=(round(centre[0] + offset), round(centre[1] + offset))))
    surface.blit(card, card.get_rect(center=(round(centre[0]), round(centre[1]))))


def draw_icon(size: int) -> pygame.Surface:
    """The icon as a ``size`` x ``size`` surface with transparent corners."""
    s = size * SUPERSAMPLE
    big = pygame.Surface((s, s), pygame.SRCALPHA)
    tile = pygame.Rect(0, 0, s, s).inflate(-s // 16, -s // 16)
    pygame.draw.rect(big, FELT_EDGE, tile, border_radius=s // 5)
    pygame.draw.rect(big, FELT, tile.inflate(-s // 24, -s // 24), border_radius=s // 5 - s // 48)
    cw, ch = round(s * 0.40), round(s * 0.56)
    shade = max(1, s // 48)

    back = _card(cw, ch, BACK, BACK_EDGE)
    inner = back.get_rect().inflate(-cw // 4, -cw // 4)
    pygame.draw.rect(back, BACK_LINE, inner, width=max(1, cw // 14), border_radius=cw // 12)
    c = inner.center
    dx, dy = inner.w * 0.32, inner.h * 0.30
    pygame.draw.polygon(back, BACK_LINE, [(c[0], c[1] - dy), (c[0] + dx, c[1]), (c[0], c[1] + dy), (c[0] - dx, c[1])])
    _shadowed(big, pygame.transform.rotate(back, 16), (s * 0.38, s * 0.50), shade)

    face = _card(cw, ch, FACE, FACE_EDGE)
    _heart(face, cw / 2, ch / 2, cw * 0.62, RED_INK)
    _shadowed(big, pygame.transform.rotate(face, -12), (s * 0.62, s * 0.50), shade)
    return pygame.transform.smoothscale(big, (size, size))


def window_icon() -> pygame.Surface:
    """The icon the window shows: the committed PNG, or a fresh drawing when it is missing."""
    try:
        return pygame.image.load(str(icon_file(WINDOW_ICON_SIZE)))
    except (pygame.error, OSError, FileNotFoundError):
        return draw_icon(WINDOW_ICON_SIZE)
