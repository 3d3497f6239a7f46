"""The game as something to install: version, metadata, data files as package resources,
the icon, the Linux desktop files, the start-up report and the data folder.

The slow checks (``pip install .`` into a fresh environment, the one-file build) are
scripts under packaging/, run by hand; these tests keep what they rely on true.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import configparser
import fnmatch
import json
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import webbrowser
import xml.etree.ElementTree as ET
import zipfile
from importlib.metadata import EntryPoint
from pathlib import Path
from typing import Any

import pygame
import pytest

import yukon
from browser_helpers import SystemBrowsers
from yukon.core import resources
from yukon.core.resources import asset_path
from yukon.play.lessons import LESSON_DIR, load_lessons
from yukon.text.i18n import ENGLISH, LANGUAGES
from yukon.ui import APP_ID
from yukon.ui.build import add_extras as install
from yukon.ui.build import data_folder, open_window
from yukon.ui.icon import ICON_SIZES, WINDOW_ICON_SIZE, draw_icon, icon_file, icon_svg_file, window_icon
from yukon.ui.rules_screen import RulesScreenPlus

ROOT = Path(__file__).resolve().parent.parent
LINUX = ROOT / "packaging" / "linux"
DESKTOP = LINUX / f"{APP_ID}.desktop"
METAINFO = LINUX / f"{APP_ID}.metainfo.xml"
WAIT = 120.0  # a safety net for processes on a busy machine, never a measurement


class CaseSensitiveParser(configparser.ConfigParser):
    """A .desktop file's keys are case-sensitive."""

    def optionxform(self, optionstr: str) -> str:
        return optionstr


def pyproject() -> dict[str, Any]:
    tomllib = pytest.importorskip("tomllib")
    with open(ROOT / "pyproject.toml", "rb") as f:
        data: dict[str, Any] = tomllib.load(f)
    return data


def run(cmd: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=WAIT, check=False)


# -- version and metadata ------------------------------------------------------------------

