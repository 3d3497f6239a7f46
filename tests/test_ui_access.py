"""Accessibility (issue 13): a four-colour deck, a high-contrast table, a text size, and marks
told apart by shape as well as colour; set in the Settings screen with real events, kept
between runs, and honoured by the table, the sheets, the Rules screen and the lessons.

Each option is checked by what it draws: pixels of a card face, the cloth, an outline, the
height of text, with the option off and on.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import itertools
import json
import math
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from player_input import click, press
from window_helpers import bar_clicks, hint_move, is_lesson, lesson_of
from yukon.core.cards import SUIT
from yukon.core.state import FOUNDATION, ON_FOUNDATION
from yukon.play.settings import SETTINGS_FILE
from yukon.ui import art
from yukon.ui.app import App
from yukon.ui.build import Extras, open_window
from yukon.ui.build import add_extras as install
from yukon.ui.parts import TablePrefs
from yukon.ui.rules_screen import BACKGROUND, HC_BACKGROUND, RulesScreen
from yukon.ui.screen import QuestionDialog
from yukon.ui.settings_screen import SettingsScreen
from yukon.ui.sheet import SheetScreen
from yukon.ui.table.style import HC_TABLE, HINT, LESSON, SELECT, TARGET

Colour = tuple[int, int, int]
_SPADES, HEARTS, DIAMONDS, CLUBS = range(4)  # suit numbers (spades unused here)
ALL_ON = TablePrefs(four_colour=True, high_contrast=True, text_factor=1.5)


# -- driving the window ------------------------------------------------------------------------
def start(folder: Path, seed: int = 5, size: tuple[int, int] = (1024, 700)) -> tuple[App, Extras]:
    app = open_window(seed=seed, size=size)
    extras = install(app, folder=str(folder), resume=False)
    app.frame()
    return app, extras


def shown(app: App) -> pygame.Surface:
    """The window as a full redraw draws it now."""
    for s in app.screens:
        s.invalidate()
    app.draw()
    window = pygame.display.get_surface()
    assert window is not None
    return window.copy()


def near(c: pygame.Color | Colour, want: Colour, tol: int) -> bool:
    return all(abs(a - b) <= tol for a, b in zip(tuple(c)[:3], want))


def count(surface: pygame.Surface, rect: pygame.Rect, colour: Colour, tol: int = 40) -> int:
    """Pixels within ``tol`` of ``colour`` in ``rect``."""
    sub = surface.subsurface(rect.clip(surface.get_rect()))
    return pygame.mask.from_threshold(sub, colour, (tol, tol, tol, 255)).count()


def colour_box(surface: pygame.Surface, rect: pygame.Rect, colour: Colour, tol: int = 30) -> pygame.Rect:
    """The box around every pixel near ``colour`` in ``rect`` (text of that colour: its height)."""
    sub = surface.subsurface(rect.clip(surface.get_rect()))
    rects = pygame.mask.from_threshold(sub, colour, (tol, tol, tol, 255)).get_bounding_rects()
    assert rects, f"nothing of colour {colour} in {rect}"
    return rects[0].unionall(rects[1:])


def first_line_height(surface: pygame.Surface, rect: pygame.Rect, colour: Colour, tol: int = 30) -> int:
    """The height of the first band of rows holding ``colour`` in ``rect`` (a title's line)."""
    sub = surface.subsurface(rect.clip(surface.get_rect()))
    mask = pygame.mask.from_threshold(sub, colour, (tol, tol, tol, 255))
    w, h = mask.get_size()
    lit = [any(mask.get_at((x, y)) for x in range(w)) for y in range(h)]
    start = lit.index(True)
    end = lit.index(False, start) if False in lit[start:] else h
    return end - start


def runs(surface: pygame.Surface, points: list[tuple[int, int]], colour: Colour, tol: int = 30) -> list[int]:
    """The lengths of the runs of ``colour`` along a line of points (a mark's cross-section)."""
    out: list[int] = []
    n = 0
    for p in points:
        if near(surface.get_at(p), colour, tol):
            n += 1
        elif n:
            out.append(n)
            n = 0
    if n:
        out.append(n)
    return out


def settings_sheet(app: App) -> SettingsScreen:
    top = app.top
    assert isinstance(top, SheetScreen) and isinstance(top.sheet, SettingsScreen)
    return top.sheet


def row_of(app: App, name: str) -> int:
    return [r[0] for r in settings_sheet(app).rows].index(name)


def focus_row(app: App, name: str) -> None:
    """Down (and Up) keys until the row ``name`` has the focus."""
    sheet = settings_sheet(app)
    target = row_of(app, name)
    while sheet.focus != target:
        press(app, pygame.K_DOWN if sheet.focus < target else pygame.K_UP)


def done(app: App) -> None:
    """Down past the last row onto Done, and Enter."""
    sheet = settings_sheet(app)
    focus_row(app, sheet.rows[-1][0])
    press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN)
    assert app.top is app.table


