"""The toolbar and its menu (issue 24, part 3), driven as a player does: real pygame events into the
headless window, on fixed deals; time only on the table's fake clock."""

from __future__ import annotations

import itertools
from pathlib import Path

import pygame
import pytest

from parts_helpers import Buttons
from player_input import click
from window_helpers import FrameSteps, bar_clicks, run_until, settle
from yukon.core.safe import home_moves
from yukon.core.state import Game
from yukon.play.events import Tone
from yukon.play.session import MESSAGE_TIME
from yukon.ui import theme
from yukon.ui.app import App
from yukon.ui.build import add_extras, open_window
from yukon.ui.commands import BAR_ORDER, COMMANDS, ICONS, Command, key_text
from yukon.ui.keys_overlay import KeysOverlay
from yukon.ui.layout import toolbar_rect
from yukon.ui.menu import Menu
from yukon.ui.parts import Part
from yukon.ui.rules_screen import RulesScreen
from yukon.ui.screen import QuestionDialog
from yukon.ui.sheet import SheetScreen
from yukon.ui.stats_screen import StatsScreen
from yukon.ui.table import TableScreen
from yukon.ui.widgets import ButtonSpec

SEEDS = (5, 17, 301)


class Heard(Part):
    """Records every command offered to the parts; ``swallow`` keeps it from going further (all but
    F10's, so the menu still opens)."""

    def __init__(self, swallow: bool) -> None:
        self.swallow = swallow
        self.heard: list[Command] = []

    def command(self, table: TableScreen, command: Command) -> bool:
        self.heard.append(command)
        return self.swallow and command is not Command.MENU


def top(app: App) -> object:
    """The screen on top, as seen now (a fresh read: mypy keeps no narrowing of an earlier assert)."""
    return app.top


def start(tmp_path: Path, seed: int = 5, size: tuple[int, int] = (1152, 704), game: Game | None = None,
          now: list[float] | None = None) -> App:
    """The window with every part around the table (no solver), on deal ``seed``; each frame makes
    a twentieth of a second (the slides a test settles run in quick frames, not in real time)."""
    clock = now if now is not None else [1000.0]
    app = open_window(seed=seed, size=size, game=game, now=lambda: clock[0], frame_clock=FrameSteps())
    add_extras(app, folder=str(tmp_path), resume=False, welcome=False)
    app.frame()
    return app


def table_of(app: App) -> TableScreen:
    t = app.table
    assert t is not None and t.bar is not None and t.layout is not None
    return t


def key(app: App, k: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    app.frame()


def hover(app: App, x: int, y: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(0, 0, 0)))
    app.frame()


def a_column_move(app: App) -> None:
    """Make a move between columns by clicks (every fixed deal here has one)."""
    t = table_of(app)
    move = next(m for m in t.session.position.legal_moves() if not m.to_foundation)
    lay = t.layout
    assert lay is not None
    click(app, *lay.strip_rect(move.card).center)
    click(app, *lay.heading_rects[move.to].center)
    settle(app)
    assert t.session.game.history[-1].move == move


def icon_index(t: TableScreen, command: Command) -> int:
    return [b.command for b in t.buttons()].index(command)


def screen_pixels(rect: pygame.Rect) -> list[tuple[int, int, int]]:
    surface = pygame.display.get_surface()
    assert surface is not None
    return [(c.r, c.g, c.b) for x in range(rect.left, rect.right) for y in range(rect.top, rect.bottom)
            for c in [surface.get_at((x, y))]]


# -- the bar's size and place ------------------------------------------------------------------
@pytest.mark.parametrize("size", [(1152, 704), (480, 360), (3840, 2160), (800, 600), (1920, 1080), (2560, 1080),
                                  (240, 240)])
