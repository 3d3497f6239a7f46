"""Frame cost, idle CPU, start-up time and memory of the table window, in a real X window.

    python benchmarks/frame_bench.py [--frames N] [--idle SECONDS] [--deck classic|vintage|simple]

Without a display it re-runs itself under Xvfb (xvfb-run, a 1920x1080 screen). Measures, with the
deck a new player gets (Classic; ``--deck`` another):
  * a resize (1920x1080 to 1600x900 and back): the first frame, which shows stand-in faces,
    and the longest frame until every face of the new size is drawn (a few each frame);
  * frame cost while a long tail slides back and forth at 1920x1080 (p50, p99), against a
    floor measured in the same run and window: fill the background, blit 52 cached card
    images, flip the whole window; and against the table's own full redraw (everything
    painted and sent, as after a resize);
  * frame cost while a new deal slides out of its pile, and during a win's cascade;
  * idle CPU of ``python main.py`` left alone for the given seconds (share of one core),
    on a fresh deal and after a move (the status clock then ticks every second);
  * start to first drawn frame (the window writes the time of its first frame to a file);
  * peak memory (VmHWM) of that window's process.
The window runs as players get it: main.py with saving, settings and the solver helper.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

if TYPE_CHECKING:
    from yukon.core.state import Game, Move
    from yukon.ui.app import App
    from yukon.ui.layout import TableLayout
    from yukon.ui.table import TableScreen


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (0..100) by nearest rank."""
    v = sorted(values)
    k = max(0, min(len(v) - 1, round(q / 100 * (len(v) - 1))))
    return v[k]


def long_tail_game() -> tuple[Game, Move]:
    """A deal and a legal move of a tail of at least 7 cards (found by random play, fixed seed).

    The move must not change the card size at 1920x1080 (a very long column shrinks every
    card, which redraws the whole table once; that is measured separately by nothing here).
    """
    import random

    from yukon.core.state import FOUNDATION, ON_FOUNDATION, Game
    from yukon.ui.layout import compute_layout

    rng = random.Random(1)
    for seed in range(1, 500):
        g = Game.deal(seed)
        for _ in range(120):
            pos = g.position
            moves = pos.legal_moves()
            if not moves:
                break
            for m in moves:
                if m.to != FOUNDATION and pos.loc[m.card] < ON_FOUNDATION and len(pos.tail(m.card)) >= 7:
                    after = pos.copy()
                    after.play(m)
                    if compute_layout(1920, 1080, pos).cw == compute_layout(1920, 1080, after).cw:
                        return g, m
            g.play(rng.choice(moves))
    raise SystemExit("no long tail found")


def floor_costs(lay: TableLayout, frames: int) -> tuple[list[float], list[float]]:
    """The floor: fill, blit 52 cached card images at ``lay``'s places, flip the whole window;
    the wall and CPU seconds of each of ``frames`` frames."""
    import pygame

    from yukon.ui.art import CardArt

    surface = pygame.display.get_surface()
    assert surface is not None
    cards = CardArt(lay.cw, lay.ch)
    images = [cards.face(c) for c in range(52)]
    spots = [lay.card_xy[c] for c in range(52)]
    floor_times: list[float] = []
    floor_cpu: list[float] = []
    for _ in range(frames):
        t0, c0 = time.perf_counter(), time.process_time()
        pygame.event.pump()
        surface.fill((22, 112, 58))
        for img, xy in zip(images, spots):
            surface.blit(img, xy)
        pygame.display.flip()
        floor_times.append(time.perf_counter() - t0)
        floor_cpu.append(time.process_time() - c0)
    return floor_times, floor_cpu


