"""Sending cards home: which end cards may go, and which may go without ever costing a win.

The safe rule is the solver's (it makes these moves at once, without branching on them)
and the window's "send safe cards home by itself" setting uses the very same function:
an end card is safe to send home when every card that could ever be placed on it is home
already and, when foundation cards may come back, every card that could be placed on
those too. In Yukon that is "both foundations of the other colour hold rank-1 and the
other suit of its colour holds rank-2". Pure: no pygame.
"""

from __future__ import annotations

from functools import lru_cache

from .rules import Rules
from .state import FOUNDATION, ON_FOUNDATION, Move, Position

Guards = tuple[tuple[int, ...], ...]


@lru_cache(maxsize=16)
def safe_guards(rules: Rules) -> Guards:
    """For each card, the cards that must all be home before it may go home safely."""
    onto = rules.onto
    guards = []
    for c in range(52):
        g = set(onto[c])
        if rules.foundation_return:
            for x in onto[c]:
                g.update(onto[x])
        guards.append(tuple(sorted(g)))
    return tuple(guards)


def is_safe_home(p: Position, card: int, guards: Guards | None = None) -> bool:
    """May ``card`` (an end card that fits its foundation) go home without losing a win?"""
    loc = p.loc
    for g in (guards if guards is not None else safe_guards(p.rules))[card]:
        if loc[g] != ON_FOUNDATION:
            return False
    return True


def home_moves(p: Position, safe_only: bool = False) -> list[Move]:
    """The end cards whose foundation takes them now (only the safe ones with ``safe_only``),
    lowest rank first, then by column: the order a player sends them home in."""
    found, loc = p.foundations, p.loc
    guards = safe_guards(p.rules) if safe_only else None
    out: list[tuple[int, int, Move]] = []
    for i, col in enumerate(p.columns):
        if not col:
            continue
        e = col[-1]
        if loc[e] < ON_FOUNDATION and found[e // 13] == e % 13 and (guards is None or is_safe_home(p, e, guards)):
            out.append((e % 13, i, Move.of(e, FOUNDATION)))
    return [m for _, _, m in sorted(out)]