def test_the_bar_is_slim_at_the_top_and_its_buttons_fit(tmp_path: Path, size: tuple[int, int]) -> None:
    app = start(tmp_path, size=size)
    t = table_of(app)
    w, h = size
    bar = t.bar
    assert bar is not None and bar.rect == toolbar_rect(w, h) and bar.rect.topleft == (0, 0)
    if size == (1152, 704):
        assert bar.rect.h <= 0.07 * h  # issue 24: at most 7% of the window's height
    assert bar.rect.h <= max(0.07 * h, 30)  # 30 px: a slim bar still hit by a finger at 480x360
    assert t.layout is not None and t.layout.view.top >= bar.rect.bottom  # the table lies under it
    shown = [bar.rects[i] for i in bar.shown()] + [bar.more]
    commands = [t.buttons()[i].command for i in bar.shown()]
    assert set(commands) == ICONS  # every icon shown, from 480 px wide to 4K
    for k, r in enumerate(shown):
        assert bar.rect.contains(r) and r.h >= 20 and r.w >= 20
        assert r.collidelist(shown[k + 1:]) == -1
    assert bar.more.right <= w and bar.more.x > max(r.right for r in shown[:-1])


def test_the_menu_has_every_button_that_is_no_icon_and_icons_keep_bar_order(tmp_path: Path) -> None:
    app = start(tmp_path)
    t = table_of(app)
    specs = t.buttons()
    assert [b.command for b in specs] == sorted((b.command for b in specs), key=BAR_ORDER.index)
    in_menu = [specs[i].command for i in t.bar.hidden] if t.bar else []
    assert set(in_menu) == {b.command for b in specs} - ICONS
    for wanted in (Command.CHOOSE_DEAL, Command.LESSONS, Command.STATS, Command.SETTINGS, Command.RULES,
                   Command.KEYS, Command.FULLSCREEN, Command.QUIT):
        assert wanted in in_menu


# -- each bar button by click ------------------------------------------------------------------
@pytest.mark.parametrize("seed", SEEDS)
def test_each_icon_does_its_command_by_click_and_a_dim_one_nothing(tmp_path: Path, seed: int) -> None:
    app = start(tmp_path, seed)
    t = table_of(app)
    heard = Heard(swallow=False)
    app.add_part(heard, first=True)
    session = t.session
    bar = t.bar
    assert bar is not None

    def press(command: Command) -> None:
        click(app, *bar.rects[icon_index(t, command)].center)
        settle(app)

    press(Command.UNDO)  # nothing to undo: dim, and a click does nothing
    press(Command.REDO)
    assert heard.heard == [] and not session.game.history
    a_column_move(app)
    press(Command.UNDO)
    assert heard.heard == [Command.UNDO] and not session.game.history
    press(Command.REDO)
    assert heard.heard[-1:] == [Command.REDO] and len(session.game.history) == 1
    press(Command.HINT)
    assert heard.heard[-1:] == [Command.HINT] and session.message is not None and session.message.tone is Tone.HINT
    press(Command.RESTART)  # a move would be lost: asked first
    assert heard.heard[-1:] == [Command.RESTART] and isinstance(app.top, QuestionDialog)
    key(app, pygame.K_RETURN)
    assert top(app) is t and not session.game.history
    old = session.game
    press(Command.NEW_DEAL)  # nothing played: no question
    assert heard.heard[-1:] == [Command.NEW_DEAL] and session.game is not old and top(app) is t
    if home_moves(session.position):
        press(Command.ALL_HOME)
        assert heard.heard[-1:] == [Command.ALL_HOME]
        settle(app)
        assert sum(session.position.foundations) > 0


def test_all_home_is_dim_until_a_card_can_go_home_and_then_sends_it(tmp_path: Path) -> None:
    seed = next(s for s in range(1, 400) if home_moves(Game.deal(s).position))
    none = next(s for s in range(1, 400) if not home_moves(Game.deal(s).position))
    app = start(tmp_path, none)
    t = table_of(app)
    assert t.bar is not None
    r = t.bar.rects[icon_index(t, Command.ALL_HOME)]
    assert max(sum(p) for p in screen_pixels(r)) <= sum(theme.palette().icon_off) + 30  # dim: no bright stroke
    click(app, *r.center)
    assert sum(t.session.position.foundations) == 0
    app2 = start(tmp_path / "2", seed)
    t2 = table_of(app2)
    assert t2.bar is not None
    r2 = t2.bar.rects[icon_index(t2, Command.ALL_HOME)]
    assert max(sum(p) for p in screen_pixels(r2)) >= 600  # bright strokes
    click(app2, *r2.center)
    settle(app2)
    assert sum(t2.session.position.foundations) > 0