def face_up_cards(app: App, suit: int) -> list[int]:
    t = app.table
    assert t is not None and t.layout is not None
    lay = t.layout
    return [c for i, col in enumerate(lay.column_cards) for j, c in enumerate(col)
            if j >= lay.column_down[i] and SUIT[c] == suit]


# -- the palette ---------------------------------------------------------------------------------
# Machado, Oliveira and Fernandes (2009), severity 1, applied to linear RGB.
CVD = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
    "normal vision": ((1, 0, 0), (0, 1, 0), (0, 0, 1)),
}


def _linear(c: int) -> float:
    v = c / 255
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def _encode(v: float) -> float:
    v = max(0.0, min(1.0, v))
    return 255 * (12.92 * v if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055)


def simulate(rgb: Colour, matrix: tuple[tuple[float, ...], ...]) -> tuple[float, float, float]:
    lin = [_linear(c) for c in rgb]
    out = [sum(matrix[i][j] * lin[j] for j in range(3)) for i in range(3)]
    r, g, b = (_encode(v) for v in out)
    return (r, g, b)


def lab(rgb: tuple[float, float, float]) -> tuple[float, float, float]:
    r, g, b = (_linear(round(c)) for c in rgb)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.9505
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.089

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))


def contrast(a: Colour, b: Colour) -> float:
    def lum(c: Colour) -> float:
        r, g, bl = (_linear(v) for v in c)
        return 0.2126 * r + 0.7152 * g + 0.0722 * bl

    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_four_inks_stay_apart_for_the_common_colour_blindnesses() -> None:
    """Every pair of suits keeps 25+ CIELAB units apart under protanopia, deuteranopia and
    tritanopia, and every ink reads on the card face; the usual red and green would not."""
    for name, matrix in CVD.items():
        seen = [lab(simulate(c, matrix)) for c in art.FOUR_INKS]
        for i, j in itertools.combinations(range(4), 2):
            assert math.dist(seen[i], seen[j]) >= 25, (name, "SHDC"[i] + "SHDC"[j])
    for c in art.FOUR_INKS:
        assert contrast(c, art.FACE) >= 4.5
    # The poker deck's red and green, which the palette avoids, fail the same check.
    poker_red, poker_green = (196, 22, 38), (0, 128, 0)
    m = CVD["deuteranopia"]
    assert math.dist(lab(simulate(poker_red, m)), lab(simulate(poker_green, m))) < 10


def test_ink_gives_each_suit_its_own_colour_only_in_the_four_colour_deck() -> None:
    spade, heart, diamond, club = 0, 13, 26, 39
    assert art.ink(heart) == art.ink(diamond) and art.ink(spade) == art.ink(club)
    inks = {art.ink(c, four_colour=True) for c in (spade, heart, diamond, club)}
    assert len(inks) == 4
    r, g, b = art.ink(heart, True)  # hearts stay red, spades black
    assert r > 150 and g < 40 and b < 40
    assert art.ink(spade, True) == art.ink(spade)


def test_card_art_is_kept_apart_by_palette() -> None:
    plain, four = art.CardArt(80, 112), art.CardArt(80, 112, four_colour=True)
    assert plain.key() != four.key()
    diamond = 26 + 4  # the five of diamonds
    blue = art.FOUR_INKS[DIAMONDS]
    box = pygame.Rect(0, 0, 80, 112)
    assert count(plain.face(diamond), box, blue) == 0 < count(four.face(diamond), box, blue)


