"""The rules in our own words on a scrollable screen (text from ``yukon.play.help_text``).

Wheel, Up/Down, Page Up/Down, Home/End or dragging scroll it; Back or Esc returns to
the table. The group-move picture follows the section on moving a tail. ``RulesScreenPlus``
adds "Keys" and "Save the rules" (into the data folder, opened in a web browser) beside Back.
"""

from __future__ import annotations

import tempfile

import pygame

from ..play import help_text
from ..play.help_text import RULES_SECTIONS, TAIL_SECTION
from ..text.i18n import _, pgettext
from . import art, theme
from .commands import Command
from .input import Action, Input, PointerDown, PointerMove, PointerUp, Wheel
from .keys_overlay import KeysOverlay
from .layout import sized, text_scale
from .screen import Host, Screen, spoken_join
from .sheet import SheetScreen
from .widgets import GOLD, TEXT, draw_button, wrap

BACKGROUND = theme.THEMES["light"][1].page  # the page in the light theme (the dark theme has its own)
HC_BACKGROUND = (8, 8, 10)  # high contrast: the plain near-black of the table


class RulesScreen(Screen):
    """A scrollable page of the rules."""

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.scroll = 0
        self.max_scroll = 0
        self.drag_from: tuple[int, int] | None = None
        self.back_rect = pygame.Rect(0, 0, 0, 0)
        self.hover = False

    def background(self) -> tuple[int, int, int]:
        """The page's colour: the theme's (green, or charcoal in the dark theme), or near black in high contrast."""
        return HC_BACKGROUND if self.app.prefs.high_contrast else theme.palette().page

    def _size(self) -> int:
        w, h = self.app.size
        return sized(max(13, min(round(22 * text_scale(w, h)), min(w // 48, h // 30))), self.app.prefs.text_factor)

    def handle(self, cmd: Input) -> None:
        """Scroll, or go back."""
        line = self._size() * 3
        page = max(line, self.app.size[1] - 160)
        if isinstance(cmd, Action):
            asked = cmd.command
            if asked in (Command.CANCEL, Command.RULES, Command.CONFIRM):
                self.app.pop(self)
            elif asked is Command.QUIT:
                self.app.quit()
            elif asked in (Command.UP, Command.DOWN):
                self._scroll_by(line if asked is Command.DOWN else -line)
            elif asked in (Command.PAGE_UP, Command.PAGE_DOWN, Command.LEFT, Command.RIGHT):
                self._scroll_by(page if asked in (Command.PAGE_DOWN, Command.RIGHT) else -page)
            elif asked in (Command.HOME, Command.END):
                self._scroll_by(-10**7 if asked is Command.HOME else 10**7)
        elif isinstance(cmd, Wheel):
            self._scroll_by(-(cmd.dy or -cmd.dx) * line)
        elif isinstance(cmd, PointerDown) and cmd.button == 1:
            if self.back_rect.collidepoint(cmd.x, cmd.y):
                self.app.pop(self)
                return
            self.drag_from = (cmd.y, self.scroll)
        elif isinstance(cmd, PointerDown) and cmd.button == 3:
            self.app.pop(self)
        elif isinstance(cmd, PointerMove):
            if cmd.held and self.drag_from is not None:
                y0, s0 = self.drag_from
                self._scroll_to(s0 - (cmd.y - y0))
            hover = self.back_rect.collidepoint(cmd.x, cmd.y)
            if hover != self.hover:
                self.hover = hover
                self.full = True
        elif isinstance(cmd, PointerUp):
            self.drag_from = None

    def _scroll_by(self, d: int) -> None:
        self._scroll_to(self.scroll + d)

    def _scroll_to(self, s: int) -> None:
        s = max(0, min(s, self.max_scroll))
        if s != self.scroll:
            self.scroll = s
            self.full = True

    def spoken(self) -> str:
        """The title, then every section of the rules (Esc, or any key that speaks, cuts it off)."""
        said = [_("How to play Yukon")]
        for heading, paragraphs in RULES_SECTIONS:
            said += [_(heading)] + [_(p) for p in paragraphs]
        return spoken_join(*said)

    def _content(self, width: int, size: int) -> list[tuple[str, object]]:
        items: list[tuple[str, object]] = []
        for heading, paragraphs in RULES_SECTIONS:
            items.append(("heading", _(heading)))
            for p in paragraphs:
                items.append(("para", _(p)))
            if heading == TAIL_SECTION:
                items.append(("picture", None))
        return items

    def draw(self, surface: pygame.Surface, alpha: float) -> list[pygame.Rect] | None:
        """The page, clipped between the title and the Back button."""
        w, h = surface.get_size()
        size = self._size()
        surface.fill(self.background())
        col_w = min(w - 40, size * 40)
        x = (w - col_w) // 2
        top = size * 3 + 10
        bottom = h - (size * 2 + 36)
        title = art.text(_("How to play Yukon"), size + 10, GOLD, True)
        surface.blit(title, title.get_rect(midtop=(w // 2, 10)))
        clip = pygame.Rect(0, top, w, max(bottom - top, 1))
        surface.set_clip(clip)
        y = top + 8 - self.scroll
        line_h = art.font(size).get_linesize()
        for kind, value in self._content(col_w, size):
            if kind == "heading":
                y += size // 2
                img = art.text(str(value), size + 4, GOLD, True)
                surface.blit(img, (x, y))
                y += img.get_height() + 4
            elif kind == "para":
                for line in wrap(str(value), size, col_w):
                    if top - line_h < y < bottom:
                        surface.blit(art.text(line, size, TEXT), (x, y))
                    y += line_h
                y += size // 2
            else:
                try:
                    from .rules_picture import draw_group_move, picture_height

                    ph = picture_height(col_w, self.app.prefs.text_factor)
                    if y + ph > top and y < bottom:
                        draw_group_move(surface, pygame.Rect(x, y, col_w, ph), self.app.prefs)
                    y += ph + size
                except Exception:  # noqa: BLE001, S110 - the picture is a bonus; the text must show regardless
                    pass
        content_h = y + self.scroll - top
        self.max_scroll = max(0, content_h - (bottom - top) + 8)
        surface.set_clip(None)
        if self.max_scroll:
            bar_h = max(30, (bottom - top) * (bottom - top) // max(content_h, 1))
            by = top + (bottom - top - bar_h) * self.scroll // max(self.max_scroll, 1)
            pygame.draw.rect(surface, theme.palette().button_edge, (w - 12, by, 6, bar_h), border_radius=3)
        bw = max(140, size * 8)
        self.back_rect = pygame.Rect((w - bw) // 2, h - size * 2 - 28, bw, size * 2 + 16)
        draw_button(surface, self.back_rect, pgettext("button", "Back to the table"), size, hover=self.hover)
        self.full = False
        return None


class RulesScreenPlus(RulesScreen):
    """The Rules screen with "Keys" and "Save the rules" buttons beside Back."""

    def __init__(self, app: Host, folder: str | None) -> None:
        super().__init__(app)
        self.folder = folder  # the data folder the page is saved into (None: the temporary folder)
        self.save_rect = pygame.Rect(0, 0, 0, 0)
        self.keys_rect = pygame.Rect(0, 0, 0, 0)
        self.note = ""
        self.hover_extra = ""

    def handle(self, cmd: Input) -> None:
        """Our two buttons first, then the page as before."""
        if isinstance(cmd, PointerDown) and cmd.button == 1:
            if self.save_rect.collidepoint(cmd.x, cmd.y):
                self.save_rules()
                return
            if self.keys_rect.collidepoint(cmd.x, cmd.y):
                self.app.push(SheetScreen(self.app, KeysOverlay()))
                return
        if isinstance(cmd, Action) and cmd.command is Command.KEYS:
            self.app.push(SheetScreen(self.app, KeysOverlay()))
            return
        if isinstance(cmd, PointerMove):
            h = "save" if self.save_rect.collidepoint(cmd.x, cmd.y) else (
                "keys" if self.keys_rect.collidepoint(cmd.x, cmd.y) else "")
            if h != self.hover_extra:
                self.hover_extra = h
                self.full = True
        super().handle(cmd)

    def save_rules(self) -> None:
        """Write the rules page into the data folder (the saves' own; without one, the temporary
        folder), open it in the web browser if there is one, and say where it went."""
        folder = self.folder or tempfile.gettempdir()
        _unused, self.note = help_text.save_and_open_rules(folder)
        self.full = True

    def draw(self, surface: pygame.Surface, alpha: float) -> list[pygame.Rect] | None:
        """The page as before, then Keys, Back and Save the rules in one row, and the last note."""
        super().draw(surface, alpha)
        w, h = surface.get_size()
        size = self._size()
        back = self.back_rect
        band = pygame.Rect(0, back.y - 6, w, h - back.y + 6)
        pygame.draw.rect(surface, self.background(), band)
        f = art.font(size, True)
        labels = [pgettext("button", "Keys"), pgettext("button", "Back to the table"),
                  pgettext("button", "Save the rules")]
        widths = [f.size(label)[0] + 2 * size for label in labels]
        gap = max(10, size)
        total = sum(widths) + gap * 2
        if total > w - 16:
            k = (w - 16 - 2 * gap) / sum(widths)
            widths = [int(x * k) for x in widths]
            total = sum(widths) + gap * 2
        x = (w - total) // 2
        rects = []
        for wd in widths:
            rects.append(pygame.Rect(x, back.y, wd, back.h))
            x += wd + gap
        self.keys_rect, self.back_rect, self.save_rect = rects
        draw_button(surface, self.keys_rect, labels[0], size, hover=self.hover_extra == "keys")
        draw_button(surface, self.back_rect, labels[1], size, hover=self.hover)
        draw_button(surface, self.save_rect, labels[2], size, hover=self.hover_extra == "save")
        if self.note:
            small = max(11, size - 3)
            lines = wrap(self.note, small, w - 24)
            line_h = art.font(small).get_linesize()
            box = pygame.Rect(0, band.y - len(lines) * line_h - 8, w, len(lines) * line_h + 8)
            pygame.draw.rect(surface, theme.palette().note, box)
            y = box.y + 4
            for line in lines:
                img = art.text(line, small, (255, 206, 64))
                surface.blit(img, img.get_rect(midtop=(w // 2, y)))
                y += line_h
        return None
