"""Write the icon in assets/icons/ from the drawing in yukon/ui/icon.py: PNGs and an SVG.

Run it after changing the drawing: ``python packaging/make_icons.py``. The files are
committed; tests/test_packaging.py checks that the PNGs match the drawing and that the SVG
(``icon.svg``, the scalable icon for desktops: hicolor/scalable/apps) draws the same
picture. ``icon_svg`` writes the same shapes as ``draw_icon`` draws, with the same numbers.
"""

from __future__ import annotations

import math
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from yukon.ui.art import BACK, BACK_EDGE, BACK_LINE, FACE, FACE_EDGE, RED_INK
from yukon.ui.icon import FELT, FELT_EDGE, ICON_SIZES, SHADOW, draw_icon, icon_file, icon_svg_file

S = 512.0  # the SVG's units across (draw_icon's supersampled size, in its own units)


def _hex(colour: tuple[int, ...]) -> str:
    return "#{:02x}{:02x}{:02x}".format(*colour[:3])


def _n(x: float) -> str:
    """A coordinate with two decimals at most."""
    return f"{x:.2f}".rstrip("0").rstrip(".")


def _rect(x: float, y: float, w: float, h: float, r: float, fill: str) -> str:
    return (f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}" rx="{_n(r)}" fill="{fill}"/>')


def _card(w: float, h: float, fill: tuple[int, int, int], edge: tuple[int, int, int]) -> list[str]:
    """draw_icon's _card: an edge-coloured rounded card with the fill inside."""
    r, inset = w / 8, w / 32
    return [_rect(0, 0, w, h, r, _hex(edge)), _rect(inset, inset, w - 2 * inset, h - 2 * inset, r, _hex(fill))]


def _placed(shapes: list[str], w: float, h: float, centre: tuple[float, float], degrees: float,
            shade: float) -> list[str]:
    """The card turned by ``degrees`` (pygame's sense: counter-clockwise) about its middle, at
    ``centre``, over its shadow (its outline in black at SHADOW's alpha, ``shade`` lower right)."""
    def at(x: float, y: float) -> str:
        return f'transform="translate({_n(x)} {_n(y)}) rotate({_n(-degrees)}) translate({_n(-w / 2)} {_n(-h / 2)})"'

    cx, cy = centre
    shadow = (f'<g {at(cx + shade, cy + shade)} fill-opacity="{SHADOW[3] / 255:.3f}">'
              f'{_rect(0, 0, w, h, w / 8, "#000000")}</g>')
    return [shadow, f"<g {at(cx, cy)}>", *shapes, "</g>"]


def _heart(cx: float, cy: float, width: float, colour: tuple[int, int, int]) -> list[str]:
    """draw_icon's _heart: two lobes and the point below them."""
    r = width / 4
    top = cy - width * 0.18
    a = math.radians(40)
    points = [(cx - r - r * math.cos(a), top + r * math.sin(a)), (cx, top),
              (cx + r + r * math.cos(a), top + r * math.sin(a)), (cx, cy + width * 0.50)]
    fill = _hex(colour)
    return [f'<circle cx="{_n(cx - r)}" cy="{_n(top)}" r="{_n(r)}" fill="{fill}"/>',
            f'<circle cx="{_n(cx + r)}" cy="{_n(top)}" r="{_n(r)}" fill="{fill}"/>',
            '<polygon points="' + " ".join(f"{_n(x)},{_n(y)}" for x, y in points) + f'" fill="{fill}"/>']


def icon_svg() -> str:
    """The icon as SVG text: the shapes and numbers of draw_icon, in a 512-unit square."""
    s = S
    inset, inner = s / 32, s / 32 + s / 48
    parts = [_rect(inset, inset, s - 2 * inset, s - 2 * inset, s / 5, _hex(FELT_EDGE)),
             _rect(inner, inner, s - 2 * inner, s - 2 * inner, s / 5 - s / 48, _hex(FELT))]
    cw, ch, shade = s * 0.40, s * 0.56, s / 48
    back = _card(cw, ch, BACK, BACK_EDGE)
    x0, y0, iw, ih = cw / 8, cw / 8, cw - cw / 4, ch - cw / 4  # the back's inner frame
    line = cw / 14
    back.append(f'<rect x="{_n(x0 + line / 2)}" y="{_n(y0 + line / 2)}" width="{_n(iw - line)}" '
                f'height="{_n(ih - line)}" rx="{_n(cw / 12 - line / 2)}" fill="none" stroke="{_hex(BACK_LINE)}" '
                f'stroke-width="{_n(line)}"/>')
    mx, my, dx, dy = x0 + iw / 2, y0 + ih / 2, iw * 0.32, ih * 0.30
    back.append(f'<polygon points="{_n(mx)},{_n(my - dy)} {_n(mx + dx)},{_n(my)} {_n(mx)},{_n(my + dy)} '
                f'{_n(mx - dx)},{_n(my)}" fill="{_hex(BACK_LINE)}"/>')
    parts += _placed(back, cw, ch, (s * 0.38, s * 0.50), 16, shade)
    face = _card(cw, ch, FACE, FACE_EDGE) + _heart(cw / 2, ch / 2, cw * 0.62, RED_INK)
    parts += _placed(face, cw, ch, (s * 0.62, s * 0.50), -12, shade)
    body = "\n  ".join(parts)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{int(s)}" height="{int(s)}" '
            f'viewBox="0 0 {int(s)} {int(s)}">\n'
            "  <!-- Yukon Solitaire's icon, written by packaging/make_icons.py from yukon/ui/icon.py -->\n"
            f"  {body}\n</svg>\n")


def main() -> int:
    """Draw every size and save it, then the SVG; print what was written."""
    for size in ICON_SIZES:
        path = icon_file(size)
        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(draw_icon(size), str(path))
        print(f"{path.relative_to(ROOT)}  {size}x{size}  {path.stat().st_size} bytes")
    svg = icon_svg_file()
    svg.write_text(icon_svg(), encoding="utf-8")
    print(f"{svg.relative_to(ROOT)}  scalable  {svg.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
