"""Helpers of the look's window tests (tests/test_ui_look*.py): the window opened on a deal with the
player's parts, Settings rows reached by keys and clicks, and pixels compared with pictures drawn alone."""

from __future__ import annotations

from pathlib import Path

import pygame

from player_input import click, press
from window_helpers import run_until
from yukon.core.state import FACE_DOWN
from yukon.ui.app import App
from yukon.ui.build import Extras, open_window
from yukon.ui.build import add_extras as install
from yukon.ui.deck import choose_deck
from yukon.ui.settings_screen import SettingsScreen
from yukon.ui.sheet import SheetScreen

Colour = tuple[int, int, int]


def start(folder: Path, seed: int = 5, size: tuple[int, int] = (1152, 704)) -> tuple[App, Extras]:
    app = open_window(seed=seed, size=size)
    extras = install(app, folder=str(folder), resume=False)
    app.frame()
    return app, extras


def sharp(app: App) -> None:
    """Run frames until every face of the table's deck is drawn at its card size."""
    t = app.table
    assert t is not None
    run_until(app, lambda: not t.board.sharpening())
    app.frame()


def window(app: App) -> pygame.Surface:
    """The window as a full redraw draws it now."""
    for s in app.screens:
        s.invalidate()
    app.draw()
    surface = pygame.display.get_surface()
    assert surface is not None
    return surface.copy()


def sheet_of(app: App) -> SettingsScreen:
    top = app.top
    assert isinstance(top, SheetScreen) and isinstance(top.sheet, SettingsScreen)
    return top.sheet


def focus_row(app: App, name: str) -> None:
    sheet = sheet_of(app)
    target = [r[0] for r in sheet.rows].index(name)
    while sheet.focus != target:
        press(app, pygame.K_DOWN if sheet.focus < target else pygame.K_UP)


def click_row(app: App, name: str) -> None:
    sheet = sheet_of(app)
    focus_row(app, name)  # brings the row into sight
    rect = sheet.row_rect(name)
    assert rect is not None
    click(app, rect.x + 20, rect.centery)


def close_with_done(app: App) -> None:
    press(app, pygame.K_s)  # S on the sheet is Done
    assert app.top is app.table


def near(a: pygame.Color | Colour, b: pygame.Color | Colour, tol: int) -> bool:
    return all(abs(x - y) <= tol for x, y in zip(tuple(a)[:3], tuple(b)[:3]))


def matches(surface: pygame.Surface, picture: pygame.Surface, at: tuple[int, int], tol: int = 6,
            shown: int | None = None) -> float:
    """The share of points of a grid inside ``picture`` (its rounded corners left out; only its top
    ``shown`` rows, when the card is covered below; only those inside the window, at least half of them)
    that the window shows as the picture has them at ``at``."""
    w, h = picture.get_size()
    h = h if shown is None else shown
    grid = [(w * i // 9, h * j // 13) for i in range(1, 9) for j in range(1, 13)]
    points = [(x, y) for x, y in grid if surface.get_rect().collidepoint(at[0] + x, at[1] + y)]
    assert len(points) * 2 >= len(grid), "the picture lies mostly outside the window"
    same = sum(near(surface.get_at((at[0] + x, at[1] + y)), picture.get_at((x, y)), tol) for x, y in points)
    return same / len(points)


def end_cards(app: App) -> list[int]:
    """The cards that end a column: shown whole."""
    t = app.table
    assert t is not None and t.layout is not None
    return [col[-1] for col in t.layout.column_cards if col]


def face_down_card(app: App) -> tuple[int, int]:
    """A face-down card and how many of its rows show (the first of the longest column)."""
    t = app.table
    assert t is not None and t.layout is not None
    lay = t.layout
    col = max(lay.column_cards, key=len)
    assert t.session.position.loc[col[0]] == FACE_DOWN
    return col[0], lay.card_xy[col[1]][1] - lay.card_xy[col[0]][1]


def bare_cloth(app: App) -> tuple[int, int]:
    """A point of the table with nothing on it: between the columns' ends and the bar."""
    t = app.table
    assert t is not None and t.layout is not None
    lay = t.layout
    x = lay.col_x[0] + lay.cw // 2
    bottom = max(xy[1] for xy in lay.card_xy.values()) + lay.ch
    return x, (bottom + lay.view.bottom) // 2


def deck_face(key: str, card: int, size: tuple[int, int]) -> pygame.Surface:
    """``card``'s face in the deck ``key``, drawn alone (a deck of its own: nothing kept from the window's)."""
    return choose_deck(key).deck.face(card, size)


def count_colour(surface: pygame.Surface, rect: pygame.Rect, colour: Colour, tol: int = 30) -> int:
    return sum(near(surface.get_at((x, y)), colour, tol)
               for y in range(rect.top, rect.bottom, 2) for x in range(rect.left, rect.right, 2))