def test_version_has_one_source_shown_by_every_entry_point(tmp_path: Path) -> None:
    project = pyproject()["project"]
    assert "version" not in project and "version" in project["dynamic"]
    assert pyproject()["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "yukon.__version__"}
    assert re.fullmatch(r"\d+\.\d+\.\d+", yukon.__version__)
    for cmd in ([sys.executable, str(ROOT / "main.py"), "--version"],
                [sys.executable, "-m", "yukon", "--version"]):
        out = run(cmd, tmp_path)  # from another directory
        assert out.returncode == 0, out.stderr
        assert out.stdout.strip() == f"Yukon Solitaire {yukon.__version__}"
    newest = ET.parse(METAINFO).getroot().find("releases/release")
    assert newest is not None and newest.get("version") == yukon.__version__


def test_pyproject_names_what_the_game_needs() -> None:
    data = pyproject()
    project = data["project"]
    assert project["name"] == "yukon-solitaire"
    reqs = [line.split("#")[0].strip() for line in (ROOT / "requirements.txt").read_text().splitlines()]
    assert project["dependencies"] == [r for r in reqs if r.startswith("pygame-ce")]
    assert [r for r in reqs if r.startswith("pytest")] == project["optional-dependencies"]["test"]
    assert "pyinstaller" not in " ".join(project["dependencies"]).lower()
    assert "pyinstaller" in (ROOT / "requirements-dev.txt").read_text().lower()
    scripts = {**project["scripts"], **project["gui-scripts"]}
    assert set(scripts) == {"yukon", "yukon-solitaire"}
    for name, target in scripts.items():  # every command points at a function that exists
        assert callable(EntryPoint(name, target, "console_scripts").load())


# Each licence the package's files are under, and where its text (or grant) says so.
LICENCES: dict[str, tuple[str, str]] = {
    "MIT": ("LICENSE", "MIT License"),
    "Bitstream-Vera": ("assets/fonts/LICENSE-DejaVu.txt", "License: bitstream-vera"),
    "CC0-1.0": ("assets/cards/classic/LICENSE.txt", "CC0 1.0 Universal"),
    "LGPL-3.0-or-later": ("assets/cards/vintage/readme.txt",
                          "either version 3 of the License, or (at your option) any later version"),
    "OFL-1.1": ("assets/fonts/LICENSE-NotoSansCJK.txt", "SIL OPEN FONT LICENSE Version 1.1"),
}


def test_the_licence_expression_names_every_licence_shipped_and_every_licence_file_travels() -> None:
    """PEP 639: ``license`` is the licence of the whole package, so the fonts' and decks' licences
    are in it beside the code's MIT; ``license-files`` lists every licence text, notice and
    author list (they go into the sdist and the wheel's .dist-info/licenses)."""
    data = pyproject()
    project = data["project"]
    expression = project["license"]
    assert expression.split(" AND ") == list(LICENCES)
    for path, phrase in LICENCES.values():
        assert " ".join(phrase.split()) in " ".join((ROOT / path).read_text(encoding="utf-8").split()), path
        assert path in project["license-files"]
    assert all((ROOT / f).is_file() for f in project["license-files"])
    named = {p.relative_to(ROOT).as_posix() for p in ROOT.glob("assets/**/*")
             if re.match(r"(licen[cs]e|copying|authors)", p.name, re.IGNORECASE)}
    assert named <= set(project["license-files"]), named - set(project["license-files"])
    # A licence expression in `license` is read from setuptools 77 on: the build must ask for it.
    floor = re.fullmatch(r"setuptools>=(\d+)(\.\d+)*", data["build-system"]["requires"][0])
    assert floor is not None and int(floor.group(1)) >= 77
    packaging_licences = pytest.importorskip("packaging.licenses")  # the SPDX check setuptools makes
    assert packaging_licences.canonicalize_license_expression(expression) == expression


def test_every_asset_file_is_package_data() -> None:
    setup = pyproject()["tool"]["setuptools"]
    assert setup["package-dir"]["yukon.assets"] == "assets" and "yukon.assets" in setup["packages"]
    globs = setup["package-data"]["yukon.assets"]
    files = [p.relative_to(ROOT / "assets").as_posix() for p in (ROOT / "assets").rglob("*") if p.is_file()]
    assert len(files) >= 4 + 3 + len(ICON_SIZES)
    missing = [f for f in files if not any(fnmatch.fnmatch(f, g) for g in globs)]
    assert not missing, f"assets that an installed game would lack: {missing}"


def test_every_package_is_listed() -> None:
    listed = set(pyproject()["tool"]["setuptools"]["packages"])
    found = {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "yukon").rglob("__init__.py")}
    assert found <= listed


# -- data files as package resources --------------------------------------------------------

def test_assets_are_found_from_another_directory(tmp_path: Path) -> None:
    code = ("from yukon.ui import art; from yukon.play.lessons import load_lessons; from yukon.ui.icon import window_icon; "
            "art.font(14).render('A\u2660', True, (0, 0, 0)); print(len(load_lessons()), window_icon().get_size())")
    out = run([sys.executable, "-c", code], tmp_path)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split(None, 1) == [str(len(list(LESSON_DIR.glob("*.json")))), "(64, 64)\n"]
    assert asset_path("fonts", "DejaVuSans.ttf").is_file() and len(load_lessons()) >= 4


def test_installed_copy_wins_and_a_missing_file_falls_back(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "assets" / "fonts").mkdir(parents=True)
    (tmp_path / "assets" / "fonts" / "DejaVuSans.ttf").write_bytes(b"installed")
    monkeypatch.setattr(resources.resources, "files", lambda name: tmp_path)
    assert asset_path("fonts", "DejaVuSans.ttf") == tmp_path / "assets" / "fonts" / "DejaVuSans.ttf"
    assert asset_path("lessons") == resources.CLONE_ASSETS / "lessons"  # not in the installed copy


