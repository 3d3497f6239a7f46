"""The table screen: the view of a ``TableSession`` (``yukon.play.session``), its input and its slides.

The table keeps no game state of its own: the session holds the game, the selection, the hint
and the message on show, the clock and the end, and every change to the cards goes through
it. The table listens to its session: on each event it compares where every card was drawn
(the position it last laid out, ``shown``) with where the new layout puts it and slides the
ones that moved, as one group, so a card can never be drawn twice or left behind; any input
during a slide finishes it at once. A won or stuck game brings the table's questions.

A lesson is a session with a guide, shown by this same view with a ``TableMode``
(``mode.py``): cards and places lit, a panel beside the table, its own bar and status lines,
and its own way with a few commands.

The screen is a view over sections (as Arcade's ``View`` and ``Section``), each owning its
part of the window, its input and its drawing: ``board`` (the cards, their slides, a new deal
out of its pile, rings and a lesson's victory lap), ``move_marks`` (the glow on the cards that
moved last or came back, the outline on the tail under the pointer), ``canvas`` (the still layer
and the rectangles sent each frame), ``pointer`` (press, drag, clicks), ``bar`` (the toolbar,
its tooltips and its menu), ``panel`` (a mode's panel), ``status`` (the status lines), ``message`` (the
message box), ``operations`` (commands and the wheel), ``home`` (cards sent home one by one) and
``questions`` (restart, new deal, stuck, and a win: the celebration, ``yukon.ui.celebration``,
then the win summary, ``summary``). ``manager`` routes input, time steps and changes of the
cards to them.

Drawing: the table redraws on its session's events; anything else that changes what it
shows (a status note, the keyboard cursor) calls ``invalidate()``. Moves, undo and redo
describe their changes themselves (the columns, status, foundations and bar they touched),
and while cards slide only their rectangles are restored from a still layer and redrawn;
tests/test_ui_redraw.py checks the result pixel for pixel against a full redraw. What the
app's parts add to the table is declared by ``yukon.ui.parts.Part`` (buttons, commands,
status notes, ``draw_overlay`` for the keyboard cursor, ``win_notes``); how it looks follows
``app.prefs`` (``TablePrefs``: animation speed, 0 = no slides, left-handed, the colours and
the text size).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

import pygame

from ...core.state import Position
from ...play.events import Dealt, Event, Moved, Notice, Redone, Restarted, Stuck, Undone, Won
from ...play.session import TableSession
from ...text.i18n import language
from .. import art
from ..celebration import Takeoff
from ..changes import TablePrefs
from ..commands import Command
from ..input import Input
from ..layout import TableLayout, compute_layout
from ..rects import merge_rects
from ..screen import Host, Screen, spoken_join
from ..toolbar import BarLayout
from ..tween import Animator
from ..widgets import ButtonSpec
from .bar import ButtonBar
from .board import Board
from .canvas import Canvas
from .home import HomeRun
from .manager import SectionManager
from .message import MessageBox, place_clear_of_columns
from .mode import BaseMode, TableMode
from .operations import Operations
from .panel import SidePanel
from .pointer import Pointer, Press
from .questions import Questions
from .rings import Rings
from .status import Row, StatusLines
from .wording import describe_move, short_name

__all__ = [
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

# Seconds of each frame spent drawing a pictured deck's waiting faces (a new card size or deck): the
# frame keeps within its 16 ms, and the 52 faces of a size are drawn within about a second.
SHARPEN_BUDGET = 0.008
CHANGES: dict[type, str] = {Moved: "move", Undone: "undo", Redone: "redo", Restarted: "restart"}


class TablePart(Protocol):
    """What the table uses of each of the app's parts: the drawing over the still table."""

    def draw_overlay(self, table: TableScreen, surface: pygame.Surface) -> None: ...


class TableHost(Host, Protocol):
    """What the table uses of the app beyond every screen's ``Host``: its parts and the main table.

    ``App`` has all of it; naming this instead keeps the app out of the table's imports.
    """

    @property
    def parts(self) -> Iterable[TablePart]: ...

    @property
    def table(self) -> TableScreen | None: ...

    def part_command(self, table: TableScreen, command: Command) -> bool: ...


