"""Everything around the table, as one part of the app (``yukon.ui.parts``).

``Extras`` resumes the saved game and saves after every change and on quit
(``extras.Session``; a failed save is told at once and a note stays in the
status line); adds the settings, statistics, keys and choose-deal sheets with their
buttons and keys, the Rules screen's "Save the rules" and "Keys" buttons, keyboard play
(a cursor drawn on the table), sounds and the win news. It follows the settings by
handing the app new rules (``set_rules``) and table preferences (``apply_prefs``); the
solver's part reads the same settings through ``session``.
"""

from __future__ import annotations

import copy
import functools
import os
import random
import tempfile
from typing import TYPE_CHECKING

import pygame

from .. import help_text, i18n
from ..i18n import NC_, _, capital, ngettext, pgettext
from ..rules import Rules
from ..settings import SETTINGS_FILE, Settings
from ..state import FOUNDATION, ON_FOUNDATION, Game
from ..text.words import variant_title
from . import art
from .extras import Session
from .input import Action, Command, PointerDown, PointerMove
from .keyboard import KeyCursor
from .keys_overlay import DealDialog, KeysOverlay
from .parts import Change, Part, StatusNote, TablePrefs
from .rules_screen import RulesScreen
from .screen import QuestionDialog, Screen
from .settings_screen import SettingsScreen
from .sheet import SheetScreen
from .sound import SoundBoard
from .stats_screen import StatsScreen
from .widgets import ButtonSpec, draw_button, wrap

if TYPE_CHECKING:
    from .app import App
    from .table import TableScreen

# Settings that only mean something once the solver drives them; the solver's window code
# sets ``app.solver_features = True`` and reads them from ``app.extras.session.settings``.
SOLVER_SETTINGS = frozenset({"auto_finish", "winnable_only", "hide_verdicts"})
CURSOR = (255, 255, 255)
NOTE_BACKGROUND = (8, 34, 20)
CURSOR_EDGE = (20, 20, 30)

