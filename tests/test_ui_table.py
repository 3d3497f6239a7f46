"""The table driven by real pygame events at positions taken from its layout (headless).

Every test checks the engine's position afterwards: the window may only change the
game through Game.play / undo / redo / restart.
"""

from __future__ import annotations

import os
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import functools
import itertools
from collections.abc import Callable, Iterable

import pygame
import pytest

from parts_helpers import Notes, OnQuit, Ticker
from player_input import LEFT, click, drag, motion_events, post, press, press_events, resize_events, wheel_events
from window_helpers import OnTable, bar_clicks, hint_move, on_table, shown_message
from yukon.core.cards import KING, SUIT, make_card
from yukon.core.state import FOUNDATION, ON_FOUNDATION, Game, Move, Position
from yukon.play.events import Change, Event, Moved, Redone, Refused
from yukon.play.session import TableSession, simple_hints
from yukon.text.words import refusal
from yukon.ui.build import open_window
from yukon.ui.layout import TableLayout
from yukon.ui.screen import QuestionDialog
from yukon.ui.table import BaseMode, TableScreen
from yukon.ui.table.questions import STUCK_TIME
from yukon.ui.table.summary import WinSummary
from yukon.ui.widgets import Panel


def layout_of(table: TableScreen) -> TableLayout:
    """The table's layout, which it has from its first frame on."""
    assert table.layout is not None
    return table.layout


def display() -> pygame.Surface:
    """The window's surface (the app has opened it)."""
    surf = pygame.display.get_surface()
    assert surf is not None
    return surf