def frame_costs(frames: int, deck: str = "classic") -> dict[str, float]:
    """Frame times of the table (drawing ``deck``) while a long tail slides, and of the bare floor
    loop; and the frames of a resize: the first (stand-in faces) and the longest until every face
    of the new size is drawn."""
    import pygame

    from yukon.ui.build import open_window

    game, move = long_tail_game()
    app = open_window(size=(1920, 1080), game=game)
    t = sharp_table(app, deck)
    resize = [resize_frames(app, (1600, 900)), resize_frames(app, (1920, 1080))]
    tail_len = len(game.position.tail(move.card))
    pygame.event.pump()
    # warm up caches (card faces, text) before timing
    t.session.move(move)
    t.anim.finish()
    t.session.undo()
    t.anim.finish()
    app.draw()
    table_times: list[float] = []
    table_cpu: list[float] = []
    forward = True
    while len(table_times) < frames:
        if forward:
            t.session.move(move)
        else:
            t.session.undo()
        forward = not forward
        while t.anim.active and len(table_times) < frames:
            t0, c0 = time.perf_counter(), time.process_time()
            pygame.event.pump()
            app.update(1 / 60)
            app.draw()
            table_times.append(time.perf_counter() - t0)
            table_cpu.append(time.process_time() - c0)
        app.draw()  # the clean last frame
    lay = t.layout
    assert lay is not None
    floor_times, floor_cpu = floor_costs(lay, max(frames, 200))
    pygame.display.quit()
    ms = 1000.0
    return {
        "resize_first_ms": max(r[0] for r in resize) * ms,
        "resize_longest_ms": max(max(r) for r in resize) * ms,
        "resize_frames": max(len(r) for r in resize),
        "tail_cards": tail_len,
        "table_p50_ms": percentile(table_times, 50) * ms,
        "table_p99_ms": percentile(table_times, 99) * ms,
        "table_max_ms": max(table_times) * ms,
        "floor_p50_ms": percentile(floor_times, 50) * ms,
        "floor_p99_ms": percentile(floor_times, 99) * ms,
        "frames": len(table_times),
        "table_cpu_p50_ms": percentile(table_cpu, 50) * ms,
        "table_cpu_p99_ms": percentile(table_cpu, 99) * ms,
        "floor_cpu_p50_ms": percentile(floor_cpu, 50) * ms,
        "floor_cpu_p99_ms": percentile(floor_cpu, 99) * ms,
    }


class Frames:
    """Wall and CPU time of each frame timed."""

    def __init__(self) -> None:
        self.wall: list[float] = []
        self.cpu: list[float] = []

    def time(self, frame: Callable[[], object]) -> None:
        """Time one frame."""
        t0, c0 = time.perf_counter(), time.process_time()
        frame()
        self.wall.append(time.perf_counter() - t0)
        self.cpu.append(time.process_time() - c0)

    def figures(self, name: str) -> dict[str, float]:
        """p50 and p99 of both, in ms, and how many frames."""
        return {f"{name}_p50_ms": percentile(self.wall, 50) * 1000, f"{name}_p99_ms": percentile(self.wall, 99) * 1000,
                f"{name}_cpu_p50_ms": percentile(self.cpu, 50) * 1000,
                f"{name}_cpu_p99_ms": percentile(self.cpu, 99) * 1000, f"{name}_frames": len(self.wall)}


