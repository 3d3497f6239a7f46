"""The moments that matter (issue 24, section 4), driven through the window headless with real
pygame events over several fixed deals: a win's celebration, skipped by any key or click, its
still picture with animations off, the summary and its Next deal; the glow on the cards that
moved last and on what Undo brought back; the outline on the tail under the pointer; a new deal
sliding out of its pile, cut short by any input and absent with animations off.

Time is the loop's fixed step (``app.update``) and the session's clock a fake one: no test
waits on the wall clock.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import functools
from pathlib import Path

import pygame
import pytest

from yukon.core.state import FOUNDATION, ON_FOUNDATION, Game, Move
from yukon.play.events import Actor
from yukon.solve.solver import Verdict, solve
from yukon.ui.app import App
from yukon.ui.build import add_extras, open_window
from yukon.ui.celebration import Celebration
from yukon.ui.parts import TablePrefs
from yukon.ui.screen import Answer
from yukon.ui.table import TableScreen
from yukon.ui.table.board import DEAL_GAP, DEAL_SLIDE
from yukon.ui.table.style import HOVER
from yukon.ui.table.summary import WinSummary
from yukon.ui.table.wording import clock_text

SEEDS = (1, 2, 5)
STEP = 1 / 60


class FakeClock:
    """The session's clock, moved on by hand."""

    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


@functools.cache
def winning_line(seed: int) -> tuple[Move, ...]:
    """The solver's winning line of deal ``seed``."""
    result = solve(Game.deal(seed).position, timeout=30)
    assert result.status == Verdict.WINNABLE
    return tuple(result.moves)


def window(game: Game, folder: Path | None, speed: float = 1.0,
           clock: FakeClock | None = None) -> App:
    """A window on ``game`` with the records kept in ``folder`` (None: no records)."""
    app = open_window(size=(1152, 704), game=game, now=clock or FakeClock())
    if folder is not None:
        add_extras(app, folder=str(folder), resume=False, welcome=False, lessons=False)
    app.apply_prefs(TablePrefs(animation_speed=speed))  # after the settings part gave the saved ones
    app.draw()
    until(app, lambda: not app.busy())
    return app


def display() -> pygame.Surface:
    """The window's surface (the app has opened it)."""
    surface = pygame.display.get_surface()
    assert surface is not None
    return surface


def table_of(app: App) -> TableScreen:
    assert app.table is not None
    return app.table


def steps(app: App, n: int) -> None:
    """``n`` fixed steps of the loop, each drawn."""
    for _ in range(n):
        app.update(STEP)
        app.draw()


def until(app: App, done: object, limit: int = 2000) -> int:
    """Fixed steps until ``done()`` (at most ``limit``); how many it took."""
    assert callable(done)
    for n in range(limit):
        if done():
            return n
        steps(app, 1)
    raise AssertionError("it never came")


def post(etype: int, **kw: object) -> None:
    pygame.event.post(pygame.event.Event(etype, kw))


def handle_posted(app: App) -> None:
    """Hand the events posted to the app and draw, as a loop iteration does, but with no time passing
    (the loop's own iteration would move time on by the wall clock)."""
    app.dispatch(pygame.event.get())
    app.draw()


def click(app: App, xy: tuple[int, int]) -> None:
    post(pygame.MOUSEBUTTONDOWN, pos=xy, button=1)
    post(pygame.MOUSEBUTTONUP, pos=xy, button=1)
    handle_posted(app)


def key(app: App, k: int, mod: int = 0) -> None:
    post(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)
    handle_posted(app)


def hover(app: App, xy: tuple[int, int]) -> None:
    post(pygame.MOUSEMOTION, pos=xy, rel=(0, 0), buttons=(0, 0, 0))
    handle_posted(app)


