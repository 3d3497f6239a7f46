"""Buttons, what a toolbar button is, and a text panel.

The toolbar is data: a list of ``ButtonSpec``, each carrying a ``Command``
(``yukon.ui.commands``); its label and key come from the one table of commands, translated
where the bar measures and draws it (``ButtonSpec.text``), and the screen that shows the bar
runs the command (``yukon.ui.toolbar`` lays it out; what is no icon is in its menu). ``fit_block``
fits lines of text (the status) into a box: broken at their " · " separators first, then
between words.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from ..text.i18n import pgettext
from . import art, theme
from .commands import COMMANDS, Command
from .layout import text_scale
from .line_breaks import segments

TEXT = (240, 244, 236)
TEXT_DIM = (150, 160, 150)
# (buttons and panels take their colours from the theme in use: ``theme.palette()``)
GOLD = (255, 206, 64)
# High contrast: the bar, a side panel and their buttons plain dark grey with light edges, like its table.
HC_PANEL = (20, 20, 24)
HC_BUTTON = (36, 36, 42)
HC_BUTTON_HOVER = (70, 70, 80)
HC_EDGE = (225, 225, 225)


@dataclass(frozen=True, slots=True)
class ButtonSpec:
    """A button: the command it runs, when it is enabled, and (when it changes) what it reads now.

    ``label`` is the command's English label (``COMMANDS``, marked with ``NC_("button", ...)``):
    it names the button for code; ``text()`` is what the player reads.
    """

    command: Command
    enabled: Callable[[], bool] | None = None
    shown: Callable[[], str] | None = None  # the label as it reads now, when it changes (Full screen / Window)

    @property
    def label(self) -> str:
        """The English label (a ``button`` msgid)."""
        return COMMANDS[self.command].label

    @property
    def key(self) -> str:
        """The key that does the same, as the player reads it ("Ctrl+Z"), or ""."""
        return COMMANDS[self.command].key

    def is_enabled(self) -> bool:
        """Can the button be pressed now?"""
        return self.enabled() if self.enabled is not None else True

    def text(self) -> str:
        """The label to draw, in the player's language."""
        return pgettext("button", self.shown() if self.shown is not None else self.label)


