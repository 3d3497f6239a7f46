"""What the table's sections use of their table (``TableView``), so that none of them imports it.

``TableScreen`` makes the sections and has all of this; the sections name this protocol instead,
which keeps the package free of import circles (the table imports its sections). The game
itself the sections read from ``session`` (``yukon.play.session.TableSession``).
"""

from __future__ import annotations

from typing import Protocol

import pygame

from ...core.state import Position
from ...play.session import TableSession
from ..celebration import Takeoff
from ..commands import Command
from ..layout import TableLayout
from ..screen import Host
from ..toolbar import BarLayout
from ..tween import Animator
from ..widgets import ButtonSpec
from .mode import TableMode


class TableView(Protocol):
    """The table as its sections see it: its session, its layout and what it can be asked to do."""

    @property
    def app(self) -> Host: ...

    @property
    def session(self) -> TableSession: ...

    @property
    def mode(self) -> TableMode | None: ...

    @property
    def layout(self) -> TableLayout | None: ...

    @property
    def shown(self) -> Position: ...

    @property
    def bar(self) -> BarLayout | None: ...

    @property
    def scroll_x(self) -> int: ...

    @property
    def anim(self) -> Animator: ...

    @property
    def drag_cards(self) -> list[int]: ...

    @property
    def pointer(self) -> tuple[int, int]: ...

    @property
    def celebrating(self) -> float: ...

    # -- what the sections read ---------------------------------------------------------------
    def buttons(self) -> list[ButtonSpec]: ...

    def drawn_xy(self, card: int, extra: float = 0.0) -> tuple[float, float]: ...

    def busy(self) -> bool: ...

    def covered(self) -> bool: ...

    def status_text(self) -> tuple[str, str, str]: ...

    def picture(self) -> pygame.Surface: ...

    def takeoff(self) -> Takeoff: ...

    # -- what the sections ask of it ----------------------------------------------------------
    def run(self, command: Command) -> None: ...

    def ask_restart(self) -> None: ...

    def new_deal(self, ask: bool = True, seed: int | None = None) -> None: ...

    def send_home(self, safe_only: bool = False) -> None: ...

    def stop_home(self) -> None: ...

    def celebrate(self) -> None: ...

    def scroll(self, dx: int) -> None: ...

    def relayout(self, precise: bool = False) -> None: ...

    def invalidate(self) -> None: ...

    def open_menu(self) -> None: ...

    def draw_overlays(self, surface: pygame.Surface) -> None: ...
