"""Outlines that differ in shape, not only in colour, so a player who cannot tell the colours
apart still tells the marks apart (issue 13):

  * the selection: a thick solid outline (``solid``);
  * a legal destination: corner brackets (``brackets``);
  * the hint: a double outline (``double``);
  * a lesson's card or place: a dashed outline (``dashed``);
  * the cards that moved last (or came back on Undo): a soft glow fading outwards (``glow``);
  * the tail the pointer would take: a thin outline (``solid``, one or two pixels).

Every mark stays inside the rectangle it is given (lines are drawn inward from its edge),
so a partial redraw that covers the rectangle covers the mark.
"""

from __future__ import annotations

import pygame

Colour = tuple[int, int, int]


def solid(surface: pygame.Surface, colour: Colour, rect: pygame.Rect, width: int, radius: int) -> None:
    """A plain outline ``width`` pixels thick."""
    pygame.draw.rect(surface, colour, rect, width=width, border_radius=radius)


def brackets(surface: pygame.Surface, colour: Colour, rect: pygame.Rect, width: int) -> None:
    """Four corner brackets, like a camera's focus marks; their arms are a quarter of the shorter side."""
    arm = max(width * 2, min(rect.w, rect.h) // 4)
    x0, y0, x1, y1 = rect.left, rect.top, rect.right, rect.bottom
    for x, y, dx, dy in ((x0, y0, 1, 1), (x1, y0, -1, 1), (x0, y1, 1, -1), (x1, y1, -1, -1)):
        # the arm along the edge and the arm down (or up) it, both inside the rectangle
        hx = x if dx > 0 else x - arm
        vy = y if dy > 0 else y - arm
        surface.fill(colour, pygame.Rect(hx, y if dy > 0 else y - width, arm, width))
        surface.fill(colour, pygame.Rect(x if dx > 0 else x - width, vy, width, arm))


def double(surface: pygame.Surface, colour: Colour, rect: pygame.Rect, width: int, radius: int) -> None:
    """Two thin outlines with a gap between them."""
    line = max(2, width // 2)
    gap = max(2, line)
    pygame.draw.rect(surface, colour, rect, width=line, border_radius=radius)
    inner = rect.inflate(-2 * (line + gap), -2 * (line + gap))
    if inner.w > 0 and inner.h > 0:
        pygame.draw.rect(surface, colour, inner, width=line, border_radius=max(0, radius - line - gap))


def dashed(surface: pygame.Surface, colour: Colour, rect: pygame.Rect, width: int) -> None:
    """An outline of short dashes."""
    dash = max(6, width * 3)
    step = dash + max(4, dash // 2)
    x0, y0, x1, y1 = rect.left, rect.top, rect.right, rect.bottom
    for x in range(x0, x1, step):
        d = min(dash, x1 - x)
        surface.fill(colour, pygame.Rect(x, y0, d, width))
        surface.fill(colour, pygame.Rect(x, y1 - width, d, width))
    for y in range(y0, y1, step):
        d = min(dash, y1 - y)
        surface.fill(colour, pygame.Rect(x0, y, width, d))
        surface.fill(colour, pygame.Rect(x1 - width, y, width, d))


_glows: dict[tuple[tuple[int, int], Colour, int, bool], pygame.Surface] = {}
GLOW_KEEP = 16  # glow pictures kept (one per tail size on show; a few moves' worth)


def glow(surface: pygame.Surface, colour: Colour, rect: pygame.Rect, radius: int, strong: bool = False) -> None:
    """A soft halo: four outlines, each more see-through than the one inside it (``strong``:
    high contrast, nearly opaque). Kept per size, so a redraw costs one blit."""
    key = (rect.size, colour, radius, strong)
    img = _glows.get(key)
    if img is None:
        if len(_glows) >= GLOW_KEEP:
            _glows.pop(next(iter(_glows)))
        img = pygame.Surface(rect.size, pygame.SRCALPHA)
        alphas = (120, 190, 255, 255) if strong else (40, 90, 160, 230)
        for k, alpha in enumerate(alphas):
            inner = pygame.Rect(0, 0, rect.w, rect.h).inflate(-2 * k, -2 * k)
            if inner.w > 0 and inner.h > 0:
                pygame.draw.rect(img, (*colour, alpha), inner, width=1, border_radius=max(0, radius - k))
        _glows[key] = img
    surface.blit(img, rect)