# -- the settings, set with real events and kept -------------------------------------------------
def test_options_are_set_in_the_settings_screen_and_kept_between_runs(tmp_path: Path) -> None:
    app, _ = start(tmp_path)
    assert app.prefs == TablePrefs(animation_speed=app.prefs.animation_speed, deck="classic")  # all off at first
    press(app, pygame.K_s)
    focus_row(app, "four_colour")
    press(app, pygame.K_RETURN)  # by key
    focus_row(app, "high_contrast")
    sheet = settings_sheet(app)
    click(app, *sheet._rows[row_of(app, "high_contrast")].center)  # by a click on its row
    focus_row(app, "text_size")
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RIGHT)  # normal -> large -> larger
    assert sheet.settings.four_colour and sheet.settings.high_contrast and sheet.settings.text_size == "larger"
    done(app)
    assert app.prefs.four_colour and app.prefs.high_contrast and app.prefs.text_factor == 1.5
    kept = json.loads((tmp_path / SETTINGS_FILE).read_text())
    assert kept["four_colour"] is True and kept["high_contrast"] is True and kept["text_size"] == "larger"
    press(app, pygame.K_q, pygame.KMOD_CTRL)
    assert not app.running

    app2, _ = start(tmp_path, seed=6)  # the next run
    assert (app2.prefs.four_colour, app2.prefs.high_contrast, app2.prefs.text_factor) == (True, True, 1.5)
    t = app2.table
    assert t is not None and t.board.card_art is not None
    assert t.board.card_art.four_colour and t.board.card_art.high_contrast
    # and back: Left twice on the text size, and the two switches off again
    press(app2, pygame.K_s)
    focus_row(app2, "text_size")
    press(app2, pygame.K_LEFT)
    assert settings_sheet(app2).settings.text_size == "large"
    for name in ("four_colour", "high_contrast"):
        focus_row(app2, name)
        press(app2, pygame.K_SPACE)
    done(app2)
    assert app2.prefs == TablePrefs(app2.prefs.animation_speed, text_factor=1.25, deck="classic")


# -- each option changes what is drawn -----------------------------------------------------------
def test_four_colour_deck_prints_diamonds_blue_and_clubs_green(tmp_path: Path) -> None:
    app, _ = start(tmp_path, seed=5)
    t = app.table
    assert t is not None and t.layout is not None
    diamonds, clubs = face_up_cards(app, DIAMONDS), face_up_cards(app, CLUBS)
    assert diamonds and clubs
    before = shown(app)
    app.apply_prefs(TablePrefs(four_colour=True))
    after = shown(app)
    lay = t.layout
    for cards, ink, old in ((diamonds, art.FOUR_INKS[DIAMONDS], art.RED_INK),
                            (clubs, art.FOUR_INKS[CLUBS], art.BLACK_INK)):
        for c in cards:
            strip = lay.strip_rect(c)
            assert count(before, strip, ink, 30) == 0 < count(after, strip, ink, 30), c
            assert count(before, strip, old, 30) > count(after, strip, old, 30), c
    for c in face_up_cards(app, HEARTS):  # hearts keep their red
        strip = lay.strip_rect(c)
        assert count(after, strip, art.RED_INK, 30) > 0


