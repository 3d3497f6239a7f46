"""The pair proof (h²): facts about a position that can never hold at the same time.

Public API (pure Python, no pygame)::

    proof = PairProof(root)   # one per solve: the root's layout and what the proof has learnt
    proof.lost(position)      # True: no line from this position (reachable from root) wins

The relaxation (``yukon.solve.relaxation``) asks which facts can *ever* become true, one at a
time, and so lets a card use a target that was free once, long before, though in real
play another card has lain on it ever since. This proof asks which *pairs* of facts can
be true at once (the h² bound of planning): "the Jack of spades has left the 2 of hearts"
and "the Jack of clubs has left the 3 of spades" may each happen, but never together
while the Queen of hearts is face down, for both can only go onto the Queen of diamonds.
Yukon deals that the complete search needs millions of positions to prove lost (104, 431,
961 of deals 0-999) fall to it at once or after a few thousand positions.

The game as facts (atoms) and actions. A position is which card lies on which: a card
lies on a card or on the foot of a column, and whatever lies on it moves with it, so a
move changes only where the moved card lies. The atoms:

- ``ON(c, x)``: card c lies on x, where x is a card c may be moved onto (its *targets*) or,
  for a card that may lead into an empty column, the foot of column i;
- ``ORIG(c)``: c lies where the root position has it, on a card it does not fit, on a
  face-down card or at the foot of its column (a place it can leave but never come back to,
  since every move puts a card on one of its targets or on a foot);
- ``CLEAR(x)``: x is face up in a column with nothing on it (an end card);
- ``EMPTY(i)``: column i is empty;
- ``UP(f)``: f, face down in the root, has been turned up;
- ``FH(s, h)``: the foundation of suit s holds h cards.

The actions, one for every move of the rules: c from where it lies (y) onto x: needs ON or
ORIG of c at y, CLEAR(x) (or EMPTY(i)) and, for a card face down in the root, UP(c); makes
c lie on x and y free (CLEAR(y), or EMPTY for a foot; UP(y) when y was face down in the
root), and deletes what it needed besides UP. A card goes home from y: needs it at y,
CLEAR(c) and FH(s, rank - 1); makes FH(s, rank) and frees y; deletes the rest. A card comes
back from its foundation (when the rules allow it) onto x or a foot: needs FH(s, rank) and
CLEAR(x) or EMPTY(i); makes FH(s, rank - 1), c on x and CLEAR(c); deletes the rest.

Why it is sound (never calls a winnable position lost). For every real move from a
position S to S' there is an action a whose needs are all true in S and such that every
atom true in S' is either made by a or true in S and not deleted by a (each action above
was written so: what it deletes is false after the real move, what it makes is true, and
the needs are true before). Tail cards keep what they lie on, so they need no atom. A
subtree (a card moved onto a card of its own tail) is never checked: that only adds
actions, which is safe. h² computes the pairs of atoms that may hold at once, the least
set that holds the pairs of the start and is closed under: if a's needs are pairwise
marked, then for each atom p that a makes, {p, q} is marked for every q that a makes, and
for every q that a does not delete and that is marked with each of a's needs. By
induction along any real line, every pair of atoms true in a position of the line is
marked (the step above is exactly the case of the closure rule). A won table has
FH(s, 13) for all four suits, so if some pair of those is not marked (or one is not
reachable), no line wins.

Positions that share more than one is asked about (``lost``): a *cell* is the set of
positions with the same face-down cards, the same foundations, the same cards still lying
where the root has them (ORIG) and the same leaders at the feet of the same columns. In a
cell every other card in a column lies on one of its targets. The cards that fit the same
targets (Yukon's two red Fours on the two black Fives, a *group*) are the only ones that
can lie on those targets, and whether a target is free (CLEAR) depends only on where its
group's cards lie. So the cell's positions are, at most, every combination of one
arrangement per group: ``_cell`` marks as the start every pair of atoms true together in
some combination, the pairs of each real position of the cell among them; closing from
there, a proof holds for every position of the cell at once, and its answer is kept
(``cells``). And when a cell has been proved lost, the closed set of pairs it reached is
kept too (``dead``): a later cell whose start pairs all lie in such a set closes inside it
(the set is closed under the actions, which are the same for every position of one solve),
so it is lost without closing again. On the hard deals of 0-999 these two spare most of
the closures.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ..core.rules import Rules
from ..core.state import FACE_DOWN, Position

# How many closed sets of lost cells are kept, newest first (see PairProof.lost).
KEPT_DEAD = 48


def _prep(pre: tuple[int, ...], add: tuple[int, ...], dele: tuple[int, ...]) -> tuple[Any, ...]:
    """An action as ``_close`` reads it: needs as a mask and a tuple, makes as a tuple and a
    mask, and the mask of what it keeps (all but what it deletes)."""
    pm = 0
    for x in pre:
        pm |= 1 << x
    am = 0
    for x in add:
        am |= 1 << x
    dm = 0
    for x in dele:
        dm |= 1 << x
    return pm, pre, add, am, ~dm


class PairModel:
    """The atoms of one set of rules and the actions that do not depend on a position."""

    back: bool
    clear: list[int]
    empty: list[int]
    up: list[int]
    fh: list[list[int]]
    orig: list[int]
    on: dict[tuple[int, int], int]  # (card, target card) or (card, -1 - column): its atom
    dests: list[tuple[tuple[bool, int, int], ...]]  # per card: (to a foot?, ON atom, atom that frees the place)
    targets: list[tuple[int, ...]]
    groups: list[tuple[tuple[int, ...], tuple[int, ...]]]  # (cards, their common targets)
    hosts: frozenset[int]  # the cards some card may lie on
    size: int  # how many atoms
    byte_bits: list[tuple[int, ...]]  # [256 * k + b]: the atoms whose bits byte k of a row, b, sets
    static: list[tuple[Any, ...]]  # the actions of cards lying on targets or feet, and of returns
    goal: tuple[int, ...]
    goal_mask: int

    def __init__(self, rules: Rules) -> None:
        onto = rules.onto
        targets: list[list[int]] = [[] for _ in range(52)]
        for t in range(52):
            for c in onto[t]:
                targets[c].append(t)
        self.targets = [tuple(ts) for ts in targets]
        leaders = set(rules.space_leaders)
        self.back = rules.foundation_return
        self.clear = list(range(52))
        self.empty = list(range(52, 59))
        self.up = list(range(59, 111))
        self.fh = [[111 + 14 * s + h for h in range(14)] for s in range(4)]
        self.orig = list(range(167, 219))
        n = 219
        self.on = {}
        dests = []
        for c in range(52):
            ds = []
            for x in targets[c]:
                self.on[c, x] = n
                ds.append((False, n, self.clear[x]))
                n += 1
            if c in leaders:
                for i in range(7):
                    self.on[c, -1 - i] = n
                    ds.append((True, n, self.empty[i]))
                    n += 1
            dests.append(tuple(ds))
        self.dests = dests
        self.size = n
        self.byte_bits = [tuple(8 * k + i for i in range(8) if b >> i & 1)
                          for k in range((n + 7) // 8) for b in range(256)]
        # The cards that may lie on a target all have the same targets (Yukon: the two cards
        # of a rank and colour; Russian: one card): a group (see _cell).
        groups = {}
        for x in range(52):
            if onto[x]:
                if len({self.targets[c] for c in onto[x]}) != 1:
                    raise ValueError(f"{rules.variant}: cards that fit one card fit different cards")
                groups[self.targets[onto[x][0]]] = tuple(onto[x])
        self.groups = [(cards, ts) for ts, cards in groups.items()]
        self.hosts = frozenset(x for x in range(52) if onto[x])
        fh = self.fh
        acts = []
        for c in range(52):
            s, r = divmod(c, 13)
            for (foot_y, on_y, free_y) in dests[c]:
                for (foot_x, on_x, free_x) in dests[c]:
                    if on_x != on_y and not (foot_y and foot_x):
                        acts.append(_prep((on_y, free_x), (on_x, free_y), (on_y, free_x)))
                acts.append(_prep((on_y, self.clear[c], fh[s][r]), (fh[s][r + 1], free_y),
                                  (on_y, fh[s][r], self.clear[c])))
            if self.back:
                for (_, on_x, free_x) in dests[c]:
                    acts.append(_prep((fh[s][r + 1], free_x), (on_x, fh[s][r], self.clear[c]),
                                      (fh[s][r + 1], free_x)))
        self.static = acts
        self.goal = tuple(fh[s][13] for s in range(4))
        self.goal_mask = sum(1 << g for g in self.goal)

    def orig_actions(self, c: int, below: int, column: int, c_down: bool, below_down: bool) -> list[tuple[Any, ...]]:
        """The actions of card ``c`` lying where the root has it: on card ``below`` (or, when
        ``below`` is -1, at the foot of ``column``); ``c_down``, ``below_down``: face down in
        the root."""
        o = self.orig[c]
        free_y = self.clear[below] if below >= 0 else self.empty[column]
        makes = (free_y, self.up[below]) if below_down else (free_y,)
        needs = (self.up[c], o) if c_down else (o,)
        acts = []
        for (foot_x, on_x, free_x) in self.dests[c]:
            if not (foot_x and below < 0):  # a card at the foot of its column into another: no move
                acts.append(_prep((*needs, free_x), (on_x, *makes), (o, free_x)))
        s, r = divmod(c, 13)
        acts.append(_prep((*needs, self.clear[c], self.fh[s][r]), (self.fh[s][r + 1], *makes),
                          (o, self.fh[s][r], self.clear[c])))
        return acts


@lru_cache(maxsize=8)
def pair_model(rules: Rules) -> PairModel:
    """The model of ``rules``, made once."""
    return PairModel(rules)


class PairProof:
    """The pair proof for the positions of one solve (all reachable from ``root``).

    It is made cheaply and ``start``-ed when wanted (a closure costs as much as a few hundred
    search positions); then ``lost(p)`` answers for ``p``'s cell, keeps the answer (``cells``)
    and keeps the closed pairs of lost cells (``dead``, newest first) to answer later cells
    without closing them. ``closures`` counts the closures made, ``asked`` the questions.
    """

    root: Position
    ready: bool  # started
    model: PairModel
    actions: list[tuple[Any, ...]]
    root_down: tuple[int, ...]  # the cards face down in the root
    cells: dict[tuple[Any, ...], bool]
    dead: list[list[int]]
    asked: int
    closures: int
    proved: int  # closures that proved their cell lost
    covered: int  # cells found lost in a kept closed set

    def __init__(self, root: Position) -> None:
        self.root = root.copy()
        self.ready = False
        self.actions = []
        self.root_down = ()
        self.cells = {}
        self.dead = []
        self.asked = 0
        self.closures = 0
        self.proved = 0
        self.covered = 0

    def start(self) -> bool:
        """Make the root's actions; True when the root itself is proved lost."""
        root = self.root
        m = self.model = pair_model(root.rules)
        acts = list(m.static)
        for i, col in enumerate(root.columns):
            dn = root.down[i]
            below = -1
            for j, c in enumerate(col):
                if _lies_at_origin(m, c, below, i, j, dn):
                    acts += m.orig_actions(c, below, i, j < dn, 0 < j <= dn)
                below = c
        self.actions = acts
        self.root_down = tuple(c for c in range(52) if root.loc[c] == FACE_DOWN)
        self.ready = True
        return self.lost(root)

    def paying(self) -> bool:
        """Do its closures mostly prove their cells lost (after the first few)?"""
        return self.closures < 16 or self.proved * 2 >= self.closures

    def lost(self, p: Position, close: bool = True) -> bool:
        """True when no line from ``p`` wins (``p`` must be reachable from the root, its
        columns in the root's order; ``start`` first). Without ``close`` it only looks up
        what it knows (cheap), and a cell it cannot answer so counts as not lost."""
        self.asked += 1
        key, fixed, mobile, taken = _cell_key(self.model, p, self.root_down)
        known = self.cells.get(key)
        if known is not None:
            return known
        rows = _cell_rows(self.model, p, fixed, mobile, taken)
        if rows is None:
            return False
        used = [(a, r) for a, r in enumerate(rows) if r]
        dead = self.dead
        for k, d in enumerate(dead):
            for a, r in used:
                if r & ~d[a]:
                    break
            else:
                if k:
                    dead.insert(0, dead.pop(k))
                self.covered += 1
                self.cells[key] = True
                return True
        if not close:
            return False
        self.closures += 1
        lost = _close(self.model, self.actions, rows)
        self.cells[key] = lost
        if lost:
            self.proved += 1
            dead.insert(0, rows)
            del dead[KEPT_DEAD:]
        return lost


