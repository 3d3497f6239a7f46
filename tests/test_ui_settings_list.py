"""The Settings list under the mouse (issue 25, item 3), driven by real pygame events.

A click changes only the row it was pressed and released on, and nothing a click does
scrolls the rows under the pointer; rows that do not fit scroll with the wheel and a
scroll bar whose thumb drags; every row can be reached and changed at every window size.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import json
import random
from pathlib import Path

import pygame
import pytest

from player_input import (
    click,
    click_events,
    drag,
    motion_events,
    post,
    press,
    press_events,
    release_events,
    wheel,
    wheel_events,
)
from yukon.play.settings import SETTINGS_FILE, Settings
from yukon.ui.app import App
from yukon.ui.build import add_extras as install
from yukon.ui.build import open_window
from yukon.ui.settings_screen import SettingsScreen
from yukon.ui.sheet import SheetScreen
from yukon.ui.widgets import TEXT_DIM

SIZES = [(480, 360), (640, 480), (800, 600), (1024, 700), (1280, 800), (1920, 1080)]
TEXT_SIZES = ["normal", "larger"]


def open_settings(folder: Path, size: tuple[int, int], text_size: str = "normal") -> tuple[App, SettingsScreen]:
    """The window as the game starts it (every row, the solver's too), and S pressed."""
    (folder / SETTINGS_FILE).write_text(json.dumps(Settings(text_size=text_size).to_dict()))
    app = open_window(seed=5, size=size)
    install(app, folder=str(folder), resume=False, solver_settings=True)
    app.frame()
    press(app, pygame.K_s)
    top = app.top
    assert isinstance(top, SheetScreen) and isinstance(top.sheet, SettingsScreen)
    return app, top.sheet


def values(sheet: SettingsScreen) -> dict[str, object]:
    return {name: getattr(sheet.settings, name) for name, _label, _note in sheet.rows}


def drawn_rows(sheet: SettingsScreen) -> dict[str, pygame.Rect]:
    """Each row in sight as the last frame drew it (its part in sight)."""
    out = {}
    for name, _label, _note in sheet.rows:
        r = sheet.row_rect(name)
        if r is not None:
            out[name] = r
    return out


def row_under(sheet: SettingsScreen, x: int, y: int) -> str | None:
    return next((name for name, r in drawn_rows(sheet).items() if r.collidepoint(x, y)), None)


def list_centre(sheet: SettingsScreen) -> tuple[int, int]:
    rows = list(drawn_rows(sheet).values())
    box = rows[0].unionall(rows[1:])
    return box.center


@pytest.mark.parametrize("text_size", TEXT_SIZES)
@pytest.mark.parametrize("size", SIZES)
def test_clicks_after_the_wheel_change_only_the_row_under_the_pointer(tmp_path: Path, size: tuple[int, int],
                                                                       text_size: str) -> None:
    """Random wheel turns and clicks: each click changes the row drawn under the pointer and no
    other, and the rows do not move under the pointer because of it (a second click at the same
    place changes the same row)."""
    app, sheet = open_settings(tmp_path, size, text_size)
    rng = random.Random(size[0])
    clicks = 0
    for _turn in range(24):
        if rng.random() < 0.4:
            wheel(app, rng.choice([-2, -1, -1, 1, 2]), list_centre(sheet))
        rows = drawn_rows(sheet)
        # (not the language, which would relabel everything; not a sliver cut by the list's edge)
        name = rng.choice([n for n, r in rows.items() if n != "language" and r.h >= 6])
        r = rows[name]
        x, y = rng.randint(r.left + 2, r.right - 3), rng.randint(r.top + 1, r.bottom - 2)
        assert row_under(sheet, x, y) == name
        for _again in range(rng.choice([1, 2])):
            before = values(sheet)
            click(app, x, y)
            clicks += 1
            after = values(sheet)
            assert {n for n in after if after[n] != before[n]} == {name}, (size, name)
            assert drawn_rows(sheet) == rows, "the click moved the rows under the pointer"
    assert clicks >= 24


@pytest.mark.parametrize("text_size", TEXT_SIZES)
@pytest.mark.parametrize("size", SIZES)
def test_a_wheel_and_a_click_in_one_frame_change_the_row_the_list_then_shows_there(
        tmp_path: Path, size: tuple[int, int], text_size: str) -> None:
    app, sheet = open_settings(tmp_path, size, text_size)
    part_row = 0 < sheet.scroll.max_offset < sheet._pitch  # a notch scrolls less than a row, to the end
    scrolls = sheet.scroll.max_offset > 0
    names = [name for name, _label, _note in sheet.rows]
    first = names.index(next(iter(drawn_rows(sheet))))
    x, y = drawn_rows(sheet)[names[first + 1]].center
    before = values(sheet)
    post(wheel_events(-1), click_events((x, y)))  # one notch down: a row, and a click
    app.frame()
    after = values(sheet)
    assert (sheet.scroll.offset > 0) == scrolls
    changed = {n for n in after if after[n] != before[n]}
    assert changed == {row_under(sheet, x, y)}  # the row the list then shows under the pointer
    if part_row:
        assert sheet.scroll.offset == sheet.scroll.max_offset
    else:
        assert changed == {names[first + 2] if scrolls else names[first + 1]}


@pytest.mark.parametrize("size", SIZES)
def test_a_press_on_one_row_and_a_release_on_another_change_nothing(tmp_path: Path, size: tuple[int, int]) -> None:
    app, sheet = open_settings(tmp_path, size)
    rows = list(drawn_rows(sheet).values())
    before = values(sheet)
    post(press_events(rows[1].center), motion_events(rows[2].center, held=True), release_events(rows[2].center))
    app.frame()
    assert values(sheet) == before


@pytest.mark.parametrize("text_size", TEXT_SIZES)
@pytest.mark.parametrize("size", SIZES)
def test_rows_below_the_fold_show_a_scroll_bar_and_every_row_can_be_reached(
        tmp_path: Path, size: tuple[int, int], text_size: str) -> None:
    app, sheet = open_settings(tmp_path, size, text_size)
    rows = drawn_rows(sheet)
    whole = max(r.h for r in rows.values())  # a row's height (those cut by the list's edge are lower)
    all_in_sight = len(rows) == len(sheet.rows) and all(r.h == whole for r in rows.values())
    window = pygame.display.get_surface()
    assert window is not None
    track = sheet.scroll.track
    if all_in_sight:
        assert track is None
    else:  # a scroll bar says that the list goes on, and its thumb stands for the part in sight
        assert track is not None
        mask = pygame.mask.from_threshold(window.subsurface(track), TEXT_DIM, (12, 12, 12, 255))
        drawn = [y for y in range(track.h) if mask.get_at((track.w // 2, y))]
        share = track.h * track.h / (track.h + sheet.scroll.max_offset)
        assert drawn and drawn[0] == 0 and abs(len(drawn) - share) <= 2 and len(drawn) < track.h
    # the wheel brings every row into sight, whole, and a click on it changes it alone
    centre = list_centre(sheet)
    names = [name for name, _label, _note in sheet.rows]
    for name in names:
        if name == "language":
            continue
        for _notch in range(len(names)):
            shown = drawn_rows(sheet)
            r = shown.get(name)
            if r is not None and r.h == whole:
                break
            wheel(app, 1 if names.index(name) < names.index(next(iter(shown))) else -1, centre)
        r = drawn_rows(sheet)[name]
        assert r.h == whole, name
        before = values(sheet)
        click(app, *r.center)
        after = values(sheet)
        assert {n for n in after if after[n] != before[n]} == {name}


@pytest.mark.parametrize(("size", "text_size"), [((480, 360), "normal"), ((800, 600), "larger"),
                                                 ((1920, 1080), "larger")])
def test_the_scroll_bar_thumb_drags_the_list(tmp_path: Path, size: tuple[int, int], text_size: str) -> None:
    app, sheet = open_settings(tmp_path, size, text_size)
    track = sheet.scroll.track
    assert track is not None, "these windows are too small for every row"
    before = values(sheet)
    thumb = sheet.scroll.thumb.copy()
    assert thumb.top == track.top
    drag(app, thumb.center, (thumb.centerx, thumb.centery + track.h), steps=5)
    assert sheet.scroll.offset == sheet.scroll.max_offset > 0
    assert sheet.scroll.thumb.bottom == track.bottom
    last = sheet.row_rect(sheet.rows[-1][0])
    assert last is not None and last.bottom <= track.bottom
    assert values(sheet) == before  # dragging the thumb changed no setting
    # a click on the track above the thumb pages back up
    click(app, track.centerx, track.top + 2)
    assert sheet.scroll.offset < sheet.scroll.max_offset
    assert values(sheet) == before


def test_the_keys_keep_the_focused_row_in_sight(tmp_path: Path) -> None:
    app, sheet = open_settings(tmp_path, (640, 480), "larger")
    start = values(sheet)
    assert sheet.scroll.max_offset > 0
    for i in range(len(sheet.rows) - 1):
        press(app, pygame.K_DOWN)
        r = sheet.row_rect(sheet.rows[sheet.focus][0])
        assert sheet.focus == i + 1 and r is not None and sheet._list.contains(r)
    press(app, pygame.K_DOWN)  # on to Done ...
    press(app, pygame.K_UP)  # ... and back to the last row
    press(app, pygame.K_UP)
    r = sheet.row_rect(sheet.rows[sheet.focus][0])
    assert r is not None and sheet._list.contains(r)
    assert values(sheet) == start
