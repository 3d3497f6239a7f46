"""The search that goes on after an undecided answer: the position on the table, asked again
with a growing budget while the player plays on.

The first search for a position is the link's own (``SolverLink.solve_timeout``, wall seconds:
the player sees "checking" meanwhile). When it runs out of time, the same child is asked
about the same position again with ``BUDGETS[0]``, then ``BUDGETS[1]`` and so on, each a
budget of the child's own CPU seconds (``SolverService.request(cpu=True)``; and at most
``NODE_CAP`` positions, which bounds its memory): the child runs at a lower priority, so on a
busy machine wall seconds would buy less search, and the window's frames come first anyway.
The window only polls for the answer. A verdict ends the search and goes into the status
line like any other; after the last budget the position stays undecided.

The search on the table's position yields to every other request of the assist (a hint's
checks, a deal's level, a winnable deal kept ready, Why?): those cut it short, and it is
asked again with the same budget once the child is free. A move, an undo, a new deal cut
it at once (``Assist.sync``): the new position gets its own first search. How many budgets
ran out is kept per position (``TRIED_LIMIT`` positions at most), so a position met again
goes on from the next budget, and one whose every budget ran out is not searched again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...solve.solver import Verdict
from .context import Context
from .knowledge import Knowledge, PositionKey, position_key
from .link import Pending, SolverLink, new_request

if TYPE_CHECKING:
    from collections.abc import Sequence

# CPU seconds of the child for each search after the first undecided one, three times the last
# (each costs about as much as all before it together, so little is wasted on a verdict that needed
# only a little more): 10 s (the first search, wall seconds), 30 s, 90 s. Yukon deals are decided
# in 0.01 s (the median) to 12 s (the slowest of 10,000 decided), so a position still open after
# two minutes is rare, and the next step would cost more than it is worth: the child's memory grows
# with its search, about 230 bytes a position, 3.7 MB a CPU second here (deal 320: 452 MB after
# 120 s, 2 million positions), and the child keeps much of it afterwards (90 MB of a 116 MB peak
# after a 20 s search). ``NODE_CAP`` bounds each search in positions too, so that a faster machine
# does not take more memory for the same seconds (about 350 MB at most).
BUDGETS: tuple[float, ...] = (30.0, 90.0)
NODE_CAP = 1_500_000
TRIED_LIMIT = 4096  # positions whose spent budgets are kept (the oldest are forgotten first)


class BudgetLadder:
    """How many of the growing budgets each position has spent without a verdict (bounded: the
    positions met longest ago are forgotten first)."""

    budgets: tuple[float, ...]
    _tried: dict[PositionKey, int]  # budgets that ran out without a verdict, per position

    def __init__(self, budgets: Sequence[float] = BUDGETS) -> None:
        self.budgets = tuple(budgets)
        self._tried = {}

    def __len__(self) -> int:
        """How many positions' counts are kept."""
        return len(self._tried)

    def next_budget(self, key: PositionKey) -> float | None:
        """The CPU seconds of the next search for the position with ``key`` (None: every budget ran out)."""
        i = self._tried.get(key, 0)
        return self.budgets[i] if i < len(self.budgets) else None

    def spent(self, key: PositionKey) -> None:
        """The search of the position with ``key`` ended undecided: its next one gets the next budget."""
        tried = self._tried
        n = tried.pop(key, 0) + 1  # popped and put back: the newest stay longest
        if len(tried) >= TRIED_LIMIT:
            del tried[next(iter(tried))]
        tried[key] = n


class Deepening:
    """The deep search on the position on the table: what to ask next (``look``), what ran out
    (``ran_out``), and whether the status line may say the search goes on (``searching``)."""

    _ctx: Context
    _knowledge: Knowledge
    _link: SolverLink
    ladder: BudgetLadder

    def __init__(self, ctx: Context, knowledge: Knowledge, link: SolverLink,
                 budgets: Sequence[float] = BUDGETS) -> None:
        self._ctx = ctx
        self._knowledge = knowledge
        self._link = link
        self.ladder = BudgetLadder(budgets)

    def _wanted(self) -> tuple[PositionKey, float] | None:
        """The table's position and its next budget, when it is undecided and may be searched further."""
        pos = self._ctx.game.position
        if pos.is_won():
            return None
        key = position_key(pos)
        k = self._knowledge.get(key)
        budget = self.ladder.next_budget(key)
        if k is None or k.status != Verdict.UNKNOWN or budget is None:
            return None
        return key, budget

    def look(self) -> Pending | None:
        """The next deep search for the child, which is free (None: nothing to search)."""
        wanted = self._wanted()
        if wanted is None:
            return None
        key, budget = wanted
        game = self._ctx.game
        trail = self._knowledge.trail(game)
        return new_request("deepen", key, game.position.copy(), ancestors=tuple(trail[:-1]), budget=budget,
                           node_limit=NODE_CAP)

    def ran_out(self, req: Pending) -> None:
        """The search ``req`` ended undecided: its position's next search gets the next budget."""
        self.ladder.spent(req.key)

    def searching(self) -> bool:
        """Is the table's undecided position still being searched (or about to be)?"""
        return self._link.running and not self._link.failed and self._wanted() is not None
