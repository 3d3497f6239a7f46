"""The table screen: draw the game, take clicks, drags and keys, and slide the cards.

Every change to the cards goes through ``yukon.state.Game`` (play, undo, redo,
restart). After each change the table compares where every card was drawn with where
the new layout puts it and slides the ones that moved, as one group, so a card can
never be drawn twice or left behind; any input during a slide finishes it at once.

Seam for lessons (``TableMode``): pass ``mode=`` to ``TableScreen``. A mode can
  * veto a move before it is made: ``veto(game, move)`` returns a message shown to the
    player (the move is not made) or None to allow it;
  * hear about changes: ``after_move(game, move)`` after a move is made,
    ``after_change(game, kind)`` after undo, redo or restart;
  * light up cards and destinations: ``highlights(game)`` -> (cards, destinations),
    destinations being column numbers 0..6 or 7 (FOUNDATION);
  * show a panel of text with buttons beside the table: ``panel(game)`` -> Panel | None;
  * replace the button bar: ``buttons()`` -> list[ButtonSpec] | None.
``BaseMode`` has harmless defaults for all of them, so a mode overrides only what it needs.
A lesson that plays its own position passes ``game=`` as well; otherwise the table plays
``app.game``.

Drawing: code outside the table that changes what it shows calls ``table.redraw()``;
the next frame then draws and sends the whole window. Moves, undo and redo describe
their changes themselves (the columns, status, foundations and bar they touched), and
while cards slide only their rectangles are restored from a still layer and redrawn;
tests/test_ui_redraw.py checks the result pixel for pixel against a full redraw. Hooks
the app may carry (set by extras): ``key_hook(table, action) -> bool``,
``table_overlay(table, surface)``, ``animation_speed`` (0 = no slides), ``left_handed``
and ``win_news``.
"""

from __future__ import annotations

import functools
import math
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Protocol, TypeVar

import pygame

from ...cards import RANK, SUIT, SUIT_NAMES, card_name
from ...safe import home_moves
from ...state import FACE_DOWN, FOUNDATION, ON_FOUNDATION, Game, Move, Position
from .. import art
from ..input import Action, Command, Expose, PointerDown, PointerMove, PointerUp, Wheel
from ..layout import Hit, TableLayout, compute_layout, text_scale
from ..parts import ChangeKind
from ..screen import MenuList, QuestionDialog, Screen
from ..tween import Animator, Flip, Slide, slide_duration
from ..widgets import (GOLD, MORE_LABEL, TEXT, BarLayout, ButtonSpec, Message, Panel, draw_button,
                      draw_panel, fit_block, layout_bar, line_height, wrap)

if TYPE_CHECKING:
    from ..app import App

T = TypeVar("T")

SELECT = (255, 214, 70)
TARGET = (90, 230, 140)
HINT = (80, 200, 255)
ALERT = (255, 150, 128)  # status text that brings bad news ("cannot be won")
LESSON = (255, 150, 60)
ERROR_BG = (120, 24, 24)
INFO_BG = (14, 40, 24)
DRAG_THRESHOLD = 5
DOUBLE_CLICK = 0.45
MESSAGE_TIME = 3.0
MORE = 1000  # the bar's "More" button, as a button index
HOME_PACE = 0.6  # cards sent home one after another slide this much faster than a move by hand
SYMBOL = art.SUIT_SYMBOLS


class TableMode(Protocol):
    """What a lesson (or any other guide) can do to the table; see the module docstring."""

    def veto(self, game: Game, move: Move) -> str | None: ...

    def after_move(self, game: Game, move: Move) -> None: ...

    def after_change(self, game: Game, kind: str) -> None: ...

    def highlights(self, game: Game) -> tuple[set[int], set[int]]: ...

    def panel(self, game: Game) -> Panel | None: ...

    def buttons(self) -> list[ButtonSpec] | None: ...


class BaseMode:
    """A mode that changes nothing: subclass it and override what you need."""

    def veto(self, game: Game, move: Move) -> str | None:
        """None lets the move be made; a message refuses it."""
        return None

    def after_move(self, game: Game, move: Move) -> None:
        """A move was made."""

    def after_change(self, game: Game, kind: str) -> None:
        """``undo``, ``redo`` or ``restart`` happened."""

    def highlights(self, game: Game) -> tuple[set[int], set[int]]:
        """Cards and destinations to light up."""
        return set(), set()

    def panel(self, game: Game) -> Panel | None:
        """Text and buttons beside the table, or None."""
        return None

    def buttons(self) -> list[ButtonSpec] | None:
        """The button bar to show instead of the app's, or None."""
        return None


def short_name(card: int) -> str:
    """A card as the table prints it: 7♥, 10♠, K♣."""
    return art.rank_label(card) + SYMBOL[SUIT[card]]


def describe_move(position: Position, move: Move) -> str:
    """A move in words for a hint: '7♥ (with 3 cards) onto column 4'."""
    card = move.card
    if move.to == FOUNDATION:
        where = "to its foundation"
    elif not position.columns[move.to]:
        where = f"into empty column {move.to + 1}"
    else:
        where = f"onto {short_name(position.columns[move.to][-1])} in column {move.to + 1}"

    s = position.loc[card]
    extra = ""
    if s < ON_FOUNDATION:
        n = len(position.columns[s]) - position.columns[s].index(card)
        if n == 2:
            extra = " (with the card on it)"
        elif n > 2:
            extra = f" (with the {n - 1} cards on it)"
    elif s == ON_FOUNDATION:
        extra = " back from its foundation"
    return f"{short_name(card)}{extra} {where}"


@dataclass(slots=True)
class Press:
    """A left button held down: where, on what, and whether it became a drag."""

    x: int
    y: int
    hit: Hit
    target: str  # card, background, button, panel
    index: int = -1
    dragging: bool = False
    scroll0: int = 0