def _lies_at_origin(m: PairModel, c: int, below: int, column: int, j: int, dn: int) -> bool:
    """Does card ``c`` (``j``-th of its column, ``dn`` face down, on ``below`` or -1 for the
    foot) lie at its origin (ORIG), rather than on one of its targets or a foot it may lead
    into (an ON atom)?"""
    if j > dn:
        return (c, below) not in m.on
    if j == 0 == dn:
        return (c, -1 - column) not in m.on
    return True


def _cell(m: PairModel, p: Position, root_down: tuple[int, ...]) -> tuple[tuple[Any, ...], list[int] | None]:
    """The cell of ``p`` (see the module docstring): its key, and the pairs of atoms true
    together in some position of the cell, as rows (``rows[a]``: the atoms marked with a;
    0 for an atom true in none). None instead of the rows when the cell's positions can
    have the four full foundations at once already (the won table)."""
    key, fixed, mobile, taken = _cell_key(m, p, root_down)
    return key, _cell_rows(m, p, fixed, mobile, taken)


def _cell_key(m: PairModel, p: Position, root_down: tuple[int, ...]) -> tuple[tuple[Any, ...], int, list[int], set[int]]:
    """The key of ``p``'s cell, with what ``_cell_rows`` needs besides: the atoms true in
    every position of the cell, the cards lying on targets, and the cards that can take no
    card of their group (the key alone is cheap: most cells asked about are known)."""
    on = m.on
    orig_mask = 0
    feet = []
    mobile = []  # cards lying on targets: where they lie is what varies in the cell
    fixed = 0  # the atoms true in every position of the cell
    taken = set()  # cards that cannot take a card of their group: face down, home, or with a card at ORIG on them
    loc = p.loc
    for i, col in enumerate(p.columns):
        if not col:
            fixed |= 1 << m.empty[i]
            continue
        dn = p.down[i]
        below = -1
        for j, c in enumerate(col):
            if j > dn:
                a = on.get((c, below))
                if a is not None:
                    mobile.append(c)
                    below = c
                    continue
            elif j == 0 == dn:
                a = on.get((c, -1 - i))
                if a is not None:
                    fixed |= 1 << a
                    feet.append((c, i))
                    below = c
                    continue
            orig_mask |= 1 << c
            fixed |= 1 << m.orig[c]
            if below >= 0:
                taken.add(below)
            below = c
    found = tuple(p.foundations)
    key = (orig_mask, tuple(c for c in root_down if loc[c] == FACE_DOWN), found, tuple(feet))
    for s in range(4):
        fixed |= 1 << m.fh[s][found[s]]
    for c in root_down:
        if loc[c] != FACE_DOWN:
            fixed |= 1 << m.up[c]
    return key, fixed, mobile, taken


