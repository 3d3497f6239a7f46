"""The settings screen: each setting one row, changed by a click or by the keys.

A click changes a row when the button goes down and comes up on that same row; nothing
the click does moves the rows under the pointer. Rows that do not fit the window scroll,
with a scroll bar beside them (the wheel, a drag of its thumb, a click on its track).
Up/Down move the focus between rows (the list scrolls to keep it in sight),
Left/Right/Enter change the focused one. Done keeps the choices. The language applies at
once (the sheet itself is relabelled), and Cancel puts the one from before back. A change
of the rules (variant or an option) while a game is under way asks first: deal anew under
the new rules now, or keep playing and use them from the next deal.
"""

from __future__ import annotations

import copy
from collections.abc import Callable

import pygame

from ..core.rules import VARIANTS
from ..play.settings import (
    ANIMATION_ORDER,
    CARD_BACKS,
    DECKS,
    FELTS,
    SPEECH_DETAIL_ORDER,
    TEXT_SIZE_ORDER,
    THEMES,
    Settings,
)
from ..text import i18n
from ..text.i18n import LANGUAGES, N_, NC_, _, pgettext
from ..text.words import rules_line, variant_title
from . import art, theme
from .card_backs import back_title
from .commands import Asked, Command
from .deck import deck_title
from .felts import felt_title
from .look_preview import LookPreview
from .screen import spoken_join
from .scrollbar import ScrollBar
from .sheet import FOCUS, Sheet
from .theme import theme_title
from .widgets import wrap

# (field, label, help line), in English, translated where drawn; the value text comes from ``value_text``
ROWS: list[tuple[str, str, str]] = [
    ("variant", N_("Game"), N_("Yukon builds in alternating colours, Russian Solitaire in suit")),
    ("any_card_in_space", N_("Any card in an empty column"), N_("off: only a King may fill an empty column")),
    ("foundation_return", N_("Foundation cards may come back"),
     N_("the top card of a foundation may return to a column")),
    ("animation", N_("Animation"), N_("how fast cards slide; off places them at once")),
    ("sound", N_("Sound"), N_("quiet sounds for slides, flips, cards going home and a win")),
    ("auto_home_safe", N_("Send safe cards home by itself"),
     N_("after your move, a card goes home once no card left in play could need it")),
    ("auto_finish", N_("Offer to finish"), N_("once every card is face up, offer to play the ending out")),
    ("winnable_only", N_("Winnable deals only"), N_("deal only shuffles the solver has proved can be won")),
    ("hide_verdicts", N_("Hide whether the deal can be won"),
     N_("no winnable or lost news from the solver; Hint still helps when you ask")),
    ("left_handed", N_("Left-handed layout"), N_("foundations on the left side of the table")),
    ("deck", N_("Cards"), N_("the pictures on the cards: Classic and Vintage are pictured decks, Simple is plain")),
    ("card_back", N_("Card back"), N_("the pattern on the back of the cards")),
    ("felt", N_("Table"), N_("the colour of the cloth the cards lie on")),
    ("theme", N_("Theme"), N_("light, or dark for a dim room: the table, the bar and the dialogs")),
    ("four_colour", N_("Four-colour deck"),
     N_("one colour per suit: black spades, red hearts, blue diamonds, green clubs")),
    ("high_contrast", N_("High contrast"), N_("a plain dark table, bold card edges and thicker outlines")),
    ("text_size", N_("Text size"), N_("normal, large or larger text on every screen")),
    ("speech", N_("Speech"), N_("the game reads itself aloud through your screen reader or the system's voice")),
    ("speech_detail", N_("Speech detail"), N_("short sentences while you play, or full ones with every detail")),
    ("language", N_("Language"), N_("the language of every screen; System follows your computer's")),
]
ROW_GAP = 4  # pixels between two rows
WARNING = (255, 190, 120)  # the note that no speech output was found
RULE_FIELDS = ("variant", "any_card_in_space", "foundation_return")
# The values of the animation and text size rows, as the player reads them (translated where shown).
ANIMATION_NAMES: dict[str, str] = {
    "off": NC_("animation", "Off"), "fast": NC_("animation", "Fast"), "normal": NC_("animation", "Normal"),
    "slow": NC_("animation", "Slow"),
}
TEXT_SIZE_NAMES: dict[str, str] = {
    "normal": NC_("text size", "Normal"), "large": NC_("text size", "Large"), "larger": NC_("text size", "Larger"),
}
SPEECH_DETAIL_NAMES: dict[str, str] = {"short": NC_("speech detail", "Short"), "full": NC_("speech detail", "Full")}
# The rows of how the table looks: their values in order (the window draws them as soon as they change).
LOOK_CHOICES: dict[str, tuple[str, ...]] = {"deck": DECKS, "card_back": CARD_BACKS, "felt": FELTS, "theme": THEMES}
LOOK_FIELDS = (*LOOK_CHOICES, "four_colour", "high_contrast")
# The Language row's values: following the system, then every shipped language.
LANGUAGE_ORDER: tuple[str, ...] = (i18n.SYSTEM, *LANGUAGES)