def test_high_contrast_table_is_plain_and_dark_with_stronger_edges(tmp_path: Path) -> None:
    app, _ = start(tmp_path, seed=5)
    t = app.table
    assert t is not None and t.layout is not None
    lay = t.layout
    before = shown(app)
    app.apply_prefs(TablePrefs(high_contrast=True))
    after = shown(app)
    # the cloth: a green shade before, one plain near-black colour after, everywhere bare
    bare = [(lay.view.x + 2, lay.view.bottom - 2), (lay.view.centerx, lay.view.bottom - 2),
            (lay.view.right - 2, lay.view.bottom - 2)]
    assert all(before.get_at(p)[1] > before.get_at(p)[0] + 20 for p in bare)
    assert {tuple(after.get_at(p))[:3] for p in bare} == {HC_TABLE}
    # a face: its bottom edge darker; a back: a bright yellow edge
    ends = [col[-1] for col in lay.column_cards if col]
    for c in ends:
        x, y = lay.card_xy[c]
        edge = pygame.Rect(x + lay.cw // 3, y + lay.ch - 3, lay.cw // 3, 3)
        assert count(after, edge, art.HC_FACE_EDGE, 40) > count(before, edge, art.HC_FACE_EDGE, 40), c
    down = [col[0] for i, col in enumerate(lay.column_cards) if lay.column_down[i]]
    for c in down:
        x, y = lay.card_xy[c]
        top_edge = pygame.Rect(x + lay.cw // 3, y, lay.cw // 3, 4)
        assert count(before, top_edge, art.HC_BACK_EDGE, 40) == 0 < count(after, top_edge, art.HC_BACK_EDGE, 40)


def select_with_a_destination(app: App) -> tuple[int, int]:
    """Click a card that has a legal move to a column; (card, destination)."""
    t = app.table
    assert t is not None and t.layout is not None
    move = next(m for m in t.session.position.legal_moves() if m.to != FOUNDATION and t.session.position.loc[m.card] < ON_FOUNDATION)
    click(app, *t.layout.strip_rect(move.card).move(0, 3).topleft)
    assert t.session.selection == move.card
    return move.card, move.to


def test_marks_differ_in_shape_and_grow_thicker_in_high_contrast(tmp_path: Path) -> None:
    """The selection is a solid outline, a legal destination four corner brackets, the hint a
    double outline: a cross-section of each tells them apart with the colours taken away."""
    widths = {}
    for hc in (False, True):
        app, _ = start(tmp_path / str(hc), seed=5)
        app.apply_prefs(TablePrefs(high_contrast=hc))
        t = app.table
        assert t is not None and t.layout is not None
        card, dest = select_with_a_destination(app)
        lay = t.layout
        img = shown(app)
        tail = lay.tail_rect(card).inflate(6, 6)
        # selection: solid, so its top edge is lit in the middle too; its thickness across
        across = runs(img, [(tail.x + k, tail.centery) for k in range(12)], SELECT)
        assert across and runs(img, [(tail.centerx, tail.y + k) for k in range(10)], SELECT)
        widths[hc] = across[0]
        # destination: brackets, lit at the corners and not in the middle of an edge
        d = t.rings.dest_rect(dest, card).inflate(8, 8)
        assert near(img.get_at((d.x + 1, d.y + 1)), TARGET, 30)
        assert near(img.get_at((d.right - 2, d.y + 1)), TARGET, 30)
        assert not near(img.get_at((d.centerx, d.y + 1)), TARGET, 30)
        assert not near(img.get_at((d.x + 1, d.centery)), TARGET, 30)
        # the hint: two lines across its top edge, in the middle
        press(app, pygame.K_ESCAPE)
        press(app, pygame.K_h)
        hint = hint_move(t)
        assert hint is not None
        img = shown(app)
        h = t.rings.dest_rect(hint.to, hint.card).inflate(8, 8)
        assert len(runs(img, [(h.centerx, h.y + k) for k in range(14)], HINT)) == 2
        assert len(runs(img, [(h.x + k, h.centery) for k in range(14)], HINT)) == 2
    assert widths[True] > widths[False] >= 4


def text_height(app: App, prefs: TablePrefs, area: str) -> int:
    """The height of the bright text drawn in ``area`` ("status", "message") with ``prefs``."""
    app.apply_prefs(prefs)
    t = app.table
    assert t is not None and t.layout is not None
    if area == "message":
        t.session.tell("Text size")
        img = shown(app)
        box = t.msgbox.rect
        assert box is not None
        return colour_box(img, box, (240, 244, 236)).h
    img = shown(app)
    first_line = t.status_lines.rows()[1][0][0]
    assert first_line
    return colour_box(img, t.layout.status_rect, (240, 244, 236)).h


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
def test_text_size_makes_the_tables_text_taller(tmp_path: Path, size: tuple[int, int]) -> None:
    app, _ = start(tmp_path, seed=5, size=size)
    for area in ("status", "message"):
        heights = [text_height(app, TablePrefs(text_factor=f), area) for f in (1.0, 1.25, 1.5)]
        assert heights[0] < heights[1] < heights[2], (area, heights)
    t = app.table
    assert t is not None and t.bar is not None
    app.apply_prefs(TablePrefs(text_factor=1.0))
    normal_bar = t.bar.font_size
    app.apply_prefs(TablePrefs(text_factor=1.5))
    assert t.bar is not None and t.bar.font_size >= normal_bar  # within the buttons' own height
    if size[1] >= 1000:
        assert t.bar.font_size > normal_bar


def sheet_title_height(app: App, prefs: TablePrefs, key: int) -> int:
    """Open a sheet with ``key``, measure its gold title, close it."""
    app.apply_prefs(prefs)
    press(app, key)
    top = app.top
    assert isinstance(top, SheetScreen)
    img = shown(app)
    panel = top.sheet.panel
    h = first_line_height(img, pygame.Rect(panel.x, panel.y, panel.w, panel.h // 3), (255, 206, 64))
    press(app, pygame.K_ESCAPE)
    assert app.top is app.table
    return h


def test_every_sheet_and_question_follows_the_text_size(tmp_path: Path) -> None:
    app, _ = start(tmp_path, seed=5, size=(1280, 800))
    for key in (pygame.K_s, pygame.K_t, pygame.K_SLASH, pygame.K_d):  # settings, statistics, keys, deal #
        normal, larger = (sheet_title_height(app, TablePrefs(text_factor=f), key) for f in (1.0, 1.5))
        assert larger > normal, pygame.key.name(key)
    sizes = []
    for f in (1.0, 1.5):
        app.apply_prefs(TablePrefs(text_factor=f))
        q = QuestionDialog(app, "A question?", [("Yes", None), ("No", None)])
        app.push(q)
        img = shown(app)
        box, size, _, _ = q.layout(*app.size)
        sizes.append((size, colour_box(img, box, (240, 244, 236)).h))
        app.pop(q)
    assert sizes[1][0] > sizes[0][0] and sizes[1][1] > sizes[0][1]


# -- the Rules screen and the lessons honour them ------------------------------------------------
def rules_pages(app: App) -> Iterator[pygame.Surface]:
    """The Rules screen, page by page from the top to the end."""
    press(app, pygame.K_F1)
    screen = app.top
    assert isinstance(screen, RulesScreen)
    while True:
        yield shown(app)
        before = screen.scroll
        press(app, pygame.K_PAGEDOWN)
        if screen.scroll == before:
            break
    press(app, pygame.K_ESCAPE)


def test_rules_screen_follows_every_option(tmp_path: Path) -> None:
    app, _ = start(tmp_path, seed=5, size=(1280, 800))
    found: dict[bool, dict[str, int]] = {}
    title: dict[bool, int] = {}
    for on in (False, True):
        app.apply_prefs(ALL_ON if on else TablePrefs())
        greens = blues = 0
        for k, page in enumerate(rules_pages(app)):
            if k == 0:
                title[on] = colour_box(page, pygame.Rect(0, 0, page.get_width(), 80), (255, 206, 64)).h
                assert tuple(page.get_at((3, page.get_height() // 2)))[:3] == (HC_BACKGROUND if on else BACKGROUND)
            greens += count(page, page.get_rect(), art.FOUR_INKS[CLUBS], 20)
            blues += count(page, page.get_rect(), art.FOUR_INKS[DIAMONDS], 20)
        found[on] = {"clubs": greens, "diamonds": blues}
    assert found[False]["clubs"] == 0 < found[True]["clubs"]  # the picture's clubs in green
    assert title[True] > title[False]


def test_lessons_follow_every_option_even_when_changed_while_away(tmp_path: Path) -> None:
    app, _ = start(tmp_path, seed=5, size=(1280, 800))
    press(app, pygame.K_l)
    press(app, pygame.K_RETURN)  # the list of lessons offers the first
    lesson = app.top
    assert is_lesson(lesson) and lesson.layout is not None
    lay = lesson.layout
    plain = shown(app)
    assert lay.panel is not None
    plain_head = pygame.Rect(lay.panel.x, lay.panel.y, lay.panel.w, lay.panel.h // 5)
    # take the first step (its move, by clicks), so the lesson is kept while away
    move = lesson_of(lesson).run.hint()
    assert move is not None
    click(app, *lay.strip_rect(move.card).move(0, 3).topleft)
    click(app, *lay.column_end_rect(move.to).center)
    assert lesson_of(lesson).run.step_index == 1
    # leave, turn everything on in Settings (real keys), come back
    t = app.table
    assert t is not None
    assert lesson.bar is not None
    bar_clicks(app, "Leave lessons", lambda x, y: click(app, x, y), lesson)
    assert app.top is t
    press(app, pygame.K_s)
    for name in ("four_colour", "high_contrast"):
        focus_row(app, name)
        press(app, pygame.K_RETURN)
    focus_row(app, "text_size")
    press(app, pygame.K_LEFT)  # normal -> larger (backwards round)
    done(app)
    press(app, pygame.K_l)
    press(app, pygame.K_RETURN)  # the list offers the lesson under way: it goes on where it was left
    assert app.top is lesson
    lay = lesson.layout
    assert lay is not None
    img = shown(app)
    cards, _ = lesson.mode.highlights(lesson.session.game) if lesson.mode is not None else (set(), set())
    assert cards
    # the plain dark table, and the lesson's cards marked by dashes: broken runs along the top edge
    bare = (lay.view.x + 2, lay.view.bottom - 2)
    assert tuple(img.get_at(bare))[:3] == HC_TABLE != tuple(plain.get_at(bare))[:3]
    for c in cards:
        strip = lay.strip_rect(c).inflate(6, 6)
        assert len(runs(img, [(x, strip.y + 1) for x in range(strip.x, strip.right)], LESSON)) >= 3
    # four colours on the lesson's cards
    face_up = [c for i, col in enumerate(lay.column_cards) for j, c in enumerate(col) if j >= lay.column_down[i]]
    for suit in (DIAMONDS, CLUBS):
        mine = [c for c in face_up if SUIT[c] == suit]
        assert mine
        assert sum(count(img, lay.strip_rect(c), art.FOUR_INKS[suit], 30) for c in mine) > 0
        assert sum(count(plain, lay.strip_rect(c), art.FOUR_INKS[suit], 30) for c in mine) == 0
    # larger text on the lesson's panel
    assert lay.panel is not None
    head = pygame.Rect(lay.panel.x, lay.panel.y, lay.panel.w, lay.panel.h // 5)
    assert lay.panel.w > plain_head.w
    assert colour_box(img, head, (255, 206, 64)).h > colour_box(plain, plain_head, (255, 206, 64)).h


def test_high_contrast_draws_the_keyboard_cursor_thicker(tmp_path: Path) -> None:
    widths = []
    for hc in (False, True):
        app, extras = start(tmp_path / str(hc), seed=5)
        app.apply_prefs(TablePrefs(high_contrast=hc))
        press(app, pygame.K_RIGHT)  # the cursor shows on the first key
        t = app.table
        assert t is not None
        r = extras.keyboard.cursor_rect(t)
        assert r is not None
        outer = r.inflate(12, 12)
        img = shown(app)
        across = runs(img, [(outer.x + k, outer.centery) for k in range(10)], (255, 255, 255), tol=2)
        assert across
        widths.append(across[0])
    assert widths[1] > widths[0] >= 3


@pytest.mark.parametrize("row, named", [
    ("foundation_return", "The new rules (Yukon, no foundation return) need a new deal."),
    ("any_card_in_space", "The new rules (Yukon, any card in an empty column) need a new deal."),
    ("variant", "The new rules (Russian Solitaire) need a new deal."),
])
def test_the_question_after_a_change_of_rules_names_the_rule_changed(tmp_path: Path, row: str, named: str) -> None:
    app, _ = start(tmp_path, seed=5)
    t = app.table
    assert t is not None and t.layout is not None
    move = next(m for m in app.session.game.position.legal_moves() if not m.to_foundation)
    click(app, *t.layout.strip_rect(move.card).move(0, 3).topleft)
    click(app, *t.layout.column_end_rect(move.to).center)
    assert app.session.game.history  # a game under way: a change of rules asks first
    press(app, pygame.K_s)
    focus_row(app, row)
    press(app, pygame.K_RETURN if row != "variant" else pygame.K_RIGHT)
    sheet = settings_sheet(app)
    focus_row(app, sheet.rows[-1][0])
    press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN)  # Done
    question = sheet.question
    assert question is not None and question.text.startswith(named), question
