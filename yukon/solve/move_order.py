"""Hints without a solver: legal moves ranked by what they gain (pure; no pygame).

``hint_moves(position)`` orders the legal moves best first: a move that turns a card
up beats one that empties a column or sends a card home, and any of those beats a
shuffle; a card coming back from a foundation comes last. The table shows the first
and steps through the rest on each press. A solver can replace this by offering a
function with the same shape (position, last move) -> list of moves.
"""

from __future__ import annotations

from ..core.cards import KING, RANK
from ..core.state import FOUNDATION, ON_FOUNDATION, Move, Position


def move_score(position: Position, move: Move) -> float:
    """How useful a legal move looks (higher is better)."""
    card, to = move.card, move.to
    s = position.loc[card]
    if s == ON_FOUNDATION:
        return -50.0 + RANK[card] * 0.1
    col = position.columns[s]
    i = col.index(card)
    down = position.down[s]
    score = 0.0
    if i > 0 and i == down:
        score += 100.0 + down  # turns a card up; deeper piles first
    elif i > down:
        under = col[i - 1]  # uncovered, face up: can it go home next?
        if position.foundations[under // 13] == RANK[under] - 1:
            score += 70.0 - RANK[under] * 0.5
    if to == FOUNDATION:
        score += 60.0 - RANK[card] * 0.5  # low cards home first
    elif i == 0:
        if not position.columns[to]:
            return -100.0  # a whole column into another space gains nothing
        score += 40.0  # empties a column
    if to != FOUNDATION and not position.columns[to]:
        score += 5.0 if RANK[card] == KING and i > 0 else -5.0
    if to != FOUNDATION:
        score -= (len(col) - i) * 0.3  # shorter tails keep the table tidier
    return score


def hint_moves(position: Position, last_move: Move | None = None) -> list[Move]:
    """The legal moves, most useful first; the move undoing ``last_move`` goes last."""
    moves = position.legal_moves()
    scored = []
    for m in moves:
        sc = move_score(position, m)
        if last_move is not None and m.card == last_move.card and m.to != FOUNDATION and sc < 50:
            sc -= 200.0  # straight back where it came from
        scored.append((-sc, m.card, m.to, m))
    scored.sort(key=lambda t: t[:3])
    return [t[3] for t in scored]