def language_text(choice: str) -> str:
    """The Language row's value: a language named in its own language, or "System (Deutsch)"."""
    if choice == i18n.SYSTEM:
        # TRANSLATORS: the Language setting when it follows the computer's language; {language}
        # is the language that gives, named in its own language (Deutsch, Français).
        return _("System ({language})").format(language=LANGUAGES[i18n.system_language()])
    return LANGUAGES.get(choice, choice)


def value_text(settings: Settings, name: str) -> str:
    """The value of a setting as shown on its row, in the player's language."""
    value = getattr(settings, name)
    if name == "variant":
        return variant_title(value)
    if name == "animation":
        return pgettext("animation", ANIMATION_NAMES[value])
    if name == "text_size":
        return pgettext("text size", TEXT_SIZE_NAMES[value])
    if name == "language":
        return language_text(value)
    if name == "speech_detail":
        return pgettext("speech detail", SPEECH_DETAIL_NAMES[value])
    if name == "deck":
        return deck_title(value)
    if name == "card_back":
        return back_title(value)
    if name == "felt":
        return felt_title(value)
    if name == "theme":
        return theme_title(value)
    # TRANSLATORS: the value of a setting that is on or off.
    return pgettext("setting", "On") if value else pgettext("setting", "Off")


def next_value(settings: Settings, name: str, step: int = 1) -> None:
    """Change a setting to its next (or previous) value."""
    value = getattr(settings, name)
    if name == "variant":
        order = list(VARIANTS)
        setattr(settings, name, order[(order.index(value) + step) % len(order)])
    elif name == "animation":
        setattr(settings, name, ANIMATION_ORDER[(ANIMATION_ORDER.index(value) + step) % len(ANIMATION_ORDER)])
    elif name == "text_size":
        setattr(settings, name, TEXT_SIZE_ORDER[(TEXT_SIZE_ORDER.index(value) + step) % len(TEXT_SIZE_ORDER)])
    elif name == "language":
        at = LANGUAGE_ORDER.index(value) if value in LANGUAGE_ORDER else 0
        setattr(settings, name, LANGUAGE_ORDER[(at + step) % len(LANGUAGE_ORDER)])
    elif name == "speech_detail":
        setattr(settings, name, SPEECH_DETAIL_ORDER[(SPEECH_DETAIL_ORDER.index(value) + step) % len(SPEECH_DETAIL_ORDER)])
    elif name in LOOK_CHOICES:
        values = LOOK_CHOICES[name]
        at = values.index(value) if value in values else 0
        setattr(settings, name, values[(at + step) % len(values)])
    else:
        setattr(settings, name, not value)


