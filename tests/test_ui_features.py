"""Table features a first playtest missed, driven headless with real pygame events.

All home (button and A) and safe cards home by themselves; the clock standing still while
the table is covered or the window is away (a fake clock: nothing here races the wall
clock); legal destinations lit while dragging; the first start's pointer to the lessons;
the new settings rows.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from player_input import click, motion_events, post, press, press_events, release_events, window_events
from window_helpers import bar_clicks, is_lesson, on_table, shown_message
from yukon.core.cards import parse_card
from yukon.core.rules import YUKON, Rules
from yukon.core.state import FOUNDATION, ON_FOUNDATION, Game, Move, Position
from yukon.play.events import Event, Moved, Refused, Won, made_move
from yukon.play.session import TableSession
from yukon.play.settings import SETTINGS_FILE, Settings
from yukon.ui import input as ui_input
from yukon.ui.app import App
from yukon.ui.build import add_extras as install
from yukon.ui.build import open_window
from yukon.ui.commands import Command, key_command
from yukon.ui.lessons_part import Lessons
from yukon.ui.lessons_table import LessonMode
from yukon.ui.screen import QuestionDialog
from yukon.ui.settings_part import SOLVER_SETTINGS
from yukon.ui.settings_screen import SettingsScreen
from yukon.ui.sheet import SheetScreen
from yukon.ui.table import BaseMode, TableScreen
from yukon.ui.table.style import TARGET


class FakeTime:
    """time.monotonic for the table, moved on by hand."""

    now = 10_000.0

    @classmethod
    def monotonic(cls) -> float:
        return cls.now


@pytest.fixture
def clock() -> type[FakeTime]:
    """The fake time, set back; a window made with ``now=FakeTime.monotonic`` keeps its time."""
    FakeTime.now = 10_000.0
    return FakeTime


# -- driving the window ---------------------------------------------------------------------
def table_of(app: App) -> TableScreen:
    t = app.top
    assert isinstance(t, TableScreen)
    return t


def press_button(app: App, label: str) -> None:
    bar_clicks(app, label, lambda x, y: click(app, x, y), table_of(app))


def card_point(t: TableScreen, card: int) -> tuple[int, int]:
    lay = t.layout
    assert lay is not None
    r = lay.strip_rect(card)
    return (r.centerx, r.y + min(r.h // 2, 6))


def run(app: App, steps: int = 1) -> None:
    """Fixed steps of game time (slides advance by them, never by the wall clock), drawn as the loop would."""
    for _ in range(steps):
        app.update(1 / 60)
        app.draw()


def settle(app: App, limit: int = 5000) -> None:
    """Run until the table is still (a generous cap only as a safety net)."""
    for _ in range(limit):
        if not any(s.busy() for s in app.screens):
            return
        run(app)
    raise AssertionError("the table never came to rest")


def cards(text: str) -> list[int]:
    return [parse_card(t) for t in text.split()]


def position(columns: list[str], foundations: list[int], rules: Rules = YUKON) -> Position:
    """A position from face-up columns and foundation heights; every other card goes face down
    under a face-up end card in the last empty column (the highest rank: it cannot go home)."""
    cols = [cards(c) for c in columns] + [[] for _ in range(7 - len(columns))]
    used = {c for col in cols for c in col} | {s * 13 + r for s in range(4) for r in range(foundations[s])}
    rest = sorted((c for c in range(52) if c not in used), key=lambda c: c % 13)
    down = [0] * 7
    if rest:
        cols[6] = rest
        down[6] = len(rest) - 1
    return Position(cols, down, list(foundations), rules)


def make(game: Game, size: tuple[int, int] = (1280, 800), now: Callable[[], float] = time.monotonic,
         frame_clock: Callable[[], float] = time.perf_counter) -> App:
    app = open_window(size=size, game=game, now=now, frame_clock=frame_clock)
    app.add_part(Lessons(app))
    app.frame()
    return app


def ladders(height: int) -> Position:
    """Four columns, one per suit, King deepest: every card can go home in turn."""
    cols = [" ".join(f"{'A23456789TJQK'[r]}{s}" for r in range(12, height - 1, -1)) for s in "SHDC"]
    return position(cols, [height] * 4)


# -- All home ------------------------------------------------------------------------------
def test_all_home_button_sends_every_card_home_one_move_at_a_time(clock: type[FakeTime]) -> None:
    # The fake clock: each frame makes only the game time the test gives it (on a busy machine a
    # real frame could finish a whole slide and start the next card's).
    app = make(Game(ladders(4)), now=clock.monotonic, frame_clock=clock.monotonic)  # 36 cards out: the 36 clicks of the playtest
    heard: list[Event] = []
    app.session.listen(heard.append)
    press_button(app, "All home")
    t = table_of(app)
    assert t.sending_home and t.busy()
    run(app)
    assert len(t.session.game.history) == 1 and t.anim.active  # one card on its way, with its slide
    settle(app)
    assert t.session.position.is_won()
    assert len(t.session.game.history) == 36 and all(m.to == FOUNDATION for m in t.session.game.moves_made)
    moves = [e.move for e in heard if isinstance(e, Moved)]
    assert moves == t.session.game.moves_made  # every listener heard every move
    assert any(isinstance(e, Won) for e in heard)
    while isinstance(app.top, QuestionDialog) or t.celebrating > 0:
        press(app, pygame.K_ESCAPE)
    press(app, pygame.K_z, pygame.KMOD_CTRL)  # each card comes back by its own undo
    assert len(t.session.game.history) == 35 and t.session.position.home_count() == 51


def test_key_a_sends_only_cards_with_nothing_on_them() -> None:
    # The A of hearts lies under the King of clubs: it cannot go, nor can the 2 and 3 of hearts.
    p = position(["AH KC", "2S", "AS", "3H", "2H"], [0, 0, 0, 0])
    app = make(Game(p))
    press(app, pygame.K_a)
    settle(app)
    t = table_of(app)
    assert t.session.game.moves_made == [Move.of(parse_card("AS"), FOUNDATION), Move.of(parse_card("2S"), FOUNDATION)]
    assert t.session.position.loc[parse_card("AH")] < ON_FOUNDATION
    assert "2 cards sent home" in shown_message(t)
    press(app, pygame.K_a)  # nothing left that can go
    settle(app)
    assert len(t.session.game.history) == 2 and "No card can go home" in shown_message(t)


def test_a_click_or_a_key_stops_the_cards_where_they_are() -> None:
    for stop in ("click", "key"):
        app = make(Game(ladders(4)))
        t = table_of(app)
        press(app, pygame.K_a)
        run(app, 3)
        made = len(t.session.game.history)
        assert 0 < made < 36
        if stop == "click":
            click(app, 5, app.size[1] // 2)  # on the cloth
        else:
            press(app, pygame.K_LEFT)
        assert not t.sending_home and not t.anim.active  # the card on its way has landed
        n = len(t.session.game.history)
        settle(app)
        run(app, 60)
        assert len(t.session.game.history) == n < 36


def test_all_home_stops_when_a_screen_comes_over_the_table() -> None:
    app = make(Game(ladders(4)))
    t = table_of(app)
    press(app, pygame.K_a)
    run(app, 2)
    app.show_rules()  # as a lesson, a question or any sheet would
    run(app, 200)
    assert not t.sending_home and len(t.session.game.history) < 36


class NoHome:
    """A lesson step's guide that wants something else: every move to a foundation is refused."""

    def __init__(self) -> None:
        self.asked: list[Move] = []

    def veto(self, game: Game, move: Move) -> Refused | None:
        self.asked.append(move)
        return Refused(move, None, True, "Not yet: this step is about the columns.") if move.to == FOUNDATION else None

    def heard(self, event: Event, session: TableSession) -> None:
        pass


