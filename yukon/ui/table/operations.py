"""The table's own commands (from keys and buttons) and the wheel, turned into its operations."""

from __future__ import annotations

from ..commands import Command
from ..input import Wheel
from .pointer import Pointer
from .view import TableView


class Operations:
    """Runs a command on the table: undo, hint, new deal, cancel, scrolling ..."""

    table: TableView
    pointer: Pointer

    def __init__(self, table: TableView, pointer: Pointer) -> None:
        self.table = table
        self.pointer = pointer

    def run(self, command: Command) -> bool:
        """Run ``command``; False for one the table has no operation for."""
        table, app, session = self.table, self.table.app, self.table.session
        if command is Command.UNDO:
            session.undo()
        elif command is Command.REDO:
            session.redo()
        elif command is Command.HINT:
            session.next_hint()
        elif command is Command.ALL_HOME:
            table.send_home()
        elif command is Command.RESTART:
            table.ask_restart()
        elif command is Command.NEW_DEAL:
            table.new_deal()
        elif command is Command.NEW_DEAL_CONFIRMED:
            table.new_deal(False)  # the player already chose to leave the game
        elif command is Command.CANCEL:
            self._cancel()
        elif command is Command.FULLSCREEN:
            app.toggle_fullscreen()
        elif command is Command.RULES:
            app.show_rules()
        elif command is Command.QUIT:
            app.quit()
        elif command is Command.MENU:
            table.open_menu()
        elif command in (Command.LEFT, Command.RIGHT):
            step = table.layout.cw if table.layout else 60
            table.scroll(step if command is Command.RIGHT else -step)
        elif command in (Command.HOME, Command.END):
            table.scroll(-10**6 if command is Command.HOME else 10**6)
        else:
            return False
        return True

    def wheel(self, cmd: Wheel) -> None:
        """Scroll the table: dx > 0 (a sideways wheel, or shift + wheel down) and wheel down go right."""
        lay = self.table.layout
        self.table.scroll((cmd.dx if cmd.dx else -cmd.dy) * max(30, (lay.cw if lay else 60) // 2))

    def _cancel(self) -> None:
        """Esc: drop the held cards, else the selection and the message."""
        press = self.pointer.press
        session = self.table.session
        if press is not None and press.dragging:
            self.pointer.cancel()
        elif session.selection is not None or session.message is not None:
            session.drop_message()
            session.select(None)
