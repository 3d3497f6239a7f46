"""What PyInstaller is asked for on each platform: packaging/yukon-solitaire.spec reads these.

- Linux: one file, ``dist/yukon-solitaire``; the desktop entry gives it its icon.
- Windows: one file, ``dist/yukon-solitaire.exe``, with a windowed start (no console) and
  the icon as an .ico written at build time from the PNGs.
- macOS: ``dist/Yukon Solitaire.app``, an application bundle (a folder that Finder shows
  as one program), with the icon as an .icns written at build time. Not one file inside
  it: PyInstaller 6 deprecates a one-file program in a bundle (it would unpack itself at
  each start, which clashes with macOS's code signing) and 7 refuses it.

Kept apart from the spec so the tests can assemble every platform's options on Linux.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from icon_formats import write_icon
from yukon import __version__
from yukon.text.i18n import LANGUAGES

NAME = "yukon-solitaire"
TITLE = "Yukon Solitaire"
# The desktop entry's name, which is also the window's class and the AppStream id.
APP_ID = next((ROOT / "packaging" / "linux").glob("*.desktop")).stem
HIDDEN_IMPORTS = ("yukon.solve.solver", "yukon.ui.assist", "yukon.ui.build")
# distributed and dask: only the survey's --cluster uses them (requirements-dev.txt installs them)
EXCLUDES = ("tkinter", "unittest", "pydoc", "numpy", "pytest", "setuptools", "distutils", "distributed", "dask")


@dataclass(frozen=True)
class Bundle:
    """The macOS application bundle around the program (PyInstaller's BUNDLE)."""

    name: str  # the folder's name, "Yukon Solitaire.app"
    bundle_identifier: str
    version: str
    info_plist: dict[str, object]


@dataclass(frozen=True)
class SpecOptions:
    """One platform's build: PyInstaller's Analysis, EXE and (macOS) COLLECT and BUNDLE arguments."""

    platform: str  # sys.platform of the build: "linux", "win32", "darwin"
    name: str  # the program's file name (PyInstaller adds .exe on Windows)
    onefile: bool  # one self-unpacking file, or a folder (inside the .app on macOS)
    icon_kind: str | None  # "ico", "icns", or None where the desktop supplies the icon
    icon: Path | None  # where the build writes the icon (in PyInstaller's work folder)
    datas: list[tuple[str, str]] = field(default_factory=list)  # (source, folder in the program)
    hiddenimports: tuple[str, ...] = HIDDEN_IMPORTS
    excludes: tuple[str, ...] = EXCLUDES
    bundle: Bundle | None = None


def apple_languages() -> list[str]:
    """The game's languages as macOS names them (``pt-BR``): CFBundleLocalizations."""
    return [code.replace("_", "-") for code in LANGUAGES]


def spec_options(platform: str, root: Path = ROOT, work: Path | None = None) -> SpecOptions:
    """The build's options for ``platform`` (a sys.platform value); icons go under ``work``."""
    work = work if work is not None else root / "build" / "pyinstaller"
    datas = [(str(root / "assets"), "yukon/assets")]  # where yukon.core.resources looks in an installed game
    if platform == "win32":
        return SpecOptions(platform, NAME, onefile=True, icon_kind="ico", icon=work / f"{NAME}.ico", datas=datas)
    if platform == "darwin":
        plist: dict[str, object] = {
            "CFBundleName": TITLE,
            "CFBundleDisplayName": TITLE,
            "CFBundleVersion": __version__,
            "CFBundleDevelopmentRegion": "en",
            "CFBundleLocalizations": apple_languages(),  # so macOS hands the app the player's language
            "LSApplicationCategoryType": "public.app-category.card-games",
            "NSHighResolutionCapable": True,
            "NSHumanReadableCopyright": "The Yukon Solitaire developers, MIT licence",
        }
        return SpecOptions(platform, NAME, onefile=False, icon_kind="icns", icon=work / f"{NAME}.icns", datas=datas,
                           bundle=Bundle(f"{TITLE}.app", APP_ID, __version__, plist))
    return SpecOptions(platform, NAME, onefile=True, icon_kind=None, icon=None, datas=datas)


def make_icon(options: SpecOptions, root: Path = ROOT) -> Path | None:
    """Write the platform's icon file from assets/icons/icon-<size>.png; its path, or None if none is needed."""
    if options.icon_kind is None or options.icon is None:
        return None
    pngs = {int(p.stem.split("-")[1]): p for p in (root / "assets" / "icons").glob("icon-*.png")}
    return write_icon(options.icon_kind, pngs, options.icon)


def program_path(platform: str, dist: Path) -> Path:
    """What the build leaves in ``dist``: the program file, or the .app folder on macOS."""
    options = spec_options(platform)
    if options.bundle is not None:
        return dist / options.bundle.name
    return dist / (f"{options.name}.exe" if platform == "win32" else options.name)
