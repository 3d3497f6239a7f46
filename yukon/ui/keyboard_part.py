"""Keyboard play as a part of the app: the arrow keys, Enter, Space and F on the table, and the cursor drawn.

The cursor's logic is ``yukon.ui.keyboard.KeyCursor`` (no drawing); this part carries its
answers out through the session of the table on top (the main one or a lesson's) and draws
the cursor. A click or the wheel hides the cursor until the next key; a new deal (or another
table) puts it back on the first column.
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING

import pygame

from ..core.state import FOUNDATION, ON_FOUNDATION
from ..play.events import Dealt, Event, Tone, made_move
from ..play.session import TableSession
from ..text.i18n import _, capital
from .commands import Command
from .keyboard import KeyAction, KeyCursor
from .parts import Part
from .screen import Host

if TYPE_CHECKING:
    from .table import TableScreen

CURSOR = (255, 255, 255)
CURSOR_EDGE = (20, 20, 30)
KEY_NAMES = {Command.LEFT: "left", Command.RIGHT: "right", Command.UP: "up", Command.DOWN: "down",
             Command.CONFIRM: "enter", Command.SELECT: "space", Command.TO_FOUNDATION: "f"}


class KeyboardPlay(Part):
    """The keyboard cursor on the table: turns keys into moves and draws the cursor."""

    app: Host
    cursor: KeyCursor
    _session: TableSession | None  # the table the cursor is on
    _heard: weakref.WeakSet[TableSession]  # the sessions whose new deals put the cursor back

    def __init__(self, app: Host) -> None:
        self.app = app
        self.cursor = KeyCursor()
        self._session = None
        self._heard = weakref.WeakSet()

    def reset(self) -> None:
        """A new game: the cursor goes back to the first column (and stays visible if it was)."""
        self.cursor = KeyCursor(shown=self.cursor.shown)

    def _follow(self, session: TableSession) -> None:
        """The cursor moves to ``session``'s table (it starts on the first column)."""
        self._session = session
        self.reset()
        if session not in self._heard:
            self._heard.add(session)
            ref = weakref.ref(session)
            session.listen(lambda event: self._dealt(ref(), event))

    def _dealt(self, session: TableSession | None, event: Event) -> None:
        if isinstance(event, Dealt) and session is self._session:
            self.reset()

    def command(self, table: TableScreen, command: Command) -> bool:
        """The keyboard's keys on ``table``; True when it was one of ours."""
        if command is Command.CANCEL:  # the table drops its selection (and a drag); the cursor follows
            self.cursor.hold(None)
            return False
        name = KEY_NAMES.get(command)
        if name is None or table.layout is None:
            return False
        session = table.session
        if self._session is not session:
            self._follow(session)
        c = self.cursor
        pos = session.position
        if session.selection is not None and session.selection != c.selected:
            c.follow(pos, session.selection)  # picked with the mouse: the keys carry on from there
        c.hold(session.selection)
        c.settle(pos)
        was_on_foundations = c.on_foundations
        action = c.key(name, pos)
        lay = table.layout
        if c.on_foundations and not was_on_foundations:  # climbed up: the nearest foundation
            x = lay.col_x[c.column] + lay.cw // 2
            c.climb_to(min(range(4), key=lambda s: abs(lay.foundation_rects[s].centerx - x)))
        elif was_on_foundations and not c.on_foundations:  # dropped down: the nearest column
            x = lay.foundation_rects[c.foundation].centerx
            c.drop_to(pos, min(range(7), key=lambda i: abs(lay.col_x[i] + lay.cw // 2 - x)))
        self._carry_out(session, action)
        self._scroll_into_view(table)
        table.invalidate()
        return True

    def _carry_out(self, session: TableSession, action: KeyAction) -> None:
        """Do what the cursor decided: select, drop the selection, say why not, or move."""
        c = self.cursor
        if action.kind == "select":
            session.select(action.card)
        elif action.kind == "cancel":
            session.select(None)
        elif action.kind == "refuse":
            if action.reason:
                # TRANSLATORS: {reason} is why a move is refused, a sentence without its capital and full
                # stop ("the hearts foundation starts with its Ace"): end it as your language ends a sentence.
                session.tell(_("{reason}.").format(reason=capital(action.reason)), Tone.ERROR)
            else:
                session.tell(_("That cannot be done here."), Tone.ERROR)
        elif action.kind == "move" and action.move is not None:
            session.select(None)
            if made_move(session.move(action.move)):
                pos = session.position
                if action.move.to != FOUNDATION and pos.loc[action.move.card] < ON_FOUNDATION:
                    c.follow(pos, action.move.card)
                c.settle(pos)
            else:
                c.hold(None)

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
        if lay is None or not c.shown or self._session is not table.session:
            return None
        pos = table.session.position
        if c.on_foundations:
            return lay.foundation_rects[c.foundation].copy()
        card = c.card(pos)
        if card is None or card not in lay.card_xy:
            return lay.column_end_rect(c.column)
        return lay.strip_rect(card)

    def draw_overlay(self, table: TableScreen, surface: pygame.Surface) -> None:
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

    def event(self, e: pygame.event.Event) -> bool:
        """A click or the wheel hides the cursor (on a card it would look like a selection); the next
        key shows it again. Never swallows the event."""
        if e.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEWHEEL) and self.cursor.hide():
            self.app.top.invalidate()  # the table on top repaints without it
        return False