def data_folder() -> str | None:
    """The user's data folder for the game (created by SDL), or None when there is none.

    ``YUKON_DATA_DIR`` names another folder (a portable copy, a test's temporary folder).
    """
    chosen = os.environ.get("YUKON_DATA_DIR")
    if chosen:
        return chosen
    try:
        return pygame.system.get_pref_path("yukon", "yukon-solitaire") or None
    except Exception:  # noqa: BLE001 - no home folder, a read-only profile: play on without saving
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
        """Write the rules page into the data folder (the saves' own; without one, the temporary
        folder), open it in the web browser if there is one, and say where it went."""
        folder = self.extras.folder or tempfile.gettempdir()
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
            self.cursor.hold(None)
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
        c.hold(table.selection)
        c.settle(pos)
        was_on_foundations = c.on_foundations
        kind = {"confirm": "enter", "select": "space", "to_foundation": "f"}.get(name, name)
        action = c.key(kind, pos)
        lay = table.layout
        if c.on_foundations and not was_on_foundations:  # climbed up: the nearest foundation
            x = lay.col_x[c.column] + lay.cw // 2
            c.climb_to(min(range(4), key=lambda s: abs(lay.foundation_rects[s].centerx - x)))
        elif was_on_foundations and not c.on_foundations:  # dropped down: the nearest column
            x = lay.foundation_rects[c.foundation].centerx
            c.drop_to(pos, min(range(7), key=lambda i: abs(lay.col_x[i] + lay.cw // 2 - x)))
        if action.kind == "select":
            table.select(action.card)
        elif action.kind == "cancel":
            table.select(None)
        elif action.kind == "refuse":
            if action.reason:
                # TRANSLATORS: {reason} is why a move is refused, a sentence without its capital and full
                # stop ("the hearts foundation starts with its Ace"): end it as your language ends a sentence.
                table.say(_("{reason}.").format(reason=capital(action.reason)), "error")
            else:
                table.say(_("That cannot be done here."), "error")
        elif action.kind == "move" and action.move is not None:
            table.select(None)
            if table.try_move(action.move):
                pos = table.position
                if action.move.to != FOUNDATION and pos.loc[action.move.card] < ON_FOUNDATION:
                    c.follow(pos, action.move.card)
                c.settle(pos)
            else:
                c.hold(None)
        self._scroll_into_view(table)
        table.redraw()
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
        hc = table.app.prefs.high_contrast  # a thicker cursor
        pygame.draw.rect(surface, CURSOR_EDGE, outer.inflate(4, 4), width=3 if hc else 2, border_radius=rad + 6)
        pygame.draw.rect(surface, CURSOR, outer, width=6 if hc else 3, border_radius=rad + 5)
        s = max(7, min(14, r.w // 8))
        cy = r.y + min(r.h, s * 3) // 2
        tip = (outer.x - 3, cy)
        pygame.draw.polygon(surface, CURSOR_EDGE, [(tip[0] + 1, tip[1]), (tip[0] - s - 2, tip[1] - s - 1),
                                                   (tip[0] - s - 2, tip[1] + s + 1)])
        pygame.draw.polygon(surface, CURSOR, [tip, (tip[0] - s, tip[1] - s + 1), (tip[0] - s, tip[1] + s - 1)])


class Extras(Part):
    """Resume, settings, statistics, rules page, keys, deal numbers, keyboard play and sound."""

    def __init__(self, app: App, folder: str | None, solver_settings: bool = False,
                 language: str | None = None) -> None:
        self.app = app
        # --language: that language is in use for this run; the saved setting waits until the
        # player chooses another in Settings
        self.language_given = language
        self.language = ""  # the setting's language last put in use (i18n.SYSTEM or a code)
        self.folder = folder  # saves, settings, statistics and the rules page; None: nothing is kept
        self.solver_settings = solver_settings  # the settings screen shows the solver's rows
        self.sound = SoundBoard()
        # Looked at before reading: a damaged settings file is moved aside as it is read.
        self.first_start = folder is not None and not os.path.exists(os.path.join(folder, SETTINGS_FILE))
        self.session = Session(folder, self.sound, background=True)
        self.keyboard = KeyboardPlay()
        self._win_news: list[str] = []
        self._save_note = ""  # the status line's note once a save has failed
        self._previous: Game | None = None
        self.apply_settings(self.session.settings, first=True)
        if self.sound.enabled:
            self.sound.open()  # a few ms now rather than a stutter on the first move

    def start(self, resume: bool = True, rules: Rules | None = None, welcome: bool = False) -> None:
        """Once the part is in the app: resume the saved game (or ask), then, with ``welcome``, greet a
        newcomer, whose very first deal (unless the command line gave one) is one proved winnable and
        rated easy."""
        app = self.app
        first_start = self.first_start
        if rules is not None:  # the command line chose the game: it wins over the settings
            app.set_rules(rules)
        saved = self.session.resume()
        chosen: Game | None = None  # the command line's game, waiting for the player's answer
        if saved is not None and not resume:
            same = saved.game.seed is not None and saved.game.seed == app.game.seed \
                and saved.game.rules == app.rules
            if same:
                pass  # the deal asked for is the one under way: go on with it, nothing to ask
            elif self.session.under_way(saved.game):
                chosen = app.game  # the saved game stays on the table until the player says
            else:  # nothing played in it: nothing is lost by replacing it
                self.session.leaving(saved.game)
                saved = None
        first = None
        if saved is None and welcome and first_start and resume:  # a newcomer, and no deal on the command line
            from ..difficulty import first_deal

            first = first_deal(app.rules, random.Random())
        if saved is not None:
            app.set_game(saved.game, saved.elapsed)  # new deals still follow the settings' rules
        elif first is not None:
            app.new_deal(first)  # the very first deal on this machine: proved winnable, and easy
        elif app.game.rules != app.rules and not app.game.history and app.game.seed is not None:
            app.new_deal(app.game.seed)  # the same deal number under the settings' game
        if saved is None:
            self.session.started(app.game)
        self._previous = app.game
        self.tell()
        if chosen is not None and saved is not None:
            self._ask_command_line(saved.game, chosen)
        if welcome and first_start:
            self.offer_lessons()

    def _ask_command_line(self, saved: Game, chosen: Game) -> None:
        """A game given on the command line while a saved game is under way: ask, replace nothing yet."""
        if chosen.seed is not None:
            label = pgettext("button", "Play deal {number}").format(number=chosen.seed)
        else:
            label = pgettext("button", "Play the new game")
        moves = len(saved.history)
        if saved.seed is not None:
            # TRANSLATORS: {number} is the saved game's deal number, {n} the moves made in it.
            under_way = ngettext("Your saved game is under way (deal {number}, {n} move).",
                                 "Your saved game is under way (deal {number}, {n} moves).", moves).format(
                number=saved.seed, n=moves)
        else:
            under_way = ngettext("Your saved game is under way ({n} move).",
                                 "Your saved game is under way ({n} moves).", moves).format(n=moves)
        variant = self.app.rules.variant
        game = variant_title(variant)
        other_game = variant != saved.rules.variant
        if chosen.seed is not None and other_game:
            # TRANSLATORS: {number} is a deal number, {game} the game's name (Yukon, Russian Solitaire).
            play = _("Play deal {number} of {game} instead?").format(number=chosen.seed, game=game)
        elif chosen.seed is not None:
            play = _("Play deal {number} instead?").format(number=chosen.seed)
        elif other_game:
            play = _("Play the game of {game} given on the command line instead?").format(game=game)
        else:
            play = _("Play the game given on the command line instead?")
        question = " ".join((under_way, play, _("Leaving your game counts as a loss.")))
        self.app.push(QuestionDialog(self.app, question, [(label, lambda: self._play(chosen)),
                                                          (pgettext("button", "Keep my game"), None)]))

    def _play(self, game: Game) -> None:
        """Replace the game on the table by ``game`` (a new game: the one left counts as a loss)."""
        if game.seed is not None:
            self.deal(game.seed)  # under the rules new deals follow, and it slides in like New deal
            return
        self._previous = self.app.game
        self.app.set_game(game)
        self.app.notify("new", game, None)

    # -- what the part adds to the table ---------------------------------------------------
    def buttons(self) -> list[ButtonSpec]:
        """Deal #, Stats and Settings for the bar."""
        return [ButtonSpec(NC_("button", "Deal #"), self.choose_deal, "D"),
                ButtonSpec(NC_("button", "Stats"), self.show_stats, "T"),
                ButtonSpec(NC_("button", "Settings"), self.show_settings, "S")]

    def draw_overlay(self, table: TableScreen, surface: pygame.Surface) -> None:
        """The keyboard cursor."""
        self.keyboard.draw(table, surface)

    def event(self, e: pygame.event.Event) -> bool:
        """A click or the wheel hides the keyboard cursor; never swallows the event."""
        return self._mouse_hides_cursor(e)

    def win_notes(self) -> list[str]:
        """The records the last win set (or that it does not count)."""
        return self._win_news

    def rules_screen(self) -> Screen:
        """The Rules screen with Keys and Save the rules."""
        return RulesScreenPlus(self.app, self)

    def tell(self) -> None:
        """Show the session's pending messages on the table."""
        messages = self.session.take_messages()
        table = self.app.table
        if messages and table is not None:
            # each notice a sentence of its own (some end in a file name, not a full stop)
            table.say(" ".join(m if m.endswith((".", "!", "?")) else m + "." for m in messages), "error", 8.0)

    def tick(self) -> float | None:
        """Once a loop iteration: tell a failed save at once."""
        self.watch_saving()
        return None

    def status_notes(self) -> list[StatusNote]:
        """Once a save has failed: that nothing is being saved (bad news)."""
        return [StatusNote(self._save_note, alert=True)] if self._save_note else []

    def watch_saving(self) -> None:
        """Tell a failed save at once: saves after a move run on a writer thread, whose failure
        the session would only hear of at the next change. The message comes now, and a note
        stays in the status line, where the demo's messages do not cover it."""
        store = self.session.store
        if not store.write_failed or self._save_note:
            return
        self.session.flush()  # collects the writer's message, so it is told once, here
        # TRANSLATORS: the status line once a save failed; {problem} says why.
        self._save_note = _("Not saving: {problem}").format(
            problem=store.last_error or _("the data folder cannot be written"))
        self.tell()
        if self.app.table is not None:
            self.app.table.redraw()

    def apply_settings(self, settings: Settings, first: bool = False) -> None:
        """Make the app follow the settings (language, rules for new deals, animation, sound, layout)."""
        if first:
            self.language = settings.language
            before = i18n.language()
            if self.language_given is None:
                i18n.set_language(settings.language)
            if i18n.language() != before:  # the table was laid out in the system's language
                self.app.language_changed()
        else:
            self.use_language(settings.language)
        self.app.set_rules(settings.rules())
        self.app.apply_prefs(TablePrefs(settings.animation_factor, settings.left_handed, settings.auto_home_safe,
                                        settings.four_colour, settings.high_contrast, settings.text_factor))
        self.sound.set_enabled(settings.sound)

    def use_language(self, choice: str) -> None:
        """Put the language ``choice`` (i18n.SYSTEM or a code) in use at once, when it is another
        than the one in use: every screen in the app's stack, Settings among them, is laid out anew."""
        if choice == self.language:
            return
        self.language = choice
        self.language_given = None  # the player chose: the command line's language gives way
        i18n.set_language(choice)
        self.app.language_changed()

    # -- the app's callbacks -----------------------------------------------------------------
    def _mouse_hides_cursor(self, event: pygame.event.Event) -> bool:
        """A click or the wheel hides the keyboard cursor (on a card it would look like a
        selection); the next key shows it again. Never swallows the event."""
        if (event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEWHEEL) and self.keyboard.cursor.hide()
                and self.app.table is not None):
            self.app.table.invalidate()
        return False

    def changed(self, change: Change) -> None:
        """A change at the table: sounds, saving, statistics."""
        app = self.app
        kind, game = change.kind, change.game
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
            s.moved(game, game.history[-1] if game.history else None, elapsed, "move", change.by)
        elif kind == "redo":
            s.moved(game, game.history[-1] if game.history else None, elapsed, "redo")
        elif kind == "undo":
            self.sound.play("slide")
            s.moved(game, None, elapsed, "undo")
            self._win_news = []
        elif kind == "restart":
            self.sound.play("slide")
            s.restarted(game, 0.0)
            self._win_news = []
        elif kind == "new":
            s.leaving(self._previous)
            s.started(game)
            self.sound.play("slide")
            self.keyboard.reset()
            self._win_news = []
        elif kind == "won":
            news = s.news if s.finished else s.won(game, elapsed)
            self._win_news = list(news)
        elif kind == "stuck":
            s.save(game, elapsed)
        elif kind == "hint":
            s.hinted(game, elapsed)
        self._previous = game
        self.tell()

    def quitting(self) -> None:
        """Save the game and the settings before the window closes."""
        self.session.quitting(self.app.game, self.app.elapsed())

    def action(self, table: TableScreen, name: str) -> bool:
        """Named keys for the table: ours first; False lets the table handle it."""
        if name == "settings":
            self.show_settings()
        elif name == "stats":
            self.show_stats()
        elif name == "keys":
            self.app.push(SheetScreen(self.app, KeysOverlay()))
        elif name == "choose_deal":
            self.choose_deal(table)
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
    def offer_lessons(self) -> None:
        """Point a newcomer to the lessons, once ever (remembered in the settings at once)."""
        settings = self.session.settings
        if settings.lessons_offered or not any(b.label == NC_("button", "Lessons") for b in self.app.buttons()):
            return
        settings.lessons_offered = True
        self.session.change_settings(settings)
        table = self.app.table

        def open_lessons() -> None:
            if table is not None:
                self._press_button(NC_("button", "Lessons"), table)

        self.app.push(QuestionDialog(
            self.app, _("New to Yukon? Four short lessons show its moves step by step, on real cards. "
                        "You can open them later too, with the Lessons button or the L key."),
            [(pgettext("button", "Show me the lessons"), open_lessons), (pgettext("button", "Just play"), None)],
            title=_("Welcome")))

    def show_settings(self) -> None:
        """The settings sheet. Its rules are the ones the app deals under: the game on the table's
        (also when the command line chose it), or those the player chose for the next deal."""
        self._previous = self.app.game
        under_way = self.session.under_way(self.app.game)
        hidden = frozenset() if self.solver_settings else SOLVER_SETTINGS
        shown = copy.deepcopy(self.session.settings)
        shown.set_rules(self.app.rules)
        self.app.push(SheetScreen(self.app, SettingsScreen(shown, under_way, self._settings_done, hidden,
                                                           self.use_language)))

    def _settings_done(self, settings: Settings, new_deal: bool) -> None:
        self.session.change_settings(settings)
        self.apply_settings(settings)
        if new_deal:
            self.deal(None)
        self.tell()

    def show_stats(self, news: list[str] | None = None) -> None:
        """The statistics sheet (with the latest win's news, if any)."""
        if news is None and self.session.finished:
            news = self.session.news  # just won: how it counts and the records it set head the sheet
        self.app.push(SheetScreen(self.app, StatsScreen(self.session.stats, self.app.game.rules, self._reset_stats,
                                                        news)))

    def _reset_stats(self) -> None:
        self.session.reset_stats()
        self.tell()

    def choose_deal(self, table: TableScreen | None = None) -> None:
        """The choose-deal box (over ``table``, by default the main one). Over a lesson (a table playing
        its own position) the box names no deal (the lesson's cards have no number, and the saved game
        behind the lessons is not on show), and a deal chosen leaves the lessons first, so that the new
        deal, or the question before it over the game it would replace, is seen."""
        lesson = table if table is not None and not table.deals() else None
        if lesson is None:
            self.app.push(SheetScreen(self.app, DealDialog(self.app.game.seed, self._deal_chosen, self._deal_note)))
        else:
            self.app.push(SheetScreen(self.app, DealDialog(None, functools.partial(self._deal_from, lesson),
                                                           self._deal_note)))

    def _deal_from(self, lesson: TableScreen, seed: int) -> None:
        """Deal ``seed`` chosen over a lesson: back to the game first (it is what the deal replaces)."""
        self.app.pop(lesson)
        self._deal_chosen(seed)

    def _deal_note(self, seed: int) -> str | None:
        """What a part (the solver's) has to say about deal ``seed``: how hard it is."""
        return next((note for p in self.app.parts if (note := p.deal_note(seed)) is not None), None)

    def _deal_chosen(self, seed: int) -> None:
        if self.session.under_way(self.app.game):
            self.app.push(QuestionDialog(self.app, _("Replace the game under way with deal {number}? "
                                                     "Leaving it counts as a loss.").format(number=seed),
                                         [(pgettext("button", "Deal {number}").format(number=seed),
                                           lambda: self.deal(seed)),
                                          (pgettext("button", "Keep playing"), None)]))
        else:
            self.deal(seed)

    def deal(self, seed: int | None) -> None:
        """Deal ``seed`` (or a fresh shuffle) through the table, so it slides in like New deal."""
        app = self.app
        self._previous = app.game
        table = app.table
        if table is not None:
            table.new_deal(ask=False, seed=seed)
        else:
            app.new_deal(seed)


def install(app: App, folder: str | None | bool = True, resume: bool = True, rules: Rules | None = None,
            welcome: bool | None = None, solver_settings: bool = False,
            lessons: bool = True, language: str | None = None) -> Extras:
    """Add the extras to ``app`` and start them; ``folder=True`` takes the user's data folder from SDL.

    ``resume=False`` (a deal or game given on the command line) keeps the table's game,
    but when a saved game is under way it is resumed and the player is asked first (the
    saved game is never replaced without a word); ``rules`` (a game given on the command
    line) overrides the settings' rules. ``welcome``: on the very first start (no
    settings kept yet) deal an easy deal (unless the command line chose one) and point the
    player to the lessons, once; by default only in the player's own data folder
    (``folder=True``), not a folder given by a test or a benchmark.
    ``solver_settings``: the settings screen shows the solver's rows (the solver is there);
    ``lessons``: add the Lessons part too, its finished lessons kept in these settings.
    ``language``: the language given on the command line, already in use (the saved one is not put in use).
    """
    if welcome is None:
        welcome = folder is True
    if folder is True:
        folder = data_folder()
    extras = Extras(app, folder or None, solver_settings, language)
    app.add_part(extras)
    if lessons:
        from .lessons_part import install as install_lessons

        install_lessons(app, extras.session)
    extras.start(resume, rules, welcome)
    return extras
