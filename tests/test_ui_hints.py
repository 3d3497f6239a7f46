"""The hint heuristic (yukon/solve/move_order.py): every legal move, useful ones first."""

from __future__ import annotations

import random

from yukon.core.cards import RANK
from yukon.core.state import FOUNDATION, ON_FOUNDATION, Game, Move, Position
from yukon.solve.move_order import hint_moves, move_score


def positions(n: int = 40) -> list[Position]:
    rng = random.Random(77)
    out = []
    for seed in range(n):
        g = Game.deal(500 + seed)
        for _ in range(rng.randrange(0, 80)):
            moves = g.position.legal_moves()
            if not moves:
                break
            g.play(rng.choice(moves))
        out.append(g.position.copy())
    return out


def turns_up(pos: Position, m: Move) -> bool:
    s = pos.loc[m.card]
    if s >= ON_FOUNDATION:
        return False
    i = pos.columns[s].index(m.card)
    return i > 0 and i == pos.down[s]


def is_shuffle(pos: Position, m: Move) -> bool:
    """A column-to-column move that turns nothing up, empties nothing and frees no card for home."""
    s = pos.loc[m.card]
    if s >= ON_FOUNDATION or m.to == FOUNDATION:
        return False
    col = pos.columns[s]
    i = col.index(m.card)
    if i == 0 or i == pos.down[s]:
        return False
    under = col[i - 1]
    return pos.foundations[under // 13] != RANK[under] - 1


def test_hints_are_exactly_the_legal_moves() -> None:
    for pos in positions():
        before = pos.key()
        hints = hint_moves(pos)
        assert sorted(map(str, hints)) == sorted(map(str, pos.legal_moves()))
        assert pos.key() == before  # pure: the position is untouched


def test_turning_a_card_up_ranks_above_every_shuffle() -> None:
    seen = 0
    for pos in positions():
        hints = hint_moves(pos)
        ups = [hints.index(m) for m in hints if turns_up(pos, m)]
        shuffles = [hints.index(m) for m in hints if is_shuffle(pos, m)]
        if ups and shuffles:
            seen += 1
            assert max(ups) < min(shuffles)
    assert seen >= 5


def test_foundation_returns_come_last_and_undoing_the_last_move_is_not_first() -> None:
    for pos in positions():
        hints = hint_moves(pos)
        back = [i for i, m in enumerate(hints) if pos.loc[m.card] == ON_FOUNDATION]
        others = [i for i, m in enumerate(hints) if pos.loc[m.card] != ON_FOUNDATION]
        if back and others:
            assert min(back) > max(others) or all(move_score(pos, hints[i]) < 0 for i in back)
        for m in hints:
            if m.to != FOUNDATION and pos.loc[m.card] < ON_FOUNDATION:
                again = hint_moves(pos, last_move=Move.of(m.card, pos.loc[m.card]))
                if len(again) > 1 and move_score(pos, m) < 50:
                    assert again[0] != m
                break
