"""Table cloths drawn by code at the window's size: four felts with a woven grain, kept per size.

A felt is a colour lit towards the middle (as ``art.felt``) with a soft mottling, both
from a small grid scaled up smoothly (light has no edges to blur), times a fine grain (a
small random tile laid edge to edge): nothing is read from disk, and the random numbers
come from a fixed seed, so a felt looks the same on every run. ``table_felt`` keeps the last few it drew (a 4K felt is 33 MB).
"""

from __future__ import annotations

import random

import pygame

from ..text.i18n import NC_, pgettext

Size = tuple[int, int]

# style: (name, colour at the middle)
FELTS: dict[str, tuple[str, tuple[int, int, int]]] = {
    "green": (NC_("table", "Green felt"), (26, 120, 64)),
    "blue": (NC_("table", "Blue felt"), (28, 84, 140)),
    "burgundy": (NC_("table", "Burgundy felt"), (122, 30, 44)),
    "charcoal": (NC_("table", "Charcoal felt"), (54, 58, 64)),
}
DEFAULT_FELT = "green"
GRAIN_TILE = 96  # pixels; the grain repeats at this period, too fine to see as a pattern
KEEP = 2  # felts kept (a resize keeps the last one while the next is drawn)
_kept: dict[tuple[str, Size], pygame.Surface] = {}
_grains: dict[int, pygame.Surface] = {}


def felt_title(style: str) -> str:
    """A felt's name in the player's language."""
    return pgettext("table", FELTS.get(style, FELTS[DEFAULT_FELT])[0])


def _grain(seed: int) -> pygame.Surface:
    """A tile of fine random grain: greys between 232 and 255, to multiply with (made once)."""
    if seed in _grains:
        return _grains[seed]
    rng = random.Random(seed)
    # row by row, as bytes: a set_at per pixel took a third of a second of the first frame
    greys = bytes(255 - int(rng.random() ** 2 * 23) for _ in range(GRAIN_TILE * GRAIN_TILE))
    tile = pygame.image.frombytes(bytes(v for g in greys for v in (g, g, g)), (GRAIN_TILE, GRAIN_TILE), "RGB")
    _grains[seed] = tile
    return tile


def _light(colour: tuple[int, int, int], size: Size, seed: int) -> pygame.Surface:
    """The cloth's colour, lit towards the middle and softly mottled: a 24x16 grid scaled up smoothly."""
    rng = random.Random(seed)
    cols, rows = 24, 16
    small = pygame.Surface((cols, rows))
    for y in range(rows):
        for x in range(cols):
            dx, dy = (x + 0.5) / cols * 2 - 1, (y + 0.5) / rows * 2 - 1
            k = (1 - 0.3 * dy * dy) * (1 - 0.28 * dx * dx) * (1 - rng.random() * 0.06)
            small.set_at((x, y), tuple(round(c * k) for c in colour))
    return pygame.transform.smoothscale(small, size)


def draw_felt(style: str, size: Size) -> pygame.Surface:
    """A new felt of ``style`` (unknown styles draw the default) at exactly ``size``."""
    w, h = max(1, int(size[0])), max(1, int(size[1]))
    surf = _light(FELTS.get(style, FELTS[DEFAULT_FELT])[1], (w, h), 7)
    grain = _grain(11)
    for y in range(0, h, GRAIN_TILE):
        for x in range(0, w, GRAIN_TILE):
            surf.blit(grain, (x, y), special_flags=pygame.BLEND_MULT)
    return surf.convert() if pygame.display.get_surface() is not None else surf


def table_felt(style: str, size: Size) -> pygame.Surface:
    """The felt of ``style`` at ``size``, kept (shared: do not draw on it)."""
    key = (style if style in FELTS else DEFAULT_FELT, (max(1, int(size[0])), max(1, int(size[1]))))
    surf = _kept.pop(key, None)
    if surf is None:
        surf = draw_felt(*key)
    _kept[key] = surf  # newest last
    while len(_kept) > KEEP:
        del _kept[next(iter(_kept))]
    return surf
