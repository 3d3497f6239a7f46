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

The screen is a view over sections (as Arcade's ``View`` and ``Section``), each owning its
part of the window, its input and its drawing: ``board`` (the cards, their slides, rings and
the victory lap), ``canvas`` (the still layer and the rectangles sent each frame),
``pointer`` (press, drag, clicks), ``bar`` (the buttons and the "More" menu), ``panel`` (a
mode's panel), ``status`` (the status lines), ``message`` (the message box), ``keys`` (named
commands and the wheel), ``hint_on_show``, ``home`` (cards sent home one by one), ``play`` (moves
and what follows every change), ``questions`` (restart, new deal, won, stuck) and
``gameclock`` (the time played, and the one place the table reads the time: tests replace
``time`` there). ``manager`` routes input, time steps and changes of the game to them.
``TableScreen`` owns the game's operations as its public methods and hands the work to
the sections; the sections reach each other only through those methods and what they are
given when the table builds them.

Drawing: code outside the table that changes what it shows calls ``table.redraw()``;
the next frame then draws and sends the whole window. Moves, undo and redo describe
their changes themselves (the columns, status, foundations and bar they touched), and
while cards slide only their rectangles are restored from a still layer and redrawn;
tests/test_ui_redraw.py checks the result pixel for pixel against a full redraw. What the
app's parts add to the table is declared by ``yukon.ui.parts.Part`` (buttons, named commands
through ``action``, status notes, ``draw_overlay`` for the keyboard cursor, ``win_notes``);
how it looks follows ``app.prefs`` (``TablePrefs``: animation speed, 0 = no slides,
left-handed, the colours and the text size).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol, TypeVar

import pygame

from ...i18n import _, language
from ...state import Game, Move, Position, Undo
from .. import art
from ..changes import ChangeKind, PlayedBy, TablePrefs
from ..input import Command
from ..layout import TableLayout, compute_layout
from ..screen import Host, Screen
from ..tween import Animator
from ..widgets import BarLayout, ButtonSpec, Message
from .bar import ButtonBar
from .board import Board
from .canvas import Canvas, merge_rects
from .gameclock import GameClock, wall
from .hint_on_show import HintOnShow
from .home import HomeRun
from .keys import Commands
from .manager import SectionManager
from .message import MessageBox, place_clear_of_columns
from .mode import BaseMode, TableMode, describe_move, short_name
from .panel import SidePanel
from .play import Play
from .pointer import Pointer, Press
from .questions import Questions
from .status import Row, StatusLines
from .style import (
    ALERT,
    DOUBLE_CLICK,
    DRAG_THRESHOLD,
    ERROR_BG,
    HINT,
    HOME_PACE,
    INFO_BG,
    LESSON,
    MESSAGE_TIME,
    MORE,
    SELECT,
    SYMBOL,
    TARGET,
)

__all__ = [
    "ALERT",
    "DOUBLE_CLICK",
    "DRAG_THRESHOLD",
    "ERROR_BG",
    "HINT",
    "HOME_PACE",
    "INFO_BG",
    "LESSON",
    "MESSAGE_TIME",
    "MORE",
    "SELECT",
    "SYMBOL",
    "TARGET",
    "BaseMode",
    "Press",
    "TableHost",
    "TableMode",
    "TablePart",
    "TableScreen",
    "art",
    "describe_move",
    "merge_rects",
    "place_clear_of_columns",
    "short_name",
]

T = TypeVar("T")


class TablePart(Protocol):
    """What the table uses of each of the app's parts: the drawing over the still table."""

    def draw_overlay(self, table: TableScreen, surface: pygame.Surface) -> None: ...


class TableHost(Host, Protocol):
    """What the table uses of the app beyond every screen's ``Host``: its parts and the main table.

    ``App`` has all of it; naming this instead keeps the app out of the table's imports.
    """

    @property
    def parts(self) -> Sequence[TablePart]: ...

    @property
    def table(self) -> TableScreen | None: ...

    def part_action(self, table: TableScreen, name: str) -> bool: ...