# -- tooltips -----------------------------------------------------------------------------------
@pytest.mark.parametrize("size", [(1152, 704), (480, 360)])
def test_each_button_shows_its_name_and_key_in_a_tooltip_on_hover(tmp_path: Path, size: tuple[int, int]) -> None:
    app = start(tmp_path, size=size)
    t = table_of(app)
    assert t.bar is not None
    window = pygame.Rect(0, 0, *size)
    targets = [(t.bar.rects[i], t.buttons()[i].command) for i in t.bar.shown()] + [(t.bar.more, Command.MENU)]
    for r, command in targets:
        hover(app, *r.center)
        tip = t.button_bar.tip()
        assert tip is not None
        name, shown_key, box = tip
        assert name == english_label(command) and shown_key == key_text(command) and shown_key
        assert window.contains(box) and box.top >= t.bar.rect.bottom  # under the bar, inside the window
        assert theme.palette().tip in screen_pixels(box.inflate(-4, -4))  # drawn
    hover(app, size[0] // 2, size[1] - 5)  # off the bar: the tooltip goes
    assert t.button_bar.tip() is None
    assert theme.palette().tip not in screen_pixels(box.inflate(-4, -4))
    r = t.bar.rects[icon_index(t, Command.HINT)]
    hover(app, *r.center)
    assert t.button_bar.tip() is not None
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=r.center, button=1))
    app.frame()
    assert t.button_bar.tip() is None  # a press puts it away


def english_label(command: Command) -> str:
    """The English name of ``command``'s button (the tests run in English)."""
    return COMMANDS[command].label


# -- the menu -----------------------------------------------------------------------------------
EXTRA = (ButtonSpec(Command.DEMO), ButtonSpec(Command.WHY))  # the solver's two items, without a solver


@pytest.mark.parametrize("size", [(1152, 704), (480, 360)])
def test_every_menu_item_is_reached_by_mouse_and_runs_its_command(tmp_path: Path, size: tuple[int, int]) -> None:
    app = start(tmp_path, size=size)
    app.add_part(Buttons(*EXTRA))
    heard = Heard(swallow=True)
    app.add_part(heard, first=True)
    t = table_of(app)
    assert t.bar is not None
    wanted = [t.buttons()[i].command for i in t.bar.hidden]
    assert Command.DEMO in wanted and Command.WHY in wanted
    for k, command in enumerate(wanted):
        click(app, *t.bar.more.center)
        menu = app.top
        assert isinstance(menu, Menu) and [it.command for it in menu.items] == wanted
        assert all(window_has(app, r) for r in menu.rects(*app.size))
        assert menu.items[k].key == key_text(command)
        hover(app, *menu.rects(*app.size)[k].center)
        assert menu.focus == k
        click(app, *menu.rects(*app.size)[k].center)
        assert top(app) is t and heard.heard[-1] is command
    assert heard.heard == wanted
    click(app, *t.bar.more.center)  # a click outside closes it and does nothing else
    assert isinstance(app.top, Menu)
    n = len(t.session.game.history)
    click(app, size[0] // 2, size[1] - 4)
    assert top(app) is t and heard.heard == wanted and len(t.session.game.history) == n


def window_has(app: App, r: pygame.Rect) -> bool:
    return pygame.Rect(0, 0, *app.size).contains(r)


@pytest.mark.parametrize("size", [(1152, 704), (480, 360)])
def test_every_menu_item_is_reached_by_keys_f10_arrows_enter_and_esc_closes(tmp_path: Path,
                                                                           size: tuple[int, int]) -> None:
    app = start(tmp_path, size=size)
    app.add_part(Buttons(*EXTRA))
    heard = Heard(swallow=True)
    app.add_part(heard, first=True)
    t = table_of(app)
    assert t.bar is not None
    wanted = [t.buttons()[i].command for i in t.bar.hidden]
    key(app, pygame.K_F10)
    assert isinstance(app.top, Menu)
    key(app, pygame.K_ESCAPE)
    assert top(app) is t and heard.heard == [Command.MENU]  # Esc closes it, nothing run
    key(app, pygame.K_F10)
    key(app, pygame.K_F10)
    assert top(app) is t  # F10 again closes it too
    heard.heard.clear()
    for k, command in enumerate(wanted):
        key(app, pygame.K_F10)
        heard.heard.clear()  # F10 itself
        menu = app.top
        assert isinstance(menu, Menu) and menu.focus == 0  # the first item chosen
        for _ in range(k):
            key(app, pygame.K_DOWN)
        assert menu.focus == k
        key(app, pygame.K_RETURN)
        assert top(app) is t and heard.heard == [command]
    key(app, pygame.K_F10)
    key(app, pygame.K_UP)  # round the top: the last item
    menu = app.top
    assert isinstance(menu, Menu) and menu.focus == len(wanted) - 1 and wanted[-1] is Command.QUIT
    key(app, pygame.K_HOME)
    assert menu.focus == 0
    key(app, pygame.K_END)
    assert menu.focus == len(wanted) - 1
    key(app, pygame.K_ESCAPE)


def test_a_dim_menu_item_is_skipped_by_the_keys_and_does_nothing_when_clicked(tmp_path: Path) -> None:
    app = start(tmp_path)
    app.add_part(Buttons(ButtonSpec(Command.DEMO), ButtonSpec(Command.WHY, lambda: False)))
    heard = Heard(swallow=True)
    app.add_part(heard, first=True)
    t = table_of(app)
    key(app, pygame.K_F10)
    menu = app.top
    assert isinstance(menu, Menu)
    why = [it.command for it in menu.items].index(Command.WHY)
    demo = [it.command for it in menu.items].index(Command.DEMO)
    assert why == demo + 1 and not menu.items[why].enabled
    while menu.focus != demo:
        key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)
    assert menu.focus == why + 1  # over Why?
    heard.heard.clear()
    click(app, *menu.rects(*app.size)[why].center)
    assert app.top is menu and heard.heard == []  # nothing run, the menu stays
    key(app, pygame.K_ESCAPE)
    assert top(app) is t


