"""Click-to-place with the mouse (issue 25, item 4), driven by real pygame events over many deals.

A refused place drops the selection and says why, so the next click on a card picks that card
up; only a column's own area (its heading, its cards and about a card below them) takes a
card, never the bare cloth far below it.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import random

import pygame
import pytest

from player_input import LEFT, click, drag, press
from window_helpers import OnTable, shown_message
from yukon.core.cards import KING, make_card
from yukon.core.state import FOUNDATION, ON_FOUNDATION, Game, Move, Position
from yukon.play.events import Tone
from yukon.text.words import refusal
from yukon.ui.build import open_window

DEALS = range(1, 41)


class Mouse(OnTable):
    """Real mouse events into the app, one loop iteration per gesture."""

    def click(self, x: int, y: int, button: int = LEFT) -> None:
        click(self.app, x, y, button)

    def drag(self, x1: int, y1: int, x2: int, y2: int, steps: int = 4) -> None:
        drag(self.app, (x1, y1), (x2, y2), steps)

    def escape(self) -> None:
        press(self.app, pygame.K_ESCAPE)

    def card_point(self, card: int) -> tuple[int, int]:
        """A point on the part of a card in sight."""
        r = self.lay.strip_rect(card)
        return (r.centerx, r.y + min(r.h // 2, 6))


def start(seed: int = 3, size: tuple[int, int] = (1280, 800), game: Game | None = None) -> Mouse:
    app = open_window(seed=seed, size=size, game=game)
    app.frame()
    return Mouse(app)


def face_up_cards(pos: Position) -> list[int]:
    """Face-up cards in the columns."""
    return [c for c in range(52) if pos.loc[c] < ON_FOUNDATION]


def drop_points(m: Mouse, to: int, rng: random.Random) -> list[tuple[int, int]]:
    """Points where a click puts the selection on ``to``: a foundation, or a column's end card
    (its slot when empty), its heading, or the cloth within a card's height below its end."""
    lay = m.lay
    if to == FOUNDATION:
        return [r.center for r in lay.foundation_rects]
    end = lay.column_end_rect(to)
    out = [end.center, lay.heading_rects[to].center]
    below = end.bottom + rng.randint(1, lay.ch * 9 // 10)
    if below < lay.view.bottom:
        out.append((end.centerx, below))
    return out


@pytest.mark.parametrize("size", [(1280, 800), (800, 600)])
def test_a_refused_place_drops_the_selection_says_why_and_the_next_click_picks_a_card(
        size: tuple[int, int]) -> None:
    tried = 0
    for seed in DEALS:
        rng = random.Random(seed * 31 + size[0])
        m = start(seed, size)
        pos = m.table.session.position
        before = pos.key()
        last: int | None = None  # the card clicked last, kept out of the next pick (no double click)
        for _trial in range(4):
            card = rng.choice([c for c in face_up_cards(pos) if c != last])
            dests = [to for to in [*range(7), FOUNDATION]
                     if to != pos.loc[card] and pos.why_illegal(Move.of(card, to)) is not None]
            if not dests:
                continue
            to = rng.choice(dests)
            illegal = pos.why_illegal(Move.of(card, to))
            assert illegal is not None
            reason = refusal(illegal)
            m.click(*m.card_point(card))
            assert m.table.session.selection == card
            m.click(*rng.choice(drop_points(m, to, rng)))
            tried += 1
            assert m.table.session.position.key() == before, (seed, card, to)
            assert m.table.session.selection is None, (seed, card, to)  # dropped ...
            msg = m.table.session.message
            assert msg is not None and msg.tone is Tone.ERROR and reason.lower() in shown_message(m.table).lower()
            # The next click on another face-up card (the one just aimed at among them) picks it up.
            target_end = pos.columns[to][-1] if to < FOUNDATION and pos.columns[to] else None
            others = [c for c in face_up_cards(pos) if c != card]
            nxt = target_end if target_end is not None and rng.random() < 0.5 else rng.choice(others)
            m.click(*m.card_point(nxt))
            assert m.table.session.selection == nxt, (seed, card, to, nxt)
            assert m.table.session.position.key() == before
            m.escape()
            assert m.table.session.selection is None
            last = nxt
    assert tried >= 100


def test_a_click_far_below_a_column_puts_nothing_there() -> None:
    tried = 0
    for seed in DEALS:
        m = start(seed)
        pos = m.table.session.position
        lay = m.lay
        for move in pos.legal_moves():
            if move.to == FOUNDATION or pos.loc[move.card] >= ON_FOUNDATION:
                continue
            far = m.lay.column_end_rect(move.to).bottom + lay.ch + lay.ch // 4
            if far >= lay.view.bottom:
                continue
            x = lay.column_end_rect(move.to).centerx
            m.click(*m.card_point(move.card))
            assert m.table.session.selection == move.card
            m.click(x, far)
            tried += 1
            assert m.table.session.game.history == [], (seed, move)  # no move: it is bare cloth
            msg = m.table.session.message
            assert msg is None  # bare cloth: nothing said, nothing refused
            # dragged there, the cards go back where they lay
            m.drag(*m.card_point(move.card), x, far)
            assert m.table.session.game.history == [], (seed, move)
            # and just under the end card the column takes them
            near = m.lay.column_end_rect(move.to).bottom + lay.ch * 3 // 4
            m.click(*m.card_point(move.card))
            m.click(x, near)
            assert m.table.session.game.moves_made == [move], (seed, move)
            break
    assert tried >= 20


def test_an_empty_column_takes_a_king_by_its_slot_not_from_far_below() -> None:
    king = make_card(KING, 1)
    rest = [c for c in range(52) if c != king]
    columns = [[], [rest[0], king]] + [rest[1 + i::5] for i in range(5)]
    m = start(game=Game(Position(columns, [0] * 7, [0, 0, 0, 0])))
    slot = m.lay.column_end_rect(0)
    far = slot.bottom + m.lay.ch * 5 // 4
    assert far < m.lay.view.bottom
    m.click(*m.card_point(king))
    m.click(slot.centerx, far)
    assert m.table.session.position.columns[0] == []
    m.click(*m.card_point(king))
    m.click(*slot.center)
    assert m.table.session.position.columns[0] == [king]
