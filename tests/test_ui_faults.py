"""Faults and bad input at the window: no display, Ctrl+C, tiny windows, a full disk, memory.

Each test meets the fault where a player would: ``main.py`` started as a child process
(without a display; interrupted with SIGINT as a terminal's Ctrl+C does), or the window
driven headless with real pygame events. Nothing here races a clock: a child is waited on
through what it leaves behind (a file, its own child process), with a generous overall
limit only as a safety net.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import errno
import gc
import multiprocessing
import random
import signal
import subprocess
import sys
import time
import warnings
import weakref
from collections import OrderedDict
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from parts_helpers import Buttons
from solver_helpers import small_position
from window_helpers import key, post_click
from yukon.core.notation import format_position
from yukon.core.rules import YUKON
from yukon.core.state import FOUNDATION, ON_FOUNDATION, Game, Move, Position
from yukon.play import save as save_module
from yukon.play.events import Tone
from yukon.play.save import Store, load_game
from yukon.play.settings import SETTINGS_FILE
from yukon.solve.solver import Verdict, solve
from yukon.solve.solver_service import SolverService
from yukon.ui import art
from yukon.ui.app import App, NoDisplay, check_display
from yukon.ui.build import add_extras as install
from yukon.ui.build import open_window
from yukon.ui.commands import Command
from yukon.ui.table import TableScreen
from yukon.ui.widgets import ButtonSpec, button_label, more_label
from yukon.ui.window import MIN_SIZE

ROOT = Path(__file__).resolve().parent.parent
LINUX = sys.platform.startswith("linux")
SAFETY = 120.0  # seconds: only a net under a hung child, never the measure of anything



def post_move(app: App, move: Move) -> None:
    """Click the card, then where it goes, as a player does."""
    t = app.table
    assert t is not None and t.layout is not None
    lay = t.layout
    src = lay.strip_rect(move.card).move(0, 2).topleft
    dst = lay.foundation_rects[move.card // 13].center if move.to == FOUNDATION else lay.column_end_rect(move.to).center
    post_click(*src)
    post_click(*dst)


def column_move(app: App) -> Move:
    """A legal move of a table card onto a column (it slides)."""
    pos = app.session.game.position
    return next(m for m in pos.legal_moves() if m.to != FOUNDATION and pos.loc[m.card] < ON_FOUNDATION)


def wait_for(done: Callable[[], bool], what: str, step: Callable[[], None] | None = None) -> None:
    """Poll until ``done`` (running ``step`` between polls), failing after the safety limit."""
    end = time.monotonic() + SAFETY
    while not done():
        assert time.monotonic() < end, f"timed out waiting for {what}"
        if step is not None:
            step()
        time.sleep(0.01)


def child_env(tmp_path: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    env.update(SDL_AUDIODRIVER="dummy", YUKON_DATA_DIR=str(tmp_path / "data"), PYTHONUNBUFFERED="1", **extra)
    return env


# -- no display ------------------------------------------------------------------------------
@pytest.mark.skipif(not LINUX, reason="elsewhere SDL has a display without DISPLAY")
def test_without_a_display_main_says_so_and_exits_1(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "main.py", "--seed", "3"], cwd=ROOT, env=child_env(tmp_path),
                          capture_output=True, text=True, timeout=SAFETY, check=False)
    assert done.returncode == 1, done.stderr
    assert "no display was found" in done.stderr
    assert "Traceback" not in done.stderr


def test_an_asked_for_hidden_driver_is_fine_an_unasked_one_is_not(monkeypatch: pytest.MonkeyPatch) -> None:
    pygame.display.init()
    assert pygame.display.get_driver() == "dummy"
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    check_display()  # the tests' own driver, asked for by name
    monkeypatch.setenv("SDL_VIDEODRIVER", "x11,dummy")
    check_display()
    monkeypatch.delenv("SDL_VIDEODRIVER")
    with pytest.raises(NoDisplay, match="no display"):
        check_display()  # SDL fell back to it by itself: nobody would see the window


# -- Ctrl+C ----------------------------------------------------------------------------------
def test_ctrl_c_while_a_card_slides_saves_and_quits_without_a_traceback(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[bool] = []

    class InterruptedPacer:
        """The frame pacer, with Ctrl+C arriving while it waits between two frames of a slide."""

        def __init__(self) -> None:
            self.app: App | None = None

        def tick(self, fps: int = 0) -> int:
            if not seen and self.app is not None:
                seen.append(self.app.busy())
                os.kill(os.getpid(), signal.SIGINT)
            return 0

    pacer = InterruptedPacer()
    monkeypatch.setattr(pygame.time, "Clock", lambda: pacer)
    app = open_window(seed=8, size=(1024, 700))
    pacer.app = app
    install(app, folder=str(tmp_path), resume=False)
    app.frame()
    move = column_move(app)
    post_move(app, move)
    before = signal.getsignal(signal.SIGINT)
    try:
        app.run()
    except KeyboardInterrupt:
        pytest.fail("Ctrl+C came out of the loop as KeyboardInterrupt")
    assert seen == [True]  # it came while the card moved
    assert not app.running and app.interrupted and not app.errors
    assert signal.getsignal(signal.SIGINT) is before  # the handler is the loop's only while it runs
    saved = load_game(Store(tmp_path)).saved  # the quit hooks ran: the game was kept
    assert saved is not None and saved.game.moves_made == [move]


def solver_child(pid: int) -> int | None:
    """The pid of ``pid``'s solver child process (multiprocessing's spawn), if it has one yet."""
    try:
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:
        return None
    for c in children:
        try:
            cmd = Path(f"/proc/{c}/cmdline").read_bytes()
        except OSError:
            continue
        if b"spawn_main" in cmd:
            return int(c)
    return None


def group_gone(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return True
    return False


@pytest.mark.skipif(not LINUX, reason="reads /proc to find the solver's process")
def test_ctrl_c_in_the_terminal_ends_main_and_its_solver_cleanly(tmp_path: Path) -> None:
    first = tmp_path / "first-frame"
    out, err = (tmp_path / "out.txt").open("w"), (tmp_path / "err.txt").open("w")
    proc = subprocess.Popen([sys.executable, "main.py", "--seed", "11"], cwd=ROOT,
                            env=child_env(tmp_path, SDL_VIDEODRIVER="dummy", YUKON_FIRST_FRAME_FILE=str(first)),
                            stdout=out, stderr=err, start_new_session=True)
    try:
        wait_for(lambda: first.exists(), "the first frame")
        wait_for(lambda: solver_child(proc.pid) is not None, "the solver's process")
        os.killpg(proc.pid, signal.SIGINT)  # a terminal's Ctrl+C: the whole foreground group
        code = proc.wait(timeout=SAFETY)
        wait_for(lambda: group_gone(proc.pid), "the solver's process to end")
    finally:
        if proc.poll() is None:
            proc.kill()
        out.close()
        err.close()
    stderr = (tmp_path / "err.txt").read_text()
    assert code == 0, stderr
    assert "Traceback" not in stderr and "KeyboardInterrupt" not in stderr, stderr
    data = tmp_path / "data"
    assert (data / SETTINGS_FILE).exists()  # written by the quit hooks only
    saved = load_game(Store(data)).saved
    assert saved is not None and saved.game.seed == 11


def test_the_solver_child_shrugs_off_ctrl_c(capfd: pytest.CaptureFixture[str]) -> None:
    before = {p.pid for p in multiprocessing.active_children()}
    service = SolverService(nice=0)
    try:
        child = next(p for p in multiprocessing.active_children() if p.pid not in before)
        assert child.pid is not None
        position = Position.deal(1)
        for n in range(2):
            # the first while the child is still starting up, the second while it waits for work
            os.kill(child.pid, signal.SIGINT)
            service.request(n, format_position(position), YUKON, timeout=20.0)
            reply = service.wait(SAFETY)
            assert reply is not None and reply.request_id == n and reply.status in (Verdict.WINNABLE, Verdict.LOST)
        assert service.alive
    finally:
        service.close()
    err = capfd.readouterr().err
    assert "Traceback" not in err and "KeyboardInterrupt" not in err


# -- the smallest window ---------------------------------------------------------------------
def test_the_window_keeps_its_minimum_size_and_the_bar_stays_whole() -> None:
    app = open_window(seed=5, size=(900, 640))
    app.add_part(Buttons(ButtonSpec(Command.DEMO)))  # the solver's button: the fullest bar
    app.frame()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        assert pygame.Window.from_display_module().minimum_size == MIN_SIZE  # the window manager is told
    rng = random.Random(15)
    sizes = [(1, 1), (100, 100), (50, 900), (MIN_SIZE[0] - 1, MIN_SIZE[1] - 1), MIN_SIZE, (1000, 120)]
    sizes += [(rng.randrange(1, 500), rng.randrange(1, 500)) for _ in range(20)]
    for i, (w, h) in enumerate(sizes):
        if i % 2:
            pygame.event.post(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=w, y=h))
        else:
            pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(w, h), w=w, h=h))
        app.frame()
        want = (max(w, MIN_SIZE[0]), max(h, MIN_SIZE[1]))
        surface = pygame.display.get_surface()
        assert surface is not None and app.size == want == surface.get_size()
        t = app.table
        assert t is not None and t.bar is not None
        window = pygame.Rect(0, 0, *app.size)
        specs = t.buttons()
        assert len(t.bar.rects) == len(specs)
        shown = [(specs[i].text(), t.bar.rects[i]) for i in t.bar.shown()]  # the rest are in the More list
        if t.bar.more is not None:
            shown.append((more_label(), t.bar.more))
        assert len(shown) >= 3
        rects = [r for _, r in shown]
        for k, (text, r) in enumerate(shown):
            assert window.contains(r), (want, text)
            assert r.collidelist(rects[k + 1:]) == -1, (want, text)
            assert button_label(text, t.bar.font_size, r.w).get_width() <= r.w, (want, text)


# -- a full disk -----------------------------------------------------------------------------
def disk_full(path: object, text: str) -> None:
    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


def test_a_failed_save_is_told_at_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = open_window(seed=8, size=(1024, 700))
    extras = install(app, folder=str(tmp_path), resume=False)
    app.frame()
    monkeypatch.setattr(save_module, "atomic_write_text", disk_full)
    post_move(app, column_move(app))
    app.frame()
    assert len(app.session.game.history) == 1
    wait_for(lambda: any(n.alert for n in extras.saving.status_notes()), "the notice", app.frame)
    assert len(app.session.game.history) == 1  # told without waiting for another change
    t = app.table
    assert t is not None and t.session.message is not None and t.session.message.tone is Tone.ERROR
    assert os.strerror(errno.ENOSPC) in t.message_text()
    assert os.strerror(errno.ENOSPC) in t.status_text()[2]


def test_a_failed_save_stays_in_sight_while_the_demo_plays(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from yukon.solve.solver import Verdict
    from yukon.ui.build import add_assist as install_assist

    position = next(p for p in (small_position(s, YUKON, 14) for s in range(40))
                    if solve(p, timeout=2).status == Verdict.WINNABLE)
    app = open_window(size=(1280, 800), game=Game(position))
    extras = install(app, folder=str(tmp_path), resume=False)
    service = SolverService(nice=0)
    assist = install_assist(app, service)
    try:
        app.frame()
        monkeypatch.setattr(save_module, "atomic_write_text", disk_full)
        t = app.table
        assert t is not None and t.bar is not None
        i = [b.label for b in t.buttons()].index("Demo")
        post_click(*t.bar.rects[i].center)
        app.frame()
        assert assist.demo
        wait_for(lambda: any(n.alert for n in extras.saving.status_notes()), "the notice", app.frame)
        made = len(app.session.game.history)
        while assist.demo and len(app.session.game.history) < made + 3:
            app.frame()
            assert os.strerror(errno.ENOSPC) in t.status_text()[2]  # beside the demo's own words
            time.sleep(0.004)
        assert len(app.session.game.history) >= made + 1
    finally:
        assist.close()
        service.close()


# -- memory ----------------------------------------------------------------------------------
def test_bounded_cache_drops_the_least_recently_used() -> None:
    rng = random.Random(3)
    for _ in range(200):
        n, budget = rng.randrange(1, 8), rng.choice([0, rng.randrange(1, 40)])
        cache: art.Lru[int, int] = art.Lru(n, budget, lambda v: v)
        model: OrderedDict[int, int] = OrderedDict()
        for _ in range(60):
            k = rng.randrange(12)
            if rng.random() < 0.5:
                got = cache.get(k)
                assert got == model.get(k)
                if k in model:
                    model.move_to_end(k)
            else:
                v = rng.randrange(1, 15)
                cache.put(k, v)
                model.pop(k, None)
                model[k] = v
                while len(model) > 1 and (len(model) > n or (budget and sum(model.values()) > budget)):
                    model.popitem(last=False)
            assert len(cache) == len(model) <= n
            assert cache.weight == sum(model.values())


def test_caches_stay_bounded_through_many_window_sizes(tmp_path: Path) -> None:
    art.clear_caches()
    app = open_window(seed=21, size=(900, 640))
    install(app, folder=str(tmp_path), resume=False)
    app.frame()
    rng = random.Random(7)
    t = app.table
    assert t is not None
    for i in range(60):
        w, h = rng.randrange(240, 1900), rng.randrange(240, 1060)
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(w, h), w=w, h=h))
        app.frame()
        if i % 6 == 0:
            post_move(app, rng.choice(app.session.game.position.legal_moves()))  # flips and slides at this size
            for _ in range(30):
                app.update(1 / 60)
                app.draw()
        if i % 15 == 0:
            key(app, pygame.K_F1)  # the rules page: many lines of text at this size
            key(app, pygame.K_ESCAPE)
        sizes = art.cache_sizes()
        assert sizes["fonts"] <= art.FONTS.max_entries
        assert sizes["texts"] <= art.TEXTS.max_entries and sizes["text_bytes"] <= art.TEXTS.max_weight
        assert sizes["glyphs"] <= art.GLYPHS.max_entries and sizes["glyph_bytes"] <= art.GLYPHS.max_weight
        assert sizes["card_sets"] <= art.CARD_SETS.max_entries
    assert art.cache_sizes()["fonts"] == art.FONTS.max_entries  # the sizes did overflow it: old ones went
    assert app.errors == []


def leave_lessons(app: App) -> None:
    """Press the lesson screen's own "Leave lessons" button."""
    screen = app.top
    assert isinstance(screen, TableScreen) and screen.bar is not None  # a lesson plays on a table of its own
    labels = [b.label for b in screen.buttons()]
    post_click(*screen.bar.rects[labels.index("Leave lessons")].center)
    app.frame()


def test_closed_screens_leave_nothing_behind(tmp_path: Path) -> None:
    """A closed screen's surfaces go with it, though it sits in reference cycles (a lesson's whole
    table: window-sized cloth and picture) that Python's collector, blind to pixel memory, would
    keep for minutes."""
    app = open_window(seed=4, size=(1280, 800))
    install(app, folder=str(tmp_path), resume=False)
    app.frame()
    gc.collect()
    gc.disable()  # only the window's own collection may free them
    try:
        refs = []
        for k in (pygame.K_s, pygame.K_t, pygame.K_F1, pygame.K_SLASH, pygame.K_d, pygame.K_l, pygame.K_l):
            key(app, k)
            assert app.top is not app.table
            if k == pygame.K_l:
                refs.append(weakref.ref(app.top))  # the list of lessons
                key(app, pygame.K_RETURN)  # opens the lesson it offers
            refs.append(weakref.ref(app.top))
            if k == pygame.K_l:
                leave_lessons(app)
            else:
                key(app, pygame.K_ESCAPE)
            assert app.top is app.table
        app.frame()
        # the last lesson screen is kept on purpose, to resume the lesson where it was left
        assert [r() for r in refs[:-1]] == [None] * (len(refs) - 1)
    finally:
        gc.enable()
