"""Retake the AppStream screenshot, packaging/linux/screenshot-table.png, from the game as it looks now.

    python packaging/take_screenshot.py [--out FILE]

On a virtual screen (Xvfb, 1280x800) it starts ``python main.py --seed 12345 --size
1280x800`` in English with a fresh data folder (the lessons already offered, so the table
shows), waits for the solver's verdict (the start-up report), plays six moves the way a
player asks for them (H shows the hint, P plays it), saves the screen with ImageMagick's
``import`` and strips the file's metadata. Look at the picture before committing it.
Retake it whenever the table's look changes (the metainfo's comment says so too).

Linux only; needs Xvfb, xdotool and ImageMagick. Not part of the tests: it paces the keys
with pauses, which is fine for a picture and wrong for a test.
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(ROOT))

from check_onefile import start_xvfb
from yukon.play.save import Store
from yukon.play.settings import Settings, save_settings

OUT = ROOT / "packaging" / "linux" / "screenshot-table.png"
SIZE = (1280, 800)  # the metainfo's width and height
MOVES = 6
WAIT = 180.0  # seconds for the solver's verdict: a safety net on a busy machine


def main(argv: list[str] | None = None) -> int:
    """Take the screenshot; print where it went."""
    ap = argparse.ArgumentParser(description="Retake the AppStream screenshot of the table.")
    ap.add_argument("--out", type=Path, default=OUT, help=f"where to write it (default {OUT.relative_to(ROOT)})")
    args = ap.parse_args(argv)
    for tool in ("Xvfb", "xdotool", "import", "convert"):
        if shutil.which(tool) is None:
            print(f"take_screenshot: {tool} is needed (apt-get install xvfb xdotool imagemagick)", file=sys.stderr)
            return 2
    xvfb, display = start_xvfb()  # 1280x800, as SIZE
    try:
        with tempfile.TemporaryDirectory(prefix="yukon-shot-") as tmp_name:
            tmp = Path(tmp_name)
            problem = save_settings(Store(str(tmp / "data")), Settings(lessons_offered=True))
            if problem is not None:
                print(f"take_screenshot: {problem}", file=sys.stderr)
                return 1
            report = tmp / "report.json"
            env = dict(os.environ, DISPLAY=display, SDL_AUDIODRIVER="dummy", SDL_VIDEO_WINDOW_POS="0,0",
                       LANGUAGE="en", YUKON_DATA_DIR=str(tmp / "data"), YUKON_STARTUP_REPORT=str(report))
            env.pop("SDL_VIDEODRIVER", None)
            proc = subprocess.Popen([sys.executable, str(ROOT / "main.py"), "--seed", "12345", "--size",
                                     f"{SIZE[0]}x{SIZE[1]}"], cwd=tmp, env=env)
            try:
                end = time.monotonic() + WAIT
                while not (report.exists() and report.stat().st_size) and proc.poll() is None:
                    if time.monotonic() > end:
                        print("take_screenshot: no verdict from the solver", file=sys.stderr)
                        return 1
                    time.sleep(0.1)
                for _ in range(MOVES):
                    for key in ("h", "p"):
                        subprocess.run(["xdotool", "key", key], env=env, check=True)
                        time.sleep(1.0)  # the hint's mark, then the slide
                time.sleep(1.0)
                raw = tmp / "screen.png"
                subprocess.run(["import", "-window", "root", str(raw)], env=env, check=True)
                args.out.parent.mkdir(parents=True, exist_ok=True)
                subprocess.run(["convert", str(raw), "-strip", "-define", "png:compression-level=9",
                                f"PNG24:{args.out}"], check=True)
            finally:
                if proc.poll() is None:
                    proc.send_signal(signal.SIGTERM)
                    proc.wait(timeout=60)
    finally:
        xvfb.terminate()
        xvfb.wait(timeout=10)
    print(f"wrote {args.out} ({args.out.stat().st_size} bytes, {SIZE[0]}x{SIZE[1]}): look at it before committing")
    return 0


if __name__ == "__main__":
    sys.exit(main())
