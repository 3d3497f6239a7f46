"""Why a move of a winning line helps, in a player's words: ``move_reason`` and its helpers (pure)."""

from __future__ import annotations

from collections.abc import Callable

from ...cards import RANK, SUIT, SUIT_NAMES
from ...state import FACE_DOWN, FOUNDATION, ON_FOUNDATION, Move, Position
from ..table import short_name


def move_reason(position: Position, line: list[Move] | tuple[Move, ...]) -> str:
    """Why the first move of the winning ``line`` helps, in a player's words."""
    m = line[0]
    card = m.card

    def seen(c: int) -> str:
        # The solver sees face-down cards; a hint must not show the player one.
        if position.loc[c] != FACE_DOWN:
            return short_name(c)
        return "a King" if RANK[c] == 13 else "a card that is still face down"

    p = position.copy()
    src = p.loc[card]
    turns = empties = False
    under: int | None = None
    if src < ON_FOUNDATION:
        col = p.columns[src]
        i = col.index(card)
        turns = i > 0 and i == p.down[src]
        empties = i == 0
        if i > 0 and not turns:
            under = col[i - 1]
    reasons: list[str] = []
    if turns:
        reasons.append(f"turns up a card in column {src + 1}")
    if m.to == FOUNDATION:
        suit = SUIT_NAMES[SUIT[card]]
        reasons.append(f"starts the {suit}" if RANK[card] == 1 else f"sends {short_name(card)} home")
    elif not p.columns[m.to] and RANK[card] == 13 and not empties and not turns and under is not None:
        reasons.append(f"gives {short_name(card)} a column of its own")
    p.play(m)
    rest = list(line[1:])
    if empties:
        user = _first_into(p, rest, src)
        if user is not None or m.to != FOUNDATION:  # a column emptied in the end game is no news
            reasons.append(f"empties column {src + 1}" + (f" for {seen(user)}" if user is not None else ""))
    if turns or m.to == FOUNDATION or empties:
        return " and ".join(reasons[:2])
    if under is not None:
        freed = _frees(p, rest, under, seen)
        if freed:
            reasons.append(freed)
            return " and ".join(reasons[:2])
    if src == ON_FOUNDATION:
        onto = _first_onto(p, rest, card)
        if onto is not None:
            return f"brings {short_name(card)} back to hold {seen(onto)}"
    if reasons:
        return reasons[0]
    return _towards(p, rest, seen)


def _first_into(p: Position, rest: list[Move], column: int, look: int = 12) -> int | None:
    """The card the line puts into the now empty ``column`` (before anything else uses it)."""
    q = p.copy()
    for m in rest[:look]:
        if m.to == column and not q.columns[column]:
            return m.card
        q.play(m)
    return None


def _frees(p: Position, rest: list[Move], under: int, seen: Callable[[int], str], look: int = 8) -> str:
    """How the card ``under`` (just uncovered) is used soon: moved, sent home, or built on."""
    q = p.copy()
    for m in rest[:look]:
        if m.card == under:
            return (f"frees {short_name(under)} to go home" if m.to == FOUNDATION
                    else f"frees {short_name(under)} to move")
        s = q.loc[under]
        if m.to == s and s < ON_FOUNDATION and q.columns[s] and q.columns[s][-1] == under:
            return f"uncovers {short_name(under)} for {seen(m.card)}"
        q.play(m)
    return ""


def _first_onto(p: Position, rest: list[Move], card: int, look: int = 6) -> int | None:
    """The first card the line lays onto ``card``."""
    q = p.copy()
    for m in rest[:look]:
        s = q.loc[card]
        if s < ON_FOUNDATION and m.to == s and q.columns[s] and q.columns[s][-1] == card:
            return m.card
        q.play(m)
    return None


def _towards(p: Position, rest: list[Move], seen: Callable[[int], str]) -> str:
    """The next gain the line makes (a card turned up or sent home), for a preparing move."""
    q = p.copy()
    for n, m in enumerate(rest, start=1):
        u = q.play(m)
        later = "next" if n == 1 else f"{n} moves later"
        if u.flipped:
            return f"prepares to turn up a card in column {u.source + 1} ({later})"
        if m.to == FOUNDATION:
            return f"prepares to send {seen(m.card)} home ({later})"
    return "keeps to the winning line"