def test_all_home_respects_a_lesson_veto() -> None:
    app = make(Game.deal(3))
    mode = NoHome()
    lesson = TableScreen(app, TableSession(Game(ladders(10)), time.monotonic, guide=mode, deals=False), BaseMode())
    app.push(lesson)
    app.frame()
    press(app, pygame.K_a)
    settle(app)
    assert lesson.session.game.history == [] and mode.asked  # asked, refused, nothing made
    assert "Not yet" in shown_message(lesson)
    assert not lesson.sending_home


# -- safe cards home by themselves -----------------------------------------------------------
def safe_position() -> Position:
    # Home: A-3 of spades and clubs, A-2 of hearts and diamonds. Moving the 9 of clubs onto the
    # 10 of diamonds uncovers the 3 of hearts, which is then safe (both black suits are at 2 or
    # more, diamonds at 1 or more). The 4 of spades fits its foundation but is not safe (a red 3
    # is still out and could want it).
    return position(["3H 9C", "TD", "4S"], [3, 2, 2, 3])


def start_with_settings(folder: Path, game: Game, settings: Settings | None = None) -> App:
    data = (settings or Settings()).to_dict()
    (folder / SETTINGS_FILE).write_text(json.dumps(data))
    app = open_window(size=(1280, 800), game=game)
    install(app, folder=str(folder), resume=False)
    app.frame()
    return app


