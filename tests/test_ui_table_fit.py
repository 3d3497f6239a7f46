"""The table that fills the window, played with real pygame events (headless): the foundations
beside the columns take clicks on every part they show, the headings take a card, a column of
twenty cards gives every face-up card to a click on its corner index, and after a resize the
clicks land on the cards where they now lie.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from test_ui_table import Driver, first_deal_with, make, tableau_moves
from yukon.core.cards import RANK, SUIT
from yukon.core.notation import parse_move
from yukon.core.state import FOUNDATION, ON_FOUNDATION, Game, Move, Position
from yukon.ui.changes import TablePrefs
from yukon.ui.layout import TableLayout


def position(d: Driver) -> Position:
    """The position on the table."""
    return d.table.session.position


def start(seed: int, size: tuple[int, int], left: bool, game: Game | None = None) -> Driver:
    """The window at ``size``, right- or left-handed."""
    d = make(seed, size, game)
    d.app.apply_prefs(TablePrefs(left_handed=left))
    d.app.frame()
    return d


def index_point(lay: TableLayout, card: int) -> tuple[int, int]:
    """A point on a column card's corner index: the top of the strip the card above leaves."""
    r = lay.strip_rect(card)
    return (r.x + r.w // 5, r.y + min(r.h, 8) // 2)


@pytest.mark.parametrize("left", [False, True])
@pytest.mark.parametrize("size", [(1152, 704), (1920, 1080), (800, 600)])
def test_an_ace_goes_home_to_the_slot_beside_the_columns(size: tuple[int, int], left: bool) -> None:
    """(The ace of deal 3 is a heart: at 1152x704 its slot's top lies over the spades' slot.)"""
    seed = first_deal_with(lambda p: any(m.to == FOUNDATION and RANK[m.card] == 1 for m in p.legal_moves()))
    d = start(seed, size, left)
    lay = d.lay
    assert lay.side  # a window wider than tall: the foundations beside the columns, on the player's side
    if left:
        assert max(r.right for r in lay.foundation_rects) < lay.col_x[0]
    else:
        assert min(r.x for r in lay.foundation_rects) > lay.col_x[6] + lay.cw
    ace = next(m.card for m in position(d).legal_moves() if m.to == FOUNDATION and RANK[m.card] == 1)
    d.click(*index_point(lay, ace))
    assert d.table.session.selection == ace
    # the lowest row of the part its slot shows (the slot below may lie over the rest)
    shown = lay.foundation_shown(SUIT[ace])
    d.click(shown.centerx, shown.bottom - 2)
    assert position(d).loc[ace] == ON_FOUNDATION
    assert d.table.session.game.moves_made == [Move.of(ace, FOUNDATION)]
    # the ace is drawn there and taken back from there
    slot = d.lay.foundation_rects[SUIT[ace]]
    assert d.lay.card_xy[ace] == slot.topleft
    d.click(slot.centerx, slot.y + 3)  # its top edge, which may lie over the slot above
    assert d.table.session.selection == ace


@pytest.mark.parametrize("left", [False, True])
def test_a_heading_over_a_column_takes_the_selected_cards(left: bool) -> None:
    d = start(5, (1152, 704), left)
    move = tableau_moves(position(d))[0]
    tail = position(d).tail(move.card)
    d.click(*index_point(d.lay, move.card))
    assert d.table.session.selection == move.card
    d.click(*d.lay.heading_rects[move.to].center)
    assert d.table.session.game.moves_made == [move]
    assert position(d).columns[move.to][-len(tail):] == tail


def twenty_card_game() -> Game:
    """Deal 1 after two moves: its fourth column holds 20 cards, 6 face down."""
    g = Game.deal(1)
    for text in ("6H-7", "8C-6"):
        g.play(parse_move(text))
    assert max(map(len, g.position.columns)) == 20
    return g


@pytest.mark.parametrize("size", [(1152, 704), (800, 600), (3840, 2160)])
def test_every_card_of_a_twenty_card_column_takes_a_click_on_its_index(size: tuple[int, int]) -> None:
    game = twenty_card_game()
    d = start(1, size, False, game)
    lay = d.lay
    assert lay.max_scroll == 0
    i = max(range(7), key=lambda k: len(position(d).columns[k]))
    col = position(d).columns[i]
    assert lay.card_rect(col[-1]).bottom <= lay.view.bottom
    for c in col[position(d).down[i]:]:
        d.click(*index_point(lay, c))
        assert d.table.session.selection == c, (size, c)
        d.key(pygame.K_ESCAPE)
        assert d.table.session.selection is None
    # and a tail taken from the middle of it moves whole
    move = next(m for m in position(d).legal_moves() if m.card in col[:-1] and m.to != FOUNDATION)
    tail = position(d).tail(move.card)
    d.click(*index_point(lay, move.card))
    d.click(*d.dest_point(move.to))
    assert d.table.session.game.moves_made[-1] == move
    assert position(d).columns[move.to][-len(tail):] == tail


def test_after_a_resize_the_clicks_land_where_the_cards_now_lie() -> None:
    d = start(7, (1152, 704), False)
    for w, h in ((800, 600), (2560, 1080), (700, 900), (1152, 704)):
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(w, h), w=w, h=h))
        d.app.frame()
        lay = d.lay
        assert (lay.width, lay.height) == (w, h)
        assert lay.side == (w > h)
        move = tableau_moves(position(d))[0]
        d.click(*index_point(lay, move.card))
        d.click(*d.dest_point(move.to))
        assert d.table.session.game.moves_made[-1] == move, (w, h)
        for _ in range(120):  # let the slide end before the next size
            d.table.update(1 / 60)
