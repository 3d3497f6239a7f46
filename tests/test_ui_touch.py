"""A finger on a touch screen (issue 29, item 5), driven through the window headless with real
pygame finger events (normalized positions, as SDL sends them) over many fixed deals.

A tap selects and places, a drag drags a tail, a finger held still for half a second of the
loop's clock shows what the card can do, a fingertip's aim reaches a target beside it, and the
mouse events SDL makes up from the same touch (``touch=True``) never double a tap.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from window_helpers import OnTable
from yukon.core.state import FOUNDATION, ON_FOUNDATION, Game, Move, Position
from yukon.play.events import Notice, Said
from yukon.ui.app import App
from yukon.ui.build import open_window
from yukon.ui.display_scale import DisplayScale
from yukon.ui.input import PointerDown, PointerMove, PointerUp, Translator
from yukon.ui.loop import STEP
from yukon.ui.table import pointer
from yukon.ui.table.style import LONG_PRESS

DEALS = range(1, 31)


def step(app: App, seconds: float = STEP) -> None:
    """One loop iteration on the loop's clock alone: the queued events, ``seconds`` of fixed steps
    (a quarter second at most per call, as the loop allows), a drawing; no wall time counts."""
    app.dispatch(pygame.event.get())
    while seconds > 1e-9:
        app.update(min(seconds, 0.25))
        seconds -= min(seconds, 0.25)
    app.draw()


class Finger(OnTable):
    """Real finger events into the app (with SDL's mouse copies, as a touch screen sends both)."""

    def __init__(self, app: App, copies: bool = True) -> None:
        super().__init__(app)
        self.copies = copies

    def _post(self, kind: int, x: int, y: int, finger: int) -> None:
        w, h = self.app.size
        pygame.event.post(pygame.event.Event(kind, touch_id=1, finger_id=finger, x=(x + 0.5) / w, y=(y + 0.5) / h,
                                             dx=0.0, dy=0.0, pressure=1.0))
        if self.copies and finger == 0:  # SDL copies the first finger only, as mouse events marked touch
            mouse = {pygame.FINGERDOWN: pygame.MOUSEBUTTONDOWN, pygame.FINGERUP: pygame.MOUSEBUTTONUP,
                     pygame.FINGERMOTION: pygame.MOUSEMOTION}[kind]
            extra = {"buttons": (1, 0, 0), "rel": (0, 0)} if mouse == pygame.MOUSEMOTION else {"button": 1}
            pygame.event.post(pygame.event.Event(mouse, pos=(x, y), touch=True, **extra))

    def down(self, x: int, y: int, finger: int = 0) -> None:
        self._post(pygame.FINGERDOWN, x, y, finger)
        step(self.app)

    def move(self, x: int, y: int, finger: int = 0) -> None:
        self._post(pygame.FINGERMOTION, x, y, finger)
        step(self.app)

    def up(self, x: int, y: int, finger: int = 0) -> None:
        self._post(pygame.FINGERUP, x, y, finger)
        step(self.app)

    def tap(self, x: int, y: int) -> None:
        self._post(pygame.FINGERDOWN, x, y, 0)
        self._post(pygame.FINGERUP, x, y, 0)
        step(self.app)

    def drag(self, x1: int, y1: int, x2: int, y2: int, steps: int = 5) -> None:
        self.down(x1, y1)
        for i in range(1, steps + 1):
            self.move(x1 + (x2 - x1) * i // steps, y1 + (y2 - y1) * i // steps)
        self.up(x2, y2)

    def card_point(self, card: int) -> tuple[int, int]:
        """A point on the part of a card in sight."""
        r = self.lay.strip_rect(card)
        return (r.centerx, r.y + min(r.h // 2, 6))

    def settle(self) -> None:
        step(self.app, 2.0)  # the slides end


def start(seed: int, size: tuple[int, int] = (1280, 800), copies: bool = True, dpi: float = 96.0,
          game: Game | None = None) -> Finger:
    app = open_window(seed=seed, size=size, game=game, display=DisplayScale(dpi))
    app.translate.use_fingers(True)  # finger events stand for a touch screen (as everywhere but macOS)
    step(app)
    return Finger(app, copies)


def column_moves(pos: Position, tail: bool) -> list[Move]:
    """Legal moves between columns; ``tail``: only those that carry cards on top of the card."""
    out = []
    for m in pos.legal_moves():
        src = pos.loc[m.card]
        if m.to == FOUNDATION or src >= ON_FOUNDATION:
            continue
        if (pos.columns[src][-1] != m.card) == tail:
            out.append(m)
    return out


def dest_point(f: Finger, move: Move) -> tuple[int, int]:
    col = f.table.session.position.columns[move.to]
    return f.card_point(col[-1]) if col else f.lay.heading_rects[move.to].center


@pytest.mark.parametrize("copies", [True, False], ids=["with-mouse-copies", "fingers-only"])
def test_tap_selects_and_a_second_tap_places_once(copies: bool) -> None:
    done = 0
    for seed in DEALS:
        f = start(seed, copies=copies)
        session = f.table.session
        moves = column_moves(session.position, tail=False)
        if not moves:
            continue
        move = moves[0]
        f.tap(*f.card_point(move.card))
        assert session.selection == move.card, f"deal {seed}: one tap selects (a copy taken too would drop it)"
        before = len(session.game.history)
        f.tap(*dest_point(f, move))
        assert len(session.game.history) == before + 1, f"deal {seed}: the second tap places, once"
        assert session.game.history[-1].move == move
        assert session.selection is None
        f.settle()
        assert len(session.game.history) == before + 1  # nothing else came of the taps
        done += 1
    assert done >= 10


def test_a_drag_carries_a_tail() -> None:
    done = 0
    for seed in DEALS:
        f = start(seed)
        session = f.table.session
        moves = column_moves(session.position, tail=True)
        if not moves:
            continue
        move = moves[0]
        pos = session.position
        tail = pos.tail(move.card)
        assert len(tail) >= 2
        x1, y1 = f.card_point(move.card)
        x2, y2 = dest_point(f, move)
        f.down(x1, y1)
        f.move(x1 + 3, y1 + 3)  # a finger's tremble is no drag
        assert f.table.drag_cards == []
        f.move((x1 + x2) // 2, (y1 + y2) // 2)
        assert f.table.drag_cards == tail, f"deal {seed}: the finger holds the whole tail"
        f.move(x2, y2)
        f.up(x2, y2)
        assert session.game.history[-1].move == move and len(session.game.history) == 1
        assert session.position.columns[move.to][-len(tail):] == tail
        f.settle()
        done += 1
    assert done >= 5


def test_a_long_press_shows_what_the_card_can_do_by_the_loops_clock() -> None:
    done = 0
    for seed in DEALS:
        f = start(seed)
        session = f.table.session
        moves = column_moves(session.position, tail=False) + column_moves(session.position, tail=True)
        if not moves:
            continue
        card = moves[0].card
        f.down(*f.card_point(card))
        assert f.app.busy(), "a finger held still keeps the loop counting time"
        step(f.app, LONG_PRESS * 0.6)
        assert session.hint is None, "not yet: held too short"
        step(f.app, LONG_PRESS * 0.5)
        hint = session.hint
        assert hint is not None, f"deal {seed}: held half a second, the card's moves show"
        assert hint.moves and all(m.card == card for m in hint.moves)
        assert set(hint.moves) <= set(session.position.legal_moves())
        assert not f.app.busy()
        f.up(*f.card_point(card))
        assert session.selection is None and not session.game.history, "lifting the finger does nothing more"
        assert session.hint is hint
        done += 1
    assert done >= 10


def test_a_long_press_on_a_card_without_a_move_says_so() -> None:
    for seed in DEALS:
        f = start(seed)
        session = f.table.session
        pos = session.position
        movable = {m.card for m in pos.legal_moves()}
        still = [c for c in range(52) if pos.loc[c] < ON_FOUNDATION and c not in movable
                 and pos.columns[pos.loc[c]][-1] == c]
        if not still:
            continue
        f.down(*f.card_point(still[0]))
        step(f.app, LONG_PRESS + 0.05)
        m = session.message
        assert m is not None and m.spoken == Said(Notice.NO_MOVE_FOR_CARD, still[0])
        assert f.table.message_text() and "has no move" in (f.table.message_text() or "")
        f.up(*f.card_point(still[0]))
        assert session.selection is None
        return
    pytest.fail("no deal with an end card that cannot move")


def test_a_long_press_on_a_face_down_card_says_why_it_cannot_move() -> None:
    f = start(9)
    session = f.table.session
    lay = f.lay
    col = session.position.columns[6]
    r = lay.card_rect(col[0])  # the first card of the last column lies face down
    x, y = r.centerx, r.y + 3
    assert lay.hit(x, y).kind == "down"
    f.down(x, y)
    step(f.app, LONG_PRESS + 0.05)
    assert "face down" in (f.table.message_text() or "")
    f.up(x, y)
    assert session.selection is None and not session.game.history
    assert not f.app.busy()


def test_a_finger_held_on_the_cloth_keeps_no_time() -> None:
    f = start(9)
    lay = f.lay
    x, y = 4, lay.view.centery  # the cloth at the left edge
    assert lay.hit(x, y).kind == "none"
    f.down(x, y)
    assert not f.app.busy()  # no long press can come of it: the loop may wait for input
    f.up(x, y)


def test_the_desktops_own_mouse_echo_of_a_tap_is_ignored(monkeypatch: pytest.MonkeyPatch) -> None:
    """X11 under SDL 2 may send plain mouse button events (not marked touch) for a touch, after it:
    within ECHO_TIME and about where the finger was they are ignored; later, or elsewhere, they count."""
    clock = [100.0]
    monkeypatch.setattr(pointer, "wall", lambda: clock[0])
    f = start(5, copies=False)
    session = f.table.session
    move = column_moves(session.position, tail=False)[0]
    x, y = f.card_point(move.card)

    def mouse_click(px: int, py: int) -> None:
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(px, py), button=1, touch=False))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(px, py), button=1, touch=False))
        step(f.app)

    f.tap(x, y)
    assert session.selection == move.card
    clock[0] += 0.1
    mouse_click(x + 2, y + 1)  # the echo: it would put the selection down again
    assert session.selection == move.card and not session.game.history
    clock[0] += pointer.ECHO_TIME
    mouse_click(x, y)  # a real click, later: it does put the card down
    assert session.selection is None


def test_a_second_finger_does_not_point_while_the_first_is_down() -> None:
    f = start(5)
    session = f.table.session
    move = column_moves(session.position, tail=False)[0]
    x, y = f.card_point(move.card)
    other = dest_point(f, move)
    f.down(x, y)
    f.down(*other, finger=1)
    f.up(*other, finger=1)
    f.up(x, y)
    assert session.selection == move.card and not session.game.history


def test_a_fingertip_reaches_a_foundation_beside_it_where_the_mouse_would_miss() -> None:
    for seed in DEALS:
        f = start(seed)
        session = f.table.session
        home = [m for m in session.position.legal_moves() if m.to == FOUNDATION]
        if not home:
            continue
        card = home[0].card
        r = f.lay.foundation_rects[card // 13]
        # the cloth just beside its foundation (below, above or to a side, whichever is cloth in
        # this layout), within half a fingertip
        near = [(r.centerx, r.bottom + 6), (r.centerx, r.top - 6), (r.left - 6, r.centery), (r.right + 6, r.centery)]
        x, y = next(p for p in near if f.lay.hit(*p).kind == "none")
        assert 6 < f.table.mouse.finger // 2
        f.tap(*f.card_point(card))
        assert session.selection == card
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, y), button=1))
        step(f.app)
        assert session.selection is None and not session.game.history, "the mouse points exactly: it missed"
        f.tap(*f.card_point(card))
        f.tap(x, y)
        assert session.game.history and session.game.history[-1].move == Move.of(card, FOUNDATION), \
            "the finger's aim reaches the foundation beside it"
        return
    pytest.fail("no deal with a card to send home")


