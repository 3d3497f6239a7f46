"""Hands each command and each time step to the sections, and runs a change of the game across
them (as Arcade's section manager does for a view)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from ..input import Action, Command, Expose, PointerDown, PointerMove, PointerUp, Wheel
from .bar import ButtonBar
from .board import Board
from .canvas import Canvas
from .hint_on_show import HintOnShow
from .home import HomeRun
from .keys import Commands
from .play import Play
from .pointer import Pointer
from .questions import Questions
from .view import TableView

T = TypeVar("T")


class SectionManager:
    """Routes the table's input, time and changes to its sections."""

    table: TableView
    board: Board
    canvas: Canvas
    bar: ButtonBar
    mouse: Pointer
    commands: Commands
    hints: HintOnShow
    home: HomeRun
    play: Play
    questions: Questions

    def __init__(self, table: TableView, board: Board, canvas: Canvas, bar: ButtonBar, mouse: Pointer,
                 commands: Commands, hints: HintOnShow, home: HomeRun, play: Play, questions: Questions) -> None:
        self.table = table
        self.board = board
        self.canvas = canvas
        self.bar = bar
        self.mouse = mouse
        self.commands = commands
        self.hints = hints
        self.home = home
        self.play = play
        self.questions = questions

    def handle(self, cmd: Command) -> None:
        """Act on one command from the player; after a move of theirs, safe cards may go home by themselves."""
        table = self.table
        if self.home.running and not isinstance(cmd, (PointerMove, Expose)):
            table.stop_home()  # the player acts: the cards stop where they are
        made = self.play.made
        self._route(cmd)
        if self.play.made != made and table.app.prefs.auto_home_safe and table.mode is None and table.deals():
            table.send_home(safe_only=True)

    def _route(self, cmd: Command) -> None:
        table = self.table
        table.follow_game()
        if isinstance(cmd, PointerMove):
            self.mouse.move(cmd)
            return
        if isinstance(cmd, Expose):
            table.invalidate()
            return
        if self.board.anim.active or self.board.celebrating > 0:
            self.canvas.finish_motion()
            self.board.stop_celebration()
            table.redraw()
            if self.questions.won_dialog is not None:
                self.questions.show_won()
                return  # that input only cut the celebration short
        if isinstance(cmd, PointerDown):
            self.mouse.down(cmd)
        elif isinstance(cmd, PointerUp):
            self.mouse.up(cmd)
        elif isinstance(cmd, Wheel):
            self.commands.wheel(cmd)
        elif isinstance(cmd, Action):
            table.action(cmd.name)

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

    def change(self, kind: str, fn: Callable[[], T]) -> T:
        """Run a change of the game (``fn``), then slide every card that moved from where it was drawn."""
        before = self.board.snapshot(self.bar.state())
        self.mouse.cancel(slide=False)
        self.canvas.finish_motion()
        result = fn()
        self.hints.forget()
        self.table.relayout(precise=True)
        self.canvas.note_change(before, kind, self.bar.state())
        self.board.slide_from(before, kind, self.home.pace)
        self.canvas.redraw(precise=True)  # the moving cards leave the still layer next frame
        return result