def _cell_rows(m: PairModel, p: Position, fixed: int, mobile: list[int], taken: set[int]) -> list[int] | None:
    """The start rows of ``p``'s cell (see ``_cell``) from what ``_cell_key`` found."""
    on = m.on
    loc = p.loc
    onloc = 7  # ON_FOUNDATION: home cards take nothing
    # Each group's arrangements: where its cards on targets may lie (two never on one
    # target, and only on a target that is face up, not home and has no ORIG card on it).
    spans = []
    every = 0
    is_mobile = [False] * 52
    for c in mobile:
        is_mobile[c] = True
    for cards, ts in m.groups:
        free = [x for x in ts if loc[x] < onloc and x not in taken]
        movers = [c for c in cards if is_mobile[c]]
        if not free:
            continue
        arrangements = [0]
        for c in movers:
            arrangements = [a | (1 << on[c, x]) for a in arrangements for x in free
                            if not any(a >> on[d, x] & 1 for d in cards if d != c and is_mobile[d])]
        clears = []
        for a in arrangements:
            for x in free:
                if not any(a >> on[c, x] & 1 for c in movers):
                    a |= 1 << m.clear[x]
            clears.append(a)
        span = 0
        for a in clears:
            span |= a
        spans.append((span, clears))
        every |= span
    # cards no card can ever lie on (Aces, in Yukon): CLEAR is fixed
    for x in range(52):
        if loc[x] < onloc and x not in taken and x not in m.hosts:
            fixed |= 1 << m.clear[x]
    rows = [0] * m.size
    top = fixed | every
    bit = fixed
    while bit:
        low = bit & -bit
        rows[low.bit_length() - 1] = top
        bit ^= low
    for span, arrangements in spans:
        rest = fixed | (every & ~span)
        bit = span
        while bit:
            low = bit & -bit
            a = low.bit_length() - 1
            row = rest
            for arr in arrangements:
                if arr & low:
                    row |= arr
            rows[a] = row
            bit ^= low
    gm = m.goal_mask
    if all(rows[g] & gm == gm for g in m.goal):
        return None
    return rows


