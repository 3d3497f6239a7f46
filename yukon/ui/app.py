"""The window, the fixed-timestep loop and the screen stack.

One loop iteration: poll input (or, when nothing moves, block until input comes),
turn events into commands for the top screen, advance every screen by whole fixed steps
with an accumulator, then draw with the interpolation fraction; only the rectangles a
screen reports changed are sent to the display.

When nothing moves the loop waits in ``IdleWait`` (``yukon.ui.idle``) with next to no
CPU, until input comes or the next timed redraw (the clock's next second, a message
running out); a thread that posts an event calls ``app.idle.wake()``. (yukon/ui/__init__.py
also keeps SDL from routing frames through a software OpenGL.)

What the app offers the rest of the program:
  * ``app.game``: the game in play (a ``yukon.state.Game``); ``set_game(game, elapsed)``
    puts a resumed one on the table; ``new_deal(seed)`` deals under ``app.rules``
    (``set_rules`` changes the variant for new deals); ``app.elapsed()`` is the time played.
  * ``app.push(screen)`` / ``app.pop(screen)``: the screen stack (settings, statistics,
    dialogs); the app knows screens only through ``yukon.ui.screen.Screen``.
  * Parts (``yukon.ui.parts``), added by the builder with ``add_part``: each hears every
    change (``notify``), and adds buttons, named commands, status notes, overlays, event
    filters, ticks, win notes, seeds and the Rules screen through its declared methods.
    ``app.prefs`` are the table's own settings (``apply_prefs``). The game's clock stands
    still while any screen covers the table or the window is minimized or loses focus.
"""

from __future__ import annotations

import gc
import os
import random
import signal
import sys
import threading
import time
import warnings
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from .. import move_order
from ..i18n import NC_, _
from ..rules import YUKON, Rules
from ..safe import home_moves
from ..state import Game, Move, Position
from .changes import PlayedBy
from .clock import FixedClock
from .icon import window_icon
from .idle import IdleWait
from .input import Action, Expose, Focus, PointerDown, Quit, Resize, translate
from .parts import Change, ChangeKind, Part, StatusNote, TablePrefs, bar_position
from .screen import Screen
from .widgets import ButtonSpec

if TYPE_CHECKING:
    from .table import TableScreen

STEP = 1.0 / 120.0
FPS = 60
# The smallest window: the button bar's labels all still fit their buttons at 230 pixels
# across (12 buttons in three rows), and a table this narrow still scrolls sideways.
MIN_SIZE = (240, 240)


def default_buttons(app: App) -> list[ButtonSpec]:
    """Undo, Redo, Hint, All home, Restart deal, New deal, Rules, Full screen, Quit."""
    def can_undo() -> bool:
        t = app.table
        return t is not None and t.game.can_undo()

    def can_redo() -> bool:
        t = app.table
        return t is not None and t.game.can_redo()

    def can_send_home() -> bool:
        t = app.table
        return t is not None and bool(home_moves(t.position))

    return [
        ButtonSpec(NC_("button", "Undo"), "undo", "Ctrl+Z", can_undo),
        ButtonSpec(NC_("button", "Redo"), "redo", "Ctrl+Y", can_redo),
        ButtonSpec(NC_("button", "Hint"), "hint", "H"),
        ButtonSpec(NC_("button", "All home"), "all_home", "A", can_send_home),
        ButtonSpec(NC_("button", "Restart deal"), "restart"),
        ButtonSpec(NC_("button", "New deal"), "new"),
        ButtonSpec(NC_("button", "Rules"), "rules", "F1"),
        # TRANSLATORS: "Window" is the Full screen button's label while the game is full screen.
        ButtonSpec(NC_("button", "Full screen"), "fullscreen", "F11",
                   shown=lambda: NC_("button", "Window") if app.fullscreen else NC_("button", "Full screen")),
        ButtonSpec(NC_("button", "Quit"), "quit", "Ctrl+Q"),
    ]


def keep_big_buffers_apart() -> None:
    """Have glibc give every large block (a window-sized surface, a big card set) its own mapping.

    Such blocks come and go with every resize. glibc raises its mapping threshold each time
    a mapped block is freed, after which big blocks come from the heap, where freed ones
    stay in the process. A fixed threshold (glibc's own starting value) hands them back
    when freed: in benchmarks/memory_soak.py under X the peaks were 20-30 MB lower.
    """
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes

        m_mmap_threshold = -3
        ctypes.CDLL(None).mallopt(m_mmap_threshold, 128 * 1024)
    except (OSError, AttributeError):  # not glibc (musl has no mallopt): nothing to tune
        pass