class TableScreen(Screen):
    """The game table, the view over its sections; see the package docstring."""

    confirm_restart = True  # a whole game's moves are at stake; a lesson's few are not

    app: TableHost
    mode: TableMode | None
    scroll_x: int
    selection: int | None
    message: Message | None
    layout: TableLayout | None  # where everything goes in the window
    bar: BarLayout | None  # where the buttons go
    anim: Animator  # the slides and flips under way
    clock: GameClock
    board: Board
    canvas: Canvas
    button_bar: ButtonBar
    side_panel: SidePanel
    status_lines: StatusLines
    msgbox: MessageBox
    mouse: Pointer
    home: HomeRun
    questions: Questions
    hints: HintOnShow
    commands: Commands
    play: Play
    sections: SectionManager
    _own_game: Game | None
    _known_game: Game | None
    _ended_key: tuple | None  # the position whose end was last announced
    _laid_prefs: TablePrefs | None  # the settings the layout and card art were made for
    _laid_language: str  # the language the bar's labels were measured in

    def __init__(self, app: TableHost, game: Game | None = None, mode: TableMode | None = None) -> None:
        # The sections first: Screen's constructor already asks for a full redraw.
        self._laid_prefs = None
        self._laid_language = language()
        self.layout = None
        self.bar = None
        self.anim = Animator()
        self.board = Board(self, self.anim)
        self.button_bar = ButtonBar(self)
        self.side_panel = SidePanel(self)
        self.status_lines = StatusLines(self)
        self.msgbox = MessageBox(self)
        self.canvas = Canvas(self, self.board, self.status_lines, self.side_panel, self.button_bar, self.msgbox)
        self.mouse = Pointer(self, self.board, self.canvas, self.button_bar, self.side_panel)
        self.home = HomeRun(self)
        self.questions = Questions(self)
        self.hints = HintOnShow(self)
        self.commands = Commands(self, self.mouse)
        self.clock = GameClock()
        self.play = Play(self, self.clock, self.questions)
        self.sections = SectionManager(self, self.board, self.canvas, self.button_bar, self.mouse, self.commands,
                                       self.hints, self.home, self.play, self.questions)
        super().__init__(app)
        self._own_game = game
        self.mode = mode
        self.scroll_x = 0
        self.selection = None
        self.message = None
        self._known_game = None
        self._ended_key = None
        self.relayout()

    @property
    def game(self) -> Game:
        """The game being played: the lesson's own, else the app's."""
        return self._own_game if self._own_game is not None else self.app.game

    @property
    def position(self) -> Position:
        """The true position."""
        return self.game.position

    @property
    def celebrating(self) -> float:
        """Seconds left of the cards' leap after a win (0: none)."""
        return self.board.celebrating

    @property
    def drag_cards(self) -> list[int]:
        """The cards being dragged, the grabbed one first."""
        return self.mouse.held

    @property
    def press(self) -> Press | None:
        """The left button held down, if it is."""
        return self.mouse.press

    @property
    def pointer(self) -> tuple[int, int]:
        """Where the pointer was last seen."""
        return self.mouse.xy

    @property
    def panel_buttons(self) -> list[tuple[pygame.Rect, Callable[[], None]]]:
        """The mode's panel buttons as last drawn."""
        return self.side_panel.buttons

    @property
    def t_start(self) -> float | None:
        """When the clock started (None: not yet)."""
        return self.clock.start

    @t_start.setter
    def t_start(self, value: float | None) -> None:
        self.clock.set_start(value)

    @property
    def t_end(self) -> float | None:
        """When the clock stopped (None: it runs)."""
        return self.clock.end

    @t_end.setter
    def t_end(self, value: float | None) -> None:
        self.clock.set_end(value)

    @property
    def full(self) -> bool:
        """Must the next frame draw everything? (Setting it also sends the whole window.)"""
        return self.canvas.full

    @full.setter
    def full(self, value: bool) -> None:
        self.canvas.set_full(value)

    @property
    def sending_home(self) -> bool:
        """Cards go home one move at a time (All home, or the safe ones by themselves)."""
        return self.home.running

    def deals(self) -> bool:
        """Does this table deal new games (it plays the app's game, not a set position)?"""
        return self._own_game is None

    def buttons(self) -> list[ButtonSpec]:
        """The button bar's buttons."""
        if self.mode is not None:
            b = self.mode.buttons()
            if b is not None:
                return b
        return self.app.buttons()

    def relayout(self, precise: bool = False) -> None:
        """Recompute every rectangle from the window size and the true position."""
        if self._known_game is not self.game:
            self._known_game = self.game
            self.selection = None
            self.hints.forget()
            self.clock.reset()
            self._ended_key = None
            self.canvas.finish_motion()
        w, h = self.app.size
        self._laid_prefs = self.app.prefs
        self._laid_language = language()
        self.bar = self.button_bar.relayout(w, h)
        self.layout = compute_layout(w, h, self.position, self.scroll_x, self.side_panel.width(w, h), self.bar.rect.h,
                                     self.app.prefs.left_handed, text_factor=self.app.prefs.text_factor)
        self.scroll_x = self.layout.scroll_x
        self.board.fit_art(self.layout)
        self.canvas.redraw(precise)

    def resize(self, w: int, h: int) -> None:
        """New window size: finish any slide, lay out again, rebuild the cloth."""
        self.anim.finish()
        self.mouse.cancel()
        self.canvas.new_size()
        self.relayout()

    def drawn_xy(self, card: int, extra: float = 0.0) -> tuple[float, float]:
        """Where a card is drawn now: under the pointer, sliding, or where it lies."""
        held = self.mouse.held_xy(card)
        return held if held is not None else self.board.xy(card, extra)

    def change(self, kind: str, fn: Callable[[], T]) -> T:
        """Run a change of the game (``fn``), then slide every card that moved from where it was drawn."""
        return self.sections.change(kind, fn)

    def follow_game(self) -> None:
        """Lay out again when the game was replaced from outside (a new deal, a loaded game)."""
        if self._known_game is not self.game:
            self.relayout()

    def say(self, text: str, kind: str = "info", seconds: float = MESSAGE_TIME) -> None:
        """Show a message for a few seconds."""
        self.message = Message(text, wall() + seconds, kind)
        self.full = True

    def try_move(self, move: Move, by: PlayedBy | None = None) -> bool:
        """Make a move if the mode and the rules allow it, else say why; True when made (``by``: the Demo
        or Finish, when they make it for the player)."""
        made = self.play.move(move, by)
        if made:
            self._check_end()
        return made

    def undo(self) -> None:
        """Take back a move (it slides back)."""
        self._replay("undo", self.game.can_undo, self.game.undo)

    def redo(self) -> None:
        """Make the undone move again."""
        self._replay("redo", self.game.can_redo, self.game.redo)

    def _replay(self, kind: ChangeKind, can: Callable[[], bool], fn: Callable[[], Undo | None]) -> None:
        self.selection = None
        if not can():
            self.say(_("Nothing to undo.") if kind == "undo" else _("Nothing to redo."))
            return
        u = self.change(kind, fn)
        self._after_change(kind, u.move if u else None)

    def ask_restart(self) -> None:
        """Restart from the button or Ctrl+R: asks first when moves would be lost (restart cannot be undone)."""
        if self.confirm_restart and self.game.history and not self.position.is_won():
            self.questions.restart()
        else:
            self.restart()

    def restart(self) -> None:
        """Back to the deal as dealt."""
        self.selection = None
        self.change("restart", self.game.restart)
        self.clock.reset()
        self._after_change("restart", None)
        self.say(_("The deal is back as it was dealt."))

    def _after_change(self, kind: ChangeKind, move: Move | None) -> None:
        self.play.after_change(kind, move)
        self._ended_key = None
        self._check_end()

    def new_deal(self, ask: bool = True, seed: int | None = None) -> None:
        """A new deal (``seed``, else the app's next); asks first when a game is under way."""
        if not self.deals():
            self.say(_("This table plays a set position; leave it to deal again."))
            return
        if ask and self.game.history and not self.position.is_won():
            self.questions.new_deal(seed)
            return
        self.selection = None
        self.change("new", lambda: self.app.new_deal(seed))
        self._known_game = self.game
        self.clock.reset()
        self._ended_key = None
        # TRANSLATORS: said when a new deal is on the table; {number} is the deal's number.
        self.say(_("Deal {number}.").format(number=self.game.seed))

    def hint(self) -> None:
        """Show a useful move; each press shows the next one."""
        self.hints.next()

    def show_hints(self, moves: list[Move], index: int, text: str, seconds: float = 8.0) -> None:
        """Show ``moves[index]`` as the hint on show (lit on the table) with ``text``; the selection goes."""
        self.hints.show(moves, index, text, seconds)

    def select(self, card: int | None) -> None:
        """Select ``card`` (with its tail), or nothing."""
        self.selection = card
        self.full = True

    def unselect(self) -> None:
        """Forget the selection; the caller says what to redraw (a drag lifting cards)."""
        self.selection = None

    def drop_message(self) -> None:
        """Take away the message; the caller says what to redraw (a move)."""
        self.message = None

    def drop_hint_message(self) -> None:
        """Take away a hint's message (its position is about to be left)."""
        if self.message is not None and self.message.kind == "hint":
            self.message = None

    def live_message(self) -> Message | None:
        """The message on show; one whose time is up goes."""
        if self.message is not None and wall() >= self.message.until:
            self.message = None
        return self.message

    def draw_overlays(self, surface: pygame.Surface) -> None:
        """Let the app's parts draw over the still table (the keyboard cursor)."""
        for part in self.app.parts:
            part.draw_overlay(self, surface)

    @property
    def hint_move(self) -> Move | None:
        """The hint on show, if it still fits the position."""
        return self.hints.on_show()

    def send_home(self, safe_only: bool = False) -> None:
        """Send home every end card its foundation takes (``safe_only``: only safe ones), one move at
        a time by ``try_move`` (so every listener sees ordinary moves), until none is left or the player acts."""
        self.home.start(safe_only)

    def stop_home(self) -> None:
        """Stop sending cards home (the card on its way lands)."""
        self.home.stop()

    def _check_end(self) -> None:
        """Once per position: a won game celebrates and asks what next, a stuck one says so."""
        key = self.position.key()
        if key == self._ended_key:
            return
        news = self.play.end_news()
        if news is not None:
            self._ended_key = key
            self.play.announce_end(news)

    def celebrate(self) -> None:
        """A short victory lap: the cards leap from the foundations and fall back in place."""
        self.board.celebrate()
        self.canvas.redraw(precise=True)

    def handle(self, cmd: Command) -> None:
        """Act on one command from the player (see manager.py)."""
        self.sections.handle(cmd)

    def action(self, name: str) -> None:
        """Run a named command (from a key or a button)."""
        if not self.app.part_action(self, name):  # keyboard play, settings, the solver ...
            self.commands.run(name)

    def scroll(self, dx: int) -> None:
        """Move the table sideways (only when it is wider than the window)."""
        if self.layout is None or self.layout.max_scroll == 0:
            return
        new = max(0, min(self.scroll_x + dx, self.layout.max_scroll))
        if new != self.scroll_x:
            self.scroll_x = new
            self.relayout()

    def update(self, dt: float) -> None:
        """Advance slides and flips by one fixed step (and send the next card home when the last has landed)."""
        self.sections.update(dt)

    def settle(self) -> None:
        """Another screen comes over the table: the cards in flight land at once."""
        self.anim.finish()

    def busy(self) -> bool:
        """Something is sliding, flipping or being dragged."""
        return self.anim.active or bool(self.drag_cards) or self.sending_home

    def needs_draw(self) -> bool:
        """A change, a frame of motion, a message running out, the clock ticking, or a layout made
        for other settings or another language (``draw`` lays it out again)."""
        return self._laid_for_other_settings() or self.canvas.needs_draw()

    def _laid_for_other_settings(self) -> bool:
        return self.layout is not None and (self._laid_prefs is not self.app.prefs
                                            or self._laid_language != language())

    def wake_in(self) -> float | None:
        """When the message ends or the clock shows the next second."""
        return self.canvas.wake_in()

    def elapsed(self) -> float:
        """Seconds played: from the first move to the win, not counting pauses (see gameclock.py)."""
        return self.clock.elapsed()

    def set_elapsed(self, seconds: float) -> None:
        """Go on from ``seconds`` already played (a resumed game)."""
        self.clock.set_elapsed(seconds)

    def pause_clock(self, paused: bool) -> None:
        """Stop the clock (the table is covered, the window is away) or let it run on."""
        self.clock.pause(paused)

    def elapsed_text(self) -> str:
        """The time played as m:ss."""
        return self.clock.text()

    def invalidate(self) -> None:
        """Repaint everything and send the whole window to the display."""
        self.canvas.invalidate()

    def draw(self, surface: pygame.Surface, alpha: float) -> list[pygame.Rect] | None:
        """Draw the table and return what changed (None: the whole window); see canvas.py."""
        self.follow_game()
        size = surface.get_size()
        if self.layout is None or (self.layout.width, self.layout.height) != size:
            self.canvas.new_felt()
            self.relayout()
        elif self._laid_for_other_settings():
            self.relayout()  # settings (the language too) changed since the last layout
        return self.canvas.draw(surface, alpha)

    def message_box(self) -> tuple[pygame.Rect, int, list[str]] | None:
        """Where the message goes, its text size and its lines; None when there is none."""
        return self.msgbox.box()

    def status_text(self) -> tuple[str, str, str]:
        """The status lines: deal and game, moves and time, and any extra text from helpers."""
        return self.status_lines.default_text()

    def status_rows(self) -> tuple[int, list[Row]]:
        """The status lines fitted to the status area: (text size, [(row, colour, bold)]); see status.py."""
        return self.status_lines.rows()