def test_menu_items_do_what_they_say(tmp_path: Path) -> None:
    """Stats, Rules, Keys, Settings, Deal # open their screens; Full screen switches; Quit quits."""
    app = start(tmp_path)
    t = table_of(app)

    def choose(label: str) -> None:
        bar_clicks(app, label, lambda x, y: click(app, x, y), t)

    for label, kind in (("Stats", StatsScreen), ("Keys", KeysOverlay)):
        choose(label)
        assert isinstance(app.top, SheetScreen) and isinstance(app.top.sheet, kind)
        key(app, pygame.K_ESCAPE)
        assert top(app) is t
    choose("Rules")
    assert isinstance(app.top, RulesScreen)
    key(app, pygame.K_ESCAPE)
    assert top(app) is t
    full = app.fullscreen
    choose("Full screen")
    assert app.fullscreen is not full
    key(app, pygame.K_F11)
    assert app.fullscreen is full
    choose("Quit")
    assert not app.running


# -- the shortcuts of KPatience and Aisleriot ------------------------------------------------------
@pytest.mark.parametrize("seed", SEEDS)
def test_the_shortcuts_players_know_work_beside_ours(tmp_path: Path, seed: int) -> None:
    app = start(tmp_path, seed)
    t = table_of(app)
    session = t.session
    old = session.game
    key(app, pygame.K_n, pygame.KMOD_LCTRL)  # Ctrl+N: a new deal (nothing played: no question)
    assert session.game is not old and top(app) is t
    old = session.game
    key(app, pygame.K_n)  # and our N
    assert session.game is not old
    a_column_move(app)
    for undo, redo, redo_mod in ((pygame.K_z, pygame.K_z, pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT),
                                 (pygame.K_z, pygame.K_y, pygame.KMOD_RCTRL),
                                 (pygame.K_BACKSPACE, pygame.K_y, pygame.KMOD_LCTRL)):
        key(app, undo, pygame.KMOD_LCTRL if undo == pygame.K_z else 0)
        settle(app)
        assert not session.game.history
        key(app, redo, redo_mod)
        settle(app)
        assert len(session.game.history) == 1
    key(app, pygame.K_h)  # H: a hint
    assert session.message is not None and session.message.tone is Tone.HINT
    key(app, pygame.K_F1)  # F1: the rules
    assert isinstance(app.top, RulesScreen)
    key(app, pygame.K_ESCAPE)
    full = app.fullscreen
    key(app, pygame.K_F11)  # F11: full screen
    assert app.fullscreen is not full
    key(app, pygame.K_F11)
    assert app.fullscreen is full
    key(app, pygame.K_n, pygame.KMOD_LCTRL)  # a move made: Ctrl+N asks first
    assert isinstance(app.top, QuestionDialog)
    key(app, pygame.K_ESCAPE)
    assert top(app) is t and len(session.game.history) == 1


