"""The solver's proofs that a position is lost: the relaxation and the twin rule.

Public API (pure Python, no pygame)::

    dead_end(position)            # True: the relaxation proves some card can never go home
    crowded(position)             # True: the twin rule proves the position lost
    relaxation_closure(position)  # the relaxation's facts, for explaining a loss (yukon.solve.explain)
    crowded_pair(position)        # the twin rule's facts, likewise

The searches of ``yukon.solve.solver`` run both as they go (when, its module docstring says;
it re-exports these four names) and read the per-rules tables made here (``Tables``,
``tables_for``, ``no_return_tables``) for their moves too. This module does not import
the solver.

- A relaxation over facts that only ever become true (a card is face up, is an end card,
  has left the card it lies on, is home, a column is empty) proves many positions lost
  at once (``dead_end``; ``_close`` keeps the facts as bit masks and closes them).
- The twin rule (``crowded``) adds what the relaxation ignores: the two cards of a rank
  and colour fit on the same two targets, and when one target stays out of reach until
  both have moved, they cannot both get past the other.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache

from ..core.rules import Rules
from ..core.safe import safe_guards
from ..core.state import Position

# The end of a column's part of a position key (see ``yukon.solve.solver.canonical_key``): its
# face-down count plus 64, so that it cannot be taken for a card.
TERM = [bytes((64 + d,)) for d in range(20)]

# The relaxation keeps its sets of cards as int bit masks (see _close): card c is bit
# c + c // 13, 14 bits a suit, the 14th always 0 so that a carry stops before the next suit.
_BIT = tuple(1 << (c + c // 13) for c in range(52))
_FOOT = 1 << 56  # below a card that heads its column (see layout_of)
_COLUMNS_KEPT = 20_000  # the most columns layout_of keeps (t.columns, about 800 bytes each) before it starts again
_ALL = sum(_BIT)
_ACES = _BIT[0] | _BIT[13] | _BIT[26] | _BIT[39]
_LOWER = _ALL & ~(_BIT[12] | _BIT[25] | _BIT[38] | _BIT[51])  # all but the Kings


class Tables:
    """Per-rules look-up tables the search uses for every node."""

    def __init__(self, rules: Rules) -> None:
        onto = rules.onto
        self.onto = onto
        self.back = rules.foundation_return
        targets: list[list[int]] = [[] for _ in range(52)]
        for t in range(52):
            for c in onto[t]:
                targets[c].append(t)
        self.targets = [tuple(t) for t in targets]
        self.leader = [False] * 52
        for c in rules.space_leaders:
            self.leader[c] = True
        self.leaders = tuple(rules.space_leaders)
        self.guards = safe_guards(rules)  # the safe foundation rule (yukon.core.safe)
        # Pairs of cards that fit on the same two targets (Yukon's same-colour twins), with
        # those targets: (c, d, x1, x2).
        twins: list[tuple[int, int, int, int]] = []
        for c in range(52):
            for d in range(c + 1, 52):
                if len(self.targets[c]) == 2 and self.targets[c] == self.targets[d]:
                    x1, x2 = self.targets[c]
                    twins.append((c, d, x1, x2))
        self.twins = tuple(twins)
        # For the relaxation's masks (``_close``): each card's targets and the leaders as
        # masks, and how to find at once the cards with a free target. In Russian a card
        # fits on the next card of its suit (own_suit: shift the free targets down a rank);
        # in Yukon on the next rank of the two suits of the other colour: fits holds, for
        # the black and then the red targets, their suits' shifts (which bring rank r + 1
        # down to bit r) and a multiplier that copies the 13 bits of ranks into the suits
        # that fit on them.
        self.target_bits = tuple(sum(_BIT[x] for x in self.targets[c]) for c in range(52))
        self.lead_bits = sum(_BIT[c] for c in self.leaders)
        ups = tuple(tuple(sorted({x // 13 for x in self.targets[13 * s]})) for s in range(4))
        for c in range(52):
            r = c % 13
            want = tuple(13 * u + r + 1 for u in ups[c // 13]) if r < 12 else ()
            if tuple(sorted(self.targets[c])) != want:
                raise ValueError(f"{rules.variant}: a card's targets are not one rank up")
        self.own_suit = ups == ((0,), (1,), (2,), (3,))
        self.fits = ((1, 1, 0), (1, 1, 0))
        if not self.own_suit:
            if ups != ((1, 2), (0, 3), (0, 3), (1, 2)):
                raise ValueError(f"{rules.variant}: the relaxation knows no such targets")
            self.fits = ((1, 43, 1 << 14 | 1 << 28), (15, 29, 1 | 1 << 42))
        # Each pair of twins' targets and twins as masks (see twin_pairs).
        self.pair_masks = {pair: (_BIT[pair[2]] | _BIT[pair[3]], _BIT[pair[0]] | _BIT[pair[1]])
                           for pair in self.twins}
        # The relaxation's share of each column met (see layout_of), by its part of the key.
        self.columns: dict[bytes, tuple] = {}


@lru_cache(maxsize=16)
def tables_for(rules: Rules) -> Tables:
    """The tables of ``rules``, made once."""
    return Tables(rules)


@lru_cache(maxsize=16)
def no_return_tables(rules: Rules) -> Tables:
    """The tables of ``rules`` without foundation return (the "/noret" searches)."""
    return tables_for(Rules(rules.variant, rules.any_card_in_space, False))


def dead_end(p: Position, tables: Tables | None = None, layout: tuple | None = None) -> bool:
    """True when the relaxation proves the position lost (some card can never go home).

    Facts that, once true, stay true in the relaxation: a card is face up (U), has been
    an end card (E), has left the card it now lies on (G), has been home (H), and some
    column has been empty (S). A face-down card is turned up exactly when the card on it
    leaves; a card leaves when it is face up and can go home, onto a card that has been
    an end card (not the one it lies on), or into a space; a card goes home when it is an
    end card and its predecessor is home. Order and crowding are ignored, so every real
    line of play only makes facts true that the closure makes true: if the closure leaves
    a card short of home, no line wins. The closure stops as soon as every card is home
    (most positions the search asks about are not lost). ``layout`` is ``layout_of(p, t)``
    when the caller has it already.
    """
    t = tables or tables_for(p.rules)
    return dead_end_from(p, t, layout or layout_of(p, t))


def dead_end_from(p: Position, t: Tables, layout: tuple, hist: list[tuple[int, tuple]] | None = None) -> bool:
    """``dead_end(p)``; with ``hist``, the relaxation's rounds are added to it (see
    ``_close``), and last its final facts (as if every card moved then), so that the
    facts made before any given cards first moved can be found (``crowded``)."""
    s = _facts(layout)
    if s[0] != _ALL:
        _close(t, layout, s, goal=_ALL, hist=hist)
    if hist is not None:
        hist.append((-1, tuple(s[:5])))
    return s[0] != _ALL


def _start(hist: list[tuple[int, tuple]], cards: int) -> list:
    """From the rounds ``hist`` of a closure (see ``dead_end_from``, whose last entry matches
    any card): a copy of the facts it had made before any card of the mask ``cards`` first
    moved, ready for ``_close``."""
    for moved, facts in hist:
        if moved & cards:
            break
    return [*facts, None]


def layout_of(p: Position, t: Tables, parts: list[bytes] | None = None) -> tuple:
    """The starting facts of the relaxation and the layout its rules read (see ``_close``),
    card sets as masks (``_BIT``): H (home), U (face up), E (end cards), below (for each
    card's bit, the bit of the card it lies on; ``_FOOT`` at the foot of a column), the
    leaders that lie on another card, tails (see ``_column``), the cards that have one, and
    whether a column is empty. ``parts`` are the columns as the search keys them (see
    ``yukon.solve.solver._Search.run``) when the caller has them. Each column's share is worked out once
    (``_column``) and kept in ``t.columns``: the search meets the same few columns in
    many positions."""
    f0, f1, f2, f3 = p.foundations
    H = ((1 << f0) - 1) | (((1 << f1) - 1) << 14) | (((1 << f2) - 1) << 28) | (((1 << f3) - 1) << 42)
    U = E = feet = tail_cards = 0
    below: dict[int, int] = {}
    space = False
    tails: list[tuple[int, int, tuple[tuple[int, int], ...]]] = []
    if parts is None:
        term = TERM
        parts = [bytes(col) + term[dn] for col, dn in zip(p.columns, p.down)]
    known = t.columns
    for part in parts:
        share = known.get(part)
        if share is None:
            if len(known) >= _COLUMNS_KEPT:
                known.clear()
            share = known[part] = _column(part, t)
        end, foot, up, under, own, with_own = share
        if not end:
            space = True
            continue
        E |= end
        feet |= foot
        U |= up
        below.update(under)
        if with_own:
            tails += own
            tail_cards |= with_own
    return H, U, E, below, t.lead_bits & ~feet, tails, tail_cards, space


def _column(part: bytes, t: Tables) -> tuple:
    """One column's share of ``layout_of`` (``part``: its cards, deepest first, then its
    face-down count plus 64, as ``yukon.solve.solver.canonical_key`` writes it): its end card, its foot, its
    face-up cards, what each card lies on, its tails and the cards that have one (all 0
    for an empty column).

    tails: one entry (c, others, ((x, between), ...)) per face-up card c with a target x
    lying above it in its own column (bits): c cannot go onto such an x while x is still
    in its tail (not home, and no card from the one on c up to x, ``between``, has left);
    ``others`` are its other targets."""
    col = list(part[:-1])
    if not col:
        return 0, 0, 0, {}, (), 0
    dn = part[-1] - 64
    BIT = _BIT
    target_bits = t.target_bits
    under: dict[int, int] = {}
    prev = _FOOT
    for c in col:
        under[BIT[c]] = prev
        prev = BIT[c]
    up = 0
    for c in col[dn:]:
        up |= BIT[c]
    tails = []
    with_own = 0
    above = 0
    for j in range(len(col) - 1, dn - 1, -1):
        c = col[j]
        if target_bits[c] & above:
            pairs = []
            between = 0
            for x in col[j + 1:]:
                between |= BIT[x]
                if target_bits[c] & BIT[x]:
                    pairs.append((BIT[x], between))
            tails.append((BIT[c], target_bits[c] & ~above, tuple(pairs)))
            with_own |= BIT[c]
        above |= BIT[c]
    return prev, BIT[col[0]], up, under, tuple(tails), with_own


def _facts(layout: tuple) -> list:
    """The relaxation's state at its start, to be closed by ``_close``: [H, G, E, L, space,
    snapshot] (see ``_close``); no card has left yet, so L is the face-up cards."""
    return [layout[0], 0, layout[2], layout[1], layout[7], None]


def _watch(watch: tuple[int, int, int, int], t: Tables) -> tuple[int, int, int]:
    """The masks ``_freed`` reads for the twins c, d with targets x1, x2 of ``watch``: both
    targets, both twins, and the twins that may lead into a space."""
    c, d, x1, x2 = watch
    tw = _BIT[c] | _BIT[d]
    return _BIT[x1] | _BIT[x2], tw, tw & t.lead_bits


def _freed(s: list, w: tuple[int, int, int], back: bool) -> bool:
    """With the facts ``s``: are both targets of the twins ``w`` (see ``_watch``) free, or
    can a twin go home or into a space? (see ``crowded``)"""
    H, E = s[0], s[2]
    both = w[0]
    return ((E | H if back else E) & both == both or bool(E & ((H << 1) | _ACES) & w[1])
            or (s[4] and w[2] != 0))


def _close(t: Tables, layout: tuple, s: list, pins: int = 0, watch: tuple[int, int, int] | None = None,
           goal: int = -1, mark: int = 0, hist: list[tuple[int, tuple]] | None = None) -> bool:
    """Close the relaxation's facts ``s`` (changed in place; see ``_facts``): H (has been
    home), G (has left the card it lies on), E (has been an end card), L (face up and has
    not left: it may still leave), whether a column has been empty (see ``dead_end``), and
    a snapshot. A free target (T) is a card of E, or of H with foundation return. The cards
    of ``pins`` never leave nor go home. With ``watch`` (see ``_watch``) it stops, and
    returns True, as soon as ``_freed`` holds; it also stops once H is ``goal``. The
    snapshot is a copy of the facts as they were just before a card of ``mark`` first went
    home or left the card it lies on (None if none did): closing that copy with the card
    pinned gives the closure with it pinned. With ``hist``, each round that changed
    anything is added to it: the cards that went home or left in it, and the facts as they
    were before it (``_start`` finds the facts made before given cards first moved).

    The facts are sets of cards kept as bit masks (``_BIT``), so each rule fires for every
    card at once, round after round until a round changes nothing: the end cards whose
    predecessor is home go home, each run of them up its suit in one addition (14 bits a
    suit: the carry stops in the gap); then every face-up card that has not left and is
    home, or has a free target (the targets of a suit's cards are a shift of its target
    suits' T), or may lead into a space (and lies on a card) leaves, except a card whose
    only free targets still lie in its own tail (``layout_of``'s tails); the cards they lay
    on become end cards and face up, and a card that headed its column leaves a space.
    A card's target is never the card it lies on while it has not left: that card is only
    an end card (or home) once it has.

    Every rule only ever makes facts true, so the closure is the same whatever the order
    rules fire in: facts closed with a pin may be closed again with the pin released and
    give what closing with no pin from the start gives.
    """
    H, G, E, L, space, snap = s
    below, lead, tails, tail_cards = layout[3], layout[4], layout[5], layout[6]
    back = t.back
    own_suit = t.own_suit
    (a1, a2, ra), (b1, b2, rb) = t.fits
    aces, lower, all_cards = _ACES, _LOWER, _ALL
    free = ~pins
    led = lead if space else 0  # the cards that may leave into a space
    if watch is not None:
        both, twins, twins_lead = watch
    hp = (H << 1) | aces  # the cards whose predecessor is home
    while True:
        if hist is not None:
            pre = (H, G, E, L, space)
        M = E & ~H & free
        S = M & hp
        new = ((M + S) ^ M) & M if S else 0
        if new:
            if new & mark and snap is None:
                snap = [H, G, E, L, space, None]
            H |= new
            if H == goal:
                if hist is not None:
                    hist.append((new, pre))
                break
            hp = (H << 1) | aces
        T = E | H if back else E
        if own_suit:
            F = (T >> 1) & lower
        else:
            F = ((T >> a1 | T >> a2) & 0xFFF) * ra | ((T >> b1 | T >> b2) & 0xFFF) * rb
        N = L & free & (F | H | led)
        if N & tail_cards:
            ok = H | led
            for cb, others, pairs in tails:
                if N & cb and not (ok & cb or T & others):
                    for xb, between in pairs:
                        if T & xb and (H & xb or G & between):
                            break
                    else:
                        N ^= cb
        if watch is not None and (T & both == both or E & hp & twins or (space and twins_lead)):
            return True
        if hist is not None and (new or N):
            hist.append((new | N, pre))
        if not N:
            break
        if N & mark and snap is None:
            snap = [H, G, E, L, space, None]
        G |= N
        L ^= N
        # the cards they lay on (_FOOT for a card that headed its column)
        X = 0
        while N:
            low = N & -N
            N ^= low
            X |= below[low]
        if X & _FOOT:
            X &= all_cards
            space = True
            led = lead
        E |= X
        L |= X & ~G  # face up now (unless it has left already, carrying the card)
    s[:] = H, G, E, L, space, snap
    return False


def _closure(p: Position, t: Tables, pin: int = -1,
             watch: tuple[int, int, int, int] | None = None,
             layout: tuple | None = None,
             until_home: bool = False) -> tuple[list[bool], list[bool], bool] | None:
    """The relaxation's closure: which cards can get home (H), which can become end cards
    (E), and whether a column can become empty. ``pin`` may never leave where it lies (nor
    go home): what the closure then makes true can happen before it moves. With ``watch``
    (twins c, d and their targets, see ``crowded``) it stops early, returning None, as soon
    as both targets are free or a twin could go home or into a space. ``layout`` is
    ``layout_of(p, t)`` when the caller closes the same position more than once (it is not
    changed). With ``until_home`` it stops as soon as every card is home (``dead_end``
    asks no more); what it returns then is only part of the closure."""
    if layout is None:
        layout = layout_of(p, t)
    s = _facts(layout)
    w = None if watch is None else _watch(watch, t)
    if w is not None and _freed(s, w, t.back):
        return None
    if _close(t, layout, s, _BIT[pin] if pin >= 0 else 0, w, _ALL if until_home else -1):
        return None
    H, E = s[0], s[2]
    return [H & b != 0 for b in _BIT], [E & b != 0 for b in _BIT], s[4]


def twin_pairs(p: Position, t: Tables, hidden_only: bool, pairs: Sequence[tuple[int, int, int, int]],
               layout: tuple | None = None) -> Iterator[tuple[int, int, int, int, int]]:
    """The pairs of ``pairs`` (index i, twins c, d, targets x1, x2) that ``crowded`` closes:
    neither twin is home or can go home now, not both targets are free now and, with
    ``hidden_only``, a target is face down. ``layout`` is ``layout_of(p, t)`` when the caller
    has it already."""
    if layout is None:
        layout = layout_of(p, t)
    H, U, E = layout[0], layout[1], layout[2]
    free = E | H if t.back else E  # end cards now, and home cards when they may come back
    down = ~(U | H)  # the face-down cards
    home_now = E & ((H << 1) | _ACES)  # the cards that can go home now
    masks = t.pair_masks
    for i, pair in enumerate(pairs):
        both, twins = masks[pair]
        if (twins & (H | home_now) or free & both == both
                or (hidden_only and not down & both)):
            continue
        c, d, x1, x2 = pair
        yield i, c, d, x1, x2


def crowded(p: Position, tables: Tables | None = None, hidden_only: bool = False,
            pairs: list[tuple[int, int, int, int]] | None = None, layout: tuple | None = None,
            hist: list[tuple[int, tuple]] | None = None) -> bool:
    """True when two cards that fit the same two targets are proved to get in each other's way.

    In Yukon the two cards of a rank and colour (the "twins", say the red Fours) fit on the
    same two cards (the black Fives). Pin one twin where it lies and close the relaxation:
    that over-approximates everything that can happen before it first moves. Suppose that,
    with either twin pinned, one target (x2) never becomes free and neither twin can go
    home or into a space. Then whichever twin moves first can only go onto the other
    target (x1), and it cannot leave x1 before its twin moves, so its twin never moves:
    the position is lost. The plain relaxation misses this because it lets both twins use x1.
    With ``hidden_only`` only twins with a face-down target are looked at: in the search's
    own figures every pair that proved a loss had one, and it saves most of the cost.
    ``pairs`` (a search's own copy of the twins) is tried in order, and a pair that proves
    a loss moves to the front: the same pair tends to prove the next position lost too.
    ``layout`` is ``layout_of(p, t)`` when the caller has it already; ``hist`` (the rounds of
    the relaxation, ``dead_end_from`` makes them) is where the closures of each pair may start
    from: the facts made before either of its twins first moved.
    """
    t = tables or tables_for(p.rules)
    if not t.twins:
        return False
    back = t.back
    BIT = _BIT
    if layout is None:
        layout = layout_of(p, t)
    for i, c, d, x1, x2 in twin_pairs(p, t, hidden_only, t.twins if pairs is None else pairs, layout):
        if layout[3][BIT[c]] in (BIT[x1], BIT[x2]):
            c, d = d, c  # pin first the twin not lying on a target: that closure fails sooner
        # The closure does not depend on the order (see _close), so the closure with c
        # pinned may start from facts made without c moving (the relaxation's, before c
        # first moved), and the one with d pinned from facts made without d moving: the
        # relaxation's before d first moved if d moved before c there, else those the
        # first closure had made before d first moved.
        w = _watch((c, d, x1, x2), t)
        cb, db = BIT[c], BIT[d]
        pc = _facts(layout) if hist is None else _start(hist, cb)
        pd = _start(hist, db) if hist is not None and (pc[0] | pc[1]) & db else None
        if _freed(pc, w, back) or _close(t, layout, pc, cb, w, mark=0 if pd else db):
            continue
        if pd is None:
            pd = pc[5] if pc[5] is not None else pc[:5] + [None]
        if _close(t, layout, pd, db, w):
            continue
        free = pc[2] | pd[2] | (pc[0] | pd[0] if back else 0)  # T of either closure
        for y in (x1, x2):
            if not free & BIT[y]:  # neither closure ever frees y
                if pairs is not None and i:
                    pairs.insert(0, pairs.pop(i))
                return True
    return False


def stuck_crowded(p: Position, t: Tables, pairs: list[tuple[int, int, int, int]],
                  layout: tuple | None = None, hist: list[tuple[int, tuple]] | None = None) -> bool:
    """The twin rule (``crowded``, twins with a face-down target) where the complete search
    checks a position after a move that left its card stuck (``yukon.solve.solver._Search._stuck``).

    It proves nothing new: the proof is the twin rule's, so it is as sound as ``crowded``.
    What it adds is where it runs. The search otherwise asks the twin rule only after moves
    that turn a card up or send one home, but within one layer of face-down cards the
    twin rule's premise is mostly made true by moves that do neither (a twin going onto
    the one target its pair can ever use, a target's last way out closed), and a position
    it proves lost there is cut with the whole subtree the search would otherwise spend
    rearranging the same face-up cards. It shares the stuck check's budget (that check
    runs while it keeps proving positions lost) and ``pairs`` (most recently useful first),
    and the relaxation's ``layout`` and rounds (``hist``, see ``crowded``) when given.
    """
    return bool(pairs) and crowded(p, t, True, pairs, layout, hist)


# -- the proofs' facts, for explaining a loss (yukon.solve.explain) ----------------------------------

def relaxation_closure(p: Position) -> tuple[list[bool], list[bool], bool]:
    """What the relaxation (see ``dead_end``) makes true from ``p``: which cards can get home,
    which can become end cards, and whether a column can become empty.

    Every real line of play stays inside it: a card whose entry in the first list is False
    can never reach its foundation from ``p``, and one whose entry in the second is False
    (still in a column) is never uncovered. ``dead_end(p)`` is "some card cannot get home".
    """
    closed = _closure(p, tables_for(p.rules))
    assert closed is not None  # only a closure that watches twins stops early
    return closed


def crowded_pair(p: Position) -> tuple[int, int, int, int, int] | None:
    """The facts behind ``crowded(p)``: the twins (c, d), their two targets (x1, x2) and the
    target that stays out of reach until both twins have moved; None when the twin rule
    does not prove ``p`` lost."""
    t = tables_for(p.rules)
    layout = None
    for pair in t.twins:
        if not crowded(p, t, pairs=[pair]):
            continue
        c, d, x1, x2 = pair
        if layout is None:
            layout = layout_of(p, t)
        closed = [_closure(p, t, pin, pair, layout) for pin in (c, d)]
        for y in (x1, x2):
            if not any(cl is not None and (cl[1][y] or (t.back and cl[0][y])) for cl in closed):
                return c, d, x1, x2, y
    return None
