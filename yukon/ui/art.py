"""Card faces, the back, empty slots and text, rendered at the size needed and cached.

Nothing is ever drawn small and scaled up: faces are built at the card size the layout
asks for, from the DejaVu fonts in assets/fonts (they have the suit symbols). Text is set
in DejaVu Sans too, except Chinese and Japanese, which DejaVu cannot draw: they get Noto
Sans CJK, cut to the characters the game needs (``font``, ``Face``). Only the
rounded outline is drawn at twice the size and smoothly scaled *down*, which gives
anti-aliased corners. A new window size builds a new set; the old one is dropped.
Fonts, rendered texts and glyphs are kept in least-recently-used caches bounded by count
and by bytes (``Lru``): window sizes and clock readings never stop bringing new ones.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from pathlib import Path
from typing import TYPE_CHECKING, Final, Generic, TypeVar

import pygame
import pygame.freetype

from ..core.cards import RANK, RED, SUIT
from ..core.resources import asset_path
from ..text.i18n import NC_, language, pgettext
from .layout import UP_STEP

if TYPE_CHECKING:
    from pygame.typing import ColorLike

FONT_DIR = asset_path("fonts")
FONT_REGULAR = FONT_DIR / "DejaVuSans.ttf"
FONT_BOLD = FONT_DIR / "DejaVuSans-Bold.ttf"
# Japanese and Chinese text: Noto Sans CJK (OFL), regular and bold, cut by
# packaging/subset_cjk_font.py to a base set and every character the catalogues and
# lessons use. One cut per language: Japan and China draw many of the same ideographs
# differently, and each reader expects their own forms.
CJK_FONTS: Final[dict[str, tuple[Path, Path]]] = {
    "ja": (FONT_DIR / "NotoSansCJKjp-Regular-subset.otf", FONT_DIR / "NotoSansCJKjp-Bold-subset.otf"),
    "zh_CN": (FONT_DIR / "NotoSansCJKsc-Regular-subset.otf", FONT_DIR / "NotoSansCJKsc-Bold-subset.otf"),
}
LATIN: Final = "latin"  # the DejaVu family: every other language, and the cards' marks
FAMILIES: Final[dict[str, tuple[Path, Path]]] = {LATIN: (FONT_REGULAR, FONT_BOLD), **CJK_FONTS}
SUIT_SYMBOLS = "\u2660\u2665\u2666\u2663"  # spades hearts diamonds clubs, the engine's suit order

RED_INK = (196, 22, 38)
BLACK_INK = (24, 24, 32)
FACE = (252, 251, 246)
FACE_EDGE = (120, 120, 118)
BACK = (30, 62, 138)
BACK_LINE = (78, 112, 190)
BACK_EDGE = (238, 238, 246)
ROYAL_TINT = ((232, 236, 248), (250, 232, 232))  # inner frame of J Q K: black suits, red suits
# The four-colour deck, in the engine's suit order (spades, hearts, diamonds, clubs). Chosen
# by simulating protanopia, deuteranopia and tritanopia (Machado 2009) and keeping every pair
# of inks at least 30 CIELAB units apart under each: the usual poker red and green look alike
# to a deuteranope, so hearts are a deep red and clubs a lighter blue-green, which differ in
# lightness as well as hue; diamonds a violet-blue. Each keeps 4.5:1 contrast on the face.
# tests/test_ui_access.py checks both claims.
FOUR_INKS = ((24, 24, 32), (176, 0, 16), (40, 24, 216), (20, 124, 100))
# High contrast: a dark, thick edge between overlapping faces, a bright one around the backs.
HC_FACE_EDGE = (16, 16, 16)
HC_BACK_EDGE = (255, 226, 40)

# Pip positions for 2..10 in a unit box (x across, y down); pips below the middle are turned.
PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    2: ((0.5, 0), (0.5, 1)),
    3: ((0.5, 0), (0.5, 0.5), (0.5, 1)),
    4: ((0, 0), (1, 0), (0, 1), (1, 1)),
    5: ((0, 0), (1, 0), (0.5, 0.5), (0, 1), (1, 1)),
    6: ((0, 0), (1, 0), (0, 0.5), (1, 0.5), (0, 1), (1, 1)),
    7: ((0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0, 1), (1, 1)),
    8: ((0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0.5, 0.75), (0, 1), (1, 1)),
    9: ((0, 0), (1, 0), (0, 1 / 3), (1, 1 / 3), (0.5, 0.5), (0, 2 / 3), (1, 2 / 3), (0, 1), (1, 1)),
    10: ((0, 0), (1, 0), (0.5, 1 / 6), (0, 1 / 3), (1, 1 / 3), (0, 2 / 3), (1, 2 / 3), (0.5, 5 / 6),
         (0, 1), (1, 1)),
}


K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Lru(Generic[K, V]):
    """A least-recently-used cache bounded by a number of entries and by a total weight (bytes).

    Rendered text and fonts are kept for speed, but the keys never stop coming (the clock
    in the status line, every window size has its own font sizes), so the oldest go.
    """

    def __init__(self, max_entries: int, max_weight: int = 0, weigh: Callable[[V], int] | None = None) -> None:
        self.max_entries = max_entries
        self.max_weight = max_weight  # 0: by entries only
        self.weight = 0
        self._weigh = weigh
        self._items: OrderedDict[K, tuple[V, int]] = OrderedDict()

    def __len__(self) -> int:
        return len(self._items)

    def get(self, key: K) -> V | None:
        """The cached value (now the most recently used), or None."""
        item = self._items.get(key)
        if item is None:
            return None
        self._items.move_to_end(key)
        return item[0]

    def put(self, key: K, value: V) -> V:
        """Keep ``value`` under ``key``, dropping the least recently used beyond the bounds."""
        old = self._items.pop(key, None)
        if old is not None:
            self.weight -= old[1]
        w = self._weigh(value) if self._weigh is not None else 0
        self._items[key] = (value, w)
        self.weight += w
        while len(self._items) > 1 and (len(self._items) > self.max_entries
                                        or (self.max_weight and self.weight > self.max_weight)):
            _, (_, dropped) = self._items.popitem(last=False)
            self.weight -= dropped
        return value

    def clear(self) -> None:
        """Forget everything."""
        self._items.clear()
        self.weight = 0


def surface_bytes(surf: pygame.Surface) -> int:
    """The pixel memory a surface holds."""
    return surf.get_pitch() * surf.get_height()


# Bounds: the table at one window size uses about 15 font sizes and the sheets another 15;
# a font costs about 0.2 MB. Texts and glyphs are bounded by their pixels' bytes as well (the
# whole rules page at 1900 pixels across is 5 MB of text).
FONTS: Lru[tuple[int, bool, str], pygame.font.Font] = Lru(40)
TEXTS: Lru[tuple[str, int, tuple[int, int, int], bool, str], pygame.Surface] = Lru(600, 16 * 2**20, surface_bytes)
NARROW_BYTES = 4 * 2**20  # per card set, for flips in progress
GLYPHS: Lru[tuple[str, int, tuple[int, int, int], bool], pygame.Surface] = Lru(300, 3 * 2**20, surface_bytes)
_COVERAGE: dict[Path, dict[str, bool]] = {}  # per font file: which characters it has a glyph for
_HAS: dict[Path, set[str]] = {}  # per font file: the characters known to have a glyph (a quick subset test)
_PROBES: dict[Path, pygame.freetype.Font] = {}


def family() -> str:
    """The font family the language in use is set in (``LATIN`` or a key of ``CJK_FONTS``)."""
    code = language()
    return code if code in CJK_FONTS else LATIN


def covers(path: Path, ch: str) -> bool:
    """Does the font file at ``path`` have a glyph for ``ch``? (pygame.font would draw a box.)"""
    known = _COVERAGE.setdefault(path, {})
    found = known.get(ch)
    if found is None:
        probe = _PROBES.get(path)
        if probe is None:
            if not pygame.freetype.get_init():
                pygame.freetype.init()
            probe = _PROBES[path] = pygame.freetype.Font(str(path), 12)
        found = known[ch] = ch < " " or probe.get_metrics(ch)[0] is not None
        if found:
            _HAS.setdefault(path, set()).add(ch)
    return found


def covers_all(path: Path, chars: set[str]) -> bool:
    """Does the font file at ``path`` have a glyph for each of ``chars``?"""
    return chars <= _HAS.get(path, set()) or all(covers(path, ch) for ch in chars)


def chain(first: str, bold: bool) -> tuple[Path, ...]:
    """The font files a text in family ``first`` is drawn from: that family's, then the others'
    (bold: each family's bold file before its regular one). Files missing from a damaged
    install are skipped: the text is drawn, if with boxes, rather than the game failing."""
    order = [first, *(name for name in FAMILIES if name != first)]
    files = [path for name in order for path in (FAMILIES[name][::-1] if bold else FAMILIES[name][:1])]
    found = tuple(path for path in files if path.is_file())
    return found or (FONT_BOLD if bold else FONT_REGULAR,)


class Face(pygame.font.Font):
    """A font at one size that draws what its own file lacks from the next file of its chain.

    A text the first file covers is drawn as pygame draws it. Otherwise, a text one other
    file covers whole is drawn from that file (Japanese named in a German language list);
    else each character comes from the first file that has it (the sign of the "More"
    button, which Noto lacks, beside Japanese). Heights and the baseline stay the first
    file's, so lines keep their spacing.
    """

    def __init__(self, files: tuple[Path, ...], size: int) -> None:
        super().__init__(str(files[0]), size)
        self.files = files
        self.px = size
        self._others: dict[Path, pygame.font.Font] = {}

    def _font(self, path: Path) -> pygame.font.Font:
        f = self._others.get(path)
        if f is None:
            f = self._others[path] = pygame.font.Font(str(path), self.px)
        return f

    def runs(self, text: str) -> list[tuple[Path, str]] | None:
        """``text`` in runs of one file each, or None when the first file draws it all."""
        if text.isascii():  # every shipped file has printable ASCII (tests/test_i18n.py)
            return None
        chars = set(text)
        first = self.files[0]
        if covers_all(first, chars):
            return None
        whole = next((p for p in self.files[1:] if covers_all(p, chars)), None)
        if whole is not None:
            return [(whole, text)]
        out: list[tuple[Path, str]] = []
        for ch in text:
            path = next((p for p in self.files if covers(p, ch)), first)
            if out and out[-1][0] == path:
                out[-1] = (path, out[-1][1] + ch)
            else:
                out.append((path, ch))
        return out

    def size(self, text: str | bytes, /) -> tuple[int, int]:
        """The size ``render`` gives ``text``."""
        runs = self.runs(text) if isinstance(text, str) else None
        if runs is None:
            return super().size(text)
        return sum(self._font(p).size(t)[0] for p, t in runs), self.get_height()

    def render(self, text: str | bytes | None, antialias: bool, color: ColorLike,
               bgcolor: ColorLike | None = None, wraplength: int = 0) -> pygame.Surface:
        """``text`` drawn, each run from its own file on this font's baseline."""
        runs = self.runs(text) if isinstance(text, str) else None
        if runs is None:
            return super().render(text, antialias, color, bgcolor, wraplength)
        images = [(self._font(p), self._font(p).render(t, antialias, color, bgcolor)) for p, t in runs]
        out = pygame.Surface((sum(img.get_width() for _f, img in images), self.get_height()), pygame.SRCALPHA)
        if bgcolor is not None:
            out.fill(bgcolor)
        x = 0
        for f, img in images:
            # onto clear pixels MAX copies the run as it is (a plain blit would darken its soft edges)
            out.blit(img, (x, self.get_ascent() - f.get_ascent()),
                     special_flags=0 if bgcolor is not None else pygame.BLEND_RGBA_MAX)
            x += img.get_width()
        return out


def font(size: int, bold: bool = False, family_name: str | None = None) -> pygame.font.Font:
    """The text font at ``size`` pixels (cached): the family of the language in use, or
    ``family_name`` (``LATIN`` for the cards' marks, which look the same in every language)."""
    key = (max(6, int(size)), bool(bold), family_name or family())
    f = FONTS.get(key)
    if f is None:
        if not pygame.font.get_init():
            pygame.font.init()
        f = FONTS.put(key, Face(chain(key[2], key[1]), key[0]))
    return f


def text(s: str, size: int, colour: tuple[int, int, int], bold: bool = False) -> pygame.Surface:
    """Rendered text (cached: status lines and labels repeat). The surface is shared: do not draw on it."""
    key = (s, int(size), colour, bool(bold), family())
    surf = TEXTS.get(key)
    if surf is None:
        surf = TEXTS.put(key, font(size, bold).render(s, True, colour))
    return surf


def glyph(ch: str, size: int, colour: tuple[int, int, int], bold: bool = True) -> pygame.Surface:
    """A character cropped to its ink, so it can be centred exactly (shared, like ``text``)."""
    key = (ch, int(size), colour, bool(bold))
    surf = GLYPHS.get(key)
    if surf is None:
        surf = font(size, bold, LATIN).render(ch, True, colour)
        box = surf.get_bounding_rect()
        if box.w > 0 and box.h > 0:
            surf = surf.subsurface(box).copy()
        GLYPHS.put(key, surf)
    return surf


def ink(card: int, four_colour: bool = False) -> tuple[int, int, int]:
    """The colour a card's rank and suit are printed in (one per suit in the four-colour deck)."""
    if four_colour:
        return FOUR_INKS[SUIT[card]]
    return RED_INK if RED[card] else BLACK_INK


# The corner letters, Ace to King, as the player's language prints them on its cards
# (German B D K, French V D R, Russian В Д К Т ...); the numbers stay numbers.
RANK_MARKS: tuple[str, ...] = (NC_("rank", "A"), "2", "3", "4", "5", "6", "7", "8", "9", "10",
                               NC_("rank", "J"), NC_("rank", "Q"), NC_("rank", "K"))


def rank_labels() -> tuple[str, ...]:
    """The 13 corner labels, Ace to King, in the player's language."""
    return tuple(pgettext("rank", m) if m.isalpha() else m for m in RANK_MARKS)


def rank_label(card: int) -> str:
    """The rank as printed in a corner (10 rather than T), in the player's language."""
    mark = RANK_MARKS[RANK[card] - 1]
    return pgettext("rank", mark) if mark.isalpha() else mark


def rounded_shape(w: int, h: int, radius: int, fill: tuple[int, int, int],
                  edge: tuple[int, int, int] | None, edge_px: int = 1) -> pygame.Surface:
    """An anti-aliased rounded rectangle with an optional edge (drawn at 2x, scaled down)."""
    big = pygame.Surface((w * 2, h * 2), pygame.SRCALPHA)
    r2 = radius * 2
    if edge is not None:
        pygame.draw.rect(big, edge, big.get_rect(), border_radius=r2)
        inner = big.get_rect().inflate(-4 * edge_px, -4 * edge_px)
        pygame.draw.rect(big, fill, inner, border_radius=max(r2 - 2 * edge_px, 0))
    else:
        pygame.draw.rect(big, fill, big.get_rect(), border_radius=r2)
    return pygame.transform.smoothscale(big, (w, h))


class CardArt:
    """Every card image for one card size, built on first use and kept."""

    def __init__(self, cw: int, ch: int, four_colour: bool = False, high_contrast: bool = False) -> None:
        self.cw, self.ch = max(cw, 8), max(ch, 11)
        self.four_colour = four_colour
        self.high_contrast = high_contrast
        self.ranks = rank_labels()  # the corner letters of the language the set was made in
        self.radius = max(3, round(self.cw * 0.07))
        self._faces: dict[int, pygame.Surface] = {}
        self._back: pygame.Surface | None = None
        self._slots: dict[str, pygame.Surface] = {}
        self._base: pygame.Surface | None = None
        # Flips in progress: a card at every width a flip passes through, so bounded by bytes
        # (a full set of big cards at every width would be tens of megabytes).
        self._narrow: Lru[tuple[int, bool, int], pygame.Surface] = Lru(200, NARROW_BYTES, surface_bytes)

    def key(self) -> tuple[int, int, bool, bool, tuple[str, ...]]:
        """What the pictures depend on: size, palette and corner letters (a cache of card art is keyed by it)."""
        return (self.cw, self.ch, self.four_colour, self.high_contrast, self.ranks)

    def _convert(self, surf: pygame.Surface) -> pygame.Surface:
        return surf.convert_alpha() if pygame.display.get_surface() is not None else surf

    def face(self, card: int) -> pygame.Surface:
        """The face of ``card``."""
        s = self._faces.get(card)
        if s is None:
            s = self._faces[card] = self._convert(self._draw_face(card))
        return s

    def back(self) -> pygame.Surface:
        """The card back."""
        if self._back is None:
            self._back = self._convert(self._draw_back())
        return self._back

    def image(self, card: int, face_up: bool) -> pygame.Surface:
        """Face or back."""
        return self.face(card) if face_up else self.back()

    def narrowed(self, card: int, face_up: bool, scale: float) -> pygame.Surface:
        """The card squeezed across to ``scale`` of its width (a flip in progress; only ever smaller)."""
        w = max(1, round(self.cw * max(0.0, min(1.0, scale))))
        key = (card if face_up else -1, face_up, w)
        s = self._narrow.get(key)
        if s is None:
            s = self._narrow.put(key, pygame.transform.smoothscale(self.image(card, face_up), (w, self.ch)))
        return s

    def slot(self, label: str, colour: tuple[int, int, int] = (236, 246, 236)) -> pygame.Surface:
        """An empty place: a faint rounded outline with a faint label (a suit, or K for a column)."""
        s = self._slots.get(label)
        if s is None:
            surf = pygame.Surface((self.cw, self.ch), pygame.SRCALPHA)
            hc = self.high_contrast
            pygame.draw.rect(surf, (0, 0, 0, 40), surf.get_rect(), border_radius=self.radius)
            pygame.draw.rect(surf, (*colour, 220 if hc else 90), surf.get_rect(),
                             width=max(2, self.cw // 25) if hc else max(1, self.cw // 40), border_radius=self.radius)
            if label:
                g = glyph(label, round(self.cw * 0.42), colour)
                g = g.copy()
                g.set_alpha(170 if hc else 80)
                surf.blit(g, g.get_rect(center=surf.get_rect().center))
            s = self._slots[label] = self._convert(surf)
        return s

    # -- drawing -----------------------------------------------------------------------
    def _blank(self) -> pygame.Surface:
        if self._base is None:
            if self.high_contrast:
                self._base = rounded_shape(self.cw, self.ch, self.radius, FACE, HC_FACE_EDGE, max(2, self.cw // 30))
            else:
                self._base = rounded_shape(self.cw, self.ch, self.radius, FACE, FACE_EDGE, max(1, self.cw // 110))
        return self._base.copy()

    def _draw_face(self, card: int) -> pygame.Surface:
        cw, ch = self.cw, self.ch
        surf = self._blank()
        colour = ink(card, self.four_colour)
        suit = SUIT_SYMBOLS[SUIT[card]]
        rank = RANK[card]
        # Corner index: rank and a suit beside it, both inside index_height so a tight column shows them.
        idx = max(8, round(cw * 0.27))
        label = self.ranks[RANK[card] - 1]
        rg = glyph(label, idx, colour)
        if label == "10" and rg.get_width() > cw * 0.34:
            rg = glyph(label, round(idx * 0.85), colour)
        sg = glyph(suit, round(idx * 0.9), colour)
        pad_x, pad_y = max(2, round(cw * 0.06)), max(2, round(cw * 0.06))
        corner = pygame.Surface((rg.get_width() + sg.get_width() + max(1, cw // 30), max(rg.get_height(), sg.get_height())),
                                pygame.SRCALPHA)
        corner.blit(rg, (0, 0))
        corner.blit(sg, (rg.get_width() + max(1, cw // 30), (rg.get_height() - sg.get_height()) // 2))
        surf.blit(corner, (pad_x, pad_y))
        surf.blit(pygame.transform.rotate(corner, 180), (cw - pad_x - corner.get_width(), ch - pad_y - corner.get_height()))
        # The centre starts below the strip a column shows of a covered card, so the strip
        # shows the index alone, cleanly.
        centre_top = max(pad_y + corner.get_height() + max(2, round(ch * 0.03)), round(ch * UP_STEP) + 1)
        area = pygame.Rect(round(cw * 0.2), centre_top, round(cw * 0.6), ch - 2 * centre_top)
        if rank == 1:
            big = glyph(suit, round(cw * 0.62), colour)
            surf.blit(big, big.get_rect(center=area.center))
        elif rank <= 10:
            pip_size = round(cw * (0.19 if rank <= 6 else 0.17 if rank <= 8 else 0.15))
            pip = glyph(suit, pip_size, colour)
            if cw < 64:  # too small for a readable pip layout: one clear suit and the rank's count
                big = glyph(suit, round(cw * 0.46), colour)
                surf.blit(big, big.get_rect(center=area.center))
            else:
                flipped = pygame.transform.rotate(pip, 180)
                box = area.inflate(-pip.get_width(), -pip.get_height())
                for ux, uy in PIPS[rank]:
                    x = box.x + ux * box.w
                    y = box.y + uy * box.h
                    img = flipped if uy > 0.5 else pip
                    surf.blit(img, img.get_rect(center=(round(x), round(y))))
        else:
            frame = area.inflate(round(cw * 0.06), 0)
            pygame.draw.rect(surf, ROYAL_TINT[1 if RED[card] else 0], frame, border_radius=max(2, self.radius // 2))
            pygame.draw.rect(surf, colour, frame, width=max(1, cw // 60), border_radius=max(2, self.radius // 2))
            # Letter and suit sized to sit inside the frame, so nothing shows in a covered strip.
            inner_h = frame.h - 2 * max(2, round(ch * 0.03))
            gap = max(3, round(ch * 0.05))
            lsize, ssize = inner_h * 0.5 / 0.73, inner_h * 0.24 / 0.8
            for _attempt in range(6):  # the glyphs' true heights decide: shrink until both fit
                letter = glyph(self.ranks[rank - 1], max(6, round(lsize)), colour)
                small = glyph(suit, max(6, round(ssize)), colour)
                total = letter.get_height() + small.get_height() + gap
                if total <= inner_h:
                    break
                lsize, ssize = lsize * 0.92, ssize * 0.92
            y = frame.centery - total // 2
            surf.blit(letter, letter.get_rect(midtop=(frame.centerx, y)))
            surf.blit(small, small.get_rect(midtop=(frame.centerx, y + letter.get_height() + gap)))
        return surf

    def _draw_back(self) -> pygame.Surface:
        cw, ch = self.cw, self.ch
        hc = self.high_contrast
        surf = rounded_shape(cw, ch, self.radius, BACK, HC_BACK_EDGE if hc else BACK_EDGE,
                             max(3, cw // 16) if hc else max(2, cw // 25))
        inset = max(4, round(cw * 0.1))
        inner = pygame.Rect(inset, inset, cw - 2 * inset, ch - 2 * inset)
        pattern = pygame.Surface(inner.size, pygame.SRCALPHA)
        step = max(6, round(cw * 0.12))
        for k in range(-inner.h, inner.w + inner.h, step):
            pygame.draw.aaline(pattern, BACK_LINE, (k, 0), (k + inner.h, inner.h))
            pygame.draw.aaline(pattern, BACK_LINE, (k, inner.h), (k + inner.h, 0))
        surf.blit(pattern, inner.topleft)
        pygame.draw.rect(surf, BACK_LINE, inner, width=max(1, cw // 50), border_radius=max(2, self.radius // 2))
        return surf


CARD_SETS: Lru[tuple[int, int, bool, bool, tuple[str, ...]], CardArt] = Lru(3)


def card_art(cw: int, ch: int, four_colour: bool = False, high_contrast: bool = False) -> CardArt:
    """A shared card set for pictures drawn again and again (the rules page), a few kept."""
    key = (cw, ch, four_colour, high_contrast, rank_labels())
    cards = CARD_SETS.get(key)
    if cards is None:
        cards = CARD_SETS.put(key, CardArt(cw, ch, four_colour, high_contrast))
    return cards


def darken(surface: pygame.Surface, alpha: int) -> None:
    """Shade ``surface`` as black at ``alpha`` (0-255) laid over it would (the shade behind a dialog).

    A multiply in place: no window-sized layer is made and thrown away on every draw.
    """
    k = max(0, min(255, 255 - alpha))
    surface.fill((k, k, k), special_flags=pygame.BLEND_MULT)


def felt(size: tuple[int, int]) -> pygame.Surface:
    """The table cloth: green, lighter towards the middle, drawn at the window's own size.

    A vertical shading times a horizontal one gives a soft vignette without scaling any
    small picture up. Neighbouring rows (and columns) mostly share a colour, so each run
    of equal colour is one fill.
    """
    w, h = max(size[0], 1), max(size[1], 1)
    surf = pygame.Surface((w, h))
    if pygame.display.get_surface() is not None:
        surf = surf.convert()
    _bands(surf, h, lambda d: (round(24 * (1 - 0.3 * d * d)), round(116 * (1 - 0.3 * d * d)),
                               round(60 * (1 - 0.3 * d * d))), vertical=True)
    _bands(surf, w, lambda d: (round(255 * (1 - 0.28 * d * d)),) * 3, vertical=False, flags=pygame.BLEND_MULT)
    return surf


def _bands(surf: pygame.Surface, n: int, colour_at: Callable[[float], tuple[int, ...]], vertical: bool,
           flags: int = 0) -> None:
    """Fill ``surf`` in runs of equal colour along y (``vertical``) or x; d runs from -1 to 1."""
    w, h = surf.get_size()
    start, current = 0, None
    for i in range(n + 1):
        c = colour_at((i - n / 2) / (n / 2)) if i < n else None
        if c != current:
            if current is not None:
                surf.fill(current, (0, start, w, i - start) if vertical else (start, 0, i - start, h),
                          special_flags=flags)
            start, current = i, c


def cache_sizes() -> dict[str, int]:
    """How many entries each of the module's caches holds (for tests and the memory soak)."""
    return {"fonts": len(FONTS), "texts": len(TEXTS), "text_bytes": TEXTS.weight,
            "glyphs": len(GLYPHS), "glyph_bytes": GLYPHS.weight, "card_sets": len(CARD_SETS)}


def clear_caches() -> None:
    """Forget every cached font, text and glyph (they are made again when next needed)."""
    for cache in (TEXTS, GLYPHS, FONTS, CARD_SETS):
        cache.clear()
