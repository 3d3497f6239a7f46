"""The pointer on the table: press, drag, click and double click, turned into the table's commands."""

from __future__ import annotations

import time
from dataclasses import dataclass

from ...core.cards import SUIT
from ...core.state import FOUNDATION, ON_FOUNDATION, Move
from ...play.events import Tone, made_move
from ...text.i18n import _, capital, card_name, foundation_name, join_sentences, ngettext
from ...text.words import refusal, sentence
from ..input import PointerDown, PointerMove, PointerUp
from ..layout import Hit
from .bar import ButtonBar
from .board import Board
from .canvas import Canvas
from .panel import SidePanel
from .style import DOUBLE_CLICK, DRAG_THRESHOLD
from .view import TableView


def wall() -> float:
    """Seconds on the monotonic clock, for double clicks (tests replace it)."""
    return time.monotonic()


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

    def drag(self, dragging: bool) -> None:
        """The press became a drag (True) or its cards were let go (False)."""
        self.dragging = dragging


class Pointer:
    """Turns pointer events on the table into its commands; holds the cards being dragged."""

    table: TableView
    board: Board
    canvas: Canvas
    bar: ButtonBar
    panel: SidePanel
    xy: tuple[int, int]  # where the pointer was last seen
    press: Press | None
    held: list[int]  # the cards being dragged, the grabbed one first
    offsets: list[tuple[int, int]]  # of each held card from the pointer
    last_click: tuple[int, float] | None  # the card last clicked and when, for double clicks

    def __init__(self, table: TableView, board: Board, canvas: Canvas, bar: ButtonBar, panel: SidePanel) -> None:
        self.table = table
        self.board = board
        self.canvas = canvas
        self.bar = bar
        self.panel = panel
        self.xy = (0, 0)
        self.press = None
        self.held = []
        self.offsets = []
        self.last_click = None

    def held_xy(self, card: int) -> tuple[float, float] | None:
        """Where a held card is drawn (under the pointer), or None when it is not held."""
        if card not in self.held:
            return None
        dx, dy = self.offsets[self.held.index(card)]
        return (self.xy[0] + dx, self.xy[1] + dy)

    def down(self, cmd: PointerDown) -> None:
        """A button goes down: the right one drops everything, the left one starts a press."""
        table = self.table
        self.xy = (cmd.x, cmd.y)
        if cmd.button == 3:
            self.cancel()
            self.press = None
            if table.session.selection is not None:
                table.session.select(None)
            return
        if cmd.button != 1:
            return
        changed = self.board.marks.hover(None)  # the press shows what it took (a drag, a selection)
        if changed is not None:
            self.canvas.touch(*changed)
        b = self.bar.button_at(cmd.x, cmd.y)
        if b >= 0:
            self.press = Press(cmd.x, cmd.y, Hit("none"), "button", b)
            return
        pb = self.panel.button_at(cmd.x, cmd.y)
        if pb >= 0:
            self.press = Press(cmd.x, cmd.y, Hit("none"), "panel", pb)
            return
        lay = table.layout
        if lay is not None and lay.status_rect.collidepoint(cmd.x, cmd.y):
            command = next((n.command for n in table.app.status_notes() if n.command is not None), None)
            if command is not None:  # a note that offers something ("Why?"): the status line is its button
                self.press = None
                table.run(command)
                return
        hit = self.board.hit(cmd.x, cmd.y)
        draggable = hit.kind == "card" or (hit.kind == "foundation" and hit.card is not None
                                           and table.session.position.rules.foundation_return)
        self.press = Press(cmd.x, cmd.y, hit, "card" if draggable else "background", scroll0=table.scroll_x)

    def move(self, cmd: PointerMove) -> None:
        """The pointer moves: hover, start a drag, or pull the table sideways."""
        self.xy = (cmd.x, cmd.y)
        p = self.press
        if p is None or not cmd.held:
            if p is not None and not cmd.held:
                # The release happened outside the window: forget the press.
                if p.dragging:
                    self.cancel()
                self.press = None
            if self.bar.hover_at(cmd.x, cmd.y) | self.panel.hover_at(cmd.x, cmd.y):
                self.table.invalidate()
            self.hover(cmd.x, cmd.y)
            return
        lay = self.table.layout
        if p.target == "card":
            if not p.dragging and abs(cmd.x - p.x) + abs(cmd.y - p.y) >= DRAG_THRESHOLD:
                self._start_drag(p)
        elif p.target == "background" and lay is not None and lay.max_scroll:
            new = max(0, min(p.scroll0 - (cmd.x - p.x), lay.max_scroll))
            self.table.scroll(new - self.table.scroll_x)

    def hover(self, x: int, y: int) -> None:
        """Outline the tail a press at (x, y) would take: a face-up card and the cards on it (a
        foundation's card where the rules let it come back); none elsewhere."""
        card = None
        if self.table.layout is not None:
            hit = self.board.hit(x, y)
            if hit.kind == "card" or (hit.kind == "foundation" and self.table.session.position.rules.foundation_return):
                card = hit.card
        changed = self.board.marks.hover(card)
        if changed is not None:
            self.canvas.touch(*changed)

    def up(self, cmd: PointerUp) -> None:
        """A button comes up: press a button, drop the held cards, or click."""
        self.xy = (cmd.x, cmd.y)
        p, self.press = self.press, None
        if cmd.button != 1 or p is None:
            return
        if p.target == "button":
            if self.bar.button_at(cmd.x, cmd.y) == p.index:
                self.bar.run(p.index)
            return
        if p.target == "panel":
            if self.panel.button_at(cmd.x, cmd.y) == p.index:
                self.panel.press(p.index)
                self.table.relayout()
            return
        if p.dragging:
            self._drop(cmd.x, cmd.y)
            return
        if p.target == "background" and self.table.scroll_x != p.scroll0:
            return  # that was a sideways drag of the table, not a click
        self._click(p.hit)

    def _start_drag(self, p: Press) -> None:
        card = p.hit.card
        lay = self.table.layout
        assert card is not None and lay is not None
        self.canvas.finish_motion()
        session = self.table.session
        pos = session.position
        cards = pos.tail(card) if pos.loc[card] < ON_FOUNDATION else [card]
        if session.selection is not None:
            session.select(None)
        self.held = list(cards)
        self.offsets = []
        for c in cards:
            x, y = lay.card_xy[c]
            self.offsets.append((x - p.x, y - p.y))
        p.drag(True)
        self.canvas.redraw(precise=True)
        # lifting the tail changes its column (or foundation) only
        src = pos.loc[card]
        self.canvas.lift(card, src if src < ON_FOUNDATION else None)

    def cancel(self, slide: bool = True) -> None:
        """Drop whatever is held; it slides back to where it lies."""
        if not self.held:
            if self.press is not None:
                self.press.drag(False)
            return
        cards = self.held
        start = tuple(self.table.drawn_xy(c) for c in cards)
        self.held, self.offsets = [], []
        if self.press is not None:
            self.press.drag(False)
        if slide:
            self.board.slide_back(cards, start)
        # The held cards and the drop outline were drawn over the still layer only: the next
        # frame restores where they were (the regions of the cards leaving and joining it).
        self.canvas.moved_on()

    def _drop(self, x: int, y: int) -> None:
        card = self.held[0]
        dest = self.board.dest_at(x, y)
        src = self.table.session.position.loc[card]
        if dest is None or dest == src:
            self.cancel()
            return
        if not made_move(self.table.session.move(Move.of(card, dest))):
            self.cancel()
        self.last_click = None

    def _click(self, hit: Hit) -> None:
        if hit.kind == "card" and hit.card is not None:
            self._click_card(hit, hit.card)
            return
        self.last_click = None
        session = self.table.session
        sel = session.selection
        if hit.kind == "foundation":
            self._click_foundation(hit, sel)
        elif hit.kind in ("heading", "column", "down"):
            if sel is not None:
                if session.position.loc[sel] == hit.column or hit.column is None:
                    session.select(None)
                else:
                    session.place(hit.column)
                return
            if hit.kind == "down":
                session.tell(_("That card is face down; it turns up when the cards on it move away."))
        elif sel is not None:
            session.select(None)

    def _click_card(self, hit: Hit, card: int) -> None:
        session = self.table.session
        pos = session.position
        now = wall()
        sel = session.selection
        assert hit.column is not None  # a card hit names its column
        is_end = pos.columns[hit.column][-1] == card
        if (self.last_click is not None and self.last_click[0] == card
                and now - self.last_click[1] < DOUBLE_CLICK and (is_end or sel == card)):
            self.last_click = None
            session.select(None)
            if is_end:
                session.move(Move.of(card, FOUNDATION))
            else:  # a double click on a covered card: say why nothing goes home
                n = len(pos.tail(card)) - 1
                name = card_name(card)
                if n == 1:
                    # TRANSLATORS: a double click on a covered card; {card} is a whole card name.
                    text = _("{card} cannot go home yet: only the end card of a column can, so the card "
                             "on it must move away first.").format(card=name)
                else:
                    # TRANSLATORS: a double click on a covered card; {card} is a whole card name,
                    # {n} how many cards lie on it (2 or more).
                    text = ngettext("{card} cannot go home yet: only the end card of a column can, so the "
                                    "{n} card on it must move away first.",
                                    "{card} cannot go home yet: only the end card of a column can, so the "
                                    "{n} cards on it must move away first.", n).format(card=name, n=n)
                session.tell(capital(text), Tone.ERROR)
            return
        self.last_click = (card, now)
        if sel is not None:
            src = pos.loc[sel]
            in_tail = src < ON_FOUNDATION and card in pos.tail(sel)
            if in_tail or card == sel:
                session.select(None)  # a click on the selection cancels it
                return
            if hit.column != src and is_end:
                self.last_click = None  # a click that places is no first half of a double click
                session.place(hit.column)  # refused, it drops the selection (the reason stays on show)
                return
        session.select(card)

    def _click_foundation(self, hit: Hit, sel: int | None) -> None:
        session = self.table.session
        pos = session.position
        if sel is not None:
            if sel == hit.card:
                session.select(None)
            elif (hit.suit is not None and hit.suit != SUIT[sel] and pos.loc[sel] != ON_FOUNDATION
                  and (illegal := pos.why_illegal(Move.of(sel, FOUNDATION))) is not None):
                # The reason would name the card's own foundation: say first that it is another one.
                # TRANSLATORS: a card dropped on another suit's foundation; {card} is a whole card
                # name ("the 7 of hearts"), {foundation} and {other} are "the hearts foundation" etc.
                wrong = capital(_("{card} goes on {foundation}, not {other}.").format(
                    card=card_name(sel), foundation=foundation_name(SUIT[sel]), other=foundation_name(hit.suit)))
                session.tell(join_sentences(wrong, sentence(refusal(illegal))), Tone.ERROR)
                session.select(None)
            else:
                session.place(FOUNDATION)
            return
        if hit.card is not None:
            if not pos.rules.foundation_return:
                session.tell(_("In this game foundation cards may not come back."))
                return
            session.select(hit.card)
