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
  * ``app.session``: the main table's ``TableSession`` (``yukon.play.session``), made by the
    builder: the game in play, its clock, its listeners; ``new_deal(seed)`` deals under
    ``app.rules`` (``set_rules`` changes the variant for new deals).
  * ``app.push(screen)`` / ``app.pop(screen)``: the screen stack (settings, statistics,
    dialogs); the app knows screens only through ``yukon.ui.screen.Screen``.
  * Parts (``yukon.ui.parts``), added by the builder with ``add_part``: each adds buttons,
    commands, status notes, overlays, event filters, ticks, win notes, seeds and the Rules
    screen through its declared methods (what happens at the table it hears from the session).
    ``app.prefs`` are the table's own settings (``apply_prefs``). The game's clock stands
    still while any screen covers the table or the window is minimized or loses focus.
"""

from __future__ import annotations

import os
import random
import sys
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame

from ..core.rules import YUKON, Rules
from ..core.safe import home_moves
from ..core.state import Game
from ..play.events import Tone
from ..play.session import TableSession
from ..text.i18n import NC_, _
from .commands import WINDOW_LABEL, Command, bar_position
from .display_scale import DisplayScale, measure, set_hints
from .icon import window_icon
from .idle import IdleWait
from .input import Action, Expose, Focus, PointerDown, Quit, Resize, Translator
from .loop import FPS, STEP, Loop
from .parts import Part, PartList, StatusNote, TablePrefs, WinRecord
from .screen import Screen
from .widgets import ButtonSpec
from .window import TITLE, Window, fitting_size, wants_high_dpi

if TYPE_CHECKING:
    from .table import TableScreen



def default_buttons(app: App) -> list[ButtonSpec]:
    """Undo, Redo, Hint, All home, Restart deal, New deal (the toolbar's icons); Rules, Keys, Full
    screen, Quit (in its menu)."""
    def game() -> Game:
        return app.session.game  # the game on the table when the button is looked at

    return [
        ButtonSpec(Command.UNDO, lambda: game().can_undo()),
        ButtonSpec(Command.REDO, lambda: game().can_redo()),
        ButtonSpec(Command.HINT),
        ButtonSpec(Command.ALL_HOME, lambda: bool(home_moves(game().position))),
        ButtonSpec(Command.RESTART),
        ButtonSpec(Command.NEW_DEAL),
        ButtonSpec(Command.RULES),
        ButtonSpec(Command.KEYS),
        ButtonSpec(Command.FULLSCREEN, shown=lambda: WINDOW_LABEL if app.fullscreen else NC_("button", "Full screen")),
        ButtonSpec(Command.QUIT),
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

    def __init__(self, session: TableSession, rules: Rules = YUKON, size: tuple[int, int] | None = None,
                 fullscreen: bool = False, display: DisplayScale | None = None,
                 frame_clock: Callable[[], float] = time.perf_counter) -> None:
        """``display``: the display's density to assume (None: measure it once the window is open);
        ``frame_clock``: what the loop's fixed steps follow (the wall clock; tests may pass a fake)."""
        self.t0 = time.perf_counter()
        keep_big_buffers_apart()
        set_hints()  # read by SDL when the display starts: a sharp window in real pixels
        pygame.display.init()
        check_display()
        pygame.font.init()
        self.rules = rules
        self.parts = PartList()
        self.prefs = TablePrefs()
        self.session = session
        self.window_active = True  # focused and not minimized: the game's clock may run
        self.step = STEP
        self.screens: list[Screen] = []
        self.running = True
        self.interrupted = False  # Ctrl+C came: quit at the top of the next loop iteration
        self.errors: list[BaseException] = []  # caught so the player never sees a traceback; tests read them
        self._base_buttons: list[ButtonSpec] = default_buttons(self)
        self.idle = IdleWait(FPS)
        self.loop = Loop(self, self.idle, frame_clock)
        self.display = display if display is not None else measure()
        self._measured = display is None  # measured again when the window moves to another display
        self.window = Window(self.idle, size or fitting_size(scale=self.display.factor),
                             wants_high_dpi(pygame.display.get_driver()))
        from .table import TableScreen

        self.table: TableScreen | None = None
        # The window last of the services: the full-screen switch uses the idle wait and the
        # screen stack, so they exist before it (the table, made next, lays out to its size).
        pygame.display.set_caption(TITLE)
        icon = window_icon()
        pygame.display.set_icon(icon)  # before the window exists, so it starts with it
        self.window.open(fullscreen)
        self.window.dress(TITLE, icon)
        if self._measured:
            self.display = measure(ratio=self.window.ratio)  # now with the open window's pixel ratio
        self.translate = Translator(lambda: self.size, self.display.ratio)
        self.table = TableScreen(self, session)
        self.push(self.table)

    # -- parts -----------------------------------------------------------------------------
    def add_part(self, part: Part, first: bool = False) -> None:
        """Add a part of the program (the builder does, once each); the bar takes its buttons.

        ``first`` puts it before the others: it sees each command first.
        """
        self.parts.add(part, first)
        if self.table is not None:
            self.table.relayout()

    def buttons(self) -> list[ButtonSpec]:
        """The toolbar's buttons (icons and menu items): the app's own and every part's, in ``BAR_ORDER``."""
        specs = self._base_buttons + self.parts.buttons()
        return sorted(specs, key=lambda b: bar_position(b.command))

    def part_command(self, table: TableScreen, command: Command) -> bool:
        """Offer a command to the parts, in the order they were added; True when one took it."""
        return self.parts.command(table, command)

    def status_notes(self) -> list[StatusNote]:
        """Every part's texts for the status line."""
        return self.parts.status_notes()

    def win_notes(self) -> list[str]:
        """Every part's lines for the win summary."""
        return self.parts.win_notes()

    def win_record(self) -> WinRecord | None:
        """The records' figures for the win summary (None: no part keeps records)."""
        return self.parts.win_record()

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
        seed = self.parts.choose_seed()
        return seed if seed is not None else self.random_seed()

    # -- window ----------------------------------------------------------------------------
    @property
    def size(self) -> tuple[int, int]:
        """The window's size in pixels."""
        return self.window.size

    @property
    def fullscreen(self) -> bool:
        """Is the game full screen?"""
        return self.window.fullscreen

    def toggle_fullscreen(self) -> None:
        """Full screen on or off; the game carries on."""
        self.window.toggle()
        self._resized()

    def surface(self) -> pygame.Surface | None:
        """What the frames are drawn on."""
        return self.window.surface()

    def present(self, rects: Sequence[pygame.Rect] | None) -> None:
        """Show the frame drawn (only ``rects`` of it; None: all)."""
        self.window.present(rects)

    def _resized(self) -> None:
        if self._measured and self.window.ratio != self.display.ratio:  # now on a display of another density
            self.display = measure(ratio=self.window.ratio)
            self.translate.rescale(self.display.ratio)
        w, h = self.size
        for s in self.screens:
            s.resize(w, h)
        self.loop.invalidate()

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
        self.loop.invalidate()
        self._clock_follows()
        self.parts.screen_opened(screen)

    def pop(self, screen: Screen | None = None) -> None:
        """Take a screen (the top one by default) off the stack; the table itself stays."""
        if screen is None:
            screen = self.top
        if screen in self.screens and len(self.screens) > 1:
            self.screens.remove(screen)
            screen.closed()
            self.loop.invalidate()
            self.loop.collect_soon()
            self._clock_follows()

    def _clock_follows(self) -> None:
        """The game's clock runs only while its table is on top and the window is in use."""
        if self.table is not None and self.screens:
            self.session.pause_clock(not self.window_active or self.top is not self.table)

    def show_rules(self) -> None:
        """Open the rules screen (a part's, with its own buttons, when one offers it)."""
        screen = self.parts.rules_screen()
        if screen is None:
            from .rules_screen import RulesScreen

            screen = RulesScreen(self)
        self.push(screen)

    # -- the game --------------------------------------------------------------------------
    def new_deal(self, seed: int | None = None) -> None:
        """Deal a new game under ``self.rules`` (deal ``seed``, else the next one) on the main table."""
        self.session.deal(Game.deal(seed if seed is not None else self.next_seed(), self.rules))

    def quit(self) -> None:
        """Run the quit hooks and end the loop."""
        if not self.running:
            return
        for p in self.parts:
            try:
                p.quitting()
            except Exception as e:  # noqa: BLE001 - every part must get its turn to save before the window goes
                print(f"yukon: a quit hook failed: {e!r}", file=sys.stderr)
        self.running = False

    # -- the loop --------------------------------------------------------------------------
    def busy(self) -> bool:
        """Is any screen moving something?"""
        return self.loop.busy()

    def ticks(self) -> list[float]:
        """Once a loop iteration: tick every part; the waits they ask for."""
        return self.parts.ticks()

    def dispatch(self, events: list[pygame.event.Event]) -> None:
        """Turn events into commands and hand them to the top screen."""
        for e in events:
            if self.parts.event(e):
                continue
            if e.type == pygame.WINDOWDISPLAYCHANGED:
                self._resized()  # another display may have another density: measured again, laid out anew
                continue
            cmd = self.translate(e)
            if cmd is None:
                continue
            if isinstance(cmd, Resize):
                self.window.follow(cmd.w, cmd.h)
                self._resized()
                continue
            if isinstance(cmd, Quit):
                self.quit()
                continue
            if isinstance(cmd, Expose):
                self.loop.invalidate()
                continue
            if isinstance(cmd, Focus) or (not self.window_active and isinstance(cmd, (PointerDown, Action))):
                # Away (focus lost, minimized): the clock stops; back (or a click or key says so): it runs on.
                self.window_active = cmd.active if isinstance(cmd, Focus) else True
                self._clock_follows()
                if isinstance(cmd, Focus):
                    continue
            if isinstance(cmd, Action) and cmd.command is Command.FULLSCREEN:
                self.toggle_fullscreen()
                continue
            try:
                self.top.handle(cmd)
            except Exception as e:  # noqa: BLE001 - bad input must never show the player a traceback
                import traceback

                traceback.print_exc()
                self.errors.append(e)
                # TRANSLATORS: a fault in the program; {error} is its technical name (KeyError).
                self.session.tell(_("Something went wrong there ({error}); the game goes on.").format(
                    error=type(e).__name__), Tone.ERROR)
            if not self.running:
                return

    def update(self, elapsed: float) -> None:
        """Advance every screen by the whole fixed steps that ``elapsed`` seconds make up."""
        self.loop.update(elapsed)

    def draw(self) -> None:
        """Draw what changed and send it to the display."""
        self.loop.draw()

    def frame(self, block: bool = False) -> None:
        """One loop iteration (see ``yukon.ui.loop``)."""
        self.loop.frame(block)

    def invalidate(self) -> None:
        """Draw every screen in sight whole at the next frame."""
        self.loop.invalidate()

    def interrupt(self) -> None:
        """Ctrl+C (SIGINT): quit as the Quit button does, at the top of the next loop iteration.

        Safe from a signal handler: it only sets a flag and wakes the loop, so no
        KeyboardInterrupt surfaces in the middle of a frame, a hook or the frame pacer.
        """
        self.interrupted = True
        self.idle.wake()

    def run(self) -> None:
        """The loop: until Quit (the Quit button, the window's close box, Ctrl+Q or Ctrl+C)."""
        self.loop.run(self.interrupt)