class TableScreen(Screen):
    """The game table; see the module docstring."""

    confirm_restart = True  # a whole game's moves are at stake; a lesson's few are not

    def __init__(self, app: App, game: Game | None = None, mode: TableMode | None = None) -> None:
        super().__init__(app)
        self._own_game = game
        self.mode = mode
        self.scroll_x = 0
        self.selection: int | None = None
        self.press: Press | None = None
        self.drag_cards: list[int] = []
        self.drag_cards_before: set[int] = set()
        self.drag_offsets: list[tuple[int, int]] = []
        self.pointer = (0, 0)
        self.last_click: tuple[int, float] | None = None
        self.anim = Animator()
        self.message: Message | None = None
        self.hint_list: list[Move] | None = None
        self.hint_index = -1
        self.hint_key: tuple | None = None
        self.hover_button = -1
        self.hover_panel = -1
        self.panel_buttons: list[tuple[pygame.Rect, Callable[[], None]]] = []
        self.bar: BarLayout | None = None
        self.layout: TableLayout | None = None
        self._art: art.CardArt | None = None
        self._felt: pygame.Surface | None = None
        self._static: pygame.Surface | None = None
        self._dyn_rects: list[pygame.Rect] = []
        self._changed: list[pygame.Rect] | None = None  # what a move changed, if only that
        self._must_flip = True  # the whole window must go to the display
        self._msg_rect: pygame.Rect | None = None
        self._changed_cols: set[int] = set()
        self._static_ok = False  # the still layer holds what is on screen minus the moving cards
        self._static_moving: set[int] = set()  # the cards left out of it
        self._lit_cols: set[int] = set()  # columns with a ring drawn around something
        self._lit_found = False  # a ring drawn on the foundation row
        self._clock_due = False  # the status clock shows a new second
        self._col_bottom: dict[int, int] = {}
        self._known_game: Game | None = None
        self._ended_key: tuple | None = None
        self.t_start: float | None = None
        self.t_end: float | None = None
        self._paused_at: float | None = None  # the clock stands still since then (table covered, window away)
        self.sending_home = False  # cards go home one move at a time (All home, or the safe ones by themselves)
        self._home_safe_only = False
        self._home_sent = 0
        self._moves_made = 0  # moves made through try_move, to tell the player's moves in handle()
        self._pace = 1.0  # a factor on slide times for the change being made
        self._last_second = -1
        self.celebrating = 0.0
        self._pending_return: tuple | None = None
        self._won_dialog: QuestionDialog | None = None
        self._shadow_cache: tuple[tuple[tuple[int, int], int], pygame.Surface] | None = None
        self._played_by: str | None = None  # who made the last move when not the player ("Demo")
        self._msg_fit: tuple[str, TableLayout, tuple[pygame.Rect, int, list[str]] | None] | None = None
        self._status_fit: tuple[tuple, tuple[int, list[tuple[str, tuple[int, int, int], bool]]]] | None = None
        self.relayout()

    # -- the game and its layout -----------------------------------------------------------
    @property
    def game(self) -> Game:
        """The game being played: the lesson's own, else the app's."""
        return self._own_game if self._own_game is not None else self.app.game

    @property
    def position(self) -> Position:
        """The true position."""
        return self.game.position

    def buttons(self) -> list[ButtonSpec]:
        """The button bar's buttons."""
        if self.mode is not None:
            b = self.mode.buttons()
            if b is not None:
                return b
        return self.app.buttons()

    def current_panel(self) -> Panel | None:
        """The mode's panel, if any."""
        return self.mode.panel(self.game) if self.mode is not None else None

    @property
    def full(self) -> bool:
        """Must the next frame draw everything? (Setting it also sends the whole window.)"""
        return self._full

    @full.setter
    def full(self, value: bool) -> None:
        # Any change not described rectangle by rectangle (a selection, a message, a hover)
        # sends the whole window: nothing can be left out by mistake.
        self._full = value
        if value:
            self._must_flip = True

    def _redraw(self, precise: bool = False) -> None:
        """Draw everything next frame; ``precise``: the caller has listed what the display needs."""
        if precise:
            self._full = True
        else:
            self.full = True

    def relayout(self, precise: bool = False) -> None:
        """Recompute every rectangle from the window size and the true position."""
        if self._known_game is not self.game:
            self._known_game = self.game
            self.selection = None
            self.hint_list = None
            self.t_start = self.t_end = None
            self._ended_key = None
            self._finish_motion()
        w, h = self.app.size
        self.bar = layout_bar([b.text() for b in self.buttons()], w, h)
        pw = 0
        if self.current_panel() is not None:
            pw = max(220, min(round(440 * text_scale(w, h)), w * 28 // 100))
        self.layout = compute_layout(w, h, self.position, self.scroll_x, pw, self.bar.rows,
                                     self.app.prefs.left_handed)
        self.scroll_x = self.layout.scroll_x
        if self._art is None or (self._art.cw, self._art.ch) != (self.layout.cw, self.layout.ch):
            self._art = art.CardArt(self.layout.cw, self.layout.ch)
        self._redraw(precise)

    def resize(self, w: int, h: int) -> None:
        """New window size: finish any slide, lay out again, rebuild the cloth."""
        self.anim.finish()
        self._cancel_drag()
        self._felt = None
        self._static = None
        self._static_ok = False
        self.relayout()

    # -- where cards are drawn -------------------------------------------------------------
    def drawn_xy(self, card: int, extra: float = 0.0) -> tuple[float, float]:
        """Where a card is drawn now: under the pointer, sliding, or where it lies."""
        if card in self.drag_cards:
            i = self.drag_cards.index(card)
            dx, dy = self.drag_offsets[i]
            return (self.pointer[0] + dx, self.pointer[1] + dy)
        p = self.anim.position(card, extra)
        if p is not None:
            return p
        assert self.layout is not None  # laid out in __init__
        return self.layout.card_xy[card]

    def _face_up(self, card: int) -> bool:
        return self.position.loc[card] != 8

    def change(self, kind: str, fn: Callable[[], T]) -> T:
        """Run a change of the game (``fn``), then slide every card that moved from where it was drawn."""
        before = {c: self.drawn_xy(c) for c in range(52)}
        face_before = {c: self._face_up(c) for c in range(52)}
        cols_before = [list(c) for c in self.position.columns]
        down_before = list(self.position.down)
        old_layout = self.layout
        loc_before = list(self.position.loc)
        self.drag_cards_before = set(self.drag_cards)
        bar_before = self._bar_state()
        found_before = list(self.position.foundations)
        self._cancel_drag(slide=False)
        self._finish_motion()
        result = fn()
        self.hint_list = None
        self.relayout(precise=True)
        lay = self.layout
        assert lay is not None
        self._note_changed(old_layout, cols_before, down_before, kind, found_before, bar_before)
        moved = [c for c in range(52) if (round(before[c][0]), round(before[c][1])) != lay.card_xy[c]]
        if kind not in ("restart", "new"):
            # Only cards that changed place slide; a column that merely tightens or loosens
            # its overlap settles at once (sliding it would redraw whole columns each frame).
            loc = self.position.loc
            moved = [c for c in moved if c in self.drag_cards_before or (loc_before[c] != loc[c]
                     and loc_before[c] != FACE_DOWN and loc[c] != FACE_DOWN)]
        duration = 0.0
        speed = self.app.prefs.animation_speed  # the settings' animation speed; 0 = off
        if moved and speed > 0:
            dist = max(abs(before[c][0] - lay.card_xy[c][0]) + abs(before[c][1] - lay.card_xy[c][1]) for c in moved)
            duration = slide_duration(dist, lay.cw)
            if kind in ("restart", "new"):
                duration = min(0.6, duration * 1.4)
            duration *= speed * self._pace
            # Draw order while sliding: by where they land, so a tail stays stacked in order.
            moved.sort(key=lambda c: (lay.card_xy[c][0], lay.card_xy[c][1]))
            self.anim.add_slide(Slide(tuple(moved), tuple(before[c] for c in moved),
                                      tuple(lay.card_xy[c] for c in moved), duration))
        for c in range(52):
            if face_before[c] != self._face_up(c) and speed > 0:
                self.anim.add_flip(Flip(c, self._face_up(c), 0.18 * speed, delay=min(duration * 0.4, 0.1)))
        self._start_partial()
        return result

    def _column_bottom(self, i: int) -> int:
        lay = self.layout
        assert lay is not None
        col = lay.column_cards[i]
        return (lay.card_xy[col[-1]][1] if col else lay.cols_y) + lay.ch

    def _finish_motion(self) -> None:
        """End every slide and flip at once; where the cards land is sent to the display next frame."""
        if not self.anim.active:
            return
        lay = self.layout
        if lay is not None and not self._must_flip:
            landed = [lay.card_rect(c).inflate(4, 4) for c in self.anim.moving() if c in lay.card_xy]
            self._changed = (self._changed or []) + landed
        self.anim.finish()
        self._redraw(precise=True)

    def _bar_state(self) -> tuple[bool, ...]:
        return tuple(b.enabled() if b.enabled is not None else True for b in self.buttons())

    def _note_changed(self, old: TableLayout | None, cols: list[list[int]], down: list[int], kind: str,
                      found_before: list[int], bar_before: tuple[bool, ...]) -> None:
        """Remember which parts of the window a move changed, so only they go to the display."""
        lay = self.layout
        if old is None or lay is None or kind not in ("move", "undo", "redo") or old.cw != lay.cw \
                or old.scroll_x != lay.scroll_x or old.size_key != lay.size_key or self._must_flip:
            self._changed = None
            self._must_flip = True
            return
        pos = self.position
        status = lay.status_rect.copy()  # whole: long notes may take every line of it
        fresh = [status.inflate(4, 4)]
        if found_before != pos.foundations:
            fresh.append(lay.foundation_rects[0].unionall(lay.foundation_rects[1:]).inflate(12, 12))
        if bar_before != self._bar_state():
            fresh.append(lay.bar.copy())
        # A change not yet drawn (the end of the last slide) is kept: both go out together.
        self._changed = (self._changed or []) + fresh
        cols_changed = {i for i in range(7) if cols[i] != pos.columns[i] or down[i] != pos.down[i]}
        for i in cols_changed:
            bottom = old.card_xy[cols[i][-1]][1] + old.ch if cols[i] else old.cols_y + old.ch
            self._col_bottom[i] = max(self._col_bottom.get(i, 0), bottom) if i in self._changed_cols else bottom
        self._changed_cols |= cols_changed | self._lit_cols  # rings drawn last time go away

    # -- actions ---------------------------------------------------------------------------
    def say(self, text: str, kind: str = "info", seconds: float = MESSAGE_TIME) -> None:
        """Show a message for a few seconds."""
        self.message = Message(text, time.monotonic() + seconds, kind)
        self.full = True

    def try_move(self, move: Move, by: str | None = None) -> bool:
        """Make a move if the mode and the rules allow it; otherwise say why. True when made.

        ``by`` names who plays it when it is not the player (the Demo): a win it makes is
        not announced as the player's.
        """
        self._played_by = by
        game = self.game
        if self.mode is not None:
            veto = self.mode.veto(game, move)
            if veto:
                self.say(veto, "lesson")
                return False
        reason = game.position.why_illegal(move)
        if reason is not None:
            self.say(reason[0].upper() + reason[1:] + ".", "error")
            return False
        if self.t_start is None:
            self.t_start = self._now()
        self.selection = None
        self.change("move", lambda: game.play(move))
        self._moves_made += 1
        if game.position.is_won() and self.t_end is None:
            self.t_end = self._now()  # the clock stops now, so the statistics and the message agree
        self.message = None
        self.app.notify("move", game, move)
        if self.mode is not None:
            self.mode.after_move(game, move)
        self._check_end()
        return True

    def undo(self) -> None:
        """Take back a move (it slides back)."""
        self.selection = None
        if not self.game.can_undo():
            self.say("Nothing to undo.")
            return
        u = self.change("undo", self.game.undo)
        self._after_change("undo", u.move if u else None)

    def redo(self) -> None:
        """Make the undone move again."""
        self.selection = None
        if not self.game.can_redo():
            self.say("Nothing to redo.")
            return
        u = self.change("redo", self.game.redo)
        self._after_change("redo", u.move if u else None)

    def ask_restart(self) -> None:
        """Restart from the button or Ctrl+R: asks first when moves would be lost (restart cannot be undone)."""
        n = len(self.game.history)
        if self.confirm_restart and n and not self.position.is_won():
            self.app.push(QuestionDialog(
                self.app, f"Start this deal again from the beginning? The {n} move{'s' if n != 1 else ''} "
                "made so far cannot be undone afterwards.",
                [("Restart deal", self.restart), ("Keep playing", None)]))
            return
        self.restart()

    def restart(self) -> None:
        """Back to the deal as dealt."""
        self.selection = None
        self.change("restart", self.game.restart)
        self.t_start = self.t_end = None
        self._after_change("restart", None)
        self.say("The deal is back as it was dealt.")

    def _after_change(self, kind: ChangeKind, move: Move | None) -> None:
        self._played_by = None
        if self.message is not None and self.message.kind == "hint":
            self.message = None  # it spoke of the position just left
        if self.position.is_won() and self.t_end is None:
            self.t_end = self._now()  # a redo that wins: the clock stops before anyone reads it
        self.app.notify(kind, self.game, move)
        if self.mode is not None:
            self.mode.after_change(self.game, kind)
        self._ended_key = None
        self._check_end()

    def new_deal(self, ask: bool = True, seed: int | None = None) -> None:
        """A new deal (``seed``, else the app's next); asks first when a game is under way."""
        if self._own_game is not None:
            self.say("This table plays a set position; leave it to deal again.")
            return
        if ask and self.game.history and not self.position.is_won():
            loss = " Leaving it counts as a loss." if self.game.seed is not None else ""
            self.app.push(QuestionDialog(self.app, "Replace the game under way with a new shuffled deal?" + loss,
                                         [("New deal", lambda: self.new_deal(False, seed)), ("Keep playing", None)]))
            return
        self.selection = None
        self.change("new", lambda: self.app.new_deal(seed))
        self._known_game = self.game
        self.t_start = self.t_end = None
        self._ended_key = None
        self.say(f"Deal {self.game.seed}.")

    def hint(self) -> None:
        """Show a useful move; each press shows the next one."""
        key = self.position.key()
        if self.hint_list is None or self.hint_key != key:
            last = self.game.history[-1].move if self.game.history else None
            self.hint_list = self.app.hint_provider(self.position, last)
            self.hint_key = key
            self.hint_index = -1
        if not self.hint_list:
            self.say("No move is left. Undo, restart the deal or start a new one.")
            return
        self.hint_index = (self.hint_index + 1) % len(self.hint_list)
        self.selection = None
        m = self.hint_list[self.hint_index]
        n = len(self.hint_list)
        self.say(f"Hint {self.hint_index + 1} of {n}: {describe_move(self.position, m)}", "hint", 6.0)

    def show_hints(self, moves: list[Move], index: int, text: str, seconds: float = 8.0) -> None:
        """Show ``moves[index]`` as the hint on show (lit on the table) with ``text``; the selection goes."""
        self.selection = None
        self.hint_list = moves
        self.hint_key = self.position.key()
        self.hint_index = index
        self.say(text, "hint", seconds)

    def select(self, card: int | None) -> None:
        """Select ``card`` (with its tail), or nothing."""
        self.selection = card
        self.full = True

    def drop_hint_message(self) -> None:
        """Take away a hint's message (its position is about to be left)."""
        if self.message is not None and self.message.kind == "hint":
            self.message = None

    @property
    def hint_move(self) -> Move | None:
        """The hint on show, if it still fits the position."""
        if self.hint_list and self.hint_key == self.position.key() and 0 <= self.hint_index < len(self.hint_list):
            if self.message is not None and self.message.kind == "hint":
                return self.hint_list[self.hint_index]
        return None

    # -- sending cards home ----------------------------------------------------------------
    def send_home(self, safe_only: bool = False) -> None:
        """Send home every end card its foundation takes (``safe_only``: only those no card left
        in play could still need), one move at a time with the usual slides, until none is left.

        Each card goes by ``try_move``, so a lesson's veto, undo, sound, statistics and every
        listener see an ordinary move. Any click or key of the player stops it."""
        if self.sending_home:
            return
        if not home_moves(self.position, safe_only):
            if not safe_only:
                self.say("All the cards are home already." if self.position.is_won()
                         else "No card can go home right now.")
            return
        # The first card goes at the next step, once the slide of the move before it has landed.
        self.sending_home, self._home_safe_only, self._home_sent = True, safe_only, 0

    def stop_home(self) -> None:
        """Stop sending cards home (the card on its way lands)."""
        self.sending_home = False

    def _home_step(self) -> None:
        """Send the next card home, or end the run when none can go."""
        moves = home_moves(self.position, self._home_safe_only)
        if not moves:
            self.sending_home = False
            if not self._home_safe_only and not self.position.is_won() and self._home_sent:
                n = self._home_sent
                self.say(f"{n} card{'s' if n != 1 else ''} sent home; no other card can go yet.")
            return
        self._pace = HOME_PACE
        try:
            made = self.try_move(moves[0])  # a lesson's veto says why and stops the run
        finally:
            self._pace = 1.0
        if made:
            self._home_sent += 1
        else:
            self.sending_home = False

    def _check_end(self) -> None:
        pos = self.position
        key = pos.key()
        if key == self._ended_key:
            return
        if pos.is_won():
            self._ended_key = key
            if self.t_end is None:
                self.t_end = self._now()
            self.app.notify("won", self.game, None)
            n = len(self.game.history)
            text = (f"All 52 cards are home in {n} move{'s' if n != 1 else ''}, {self.elapsed_text()}."
                    + "".join(" " + n for n in self.app.win_notes()))
            answers: list[tuple[str, Callable[[], None] | None]] = [("Admire it", None)]
            if self._own_game is None:
                answers.insert(0, ("New deal", lambda: self.new_deal(False)))
            title = "You won!"
            if self._played_by is not None:
                title = f"{self._played_by} finished"
                text = (f"The {self._played_by.lower()} played all 52 cards home in {n} move{'s' if n != 1 else ''}."
                        + "".join(" " + n for n in self.app.win_notes()))
            self._won_dialog = QuestionDialog(self.app, text, answers, title=title)
            if self.app.prefs.animation_speed > 0:
                self.celebrate()  # the question comes when the cards have landed
            else:
                self._show_won()
            return
        if not pos.legal_moves():
            text = "No legal move is left."
        else:
            # 1000 positions decide all but ~0.03% of cases at under 50 ms; the solver says the rest.
            progress = pos.progress_possible(1000)
            if progress is not False:
                return
            text = "No card can be turned up or sent home any more: only shuffling is left."
        self._ended_key = key
        self.app.notify("stuck", self.game, None)
        answers = [("Undo", self.undo), ("Restart deal", self.restart)]
        if self._own_game is None:
            answers.append(("New deal", lambda: self.new_deal(False)))
        answers.append(("Keep looking", None))
        self.app.push(QuestionDialog(self.app, text, answers, title="Stuck"))

    def celebrate(self) -> None:
        """A short victory lap: the cards leap from the foundations and fall back in place."""
        lay = self.layout
        assert lay is not None
        w, h = lay.view.w, lay.view.h
        cards = tuple(range(52))
        home = tuple(lay.card_xy[c] for c in cards)
        out = []
        for c in cards:
            a = (c * 2.399963) % (2 * math.pi)  # golden angle spreads them evenly
            r = 0.32 + 0.1 * (RANK[c] / 13)
            out.append((w / 2 - lay.cw / 2 + math.cos(a) * w * r, h / 2 - lay.ch / 2 + math.sin(a) * h * r))
        s1 = Slide(cards, home, tuple(out), 0.6)
        self.anim.add_slide(s1)
        self.celebrating = 0.6
        self._pending_return = (cards, tuple(out), home)
        self._start_partial()

    # -- input -----------------------------------------------------------------------------
    def handle(self, cmd: Command) -> None:
        """Act on one command from the player; after a move of theirs, safe cards may go home by themselves."""
        if self.sending_home and not isinstance(cmd, (PointerMove, Expose)):
            self.stop_home()  # the player acts: the cards stop where they are
        made = self._moves_made
        self._handle_command(cmd)
        if self._moves_made != made and self.app.prefs.auto_home_safe and self.mode is None and self._own_game is None:
            self.send_home(safe_only=True)

    def _handle_command(self, cmd: Command) -> None:
        if self._known_game is not self.game:
            self.relayout()
        if isinstance(cmd, PointerMove):
            self._pointer_move(cmd)
            return
        if isinstance(cmd, Expose):
            self.invalidate()
            return
        if self.anim.active or self.celebrating > 0:
            self._finish_motion()
            self.celebrating = 0.0
            self._pending_return = None
            self.full = True
            if self._won_dialog is not None:
                self._show_won()
                return  # that input only cut the celebration short
        if isinstance(cmd, PointerDown):
            self._pointer_down(cmd)
        elif isinstance(cmd, PointerUp):
            self._pointer_up(cmd)
        elif isinstance(cmd, Wheel):
            # dx > 0 scrolls right (a sideways wheel, or shift + wheel down); wheel down scrolls right too
            self.scroll((cmd.dx if cmd.dx else -cmd.dy) * max(30, (self.layout.cw if self.layout else 60) // 2))
        elif isinstance(cmd, Action):
            self.action(cmd.name)

    def action(self, name: str) -> None:
        """Run a named command (from a key or a button)."""
        if self.app.part_action(self, name):  # keyboard play, settings, the solver ...
            return
        if name == "undo":
            self.undo()
        elif name == "redo":
            self.redo()
        elif name == "hint":
            self.hint()
        elif name == "all_home":
            self.send_home()
        elif name == "restart":
            self.ask_restart()
        elif name == "new":
            self.new_deal()
        elif name == "cancel":
            if self.press is not None and self.press.dragging:
                self._cancel_drag()
            elif self.selection is not None or self.message is not None:
                self.selection = None
                self.message = None
                self.full = True
        elif name == "fullscreen":
            self.app.toggle_fullscreen()
        elif name == "rules":
            self.app.show_rules()
        elif name == "quit":
            self.app.quit()
        elif name in ("left", "right"):
            step = self.layout.cw if self.layout else 60
            self.scroll(step if name == "right" else -step)
        elif name in ("home", "end"):
            self.scroll(-10**6 if name == "home" else 10**6)

    def scroll(self, dx: int) -> None:
        """Move the table sideways (only when it is wider than the window)."""
        if self.layout is None or self.layout.max_scroll == 0:
            return
        new = max(0, min(self.scroll_x + dx, self.layout.max_scroll))
        if new != self.scroll_x:
            self.scroll_x = new
            self.relayout()

    def _button_at(self, x: int, y: int) -> int:
        if self.bar is None:
            return -1
        if self.bar.more is not None and self.bar.more.collidepoint(x, y):
            return MORE
        return next((i for i, r in enumerate(self.bar.rects) if r.collidepoint(x, y)), -1)

    def _panel_button_at(self, x: int, y: int) -> int:
        return next((i for i, (r, _) in enumerate(self.panel_buttons) if r.collidepoint(x, y)), -1)

    def _pointer_down(self, cmd: PointerDown) -> None:
        self.pointer = (cmd.x, cmd.y)
        if cmd.button == 3:
            self._cancel_drag()
            self.press = None
            if self.selection is not None:
                self.selection = None
                self.full = True
            return
        if cmd.button != 1:
            return
        b = self._button_at(cmd.x, cmd.y)
        if b >= 0:
            self.press = Press(cmd.x, cmd.y, Hit("none"), "button", b)
            return
        pb = self._panel_button_at(cmd.x, cmd.y)
        if pb >= 0:
            self.press = Press(cmd.x, cmd.y, Hit("none"), "panel", pb)
            return
        assert self.layout is not None
        hit = self.layout.hit(cmd.x, cmd.y)
        draggable = hit.kind == "card" or (hit.kind == "foundation" and hit.card is not None
                                           and self.position.rules.foundation_return)
        self.press = Press(cmd.x, cmd.y, hit, "card" if draggable else "background", scroll0=self.scroll_x)

    def _pointer_move(self, cmd: PointerMove) -> None:
        self.pointer = (cmd.x, cmd.y)
        p = self.press
        if p is None or not cmd.held:
            if p is not None and not cmd.held:
                # The release happened outside the window: forget the press.
                if p.dragging:
                    self._cancel_drag()
                self.press = None
            b = self._button_at(cmd.x, cmd.y)
            pb = self._panel_button_at(cmd.x, cmd.y)
            if b != self.hover_button or pb != self.hover_panel:
                self.hover_button, self.hover_panel = b, pb
                self.full = True
            return
        if p.target == "card":
            if not p.dragging and abs(cmd.x - p.x) + abs(cmd.y - p.y) >= DRAG_THRESHOLD:
                self._start_drag(p)
        elif p.target == "background" and self.layout is not None and self.layout.max_scroll:
            new = max(0, min(p.scroll0 - (cmd.x - p.x), self.layout.max_scroll))
            if new != self.scroll_x:
                self.scroll_x = new
                self.relayout()

    def _start_drag(self, p: Press) -> None:
        card = p.hit.card
        assert card is not None and self.layout is not None
        self._finish_motion()
        pos = self.position
        cards = pos.tail(card) if pos.loc[card] < ON_FOUNDATION else [card]
        self.selection = None
        self.drag_cards = list(cards)
        self.drag_offsets = []
        for c in cards:
            x, y = self.layout.card_xy[c]
            self.drag_offsets.append((x - p.x, y - p.y))
        p.dragging = True
        self._start_partial()
        if not self._must_flip:  # lifting the tail changes its column (or foundation) only
            self._changed = self._changed or []
            src = pos.loc[card]
            if src < ON_FOUNDATION:
                self._changed_cols.add(src)
                self._col_bottom[src] = max(self._col_bottom.get(src, 0), self._column_bottom(src))
            else:
                self._changed.append(self.layout.foundation_rects[SUIT[card]].inflate(12, 12))

    def _cancel_drag(self, slide: bool = True) -> None:
        """Drop whatever is held; it slides back to where it lies."""
        if not self.drag_cards:
            if self.press is not None:
                self.press.dragging = False
            return
        cards = self.drag_cards
        start = tuple(self.drawn_xy(c) for c in cards)
        self.drag_cards, self.drag_offsets = [], []
        if self.press is not None:
            self.press.dragging = False
        if slide and self.layout is not None:
            end = tuple(self.layout.card_xy[c] for c in cards)
            dist = max(abs(a[0] - b[0]) + abs(a[1] - b[1]) for a, b in zip(start, end))
            self.anim.add_slide(Slide(tuple(cards), start, end, slide_duration(dist, self.layout.cw)))
        # The held cards and the drop outline were drawn over the still layer only: the next
        # frame restores where they were (the regions of the cards leaving and joining it).
        self._redraw(precise=True)
        if self._changed is None and not self._must_flip:
            self._changed = []

    def _dest_at(self, x: int, y: int) -> int | None:
        assert self.layout is not None
        hit = self.layout.hit(x, y)
        if hit.kind == "foundation":
            return FOUNDATION
        if hit.kind in ("heading", "column", "card", "down"):
            return hit.column
        return None

    def _pointer_up(self, cmd: PointerUp) -> None:
        self.pointer = (cmd.x, cmd.y)
        p, self.press = self.press, None
        if cmd.button != 1 or p is None:
            return
        if p.target == "button":
            if self._button_at(cmd.x, cmd.y) == p.index:
                self._run_button(p.index)
            return
        if p.target == "panel":
            if self._panel_button_at(cmd.x, cmd.y) == p.index:
                self.panel_buttons[p.index][1]()
                self.relayout()
            return
        if p.dragging:
            self._drop(cmd.x, cmd.y)
            return
        if p.target == "background" and self.scroll_x != p.scroll0:
            return  # that was a sideways drag of the table, not a click
        self._click(p.hit)

    def _run_button(self, i: int) -> None:
        if i == MORE:
            self.open_menu()
            return
        specs = self.buttons()
        if not 0 <= i < len(specs):
            return
        spec = specs[i]
        if spec.enabled is not None and not spec.enabled():
            return
        if callable(spec.action):
            spec.action()
        else:
            self.action(spec.action)

    def _drop(self, x: int, y: int) -> None:
        cards = self.drag_cards
        card = cards[0]
        dest = self._dest_at(x, y)
        src = self.position.loc[card]
        if dest is None or dest == src:
            self._cancel_drag()
            return
        move = Move.of(card, dest)
        if not self.try_move(move):
            self._cancel_drag()
        self.last_click = None

    def _click(self, hit: Hit) -> None:
        pos = self.position
        now = time.monotonic()
        sel = self.selection
        if hit.kind == "card" and hit.card is not None:
            card = hit.card
            assert hit.column is not None  # a card hit names its column
            is_end = pos.columns[hit.column][-1] == card
            if (self.last_click is not None and self.last_click[0] == card
                    and now - self.last_click[1] < DOUBLE_CLICK and (is_end or sel == card)):
                self.last_click = None
                self.selection = None
                self.full = True
                if is_end:
                    self.try_move(Move.of(card, FOUNDATION))
                else:  # a double click on a covered card: say why nothing goes home
                    n = len(pos.tail(card)) - 1
                    on = "the card on it" if n == 1 else f"the {n} cards on it"
                    self.say(f"The {card_name(card)} cannot go home yet: only the end card of a column "
                             f"can, so {on} must move away first.", "error")
                return
            self.last_click = (card, now)
            if sel is not None:
                src = pos.loc[sel]
                in_tail = src < ON_FOUNDATION and card in pos.tail(sel)
                if in_tail or card == sel:
                    self.selection = None  # a click on the selection cancels it
                    self.full = True
                    return
                if hit.column != src and is_end:
                    self.try_move(Move.of(sel, hit.column))
                    return
            self.selection = card
            self.full = True
            return
        self.last_click = None
        if hit.kind == "foundation":
            if sel is not None:
                if sel == hit.card:
                    self.selection = None
                    self.full = True
                elif (hit.suit is not None and hit.suit != SUIT[sel] and pos.loc[sel] != ON_FOUNDATION
                      and pos.why_illegal(Move.of(sel, FOUNDATION)) is not None):
                    # The reason would name the card's own foundation: say first that it is another one.
                    reason = pos.why_illegal(Move.of(sel, FOUNDATION)) or ""
                    self.say(f"The {card_name(sel)} goes on the {SUIT_NAMES[SUIT[sel]]} foundation, not the "
                             f"{SUIT_NAMES[hit.suit]} one, and {reason}.", "error")
                else:
                    self.try_move(Move.of(sel, FOUNDATION))
                return
            if hit.card is not None:
                if not pos.rules.foundation_return:
                    self.say("In this game foundation cards may not come back.")
                    return
                self.selection = hit.card
                self.full = True
            return
        if hit.kind in ("heading", "column", "down"):
            if sel is not None:
                if pos.loc[sel] == hit.column or hit.column is None:
                    self.selection = None
                    self.full = True
                else:
                    self.try_move(Move.of(sel, hit.column))
                return
            if hit.kind == "down":
                self.say("That card is face down; it turns up when the cards on it move away.")
            return
        if sel is not None:
            self.selection = None
            self.full = True

    # -- time ------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        """Advance slides and flips by one fixed step (and send the next card home when the last has landed)."""
        if self.sending_home and not self.anim.active and self.celebrating <= 0:
            if self.app.top is not self:
                self.stop_home()  # a question or another screen came over the table
            else:
                self._home_step()
        was = self.anim.active
        self.anim.advance(dt)
        if self.celebrating > 0:
            self.celebrating -= dt
            if self.celebrating <= 0 and self._pending_return:
                cards, out, home = self._pending_return
                self._pending_return = None
                self.anim.add_slide(Slide(cards, out, home, 0.7, ease=_ease_back))
        if was and not self.anim.active:
            # One clean frame at the end of a slide; only where cards moved goes to the display.
            self._redraw(precise=True)
            if self._changed is None and not self._must_flip:
                self._changed = [r.copy() for r in self._dyn_rects]
            if self._won_dialog is not None and self.celebrating <= 0 and self._pending_return is None:
                self._show_won()

    def _show_won(self) -> None:
        dialog, self._won_dialog = self._won_dialog, None
        if dialog is not None:
            self.app.push(dialog)

    def settle(self) -> None:
        """Another screen comes over the table: the cards in flight land at once."""
        self.anim.finish()

    def busy(self) -> bool:
        """Something is sliding, flipping or being dragged."""
        return self.anim.active or bool(self.drag_cards) or self.sending_home

    def needs_draw(self) -> bool:
        """A change, a frame of motion, a message running out or the clock ticking."""
        if self.full or self.busy():
            return True
        now = time.monotonic()
        if self.message is not None and now >= self.message.until:
            self.message = None
            self._redraw(precise=True)  # the old message's box goes out (see draw)
            if self._changed is None and not self._must_flip:
                self._changed = []
            return True
        if self.t_start is not None and self.t_end is None and int(self.elapsed()) != self._last_second:
            self._clock_due = True
            return True
        return False

    def wake_in(self) -> float | None:
        """When the message ends or the clock shows the next second."""
        now = time.monotonic()
        times = []
        if self.message is not None:
            times.append(self.message.until - now)
        if self.t_start is not None and self.t_end is None and self._paused_at is None:
            el = now - self.t_start
            times.append(1.0 - (el % 1.0) + 0.002)
        return max(0.0, min(times)) if times else None

    def elapsed(self) -> float:
        """Seconds played (the clock starts with the first move and stops when the game is won;
        it stands still while the table is covered or the window is away)."""
        if self.t_start is None:
            return 0.0
        return (self.t_end if self.t_end is not None else self._now()) - self.t_start

    def _now(self) -> float:
        """The clock's time: standing still while it is paused."""
        return self._paused_at if self._paused_at is not None else time.monotonic()

    def set_elapsed(self, seconds: float) -> None:
        """Go on from ``seconds`` already played (a resumed game)."""
        self.t_start = self._now() - seconds
        self.t_end = None

    def pause_clock(self, paused: bool) -> None:
        """Stop the clock (the table is covered, the window is away) or let it run on; the time
        it stood still never counts."""
        if paused:
            if self._paused_at is None:
                self._paused_at = time.monotonic()
            return
        if self._paused_at is None:
            return
        if self.t_start is not None and self.t_end is None:
            self.t_start += time.monotonic() - self._paused_at
        self._paused_at = None

    def elapsed_text(self) -> str:
        """The time played as m:ss."""
        s = int(self.elapsed())
        return f"{s // 60}:{s % 60:02d}" if s < 3600 else f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}"

    # -- drawing ---------------------------------------------------------------------------
    def invalidate(self) -> None:
        """Repaint everything and send the whole window to the display."""
        self.full = True
        self._must_flip = True
        self._changed = None

    def _start_partial(self) -> None:
        """Cards begin to move: the next frame takes them out of the still layer (the caller
        has listed what else changed, or nothing was listed and the whole window goes out)."""
        self._redraw(precise=True)

    def draw(self, surface: pygame.Surface, alpha: float) -> list[pygame.Rect] | None:
        """Draw the table and return what changed (None: the whole window).

        Everything that stays still is kept in a layer of its own. A change that says
        which parts of the table it touched redraws only those parts of the layer; while
        cards move, each frame restores the rectangles they covered from the layer and
        draws them at their new places.
        """
        if self._known_game is not self.game:
            self.relayout()
        size = surface.get_size()
        if self.layout is None or (self.layout.width, self.layout.height) != size:
            self._felt = None
            self.relayout()
        lay = self.layout
        assert lay is not None
        extra = alpha * self.app.step
        moving = self.anim.moving() | set(self.drag_cards)
        if self._static is None or self._static.get_size() != size:
            self._static = pygame.Surface(size).convert() if pygame.display.get_surface() else pygame.Surface(size)
            self._static_ok = False
        static = self._static
        if self._clock_due and not self.full and not moving and self._static_ok and self._felt is not None:
            # Only the clock moved on: redraw the status area alone (once a second while playing).
            self._clock_due = False
            r = lay.status_rect
            static.blit(self._felt, r, r)
            self._draw_status(static)
            if self._msg_rect is not None and self._msg_rect.colliderect(r):  # a message over the status
                static.set_clip(r)
                self._draw_message(static)
                static.set_clip(None)
            surface.blit(static, r, r)
            return [r.copy()]
        self._clock_due = False
        if self._static_ok and not self.full and moving != self._static_moving:
            # Cards started or stopped moving (a slide ended while a flip goes on): the still
            # layer changes only where they are and were.
            self._redraw(precise=True)
            if self._changed is None and not self._must_flip:
                self._changed = []
        if not self.full and self._static_ok:
            restore = merge_rects(self._dyn_rects)
            for r in restore:
                surface.blit(static, r, r)
            self._dyn_rects = self._draw_moving(surface, moving, extra)
            return merge_rects(restore + self._dyn_rects)
        changed, self._changed = self._changed, None
        changed_cols, self._changed_cols = self._changed_cols, set()
        self.full = False
        if changed is None or self._must_flip or not self._static_ok:
            self._must_flip = False
            self._draw_still(static, moving)
            self._static_ok, self._static_moving = True, set(moving)
            surface.blit(static, (0, 0))
            self._dyn_rects = self._draw_moving(surface, moving, extra)
            return None
        # Only what the change touched: its rectangles, the message box, the status, rings
        # that come or go, a mode's panel, the columns involved, the cards' old places.
        lit_cols, lit_found = self._rings()
        regions = list(changed)
        regions.extend(r for r in (self._msg_rect,) if r is not None)
        regions.append(lay.status_rect.copy())  # the clock may have moved on meanwhile
        if self._lit_found or lit_found:
            regions.append(lay.foundation_rects[0].unionall(lay.foundation_rects[1:]).inflate(12, 12))
        if lay.panel is not None:  # a mode's panel may say something new after any move
            regions.append(lay.panel.copy())
        for i in changed_cols | self._lit_cols | lit_cols:
            r = lay.column_rects[i]
            bottom = max(self._col_bottom.get(i, 0), self._column_bottom(i)) + 8
            regions.append(pygame.Rect(r.x, r.y - 2, r.w, min(lay.view.bottom, bottom) - r.y + 2))
        for c in moving | self._static_moving:  # cards leaving or joining the still layer
            if c in lay.card_xy:
                regions.append(lay.card_rect(c).inflate(4, 4))
        regions.extend(self._dyn_rects)
        regions = [r.clip(static.get_rect()) for r in merge_rects(regions)]
        old_msg = self._msg_rect
        for r in regions:
            static.set_clip(r)
            self._draw_still(static, moving)
        static.set_clip(None)
        if self._msg_rect != old_msg and self._msg_rect is not None:  # a message grew: draw it whole
            static.set_clip(self._msg_rect)
            self._draw_still(static, moving)
            static.set_clip(None)
            regions.append(self._msg_rect.copy())
        self._static_moving = set(moving)
        for r in regions:
            surface.blit(static, r, r)
        self._dyn_rects = self._draw_moving(surface, moving, extra)
        return merge_rects(regions + self._dyn_rects)

    def _draw_moving(self, surface: pygame.Surface, moving: set[int], extra: float) -> list[pygame.Rect]:
        if not moving:
            return []
        a = self._art
        assert a is not None and self.layout is not None
        lay = self.layout
        order = sorted((c for c in moving if c not in self.drag_cards),
                       key=lambda c: (lay.card_xy[c][1] < lay.found_y + lay.ch and self.position.loc[c] == ON_FOUNDATION,
                                      lay.card_xy[c][0], lay.card_xy[c][1]))
        order += self.drag_cards
        rects: list[pygame.Rect] = []
        if self.drag_cards:
            self._draw_drag_targets(surface, rects)  # under the held cards
            # A soft shadow under the lifted tail.
            px, py = self.drawn_xy(self.drag_cards[0], extra)
            lx, ly = self.drawn_xy(self.drag_cards[-1], extra)
            box = pygame.Rect(round(px), round(py), lay.cw, round(ly - py) + lay.ch)
            off = max(4, lay.cw // 12)
            shadow = self._shadow(box.size, lay.radius)
            surface.blit(shadow, (box.x + off - 4, box.y + off - 4))
            rects.append(pygame.Rect(box.x + off - 4, box.y + off - 4, *shadow.get_size()))
        for c in order:
            x, y = self.drawn_xy(c, extra)
            fs = self.anim.flip_state(c, extra)
            if fs is not None:
                scale, up = fs
                img = a.narrowed(c, up, scale)
                ix = round(x + (lay.cw - img.get_width()) / 2)
            else:
                img = a.image(c, self._face_up(c))
                ix = round(x)
            surface.blit(img, (ix, round(y)))
            rects.append(pygame.Rect(round(x) - 1, round(y) - 1, lay.cw + 2, lay.ch + 2))
        return rects

    def _shadow(self, size: tuple[int, int], radius: int) -> pygame.Surface:
        """A soft dark rounded shape a little larger than ``size`` (cached for the drag)."""
        key = (size, radius)
        cached = self._shadow_cache
        if cached is not None and cached[0] == key:
            return cached[1]
        w, h = size[0] + 8, size[1] + 8
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        for k, alpha in ((0, 30), (2, 40), (4, 55)):
            pygame.draw.rect(surf, (0, 0, 0, alpha), pygame.Rect(k, k, w - 2 * k, h - 2 * k), border_radius=radius + 4 - k)
        self._shadow_cache = (key, surf)
        return surf

    def _draw_drag_targets(self, surface: pygame.Surface, rects: list[pygame.Rect]) -> None:
        """While dragging, outline the destination under the pointer: green if legal."""
        dest = self._dest_at(*self.pointer)
        card = self.drag_cards[0]
        if dest is None or dest == self.position.loc[card]:
            return
        r = self._dest_rect(dest, card)
        ok = self.position.why_illegal(Move.of(card, dest)) is None
        colour = TARGET if ok else (230, 80, 70)
        radius = self.layout.radius if self.layout is not None else 4
        pygame.draw.rect(surface, colour, r.inflate(6, 6), width=3, border_radius=radius + 3)
        rects.append(r.inflate(10, 10))

    def _dest_rect(self, dest: int, card: int) -> pygame.Rect:
        lay = self.layout
        assert lay is not None
        if dest == FOUNDATION:
            return lay.foundation_rects[SUIT[card]].copy()
        return lay.column_end_rect(dest)

    def _lit_source(self) -> int | None:
        """The card whose legal destinations are lit: the selection, or the card being dragged."""
        if self.selection is not None:
            return self.selection
        return self.drag_cards[0] if self.drag_cards else None

    def _legal_dests(self, card: int) -> set[int]:
        return {m.to for m in self.position.legal_moves() if m.card == card}

    def _rings(self) -> tuple[set[int], bool]:
        """The columns with a ring drawn in them, and whether the foundation row has one."""
        pos = self.position
        lesson_cards, lesson_dests = (self.mode.highlights(self.game) if self.mode is not None else (set(), set()))
        sel = self._lit_source()
        legal = self._legal_dests(sel) if sel is not None else set()
        hint = self.hint_move
        lit: set[int] = set(d for d in legal if d < FOUNDATION) | set(d for d in lesson_dests if d < FOUNDATION)
        if sel is not None and pos.loc[sel] < ON_FOUNDATION:
            lit.add(pos.loc[sel])
        if hint is not None:
            if hint.to < FOUNDATION:
                lit.add(hint.to)
            if pos.loc[hint.card] < ON_FOUNDATION:
                lit.add(pos.loc[hint.card])
        lit |= {pos.loc[c] for c in lesson_cards if 0 <= c < 52 and pos.loc[c] < ON_FOUNDATION}
        found = (FOUNDATION in legal or FOUNDATION in lesson_dests
                 or (hint is not None and (hint.to == FOUNDATION or pos.loc[hint.card] == ON_FOUNDATION))
                 or (sel is not None and pos.loc[sel] == ON_FOUNDATION)
                 or any(0 <= c < 52 and pos.loc[c] == ON_FOUNDATION for c in lesson_cards))
        return lit, found

    def _draw_still(self, surface: pygame.Surface, moving: set[int]) -> None:
        lay = self.layout
        a = self._art
        assert lay is not None and a is not None
        pos = self.position
        size = surface.get_size()
        if self._felt is None or self._felt.get_size() != size:
            self._felt = art.felt(size)
        surface.blit(self._felt, (0, 0))
        self._draw_status(surface)
        lesson_cards, lesson_dests = (self.mode.highlights(self.game) if self.mode is not None else (set(), set()))
        sel = self._lit_source()
        legal = self._legal_dests(sel) if sel is not None else set()
        hint = self.hint_move
        # Foundations: the highest card of each that is not on its way somewhere.
        for s in range(4):
            r = lay.foundation_rects[s]
            top = pos.foundations[s]
            shown = None
            for rank in range(top, 0, -1):
                c = s * 13 + rank - 1
                if c not in moving:
                    shown = c
                    break
            if shown is None:
                surface.blit(a.slot(SYMBOL[s]), r)
            else:
                surface.blit(a.face(shown), r)
        # Headings.
        hsize = max(11, round(lay.heading_rects[0].h * 0.62))
        for i, r in enumerate(lay.heading_rects):
            lit = (i in legal) or (hint is not None and hint.to == i) or (i in lesson_dests)
            colour = TARGET if i in legal else HINT if (hint is not None and hint.to == i) else LESSON if i in lesson_dests else (170, 210, 180)
            if lit:
                pygame.draw.rect(surface, (*colour,), r, width=2, border_radius=r.h // 3)
            img = art.text(str(i + 1), hsize, colour if lit else (170, 210, 180), True)
            surface.blit(img, img.get_rect(center=r.center))
        # Columns.
        for i, col in enumerate(lay.column_cards):
            if not col:
                surface.blit(a.slot("K" if not pos.rules.any_card_in_space else ""), (lay.col_x[i], lay.cols_y))
            down = lay.column_down[i]
            for j, c in enumerate(col):
                if c in moving:
                    continue
                surface.blit(a.back() if j < down else a.face(c), lay.card_xy[c])
        rad = lay.radius
        self._lit_cols, self._lit_found = self._rings()
        # Highlights: the selected tail, the legal destinations, the hint, the lesson's.
        if sel is not None and sel not in moving:
            r = lay.tail_rect(sel) if pos.loc[sel] < ON_FOUNDATION else lay.card_rect(sel)
            pygame.draw.rect(surface, SELECT, r.inflate(6, 6), width=4, border_radius=rad + 3)
        for d in legal:  # (legal destinations exist only for a selection)
            assert sel is not None
            r = self._dest_rect(d, sel)
            pygame.draw.rect(surface, TARGET, r.inflate(8, 8), width=4, border_radius=rad + 4)
        if hint is not None:
            src = lay.tail_rect(hint.card) if pos.loc[hint.card] < ON_FOUNDATION else lay.card_rect(hint.card)
            pygame.draw.rect(surface, HINT, src.inflate(6, 6), width=4, border_radius=rad + 3)
            pygame.draw.rect(surface, HINT, self._dest_rect(hint.to, hint.card).inflate(8, 8), width=4, border_radius=rad + 4)
        for c in lesson_cards:
            if c in lay.card_xy and c not in moving:
                pygame.draw.rect(surface, LESSON, lay.strip_rect(c).inflate(6, 6), width=3, border_radius=rad + 3)
        for d in lesson_dests:
            if sel is None or d not in legal:
                probe = next(iter(lesson_cards), 0)
                pygame.draw.rect(surface, LESSON, self._dest_rect(d, probe).inflate(8, 8), width=3, border_radius=rad + 4)
        for part in self.app.parts:  # the keyboard cursor
            part.draw_overlay(self, surface)
        self._draw_panel(surface)
        self._draw_bar(surface)
        self._draw_message(surface)

    def status_text(self) -> tuple[str, str, str]:
        """The status lines: deal and game, moves and time, and any extra text from helpers."""
        g = self.game
        deal = f"Deal {g.seed}" if g.seed is not None else "Set position"
        line1 = f"{deal}  \u00b7  {g.rules.describe()}"
        home = g.position.home_count()
        line2 = f"Moves {len(g.history)}  \u00b7  {self.elapsed_text()}  \u00b7  {home}/52 home"
        line3 = "  \u00b7  ".join(n.text for n in self.app.status_notes())
        return line1, line2, line3

    def status_rows(self) -> tuple[int, list[tuple[str, tuple[int, int, int], bool]]]:
        """The status lines fitted to the status area: (text size, [(row, colour, bold)]).

        Text grows with the cards (within limits); a line too wide breaks at its " · "
        separators first, then between words, and the size comes down only as far as needed,
        so nothing is cut at the edge of the area.
        """
        lay = self.layout
        assert lay is not None
        r = lay.status_rect
        l1, l2, l3 = self.status_text()
        top = max(11, min(round(24 * text_scale(lay.width, lay.height)), round(lay.cw * 0.17)))
        alerts = tuple(n.text for n in self.app.status_notes() if n.alert)
        key = (l1, l2, l3, r.w, r.h, top, alerts)
        if self._status_fit is not None and self._status_fit[0] == key:
            return self._status_fit[1]  # drawn again for every region a move redraws: fit it once
        styles = [(TEXT, True), ((210, 230, 214), False), (GOLD, False)]
        size, rows = fit_block([(l1, True), (l2, False), (l3, False)], r.w, r.h, top)

        def style(i: int, row: str) -> tuple[tuple[int, int, int], bool]:
            # bad news (a lost game) must not look like good news: its rows take another colour
            if i == 2 and any(row.strip() and row.strip().rstrip("\u2026") in a for a in alerts):
                return ALERT, False
            return styles[i]

        self._status_fit = (key, (size, [(row, *style(i, row)) for i, row in rows]))
        return self._status_fit[1]

    def _draw_status(self, surface: pygame.Surface) -> None:
        lay = self.layout
        assert lay is not None
        r = lay.status_rect
        self._last_second = int(self.elapsed()) if self.t_start is not None else -1
        size, rows = self.status_rows()
        clip = surface.get_clip()
        surface.set_clip(r.clip(clip))  # a tiny window: cut the text rather than cover a foundation
        y = r.y
        for line, colour, bold in rows:
            surface.blit(art.text(line, size, colour, bold), (r.x, y))
            y += line_height(size)
        surface.set_clip(clip)

    def _draw_bar(self, surface: pygame.Surface) -> None:
        bar = self.bar
        assert bar is not None
        pygame.draw.rect(surface, (10, 34, 20), bar.rect)
        pygame.draw.line(surface, (60, 110, 74), bar.rect.topleft, bar.rect.topright)
        for i, (spec, r) in enumerate(zip(self.buttons(), bar.rects)):
            if i in bar.hidden:
                continue
            enabled = spec.enabled() if spec.enabled is not None else True
            draw_button(surface, r, spec.text(), bar.font_size, hover=(i == self.hover_button), enabled=enabled)
        if bar.more is not None:
            draw_button(surface, bar.more, MORE_LABEL, bar.font_size, hover=(self.hover_button == MORE))

    def open_menu(self) -> None:
        """The bar's "More" list: the buttons that did not fit, above the "More" button."""
        bar = self.bar
        if bar is None or bar.more is None:
            return
        specs = self.buttons()
        items: list[tuple[str, Callable[[], None], bool]] = []
        for i in bar.hidden:
            if i < len(specs):
                spec = specs[i]
                items.append((spec.text(), functools.partial(self._run_button, i),
                              spec.enabled() if spec.enabled is not None else True))
        self.app.push(MenuList(self.app, items, bar.more, bar.font_size))

    def _draw_panel(self, surface: pygame.Surface) -> None:
        panel = self.current_panel()
        lay = self.layout
        assert lay is not None
        if panel is None or lay.panel is None:
            self.panel_buttons = []
            return
        self.panel_buttons = draw_panel(surface, lay.panel, panel)

    def message_box(self) -> tuple[pygame.Rect, int, list[str]] | None:
        """Where the message goes, its text size and its lines; None when there is none.

        It goes low on the table where no card lies (wrapped narrower if that finds a clear
        spot), else over the status area, so it never hides a card the player is looking for;
        only when neither has room does it sit over the columns' ends.
        """
        m = self.message
        lay = self.layout
        if m is None or lay is None:
            return None
        # placed once per text and layout (any move or resize makes a new layout object)
        if self._msg_fit is None or self._msg_fit[0] != m.text or self._msg_fit[1] is not lay:
            self._msg_fit = (m.text, lay, self._place_message(m.text, lay))
        placed = self._msg_fit[2]
        return None if placed is None else (placed[0].copy(), placed[1], placed[2])

    def _place_message(self, text: str, lay: TableLayout) -> tuple[pygame.Rect, int, list[str]] | None:
        top = max(13, min(round(24 * text_scale(lay.width, lay.height)), round(lay.cw * 0.16)))
        first: tuple[pygame.Rect, int, list[str]] | None = None
        for wrap_w in (lay.view.w - 60, 5 * lay.cw, 4 * lay.cw, 3 * lay.cw, 2 * lay.cw):
            lines = wrap(text, top, max(wrap_w, 100), True)  # measured bold, as drawn
            f = art.font(top, True)
            box = pygame.Rect(0, 0, max(f.size(t)[0] for t in lines) + 2 * top,
                              len(lines) * f.get_height() + top)
            box.midbottom = (lay.view.centerx, lay.view.bottom - max(8, lay.margin))
            clear = place_clear_of_columns(box, lay)
            if first is None:
                first = (box, top, lines)
            if clear and box.y >= lay.cols_y:
                return box, top, lines
        r = lay.status_rect
        pad = 6
        for size in range(top, 10, -1):
            lines = wrap(text, size, r.w - 2 * pad, True)
            f = art.font(size, True)
            if (max(f.size(t)[0] for t in lines) <= r.w - 2 * pad
                    and len(lines) * f.get_height() + 2 * pad <= r.h):
                return pygame.Rect(r.x, r.y, r.w, len(lines) * f.get_height() + 2 * pad), size, lines
        return first

    def _draw_message(self, surface: pygame.Surface) -> None:
        m = self.message
        lay = self.layout
        assert lay is not None
        self._msg_rect = None
        if m is None:
            return
        if time.monotonic() >= m.until:
            self.message = None
            return
        placed = self.message_box()
        assert placed is not None
        box, size, lines = placed
        imgs = [art.text(t, size, TEXT, True) for t in lines]
        bg = {"error": ERROR_BG, "hint": (16, 60, 96), "lesson": (110, 60, 10)}.get(m.kind, INFO_BG)
        self._msg_rect = box.inflate(2, 2)
        pygame.draw.rect(surface, bg, box, border_radius=size // 2)
        pygame.draw.rect(surface, (230, 230, 220), box, width=1, border_radius=size // 2)
        y = box.y + (box.h - sum(i.get_height() for i in imgs)) // 2
        for img in imgs:
            surface.blit(img, img.get_rect(midtop=(box.centerx, y)))
            y += img.get_height()


def place_clear_of_columns(box: pygame.Rect, lay: TableLayout) -> bool:
    """Slide a message box sideways (nearest the middle) so it covers no column's cards, when there
    is room; True when it covers none.

    A long column reaches the bottom of the table; a message over its end card would hide the
    very card a player is looking for.
    """
    cols = [pygame.Rect(lay.col_x[i], lay.cols_y, lay.cw, lay.card_rect(c[-1]).bottom - lay.cols_y)
            for i, c in enumerate(lay.column_cards) if c and c[-1] in lay.card_xy]
    if box.collidelist(cols) < 0:
        return True
    left, right = lay.view.x + 4, lay.view.right - 4 - box.w
    if right < left:
        return False
    centre = box.x
    step = max(4, lay.gap // 2)
    best: int | None = None
    for x in range(left, right + 1, step):
        if box.move(x - box.x, 0).collidelist(cols) < 0 and (best is None or abs(x - centre) < abs(best - centre)):
            best = x
    if best is not None:
        box.x = best
    return best is not None


def merge_rects(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """Rectangles that touch become one, so the display gets a few large updates, not many small."""
    out: list[pygame.Rect] = []
    for r in rects:
        r = r.copy()
        merged = True
        while merged:
            merged = False
            for i, o in enumerate(out):
                if o.colliderect(r.inflate(2, 2)):
                    r.union_ip(out.pop(i))
                    merged = True
                    break
        out.append(r)
    return out


def _ease_back(t: float) -> float:
    """Ease out with a small overshoot, for the cards landing back after a win."""
    c = 1.4
    u = t - 1.0
    return 1.0 + (c + 1.0) * u * u * u + c * u * u