HIDDEN_DRIVERS = ("offscreen", "dummy")  # SDL drivers that draw into memory, shown nowhere


def fitting_size() -> tuple[int, int]:
    """A window size that fits the desktop: most of it, as KPatience and Aisleriot open, with room
    left for the desktop's panels (the cards and text grow with the window, on a 4K screen too)."""
    try:
        dw, dh = pygame.display.get_desktop_sizes()[0]
    except (pygame.error, IndexError):  # no desktop to measure
        dw, dh = 1280, 800
    w = max(MIN_SIZE[0], int(dw * 0.9))
    h = max(MIN_SIZE[1], int(dh * 0.88))
    return (min(w, dw), min(h, dh))


def catch_interrupt(interrupt: Callable[[], None]) -> Callable[[], None]:
    """Route SIGINT to ``interrupt`` while the loop runs; returns what puts the old handler back."""
    if threading.current_thread() is not threading.main_thread():
        return lambda: None  # only the main thread may set handlers; Ctrl+C stays as it was
    previous = signal.signal(signal.SIGINT, lambda signum, frame: interrupt())

    def restore() -> None:
        signal.signal(signal.SIGINT, previous if previous is not None else signal.SIG_DFL)

    return restore


class NoDisplay(RuntimeError):
    """SDL found no screen to open a window on."""


def check_display() -> None:
    """Raise ``NoDisplay`` when SDL fell back to an invisible driver that nobody asked for.

    Without DISPLAY or WAYLAND_DISPLAY (or with one that cannot be reached), SDL quietly
    picks its offscreen driver and the game would run unseen until killed. Asked for by name (SDL_VIDEODRIVER=dummy, as the tests
    and benchmarks do), such a driver is fine.
    """
    driver = pygame.display.get_driver().lower()
    asked = [d.strip().lower() for d in os.environ.get("SDL_VIDEODRIVER", "").split(",")]
    if driver in HIDDEN_DRIVERS and driver not in asked:
        where = ", ".join(f"{k}={os.environ[k]}" for k in ("DISPLAY", "WAYLAND_DISPLAY") if os.environ.get(k))
        # TRANSLATORS: why the window cannot open; {where} names the display variables that are set.
        raise NoDisplay(_("no display was found ({where})").format(
            where=where or _("neither DISPLAY nor WAYLAND_DISPLAY is set")))


