"""The one-file build's recipe for each platform, tested on Linux as far as Linux allows.

PyInstaller builds only for the system it runs on, so a Windows .exe or a macOS .app cannot
be made here. What can be checked here is checked: the .ico and .icns written at build time
from the committed PNGs hold every size, each a PNG that loads at that size (and the
system's ``file`` and ImageMagick's ``identify`` read them alike when installed); the options each platform gets
(packaging/onefile_options.py); and that the spec hands them to PyInstaller's Analysis,
EXE, COLLECT and BUNDLE, run with stand-ins for those as PyInstaller runs it.
``packaging/build_onefile.py`` and ``packaging/check_onefile.py`` build and check the real
Linux program by hand (slow).
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import io
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pygame
import pytest

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "packaging" / "yukon-solitaire.spec"
sys.path.insert(0, str(ROOT / "packaging"))

import icon_formats
import onefile_options
import yukon
from yukon.text.i18n import LANGUAGES
from yukon.ui import APP_ID
from yukon.ui.icon import ICON_SIZES, icon_file

PNGS = {size: icon_file(size) for size in ICON_SIZES}


def picture(data: bytes) -> pygame.Surface:
    return pygame.image.load(io.BytesIO(data), "icon.png")


def described(path: Path) -> str:
    """What the system's ``file`` says the file is ('' when ``file`` is not installed)."""
    if shutil.which("file") is None:
        return ""
    return subprocess.run(["file", "-b", str(path)], capture_output=True, text=True, check=False).stdout


# -- the icons -------------------------------------------------------------------------------

def test_the_windows_icon_holds_every_size_as_the_committed_png(tmp_path: Path) -> None:
    ico = icon_formats.write_icon("ico", PNGS, tmp_path / "y.ico")
    entries = icon_formats.read_ico(ico.read_bytes())
    assert [(w, h) for w, h, _ in entries] == [(s, s) for s in icon_formats.ICO_SIZES]
    for w, _h, data in entries:
        assert data == icon_file(w).read_bytes()
        assert picture(data).get_size() == (w, w)
    about = described(ico)
    assert not about or ("icon resource" in about and f"{len(entries)} icons" in about), about
    if shutil.which("identify"):  # ImageMagick, a reader that is not ours
        sizes = subprocess.run(["identify", "-format", "%wx%h\n", str(ico)], capture_output=True, text=True,
                               check=True).stdout.split()
        assert sizes == [f"{s}x{s}" for s in icon_formats.ICO_SIZES]


def test_the_macos_icon_holds_every_png_chunk_at_its_size(tmp_path: Path) -> None:
    icns = icon_formats.write_icon("icns", PNGS, tmp_path / "y.icns")
    chunks = icon_formats.read_icns(icns.read_bytes())
    assert [kind for kind, _ in chunks] == list(icon_formats.ICNS_TYPES)
    for kind, data in chunks:
        size = icon_formats.ICNS_TYPES[kind]
        assert picture(data).get_size() == (size, size) and data == icon_file(size).read_bytes()
    about = described(icns)
    assert not about or "Mac OS X icon" in about, about


def test_icons_refuse_a_wrong_size_a_missing_size_and_what_is_no_png(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="not 16x16"):
        icon_formats.ico_bytes({**PNGS, 16: icon_file(32)})
    with pytest.raises(ValueError, match="no 512x512"):
        icon_formats.icns_bytes({s: p for s, p in PNGS.items() if s != 512})
    (tmp_path / "x.png").write_bytes(b"GIF89a")
    with pytest.raises(ValueError, match="not a PNG"):
        icon_formats.ico_bytes({**PNGS, 24: tmp_path / "x.png"})
    good = icon_formats.ico_bytes(PNGS)
    with pytest.raises(ValueError):
        icon_formats.read_ico(good[:-10])  # the last image cut short
    with pytest.raises(ValueError):
        icon_formats.read_icns(icon_formats.icns_bytes(PNGS)[:-1])


# -- the options of each platform -------------------------------------------------------------