def moment_costs(deals: int, deck: str = "classic") -> dict[str, float]:
    """Frame times while new deals slide out of their pile and while a won game cascades, at
    1920x1080, beside the table's full redraw in the same window (drawing ``deck``)."""
    import pygame

    from yukon.core.state import FOUNDATION, Game, Move
    from yukon.ui.build import open_window
    from yukon.ui.celebration import Celebration

    app = open_window(size=(1920, 1080), seed=1)
    t = sharp_table(app, deck)
    pygame.event.pump()

    def step() -> None:
        pygame.event.pump()
        app.update(1 / 60)
        app.draw()

    def whole() -> None:
        pygame.event.pump()
        t.invalidate()
        app.draw()

    full = Frames()
    for _ in range(120):
        full.time(whole)
    deal = Frames()
    for n in range(deals):
        app.new_deal(100 + n)
        while t.anim.active:
            deal.time(step)
        app.draw()
    # a won game: every card home but the King of clubs, which goes home by the move timed here
    from yukon.core.cards import make_card
    from yukon.core.state import Position

    king = make_card(13, 3)
    app.session.deal(Game(Position([[king]] + [[] for _ in range(6)], [0] * 7, [13, 13, 13, 12])), resumed=True)
    app.draw()
    t.session.move(Move.of(king, FOUNDATION))
    while not isinstance(app.top, Celebration):
        app.update(1 / 60)
        app.draw()
    cascade = Frames()
    while isinstance(app.top, Celebration):
        cascade.time(step)
    pygame.display.quit()
    return {**full.figures("full"), **deal.figures("deal"), **cascade.figures("cascade")}


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process, from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def vm_hwm_mb(pid: int) -> float:
    """Peak resident memory of a process in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def compile_sources() -> None:
    """Write the .pyc files an installed program has (this machine sets PYTHONDONTWRITEBYTECODE)."""
    import compileall

    compileall.compile_dir(str(ROOT / "yukon"), quiet=1)
    compileall.compile_file(str(ROOT / "main.py"), quiet=1)


def window_process(idle: float) -> dict[str, float]:
    """Start main.py, time its first frame, then measure its idle CPU and peak memory."""
    compile_sources()
    firsts = []
    idle_pct = peak = float("nan")
    for attempt in range(3):
        with tempfile.TemporaryDirectory() as tmp:
            mark = Path(tmp) / "first"
            env = dict(os.environ, YUKON_FIRST_FRAME_FILE=str(mark), SDL_AUDIODRIVER="dummy",
                       HOME=tmp, XDG_DATA_HOME=tmp, XDG_CONFIG_HOME=tmp)
            t0 = time.time()
            proc = subprocess.Popen([sys.executable, str(ROOT / "main.py"), "--seed", "1", "--size", "1280x800"],
                                    env=env, cwd=tmp, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            while not mark.exists() and proc.poll() is None and time.time() - t0 < 20:
                time.sleep(0.002)
            time.sleep(0.05)
            if mark.exists():
                firsts.append(float(mark.read_text()) - t0)
            if attempt == 2:
                time.sleep(2.0)  # let start-up settle
                c0, w0 = cpu_seconds(proc.pid), time.time()
                time.sleep(idle)
                c1, w1 = cpu_seconds(proc.pid), time.time()
                idle_pct = 100.0 * (c1 - c0) / (w1 - w0)
                peak = vm_hwm_mb(proc.pid)
            proc.terminate()
            try:
                proc.wait(5)
            except subprocess.TimeoutExpired:
                proc.kill()
    return {"first_frame_s": statistics.median(firsts) if firsts else float("nan"),
            "idle_cpu_pct": idle_pct, "peak_rss_mb": peak}


def idle_while_playing(idle: float) -> float:
    """Idle CPU (% of one core) of main.py after one move, so the status clock is ticking."""
    code = (f"import sys; sys.path.insert(0, {str(ROOT)!r}); sys.argv = ['main.py', '--seed', '1', '--size', '1280x800']\n"
            "import yukon.ui.app as A\n"
            "run = A.App.run\n"
            "def first_move_then_run(self):\n"
            "    t = self.table\n"
            "    t.session.move(t.session.position.legal_moves()[0])\n"
            "    run(self)\n"
            "A.App.run = first_move_then_run\n"
            "import main; main.main()\n")
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, SDL_AUDIODRIVER="dummy", HOME=tmp, XDG_DATA_HOME=tmp, XDG_CONFIG_HOME=tmp)
        proc = subprocess.Popen([sys.executable, "-c", code], env=env, cwd=tmp,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            time.sleep(3.0)
            c0, w0 = cpu_seconds(proc.pid), time.time()
            time.sleep(idle)
            c1, w1 = cpu_seconds(proc.pid), time.time()
        finally:
            proc.terminate()
            try:
                proc.wait(5)
            except subprocess.TimeoutExpired:
                proc.kill()
    return 100.0 * (c1 - c0) / (w1 - w0)


def bare_window_rss(sdl_default: bool = False) -> float:
    """Peak memory of a bare pygame window, for comparison; ``sdl_default``: with SDL's own
    framebuffer choice (it probes OpenGL) instead of the setting the table uses."""
    code = ("import pygame,time,sys;pygame.display.init();s=pygame.display.set_mode((1280,800));"
            "s.fill((0,0,0));pygame.display.flip();time.sleep(0.5);"
            "print([l for l in open('/proc/self/status') if l.startswith('VmHWM')][0].split()[1])")
    env = dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1")
    if sdl_default:
        env.pop("SDL_FRAMEBUFFER_ACCELERATION", None)
    else:
        env["SDL_FRAMEBUFFER_ACCELERATION"] = "0"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=False)
    try:
        return int(out.stdout.strip().splitlines()[-1]) / 1024
    except (ValueError, IndexError):
        return float("nan")


def ensure_display(script: str) -> bool:
    """Without a display, re-run ``script`` under xvfb-run (a 1920x1080 screen); False if impossible."""
    if not os.environ.get("DISPLAY"):
        if not shutil.which("xvfb-run"):
            print("needs an X display or xvfb-run", file=sys.stderr)
            return False
        os.execvp("xvfb-run", ["xvfb-run", "-a", "-s", "-screen 0 1920x1080x24 -nolisten tcp",
                               sys.executable, script, *sys.argv[1:]])
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    return True


def sharp_table(app: App, deck: str) -> TableScreen:
    """The table of ``app`` drawing ``deck``, drawn until every face is sharp (a few are drawn after
    each frame), as after the first second of a run."""
    from yukon.ui.parts import TablePrefs

    app.apply_prefs(TablePrefs(deck=deck))
    app.draw()
    t = app.table
    assert t is not None
    while t.board.sharpening():
        app.frame()
    return t


def resize_frames(app: App, size: tuple[int, int]) -> list[float]:
    """The window made ``size`` (as a player's drag ends): each frame's time until every face is drawn."""
    import pygame

    t = app.table
    assert t is not None
    times = []
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    while True:
        t0 = time.perf_counter()
        app.frame()
        times.append(time.perf_counter() - t0)
        if not t.board.sharpening():
            return times


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--frames", type=int, default=600)
    ap.add_argument("--idle", type=float, default=10.0)
    ap.add_argument("--deals", type=int, default=6, help="new deals timed as they slide out of the pile")
    ap.add_argument("--deck", default="classic", help="the deck the slide, the resize, the deals and the cascade draw "
                    "(classic, vintage, simple)")
    args = ap.parse_args()
    if not ensure_display(__file__):
        return 1
    fc = frame_costs(args.frames, args.deck)
    print(f"{args.deck} deck: resize 1920x1080 -> 1600x900 -> back: first frame (stand-ins) "
          f"{fc['resize_first_ms']:.1f} ms, longest {fc['resize_longest_ms']:.1f} ms, "
          f"{fc['resize_frames']} frames until every face is sharp")
    print(f"slide of a {fc['tail_cards']}-card tail at 1920x1080, {fc['frames']} frames:")
    print(f"  table  p50 {fc['table_p50_ms']:.2f} ms   p99 {fc['table_p99_ms']:.2f} ms   max {fc['table_max_ms']:.2f} ms")
    print(f"  floor  p50 {fc['floor_p50_ms']:.2f} ms   p99 {fc['floor_p99_ms']:.2f} ms   (fill + 52 card blits + flip)")
    print("  CPU time of this process per frame (leaves out waiting for the X server):")
    print(f"  table  p50 {fc['table_cpu_p50_ms']:.2f} ms   p99 {fc['table_cpu_p99_ms']:.2f} ms")
    print(f"  floor  p50 {fc['floor_cpu_p50_ms']:.2f} ms   p99 {fc['floor_cpu_p99_ms']:.2f} ms")
    mc = moment_costs(args.deals, args.deck)
    print("at 1920x1080, wall time (CPU time of this process) per frame:")
    for name, what in (("full", "the table's full redraw"), ("deal", "new deals sliding out of the pile"),
                       ("cascade", "a win's cascade")):
        print(f"  {what} ({mc[name + '_frames']:.0f} frames): p50 {mc[name + '_p50_ms']:.2f} ms "
              f"({mc[name + '_cpu_p50_ms']:.2f})   p99 {mc[name + '_p99_ms']:.2f} ms ({mc[name + '_cpu_p99_ms']:.2f})")
    wp = window_process(args.idle)
    print(f"start to first frame (median of 3): {wp['first_frame_s'] * 1000:.0f} ms")
    print(f"idle CPU over {args.idle:.0f} s: {wp['idle_cpu_pct']:.3f} % of one core (fresh deal); "
          f"{idle_while_playing(args.idle):.3f} % after a move, with the clock ticking")
    print(f"peak memory (VmHWM) of the window: {wp['peak_rss_mb']:.1f} MB  (bare pygame window: "
          f"{bare_window_rss():.1f} MB; with SDL's default OpenGL framebuffer probe: {bare_window_rss(True):.1f} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
