"""The statistics' pictures and the CSV export, through the window headless with real pygame
events: the pictures are drawn at three window sizes, in the result colours, inside the sheet."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import csv
from datetime import datetime, timedelta
from pathlib import Path

import pygame
import pytest

from player_input import click
from window_helpers import key
from yukon.core.rules import YUKON
from yukon.core.state import Game
from yukon.play.history import HistoryEntry, Outcome
from yukon.text import i18n
from yukon.ui.app import App
from yukon.ui.build import Extras, add_extras, open_window
from yukon.ui.sheet import SheetScreen
from yukon.ui.stats_pictures import CLEAN, LINE, LOST, picture_height, pictures_height, rate_points
from yukon.ui.stats_screen import StatsScreen

OUTCOMES = [Outcome.CLEAN, Outcome.LOST, Outcome.ASSISTED, Outcome.CLEAN, Outcome.ABANDONED, Outcome.CLEAN] * 4


def make(tmp_path: Path, size: tuple[int, int]) -> tuple[App, Extras]:
    app = open_window(size=size, game=Game.deal(3, YUKON))
    extras = add_extras(app, folder=str(tmp_path), resume=False, welcome=False)
    start = datetime(2026, 11, 1, 20, 0)
    for i, outcome in enumerate(OUTCOMES):
        game = Game.deal(100 + i, YUKON)
        line = game.position.legal_moves()[:1]
        entry = HistoryEntry.of(YUKON, 100 + i, line, outcome, 60.0 + 30 * i, start + timedelta(hours=i))
        extras.records.stats.record_finished(entry, entry.finished.date())
    app.draw()
    return app, extras


def stats_sheet(app: App) -> StatsScreen:
    key(app, pygame.K_t)
    top = app.top
    assert isinstance(top, SheetScreen) and isinstance(top.sheet, StatsScreen)
    app.draw()
    return top.sheet


def colour_count(surface: pygame.Surface, area: pygame.Rect, colour: tuple[int, int, int]) -> int:
    area = area.clip(surface.get_rect())
    sub = surface.subsurface(area)
    return int(pygame.transform.threshold(None, sub, colour, (1, 1, 1, 255), set_behavior=0))


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080)])
def test_the_pictures_are_drawn_inside_the_sheet_at_three_sizes(tmp_path: Path, size: tuple[int, int]) -> None:
    app, _extras = make(tmp_path, size)
    sheet = stats_sheet(app)
    for _n in range(60):  # scroll down to the pictures, as a player would
        key(app, pygame.K_DOWN)
    app.draw()
    surface = pygame.display.get_surface()
    assert surface is not None
    top = sheet.pictures_top
    height = pictures_height(sheet.size, sheet.panel.w, sheet.history)
    area = pygame.Rect(sheet.panel.x, top, sheet.panel.w, height).clip(sheet.panel)
    assert area.h > picture_height(sheet.size)  # at least the first picture is in sight
    assert colour_count(surface, area, CLEAN) > 50  # the clean wins' bars (and times)
    assert colour_count(surface, area, LOST) > 20  # the losses' bars
    if area.h >= height - 4:
        assert colour_count(surface, area, LINE) > 20  # the win rate's line
    assert sheet.panel.contains(area)


def test_the_pictures_follow_the_language(tmp_path: Path) -> None:
    app, _extras = make(tmp_path, (1280, 800))
    sheet = stats_sheet(app)
    try:
        i18n.set_language("de")
        app.language_changed()
        app.draw()
        from yukon.ui import stats_pictures

        assert i18n._(stats_pictures.TITLES[0]) != stats_pictures.TITLES[0]
    finally:
        i18n.set_language("en")
    assert sheet.pictures_top > 0


def test_the_win_rate_is_the_share_won_so_far() -> None:
    entries = [HistoryEntry.of(YUKON, 1, [], o, 1.0, datetime(2026, 1, 1)) for o in OUTCOMES[:4]]
    assert rate_points(entries) == [1.0, 0.5, 2 / 3, 0.75]


def test_export_writes_the_history_as_csv_and_shows_where(tmp_path: Path) -> None:
    app, _extras = make(tmp_path, (1280, 800))
    sheet = stats_sheet(app)
    button = next(r for r, act in sheet._hits if getattr(act, "__name__", "") == "export")
    click(app, *button.center)
    path = tmp_path / "history.csv"
    assert str(path) in sheet.exported
    rows = list(csv.reader(path.open(encoding="utf-8")))
    assert rows[0][0] == "finished" and len(rows) == len(OUTCOMES) + 1
    assert [r[5] for r in rows[1:]] == [o.value for o in OUTCOMES]