def draw_button(surface: pygame.Surface, rect: pygame.Rect, label: str, size: int,
                hover: bool = False, enabled: bool = True, accent: bool = False, plain: bool = False) -> None:
    """A rounded button with a centred label (``plain``: in high contrast's grey, not green)."""
    radius = max(4, rect.h // 5)
    if plain:
        fill = HC_BUTTON_HOVER if hover and enabled else HC_BUTTON
        edge = HC_EDGE if enabled else (110, 110, 110)
    else:
        colours = theme.palette()
        fill = colours.button_hover if hover and enabled else colours.button
        edge = colours.button_edge if enabled else colours.text_dim
    if accent:
        fill = (120, 90, 10) if not hover else (150, 116, 20)
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    pygame.draw.rect(surface, edge, rect, width=2 if plain and enabled else 1, border_radius=radius)
    img = button_label(label, size, rect.w, theme.palette().text if enabled else TEXT_DIM)
    surface.blit(img, img.get_rect(center=rect.center))


def button_label(label: str, size: int, width: int, colour: tuple[int, int, int] = TEXT) -> pygame.Surface:
    """A button's label at ``size``, or smaller when that is too wide for a button ``width`` pixels wide."""
    img = art.text(label, size, colour, True)
    if img.get_width() > width - 4:
        img = art.text(label, max(8, size * (width - 4) // max(img.get_width(), 1)), colour, True)
    return img


def _pieces(word: str, f: pygame.font.Font, width: int) -> list[str]:
    """``word`` cut into pieces no wider than ``width`` (a file's path, a long compound word)."""
    out: list[str] = []
    while len(word) > 1 and f.size(word)[0] > width:
        lo, hi = 1, len(word) - 1  # the longest piece that fits (at least one character)
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if f.size(word[:mid])[0] <= width:
                lo = mid
            else:
                hi = mid - 1
        out.append(word[:lo])
        word = word[lo:]
    return out + [word]


# Wrapped text by (text, size, width, bold, font family): a screen draws the same paragraphs again
# at each scroll step, and Chinese or Japanese, measured a character at a time, costs more.
WRAPS: art.Lru[tuple[str, int, int, bool, str], tuple[str, ...]] = art.Lru(512)


def _fitting(f: pygame.font.Font, line: str, pieces: list[str], start: int, width: int) -> int:
    """How many of ``pieces`` from ``start`` on fit after ``line`` within ``width`` pixels: the
    most, found by doubling then halving (a line only grows wider as pieces join it)."""
    def fits(n: int) -> bool:
        return f.size((line + "".join(pieces[start:start + n])).rstrip(" "))[0] <= width

    most = len(pieces) - start
    good, step = 0, 1
    while good + step <= most and fits(good + step):
        good += step
        step *= 2
    bad = min(good + step, most + 1)  # the smallest count known not to fit (or one past all)
    while bad - good > 1:
        mid = (good + bad) // 2
        good, bad = (mid, bad) if fits(mid) else (good, mid)
    return good


def wrap(text: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Break ``text`` into lines no wider than ``width`` pixels: at spaces, and between the
    characters of Chinese and Japanese (``line_breaks``); a word too long for a line gets
    lines of its own, cut where the line ends."""
    key = (text, int(size), int(width), bool(bold), art.family())
    known = WRAPS.get(key)
    if known is not None:
        return list(known)
    f = art.font(size, bold)
    lines: list[str] = []
    for para in text.split("\n"):
        pieces = segments(para)
        line, at = "", 0
        while at < len(pieces):
            n = _fitting(f, line, pieces, at, width)
            line += "".join(pieces[at:at + n])
            at += n
            if at == len(pieces):
                break
            if line:  # the next piece starts a line of its own (cut if it is too wide even alone)
                lines.append(line.rstrip(" "))
            word = pieces[at].rstrip(" ")
            *whole, line = _pieces(word, f, width)
            lines += whole
            line += pieces[at][len(word):]
            at += 1
        lines.append(line.rstrip(" "))
    WRAPS.put(key, tuple(lines))
    return lines


SEP = "  \u00b7  "  # between the parts of a status line; a line breaks here before it breaks a part


def _pack(parts: list[str], size: int, width: int, bold: bool, words: bool) -> list[str] | None:
    """Parts joined by SEP into as few rows no wider than ``width`` as they go; a part too wide
    alone is broken between words when ``words``, else (or when a single word is too wide) None."""
    f = art.font(size, bold)
    rows: list[str] = []
    row = ""
    for part in parts:
        trial = row + SEP + part if row else part
        if f.size(trial)[0] <= width:
            row = trial
            continue
        if row:
            rows.append(row)
        row = part
        if f.size(part)[0] > width:
            if not words:
                return None
            pieces = wrap_balanced(part, size, width, bold)
            if any(f.size(p)[0] > width for p in pieces):
                return None
            rows += pieces[:-1]
            row = pieces[-1]
    if row:
        rows.append(row)
    return rows


def ellipsize(text: str, size: int, width: int, bold: bool = False) -> str:
    """``text`` cut at the end with an ellipsis so it is no wider than ``width`` pixels."""
    f = art.font(size, bold)
    if f.size(text)[0] <= width:
        return text
    while text and f.size(text + "\u2026")[0] > width:
        text = text[:-1]
    return text.rstrip() + "\u2026" if text else ""


def fit_block(lines: list[tuple[str, bool]], width: int, height: int, top: int,
              low: int = 9) -> tuple[int, list[tuple[int, str]]]:
    """Fit lines of text (text, bold) into a ``width`` x ``height`` box: the largest size from
    ``top`` down at which every line, broken at its " · " separators, fits; when none does, parts
    may break between words too; when even that fails at ``low``, rows are cut with an ellipsis.
    Returns (size, [(index of the source line, row text)]); rows are ``line_height(size)`` apart."""
    width = max(width, 1)
    for words, bottom in ((False, max(low, 11, round(top * 0.8))), (True, low)):
        for size in range(top, bottom - 1, -1):
            out: list[tuple[int, str]] = []
            for i, (text, bold) in enumerate(lines):
                if not text:
                    continue
                rows = _pack(text.split(SEP), size, width, bold, words)
                if rows is None:
                    break
                out += [(i, r) for r in rows]
            else:
                if block_height(size, len(out)) <= height:
                    return size, out
    out = []
    for i, (text, bold) in enumerate(lines):
        if text:
            rows = _pack(text.split(SEP), low, width, bold, True) or [text]
            out += [(i, ellipsize(r, low, width, bold)) for r in rows]
    keep = len(out)
    while keep > 1 and block_height(low, keep) > height:
        keep -= 1
    return low, out[:keep]


def line_height(size: int) -> int:
    """The distance between the rows of a text block at ``size``."""
    return round(art.font(size).get_height() * 1.2)


def block_height(size: int, rows: int) -> int:
    """The height of ``rows`` rows of text at ``size`` (the last one without its spacing)."""
    return 0 if rows <= 0 else (rows - 1) * line_height(size) + art.font(size).get_height()


def wrap_balanced(text: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Like ``wrap``, in as few lines, but with the lines as even as they can be, so no word is
    left alone on the last line ("a click or any key stops / it")."""
    lines = wrap(text, size, width, bold)
    if len(lines) < 2:
        return lines
    f = art.font(size, bold)
    # never narrower than the widest word: a narrower width may keep the count by cutting a word in two
    widest = max(f.size(piece.rstrip(" "))[0] for para in text.split("\n") for piece in segments(para))
    lo, hi = min(width, widest), width
    while lo < hi:  # the narrowest width that still needs no more lines
        mid = (lo + hi) // 2
        trial = wrap(text, size, mid, bold)
        if len(trial) <= len(lines) and max(f.size(t)[0] for t in trial) <= mid:
            hi = mid
        else:
            lo = mid + 1
    return wrap(text, size, lo, bold)


@dataclass(slots=True)
class Panel:
    """A block of text with buttons that a mode (a lesson) shows beside the table (its text and
    labels come in the player's language: the mode builds them)."""

    title: str
    paragraphs: list[str]
    buttons: list[tuple[str, Callable[[], None]]] = field(default_factory=list)


def _panel_height(panel: Panel, size: int, inner_w: int, pad: int) -> int:
    """The height a panel's text and buttons take at text size ``size``."""
    h = pad + sum(art.font(size + 4, True).size(line)[1] for line in wrap(panel.title, size + 4, inner_w, True))
    h += size // 2
    for para in panel.paragraphs:
        h += sum(art.font(size).size(line)[1] for line in wrap(para, size, inner_w)) + size // 2
    return h + size // 2 + len(panel.buttons) * (_panel_button_height(size) + PANEL_BUTTON_GAP) + pad


PANEL_BUTTON_GAP = 8  # pixels between a panel's buttons


def _panel_button_height(size: int) -> int:
    """A panel button's height at text size ``size``."""
    return max(36, size * 2 + 8)


def panel_text_size(panel: Panel, rect: pygame.Rect, window: tuple[int, int], factor: float = 1.0) -> tuple[int, bool]:
    """The text size ``panel`` is drawn at in ``rect`` (a ``window``-sized window, text at ``factor``
    times its size), and whether all its text fits above its buttons at that size."""
    pad = max(8, rect.w // 18)
    size = round(max(12, min(round(20 * text_scale(*window)), rect.w // 17)) * factor)
    while size > 10 and _panel_height(panel, size, rect.w - 2 * pad, pad) > rect.h:
        size -= 1  # text that would push the buttons off the panel comes down as far as needed (a small window)
    return size, _panel_height(panel, size, rect.w - 2 * pad, pad) <= rect.h


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, panel: Panel, factor: float = 1.0,
               plain: bool = False) -> list[tuple[pygame.Rect, Callable[[], None]]]:
    """Draw a mode's panel (text at ``factor`` times its size; ``plain``: high contrast's grey); return its
    button rectangles with their actions. The buttons keep to the foot of the panel whatever the text."""
    pygame.draw.rect(surface, HC_PANEL if plain else theme.palette().panel, rect)
    pygame.draw.line(surface, HC_EDGE if plain else theme.palette().button_edge, rect.topleft, rect.bottomleft, 2 if plain else 1)
    pad = max(8, rect.w // 18)
    size, _fits = panel_text_size(panel, rect, surface.get_size(), factor)
    inner_w = rect.w - 2 * pad
    bh = _panel_button_height(size)
    top_of_buttons = rect.bottom - pad - len(panel.buttons) * (bh + PANEL_BUTTON_GAP)
    clip = surface.get_clip()
    surface.set_clip(pygame.Rect(rect.x, rect.y, rect.w, max(0, top_of_buttons - size // 2 - rect.y)).clip(clip))
    y = rect.y + pad
    for line in wrap(panel.title, size + 4, inner_w, True):
        img = art.text(line, size + 4, GOLD, True)
        surface.blit(img, (rect.x + pad, y))
        y += img.get_height()
    y += size // 2
    for para in panel.paragraphs:
        for line in wrap(para, size, inner_w):
            img = art.text(line, size, TEXT)
            surface.blit(img, (rect.x + pad, y))
            y += img.get_height()
        y += size // 2
    surface.set_clip(clip)
    out = []
    y = top_of_buttons
    for label, action in panel.buttons:
        r = pygame.Rect(rect.x + pad, y, inner_w, bh)
        draw_button(surface, r, label, size, plain=plain)
        out.append((r, action))
        y += bh + PANEL_BUTTON_GAP
    return out
