"""The keys overlay (?) listing every shortcut, and the "Choose deal" box that takes a deal number."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ..core.cards import MAX_SEED
from ..play.help_text import key_list
from ..play.share_code import PREFIX, ShareCode, ShareCodeError, decode
from ..text.i18n import N_, _, language, pgettext
from . import art, theme
from .clipboard import paste_text
from .code_words import FAULT_LINES
from .commands import Asked, Command, Digit
from .input import Action, Input, PointerDown, Typed
from .screen import spoken_join
from .sheet import FOCUS, GOLD, TEXT, TEXT_DIM, Sheet, draw_paragraphs
from .widgets import wrap


class KeysOverlay(Sheet):
    """Every shortcut, key and meaning side by side; Up/Down (or the wheel) scroll a list
    too long for a small window; any other key or a click closes it."""

    title = N_("Keys")  # translated where the sheet draws it

    def __init__(self) -> None:
        super().__init__()
        self.offset = 0  # pixels scrolled
        self.max_offset = 0
        # content heights by (width, type size, language): a small window tries size after size
        # at every drawing, each one wrapping the whole list
        self._heights: dict[tuple[int, int, str], int] = {}

    def buttons(self) -> list[tuple[str, Callable[[], None]]]:
        """The buttons along the bottom."""
        return [(pgettext("button", "Close"), self.close)]

    def content_spoken(self) -> str:
        """Every key and what it does."""
        # TRANSLATORS: a key and what it does, read aloud in the keys list ("H: show a hint").
        return spoken_join(*[_("{key}: {what}").format(key=key, what=what) for key, what in key_list()])

    def handle(self, cmd: Input) -> None:
        """Up/Down scroll; any other key or a click closes the list."""
        if isinstance(cmd, Action) and cmd.command in (Command.UP, Command.DOWN):
            self.wheel(1 if cmd.command is Command.UP else -1)
            return
        if isinstance(cmd, Action) and cmd.command not in (Command.LEFT, Command.RIGHT):
            self.close()
            return
        if isinstance(cmd, PointerDown):
            self.close()
            return
        super().handle(cmd)

    def wheel(self, dy: int) -> None:
        """Scroll the list (up is positive)."""
        step = art.font(self.size).get_linesize() * 3
        self.offset = max(0, min(self.max_offset, self.offset - dy * step))

    def _key_width(self, size: int) -> int:
        return max(art.font(size, True).size(k)[0] for k, _what in key_list()) + 20

    def content_height(self, width: int, size: int | None = None) -> int:
        """The height the content wants at ``width``."""
        size = size or self.size
        known = self._heights.get((width, size, language()))
        if known is not None:
            return known
        line = art.font(size).get_linesize()
        listed = key_list()
        rows = sum(len(wrap(what, size, width - self._key_width(size))) for _key, what in listed)
        height = self._heights[(width, size, language())] = rows * line + len(listed) * 2 + 8
        return height

    def draw_content(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Draw the content into ``rect``."""
        size = self.size
        while size > 10 and self.content_height(rect.w, size) > rect.h:
            size -= 1  # a small window: smaller type rather than a hidden key
        line = art.font(size).get_linesize()
        key_w = self._key_width(size)
        full = self.content_height(rect.w, size)
        # a list longer than the window keeps a strip at the foot for "more", clear of the keys
        view = rect if full <= rect.h else pygame.Rect(rect.x, rect.y, rect.w, rect.h - art.font(size, True).get_linesize())
        self.max_offset = max(0, full - view.h)
        self.offset = min(self.offset, self.max_offset)
        clip = surface.get_clip()
        surface.set_clip(view.clip(clip) if clip else view)
        y = rect.y - self.offset
        for key, what in key_list():
            if view.top <= y and y + line <= view.bottom:  # only whole lines in sight
                surface.blit(art.text(key, size, GOLD, True), (rect.x, y))
            for part in wrap(what, size, rect.w - key_w):
                if view.top <= y and y + line <= view.bottom:
                    surface.blit(art.text(part, size, TEXT), (rect.x + key_w, y))
                y += line
            y += 2
        surface.set_clip(clip)
        if self.max_offset:  # say that there is more, and which way
            # TRANSLATORS: at the foot of a keys list too long for the window; Down and Up are the keys.
            more = _("\u25bc more (Down)") if self.offset < self.max_offset else _("\u25b2 more (Up)")
            img = art.text(more, size, GOLD, True)
            box = img.get_rect(bottomright=(rect.right, rect.bottom))
            pygame.draw.rect(surface, theme.palette().panel, box.inflate(8, 2))
            surface.blit(img, box)


