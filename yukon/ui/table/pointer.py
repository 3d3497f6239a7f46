"""The pointer on the table: press, drag, click and double click, turned into the table's commands.

A finger (an input with ``touch`` set) does what the mouse does: a tap selects and places, a
drag drags, two taps send a card home. Beyond that, a finger held still on a card for
``LONG_PRESS`` seconds of the loop's clock (the fixed steps ``tick`` is given) shows what that
card can do (``TableSession.card_hint``), and lifting it then does nothing more. A finger's aim
is forgiving: where it lands on nothing, the nearest target within half a fingertip
(``DisplayScale.finger``, 9 mm) takes it, so no target is smaller than a fingertip where the table
leaves room around it; and a finger must move further than the mouse before a press becomes a drag.
Some desktops (X11 under SDL 2) also send mouse button events of their own for a touch, not
marked as a touch: a mouse button within ``ECHO_TIME`` of a finger, about where it was, is that
echo and is ignored.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass

from ...core.cards import SUIT
from ...core.state import FOUNDATION, ON_FOUNDATION, Move
from ...play.events import Tone, made_move
from ...play.session import TableSession
from ...text.i18n import _, capital, card_name, foundation_name, join_sentences, ngettext
from ...text.words import refusal, sentence
from ..input import PointerDown, PointerMove, PointerUp
from ..layout import Hit
from .bar import ButtonBar
from .board import Board
from .canvas import Canvas
from .panel import SidePanel
from .style import DOUBLE_CLICK, DRAG_THRESHOLD, LONG_PRESS
from .view import TableView

ECHO_TIME = 0.5  # seconds after a finger in which a mouse button about where it was is its echo


def wall() -> float:
    """Seconds on the monotonic clock, for double clicks (tests replace it)."""
    return time.monotonic()


AROUND = ((0.0, -1.0), (0.0, 1.0), (-1.0, 0.0), (1.0, 0.0), (-0.7, -0.7), (0.7, -0.7), (-0.7, 0.7), (0.7, 0.7))


def reach_points(x: int, y: int, reach: int, rings: int = 3) -> Iterator[tuple[int, int]]:
    """(x, y), then points around it out to ``reach`` pixels, the nearest first."""
    yield (x, y)
    for k in range(1, rings + 1):
        r = reach * k / rings
        for dx, dy in AROUND:
            yield (round(x + dx * r), round(y + dy * r))


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
    touch: bool = False  # a finger, not the mouse
    held_for: float = 0.0  # seconds of the loop's clock the finger has stayed
    long: bool = False  # held long enough: what the card can do is on show, lifting does nothing

    def drag(self, dragging: bool) -> None:
        """The press became a drag (True) or its cards were let go (False)."""
        self.dragging = dragging

    def hold(self, dt: float) -> bool:
        """The finger stayed ``dt`` seconds more: True when that makes it a long press now."""
        if not self.touch or self.long or self.dragging:
            return False
        self.held_for += dt
        self.long = self.held_for >= LONG_PRESS
        return self.long


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
    last_finger: tuple[float, int, int] | None  # when and where a finger was last seen

    def __init__(self, table: TableView, board: Board, canvas: Canvas, bar: ButtonBar, panel: SidePanel) -> None:
        self.table, self.board, self.canvas, self.bar, self.panel = table, board, canvas, bar, panel
        self.xy = (0, 0)
        self.press = None
        self.held = []
        self.offsets = []
        self.last_click = None
        self.last_finger = None

    def held_xy(self, card: int) -> tuple[float, float] | None:
        """Where a held card is drawn (under the pointer), or None when it is not held."""
        if card not in self.held:
            return None
        dx, dy = self.offsets[self.held.index(card)]
        return (self.xy[0] + dx, self.xy[1] + dy)

    @property
    def finger(self) -> int:
        """Pixels across a fingertip on this display (the smallest target a finger hits surely)."""
        return self.table.app.display.finger

    def aim(self, x: int, y: int) -> tuple[int, int]:
        """Where a finger at (x, y) points: there, or the nearest target within half a fingertip."""
        return next((p for p in reach_points(x, y, self.finger // 2) if self._target_at(*p)), (x, y))

    def _target_at(self, x: int, y: int) -> bool:
        return (self.bar.button_at(x, y) >= 0 or self.panel.button_at(x, y) >= 0
                or (self.table.layout is not None and self.board.hit(x, y).kind != "none"))

    def echo(self, touch: bool, x: int, y: int) -> bool:
        """Is a button event at (x, y) the desktop's mouse echo of a finger? (A finger's own: noted.)"""
        now = wall()
        if touch:
            self.last_finger = (now, x, y)
            return False
        last = self.last_finger
        return (last is not None and now - last[0] < ECHO_TIME
                and abs(x - last[1]) + abs(y - last[2]) <= self.finger)

    def waiting(self) -> bool:
        """Is a finger held still on a card that may yet become a long press (the loop must keep time)?"""
        p = self.press
        return (p is not None and p.touch and not p.long and not p.dragging
                and p.target not in ("button", "panel") and p.hit.kind in ("card", "down", "foundation")
                and (p.hit.card is not None or p.hit.kind == "down"))

    def tick(self, dt: float) -> None:
        """One fixed step of the loop's clock: a finger held still long enough on a card shows what it
        can do (a face-down card: why it cannot move)."""
        p = self.press
        if p is None or not self.waiting() or not p.hold(dt):
            return
        hit = p.hit
        if hit.card is not None and hit.kind in ("card", "foundation"):
            self.table.session.card_hint(hit.card)
        elif hit.kind == "down":
            self.table.session.tell(_("That card is face down; it turns up when the cards on it move away."))

    def down(self, cmd: PointerDown) -> None:
        """A button goes down: the right one drops everything, the left one starts a press."""
        table = self.table
        if (self.press is not None and self.press.touch and not cmd.touch) or self.echo(cmd.touch, cmd.x, cmd.y):
            return  # the finger leads while it is down; a mouse echo of it is no press
        if cmd.touch:
            cmd = PointerDown(*self.aim(cmd.x, cmd.y), cmd.button, touch=True)
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
        if b != -1:  # a button, or the menu button (MORE)
            self.press = Press(cmd.x, cmd.y, Hit("none"), "button", b, touch=cmd.touch)
            self.bar.pressed()
            table.invalidate()  # its tooltip goes
            return
        pb = self.panel.button_at(cmd.x, cmd.y)
        if pb >= 0:
            self.press = Press(cmd.x, cmd.y, Hit("none"), "panel", pb, touch=cmd.touch)
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
        self.press = Press(cmd.x, cmd.y, hit, "card" if draggable else "background", scroll0=table.scroll_x,
                           touch=cmd.touch)

    def move(self, cmd: PointerMove) -> None:
        """The pointer moves: hover, start a drag, or pull the table sideways."""
        p = self.press
        if p is not None and p.touch and not cmd.touch:
            return  # the mouse (or SDL's copy of the finger) while a finger is down: the finger leads
        self.xy = (cmd.x, cmd.y)
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
            threshold = max(DRAG_THRESHOLD, self.finger // 4) if p.touch else DRAG_THRESHOLD
            if not p.dragging and abs(cmd.x - p.x) + abs(cmd.y - p.y) >= threshold:
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
        if (self.press is not None and self.press.touch and not cmd.touch) or self.echo(cmd.touch, cmd.x, cmd.y):
            return  # the finger leads while it is down; a mouse echo of it is no release
        if cmd.touch:
            cmd = PointerUp(*self.aim(cmd.x, cmd.y), cmd.button, touch=True)
        self.xy = (cmd.x, cmd.y)
        p, self.press = self.press, None
        if cmd.button != 1 or p is None:
            return
        if p.long and not p.dragging:
            return  # the long press showed what the card can do: lifting the finger does nothing more
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
            click_foundation(self.table.session, hit, sel)
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


def click_foundation(session: TableSession, hit: Hit, sel: int | None) -> None:
    """A click on a foundation: place the selected card there (or say why not), or take its top card."""
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