def play_by_clicks(app: App, move: Move) -> None:
    """Click the card, then where it goes, as a player does; then let it land."""
    t = table_of(app)
    lay = t.layout
    assert lay is not None and t.session.position.loc[move.card] < ON_FOUNDATION
    click(app, lay.strip_rect(move.card).move(0, 3).topleft)
    dest = lay.foundation_rects[move.card // 13] if move.to == FOUNDATION else lay.heading_rects[move.to]
    n = len(t.session.game.history)
    click(app, dest.center)
    assert len(t.session.game.history) == n + 1
    until(app, lambda: not t.anim.active)


def near_the_end(seed: int, left: int) -> tuple[Game, list[Move]]:
    """Deal ``seed`` with all but the last ``left`` moves of the solver's line made (none from home)."""
    game = Game.deal(seed)
    line = list(winning_line(seed))
    for m in line[:-left]:
        game.play(m)
    rest = line[-left:]
    assert all(game.position.loc[m.card] < ON_FOUNDATION or m in rest[:0] for m in rest[:1])
    return game, rest


def finish(app: App, rest: list[Move]) -> None:
    """Play ``rest`` through the window; the cards leave the foundations at the last one."""
    t = table_of(app)
    for m in rest:
        if t.session.position.loc[m.card] < ON_FOUNDATION:
            play_by_clicks(app, m)
        else:
            t.session.move(m)
            until(app, lambda: not t.anim.active)
    assert t.session.position.is_won()


def differing_pixels(a: pygame.Surface, b: pygame.Surface) -> int:
    """How many pixels differ between two surfaces of one size."""
    d = a.copy()
    d.blit(b, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    d2 = b.copy()
    d2.blit(a, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    d.blit(d2, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    m = pygame.mask.from_threshold(d, (0, 0, 0), (1, 1, 1, 255))
    return d.get_width() * d.get_height() - m.count()


# -- the win -----------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", SEEDS)
def test_a_win_cascades_and_any_input_brings_the_summary_with_the_right_figures(seed: int, tmp_path: Path) -> None:
    game, rest = near_the_end(seed, 3)
    clock = FakeClock()
    app = window(game, tmp_path, clock=clock)
    t = table_of(app)
    t.session.clock.begin()
    clock.t += 83.4  # 1:23 played
    finish(app, rest)
    until(app, lambda: isinstance(app.top, Celebration))
    celebration = app.top
    assert isinstance(celebration, Celebration) and celebration.running and app.busy()
    steps(app, 30)  # half a second of cards flying
    shown = display().copy()
    assert differing_pixels(shown, celebration.table.picture()) > 5000  # cards fly over the table
    assert celebration.running
    # any key or click stops it: a key for one deal, a click for the next
    if seed % 2:
        key(app, pygame.K_j)  # a key with no command of its own
    else:
        click(app, (10, 10))
    summary = app.top
    assert isinstance(summary, WinSummary) and not celebration.running and not app.busy()
    assert app.screens[-2] is celebration  # the summary lies over the cascade as it stopped
    rows = dict(summary.rows)
    assert summary.title == "You won!"
    assert rows["Moves"] == str(len(t.session.game.history)) == str(len(winning_line(seed)))
    assert rows["Time"] == clock_text(t.session.elapsed()) == "1:23"
    assert rows["Hints used"] == "0"
    assert rows["Best time"] == "1:23"  # a clean first win sets it
    assert rows["Current streak"] == "1"
    assert "clean win" in summary.question
    # Next deal deals: both screens go, a new deal slides out of its pile
    summary.draw(display(), 0.0)
    labels = [label for label, _a in summary.answers]
    assert labels == ["Next deal", "Watch replay", "Admire it"]  # a recorded game can be watched again
    click(app, summary.rects[0].center)
    assert app.top is t
    assert t.session.game.seed != seed and not t.session.game.history and t.anim.active


def test_the_summary_counts_the_hints_and_its_escape_goes_back_to_the_won_table(tmp_path: Path) -> None:
    game, rest = near_the_end(SEEDS[0], 2)
    app = window(game, tmp_path)
    t = table_of(app)
    key(app, pygame.K_h)  # a hint ...
    key(app, pygame.K_h)  # ... and the next one
    play_by_clicks(app, rest[0])
    key(app, pygame.K_h)  # a third, for the last move
    finish(app, rest[1:])
    until(app, lambda: isinstance(app.top, Celebration))
    key(app, pygame.K_RETURN)
    summary = app.top
    assert isinstance(summary, WinSummary)
    rows = dict(summary.rows)
    assert rows["Hints used"] == "3"
    assert rows["Best time"] == "-"  # an assisted win sets no best time
    assert rows["Current streak"] == "1"
    key(app, pygame.K_ESCAPE)  # the last answer: back to the won table
    assert app.top is t and t.session.position.is_won() and len(app.screens) == 1


def test_the_demos_win_says_it_was_the_demo(tmp_path: Path) -> None:
    game, rest = near_the_end(SEEDS[1], 1)
    app = window(game, tmp_path)
    t = table_of(app)
    t.session.move(rest[0], Actor.DEMO)
    until(app, lambda: isinstance(app.top, Celebration))
    click(app, (400, 300))
    summary = app.top
    assert isinstance(summary, WinSummary)
    assert summary.title == "Demo finished" and "The demo played all 52 cards home" in summary.question
    assert "does not count as your win" in summary.question
    assert dict(summary.rows)["Current streak"] == "0"


@pytest.mark.parametrize("seed", SEEDS[:2])
def test_with_animations_off_a_win_shows_the_still_picture_under_the_summary(seed: int, tmp_path: Path) -> None:
    game, rest = near_the_end(seed, 1)
    app = window(game, tmp_path, speed=0)
    t = table_of(app)
    finish(app, rest)
    summary = app.top
    assert isinstance(summary, WinSummary)  # at once: nothing to wait for
    celebration = app.screens[-2]
    assert isinstance(celebration, Celebration) and not celebration.running
    # The picture is made a share at each step (input never waits for it), shown once complete:
    # until then the won table lies under the summary, unchanged.
    table_picture = t.picture()
    n = 0
    while not celebration.still:
        assert celebration.canvas is not None
        assert differing_pixels(celebration.canvas, table_picture) == 0 and app.busy()
        steps(app, 1)
        n += 1
        assert n < 300
    assert n > 0 and celebration.canvas is not None
    assert differing_pixels(celebration.canvas, table_picture) > 20000  # the cascade's whole trail
    screen = display()
    assert differing_pixels(screen, table_picture) > 20000  # on show, under the summary
    app.draw()
    assert not app.busy() and not any(s.needs_draw() for s in app.loop.visible())  # a still picture: no frames


def test_the_celebration_sends_only_what_it_stamped() -> None:
    """Frames of the cascade send small rectangles, never the whole window, and nothing is left out."""
    game, rest = near_the_end(SEEDS[0], 1)
    app = window(game, None)
    t = table_of(app)
    t.session.move(rest[0])
    until(app, lambda: isinstance(app.top, Celebration))
    celebration = app.top
    assert isinstance(celebration, Celebration)
    surface = display()
    steps(app, 1)
    for _ in range(60):
        app.update(STEP)
        assert celebration.needs_draw()
        rects = celebration.draw(surface, 0.0)
        assert rects is not None and sum(r.w * r.h for r in rects) < surface.get_width() * surface.get_height()
    assert celebration.canvas is not None
    assert differing_pixels(surface, celebration.canvas) == 0


# -- marks -------------------------------------------------------------------------------------
def glow_point(t: TableScreen, card: int) -> tuple[int, int]:
    """A point of the glow round the tail of ``card`` (just left of the card, half way down the tail)."""
    lay = t.layout
    assert lay is not None
    r = lay.tail_rect(card) if t.session.position.loc[card] < ON_FOUNDATION else lay.card_rect(card)
    return (r.x - 1, r.centery)


def felt_at(t: TableScreen, xy: tuple[int, int]) -> pygame.Color:
    assert t.canvas.felt is not None
    return t.canvas.felt.get_at(xy)


def tableau_move(game: Game, long: bool) -> Move:
    """A move of a tail from column to column (``long``: of more than one card, where there is one)."""
    pos = game.position
    moves = [m for m in pos.legal_moves() if m.to != FOUNDATION and pos.loc[m.card] < ON_FOUNDATION]
    assert moves
    moves.sort(key=lambda m: len(pos.tail(m.card)), reverse=long)
    return moves[0]


@pytest.mark.parametrize("seed", SEEDS)
def test_the_cards_moved_last_glow_until_the_next_change_and_undo_marks_what_came_back(seed: int) -> None:
    app = window(Game.deal(seed), None)
    t = table_of(app)
    move = tableau_move(t.session.game, long=True)
    src = t.session.position.loc[move.card]
    tail = t.session.position.tail(move.card)
    assert not t.board.marks.marked
    play_by_clicks(app, move)
    hover(app, (2, 2))  # the pointer away: no outline in the way
    assert t.board.marks.marked == frozenset(tail)
    screen = display()
    mark = glow_point(t, move.card)
    assert screen.get_at(mark) != felt_at(t, mark)  # the glow is drawn
    key(app, pygame.K_z, pygame.KMOD_CTRL)  # Undo: what came back glows, in its old column
    until(app, lambda: not t.anim.active)
    app.draw()
    assert t.board.marks.marked == frozenset(tail) and t.session.position.loc[move.card] == src
    back = glow_point(t, move.card)
    assert screen.get_at(back) != felt_at(t, back)
    assert screen.get_at(mark) == felt_at(t, mark)  # the old glow is gone
    key(app, pygame.K_y, pygame.KMOD_CTRL)  # Redo marks it again where it went
    until(app, lambda: not t.anim.active)
    app.draw()
    assert screen.get_at(mark) != felt_at(t, mark) and screen.get_at(back) == felt_at(t, back)
    other = tableau_move(t.session.game, long=False)
    play_by_clicks(app, other)  # the next move: only its own cards glow
    app.draw()
    assert t.board.marks.marked == frozenset(t.session.position.tail(other.card))
    if other.card not in tail:
        assert screen.get_at(mark) == felt_at(t, mark) or t.session.position.loc[other.card] == t.session.position.loc[move.card]


@pytest.mark.parametrize("seed", SEEDS)
def test_the_tail_under_the_pointer_is_outlined(seed: int) -> None:
    app = window(Game.deal(seed), None)
    t = table_of(app)
    lay = t.layout
    assert lay is not None
    screen = display()
    col = max(range(7), key=lambda i: len(t.session.position.columns[i]))
    column = t.session.position.columns[col]
    card = column[t.session.position.down[col]]  # the first face-up card of the longest column
    hover(app, lay.strip_rect(card).move(0, 3).topleft)
    app.draw()
    assert t.board.marks.hovered == card
    outline = lay.tail_rect(card).inflate(4, 4)
    edge = (outline.x, outline.centery)
    assert screen.get_at(edge)[:3] == HOVER
    down = column[0]  # a face-down card takes nothing: no outline
    hover(app, lay.strip_rect(down).move(0, 2).topleft)
    app.draw()
    assert t.board.marks.hovered is None and screen.get_at(edge) == felt_at(t, edge)
    hover(app, lay.strip_rect(card).move(0, 3).topleft)
    app.draw()
    assert screen.get_at(edge)[:3] == HOVER
    hover(app, (lay.view.centerx, lay.view.bottom - 4))  # the bare table
    app.draw()
    assert t.board.marks.hovered is None and screen.get_at(edge) == felt_at(t, edge)


# -- the deal ----------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", SEEDS)
def test_a_new_deal_slides_out_of_its_pile_and_any_input_lays_it_down(seed: int) -> None:
    app = window(Game.deal(seed), None)
    t = table_of(app)
    key(app, pygame.K_n)  # New deal (nothing played yet: no question)
    lay = t.layout
    assert lay is not None and t.anim.active and t.session.game.seed != seed
    pile = t.board.pile_xy()
    assert all(t.drawn_xy(c) == pile for c in lay.column_cards[6])  # the last column's cards go out last
    steps(app, 12)  # a few cards are out, the rest still in the pile
    out = [c for c in range(52) if t.drawn_xy(c) != pile]
    assert 0 < len(out) < 52 and t.anim.active
    if seed % 2:
        key(app, pygame.K_x)  # any key (one with no command of its own) ...
    else:
        click(app, (lay.view.centerx, lay.view.bottom - 4))  # ... or click lays the deal down at once
    assert not t.anim.active
    assert all(t.drawn_xy(c) == lay.card_xy[c] for c in range(52))


def test_the_deal_lasts_as_the_pile_says_and_is_absent_with_animations_off() -> None:
    app = window(Game.deal(SEEDS[0]), None)
    t = table_of(app)
    key(app, pygame.K_n)
    frames = until(app, lambda: not t.anim.active)
    assert abs(frames * STEP - (51 * DEAL_GAP + DEAL_SLIDE)) < 3 * STEP
    app.apply_prefs(TablePrefs(animation_speed=0))
    app.draw()
    seed = t.session.game.seed
    key(app, pygame.K_n)
    assert t.session.game.seed != seed and not t.anim.active and not app.busy()
    lay = t.layout
    assert lay is not None and all(t.drawn_xy(c) == lay.card_xy[c] for c in range(52))


def test_a_new_window_size_during_the_cascade_gives_the_still_picture_at_that_size(tmp_path: Path) -> None:
    game, rest = near_the_end(SEEDS[2], 1)
    app = window(game, tmp_path)
    t = table_of(app)
    t.session.move(rest[0])
    until(app, lambda: isinstance(app.top, Celebration))
    celebration = app.top
    assert isinstance(celebration, Celebration)
    steps(app, 20)
    post(pygame.VIDEORESIZE, w=900, h=640, size=(900, 640))
    handle_posted(app)
    assert app.size == (900, 640)
    assert isinstance(app.top, WinSummary) and app.screens[-2] is celebration
    until(app, lambda: celebration.still)
    assert celebration.canvas is not None and celebration.canvas.get_size() == (900, 640)
    assert not app.busy() and not app.errors


def shipped_languages() -> list[str]:
    """English and every language with a catalogue under assets/locale."""
    folder = Path(__file__).resolve().parent.parent / "assets" / "locale"
    return ["en", *sorted(p.name for p in folder.iterdir() if (p / "LC_MESSAGES" / "yukon.mo").exists())]


@pytest.mark.parametrize("size", [(240, 240), (480, 360), (1152, 704)])
def test_the_summary_fits_its_box_in_every_language(size: tuple[int, int]) -> None:
    from yukon.play.events import Won
    from yukon.text import i18n
    from yukon.ui.changes import WinRecord

    app = open_window(size=size, game=Game.deal(1))
    w, h = app.size
    for lang in shipped_languages():
        i18n.set_language(lang)
        notes = [i18n._("A clean win: no hints, no Demo, no Finish."), i18n._("New best time!")]
        answers: list[Answer] = [(i18n.pgettext("button", "Next deal"), None),
                                 (i18n.pgettext("button", "Admire it"), None)]
        summary = WinSummary(app, Won(Actor.PLAYER, 123, 3725.0), WinRecord(3600.0, 12, 7), notes, answers)
        box, size_, _lines, rects = summary.layout(w, h)
        assert pygame.Rect(0, 0, w, h).contains(box), (lang, box)
        assert all(box.contains(r) for r in rects), lang
        rs = summary.row_size(size_, w)
        label_w, value_w = summary.columns(rs)
        assert label_w + rs + value_w <= box.w - 2 * min(size_, 8), (lang, label_w, value_w, box.w)
        summary.draw(display(), 0.0)
