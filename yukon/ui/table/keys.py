"""Named commands (from keys and buttons) and the wheel, turned into the table's operations."""

from __future__ import annotations

from collections.abc import Callable

from ..input import Wheel
from .pointer import Pointer
from .view import TableView


class Commands:
    """Runs a named command on the table: undo, hint, new, cancel, scrolling ..."""

    table: TableView
    pointer: Pointer

    def __init__(self, table: TableView, pointer: Pointer) -> None:
        self.table = table
        self.pointer = pointer

    def run(self, name: str) -> None:
        """Run ``name``; an unknown name does nothing."""
        table, app = self.table, self.table.app
        simple: dict[str, Callable[[], None]] = {
            "undo": table.undo, "redo": table.redo, "hint": table.hint, "all_home": table.send_home,
            "restart": table.ask_restart, "new": table.new_deal, "cancel": self._cancel,
            "new_confirmed": lambda: table.new_deal(False),  # the player already chose to leave the game
            "fullscreen": app.toggle_fullscreen, "rules": app.show_rules, "quit": app.quit}
        if name in simple:
            simple[name]()
        elif name in ("left", "right"):
            step = table.layout.cw if table.layout else 60
            table.scroll(step if name == "right" else -step)
        elif name in ("home", "end"):
            table.scroll(-10**6 if name == "home" else 10**6)

    def wheel(self, cmd: Wheel) -> None:
        """Scroll the table: dx > 0 (a sideways wheel, or shift + wheel down) and wheel down go right."""
        lay = self.table.layout
        self.table.scroll((cmd.dx if cmd.dx else -cmd.dy) * max(30, (lay.cw if lay else 60) // 2))

    def _cancel(self) -> None:
        """Esc: drop the held cards, else the selection and the message."""
        press = self.pointer.press
        if press is not None and press.dragging:
            self.pointer.cancel()
        elif self.table.selection is not None or self.table.message is not None:
            self.table.select(None)
            self.table.drop_message()