def test_each_platform_gets_its_program_and_icon() -> None:
    work = Path("/w")
    linux, windows, mac = (onefile_options.spec_options(p, ROOT, work) for p in ("linux", "win32", "darwin"))
    for options in (linux, windows, mac):
        assert options.datas == [(str(ROOT / "assets"), "yukon/assets")]  # where yukon.core.resources looks
        assert "yukon.solve.solver" in options.hiddenimports and options.name == "yukon-solitaire"
    assert linux.onefile and linux.icon is None and linux.bundle is None  # the desktop entry gives the icon
    assert windows.onefile and windows.icon == work / "yukon-solitaire.ico" and windows.bundle is None
    assert not mac.onefile and mac.icon == work / "yukon-solitaire.icns" and mac.bundle is not None
    bundle = mac.bundle
    assert bundle.name == "Yukon Solitaire.app" and bundle.bundle_identifier == APP_ID
    assert bundle.version == yukon.__version__ and bundle.info_plist["CFBundleVersion"] == yukon.__version__
    assert bundle.info_plist["CFBundleLocalizations"] == [c.replace("_", "-") for c in LANGUAGES]
    assert "pt-BR" in bundle.info_plist["CFBundleLocalizations"]  # Apple's spelling
    assert bundle.info_plist["NSHighResolutionCapable"] is True
    dist = Path("dist")
    assert onefile_options.program_path("linux", dist) == dist / "yukon-solitaire"
    assert onefile_options.program_path("win32", dist) == dist / "yukon-solitaire.exe"
    assert onefile_options.program_path("darwin", dist) == dist / "Yukon Solitaire.app"


class PyInstallerStandIns:
    """Analysis, PYZ, EXE, COLLECT and BUNDLE as the spec calls them: each call is recorded."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, tuple[Any, ...], dict[str, Any]]] = []

    def maker(self, kind: str) -> Any:
        outer = self

        class Made:
            def __init__(self, *args: Any, **kwargs: Any) -> None:
                outer.calls.append((kind, args, kwargs))
                self.kind = kind
                self.pure, self.scripts, self.binaries, self.datas = "pure", "scripts", "binaries", "datas"

        return Made

    def called(self, kind: str) -> list[tuple[tuple[Any, ...], dict[str, Any]]]:
        return [(a, k) for c, a, k in self.calls if c == kind]


def run_spec(platform: str, work: Path, monkeypatch: pytest.MonkeyPatch) -> PyInstallerStandIns:
    """Run the spec as PyInstaller does on ``platform`` (its globals), with stand-ins to record what it asks."""
    made = PyInstallerStandIns()
    names = {kind: made.maker(kind) for kind in ("Analysis", "PYZ", "EXE", "COLLECT", "BUNDLE")}
    spec_globals = {"__name__": "__main__", "SPECPATH": str(SPEC.parent), "workpath": str(work), **names}
    code = compile(SPEC.read_text(encoding="utf-8"), str(SPEC), "exec")
    with monkeypatch.context() as m:
        m.setattr(sys, "platform", platform)
        exec(code, spec_globals)  # noqa: S102 - the project's own spec, run as PyInstaller runs it
    return made


@pytest.mark.parametrize("platform", ["linux", "win32", "darwin"])
def test_the_spec_asks_pyinstaller_for_each_platforms_build(platform: str, tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    made = run_spec(platform, tmp_path, monkeypatch)
    ((analysis_args, analysis),) = made.called("Analysis")
    assert analysis_args[0] == [str(ROOT / "main.py")]
    assert analysis["datas"] == [(str(ROOT / "assets"), "yukon/assets")]
    assert "yukon.solve.solver" in analysis["hiddenimports"] and "tkinter" in analysis["excludes"]
    ((exe_args, exe),) = made.called("EXE")
    assert exe["name"] == "yukon-solitaire" and exe["console"] is False
    if platform == "linux":
        assert exe["icon"] is None and "binaries" in exe_args and "datas" in exe_args  # all in one file
        assert not made.called("COLLECT") and not made.called("BUNDLE")
        assert list(tmp_path.iterdir()) == []  # no icon file written
    elif platform == "win32":
        assert exe["icon"] == [str(tmp_path / "yukon-solitaire.ico")] and "binaries" in exe_args
        assert len(icon_formats.read_ico(Path(exe["icon"][0]).read_bytes())) == len(icon_formats.ICO_SIZES)
        assert not made.called("BUNDLE")
    else:
        assert exe["exclude_binaries"] is True and "binaries" not in exe_args  # a folder, not one file
        ((collect_args, _collect),) = made.called("COLLECT")
        assert "binaries" in collect_args and "datas" in collect_args
        ((_bundle_args, bundle),) = made.called("BUNDLE")
        assert bundle["name"] == "Yukon Solitaire.app" and bundle["bundle_identifier"] == APP_ID
        assert bundle["icon"] == str(tmp_path / "yukon-solitaire.icns") and bundle["version"] == yukon.__version__
        assert len(icon_formats.read_icns(Path(bundle["icon"]).read_bytes())) == len(icon_formats.ICNS_TYPES)
        assert bundle["info_plist"]["CFBundleLocalizations"][0] == "en"