def test_assets_inside_a_zip_get_a_real_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    archive = tmp_path / "game.zip"
    with zipfile.ZipFile(archive, "w") as z:
        z.writestr("yukon/__init__.py", "")
        z.writestr("yukon/assets/lessons/x.json", '{"zipped": true}')
    monkeypatch.setattr(resources.resources, "files", lambda name: zipfile.Path(archive, "yukon/"))
    path = asset_path("lessons", "x.json")
    assert isinstance(path, Path) and json.loads(path.read_text()) == {"zipped": True}


# -- the icon ------------------------------------------------------------------------------

@pytest.mark.parametrize("size", ICON_SIZES)
def test_icon_files_are_the_drawing(size: int) -> None:
    img = pygame.image.load(str(icon_file(size)))
    assert img.get_size() == (size, size)
    assert img.get_at((0, 0)).a == 0 and img.get_at((size - 1, size - 1)).a == 0  # rounded corners
    assert img.get_at((size // 2, size // 2)).a == 255
    drawn = draw_icon(size)
    pixels = [(x, y) for x in range(size) for y in range(size)]
    diff = sum(abs(a - b) for p in pixels for a, b in zip(img.get_at(p), drawn.get_at(p))) / (4 * len(pixels))
    assert diff < 1.0, "the PNG is not the current drawing: run python packaging/make_icons.py"
    colours = {tuple(drawn.get_at(p))[:3] for p in pixels if drawn.get_at(p).a == 255}
    assert len(colours) >= 4  # felt, card back, card face and the heart's red at every size
    assert any(r > 150 and g < 80 and b < 80 for r, g, b in colours)


@pytest.mark.parametrize("size", [128, 256])
def test_the_scalable_icon_draws_the_same_picture(size: int) -> None:
    """assets/icons/icon.svg (hicolor/scalable) is what packaging/make_icons.py writes from the drawing's
    numbers, and drawn by an SVG renderer (pygame-ce's) it is the PNGs' picture."""
    sys.path.insert(0, str(ROOT / "packaging"))
    import make_icons

    svg = icon_svg_file()
    assert svg.read_text(encoding="utf-8") == make_icons.icon_svg(), "run python packaging/make_icons.py"
    root = ET.parse(svg).getroot()
    assert root.tag == "{http://www.w3.org/2000/svg}svg" and root.get("viewBox") == "0 0 512 512"
    img = pygame.image.load_sized_svg(str(svg), (size, size))
    assert img.get_size() == (size, size)
    assert img.get_at((0, 0)).a == 0 and img.get_at((size // 2, size // 2)).a == 255
    drawn = draw_icon(size)
    pixels = [(x, y) for x in range(size) for y in range(size)]
    diff = sum(abs(a - b) for p in pixels for a, b in zip(img.get_at(p), drawn.get_at(p))) / (4 * len(pixels))
    assert diff < 2.5  # measured 1.65 at 128 and 0.93 at 256: anti-aliasing apart, the same picture


def test_the_window_gets_the_icon(monkeypatch: pytest.MonkeyPatch) -> None:
    given: list[pygame.Surface] = []
    monkeypatch.setattr(pygame.display, "set_icon", given.append)
    open_window(seed=3, size=(800, 600))
    assert len(given) == 1 and given[0].get_size() == (WINDOW_ICON_SIZE, WINDOW_ICON_SIZE)
    committed = pygame.image.load(str(icon_file(WINDOW_ICON_SIZE)))
    assert all(given[0].get_at((x, 32)) == committed.get_at((x, 32)) for x in range(64))


def test_a_missing_icon_file_is_drawn_instead(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr("yukon.ui.icon.icon_file", lambda size: tmp_path / "gone.png")
    icon = window_icon()
    assert icon.get_size() == (WINDOW_ICON_SIZE, WINDOW_ICON_SIZE) and icon.get_at((32, 32)).a == 255


# -- Linux desktop files -------------------------------------------------------------------

def test_desktop_entry() -> None:
    entry = CaseSensitiveParser(interpolation=None)
    entry.read(DESKTOP, encoding="utf-8")
    d = entry["Desktop Entry"]
    assert d["Type"] == "Application" and d["Name"] == "Yukon Solitaire" and d["Terminal"] == "false"
    assert d["Exec"].split()[0] in pyproject()["project"]["gui-scripts"]
    assert d["Icon"] == APP_ID and d["StartupWMClass"] == APP_ID  # the window's class (yukon.ui)
    assert d["Categories"].endswith(";") and "Game" in d["Categories"].split(";")
    assert os.environ.get("SDL_VIDEO_X11_WMCLASS") == APP_ID  # set by yukon.ui before any window


TRANSLATED = [code for code in LANGUAGES if code != ENGLISH]
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_desktop_entry_speaks_every_language_of_the_game(code: str) -> None:
    entry = CaseSensitiveParser(interpolation=None)
    entry.read(DESKTOP, encoding="utf-8")
    d = entry["Desktop Entry"]
    for key in ("Name", "GenericName", "Comment", "Keywords"):
        assert d.get(f"{key}[{code}]", "").strip(), f"{key}[{code}] is missing"
    assert d[f"Comment[{code}]"] != d["Comment"] and d[f"GenericName[{code}]"] != d["GenericName"]
    keywords = d[f"Keywords[{code}]"]
    assert keywords.endswith(";") and "yukon" in keywords.lower().replace("юкон", "yukon")
    assert set(d[f"Keywords[{code}]"].split(";")) != set(d["Keywords"].split(";"))


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_metainfo_speaks_every_language_of_the_game(code: str) -> None:
    """Every text a software centre shows (name, summary, each paragraph and list item of the
    description, the screenshot's caption) is there in each language the game speaks."""
    root = ET.parse(METAINFO).getroot()
    description = root.find("description")
    assert description is not None
    texts = [e for e in root if e.tag in ("name", "summary")]  # the component's own, not the developer's name
    texts += [e for e in description.iter() if e.tag in ("p", "li")]
    texts += list(root.iter("caption"))
    english = [e for e in texts if e.get(XML_LANG) is None]
    theirs = [e for e in texts if e.get(XML_LANG) == code]
    assert [e.tag for e in theirs] == [e.tag for e in english]
    for mine, their in zip(english, theirs):
        words = " ".join((their.text or "").split())
        assert words, f"an empty <{their.tag} xml:lang={code}>"
        if mine.tag != "name":
            assert words != " ".join((mine.text or "").split()), f"<{mine.tag} xml:lang={code}> is the English"


def test_the_metainfo_screenshot_is_the_committed_picture_at_its_size() -> None:
    root = ET.parse(METAINFO).getroot()
    image = root.find("screenshots/screenshot/image")
    assert image is not None and image.text is not None
    picture = pygame.image.load(str(ROOT / image.text.split("/main/", 1)[1]))
    assert picture.get_size() == (int(image.get("width", 0)), int(image.get("height", 0)))


def validator(name: str) -> str:
    """The validator's path, or a skip that says how to get it."""
    found = shutil.which(name)
    if found is None:
        package = {"desktop-file-validate": "desktop-file-utils", "appstreamcli": "appstream"}[name]
        pytest.skip(f"{name} is not installed (Debian: apt-get install {package}): the file is not validated here")
    return found


def test_the_desktop_entry_is_valid() -> None:
    out = subprocess.run([validator("desktop-file-validate"), str(DESKTOP)], capture_output=True, text=True,
                         check=False)
    assert out.returncode == 0 and not out.stdout.strip(), out.stdout


def test_appstream_metainfo() -> None:
    root = ET.parse(METAINFO).getroot()
    assert root.tag == "component" and root.get("type") == "desktop-application"
    assert root.findtext("id") == APP_ID
    assert root.findtext("launchable") == DESKTOP.name
    assert root.findtext("project_license") == pyproject()["project"]["license"]
    assert root.findtext("metadata_license") and root.findtext("name") and root.findtext("summary")
    assert root.find("description/p") is not None
    binaries = {b.text for b in root.findall("provides/binary")}
    project = pyproject()["project"]
    assert binaries == set(project["scripts"]) | set(project["gui-scripts"])
    images = [i.text or "" for i in root.findall("screenshots/screenshot/image")]
    assert images and all(i.startswith("https://") for i in images)
    for url in images:  # the published screenshot is the one kept in the repository
        assert (ROOT / url.split("/main/", 1)[1]).is_file()


def test_the_metainfo_is_valid() -> None:
    out = subprocess.run([validator("appstreamcli"), "validate", "--no-net", str(METAINFO)], capture_output=True,
                         text=True, check=False)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "W:" not in out.stdout and "E:" not in out.stdout, out.stdout  # no warning either


# -- start-up: the report the one-file check reads -----------------------------------------

def test_start_up_report_shows_the_solver_answered(tmp_path: Path) -> None:
    report = tmp_path / "report.json"
    env = dict(os.environ, PYTHONPATH=str(ROOT), HOME=str(tmp_path), XDG_DATA_HOME=str(tmp_path / "data"),
               YUKON_STARTUP_REPORT=str(report), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    proc = subprocess.Popen([sys.executable, str(ROOT / "main.py"), "--seed", "1", "--size", "800x600"],
                            cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        end = time.monotonic() + WAIT
        while not (report.exists() and report.stat().st_size) and proc.poll() is None:
            assert time.monotonic() < end, "no start-up report"
            time.sleep(0.05)
        assert proc.poll() is None, proc.communicate()[0]
        data = json.loads(report.read_text())
        proc.send_signal(signal.SIGTERM)  # SDL makes it the window's own quit
        assert proc.wait(timeout=WAIT) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert data["version"] == yukon.__version__ and data["seed"] == 1
    assert data["solver"] == "Solver: this deal can be won"  # deal 1 is winnable (the solver tests say so)
    assert data["first_frame_s"] <= data["verdict_s"]
    assert (tmp_path / "data").is_dir() and not [p for p in tmp_path.iterdir() if p.name not in ("data", "report.json")]


# -- the data folder -----------------------------------------------------------------------

@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="XDG folders are Linux's")
def test_data_folder_is_the_platforms_not_a_visible_one(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    folder = data_folder()
    assert folder is not None and Path(folder).is_relative_to(tmp_path / "xdg")
    monkeypatch.delenv("XDG_DATA_HOME")
    folder = data_folder()
    assert folder is not None and Path(folder).is_relative_to(home / ".local" / "share")
    assert [p.name for p in home.iterdir()] == [".local"]  # nothing visible in the home folder
    monkeypatch.delenv("HOME")
    assert data_folder() is None


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="XDG folders are Linux's")
def test_without_a_data_folder_it_plays_on_says_so_once_and_leaves_home_alone(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir()
    monkeypatch.delenv("HOME", raising=False)
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.setattr(os.path, "expanduser", lambda p: p.replace("~", str(home), 1))
    browsers = SystemBrowsers(monkeypatch, {"firefox": webbrowser.Mozilla("firefox")})
    app = open_window(seed=8, size=(1024, 700))
    extras = install(app)  # the user's data folder, which cannot be had
    app.frame()
    assert extras.folder is None
    assert app.table is not None and app.table.session.message is not None
    assert "cannot save" in app.table.message_text().lower()
    app.table.session.message = None
    app.table.session.move(app.session.game.position.legal_moves()[0])
    app.frame()
    assert app.table.session.message is None  # said once
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0, unicode="", scancode=0))
    app.frame()
    rules = app.top
    assert isinstance(rules, RulesScreenPlus)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rules.save_rect.center, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=rules.save_rect.center, button=1))
    app.frame()
    # Without a data folder the rules page the player asked for goes into the temporary folder,
    # for the browser to show: nothing of ours appears in the home folder.
    page = (tmp_path / "tmp" / "yukon-rules.html").resolve()
    assert page.exists() and list(home.rglob("*")) == []
    assert browsers.opened == [("firefox", page.as_uri())] and str(page) in rules.note