CODE_LENGTH = 4 * 1_000 + 20  # characters a typed or pasted share code may have (the longest games' codes)


class DealDialog(Sheet):
    """Type a deal number, or type or paste (Ctrl+V) a share code; Enter deals it (after the
    caller's own question, if any). A bad code gets its one-line reason and deals nothing."""

    title = N_("Choose deal")  # translated where the sheet draws it

    def __init__(self, current: int | None, on_deal: Callable[[int], None],
                 deal_note: Callable[[int], str | None] | None = None,
                 on_code: Callable[[ShareCode], None] | None = None) -> None:
        super().__init__()
        self.text = ""
        self.current = current  # the number of the deal on the table (None: none to show)
        self.on_deal = on_deal
        self.on_code = on_code  # a share code typed or pasted (None: numbers only)
        # a word on the typed deal (how hard it is), when some part has one
        self.deal_note: Callable[[int], str | None] | None = deal_note
        self.error: str | None = None  # the English message, marked; translated where drawn

    def buttons(self) -> list[tuple[str, Callable[[], None]]]:
        """The buttons along the bottom."""
        return [(pgettext("button", "Cancel"), self.close), (pgettext("button", "Deal"), self.deal)]

    def content_spoken(self) -> str:
        """What the box is for, and the deal on the table."""
        return spoken_join(self._intro(), self.current_text())

    def focus_spoken(self) -> str:
        """The number typed so far and the word on it (or what is wrong with it)."""
        if self.question is not None or self.focus_button is not None:
            return super().focus_spoken()
        said = self.note_text() if self.error is None else _(self.error).format(largest=MAX_SEED)
        return spoken_join(self.text, said)

    @staticmethod
    def _intro() -> str:
        return _("Every shuffle has a number. Type one to play that deal "
                 "(to replay a game or play the one a friend had).")

    def is_code(self) -> bool:
        """Is the text typed so far a share code (it begins with a letter), not a number?"""
        return self.on_code is not None and self.text[:1].isalpha()

    def type_text(self, s: str) -> None:
        """Characters typed or pasted: digits for a number; letters, digits and dashes for a share code."""
        if self.on_code is not None and (self.is_code() or s.strip()[:1].isalpha()):
            kept = "".join(ch for ch in s.strip() if ch.isalnum() or ch == "-").upper()
            self.text = (self.text + kept)[:CODE_LENGTH]
            self.error = None
            return
        digits = "".join(ch for ch in s if ch.isdigit())
        if digits and len(self.text) < 20:
            self.text = (self.text + digits)[:20]
            self.error = None
        elif s.strip() and not digits:
            self.error = N_("A deal number has digits only.")

    def backspace(self) -> None:
        """Delete the last digit."""
        self.text = self.text[:-1]
        self.error = None

    def deal(self) -> None:
        """Deal the typed number or share code, or say what is wrong with it."""
        if not self.text:
            self.error = N_("Type a deal number first.")
            return
        if self.is_code() and self.on_code is not None:
            try:
                code = decode(self.text)
            except ShareCodeError as e:
                self.error = FAULT_LINES[e.fault]
                return
            self.closed = True
            self.on_code(code)
            return
        n = int(self.text)
        if n > MAX_SEED:
            # TRANSLATORS: {largest} is 18446744073709551615, the largest deal number.
            self.error = N_("Deal numbers go from 0 to {largest}.")
            return
        self.closed = True
        self.on_deal(n)

    def action(self, asked: Asked) -> bool:
        """Keys for this sheet: Enter deals, Backspace (it comes as Undo) deletes, digits type; True when used."""
        if asked is Command.CONFIRM:
            self.deal()
            return True
        if asked is Command.UNDO:
            self.backspace()
            return True
        if isinstance(asked, Digit):
            self.type_text(str(asked.value))
            return True
        if asked is Command.PASTE_CODE and self.on_code is not None:
            pasted = paste_text()
            if pasted:
                self.text = ""
                self.type_text(pasted if pasted.strip()[:1].isalpha() else pasted.strip())
            return True
        return asked in (Command.LEFT, Command.RIGHT, Command.UP, Command.DOWN, Command.REDO, Command.HINT)

    def handle(self, cmd: Input) -> None:
        """A letter typed (a share code's) goes into the box; a key whose command the box does
        not use types its character into a share code under way."""
        if isinstance(cmd, Typed) and self.question is None:
            if self.on_code is not None and (self.is_code() or cmd.text.isalpha() or (self.text and cmd.text == "-")):
                self.type_text(cmd.text)
            return
        if (isinstance(cmd, Action) and cmd.text and self.is_code() and self.question is None
                and not isinstance(cmd.command, Digit) and cmd.command not in (Command.CONFIRM, Command.CANCEL,
                                                                                Command.UNDO, Command.SELECT)):
            self.type_text(cmd.text)
            return
        if (isinstance(cmd, Action) and cmd.text.isalpha() and not self.text and self.on_code is not None
                and self.question is None and cmd.text.upper() == PREFIX[0]):
            self.type_text(cmd.text)  # Y (the deal of the day's key) begins a code here
            return
        super().handle(cmd)

    def content_height(self, width: int) -> int:
        """The height the content wants at ``width``."""
        return art.font(self.size).get_linesize() * 9

    def draw_content(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Draw the content into ``rect``."""
        size = self.size
        words = [self._intro()]
        if self.on_code is not None:
            words.append(_("Or type or paste (Ctrl+V) a share code, such as YK1-4DEP-YD2M-WHW."))
        y = draw_paragraphs(surface, rect, words, size, TEXT_DIM)
        box = pygame.Rect(rect.x, y, min(rect.w, size * 18), art.font(size + 4).get_linesize() + 12)
        pygame.draw.rect(surface, theme.palette().note, box, border_radius=6)
        pygame.draw.rect(surface, FOCUS, box, width=2, border_radius=6)
        shown = self.text or ""
        if shown and art.font(size + 4, True).size(shown)[0] > box.w - 24:  # a long code: its end, as typed
            shown = "\u2026" + shown[-max(8, (box.w - 40) // max(1, art.font(size + 4, True).size("W")[0])):]
        img = art.text(shown, size + 4, TEXT, True) if shown else None
        x = box.x + 10
        if img is not None:
            surface.blit(img, (x, box.y + 6))
            x += img.get_width() + 2
        pygame.draw.line(surface, FOCUS, (x + 1, box.y + 8), (x + 1, box.bottom - 8), 2)  # the caret
        y = box.bottom + 8
        note = self.note_text()
        if self.error:
            for part in wrap(_(self.error).format(largest=MAX_SEED), size, rect.w, True):  # a code's reason may be long
                surface.blit(art.text(part, size, (255, 140, 120), True), (rect.x, y))
                y += art.font(size, True).get_linesize()
        elif note:
            surface.blit(art.text(note, size, TEXT), (rect.x, y))
        elif self.current is not None:
            surface.blit(art.text(self.current_text(), size, TEXT_DIM), (rect.x, y))

    def current_text(self) -> str:
        """The word under the box on the deal on the table (when no other word is due), or ""."""
        return "" if self.current is None else _("This deal is number {number}.").format(number=self.current)

    def note_text(self) -> str:
        """The word on the deal number typed so far (its difficulty), or ""."""
        if self.deal_note is None or not self.text or self.is_code() or int(self.text) > MAX_SEED:
            return ""
        return self.deal_note(int(self.text)) or ""