def move_by_clicks(app: App, card: str, column: int) -> None:
    t = table_of(app)
    click(app, *card_point(t, parse_card(card)))
    assert t.session.selection == parse_card(card)
    lay = t.layout
    assert lay is not None
    click(app, *lay.column_end_rect(column).center)


def test_safe_cards_go_home_by_themselves_after_the_players_move(tmp_path: Path) -> None:
    app = start_with_settings(tmp_path, Game(safe_position()), Settings(auto_home_safe=True))
    assert app.prefs.auto_home_safe
    t = table_of(app)
    three, four = parse_card("3H"), parse_card("4S")
    heard: list[Move | None] = []
    app.session.listen(lambda e: heard.append(e.move) if isinstance(e, Moved) else None)
    move_by_clicks(app, "9C", 1)
    settle(app)
    assert t.session.game.moves_made == [Move.of(parse_card("9C"), 1), Move.of(three, FOUNDATION)]
    assert heard == t.session.game.moves_made  # an ordinary move: saving, sound and the solver hear it
    assert t.session.position.loc[four] < ON_FOUNDATION  # fits, but not safe: it stays
    # Undo takes the card back and it stays back: an undo is not a move of the player's.
    press(app, pygame.K_z, pygame.KMOD_CTRL)
    settle(app)
    assert t.session.position.loc[three] == 0 and len(t.session.game.history) == 1
    # A move not made by the player (the solver's demo plays this way) sends nothing home.
    press(app, pygame.K_z, pygame.KMOD_CTRL)
    settle(app)
    assert made_move(t.session.move(Move.of(parse_card("9C"), 1)))
    settle(app)
    run(app, 30)
    assert t.session.position.loc[three] == 0 and len(t.session.game.history) == 1


def test_safe_cards_stay_put_with_the_setting_off(tmp_path: Path) -> None:
    app = start_with_settings(tmp_path, Game(safe_position()))
    assert not app.prefs.auto_home_safe
    move_by_clicks(app, "9C", 1)
    settle(app)
    run(app, 30)
    assert table_of(app).session.game.moves_made == [Move.of(parse_card("9C"), 1)]


def test_the_setting_is_switched_on_in_the_settings_screen(tmp_path: Path) -> None:
    app = open_window(size=(1024, 700), game=Game(safe_position()))
    extras = install(app, folder=str(tmp_path), resume=False)
    app.frame()
    press(app, pygame.K_s)
    top = app.top
    assert isinstance(top, SheetScreen) and isinstance(top.sheet, SettingsScreen)
    names = [r[0] for r in top.sheet.rows]
    assert "auto_home_safe" in names and "hide_verdicts" not in names  # no solver here: its rows hide
    for _ in range(names.index("auto_home_safe")):
        press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN)
    press(app, pygame.K_s)  # S again: Done
    assert app.top is app.table and app.prefs.auto_home_safe and extras.records.settings.auto_home_safe
    move_by_clicks(app, "9C", 1)
    settle(app)
    assert table_of(app).session.position.loc[parse_card("3H")] == ON_FOUNDATION


def test_hide_verdicts_row_sits_with_the_solver_settings(tmp_path: Path) -> None:
    assert "hide_verdicts" in SOLVER_SETTINGS
    got: list[Settings] = []
    s = SettingsScreen(Settings(), False, lambda st, new: got.append(st))
    names = [r[0] for r in s.rows]
    assert names.index("hide_verdicts") > names.index("winnable_only")
    for _ in range(names.index("hide_verdicts")):
        s.handle(ui_input.Action(Command.DOWN))
    s.handle(ui_input.Action(Command.CONFIRM))
    s.handle(ui_input.Action(Command.SETTINGS))  # Done
    assert got and got[0].hide_verdicts and not Settings().hide_verdicts


