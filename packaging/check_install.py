"""Check that ``pip install .`` gives a working game, run from another directory.

    python packaging/check_install.py [--python python3.10] [--pipx]

Copies the checkout's files (tracked and new, not ignored) to a temporary folder, makes
a fresh virtual environment and runs ``pip install .`` there (pygame-ce comes from the
package index). From yet another directory it then checks: ``yukon --version``,
``yukon-solitaire --version``, ``python -m yukon --version``, that ``yukon deal 1``
prints what the checkout prints, that the fonts, lessons and icons are in the installed
package, and (with Xvfb) that ``yukon-solitaire`` opens its window with its class and
icon, finds its assets in the installed package and that its solver answers. With
``--pipx`` the same through ``pipx install .`` (pipx itself goes in a temporary venv).
Prints the time each step took. Slow (a download and a build): not part of the tests.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

from check_onefile import VERSION, run_once, start_xvfb


def sh(cmd: list[str], cwd: Path, env: dict[str, str] | None = None) -> str:
    """Run ``cmd``; its output, or an AssertionError with the output when it fails."""
    out = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=1800, check=False)
    assert out.returncode == 0, f"{' '.join(cmd)} failed ({out.returncode}):\n{out.stdout[-2000:]}{out.stderr[-2000:]}"
    return out.stdout


def copy_checkout(dest: Path) -> None:
    """The checkout's files as a clean checkout would have them, plus work not yet committed."""
    files = subprocess.run(["git", "ls-files", "-co", "--exclude-standard", "-z"], cwd=ROOT, capture_output=True,
                           check=True).stdout.decode().split("\0")
    for name in filter(None, files):
        src = ROOT / name
        if src.is_file():
            (dest / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dest / name)


def check_commands(bin_dir: Path, python: Path, where: Path, label: str) -> None:
    """The installed commands, run from ``where`` (not the source folder)."""
    for cmd in ([bin_dir / "yukon", "--version"], [bin_dir / "yukon-solitaire", "--version"],
                [python, "-m", "yukon", "--version"]):
        out = sh([str(c) for c in cmd], where).strip()
        assert out == f"Yukon Solitaire {VERSION}", f"{label}: {cmd[-2]} --version said {out!r}"
    expected = sh([sys.executable, "-m", "yukon", "deal", "1"], ROOT)
    got = sh([str(bin_dir / "yukon"), "deal", "1"], where)
    assert got == expected, f"{label}: yukon deal 1 printed\n{got}"
    code = ("import yukon.core.resources as r, yukon.play.lessons as l; from yukon.ui.icon import icon_file, ICON_SIZES; "
            "print(r.asset_path()); print(len(l.load_lessons())); "
            "print(all(icon_file(s).is_file() for s in ICON_SIZES), r.asset_path('fonts', 'DejaVuSans.ttf').is_file())")
    lines = sh([str(python), "-c", code], where).split("\n")
    assets = Path(lines[0])
    assert not assets.is_relative_to(ROOT), f"{label}: assets come from the checkout: {assets}"
    assert assets.parts[-2:] == ("yukon", "assets") and lines[1] == "4" and lines[2] == "True True", lines
    print(f"{label}: --version of yukon, yukon-solitaire and python -m yukon, yukon deal 1, "
          f"assets in {assets} (4 lessons, {len(list((assets / 'icons').glob('*.png')))} icons): ok")


def check_window(command: Path, assets_under: Path, label: str) -> None:
    """Open the installed window on a virtual screen until the solver judged the deal."""
    if shutil.which("Xvfb") is None or shutil.which("xprop") is None:
        print(f"{label}: window not checked (no Xvfb/xprop)")
        return
    xvfb, display = start_xvfb()
    try:
        with tempfile.TemporaryDirectory(prefix="yukon-window-") as tmp:
            r = run_once([str(command), "--seed", "1", "--size", "1024x700"], display, Path(tmp), label)
    finally:
        xvfb.terminate()
        xvfb.wait(timeout=10)
    assert Path(r.report["assets"]).is_relative_to(assets_under), r.report
    print(f"{label}: yukon-solitaire opened (first frame {r.first_frame_s} s), {r.wm_class}, icon set, "
          f"{r.report['solver']} ({r.verdict_s} s), assets from the install, quit cleanly")


def main(argv: list[str] | None = None) -> int:
    """Install into fresh environments and check what was installed."""
    ap = argparse.ArgumentParser(description="pip install . into a fresh venv and check the installed game.")
    ap.add_argument("--python", default=sys.executable, help="interpreter for the new venv (default this one)")
    ap.add_argument("--pipx", action="store_true", help="also check pipx install .")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="yukon-install-") as tmp_name:
        tmp = Path(tmp_name)
        src, elsewhere = tmp / "src", tmp / "elsewhere"
        src.mkdir()
        elsewhere.mkdir()
        copy_checkout(src)
        t0 = time.monotonic()
        venv = tmp / "venv"
        sh([args.python, "-m", "venv", str(venv)], tmp)
        bin_dir = venv / ("Scripts" if os.name == "nt" else "bin")
        python = bin_dir / "python"
        t1 = time.monotonic()
        sh([str(python), "-m", "pip", "install", "--quiet", "."], src)
        t2 = time.monotonic()
        version = sh([str(python), "-c", "import sys; print(sys.version.split()[0])"], tmp).strip()
        print(f"pip: venv with Python {version} in {t1 - t0:.0f} s, pip install . in {t2 - t1:.0f} s")
        check_commands(bin_dir, python, elsewhere, "pip")
        check_window(bin_dir / "yukon-solitaire", venv, "pip")
        if args.pipx:
            tools = tmp / "pipx-tool"
            sh([args.python, "-m", "venv", str(tools)], tmp)
            sh([str(tools / "bin" / "python"), "-m", "pip", "install", "--quiet", "pipx"], tmp)
            env = dict(os.environ, PIPX_HOME=str(tmp / "pipx-home"), PIPX_BIN_DIR=str(tmp / "pipx-bin"),
                       PIPX_MAN_DIR=str(tmp / "pipx-man"))
            t3 = time.monotonic()
            sh([str(tools / "bin" / "pipx"), "install", "--python", args.python, "."], src, env)
            print(f"pipx: pipx install . in {time.monotonic() - t3:.0f} s")
            app_venv = tmp / "pipx-home" / "venvs" / "yukon-solitaire"
            check_commands(tmp / "pipx-bin", app_venv / "bin" / "python", elsewhere, "pipx")
            check_window(tmp / "pipx-bin" / "yukon-solitaire", app_venv, "pipx")
    print("all install checks passed")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except AssertionError as e:
        print(f"FAILED: {e}", file=sys.stderr)
        sys.exit(1)