class SettingsScreen(Sheet):
    """Shows and changes the settings; ``on_done(settings, new_deal)`` receives the result.

    ``on_language(choice)`` puts a language in use at once: on each change of the Language row,
    and with the language from before when the sheet closes without Done. ``speech_note`` (in
    the player's language) says why no speech is heard, on the Speech row, when none is found.
    """

    title = N_("Settings")

    def __init__(self, settings: Settings, game_under_way: bool,
                 on_done: Callable[[Settings, bool], None], hidden: frozenset[str] = frozenset(),
                 on_language: Callable[[str], None] | None = None, speech_note: str | None = None,
                 on_look: Callable[[Settings], None] | None = None) -> None:
        super().__init__()
        self.on_language = on_language
        self.speech_note = speech_note
        self.on_look = on_look
        self.preview = LookPreview()
        # rows for features the program does not have right now (the solver's) stay hidden
        self.rows = [r for r in ROWS if r[0] not in hidden]
        self.original = settings
        self.settings = copy.deepcopy(settings)
        self.game_under_way = game_under_way
        self.on_done = on_done
        self.focus = 0
        self._rows: list[pygame.Rect] = []  # each row's part in sight as last drawn (empty when out of sight)
        self.scroll = ScrollBar()  # the rows that do not fit the window scroll
        self._list = pygame.Rect(0, 0, 0, 0)  # where the rows show, as last drawn
        self._pitch = 1  # from one row's top to the next
        self._pressed: int | None = None  # the row the left button went down on
        self._reveal = False  # the keys moved the focus: bring its row into sight at the next draw

    def note(self, name: str, note: str) -> str:
        """The help line of the row ``name`` in the player's language (the Speech row says when no
        speech output was found)."""
        if name == "speech" and self.speech_note:
            return self.speech_note
        return _(note)

    def row_spoken(self, index: int) -> str:
        """A row as it is spoken: "Sound: On", and its help line in full detail or when it warns."""
        name, label, _note = self.rows[index]
        # TRANSLATORS: a setting's row read aloud: {label} is its name ("Sound"), {value} its value ("On").
        text = _("{label}: {value}").format(label=_(label), value=value_text(self.settings, name))
        if name == "speech" and self.speech_note:
            return spoken_join(text, self.speech_note)
        return text

    def content_spoken(self) -> str:
        """The row the keys are on."""
        return self.row_spoken(self.focus)

    def focus_spoken(self) -> str:
        """The focused row (with its value), else the button or the question."""
        if self.question is None and self.focus_button is None:
            return self.row_spoken(self.focus)
        return super().focus_spoken()

    def rules_changed(self) -> bool:
        """Do the chosen rules differ from the rules the settings had on opening?"""
        return any(getattr(self.settings, f) != getattr(self.original, f) for f in RULE_FIELDS)

    def buttons(self) -> list[tuple[str, Callable[[], None]]]:
        """The buttons along the bottom."""
        return [(NC_("button", "Cancel"), self.cancel), (NC_("button", "Done"), self.done)]

    def cancel(self) -> None:
        """Close without changing anything."""
        self.close()

    def close(self) -> None:
        """Close without keeping the choices: the language from before comes back."""
        if self.settings.language != self.original.language:
            self.settings.language = self.original.language
            self._language_chosen()
        if any(getattr(self.settings, f) != getattr(self.original, f) for f in LOOK_FIELDS):
            for f in LOOK_FIELDS:
                setattr(self.settings, f, getattr(self.original, f))
            self._look_chosen()
        super().close()

    def change(self, name: str, step: int = 1) -> None:
        """Change the setting ``name`` to its next (or previous) value; a language applies at once."""
        next_value(self.settings, name, step)
        if name == "language":
            self._language_chosen()
        elif name in LOOK_FIELDS:
            self._look_chosen()

    def _look_chosen(self) -> None:
        """The table under the sheet (and the sheet, in its theme) shows the look chosen so far."""
        if self.on_look is not None:
            shown = copy.deepcopy(self.original)
            for f in LOOK_FIELDS:
                setattr(shown, f, getattr(self.settings, f))
            self.on_look(shown)

    def footnote(self) -> str | None:
        """Beside the buttons, why the table draws another deck than the one chosen (the rows never move for it)."""
        return self.look_note()

    def look_note(self) -> str | None:
        """Why the table draws another deck than the one chosen (four-colour suits or high contrast
        need the Simple deck, or the deck's files are damaged), or None."""
        return self.preview.deck_note(self.settings)

    def _language_chosen(self) -> None:
        if self.on_language is not None:
            self.on_language(self.settings.language)
    def done(self) -> None:
        """Keep the choices; ask first if they would replace a game under way."""
        if self.rules_changed() and self.game_under_way:
            # TRANSLATORS: {game} is the rules chosen: the game's name and any option that differs from the
            # usual rules ("Yukon", "Yukon, no foundation return", "Russian Solitaire, any card in an empty column").
            self.ask(_("The new rules ({game}) need a new deal. Replace the game under way now "
                       "(it counts as a loss), or keep playing it and use the new rules from the next deal?").format(
                         game=rules_line(self.settings.rules())),
                     [(pgettext("button", "New deal now"), lambda: self._finish(True)),
                      (pgettext("button", "From the next deal"), lambda: self._finish(False)),
                      (pgettext("button", "Back"), lambda: None)], cancel_index=2)
            return
        self._finish(self.rules_changed())

    def _finish(self, new_deal: bool) -> None:
        self.closed = True
        self.on_done(self.settings, new_deal)

    def action(self, asked: Asked) -> bool:
        """Keys for this sheet: Up/Down choose a row, Left/Right/Enter change it, S is Done; True when used."""
        if self.focus_button is not None:  # on the Cancel / Done row
            if asked is Command.UP:
                self.focus_button = None
                self.focus = len(self.rows) - 1
                return True
            if asked is Command.DOWN:
                return True
            if asked is Command.SETTINGS:
                self.done()
                return True
            return False
        if asked is Command.UP:
            self.focus = (self.focus - 1) % len(self.rows)
            self._reveal = True
        elif asked is Command.DOWN:
            if self.focus == len(self.rows) - 1:
                self.focus_button = len(self.buttons()) - 1  # on to Done
            else:
                self.focus += 1
                self._reveal = True
        elif asked in (Command.LEFT, Command.RIGHT, Command.CONFIRM, Command.SELECT):
            self.change(self.rows[self.focus][0], -1 if asked is Command.LEFT else 1)
        elif asked is Command.SETTINGS:
            self.done()
        else:
            return False
        return True

    def wheel(self, dy: int) -> None:
        """The wheel scrolls the list a row a notch; the focus stays where it is."""
        self.scroll.wheel(dy, self._pitch)

    def row_at(self, x: int, y: int) -> int | None:
        """The row under (x, y) where the list lies now (scrolled as it is), or None."""
        if not self._list.collidepoint(x, y):
            return None
        i, within = divmod(y - self._list.y + self.scroll.offset, self._pitch)
        return i if i < len(self.rows) and within < self._pitch - ROW_GAP else None

    def click(self, x: int, y: int) -> bool:
        """The left button goes down: on a row nothing changes until it comes up on that row;
        on the scroll bar, the bar takes it."""
        self._pressed = None
        if self.scroll.press(x, y, self._list.h - self._pitch):
            return True
        self._pressed = self.row_at(x, y)
        return self._pressed is not None

    def drag(self, x: int, y: int) -> None:
        """The pointer moves with the left button down: a held thumb follows it."""
        self.scroll.drag(y)

    def release(self, x: int, y: int) -> None:
        """The left button comes up: a press and release on the same row change that setting."""
        pressed, self._pressed = self._pressed, None
        self.scroll.release()
        if pressed is not None and self.row_at(x, y) == pressed:
            self.focus = pressed
            self.focus_button = None
            self.change(self.rows[pressed][0])

    def row_rect(self, name: str) -> pygame.Rect | None:
        """Where the row of the setting ``name`` was last drawn (None when it was not in sight)."""
        names = [r[0] for r in self.rows]
        if name not in names or names.index(name) >= len(self._rows):
            return None
        r = self._rows[names.index(name)]
        return r.copy() if r.w and r.h else None

    def row_height(self) -> int:
        """Height of one row at the current text size."""
        return max(44, art.font(self.size).get_linesize() * 2 + 12)

    def content_height(self, width: int) -> int:
        """The height the content wants at ``width`` (with the speech warning, when it shows)."""
        rows = len(self.rows) * (self.row_height() + ROW_GAP) + ROW_GAP
        note = self.shown_note()
        if not note:
            return rows
        small = max(11, self.size - 3)
        return rows + len(wrap(note, small, width, True)[:4]) * art.font(small).get_linesize() + 2 * ROW_GAP

    def shown_note(self) -> str | None:
        """The warning under the rows that no speech output was found: while Speech is on or its row
        has the focus (the player looking for speech), else None."""
        if not self.speech_note:
            return None
        if self.settings.speech or self.rows[self.focus][0] == "speech":
            return self.speech_note
        return None

    def draw_content(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Draw the rows into ``rect``: with their help lines when they all fit so, else one line
        each (tighter, down to a point, to fit them all); rows that still do not fit scroll, with a
        scroll bar beside them. The warning that no speech output was found goes under them."""
        note = self.shown_note()
        if note:
            small = max(11, self.size - 3)
            lines = wrap(note, small, rect.w, True)[:4]
            line_h = art.font(small).get_linesize()
            rows = pygame.Rect(rect.x, rect.y, rect.w, max(0, rect.h - len(lines) * line_h - ROW_GAP * 2))
            clip = surface.get_clip()
            surface.set_clip(rows.clip(clip))
            self._draw_rows(surface, rows)
            surface.set_clip(clip)
            y = rows.bottom + ROW_GAP * 2
            for text in lines:
                surface.blit(art.text(text, small, WARNING, True), (rect.x, y))
                y += line_h
            return
        self._draw_rows(surface, rect)

    def _draw_rows(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        size = self.size
        rh = self.row_height()
        line = art.font(size).get_linesize()
        small = max(11, size - 3)
        n = len(self.rows)
        notes = n * (rh + ROW_GAP) <= rect.h
        if not notes:  # a small window: one line a row, closer together when that makes them all fit
            rh = max(line + 4, min(line + 12, (rect.h + ROW_GAP) // n - ROW_GAP))
        self._pitch = pitch = rh + ROW_GAP
        self._list = self.scroll.fit(rect, n * pitch - ROW_GAP, max(10, size * 2 // 3), max(6, size // 3))
        if self._reveal:
            self.scroll.reveal(self.focus * pitch, self.focus * pitch + rh, rect.h)
            self._reveal = False
        self._rows = []
        colours = theme.palette()
        for i, (name, label, note) in enumerate(self.rows):
            r = pygame.Rect(self._list.x, self._list.y + i * pitch - self.scroll.offset, self._list.w, rh)
            shown = r.clip(self._list)
            self._rows.append(shown if shown.h else pygame.Rect(0, 0, 0, 0))
            if not shown.h:
                continue
            hover = self.hover is not None and shown.collidepoint(self.hover)
            lit = hover or (i == self.focus and self.focus_button is None)
            pygame.draw.rect(surface, colours.row_lit if lit else colours.row, r, border_radius=6)
            if i == self.focus and self.focus_button is None:
                pygame.draw.rect(surface, FOCUS, r, width=self.focus_width(), border_radius=6)
            label_y = r.y + 6 if notes else r.centery - line // 2
            surface.blit(art.text(_(label), size, colours.text, True), (r.x + 10, label_y))
            val = value_text(self.settings, name)
            changed = getattr(self.settings, name) != getattr(self.original, name)
            img = art.text(val, size, FOCUS if changed else colours.text, True)
            pill = img.get_rect(midright=(r.right - max(14, size), r.centery)).inflate(max(18, size), max(8, size // 2))
            pygame.draw.rect(surface, colours.pill, pill, border_radius=pill.h // 2)
            surface.blit(img, img.get_rect(center=pill.center))
            right = pill.x
            if name in LOOK_CHOICES:  # a small picture of the choice, left of its name
                picture = self.preview.picture(name, self.settings, rh - 8)
                if picture is not None:
                    right = pill.x - max(8, size // 2) - picture.get_width()
                    surface.blit(picture, (right, r.centery - picture.get_height() // 2))
            if notes:
                self._draw_note(surface, self.note(name, note), pygame.Rect(r.x + 10, r.y + 6 + line, right - r.x - 20, line),
                                small, colours.text_dim)
        self.scroll.draw(surface, self.hover)

    def _draw_note(self, surface: pygame.Surface, note: str, rect: pygame.Rect, size: int,
                   colour: tuple[int, int, int]) -> None:
        """A row's help line, translated (smaller, down to a point, where it is long beside a picture)."""
        text = note
        img = art.text(text, size, colour)
        while img.get_width() > rect.w and size > 10:
            size -= 1
            img = art.text(text, size, colour)
        clip = surface.get_clip()
        surface.set_clip(rect.clip(clip) if clip else rect)
        surface.blit(img, rect.topleft)
        surface.set_clip(clip)