# -- the clock -----------------------------------------------------------------------------
def shown_time(t: TableScreen) -> str:
    return t.status_text()[1].split("\u00b7")[1].strip()


def first_move(app: App) -> None:
    t = table_of(app)
    m = next(m for m in t.session.position.legal_moves() if m.to != FOUNDATION)
    assert made_move(t.session.move(m))
    settle(app)


def test_the_clock_stands_still_behind_the_rules_and_the_lessons(clock: type[FakeTime]) -> None:
    app = make(Game.deal(5), now=clock.monotonic)
    t = table_of(app)
    first_move(app)
    clock.now += 5
    assert t.session.elapsed() == 5
    press(app, pygame.K_F1)  # the Rules screen
    assert app.top is not t
    clock.now += 20
    app.frame()
    assert t.session.elapsed() == 5 and shown_time(t) == "0:05"
    press(app, pygame.K_ESCAPE)
    assert app.top is t
    clock.now += 1
    assert t.session.elapsed() == 6 and shown_time(t) == "0:06"
    press_button(app, "Lessons")
    press(app, pygame.K_RETURN)  # the lesson the list offers
    lesson = app.top
    assert isinstance(lesson, TableScreen) and isinstance(lesson.mode, LessonMode)
    clock.now += 175
    run(app, 5)
    assert t.session.elapsed() == 6
    press_button(app, "Leave lessons")
    assert app.top is t
    clock.now += 2
    assert t.session.elapsed() == 8
    t.ask_restart()  # a question over the table stops it too
    clock.now += 50
    assert t.session.elapsed() == 8
    press(app, pygame.K_ESCAPE)  # Keep playing
    assert app.top is t and t.session.elapsed() == 8


