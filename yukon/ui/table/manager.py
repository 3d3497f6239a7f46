"""Hands each input and each time step to the table's sections, and follows a change of the cards
across them (as Arcade's section manager does for a view)."""

from __future__ import annotations

from ..commands import Command
from ..input import Action, Expose, Input, PointerDown, PointerMove, PointerUp, Wheel
from .bar import ButtonBar
from .board import Board
from .canvas import Canvas
from .home import HomeRun
from .operations import Operations
from .pointer import Pointer
from .questions import Questions
from .view import TableView


class SectionManager:
    """Routes the table's input, time and changes to its sections."""

    table: TableView
    board: Board
    canvas: Canvas
    bar: ButtonBar
    mouse: Pointer
    operations: Operations
    home: HomeRun
    questions: Questions
    moves_heard: int  # the session's moves this table has followed (to tell a player's in ``handle``)

    def __init__(self, table: TableView, board: Board, canvas: Canvas, bar: ButtonBar, mouse: Pointer,
                 operations: Operations, home: HomeRun, questions: Questions) -> None:
        self.table = table
        self.board = board
        self.canvas = canvas
        self.bar = bar
        self.mouse = mouse
        self.operations = operations
        self.home = home
        self.questions = questions
        self.moves_heard = 0

    def handle(self, cmd: Input) -> None:
        """Act on one input from the player; after a move of theirs, safe cards may go home by themselves."""
        table = self.table
        if self.home.running and not isinstance(cmd, (PointerMove, Expose)):
            table.stop_home()  # the player acts: the cards stop where they are
        made = self.moves_heard
        self._route(cmd)
        if (self.moves_heard != made and table.app.prefs.auto_home_safe and table.mode is None
                and table.session.deals):
            table.send_home(safe_only=True)

    def _route(self, cmd: Input) -> None:
        table = self.table
        if isinstance(cmd, PointerMove):
            self.mouse.move(cmd)
            return
        if isinstance(cmd, Expose):
            table.invalidate()
            return
        if self.board.anim.active or self.board.celebrating > 0:
            self.canvas.finish_motion()
            self.board.stop_celebration()
            table.invalidate()
            if self.questions.won_dialog is not None:
                self.questions.show_won()
                return  # that input only cut the celebration short
        if isinstance(cmd, PointerDown):
            self.mouse.down(cmd)
        elif isinstance(cmd, PointerUp):
            self.mouse.up(cmd)
        elif isinstance(cmd, Wheel):
            self.operations.wheel(cmd)
        elif isinstance(cmd, Action) and isinstance(cmd.command, Command):
            table.run(cmd.command)  # a digit means something only in the Deal # box

    def update(self, dt: float) -> None:
        """Advance slides and flips by one fixed step (and send the next card home when the last has landed)."""
        self.home.update()
        anim = self.board.anim
        was = anim.active
        self.board.advance(dt)
        if was and not anim.active:
            self.canvas.slide_ended()
            if self.questions.won_dialog is not None and self.board.celebration_over():
                self.questions.show_won()

    def change(self, kind: str) -> None:
        """The session changed the cards (``kind``: move, undo, redo, restart, new): slide every card
        that moved from where it was drawn (the position the table last laid out)."""
        table = self.table
        before = self.board.snapshot(table.shown, self.bar.laid_state)
        self.mouse.cancel(slide=False)
        self.canvas.finish_motion()
        table.relayout(precise=True)
        self.canvas.note_change(before, kind, self.bar.laid_state)
        self.board.slide_from(before, kind, self.home.pace)
        self.canvas.redraw(precise=True)  # the moving cards leave the still layer next frame
