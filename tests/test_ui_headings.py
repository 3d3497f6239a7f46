"""The columns' numbers over the table stay readable when a mark lights them: a lesson's place
(dashes), a hint's (a double outline) and a selection's (corner brackets) leave a gap around the
number rather than run through it. Driven headless: the lesson is opened by real keys and clicks."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from test_ui_lessons import make
from yukon.ui import art
from yukon.ui.layout import TableLayout
from yukon.ui.table import TableScreen


def _paint(table: TableScreen, lay: TableLayout, numbers: bool) -> pygame.Surface:
    """The headings alone on black, with their numbers or (``numbers`` False) with blanks of the same size."""
    surface = pygame.Surface((lay.width, lay.height))
    real = art.text

    def blank(s: str, size: int, colour: tuple[int, int, int], bold: bool = False) -> pygame.Surface:
        return pygame.Surface(real(s, size, colour, bold).get_size(), pygame.SRCALPHA)

    with pytest.MonkeyPatch.context() as patch:
        if not numbers:
            patch.setattr(art, "text", blank)
        table.board.rings.paint_headings(surface, lay)
    return surface


def _mark_clear_of_number(table: TableScreen, column: int) -> None:
    """The mark over ``column``'s heading is drawn, and no pixel of it lies on the number's box."""
    lay = table.layout
    assert lay is not None
    with_numbers, marks_only = _paint(table, lay, True), _paint(table, lay, False)
    r = lay.heading_rects[column]
    ink = [(x, y) for x in range(r.left, r.right) for y in range(r.top, r.bottom)
           if with_numbers.get_at((x, y)) != marks_only.get_at((x, y))]
    marked = [(x, y) for x in range(r.left, r.right) for y in range(r.top, r.bottom)
              if marks_only.get_at((x, y))[:3] != (0, 0, 0)]
    assert ink and marked, column
    xs, ys = [x for x, _ in ink], [y for _, y in ink]
    number = pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)
    clear = number.inflate(2, 2)  # a pixel of cloth at least between the mark and the number
    assert not [p for p in marked if clear.collidepoint(p)], (column, number)


@pytest.mark.parametrize("size", [(800, 600), (1280, 800)])
def test_a_lessons_lit_heading_leaves_its_number_clear(size: tuple[int, int]) -> None:
    d = make(size)
    d.open_lessons()
    d.settle()
    _, dests = d.screen.board.rings.lesson_lights()
    assert dests
    for column in dests:
        _mark_clear_of_number(d.screen, column)


def test_a_hinted_heading_leaves_its_number_clear() -> None:
    d = make((800, 600), lessons=False)
    session = d.screen.session
    move = next(m for m in session.position.legal_moves() if m.to < 7)
    session.show_hint([move], 0, "")
    d.app.frame()
    assert session.hint is not None and session.hint.move == move
    _mark_clear_of_number(d.screen, move.to)
