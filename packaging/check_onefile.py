"""Check the one-file program from outside: it starts, its solver child answers, it quits cleanly.

    python packaging/check_onefile.py [--build] [--program dist/yukon-solitaire]

On a virtual screen (Xvfb) it starts the program with ``YUKON_STARTUP_REPORT`` set and
waits for the report, which the program writes once the status line shows the solver's
verdict on the deal: that verdict can only come from the solver's child process. It
checks the window's X11 class (the desktop entry's StartupWMClass) and that the window
has an icon, asks the program to quit (SIGTERM, which SDL turns into a normal quit),
and checks that the program and every process it started are gone. ``--version`` is
checked too. The same start-up is then timed with ``python main.py`` for comparison.
Prints the figures: size, time to first frame, time to the solver's verdict.

Linux only (Xvfb, xprop). Exit status 0 when every check passed.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from yukon import __version__ as VERSION  # only yukon: yukon.ui would set SDL variables here

# The desktop entry's name: the window's class must be the same (StartupWMClass).
APP_ID = next((ROOT / "packaging" / "linux").glob("*.desktop")).stem

WAIT = 180.0  # seconds (--wait): a safety net on a busy machine, not a measurement


@dataclass
class Run:
    """What one start of the program showed."""

    label: str
    report: dict[str, Any] = field(default_factory=dict)  # the program's start-up report
    first_frame_s: float = 0.0  # from starting the process to its first frame
    verdict_s: float = 0.0  # from starting the process to the report (the solver's verdict shown)
    processes: int = 0  # the program and every process below it that was seen
    wm_class: str = ""
    output: str = ""


def start_xvfb() -> tuple[subprocess.Popen[bytes], str]:
    """A virtual screen on a free display number; returns (process, ':N')."""
    r, w = os.pipe()
    proc = subprocess.Popen(["Xvfb", "-displayfd", str(w), "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
                            pass_fds=(w,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(w)
    with os.fdopen(r) as f:
        number = f.readline().strip()
    if not number:
        proc.kill()
        raise RuntimeError("Xvfb did not start")
    return proc, f":{number}"


def descendants(pid: int) -> set[int]:
    """Every living process below ``pid`` (from /proc)."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        children.setdefault(ppid, []).append(int(entry))
    found: set[int] = set()
    todo = [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            if child not in found:
                found.add(child)
                todo.append(child)
    return found


def alive(pid: int) -> bool:
    """True while ``pid`` exists and is not a zombie."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def window_class(env: dict[str, str], label: str) -> str:
    """The program's window (found by its class) has its WM_CLASS and an icon; its WM_CLASS line."""
    window = subprocess.run(["xdotool", "search", "--class", APP_ID], env=env, capture_output=True,
                            text=True, check=False).stdout.split()
    assert window, f"{label}: no window of class {APP_ID}"
    props = subprocess.run(["xprop", "-id", window[0], "WM_CLASS", "_NET_WM_ICON"], env=env,
                           capture_output=True, text=True, check=False).stdout
    assert f'"{APP_ID}"' in props, f"{label}: WM_CLASS is not {APP_ID}: {props[:200]}"
    assert "_NET_WM_ICON(CARDINAL)" in props and "not found" not in props, f"{label}: the window has no icon"
    return props.splitlines()[0]


def left_behind(seen: set[int]) -> list[int]:
    """The processes of ``seen`` still alive 30 s after the quit, killed (the caller reports them)."""
    end = time.monotonic() + 30
    while any(alive(p) for p in seen) and time.monotonic() < end:
        time.sleep(0.1)
    left = sorted(p for p in seen if alive(p))
    for p in left:
        try:
            os.kill(p, signal.SIGKILL)
        except OSError:
            pass
    return left


def run_once(cmd: list[str], display: str, home: Path, label: str, wait: float = WAIT) -> Run:
    """Start ``cmd`` on ``display``, wait for its start-up report, check the window, quit it."""
    report = home / f"report-{label}.json"
    first = home / f"first-frame-{label}.txt"
    env = dict(os.environ, DISPLAY=display, SDL_AUDIODRIVER="dummy", HOME=str(home),
               XDG_DATA_HOME=str(home / "data"), YUKON_STARTUP_REPORT=str(report),
               YUKON_FIRST_FRAME_FILE=str(first), LANGUAGE="en")  # the check reads the English verdict
    for name in ("SDL_VIDEODRIVER", "WAYLAND_DISPLAY", "SDL_VIDEO_X11_WMCLASS", "SDL_VIDEO_WAYLAND_WMCLASS"):
        env.pop(name, None)  # the program must set its window class itself
    t0 = time.time()
    proc = subprocess.Popen(cmd, env=env, cwd=str(home), stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    result = Run(label)
    seen: set[int] = set()
    failure: AssertionError | None = None
    try:
        deadline = time.monotonic() + wait
        while not (report.exists() and report.stat().st_size) and proc.poll() is None:
            seen |= descendants(proc.pid)
            if time.monotonic() > deadline:
                raise AssertionError(f"{label}: no start-up report (no verdict from the solver) within {wait:.0f} s")
            time.sleep(0.05)
        if proc.poll() is not None:
            raise AssertionError(f"{label}: the program ended (status {proc.returncode}) before its report")
        data: dict[str, Any] = json.loads(report.read_text())
        result.report = data
        result.first_frame_s = round(float(first.read_text()) - t0, 2)
        result.verdict_s = round(report.stat().st_mtime - t0, 2)
        seen |= descendants(proc.pid)
        result.processes = 1 + len(seen)
        assert data["version"] == VERSION, f"{label}: report says version {data['version']}"
        assert str(data["solver"]).startswith("Solver: this deal"), f"{label}: solver said {data['solver']!r}"
        result.wm_class = window_class(env, label)
    except AssertionError as e:
        failure = e
    finally:
        seen |= descendants(proc.pid)
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)  # SDL turns it into the window's own quit
        try:
            proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        out = proc.stdout.read().decode(errors="replace") if proc.stdout else ""
        result.output = out.strip()
        left = left_behind(seen)
    if failure is not None:
        raise AssertionError(f"{failure}\n{label}'s output:\n{out[-3000:]}")
    assert proc.returncode == 0, f"{label}: exit status {proc.returncode}; output:\n{out}"
    assert not left, f"{label}: processes left after quitting: {left}"
    return result


def main(argv: list[str] | None = None) -> int:
    """Build (when asked), then run the checks and print the figures."""
    ap = argparse.ArgumentParser(description="Start the one-file program on a virtual screen and check it.")
    ap.add_argument("--program", type=Path, default=ROOT / "dist" / "yukon-solitaire", help="the built program")
    ap.add_argument("--build", action="store_true", help="build it first (packaging/build_onefile.py)")
    ap.add_argument("--no-compare", action="store_true", help="skip timing python main.py")
    ap.add_argument("--wait", type=float, default=WAIT, help=f"seconds to wait for the report (default {WAIT:.0f})")
    args = ap.parse_args(argv)
    for tool in ("Xvfb", "xdotool", "xprop"):
        if shutil.which(tool) is None:
            print(f"check_onefile: {tool} is needed (apt-get install xvfb xdotool x11-utils)", file=sys.stderr)
            return 2
    if args.build:
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        from build_onefile import build

        t0 = time.monotonic()
        args.program = build(args.program.parent, ROOT / "build" / "pyinstaller")
        print(f"build: {time.monotonic() - t0:.0f} s")
    if not args.program.is_file():
        print(f"check_onefile: {args.program} is missing: build it with packaging/build_onefile.py", file=sys.stderr)
        return 2
    print(f"program: {args.program}, {args.program.stat().st_size / 1e6:.1f} MB")
    version = subprocess.run([str(args.program), "--version"], capture_output=True, text=True, timeout=WAIT,
                             check=False)
    print(f"--version: {version.stdout.strip()!r} (status {version.returncode})")
    failures = []
    if version.returncode != 0 or VERSION not in version.stdout:
        failures.append(f"--version printed {version.stdout!r} {version.stderr!r}")
    xvfb, display = start_xvfb()
    try:
        runs = [([str(args.program), "--seed", "1", "--size", "1024x700"], "onefile")]
        if not args.no_compare:
            runs.append(([sys.executable, str(ROOT / "main.py"), "--seed", "1", "--size", "1024x700"], "main.py"))
        for cmd, label in runs:
            with tempfile.TemporaryDirectory(prefix="yukon-check-") as tmp:
                try:
                    r = run_once(cmd, display, Path(tmp), label, args.wait)
                except AssertionError as e:
                    failures.append(str(e))
                    continue
                print(f"{label}: first frame {r.first_frame_s} s, solver's verdict {r.verdict_s} s after start "
                      f"({r.report['solver']}), {r.processes} processes, {r.wm_class}, quit cleanly")
                if r.output:
                    print(f"{label} said: {r.output}")
    finally:
        xvfb.terminate()
        try:
            xvfb.wait(timeout=10)
        except subprocess.TimeoutExpired:
            xvfb.kill()
            xvfb.wait()
    for f in failures:
        print(f"FAILED: {f}", file=sys.stderr)
    print("all checks passed" if not failures else f"{len(failures)} check(s) failed")
    return 0 if not failures else 1


if __name__ == "__main__":
    sys.exit(main())