def test_the_clock_stands_still_while_the_window_is_away(clock: type[FakeTime]) -> None:
    app = make(Game.deal(6), now=clock.monotonic)
    t = table_of(app)
    first_move(app)
    clock.now += 3
    post(window_events(pygame.WINDOWFOCUSLOST))
    app.frame()
    clock.now += 30
    assert t.session.elapsed() == 3
    post(window_events(pygame.WINDOWFOCUSGAINED))
    app.frame()
    clock.now += 1
    assert t.session.elapsed() == 4
    post(window_events(pygame.WINDOWMINIMIZED))
    app.frame()
    clock.now += 100
    post(window_events(pygame.WINDOWRESTORED))  # restored, but no focus yet: a click says the player is back
    app.frame()
    assert t.session.elapsed() == 4
    click(app, 5, app.size[1] // 2)
    clock.now += 1
    assert t.session.elapsed() == 5
    post(window_events(pygame.ACTIVEEVENT, gain=0, state=pygame.APPMOUSEFOCUS))  # the mouse only left the window
    app.frame()
    clock.now += 1
    assert t.session.elapsed() == 6
    post(window_events(pygame.ACTIVEEVENT, gain=0, state=pygame.APPINPUTFOCUS))
    app.frame()
    clock.now += 10
    assert t.session.elapsed() == 6
    post(window_events(pygame.ACTIVEEVENT, gain=1, state=pygame.APPINPUTFOCUS))
    app.frame()
    clock.now += 1
    assert t.session.elapsed() == 7


def test_time_away_never_counts_toward_the_best_time(clock: type[FakeTime], tmp_path: Path) -> None:
    king = parse_card("KS")
    p = position(["KS"], [12, 13, 13, 13])
    app = open_window(size=(1024, 700), game=Game(p, seed=77), now=clock.monotonic)
    extras = install(app, folder=str(tmp_path), resume=False)
    app.frame()
    t = table_of(app)
    t.session.clock.set_elapsed(40.0)  # as a resumed game: 40 s played before
    press(app, pygame.K_F1)
    clock.now += 600  # ten minutes reading the rules
    press(app, pygame.K_ESCAPE)
    clock.now += 2
    x, y = card_point(t, king)
    click(app, x, y)
    click(app, x, y)  # double-click: home, and the game is won
    assert t.session.position.is_won()
    assert extras.records.stats.of(YUKON).best_time == pytest.approx(42.0)


# -- dragging ------------------------------------------------------------------------------
def ring_points(t: TableScreen, card: int) -> dict[int, tuple[int, int]]:
    """A point on the mark drawn round each legal destination of ``card`` (its top-left corner
    bracket: the brackets leave the middle of each edge open)."""
    lay = t.layout
    assert lay is not None
    out = {}
    for m in t.session.position.legal_moves():
        if m.card == card:
            r = (lay.foundation_rects[card // 13] if m.to == FOUNDATION else lay.column_end_rect(m.to)).inflate(8, 8)
            out[m.to] = (r.left + 1, r.top + 1)
    return out


def test_dragging_lights_every_legal_destination() -> None:
    seen = 0
    for seed in range(1, 60):
        pos = Position.deal(seed)
        card = next((c for c in range(52) if pos.loc[c] < ON_FOUNDATION
                     and len({m.to for m in pos.legal_moves() if m.card == c}) >= 2), None)
        if card is None:
            continue
        app = make(Game(pos))
        t = table_of(app)
        points = ring_points(t, card)
        surface = pygame.display.get_surface()
        assert surface is not None
        app.draw()
        assert not any(surface.get_at(p)[:3] == TARGET for p in points.values())
        x, y = card_point(t, card)
        post(press_events((x, y)), motion_events((x, y + 12), held=True))
        app.frame()
        assert t.drag_cards and t.drag_cards[0] == card
        app.draw()
        for to, p in points.items():
            assert surface.get_at(p)[:3] == TARGET, (seed, to)
        post(release_events((x, y + 12)))  # let go where it was: nothing moves
        app.frame()
        settle(app)
        app.draw()
        assert not t.session.game.history
        assert not any(surface.get_at(p)[:3] == TARGET for p in points.values())
        seen += 1
        if seen == 4:
            break
    assert seen == 4


# -- the first start -----------------------------------------------------------------------
def test_the_first_start_points_to_the_lessons_once(tmp_path: Path) -> None:
    app = open_window(size=(1024, 700), seed=9)
    extras = install(app, folder=str(tmp_path), welcome=True)
    app.frame()
    top = app.top
    assert isinstance(top, QuestionDialog) and top.title == "Welcome"
    labels = [a for a, _ in top.answers]
    _, _, _, rects = top.layout(*app.size)
    click(app, *rects[labels.index("Show me the lessons")].center)
    press(app, pygame.K_RETURN)  # the list of lessons offers the first
    assert is_lesson(app.top)
    assert extras.records.settings.lessons_offered
    assert json.loads((tmp_path / SETTINGS_FILE).read_text())["lessons_offered"] is True
    extras.saving.quitting()
    again = open_window(size=(1024, 700), seed=9)
    install(again, folder=str(tmp_path), welcome=True)
    again.frame()
    assert again.top is again.table  # never a second time


def test_just_play_and_who_is_never_asked(tmp_path: Path) -> None:
    first = tmp_path / "first"
    first.mkdir()
    app = open_window(size=(1024, 700), seed=9)
    extras = install(app, folder=str(first), welcome=True)
    app.frame()
    assert isinstance(app.top, QuestionDialog)
    press(app, pygame.K_ESCAPE)  # Just play
    assert on_table(app) and extras.records.settings.lessons_offered
    # A folder given by a test or a benchmark: no question unless asked for.
    plain = tmp_path / "plain"
    plain.mkdir()
    app2 = open_window(size=(1024, 700), seed=9)
    install(app2, folder=str(plain))
    app2.frame()
    assert app2.top is app2.table
    # A player who has played before (settings kept, from before the question existed).
    old = tmp_path / "old"
    old.mkdir()
    data = Settings().to_dict()
    del data["lessons_offered"]
    (old / SETTINGS_FILE).write_text(json.dumps(data))
    app3 = open_window(size=(1024, 700), seed=9)
    install(app3, folder=str(old), welcome=True)
    app3.frame()
    assert app3.top is app3.table
    # A player whose settings file was damaged: told about it, not welcomed as a newcomer.
    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / SETTINGS_FILE).write_text("{not json")
    app4 = open_window(size=(1024, 700), seed=9)
    install(app4, folder=str(broken), welcome=True)
    app4.frame()
    t4 = table_of(app4)
    assert "settings" in shown_message(t4).lower()


def test_the_keys_list_names_a() -> None:
    from yukon.play.help_text import KEYS

    assert any(k == "A" and "home" in what for k, what in KEYS)
    assert key_command(pygame.K_a, 0) is Command.ALL_HOME