class Driver(OnTable):
    """Posts real pygame events into the app and runs one loop iteration per gesture."""

    def click(self, x: int, y: int, button: int = LEFT) -> None:
        click(self.app, x, y, button)

    def drag(self, x1: int, y1: int, x2: int, y2: int, steps: int = 5) -> None:
        drag(self.app, (x1, y1), (x2, y2), steps)

    def key(self, k: int, mod: int = 0) -> None:
        press(self.app, k, mod)

    def card_point(self, card: int) -> tuple[int, int]:
        """A point on the visible strip of a card (or its foundation)."""
        lay = self.lay
        if self.table.session.position.loc[card] == ON_FOUNDATION:
            r = lay.foundation_rects[SUIT[card]]
            return r.center
        r = lay.strip_rect(card)
        return (r.centerx, r.y + min(r.h // 2, 6))

    def dest_point(self, to: int) -> tuple[int, int]:
        """The middle of a destination: a column's end card (or slot), or a foundation."""
        lay = self.lay
        if to == FOUNDATION:
            return lay.foundation_rects[0].center
        return lay.column_end_rect(to).center

    def button(self, label: str) -> None:
        bar_clicks(self.app, label, self.click, self.table)


def make(seed: int = 3, size: tuple[int, int] = (1280, 800), game: Game | None = None,
         now: Callable[[], float] = time.monotonic) -> Driver:
    app = open_window(seed=seed, size=size, game=game, now=now)
    app.frame()
    return Driver(app)


def tableau_moves(pos: Position) -> list[Move]:
    return [m for m in pos.legal_moves() if m.to != FOUNDATION and pos.loc[m.card] < ON_FOUNDATION
            and pos.columns[m.to]]


def first_deal_with(pred: Callable[[Position], bool], seeds: Iterable[int] = range(1, 200)) -> int:
    for s in seeds:
        if pred(Position.deal(s)):
            return s
    raise AssertionError("no deal found")


def test_select_and_place_moves_the_tail() -> None:
    d = make(3)
    pos = d.table.session.position
    move = tableau_moves(pos)[0]
    tail = pos.tail(move.card)
    d.click(*d.card_point(move.card))
    assert d.table.session.selection == move.card
    d.click(*d.dest_point(move.to))
    pos = d.table.session.position
    assert pos.columns[move.to][-len(tail):] == tail
    assert d.table.session.game.moves_made == [move]
    assert d.table.session.selection is None


def test_illegal_place_shows_reason_and_drops_selection() -> None:
    d = make(3)
    pos = d.table.session.position
    before = pos.key()
    for card in range(52):
        if pos.loc[card] >= ON_FOUNDATION:
            continue
        bad = [c for c in range(7) if c != pos.loc[card] and pos.columns[c] and pos.why_illegal(Move.of(card, c))]
        if bad:
            break
    illegal = pos.why_illegal(Move.of(card, bad[0]))
    assert illegal is not None
    reason = refusal(illegal)
    d.click(*d.card_point(card))
    d.click(*d.dest_point(bad[0]))
    assert d.table.session.position.key() == before
    assert d.table.session.selection is None  # the next click picks a card up (tests/test_ui_pointer.py)
    assert d.table.session.message is not None and reason is not None
    assert reason.lower() in shown_message(d.table).lower()


def test_cancel_by_click_on_selection_right_click_and_escape() -> None:
    d = make(5)
    pos = d.table.session.position
    # a face-up card that is not an end card, so a second click is not a double-click
    card = next(c for c in range(52) if pos.loc[c] < 7 and pos.columns[pos.loc[c]][-1] != c)
    d.click(*d.card_point(card))
    assert d.table.session.selection == card
    d.click(*d.card_point(card))
    assert d.table.session.selection is None
    d.click(*d.card_point(card))
    d.click(400, 300, button=3)
    assert d.table.session.selection is None
    d.click(*d.card_point(card))
    d.key(pygame.K_ESCAPE)
    assert d.table.session.selection is None
    assert d.table.session.game.history == []


def test_drag_and_drop_legal_and_illegal() -> None:
    d = make(3)
    pos = d.table.session.position
    start = pos.key()
    # illegal drop: the cards slide back and nothing changes
    card = next(c for c in range(52) if pos.loc[c] < 7)
    bad = next(c for c in range(7) if c != pos.loc[card] and pos.why_illegal(Move.of(card, c)))
    home = d.lay.card_xy[card]
    d.drag(*d.card_point(card), *d.dest_point(bad))
    assert d.table.session.position.key() == start
    assert d.table.anim.active  # sliding back
    for _ in range(200):
        d.table.update(1 / 120)
    assert d.table.drawn_xy(card) == home
    # legal drop
    move = tableau_moves(pos)[0]
    tail = pos.tail(move.card)
    d.drag(*d.card_point(move.card), *d.dest_point(move.to))
    assert d.table.session.game.moves_made == [move]
    assert d.table.session.position.columns[move.to][-len(tail):] == tail


def test_drag_follows_pointer_with_the_whole_tail() -> None:
    d = make(3)
    pos = d.table.session.position
    card = next(c for c in range(52) if pos.loc[c] < 7 and len(pos.tail(c)) >= 3)
    x, y = d.card_point(card)
    post(press_events((x, y)), motion_events((x + 40, y + 30), held=True))
    d.app.frame()
    lay = d.lay
    tail = pos.tail(card)
    for c in tail:
        lx, ly = lay.card_xy[c]
        assert d.table.drawn_xy(c) == (lx + 40, ly + 30)
    d.key(pygame.K_ESCAPE)
    assert d.table.drag_cards == []


def test_double_click_sends_end_card_home() -> None:
    seed = first_deal_with(lambda p: any(m.to == FOUNDATION for m in p.legal_moves()))
    d = make(seed)
    move = next(m for m in d.table.session.position.legal_moves() if m.to == FOUNDATION)
    x, y = d.card_point(move.card)
    d.click(x, y)
    d.click(x, y)
    assert d.table.session.position.loc[move.card] == ON_FOUNDATION
    assert d.table.session.game.moves_made == [move]


def foundation_back_position() -> Position:
    """Hearts home to the 2; the 3 of clubs ends column 1, so the 2 of hearts may come back."""
    three_c = make_card(3, 3)
    home = {make_card(1, 1), make_card(2, 1)}
    rest = [c for c in range(52) if c not in home and c != three_c]
    columns = [[three_c]] + [rest[i::6] for i in range(6)]
    return Position(columns, [0] * 7, [0, 2, 0, 0])


def test_foundation_card_comes_back() -> None:
    d = make(game=Game(foundation_back_position()))
    two_h = make_card(2, 1)
    d.click(*d.lay.foundation_rects[1].center)
    assert d.table.session.selection == two_h
    d.click(*d.dest_point(0))
    assert d.table.session.position.columns[0][-1] == two_h
    assert d.table.session.position.foundations[1] == 1


def test_undo_redo_by_buttons_and_keys() -> None:
    d = make(7)
    start = d.table.session.position.key()
    move = tableau_moves(d.table.session.position)[0]
    d.click(*d.card_point(move.card))
    d.click(*d.dest_point(move.to))
    after = d.table.session.position.key()
    assert after != start
    d.button("Undo")
    assert d.table.session.position.key() == start
    d.button("Redo")
    assert d.table.session.position.key() == after
    d.key(pygame.K_z, pygame.KMOD_LCTRL)
    assert d.table.session.position.key() == start
    d.key(pygame.K_y, pygame.KMOD_LCTRL)
    assert d.table.session.position.key() == after


def test_restart_brings_back_the_deal() -> None:
    d = make(9)
    start = d.table.session.position.key()
    for _ in range(3):
        move = simple_hints(d.table.session.game)[0]
        d.click(*d.card_point(move.card))
        d.click(*d.dest_point(move.to))
    n = len(d.table.session.game.history)
    assert n >= 2
    d.button("Restart deal")  # the moves cannot be had back: it asks first
    assert isinstance(d.app.top, QuestionDialog) and f"{n} moves" in d.app.top.question
    d.key(pygame.K_ESCAPE)  # Keep playing
    assert on_table(d.app) and len(d.table.session.game.history) == n
    d.button("Restart deal")
    d.key(pygame.K_RETURN)  # Restart deal
    assert d.table.session.position.key() == start
    assert d.table.session.game.history == []
    assert d.table.session.game.seed == 9
    d.button("Restart deal")  # nothing to lose: no question
    assert on_table(d.app)


def test_new_deal_asks_when_a_game_is_under_way() -> None:
    d = make(11)
    move = tableau_moves(d.table.session.position)[0]
    d.click(*d.card_point(move.card))
    d.click(*d.dest_point(move.to))
    game = d.table.session.game
    d.button("New deal")
    dialog = d.app.top
    assert isinstance(dialog, QuestionDialog)
    assert "new shuffled deal" in dialog.question
    w, h = d.app.size
    rects = dialog.layout(w, h)[3]
    d.click(*rects[1].center)  # Keep playing
    assert d.app.top is d.table and d.table.session.game is game and len(game.history) == 1
    d.button("New deal")
    dialog = d.app.top
    assert isinstance(dialog, QuestionDialog)
    rects = dialog.layout(w, h)[3]
    d.click(*rects[0].center)  # New deal
    assert d.app.top is d.table
    assert d.table.session.game is not game and d.table.session.game.history == []
    assert d.table.session.game.seed is not None
    assert d.table.session.position.key() == Position.deal(d.table.session.game.seed).key()
    # with no move made yet there is nothing to lose: no question
    game2 = d.table.session.game
    d.button("New deal")
    assert d.app.top is d.table and d.table.session.game is not game2


def test_hint_shows_legal_moves_one_after_another() -> None:
    d = make(13)
    d.key(pygame.K_h)
    first = hint_move(d.table)
    assert first is not None and d.table.session.position.is_legal(first)
    d.key(pygame.K_h)
    second = hint_move(d.table)
    assert second is not None and second != first and d.table.session.position.is_legal(second)


def test_winning_move_offers_a_new_deal() -> None:
    king = make_card(KING, 0)
    columns = [[king]] + [[] for _ in range(6)]
    d = make(game=Game(Position(columns, [0] * 7, [12, 13, 13, 13])))
    x, y = d.card_point(king)
    d.click(x, y)
    d.click(x, y)
    assert d.table.session.position.is_won()
    assert d.table.busy()  # the last card lands first, then the cards cascade off the foundations
    for _ in range(600):
        d.app.update(1 / 60)
        if isinstance(d.app.top, QuestionDialog):
            break
    assert not d.app.busy()
    assert isinstance(d.app.top, WinSummary) and "won" in d.app.top.title.lower()
    assert ("Moves", "1") in d.app.top.rows
    assert [label for label, _a in d.app.top.answers] == ["Next deal", "Watch replay", "Admire it"]
    assert all(d.table.drawn_xy(c) == d.lay.card_xy[c] for c in range(52))


def test_the_clock_stops_at_the_winning_move_for_every_listener() -> None:
    """Listeners of the winning move (the statistics) read the same time the win message shows."""
    king = make_card(KING, 0)
    now = [10_000.0]

    def later(seconds: float) -> None:
        now[0] += seconds

    d = make(game=Game(Position([[king]] + [[] for _ in range(6)], [0] * 7, [12, 13, 13, 13])), now=lambda: now[0])
    seen: list[float] = []
    d.app.session.listen(lambda e: seen.append(d.app.session.elapsed()) if isinstance(e, Moved) else None)
    d.table.session.clock.start = now[0] - 59.99  # a minute is about to tick over
    d.app.session.listen(lambda e: later(0.02))  # saving and sounds take a moment
    d.click(*d.card_point(king))
    d.click(*d.card_point(king))  # double-click: home, and the game is won
    assert d.table.session.position.is_won() and len(seen) == 1
    later(0.02)
    assert seen[0] == d.table.session.elapsed() > 60  # stopped at the winning move, past the minute
    d.key(pygame.K_ESCAPE)  # cut the celebration short
    if isinstance(d.app.top, QuestionDialog):
        d.key(pygame.K_ESCAPE)  # Admire it
    d.key(pygame.K_z, pygame.KMOD_CTRL)
    assert not d.table.session.position.is_won()
    d.table.session.clock.end = None  # (as after a resume) the clock runs again
    d.app.session.listen(lambda e: seen.append(d.app.session.elapsed()) if isinstance(e, Redone) else None,
                         front=True)
    d.key(pygame.K_y, pygame.KMOD_CTRL)  # the redo wins again
    assert d.table.session.position.is_won() and len(seen) == 2
    assert seen[1] == d.table.session.elapsed()


def test_input_cuts_the_celebration_short() -> None:
    king = make_card(KING, 0)
    columns = [[king]] + [[] for _ in range(6)]
    d = make(game=Game(Position(columns, [0] * 7, [12, 13, 13, 13])))
    x, y = d.card_point(king)
    d.click(x, y)
    d.click(x, y)
    d.key(pygame.K_ESCAPE)  # while the last card is on its way: straight to the summary
    assert not d.app.busy()
    assert isinstance(d.app.top, WinSummary) and "won" in d.app.top.title.lower()


def stuck_line(seed: int) -> tuple[Game, Move]:
    """Random play on a deal until a move leaves nothing to gain; the game just before it and that move."""
    import random

    rng = random.Random(seed)
    game = Game.deal(seed)
    for _ in range(400):
        moves = game.position.legal_moves()
        assert moves
        move = rng.choice(moves)
        after = game.position.copy()
        after.play(move)
        if not after.legal_moves() or after.progress_possible(3000) is False:
            return game, move
        game.play(move)
    raise AssertionError("random play never got stuck")


def test_stuck_table_says_so_in_a_notice_and_the_bar_undoes() -> None:
    """A stuck game asks nothing: a notice says so (no dialog stops play) and goes by itself on
    the table's clock; the toolbar's Undo takes the move back."""
    now = [100.0]
    game, move = stuck_line(44)
    app = open_window(size=(1280, 800), game=game, now=lambda: now[0])
    app.frame()
    d = Driver(app)
    d.click(*d.card_point(move.card))
    d.click(*d.dest_point(move.to))
    assert d.table.session.game.moves_made[-1] == move
    assert d.app.top is d.table  # no dialog
    assert d.table.message_text() in ("No legal move is left.",
                                      "No card can be turned up or sent home any more: only shuffling is left.")
    now[0] += STUCK_TIME + 0.1
    d.app.frame()
    assert d.table.session.live_message() is None  # gone by itself
    d.button("Undo")
    assert d.app.top is d.table and d.table.session.game.moves_made[-1:] != [move]


@pytest.mark.parametrize("seed", [44, 7, 27])
def test_a_stuck_game_takes_input_at_once_and_new_deal_deals(seed: int) -> None:
    """Without the solver, a stuck game leaves the table to the player: the very next key (Ctrl+N)
    deals, asking nothing (the stuck game is over: "Replace the game under way?" does not come);
    after an Undo the game is under way again and New deal asks."""
    game, move = stuck_line(seed)
    d = make(game=game)
    d.click(*d.card_point(move.card))
    d.click(*d.dest_point(move.to))
    assert d.app.top is d.table and d.table.session.message is not None
    d.key(pygame.K_z, pygame.KMOD_LCTRL)
    d.button("New deal")
    question = d.app.top
    assert isinstance(question, QuestionDialog) and "Replace the game under way" in question.question
    d.key(pygame.K_ESCAPE)
    d.button("Redo")
    assert d.app.top is d.table and d.table.session.ended is not None
    d.key(pygame.K_n, pygame.KMOD_LCTRL)
    assert d.app.top is d.table
    assert d.app.session.game is not game and d.app.session.game.seed != seed and not d.app.session.game.history


class Strict(BaseMode):
    """A guide that allows only moves to the foundations and records the moves it hears, and the
    table's side of it: the cards it lights and its panel."""

    def __init__(self) -> None:
        self.heard: list[Move] = []
        self.pressed = 0

    def veto(self, game: Game, move: Move) -> Refused | None:
        return None if move.to == FOUNDATION else Refused(move, None, True, "In this lesson, only send cards home.")

    def heard_event(self, event: Event, session: TableSession) -> None:
        if isinstance(event, Moved):
            self.heard.append(event.move)

    def highlights(self, game: Game) -> tuple[set[int], set[int]]:
        return {col[-1] for col in game.position.columns if col}, {FOUNDATION}

    def panel(self, game: Game) -> Panel | None:
        return Panel("Lesson", ["Send the Ace home."], [("Next", self.press)])

    def press(self) -> None:
        self.pressed += 1


class Guide:
    """``Strict`` as the session's guide."""

    def __init__(self, strict: Strict) -> None:
        self.strict = strict

    def veto(self, game: Game, move: Move) -> Refused | None:
        return self.strict.veto(game, move)

    def heard(self, event: Event, session: TableSession) -> None:
        self.strict.heard_event(event, session)


def test_mode_vetoes_hears_and_shows_a_panel() -> None:
    seed = first_deal_with(lambda p: any(m.to == FOUNDATION for m in p.legal_moves())
                           and any(m.to != FOUNDATION for m in p.legal_moves()))
    d = make(seed)
    mode = Strict()
    lesson = TableScreen(d.app, TableSession(Game.deal(seed), time.monotonic, guide=Guide(mode), deals=False), mode)
    d.app.push(lesson)
    d.app.frame()
    pos = lesson.session.position
    shuffle = next(m for m in pos.legal_moves() if m.to != FOUNDATION)
    lay = lesson.layout
    assert lay is not None and lay.panel is not None
    r = lay.strip_rect(shuffle.card)
    d.click(r.centerx, r.y + 4)
    d.click(*lay.column_end_rect(shuffle.to).center)
    assert lesson.session.game.history == [] and lesson.session.message is not None
    assert "only send cards home" in shown_message(lesson)
    home = next(m for m in pos.legal_moves() if m.to == FOUNDATION)
    d.key(pygame.K_ESCAPE)
    x, y = layout_of(lesson).strip_rect(home.card).center
    d.click(x, y)
    d.click(*layout_of(lesson).foundation_rects[0].center)
    assert mode.heard == [home]
    assert d.app.session.game.history == []  # the app's own game is untouched
    r, _ = lesson.side_panel.buttons[0]
    d.click(*r.center)
    assert mode.pressed == 1


def test_resize_and_fullscreen_keep_the_game() -> None:
    d = make(17)
    move = tableau_moves(d.table.session.position)[0]
    d.click(*d.card_point(move.card))
    d.click(*d.dest_point(move.to))
    key = d.table.session.position.key()
    post(resize_events(700, 450))
    d.app.frame()
    assert d.app.size == (700, 450) and d.lay.width == 700
    d.key(pygame.K_F11)
    assert d.app.fullscreen and "Window" in [b.text() for b in d.table.buttons()]
    d.key(pygame.K_F11)
    assert not d.app.fullscreen and "Full screen" in [b.text() for b in d.table.buttons()]
    assert d.app.size == (700, 450)  # back to the window it was
    assert d.table.session.position.key() == key and len(d.table.session.game.history) == 1


def test_leaving_full_screen_ignores_the_switch_s_own_stale_size_event() -> None:
    """The full-screen size reported just after leaving full screen must not blow the window up again."""
    d = make(17, (800, 600))
    d.key(pygame.K_F11)
    full = d.app.size
    assert d.app.fullscreen and full != (800, 600)
    d.key(pygame.K_F11)
    assert d.app.size == (800, 600)
    post(resize_events(*full))  # queued during the switch
    d.app.frame()
    assert d.app.size == (800, 600) and d.lay.width == 800
    post(resize_events(700, 450))  # a real resize still counts
    d.app.frame()
    assert d.app.size == (700, 450)


def test_listeners_hear_every_change() -> None:
    d = make(19)
    heard: list[str] = []
    d.app.session.listen(lambda e: heard.append(type(e).__name__) if isinstance(e, Change) else None)
    move = tableau_moves(d.table.session.position)[0]
    d.click(*d.card_point(move.card))
    d.click(*d.dest_point(move.to))
    d.key(pygame.K_z, pygame.KMOD_LCTRL)
    d.key(pygame.K_y, pygame.KMOD_LCTRL)
    d.button("Restart deal")
    d.key(pygame.K_RETURN)  # yes, restart (a move would be lost)
    assert heard == ["Moved", "Undone", "Redone", "Restarted"]
    quits: list[int] = []
    d.app.add_part(OnQuit(lambda: quits.append(1)))
    d.button("Quit")
    assert quits == [1] and not d.app.running


@pytest.mark.parametrize("size", [(640, 480), (800, 600), (1920, 1080)])
def test_question_answers_keep_readable_labels_and_answer_clicks(size: tuple[int, int]) -> None:
    """Long or many answers widen the box instead of shrinking their labels; a click answers."""
    from yukon.ui import art
    from yukon.ui.screen import QuestionDialog

    d = make(3, size)
    got: list[str] = []
    for labels in (["Back to the last winnable position", "Play on"],
                   ["Undo", "Restart deal", "New deal", "Keep looking"]):
        q = QuestionDialog(d.app, "No winning line is left from here; 3 moves ago the deal could still be won.",
                           [(lb, functools.partial(got.append, lb)) for lb in labels], title="Stuck")
        d.app.push(q)
        d.app.frame()
        box, text_size, _, rects = q.layout(*size)
        f = art.font(text_size, True)
        assert pygame.Rect(0, 0, *size).contains(box)
        for lb, r in zip(labels, rects):
            assert f.size(lb)[0] <= r.w - 4, (lb, r.w)
            assert box.contains(r)
        assert all(a.right < b.left for a, b in itertools.pairwise(rects))
        d.click(*rects[0].center)
        assert got[-1] == labels[0] and d.app.top is d.table


def test_long_status_notes_go_on_lines_of_their_own_not_shrunk() -> None:
    """Two helper notes too wide for one line are drawn one per line at the status size (a window
    taller than wide: the status lies beside the foundations, over three columns)."""
    from yukon.ui.widgets import GOLD

    d = make(1, (800, 1280))
    assert not d.lay.side
    d.app.add_part(Notes("Solver: still winnable", "Demo playing: a click or any key stops it"))
    d.table.invalidate()
    d.app.invalidate()
    d.app.frame()
    surf = display()
    r = d.lay.status_rect
    gold_rows = [y for y in range(r.top, r.bottom)
                 if any(surf.get_at((x, y))[:3] == GOLD for x in range(r.left, r.right))]
    bands: list[list[int]] = []
    for y in gold_rows:
        if bands and y - bands[-1][-1] <= 2:
            bands[-1].append(y)
        else:
            bands.append([y])
    assert len(bands) >= 2  # one line each at least (a long one may wrap)
    size = max(11, min(24, round(d.lay.cw * 0.17)))
    assert all(b[-1] - b[0] + 1 >= size * 0.6 for b in bands)  # glyphs at a readable height


def gold_bands(d: Driver) -> list[list[int]]:
    """Rows of the status area holding the gold of the helpers' notes, grouped into text lines."""
    from yukon.ui.widgets import GOLD

    surf = display()
    r = d.lay.status_rect
    rows = [y for y in range(r.top, r.bottom) if any(surf.get_at((x, y))[:3] == GOLD for x in range(r.left, r.right))]
    size, _rows = d.table.status_rows()
    bands: list[list[int]] = []
    for y in rows:  # a line's glyphs leave gaps of pure gold here and there; lines lie further apart
        if bands and y - bands[-1][-1] <= max(2, size // 3):
            bands[-1].append(y)
        else:
            bands.append([y])
    return bands


def test_a_status_note_too_long_for_a_narrow_status_wraps_instead_of_being_cut(monkeypatch: pytest.MonkeyPatch) -> None:
    d = make(1, (480, 720))
    assert not d.lay.side  # the status beside the foundations, over three columns
    d.app.add_part(Notes("Solver: still winnable", "Demo playing: a click or any key stops it"))
    d.table.invalidate()
    d.app.invalidate()
    d.app.frame()
    from yukon.ui import art

    lay = d.lay
    size = max(11, min(24, round(lay.cw * 0.17)))
    assert art.font(size).size("Demo playing: a click or any key stops it")[0] > lay.status_rect.w  # it cannot fit on one line
    assert len(gold_bands(d)) == 3  # the solver's note, and the demo's on two lines
    import yukon.ui.table as table_module

    drawn: list[str] = []
    real_text = table_module.art.text

    def spy_text(s: str, size: int, colour: tuple[int, int, int], bold: bool = False) -> pygame.Surface:
        drawn.append(s)
        return real_text(s, size, colour, bold)

    with monkeypatch.context() as m:
        m.setattr(table_module.art, "text", spy_text)
        d.table.invalidate()
        d.app.invalidate()
        d.app.frame()
    assert d.table.status_text()[0] in drawn  # lines that fit are drawn as they are (spacing kept)


@pytest.mark.parametrize("size", [(1280, 800), (800, 600), (1152, 704), (2560, 1080)])
def test_the_status_strip_over_the_columns_shows_every_note_whole(size: tuple[int, int]) -> None:
    """In a window wider than tall the status runs on in a slim strip over the columns: each
    helper's note is drawn whole, in gold, at a readable size, inside the strip, and the first
    line keeps its spacing."""
    from yukon.ui import art
    from yukon.ui.widgets import GOLD

    notes = ("Solver: still winnable", "Demo playing: a click or any key stops it")
    d = make(1, size)
    d.app.add_part(Notes(*notes))
    d.table.invalidate()
    d.app.invalidate()
    d.app.frame()
    lay = d.lay
    assert lay.side and lay.status_rect.bottom <= lay.head_y
    text_size, rows = d.table.status_rows()
    assert text_size >= 11
    drawn = [(text, colour) for text, colour, _ in rows]
    for note in notes:
        assert (note, GOLD) in drawn
    assert d.table.status_text()[0] in [t for t, _ in drawn]
    r = lay.status_rect
    for text, _, bold, x, y in d.table.status_lines.pieces():
        f = art.font(text_size, bold)
        assert 0 <= x and x + f.size(text)[0] <= r.w and 0 <= y and y + f.get_height() <= r.h
    surf = display()
    assert any(surf.get_at((x, y))[:3] == GOLD for x in range(r.left, r.right, 2) for y in range(r.top, r.bottom))


def test_a_message_does_not_hide_the_end_of_a_long_column() -> None:
    """Deal 1 after three moves has a column down to the bottom: a hint's box stands beside it."""
    from yukon.core.notation import format_move, parse_move

    d = make(1, (1280, 800))
    for text in ("6S-1", "7H-2", "2C-2"):
        m = parse_move(text)
        d.click(*d.card_point(m.card))  # a click during the last slide finishes it first
        d.click(*d.dest_point(m.to))
    assert [format_move(e.move) for e in d.table.session.game.history] == ["6S-1", "7H-2", "2C-2"]
    d.click(5, 5)  # the last slide ends
    lay = d.lay
    end = lay.card_rect(d.table.session.position.columns[1][-1])
    assert end.bottom > lay.view.bottom - 120  # the column really reaches down
    d.key(pygame.K_h)
    d.app.frame()
    placed = d.table.message_box()
    box = placed[0].inflate(2, 2) if placed is not None else None  # where the box is drawn, with its edge
    assert d.table.session.message is not None and box is not None
    assert lay.view.contains(box)
    for col in d.table.session.position.columns:
        if col:
            assert not box.colliderect(lay.card_rect(col[-1])), "the message covers an end card"


def test_ctrl_c_in_the_terminal_quits_like_the_quit_button() -> None:
    """A KeyboardInterrupt while the loop waits runs the quit hooks (the save) and no traceback."""
    d = make(19)
    quits: list[int] = []
    d.app.add_part(OnQuit(lambda: quits.append(1)))

    def interrupt() -> None:
        raise KeyboardInterrupt

    d.app.add_part(Ticker(interrupt))
    d.app.run()  # returns instead of raising
    assert quits == [1] and not d.app.running and d.app.errors == []


def test_narrow_window_scrolls_by_wheel_keys_and_dragging_the_cloth() -> None:
    d = make(21, size=(240, 500))
    lay = d.lay
    assert lay is not None and lay.max_scroll > 0
    post(wheel_events(-1))
    d.app.frame()
    s1 = d.table.scroll_x
    assert s1 > 0
    d.key(pygame.K_RIGHT)
    s2 = d.table.scroll_x
    assert s2 > s1
    pygame.key.set_mods(pygame.KMOD_LSHIFT)
    post(wheel_events(1))
    d.app.frame()
    pygame.key.set_mods(0)
    assert d.table.scroll_x < s2
    # dragging the cloth (not a card) moves the table with the pointer
    lay = d.lay
    x, y = next((x, y) for y in range(lay.view.bottom - 5, 0, -7) for x in range(5, 235, 7)
                if lay.hit(x, y).kind in ("none", "column"))
    before = d.table.scroll_x
    d.drag(x, y, x - 60, y)
    assert d.table.scroll_x == min(before + 60, lay.max_scroll)
    assert d.table.session.game.history == []  # scrolling made no move
    # the scrolled layout still hits the card under the pointer
    pos = d.table.session.position
    card = next(c for c in range(52) if pos.loc[c] < 7 and d.lay.strip_rect(c).right < 240
                and d.lay.strip_rect(c).x >= 0)
    d.click(*d.card_point(card))
    assert d.table.session.selection == card


def test_heading_and_the_space_below_a_column_are_destinations_too() -> None:
    d = make(3)
    pos = d.table.session.position
    moves = tableau_moves(pos)
    move = moves[0]
    d.click(*d.card_point(move.card))
    d.click(*d.lay.heading_rects[move.to].center)
    assert d.table.session.game.moves_made == [move]
    d.key(pygame.K_z, pygame.KMOD_LCTRL)
    lay = d.lay
    assert lay is not None
    below = lay.column_end_rect(move.to).bottom + 10
    assert below < lay.view.bottom
    d.click(*d.card_point(move.card))
    d.click(lay.column_rects[move.to].centerx, below)
    assert d.table.session.game.moves_made == [move]


def test_a_king_goes_into_an_empty_column_by_its_slot() -> None:
    king = make_card(KING, 1)
    # column 1 empty; column 2 holds a card with the King of hearts on it (so the King can move)
    rest = [c for c in range(52) if c != king]
    columns = [[], [rest[0], king]] + [rest[1 + i::5] for i in range(5)]
    d = make(game=Game(Position(columns, [0] * 7, [0, 0, 0, 0])))
    d.click(*d.card_point(king))
    d.click(*d.lay.column_end_rect(0).center)
    assert d.table.session.position.columns[0] == [king]


def test_rules_screen_scrolls_and_goes_back() -> None:
    from yukon.ui.rules_screen import RulesScreen

    d = make(5, size=(800, 600))
    d.button("Rules")
    rules = d.app.top
    assert isinstance(rules, RulesScreen)
    d.app.draw()
    assert rules.max_scroll > 0  # the rules are longer than a window
    post(wheel_events(-2))
    d.app.frame()
    assert rules.scroll > 0
    d.key(pygame.K_END)
    assert rules.scroll == rules.max_scroll
    d.key(pygame.K_HOME)
    assert rules.scroll == 0
    d.click(*rules.back_rect.center)
    assert d.app.top is d.table
    d.key(pygame.K_F1)
    assert isinstance(d.app.top, RulesScreen)
    d.key(pygame.K_ESCAPE)
    assert d.app.top is d.table


def test_a_foundation_card_can_be_dragged_back() -> None:
    d = make(game=Game(foundation_back_position()))
    two_h = make_card(2, 1)
    x, y = d.lay.foundation_rects[1].center
    d.drag(x, y, *d.dest_point(0))
    assert d.table.session.position.columns[0][-1] == two_h and d.table.session.position.foundations[1] == 1