def test_the_fingertip_is_nine_millimetres_on_a_dense_display() -> None:
    assert DisplayScale(96).finger == 44  # never below 44 pixels
    assert DisplayScale(254).finger == 90  # 9 mm at 10 pixels a millimetre
    f = start(7, dpi=254)
    assert f.table.mouse.finger == 90
    corner = (0, f.app.size[1] - 1)  # the bottom-left corner: cloth (the toolbar is along the top)
    assert f.table.mouse.aim(*corner) == corner  # nothing near it: the finger's own point


def test_translator_drops_sdls_mouse_copies_and_scales_for_the_pixel_ratio() -> None:
    t = Translator(lambda: (800, 600), ratio=2.0, fingers=True)
    copy = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(10, 10), button=1, touch=True)
    assert t(copy) is None
    assert t(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(10, 20), button=1)) == PointerDown(20, 40, 1)
    assert t(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), buttons=(0, 0, 0))) == PointerMove(10, 10, False)
    down = pygame.event.Event(pygame.FINGERDOWN, touch_id=1, finger_id=3, x=0.5, y=0.25)
    assert t(down) == PointerDown(400, 150, 1, touch=True)
    up = pygame.event.Event(pygame.FINGERUP, touch_id=1, finger_id=3, x=1.0, y=1.0)
    assert t(up) == PointerUp(799, 599, 1, touch=True)  # clamped into the window
    mac = Translator(lambda: (800, 600), fingers=False)  # the trackpad's fingers are the mouse's
    assert mac(down) is None
    assert mac(copy) == PointerDown(10, 10, 1)
