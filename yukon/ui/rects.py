"""Rectangles sent to the display: those that touch become one where that costs little."""

from __future__ import annotations

import pygame

MERGE_SLACK = 1.25  # two touching rectangles become one when their union is at most this much larger


def merge_rects(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """Rectangles that touch become one, so the display gets a few large updates, not many small;
    but only where their union covers little more than they do (cards strung out across the table,
    a deal on its way, stay apart rather than become one rectangle over everything between them)."""
    out: list[pygame.Rect] = []
    for r in rects:
        r = r.copy()
        merged = True
        while merged:
            merged = False
            for i, o in enumerate(out):
                if o.colliderect(r.inflate(2, 2)):
                    u = r.union(o)
                    if u.w * u.h <= (r.w * r.h + o.w * o.h) * MERGE_SLACK:
                        r = u
                        out.pop(i)
                        merged = True
                        break
        out.append(r)
    return out
