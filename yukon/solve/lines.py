"""Winning lines once a search has found one: loops cut, replayed, moves the rest does not need cut.

Pure Python, no pygame. ``without_loops`` cuts every stretch of a line that comes back to a
position passed, ``check_line`` replays a line through the engine, and ``cut_line`` cuts
the moves the rest of a winning line does not need. ``yukon.solve.solver`` (which re-exports
``without_loops`` and ``check_line``) uses them on every win it finds: ``shorten_line``
there cuts the line it was given and the wins of its own quick searches, and keeps the
shortest. This module does not import the solver.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..core.state import FACE_DOWN, FOUNDATION, ON_FOUNDATION, Move, Position


def without_loops(position: Position, moves: Sequence[Move]) -> list[Move]:
    """``moves`` with every stretch that leads back to a position already passed cut out.

    The searches and the table's spliced lines may return to a position (a card sent home
    and brought back, say); what is left reaches the same end by the same moves, shorter,
    and never shows a position twice.
    """
    p = position.copy()
    at: dict[tuple, int] = {p.key(): 0}  # position key -> how many moves of ``out`` lead to it
    out: list[Move] = []
    keys: list[tuple] = [p.key()]
    for m in moves:
        p.play(m)
        k = p.key()
        i = at.get(k)
        if i is None:
            out.append(m)
            keys.append(k)
            at[k] = len(out)
        else:  # back at a position passed after move i: forget the loop
            for dropped in keys[i + 1:]:
                del at[dropped]
            del out[i:]
            del keys[i + 1:]
    return out


def check_line(position: Position, moves: list[Move]) -> bool:
    """Do ``moves`` replay legally (Position.play) from ``position`` to a won table?"""
    p = position.copy()
    try:
        for m in moves:
            p.play(m)
    except ValueError:
        return False
    return p.is_won()


# Where a move of a shortened line goes, named so that it survives other moves being cut:
# a card, or one of these.
_HOME = -1
_SPACE = -2


def _specs(position: Position, moves: Sequence[Move]) -> list[tuple[int, int]]:
    """``moves`` as (card, where): where is the card it goes onto, ``_HOME`` or ``_SPACE``."""
    p = position.copy()
    out = []
    for m in moves:
        if m.to == FOUNDATION:
            out.append((m.card, _HOME))
        else:
            col = p.columns[m.to]
            out.append((m.card, col[-1] if col else _SPACE))
        p.push(m)
    return out


def _replay_specs(p: Position, specs: Sequence[tuple[int, int]], count: list[int]) -> list[Move] | None:
    """Play ``specs`` on ``p`` (changed): the moves made, or None when one cannot be made.

    A move whose card already lies where it would go (on that card, home, heading a
    column) is left out; anything else that is not legal ends the replay. ``count[0]``
    grows by one per move made. The caller checks whether the end is won.
    """
    loc, cols, found = p.loc, p.columns, p.foundations
    back = p.rules.foundation_return
    out: list[Move] = []
    push = p.push
    for card, where in specs:
        s = loc[card]
        if where == _HOME:
            if s == ON_FOUNDATION:
                return None
            if s == FACE_DOWN or cols[s][-1] != card or found[card // 13] != card % 13:
                return None
            m = Move.of(card, FOUNDATION)
        elif s == FACE_DOWN or (s == ON_FOUNDATION and not (back and found[card // 13] == card % 13 + 1)):
            return None
        elif where == _SPACE:
            if s < ON_FOUNDATION and cols[s][0] == card:
                continue  # already heads a column
            for d in range(7):
                if not cols[d]:
                    break
            else:
                return None
            m = Move.of(card, d)
        else:
            d = loc[where]
            if d >= ON_FOUNDATION:
                return None
            col = cols[d]
            if col[-1] != where:
                if s == d and col[col.index(card) - 1] == where:
                    continue  # already lies on that card
                return None
            m = Move.of(card, d)
        push(m)
        count[0] += 1
        out.append(m)
    return out


def cut_line(position: Position, moves: Sequence[Move], count: list[int],
              spent: Callable[[], bool]) -> list[Move]:
    """``moves`` (a winning line) with loops and the moves the rest does not need cut out,
    pass after pass until nothing more goes or ``spent()``; ``count[0]`` counts the moves
    replayed."""
    line = without_loops(position, moves)
    specs = _specs(position, line)
    while not spent() and _cut_moves(position, specs, count, spent):
        pass
    q = position.copy()
    out = _replay_specs(q, specs, count)
    if out is None or not q.is_won():
        return line
    return without_loops(position, out)


def _cut_moves(position: Position, specs: list[tuple[int, int]], count: list[int],
               spent: Callable[[], bool]) -> bool:
    """One pass of cuts over ``specs`` (a winning line, changed in place). For each move
    in turn the rest of the line is replayed (``_replay_specs``) without it, then with the
    same card's next move made in its place, then without both; the first that still wins
    is kept. True when something was cut."""
    improved = False
    q = position.copy()
    i = 0
    while i < len(specs) and not spent():
        card = specs[i][0]
        tries: list[list[tuple[int, int]]] = [specs[i + 1:]]
        for j in range(i + 1, len(specs)):
            if specs[j][0] == card:
                tries.append([specs[j]] + specs[i + 1:])
                tries.append(specs[i + 1:j] + specs[j + 1:])
                break
        for rest in tries:
            r = q.copy()
            played = _replay_specs(r, rest, count)
            if played is not None and r.is_won() and len(played) < len(specs) - i:
                specs[i:] = _specs(q, played)
                improved = True
                break
        else:
            _replay_specs(q, specs[i:i + 1], count)
            i += 1
    return improved
