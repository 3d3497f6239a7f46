"""Everything around the table, installed into the app through its seams.

``install(app, folder)`` wires in: resume of the saved game and autosave after every
change and on quit (``extras.Session``; a failed save is told at once and a note stays
in the status line), the settings, statistics, keys and choose-deal
sheets with their buttons and keys, the Rules screen's "Save the rules" and "Keys"
buttons, keyboard play (a cursor drawn on the table), sounds, and the win news.

It uses the app's seams (``on_change``, ``on_quit``, ``buttons``, ``push``/``pop``,
``set_game``, ``next_seed``, ``rules``, the input ``KEYMAP``) and three hook attributes
the table reads: ``app.key_hook(table, name) -> bool`` (a named key, before the table's
own handling), ``app.table_overlay(table, surface)`` (drawn over the still table) and
``app.win_news`` (lines added to the win message). ``app.animation_speed`` scales slides,
``app.left_handed`` mirrors the top row. ``app.extras.session.settings`` holds every
setting for other parts (lessons keep ``finished_lessons`` there; the solver's window code
reads ``auto_finish`` and ``winnable_only`` and sets ``app.solver_features = True`` so
the settings screen shows those two rows).
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Callable

import pygame

from .. import help_text
from ..rules import Rules
from ..settings import Settings
from ..state import FOUNDATION, ON_FOUNDATION, Game
from . import art
from .extras import Session
from .input import CTRL, KEYMAP, Action, Command, PointerDown, PointerMove
from .keyboard import KeyCursor
from .keys_overlay import DealDialog, KeysOverlay
from .rules_screen import RulesScreen
from .screen import QuestionDialog, Screen
from .settings_screen import SettingsScreen
from .sheet import Sheet
from .sound import SoundBoard
from .stats_screen import StatsScreen
from .widgets import ButtonSpec, draw_button, wrap

if TYPE_CHECKING:
    from .app import App
    from .table import TableScreen

# Settings that only mean something once the solver drives them; the solver's window code
# sets ``app.solver_features = True`` and reads them from ``app.extras.session.settings``.
SOLVER_SETTINGS = frozenset({"auto_finish", "winnable_only"})
CURSOR = (255, 255, 255)
RULES_BACKGROUND = (12, 48, 28)  # the Rules screen's own background
NOTE_BACKGROUND = (8, 34, 20)
SAVE_NOTE = "saving"  # the status line's note, in app.status_extra, once a save has failed
CURSOR_EDGE = (20, 20, 30)

# Keys for the things this module adds (the table already knows new, restart, hint ...).
EXTRA_KEYS: dict[tuple[int, str], str] = {
    (pygame.K_SPACE, ""): "select",
    (pygame.K_f, ""): "to_foundation",
    (pygame.K_n, ""): "new",
    (pygame.K_r, CTRL): "restart",  # with Ctrl: a stray R must not throw a game's moves away
    (pygame.K_d, ""): "choose_deal",
    (pygame.K_s, ""): "settings",
    (pygame.K_t, ""): "stats",
    (pygame.K_l, ""): "lessons",
    (pygame.K_SLASH, ""): "keys",
    (pygame.K_QUESTION, ""): "keys",
}
for _d in range(10):
    EXTRA_KEYS[(pygame.K_0 + _d, "")] = f"digit{_d}"
    EXTRA_KEYS[(getattr(pygame, f"K_KP{_d}", pygame.K_0 + _d), "")] = f"digit{_d}"


def data_folder() -> str | None:
    """The user's data folder for the game (created by SDL), or None when there is none.

    ``YUKON_DATA_DIR`` names another folder (a portable copy, a test's temporary folder).
    """
    chosen = os.environ.get("YUKON_DATA_DIR")
    if chosen:
        return chosen
    try:
        return pygame.system.get_pref_path("yukon", "yukon-solitaire") or None
    except Exception:  # no home folder, a read-only profile: play on without saving
        return None


class SheetScreen(Screen):
    """Puts a ``Sheet`` on the app's screen stack (drawn over the table)."""

    opaque = False

    def __init__(self, app: App, sheet: Sheet) -> None:
        super().__init__(app)
        self.sheet = sheet

    def handle(self, cmd: Command) -> None:
        """Pass the command to the sheet; take it away once it closed."""
        if isinstance(cmd, Action) and cmd.name == "quit":
            self.app.quit()
            return
        self.sheet.handle(cmd)
        if not isinstance(cmd, PointerMove) or self.sheet.hover is not None:
            self.full = True
        if self.sheet.closed:
            self.app.pop(self)

    def draw(self, surface: pygame.Surface, alpha: float) -> list[pygame.Rect] | None:
        """Draw the sheet over whatever is beneath."""
        self.sheet.draw(surface)
        self.full = False
        return None


class RulesScreenPlus(RulesScreen):
    """The Rules screen with "Keys" and "Save the rules" buttons beside Back."""

    def __init__(self, app: App, extras: Extras) -> None:
        super().__init__(app)
        self.extras = extras
        self.save_rect = pygame.Rect(0, 0, 0, 0)
        self.keys_rect = pygame.Rect(0, 0, 0, 0)
        self.note = ""
        self.hover_extra = ""

    def handle(self, cmd: Command) -> None:
        """Our two buttons first, then the page as before."""
        if isinstance(cmd, PointerDown) and cmd.button == 1:
            if self.save_rect.collidepoint(cmd.x, cmd.y):
                self.save_rules()
                return
            if self.keys_rect.collidepoint(cmd.x, cmd.y):
                self.app.push(SheetScreen(self.app, KeysOverlay()))
                return
        if isinstance(cmd, Action) and cmd.name == "keys":
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
        """Write the rules page and open it in the browser; say where it went."""
        folder = self.extras.folder or os.path.join(os.path.expanduser("~"), "yukon-solitaire")
        _, self.note = help_text.save_and_open_rules(folder)
        self.full = True

    def draw(self, surface: pygame.Surface, alpha: float) -> list[pygame.Rect] | None:
        """The page as before, then Keys, Back and Save the rules in one row, and the last note."""
        super().draw(surface, alpha)
        w, h = surface.get_size()
        size = self._size()
        back = self.back_rect
        band = pygame.Rect(0, back.y - 6, w, h - back.y + 6)
        pygame.draw.rect(surface, RULES_BACKGROUND, band)
        f = art.font(size, True)
        labels = ["Keys", "Back to the table", "Save the rules"]
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
        draw_button(surface, self.keys_rect, "Keys", size, hover=self.hover_extra == "keys")
        draw_button(surface, self.back_rect, "Back to the table", size, hover=self.hover)
        draw_button(surface, self.save_rect, "Save the rules", size, hover=self.hover_extra == "save")
        if self.note:
            small = max(11, size - 3)
            lines = wrap(self.note, small, w - 24)
            line_h = art.font(small).get_linesize()
            box = pygame.Rect(0, band.y - len(lines) * line_h - 8, w, len(lines) * line_h + 8)
            pygame.draw.rect(surface, NOTE_BACKGROUND, box)
            y = box.y + 4
            for line in lines:
                img = art.text(line, small, (255, 206, 64))
                surface.blit(img, img.get_rect(midtop=(w // 2, y)))
                y += line_h
        return None


class KeyboardPlay:
    """The keyboard cursor on the table: turns key names into moves and draws the cursor."""

    def __init__(self) -> None:
        self.cursor = KeyCursor()
        self._game: Game | None = None

    def reset(self) -> None:
        """A new game: the cursor goes back to the first column (and stays visible if it was)."""
        shown = self.cursor.shown
        self.cursor = KeyCursor(shown=shown)

    def key(self, table: TableScreen, name: str) -> bool:
        """Handle a named key for keyboard play; True when it was one of ours."""
        if name == "cancel":  # the table drops its selection (and a drag); the cursor follows
            self.cursor.selected = None
            return False
        if name not in ("left", "right", "up", "down", "confirm", "select", "to_foundation"):
            return False
        if table.layout is None:
            return False
        if self._game is not table.game:
            self._game = table.game
            self.reset()
        c = self.cursor
        pos = table.position
        if table.selection is not None and table.selection != c.selected:
            c.follow(pos, table.selection)  # picked with the mouse: the keys carry on from there
        c.selected = table.selection
        c.settle(pos)
        was_on_foundations = c.on_foundations
        kind = {"confirm": "enter", "select": "space", "to_foundation": "f"}.get(name, name)
        action = c.key(kind, pos)
        lay = table.layout
        if c.on_foundations and not was_on_foundations:  # climbed up: the nearest foundation
            x = lay.col_x[c.column] + lay.cw // 2
            c.foundation = min(range(4), key=lambda s: abs(lay.foundation_rects[s].centerx - x))
        elif was_on_foundations and not c.on_foundations:  # dropped down: the nearest column
            x = lay.foundation_rects[c.foundation].centerx
            c.column = min(range(7), key=lambda i: abs(lay.col_x[i] + lay.cw // 2 - x))
            col = pos.columns[c.column]
            c.index = pos.down[c.column] if col and pos.down[c.column] < len(col) - 1 else None
        if action.kind == "select":
            table.selection = action.card
        elif action.kind == "cancel":
            table.selection = None
        elif action.kind == "refuse":
            table.say(action.reason + ("" if action.reason.endswith(".") else "."), "error")
        elif action.kind == "move" and action.move is not None:
            table.selection = None
            if table.try_move(action.move):
                pos = table.position
                if action.move.to != FOUNDATION and pos.loc[action.move.card] < ON_FOUNDATION:
                    c.follow(pos, action.move.card)
                c.settle(pos)
            else:
                c.selected = None
        self._scroll_into_view(table)
        table.full = True
        return True

    def _scroll_into_view(self, table: TableScreen) -> None:
        lay = table.layout
        if lay is None or lay.max_scroll == 0 or self.cursor.on_foundations:
            return
        x = lay.col_x[self.cursor.column]
        if x < lay.view.x + lay.margin:
            table.scroll(x - lay.view.x - lay.margin)
        elif x + lay.cw > lay.view.right - lay.margin:
            table.scroll(x + lay.cw - lay.view.right + lay.margin)

    def cursor_rect(self, table: TableScreen) -> pygame.Rect | None:
        """Where the cursor is drawn: the card's visible strip, an empty column, a foundation."""
        lay = table.layout
        c = self.cursor
        if lay is None or not c.shown or self._game is not table.game:
            return None
        pos = table.position
        if c.on_foundations:
            return lay.foundation_rects[c.foundation].copy()
        card = c.card(pos)
        if card is None or card not in lay.card_xy:
            return lay.column_end_rect(c.column)
        return lay.strip_rect(card)

    def draw(self, table: TableScreen, surface: pygame.Surface) -> None:
        """The cursor: a white outline with a dark edge (clear on cards and cloth) and a pointer."""
        r = self.cursor_rect(table)
        if r is None:
            return
        rad = table.layout.radius if table.layout else 4
        outer = r.inflate(12, 12)
        pygame.draw.rect(surface, CURSOR_EDGE, outer.inflate(4, 4), width=2, border_radius=rad + 6)
        pygame.draw.rect(surface, CURSOR, outer, width=3, border_radius=rad + 5)
        s = max(7, min(14, r.w // 8))
        cy = r.y + min(r.h, s * 3) // 2
        tip = (outer.x - 3, cy)
        pygame.draw.polygon(surface, CURSOR_EDGE, [(tip[0] + 1, tip[1]), (tip[0] - s - 2, tip[1] - s - 1),
                                                   (tip[0] - s - 2, tip[1] + s + 1)])
        pygame.draw.polygon(surface, CURSOR, [tip, (tip[0] - s, tip[1] - s + 1), (tip[0] - s, tip[1] + s - 1)])


class Extras:
    """Resume, settings, statistics, rules page, keys, deal numbers, keyboard play and sound."""

    def __init__(self, app: App, folder: str | None, resume: bool = True, rules: Rules | None = None) -> None:
        self.app = app
        self.folder = folder
        self.sound = SoundBoard()
        self.session = Session(folder, self.sound, background=True)
        self.keyboard = KeyboardPlay()
        app.extras = self  # type: ignore[attr-defined]
        app.win_news = []  # type: ignore[attr-defined]
        self.apply_settings(self.session.settings, first=True)
        if self.sound.enabled:
            self.sound.open()  # a few ms now rather than a stutter on the first move
        app.on_change.append(self.changed)
        app.on_quit.append(self.quitting)
        app.tickers.append(self.watch_saving)
        app.key_hook = self.key_hook  # type: ignore[attr-defined]
        app.table_overlay = self.keyboard.draw  # type: ignore[attr-defined]
        app.show_rules = self.show_rules  # type: ignore[method-assign]
        KEYMAP.update(EXTRA_KEYS)
        self._add_buttons()
        if rules is not None:  # the command line chose the game: it wins over the settings
            app.rules = rules
        saved = self.session.resume()
        if saved is not None and not resume:  # a deal chosen on the command line replaces it
            self.session.leaving(saved.game)
            saved = None
        if saved is not None:
            app.set_game(saved.game, saved.elapsed)  # new deals still follow the settings' rules
        elif app.game.rules != app.rules and not app.game.history and app.game.seed is not None:
            app.new_deal(app.game.seed)  # the same deal number under the settings' game
        if saved is None:
            self.session.started(app.game)
        self._previous = app.game
        self.tell()

    # -- wiring ------------------------------------------------------------------------------
    def _add_buttons(self) -> None:
        buttons = self.app.buttons
        at = next((i for i, b in enumerate(buttons) if b.action == "rules"), len(buttons))
        extra = [ButtonSpec("Deal #", self.choose_deal, "D"),
                 ButtonSpec("Stats", self.show_stats, "T"),
                 ButtonSpec("Settings", self.show_settings, "S")]
        names = {b.label for b in buttons}
        for spec in reversed(extra):
            if spec.label not in names:
                buttons.insert(at, spec)
        if self.app.table is not None:
            self.app.table.relayout()

    def tell(self) -> None:
        """Show the session's pending messages on the table."""
        messages = self.session.take_messages()
        table = self.app.table
        if messages and table is not None:
            # each notice a sentence of its own (some end in a file name, not a full stop)
            table.say(" ".join(m if m.endswith((".", "!", "?")) else m + "." for m in messages), "error", 8.0)

    def watch_saving(self) -> float | None:
        """Tell a failed save at once (a ticker): saves after a move run on a writer thread,
        whose failure the session would only hear of at the next change. The message comes
        now, and a note stays in the status line, where the demo's messages do not cover it."""
        store = self.session.store
        if not store.write_failed or SAVE_NOTE in self.app.status_extra:
            return None
        self.session.flush()  # collects the writer's message, so it is told once, here
        self.app.status_extra[SAVE_NOTE] = f"Not saving: {store.last_error or 'the data folder cannot be written'}"
        self.tell()
        if self.app.table is not None:
            self.app.table.full = True
        return None

    def apply_settings(self, settings: Settings, first: bool = False) -> None:
        """Make the app follow the settings (rules for new deals, animation, sound, layout)."""
        self.app.rules = settings.rules()
        self.app.animation_speed = settings.animation_factor  # type: ignore[attr-defined]
        self.app.left_handed = settings.left_handed  # type: ignore[attr-defined]
        self.sound.enabled = settings.sound
        if not first and self.app.table is not None:
            self.app.table.relayout()

    # -- the app's callbacks -----------------------------------------------------------------
    def changed(self, kind: str, game: Game, move: object) -> None:
        """A change at the table (see App.on_change)."""
        app = self.app
        if game is not app.game:  # a lesson's own position: sounds only, no saving or statistics
            if kind == "move" and game.history:
                u = game.history[-1]
                self.sound.play("home" if u.move.to_foundation else "slide")
                if u.flipped:
                    self.sound.play("flip")
            elif kind == "won":
                self.sound.play("win")
            return
        s = self.session
        elapsed = app.elapsed()
        if kind == "move":
            s.moved(game, game.history[-1] if game.history else None, elapsed, "move")
        elif kind == "redo":
            s.moved(game, game.history[-1] if game.history else None, elapsed, "redo")
        elif kind == "undo":
            self.sound.play("slide")
            s.moved(game, None, elapsed, "undo")
            app.win_news = []  # type: ignore[attr-defined]
        elif kind == "restart":
            self.sound.play("slide")
            s.restarted(game, 0.0)
            app.win_news = []  # type: ignore[attr-defined]
        elif kind == "new":
            s.leaving(self._previous)
            s.started(game)
            self.sound.play("slide")
            self.keyboard.reset()
            app.win_news = []  # type: ignore[attr-defined]
        elif kind == "won":
            news = s.news if s.finished else s.won(game, elapsed)
            app.win_news = list(news)  # type: ignore[attr-defined]
        elif kind == "stuck":
            s.save(game, elapsed)
        self._previous = game
        self.tell()

    _previous: Game | None = None

    def quitting(self) -> None:
        """Save the game and the settings before the window closes."""
        self.session.quitting(self.app.game, self.app.elapsed())

    def key_hook(self, table: TableScreen, name: str) -> bool:
        """Named keys for the table: ours first; False lets the table handle it."""
        if name == "settings":
            self.show_settings()
        elif name == "stats":
            self.show_stats()
        elif name == "keys":
            self.app.push(SheetScreen(self.app, KeysOverlay()))
        elif name == "choose_deal":
            self.choose_deal()
        elif name == "lessons":
            return self._press_button("Lessons", table)
        else:
            return self.keyboard.key(table, name)
        return True

    def _press_button(self, label: str, table: TableScreen) -> bool:
        """Run the bar button ``label`` (a key for a button another part added); False if absent."""
        spec = next((b for b in table.buttons() if b.label == label), None)
        if spec is None or (spec.enabled is not None and not spec.enabled()):
            return spec is not None
        if callable(spec.action):
            spec.action()
        else:
            table.action(spec.action)
        return True

    # -- the screens -------------------------------------------------------------------------
    def show_rules(self) -> None:
        """The Rules screen with our buttons."""
        self.app.push(RulesScreenPlus(self.app, self))

    def show_settings(self) -> None:
        """The settings sheet."""
        self._previous = self.app.game
        under_way = self.session.under_way(self.app.game)
        hidden = frozenset() if getattr(self.app, "solver_features", False) else SOLVER_SETTINGS
        self.app.push(SheetScreen(self.app, SettingsScreen(self.session.settings, under_way, self._settings_done,
                                                           hidden)))

    def _settings_done(self, settings: Settings, new_deal: bool) -> None:
        self.session.change_settings(settings)
        self.apply_settings(settings)
        if new_deal:
            self.deal(None)
        self.tell()

    def show_stats(self, news: list[str] | None = None) -> None:
        """The statistics sheet (with the latest win's news, if any)."""
        variant = self.app.game.rules.variant
        if news is None and self.session.finished:
            news = self.session.news  # just won: the records it set head the sheet
        self.app.push(SheetScreen(self.app, StatsScreen(self.session.stats, variant, self._reset_stats, news)))

    def _reset_stats(self) -> None:
        self.session.reset_stats()
        self.tell()

    def choose_deal(self) -> None:
        """The choose-deal box."""
        self.app.push(SheetScreen(self.app, DealDialog(self.app.game.seed, self._deal_chosen)))

    def _deal_chosen(self, seed: int) -> None:
        if self.session.under_way(self.app.game):
            self.app.push(QuestionDialog(self.app, f"Replace the game under way with deal {seed}? "
                                         "Leaving it counts as a loss.",
                                         [(f"Deal {seed}", lambda: self.deal(seed)), ("Keep playing", None)]))
        else:
            self.deal(seed)

    def deal(self, seed: int | None) -> None:
        """Deal ``seed`` (or a fresh shuffle) through the table, so it slides in like New deal."""
        app = self.app
        self._previous = app.game
        table = app.table
        keep: Callable[[], int] = app.next_seed
        if seed is not None:
            app.next_seed = lambda: seed
        try:
            if table is not None:
                table.new_deal(ask=False)
            else:
                app.new_deal()
        finally:
            app.next_seed = keep


def install(app: App, folder: str | None | bool = True, resume: bool = True, rules: Rules | None = None) -> Extras:
    """Install the extras into ``app``; ``folder=True`` takes the user's data folder from SDL.

    ``resume=False`` (a deal or game given on the command line) keeps the table's game;
    ``rules`` (a game given on the command line) overrides the settings' rules.
    """
    if folder is True:
        folder = data_folder()
    return Extras(app, folder or None, resume, rules)