def test_the_menu_and_tooltips_show_the_known_shortcuts() -> None:
    assert COMMANDS[Command.NEW_DEAL].key == "Ctrl+N"
    assert COMMANDS[Command.UNDO].key == "Ctrl+Z"
    assert COMMANDS[Command.REDO].key == "Ctrl+Y"
    assert COMMANDS[Command.RULES].key == "F1"
    assert COMMANDS[Command.FULLSCREEN].key == "F11"
    assert COMMANDS[Command.HINT].key == "H"
    assert COMMANDS[Command.MENU].key == "F10"


# -- notices that ask nothing ------------------------------------------------------------------------
@pytest.mark.parametrize("seed", SEEDS)
def test_a_hint_is_a_notice_that_goes_by_itself_and_blocks_no_input(tmp_path: Path, seed: int) -> None:
    now = [1000.0]
    app = start(tmp_path, seed, now=now)
    t = table_of(app)
    session = t.session
    key(app, pygame.K_h)
    assert top(app) is t and session.live_message() is not None  # a notice, no dialog
    a_column_move(app)  # played at once, with the notice on show
    now[0] += MESSAGE_TIME + 0.01
    app.frame()
    assert session.live_message() is None and top(app) is t
    key(app, pygame.K_z, pygame.KMOD_LCTRL)  # nothing to undo? no: the move is undone
    settle(app)
    assert not session.game.history
    key(app, pygame.K_z, pygame.KMOD_LCTRL)  # now nothing to undo: a notice again, never a dialog
    assert top(app) is t and session.live_message() is not None
    now[0] += MESSAGE_TIME + 0.01
    app.frame()
    assert session.live_message() is None


def test_a_notice_fades_out_in_steps_on_the_tables_clock_and_leaves_the_table_as_it_was(tmp_path: Path) -> None:
    from yukon.ui.table.message import BACKGROUND, FADE, FADE_STEPS

    now = [1000.0]
    app = start(tmp_path, 5, now=now)
    t = table_of(app)
    run_until(app, lambda: not t.board.sharpening())  # the Classic deck's faces drawn: nothing else asks for frames
    key(app, pygame.K_h)
    message = t.session.message
    assert message is not None and message.tone is Tone.HINT
    box = t.msgbox.rect
    assert box is not None
    inner = box.inflate(-6, -6)
    bg = BACKGROUND[Tone.HINT]
    assert screen_pixels(inner).count(bg) > inner.w * inner.h // 3  # at full strength
    assert t.wake_in() == pytest.approx(message.until - FADE - now[0])  # the idle loop wakes for the fade
    seen = []
    for k in range(1, FADE_STEPS + 1):
        now[0] = message.until - FADE * (FADE_STEPS - k + 0.5) / FADE_STEPS
        assert t.needs_draw()  # each step is drawn, with nothing else happening
        app.frame()
        assert t.msgbox.drawn_step == k and bg not in screen_pixels(inner)
        seen.append(screen_pixels(inner))
        app.frame()
        assert not t.needs_draw()  # and once only
    assert all(a != b for a, b in itertools.pairwise(seen))  # fainter at each step
    now[0] = message.until
    app.frame()
    assert t.session.live_message() is None
    gone = screen_pixels(inner)
    t.invalidate()
    app.frame()
    assert screen_pixels(inner) == gone  # the box left nothing behind