class App:
    """The window and its loop; see the module docstring for the seams."""

    def __init__(self, seed: int | None = None, rules: Rules = YUKON, size: tuple[int, int] | None = None,
                 fullscreen: bool = False, game: Game | None = None) -> None:
        self.t0 = time.perf_counter()
        keep_big_buffers_apart()
        pygame.display.init()
        check_display()
        pygame.font.init()
        self.rules = rules
        self.parts: list[Part] = []
        self.prefs = TablePrefs()
        self.game = game if game is not None else Game.deal(seed if seed is not None else self.random_seed(), rules)
        self.hint_provider: Callable[[Position, Move | None], list[Move]] = move_order.hint_moves
        self.window_active = True  # focused and not minimized: the game's clock may run
        self.step = STEP
        self.clock = FixedClock(STEP)
        self.screens: list[Screen] = []
        self.running = True
        self.interrupted = False  # Ctrl+C came: quit at the top of the next loop iteration
        self.fullscreen = False
        self._stale_size: tuple[tuple[int, int], float] | None = None  # size events to ignore, until when
        self.first_frame_at: float | None = None
        self.errors: list[BaseException] = []  # caught so the player never sees a traceback; tests read them
        self._full = True
        self._collect_due = False  # a screen was closed: collect its reference cycles when idle
        self._pacer = pygame.time.Clock()
        self._base_buttons: list[ButtonSpec] = default_buttons(self)
        self.windowed_size = size or fitting_size()
        self.idle = IdleWait(FPS)
        self._last = time.perf_counter()
        from .table import TableScreen

        self.table: TableScreen | None = None
        # The window last of the services: the full-screen switch uses the idle wait and the
        # screen stack, so they exist before it (the table, made next, lays out to its size).
        pygame.display.set_caption("Yukon Solitaire")
        pygame.display.set_icon(window_icon())  # before the window exists, so it starts with it
        self._open_window(fullscreen)
        self.table = TableScreen(self)
        self.push(self.table)

    # -- parts -----------------------------------------------------------------------------
    def add_part(self, part: Part, first: bool = False) -> None:
        """Add a part of the program (the builder does, once each); the bar takes its buttons.

        ``first`` puts it before the others: it hears each change and sees each command first.
        """
        if first:
            self.parts.insert(0, part)
        else:
            self.parts.append(part)
        if self.table is not None:
            self.table.relayout()

    def buttons(self) -> list[ButtonSpec]:
        """The button bar: the app's own buttons and every part's, in ``BAR_ORDER``."""
        specs = self._base_buttons + [b for p in self.parts for b in p.buttons()]
        return sorted(specs, key=bar_position)

    def part_action(self, table: TableScreen, name: str) -> bool:
        """Offer a named command to the parts, in the order they were added; True when one took it."""
        return any(p.action(table, name) for p in list(self.parts))

    def status_notes(self) -> list[StatusNote]:
        """Every part's texts for the status line."""
        return [n for p in self.parts for n in p.status_notes() if n.text]

    def win_notes(self) -> list[str]:
        """Every part's lines for the win message."""
        return [line for p in self.parts for line in p.win_notes()]

    def apply_prefs(self, prefs: TablePrefs) -> None:
        """The table follows new settings (slide speed, left-handed layout, safe cards home)."""
        self.prefs = prefs
        if self.table is not None:
            self.table.relayout()

    def language_changed(self) -> None:
        """The player's language changed: every screen in the stack lays out its text anew and is redrawn."""
        self._resized()

    def set_rules(self, rules: Rules) -> None:
        """The variant and options for new deals."""
        self.rules = rules

    @staticmethod
    def random_seed() -> int:
        """A deal number at random."""
        return random.randrange(1, 1_000_000_000)

    def next_seed(self) -> int:
        """The number for the next new deal: a part's choice (winnable deals only), else at random."""
        for p in self.parts:
            seed = p.choose_seed()
            if seed is not None:
                return seed
        return self.random_seed()

    # -- window ----------------------------------------------------------------------------
    def _set_mode(self, size: tuple[int, int], flags: int = pygame.RESIZABLE) -> None:
        w, h = max(MIN_SIZE[0], int(size[0])), max(MIN_SIZE[1], int(size[1]))
        with warnings.catch_warnings():
            # A window manager (or none) may give another size; the layout follows whatever comes.
            warnings.simplefilter("ignore", RuntimeWarning)
            pygame.display.set_mode((w, h), flags)
            # The window manager stops a drag at the minimum (a resize below it is undone in dispatch).
            # from_display_module warns about drawing through a Window; only its size limit is used here.
            warnings.simplefilter("ignore", DeprecationWarning)
            try:
                pygame.Window.from_display_module().minimum_size = MIN_SIZE
            except pygame.error:
                pass

    @property
    def size(self) -> tuple[int, int]:
        """The window's size in pixels."""
        s = pygame.display.get_surface()
        return s.get_size() if s is not None else self.windowed_size

    def _open_window(self, fullscreen: bool) -> None:
        """Open the window: full screen, or at ``windowed_size`` (also what leaving full screen gives)."""
        if fullscreen:
            self._go_full_screen()
        else:
            self._set_mode(self.windowed_size)
        self.idle.window_changed()

    def _go_full_screen(self) -> None:
        """Fill the screen; where that cannot be had, a window at ``windowed_size``."""
        self.fullscreen = True
        try:
            pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        except pygame.error:
            self.fullscreen = False
            self._set_mode(self.windowed_size)

    def toggle_fullscreen(self) -> None:
        """Full screen on or off; the game carries on."""
        if self.fullscreen:
            self.fullscreen = False
            full_size = self.size
            self._set_mode(self.windowed_size)
            if self.size != self.windowed_size:
                # SDL without framebuffer acceleration (our setting) keeps the full-screen size on
                # the first call; the second gets the window its own size back.
                self._set_mode(self.windowed_size)
            # The switch's own size events still speak of the full screen: they must not undo this.
            self._stale_size = (full_size, time.monotonic() + 1.0)
        else:
            self.windowed_size = self.size  # the window to come back to
            self._go_full_screen()
        self.idle.window_changed()
        self._resized()

    def _resized(self) -> None:
        w, h = self.size
        for s in self.screens:
            s.resize(w, h)
        self._full = True

    # -- the screen stack ------------------------------------------------------------------
    @property
    def top(self) -> Screen:
        """The screen that gets input."""
        return self.screens[-1]

    def push(self, screen: Screen) -> None:
        """Put a screen on top (a dialog, the rules, settings ...)."""
        if self.screens:
            self.top.settle()
        self.screens.append(screen)
        self._full = True
        self._clock_follows()

    def pop(self, screen: Screen | None = None) -> None:
        """Take a screen (the top one by default) off the stack; the table itself stays."""
        if screen is None:
            screen = self.top
        if screen in self.screens and len(self.screens) > 1:
            self.screens.remove(screen)
            screen.closed()
            self._full = True
            self._collect_due = True
            self._clock_follows()

    def _clock_follows(self) -> None:
        """The game's clock runs only while its table is on top and the window is in use."""
        if self.table is not None and self.screens:
            self.table.pause_clock(not self.window_active or self.top is not self.table)

    def show_rules(self) -> None:
        """Open the rules screen (a part's, with its own buttons, when one offers it)."""
        for p in self.parts:
            screen = p.rules_screen()
            if screen is not None:
                self.push(screen)
                return
        from .rules_screen import RulesScreen

        self.push(RulesScreen(self))

    # -- the game --------------------------------------------------------------------------
    def notify(self, kind: ChangeKind, game: Game, move: Move | None, by: PlayedBy | None = None) -> None:
        """Tell every part about a change (``by``: who made the move when not the player); a part's
        failure never reaches the player."""
        change = Change(kind, game, move, by)
        for p in list(self.parts):
            try:
                p.changed(change)
            except Exception as e:  # noqa: BLE001 - a broken part must not end the game
                print(f"yukon: a change listener failed: {e!r}", file=sys.stderr)

    def new_deal(self, seed: int | None = None) -> Game:
        """Deal a new game under ``self.rules`` and put it on the table."""
        self.game = Game.deal(seed if seed is not None else self.next_seed(), self.rules)
        self.notify("new", self.game, None)
        return self.game

    def set_game(self, game: Game, elapsed: float = 0.0) -> None:
        """Put a game (a resumed one) on the table with the time already played."""
        self.game = game
        if self.table is not None:
            self.table.relayout()
            if elapsed > 0:
                self.table.set_elapsed(elapsed)
        self._full = True

    def elapsed(self) -> float:
        """Seconds played in the table's game."""
        return self.table.elapsed() if self.table is not None else 0.0

    def quit(self) -> None:
        """Run the quit hooks and end the loop."""
        if not self.running:
            return
        for p in list(self.parts):
            try:
                p.quitting()
            except Exception as e:  # noqa: BLE001 - every part must get its turn to save before the window goes
                print(f"yukon: a quit hook failed: {e!r}", file=sys.stderr)
        self.running = False

    # -- the loop --------------------------------------------------------------------------
    def busy(self) -> bool:
        """Is any screen moving something?"""
        return any(s.busy() for s in self.screens)

    def dispatch(self, events: list[pygame.event.Event]) -> None:
        """Turn events into commands and hand them to the top screen."""
        for e in events:
            if self.parts and any(p.event(e) for p in list(self.parts)):
                continue
            cmd = translate(e)
            if cmd is None:
                continue
            if isinstance(cmd, Resize):
                want = (max(cmd.w, MIN_SIZE[0]), max(cmd.h, MIN_SIZE[1]))
                stale = self._stale_size
                if stale is not None and not self.fullscreen and want == stale[0] and time.monotonic() < stale[1]:
                    self._resized()
                    continue
                if not self.fullscreen and want != self.size:
                    self._set_mode(want)
                if not self.fullscreen:
                    self.windowed_size = self.size
                self._resized()
                continue
            if isinstance(cmd, Quit):
                self.quit()
                continue
            if isinstance(cmd, Expose):
                self._full = True
                continue
            if isinstance(cmd, Focus) or (not self.window_active and isinstance(cmd, (PointerDown, Action))):
                # Away (focus lost, minimized): the clock stops; back (or a click or key says so): it runs on.
                self.window_active = cmd.active if isinstance(cmd, Focus) else True
                self._clock_follows()
                if isinstance(cmd, Focus):
                    continue
            if isinstance(cmd, Action) and cmd.name == "fullscreen":
                self.toggle_fullscreen()
                continue
            try:
                self.top.handle(cmd)
            except Exception as e:  # noqa: BLE001 - bad input must never show the player a traceback
                import traceback

                traceback.print_exc()
                self.errors.append(e)
                if self.table is not None:
                    # TRANSLATORS: a fault in the program; {error} is its technical name (KeyError).
                    self.table.say(_("Something went wrong there ({error}); the game goes on.").format(
                        error=type(e).__name__), "error")
            if not self.running:
                return

    def update(self, elapsed: float) -> None:
        """Advance every screen by the whole fixed steps that ``elapsed`` seconds make up."""
        n = self.clock.advance(elapsed)
        for _step in range(n):
            for s in self.screens:
                s.update(self.step)

    def visible(self) -> list[Screen]:
        """The screens in sight: the top one and those under it down to the first opaque one."""
        first = len(self.screens) - 1
        while first > 0 and not self.screens[first].opaque:
            first -= 1
        return self.screens[first:]

    def draw(self) -> None:
        """Draw what changed and send it to the display."""
        surface = pygame.display.get_surface()
        if surface is None or not self.screens:
            return
        visible = self.visible()
        alpha = self.clock.alpha
        if self._full or (len(visible) > 1 and any(s.needs_draw() for s in visible)):
            for s in visible:
                s.invalidate()
                s.draw(surface, alpha)
            pygame.display.flip()
            self._full = False
        elif visible[-1].needs_draw():
            rects = visible[-1].draw(surface, alpha)
            if rects is None:
                pygame.display.flip()
            elif rects:
                pygame.display.update(rects)
        else:
            return
        if self.first_frame_at is None:
            self.first_frame_at = time.perf_counter()
            path = os.environ.get("YUKON_FIRST_FRAME_FILE")
            if path:
                try:
                    with open(path, "w") as f:
                        f.write(f"{time.time():.6f}\n")
                except OSError:
                    pass

    def frame(self, block: bool = False) -> None:
        """One loop iteration; with ``block`` an idle table waits for input instead of spinning."""
        if self._collect_due and not self.busy():
            # A closed screen (a lesson's table, a sheet) sits in reference cycles with its
            # window-sized surfaces; Python's collector, blind to their pixel memory, would
            # keep them for minutes. A full collection costs a few ms, once, while nothing moves.
            self._collect_due = False
            gc.collect()
        ticks = [w for w in (p.tick() for p in list(self.parts)) if w is not None]
        # Only what is in sight can need drawing now: a covered screen (the table after a resize
        # under the Rules screen) is drawn whole when it comes back in sight (pop), so its wish
        # to be drawn must not keep the loop from waiting.
        if block and not self.busy() and not any(s.needs_draw() for s in self.visible()) and not self._full:
            waits = [w for w in (s.wake_in() for s in self.screens) if w is not None] + ticks
            timeout = min([0.5] + waits)
            events = self.idle.wait(timeout)
            self._last = time.perf_counter()
            self.clock.reset()
        else:
            events = pygame.event.get()
        if events:
            self.idle.active()
        self.dispatch(events)
        if not self.running:
            return
        now = time.perf_counter()
        self.update(now - self._last)
        self._last = now
        self.draw()

    def interrupt(self) -> None:
        """Ctrl+C (SIGINT): quit as the Quit button does, at the top of the next loop iteration.

        Safe from a signal handler: it only sets a flag and wakes the loop, so no
        KeyboardInterrupt surfaces in the middle of a frame, a hook or the frame pacer.
        """
        self.interrupted = True
        self.idle.wake()

    def run(self) -> None:
        """The loop: until Quit (the Quit button, the window's close box, Ctrl+Q or Ctrl+C)."""
        restore = catch_interrupt(self.interrupt)
        try:
            self._loop()
        finally:
            restore()
        self.idle.close()
        pygame.display.quit()

    def _loop(self) -> None:
        self._last = time.perf_counter()
        self.draw()
        failures = 0
        while self.running:
            if self.interrupted:
                self.quit()
                break
            was_busy = self.busy()
            try:
                self.frame(block=True)
                failures = 0
            except KeyboardInterrupt:  # should one still come (the loop outside the main thread): quit all the same
                self.quit()
                break
            except Exception as e:  # a fault in drawing or a hook: log it, repaint, carry on
                import traceback

                traceback.print_exc()
                self.errors.append(e)
                failures += 1
                if failures > 20:  # the same fault every frame: give up rather than spin
                    raise
                for screen in self.screens:
                    screen.invalidate()
                self._full = True
            if (was_busy or self.busy()) and not self.interrupted:
                self._pacer.tick(FPS)