class TableScreen(Screen):
    """The view of a table session; see the package docstring."""

    app: TableHost
    session: TableSession
    mode: TableMode | None
    scroll_x: int
    layout: TableLayout | None  # where everything goes in the window
    bar: BarLayout | None  # where the buttons go
    shown: Position  # the position as last laid out: the cards slide from where it put them
    anim: Animator  # the slides and flips under way
    rings: Rings
    board: Board
    canvas: Canvas
    button_bar: ButtonBar
    side_panel: SidePanel
    status_lines: StatusLines
    msgbox: MessageBox
    mouse: Pointer
    home: HomeRun
    questions: Questions
    operations: Operations
    sections: SectionManager
    _laid_prefs: TablePrefs | None  # the settings the layout and card art were made for
    _laid_language: str  # the language the bar's labels were measured in

    def __init__(self, app: TableHost, session: TableSession, mode: TableMode | None = None) -> None:
        # The sections first: Screen's constructor already asks for a full redraw.
        self._laid_prefs = None
        self._laid_language = language()
        self.layout = None
        self.bar = None
        self.anim = Animator()
        self.rings = Rings(self)
        self.board = Board(self, self.anim, self.rings)
        self.button_bar = ButtonBar(self)
        self.side_panel = SidePanel(self)
        self.status_lines = StatusLines(self)
        self.msgbox = MessageBox(self)
        self.canvas = Canvas(self, self.board, self.status_lines, self.side_panel, self.button_bar, self.msgbox)
        self.mouse = Pointer(self, self.board, self.canvas, self.button_bar, self.side_panel)
        self.home = HomeRun(self)
        self.questions = Questions(self)
        self.operations = Operations(self, self.mouse)
        self.sections = SectionManager(self, self.board, self.canvas, self.button_bar, self.mouse, self.operations,
                                       self.home, self.questions)
        super().__init__(app)
        self.session = session
        self.mode = mode
        self.scroll_x = 0
        self.shown = session.position.copy()
        self.relayout()
        session.listen(self.heard)

    # -- what the table shows ----------------------------------------------------------------
    @property
    def celebrating(self) -> float:
        """Seconds left of the cards' leap after a win (0: none)."""
        return self.board.celebrating

    @property
    def drag_cards(self) -> list[int]:
        """The cards being dragged, the grabbed one first."""
        return self.mouse.held

    @property
    def pointer(self) -> tuple[int, int]:
        """Where the pointer was last seen."""
        return self.mouse.xy

    @property
    def sending_home(self) -> bool:
        """Cards go home one move at a time (All home, or the safe ones by themselves)."""
        return self.home.running

    def buttons(self) -> list[ButtonSpec]:
        """The button bar's buttons: the mode's, else the app's."""
        if self.mode is not None:
            b = self.mode.buttons()
            if b is not None:
                return b
        return self.app.buttons()

    def drawn_xy(self, card: int, extra: float = 0.0) -> tuple[float, float]:
        """Where a card is drawn now: under the pointer, sliding, or where it lies."""
        held = self.mouse.held_xy(card)
        return held if held is not None else self.board.xy(card, extra)

    def message_text(self) -> str | None:
        """The words of the session's message (None: there is none)."""
        m = self.session.message
        return self.msgbox.text(m) if m is not None else None

    def message_box(self) -> tuple[pygame.Rect, int, list[str]] | None:
        """Where the message goes, its text size and its lines; None when there is none."""
        return self.msgbox.box()

    def status_text(self) -> tuple[str, str, str]:
        """The status lines: the mode's, else deal and game, moves and time, and the parts' notes."""
        if self.mode is not None:
            text = self.mode.status_text()
            if text is not None:
                return text
        return self.status_lines.default_text()

    def status_rows(self) -> tuple[int, list[Row]]:
        """The status lines fitted to the status area: (text size, [(row, colour, bold)]); see status.py."""
        return self.status_lines.rows()

    def spoken(self) -> str:
        """A mode's table (a lesson) says its panel on opening; the main table's words are the speech part's."""
        panel = self.mode.panel(self.session.game) if self.mode is not None else None
        return spoken_join(panel.title, *panel.paragraphs) if panel is not None else ""

    def focus_spoken(self) -> str:
        """What the mode asks for now (a lesson's step), said again when it changes."""
        return self.mode.step_text() if self.mode is not None else ""

    # -- following the session ---------------------------------------------------------------
    def heard(self, event: Event) -> None:
        """An event of the session: follow a change of the cards, ask at the end, or redraw."""
        kind = CHANGES.get(type(event))
        if kind is not None:
            if isinstance(event, Moved):
                self.sections.moves_heard += 1
            moved = event.move.card if isinstance(event, (Moved, Undone, Redone)) else None
            self.sections.change(kind, self.board.marks.moved_with(moved))
        elif isinstance(event, Dealt):
            self.sections.dealt(event.resumed)
        elif isinstance(event, Won):
            self.questions.won(event)
        elif isinstance(event, Stuck):
            self.questions.stuck(event)
        else:  # the selection, or a message (words pinned now, while its position is on the table)
            self.msgbox.pin()
            self.canvas.redraw()

    # -- what the player can do at the table beyond the session's operations ------------------
    def run(self, command: Command) -> None:
        """Run a command from a key or a button: the app's parts first (keyboard play, settings, the
        solver ...), then the mode's own way, then the table's."""
        if command is Command.NEW_DEAL and isinstance(self.session.ended, Stuck):
            command = Command.NEW_DEAL_CONFIRMED  # a stuck game is over: nothing under way to ask about
        if self.app.part_command(self, command) or (self.mode is not None and self.mode.command(command)):
            return
        self.operations.run(command)

    def ask_restart(self) -> None:
        """Restart from the button or Ctrl+R: asks first when moves would be lost (restart cannot be undone)."""
        game = self.session.game
        if game.history and not game.position.is_won():
            self.questions.restart()
        else:
            self.session.restart()

    def new_deal(self, ask: bool = True, seed: int | None = None) -> None:
        """A new deal (``seed``, else the app's next); asks first when a game is under way."""
        session = self.session
        if not session.deals:
            session.say(Notice.SET_POSITION)
            return
        if ask and session.game.history and not session.position.is_won():
            self.questions.new_deal(seed)
            return
        self.app.new_deal(seed)
        session.say(Notice.NEW_DEAL, session.game.seed or 0)

    def send_home(self, safe_only: bool = False) -> None:
        """Send home every end card its foundation takes (``safe_only``: only safe ones), one move at
        a time through the session (so every listener hears ordinary moves), until none is left or
        the player acts."""
        self.home.start(safe_only)

    def stop_home(self) -> None:
        """Stop sending cards home (the card on its way lands)."""
        self.home.stop()

    def celebrate(self) -> None:
        """A short victory lap: the cards leap from the foundations and fall back in place."""
        self.board.celebrate()
        self.canvas.redraw(precise=True)

    def scroll(self, dx: int) -> None:
        """Move the table sideways (only when it is wider than the window)."""
        if self.layout is None or self.layout.max_scroll == 0:
            return
        new = max(0, min(self.scroll_x + dx, self.layout.max_scroll))
        if new != self.scroll_x:
            self.scroll_x = new
            self.relayout()

    def open_menu(self) -> None:
        """Open the toolbar's menu from the keyboard (F10): its first item chosen."""
        self.button_bar.open_menu(keyboard=True)

    def scroll_home(self) -> None:
        """The next layout starts at the table's left edge (a lesson put on the table)."""
        self.scroll_x = 0

    # -- layout and drawing ------------------------------------------------------------------
    def relayout(self, precise: bool = False) -> None:
        """Recompute every rectangle from the window size and the session's position."""
        w, h = self.app.size
        self._laid_prefs = self.app.prefs
        self._laid_language = language()
        self.shown = self.session.position.copy()
        self.bar = self.button_bar.relayout(w, h)
        self.layout = compute_layout(w, h, self.shown, self.scroll_x, self.side_panel.width(w, h), self.bar.rect.h,
                                     self.app.prefs.left_handed, index_strip=self.board.deck_choice().deck.index_height,
                                     text_factor=self.app.prefs.text_factor)
        self.scroll_x = self.layout.scroll_x
        self.board.fit_art(self.layout)
        self.canvas.redraw(precise)

    def picture(self) -> pygame.Surface:
        """The table as it lies now, the whole window: nothing moving, nothing lit by the pointer."""
        self.canvas.finish_motion()
        w, h = self.app.size
        if self.layout is None or (self.layout.width, self.layout.height) != (w, h):
            self.canvas.new_felt()
            self.relayout()
        surface = pygame.Surface((w, h))
        self.board.marks.hover(None)
        self.canvas.paint_still(surface, set())
        self.canvas.redraw()  # the next frame of the table draws it whole again
        return surface

    def takeoff(self) -> Takeoff:
        """Where a won game's cascade starts (see ``Board.takeoff``)."""
        return self.board.takeoff()

    def draw_overlays(self, surface: pygame.Surface) -> None:
        """Let the app's parts draw over the still table (the keyboard cursor)."""
        for part in self.app.parts:
            part.draw_overlay(self, surface)

    def handle(self, cmd: Input) -> None:
        """Act on one input from the player (see manager.py)."""
        self.sections.handle(cmd)

    def resize(self, w: int, h: int) -> None:
        """New window size: finish any slide, lay out again, rebuild the cloth."""
        self.anim.finish()
        self.mouse.cancel()
        self.canvas.new_size()
        self.relayout()

    def update(self, dt: float) -> None:
        """Advance slides and flips by one fixed step (and send the next card home when the last has landed)."""
        self.sections.update(dt)

    def settle(self) -> None:
        """Another screen comes over the table: the cards in flight land at once."""
        self.anim.finish()

    def covered(self) -> bool:
        """Is another screen over the table (a question, a sheet, the rules)?"""
        return self.app.top is not self

    def busy(self) -> bool:
        """Something is sliding, flipping or being dragged, or a finger held still may become a long press."""
        return self.anim.active or bool(self.drag_cards) or self.sending_home or self.mouse.waiting()

    def needs_draw(self) -> bool:
        """A change, a frame of motion, the clock ticking, a message running out or fading a step (the canvas,
        asked first, notes it), a layout for other settings or language, or card faces still to be drawn."""
        return self.canvas.needs_draw() or self._laid_for_other_settings() or self.board.sharpening()

    def _laid_for_other_settings(self) -> bool:
        return self.layout is not None and (self._laid_prefs is not self.app.prefs or self._laid_language != language())

    def wake_in(self) -> float | None:
        """When the message ends or the clock shows the next second."""
        return self.canvas.wake_in()

    def invalidate(self) -> None:
        """Repaint everything and send the whole window to the display (the one way to ask for it)."""
        self.canvas.invalidate()

    @property
    def full(self) -> bool:
        """Must the next frame draw everything?"""
        return self.canvas.full

    @full.setter
    def full(self, value: bool) -> None:
        self.canvas.set_full(value)

    def draw(self, surface: pygame.Surface, alpha: float) -> list[pygame.Rect] | None:
        """Draw the table and return what changed (None: the whole window); see canvas.py."""
        size = surface.get_size()
        if self.layout is None or (self.layout.width, self.layout.height) != size:
            self.canvas.new_felt()
            self.relayout()
        elif self._laid_for_other_settings():
            self.relayout()  # settings (the language too) changed since the last layout
        rects = self.canvas.draw(surface, alpha)
        if self.board.sharpen(SHARPEN_BUDGET):  # after the frame: the last face waiting is drawn, show them all
            self.canvas.invalidate()
        return rects