def _close(m: PairModel, actions: list[tuple[Any, ...]], rows: list[int]) -> bool:
    """Close the marked pairs ``rows`` (changed in place) under ``actions`` (see the module
    docstring); True when some pair of full foundations is never marked (the position, or
    cell, is lost). It stops as soon as every such pair is marked.

    Rows are ints (bit q of ``rows[a]``: the pair {a, q} is marked), so an action's pairs
    are found at once: the atoms marked with each of its needs, less what it deletes. The
    other half of each new pair (bit a of ``rows[q]``) is set atom by atom, found byte by
    byte (``_BYTE_BITS``): most of a closure's time goes there."""
    goal = m.goal
    gm = m.goal_mask
    size = (m.size + 7) // 8
    byte_bits = m.byte_bits
    changed = -1  # the atoms whose rows changed in the last round (all of them at first)
    while changed:
        dirty = changed
        changed = 0
        for pm, pre, add, am, keep in actions:
            if not pm & dirty:
                continue
            both = -1
            for x in pre:
                rx = rows[x]
                if rx & pm != pm:
                    break
                both &= rx
            else:
                both = (both & keep) | am
                for x in add:
                    new = both & ~rows[x]
                    if new:
                        rows[x] |= new
                        bx = 1 << x
                        changed |= new | bx
                        dirty |= new | bx
                        new &= ~bx
                        k = 0
                        for b in new.to_bytes(size, "little"):
                            if b:
                                for q in byte_bits[k + b]:
                                    rows[q] |= bx
                            k += 256
        if changed & gm and all(rows[g] & gm == gm for g in goal):
            return False
    return True

