"""The cards on the table: where they lie and slide, their pictures (with the marks of
``move_marks``), the deal sliding out of its pile, where a win's cascade takes off, and a
lesson's victory lap."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from ...core.cards import RANK
from ...core.state import FACE_DOWN, FOUNDATION, ON_FOUNDATION, Position
from .. import art
from ..card_pictures import CardPictures, DeckCache
from ..celebration import Takeoff
from ..deck import DeckChoice
from ..layout import Hit, TableLayout
from ..tween import Animator, Flip, Slide, slide_duration
from .move_marks import MoveMarks
from .rings import Rings
from .style import SYMBOL
from .view import TableView

DEAL_GAP = 0.03  # seconds between two cards leaving a new deal's pile
DEAL_SLIDE = 0.25  # seconds a dealt card takes from the pile to its column
Path = tuple[tuple[int, ...], tuple[tuple[float, float], ...], tuple[tuple[float, float], ...]]


@dataclass(slots=True)
class Before:
    """The table as drawn just before a change of the game, to slide the cards from."""

    xy: dict[int, tuple[float, float]]
    face: dict[int, bool]
    cols: list[list[int]]
    down: list[int]
    layout: TableLayout | None
    loc: list[int]
    held: set[int]  # the cards being dragged
    found: list[int]
    bar: tuple[bool, ...]  # which buttons were enabled


class Board:
    """The cards: layout, card art, slides and flips, and drawing them still or moving (the rings
    that light them up are ``rings``')."""

    table: TableView
    card_art: CardPictures | None
    decks: DeckCache  # the deck the settings choose, kept while they stay the same
    anim: Animator
    rings: Rings
    celebrating: float  # seconds left of the cards' leap out after a win
    marks: MoveMarks  # the glow on what moved last, the outline on the tail under the pointer
    _pending_return: Path | None  # the cards' way back after the leap
    _shadow_cache: tuple[tuple[tuple[int, int], int], pygame.Surface] | None

    def __init__(self, table: TableView, anim: Animator, rings: Rings) -> None:
        self.table = table
        self.card_art = None
        self.decks = DeckCache()
        self.anim = anim
        self.rings = rings
        self.celebrating = 0.0
        self.marks = MoveMarks(table)
        self._pending_return = None
        self._shadow_cache = None

    # -- where the cards lie and go ----------------------------------------------------------
    def deck_choice(self) -> DeckChoice:
        """The deck the settings choose (and why another is drawn, if it is)."""
        prefs = self.table.app.prefs
        return self.decks.choose(prefs.deck, prefs.four_colour, prefs.high_contrast)

    def fit_art(self, lay: TableLayout) -> None:
        """Card pictures of the layout's card size, from the deck and back the settings choose."""
        prefs = self.table.app.prefs
        deck = self.deck_choice().deck
        key = (max(lay.cw, 8), max(lay.ch, 11), deck.key, prefs.card_back, prefs.four_colour, prefs.high_contrast,
               art.rank_labels())
        if self.card_art is None or self.card_art.key() != key or self.card_art.deck is not deck:
            self.card_art = CardPictures(deck, prefs.card_back, lay.cw, lay.ch, prefs.four_colour,
                                         prefs.high_contrast)

    def sharpen(self, budget: float) -> bool:
        """Draw some of the faces still waiting (a new size or deck); True when the last one was drawn now."""
        pictures = self.card_art
        if pictures is None or not pictures.waiting():
            return False
        return pictures.sharpen(budget) == 0

    def sharpening(self) -> bool:
        """Are faces still being drawn?"""
        return self.card_art is not None and self.card_art.waiting()

    def xy(self, card: int, extra: float = 0.0) -> tuple[float, float]:
        """Where a card not held is drawn: sliding, or where it lies."""
        p = self.anim.position(card, extra)
        if p is not None:
            return p
        assert self.table.layout is not None
        return self.table.layout.card_xy[card]

    def face_up(self, card: int) -> bool:
        """Is the card face up in the true position?"""
        return self.table.session.position.loc[card] != FACE_DOWN

    def moving(self) -> set[int]:
        """The cards drawn apart from the still layer: sliding, flipping or held."""
        return self.anim.moving() | set(self.table.drag_cards)

    def snapshot(self, shown: Position, bar: tuple[bool, ...]) -> Before:
        """The table as drawn now (``shown``: the position it was laid out for), before a change."""
        return Before({c: self.table.drawn_xy(c) for c in range(52)},
                      {c: shown.loc[c] != FACE_DOWN for c in range(52)},
                      [list(c) for c in shown.columns], list(shown.down), self.table.layout, list(shown.loc),
                      set(self.table.drag_cards), list(shown.foundations), bar)

    def slide_from(self, before: Before, kind: str, pace: float) -> None:
        """Slide every card that moved from where it was drawn ``before``, and flip the turned ones."""
        lay = self.table.layout
        assert lay is not None
        moved = [c for c in range(52) if (round(before.xy[c][0]), round(before.xy[c][1])) != lay.card_xy[c]]
        if kind not in ("restart", "new"):
            # Only cards that changed place slide; a column that merely tightens or loosens
            # its overlap settles at once (sliding it would redraw whole columns each frame).
            loc, loc_before = self.table.session.position.loc, before.loc
            moved = [c for c in moved if c in before.held or (loc_before[c] != loc[c]
                     and loc_before[c] != FACE_DOWN and loc[c] != FACE_DOWN)]
        duration = 0.0
        speed = self.table.app.prefs.animation_speed  # the settings' animation speed; 0 = off
        if moved and speed > 0:
            dist = max(abs(before.xy[c][0] - lay.card_xy[c][0]) + abs(before.xy[c][1] - lay.card_xy[c][1])
                       for c in moved)
            duration = slide_duration(dist, lay.cw)
            if kind in ("restart", "new"):
                duration = min(0.6, duration * 1.4)
            duration *= speed * pace
            # Draw order while sliding: by where they land, so a tail stays stacked in order.
            moved.sort(key=lambda c: (lay.card_xy[c][0], lay.card_xy[c][1]))
            self.anim.add_slide(Slide(tuple(moved), tuple(before.xy[c] for c in moved),
                                      tuple(lay.card_xy[c] for c in moved), duration))
        for c in range(52):
            if before.face[c] != self.face_up(c) and speed > 0:
                self.anim.add_flip(Flip(c, self.face_up(c), 0.18 * speed, delay=min(duration * 0.4, 0.1)))

    def pile_xy(self) -> tuple[float, float]:
        """Where a new deal's pile lies before its cards go out: low in the middle of the table."""
        lay = self.table.layout
        assert lay is not None
        return (lay.view.centerx - lay.cw / 2, max(lay.cols_y, lay.view.bottom - lay.ch - lay.gap))

    def deal_in(self, speed: float) -> None:
        """A new deal's cards slide out of a pile to their columns, row by row as a deal by hand goes,
        the face-up ones turning as they land (``speed``: the settings' animation speed; 0: none)."""
        lay = self.table.layout
        if lay is None or speed <= 0:
            return
        pile = self.pile_xy()
        cols = lay.column_cards
        order = [col[r] for r in range(max((len(c) for c in cols), default=0)) for col in cols if r < len(col)]
        duration = DEAL_SLIDE * speed
        for k, c in enumerate(order):
            delay = k * DEAL_GAP * speed
            self.anim.add_slide(Slide((c,), (pile,), (lay.card_xy[c],), duration, delay))
            if self.face_up(c):
                turn = duration * 0.5
                self.anim.add_flip(Flip(c, True, turn, delay=delay + duration - turn))

    def slide_back(self, cards: list[int], start: tuple[tuple[float, float], ...]) -> None:
        """Cards let go of slide from ``start`` back to where they lie."""
        lay = self.table.layout
        if lay is None:
            return
        end = tuple(lay.card_xy[c] for c in cards)
        dist = max(abs(a[0] - b[0]) + abs(a[1] - b[1]) for a, b in zip(start, end))
        self.anim.add_slide(Slide(tuple(cards), start, end, slide_duration(dist, lay.cw)))

    def column_bottom(self, i: int) -> int:
        """The bottom edge of column ``i``'s cards (or of its empty slot)."""
        lay = self.table.layout
        assert lay is not None
        col = lay.column_cards[i]
        return (lay.card_xy[col[-1]][1] if col else lay.cols_y) + lay.ch

    def dest_at(self, x: int, y: int) -> int | None:
        """Where cards dropped at (x, y) would go: a column, FOUNDATION, or None."""
        assert self.table.layout is not None
        hit = self.table.layout.hit(x, y)
        if hit.kind == "foundation":
            return FOUNDATION
        if hit.kind in ("heading", "column", "card", "down"):
            return hit.column
        return None

    def hit(self, x: int, y: int) -> Hit:
        """What lies at (x, y)."""
        assert self.table.layout is not None
        return self.table.layout.hit(x, y)

    def takeoff(self) -> Takeoff:
        """Where a won game's cascade starts: the foundations' cards, the top ones first."""
        lay = self.table.layout
        a = self.card_art
        assert lay is not None and a is not None
        found = self.table.session.position.foundations
        starts = [(s * 13 + rank - 1, lay.foundation_rects[s].copy())
                  for rank in range(13, 0, -1) for s in range(4) if found[s] >= rank]
        return Takeoff(a, starts, [r.copy() for r in lay.foundation_rects], [a.slot(SYMBOL[s]) for s in range(4)])

    # -- the victory lap -------------------------------------------------------------------
    def celebrate(self) -> None:
        """The cards leap from the foundations (and fall back in place when that is over)."""
        lay = self.table.layout
        assert lay is not None
        w, h = lay.view.w, lay.view.h
        cards = tuple(range(52))
        home = tuple(lay.card_xy[c] for c in cards)
        out = []
        for c in cards:
            a = (c * 2.399963) % (2 * math.pi)  # golden angle spreads them evenly
            r = 0.32 + 0.1 * (RANK[c] / 13)
            out.append((w / 2 - lay.cw / 2 + math.cos(a) * w * r, h / 2 - lay.ch / 2 + math.sin(a) * h * r))
        self.anim.add_slide(Slide(cards, home, tuple(out), 0.6))
        self.celebrating = 0.6
        self._pending_return = (cards, tuple(out), home)

    def stop_celebration(self) -> None:
        """No more leaping: the cards stay where they lie."""
        self.celebrating = 0.0
        self._pending_return = None

    def advance(self, dt: float) -> None:
        """Move slides and flips on by ``dt``; the leaping cards turn back when their time is up."""
        self.anim.advance(dt)
        if self.celebrating > 0:
            self.celebrating -= dt
            if self.celebrating <= 0 and self._pending_return:
                cards, out, home = self._pending_return
                self._pending_return = None
                self.anim.add_slide(Slide(cards, out, home, 0.7, ease=_ease_back))

    # -- drawing ---------------------------------------------------------------------------
    def paint(self, surface: pygame.Surface, moving: set[int]) -> None:
        """Draw the cards that lie still (not ``moving``), the headings and the rings."""
        lay = self.table.layout
        a = self.card_art
        assert lay is not None and a is not None
        pos = self.table.session.position
        self._paint_foundations(surface, a, lay, pos, moving)
        self.rings.paint_headings(surface, lay)
        for i, col in enumerate(lay.column_cards):
            if not col:
                surface.blit(a.slot(a.ranks[-1] if not pos.rules.any_card_in_space else ""), (lay.col_x[i], lay.cols_y))
            down = lay.column_down[i]
            for j, c in enumerate(col):
                if c in moving:
                    continue
                surface.blit(a.back() if j < down else a.face(c), lay.card_xy[c])
        self.marks.paint(surface, lay, pos, moving)
        self.rings.paint(surface, lay, moving)

    def _paint_foundations(self, surface: pygame.Surface, a: CardPictures, lay: TableLayout, pos: Position,
                           moving: set[int]) -> None:
        """Foundations: the highest card of each that is not on its way somewhere."""
        for s in range(4):
            r = lay.foundation_rects[s]
            top = pos.foundations[s]
            shown = None
            for rank in range(top, 0, -1):
                c = s * 13 + rank - 1
                if c not in moving:
                    shown = c
                    break
            clip = surface.get_clip()
            surface.set_clip(lay.foundation_shown(s).clip(clip))  # stacked slots: the one below lies over it
            if shown is None:
                surface.blit(a.slot(SYMBOL[s]), r)
            else:
                surface.blit(a.face(shown), r)
            surface.set_clip(clip)

    def paint_moving(self, surface: pygame.Surface, moving: set[int], extra: float) -> list[pygame.Rect]:
        """Draw the ``moving`` cards where they are now (held ones on top); the rectangles drawn."""
        if not moving:
            return []
        a = self.card_art
        lay = self.table.layout
        assert a is not None and lay is not None
        table = self.table
        held = table.drag_cards
        loc = table.session.position.loc
        def key(c: int) -> tuple[float, float, float]:
            s = self.anim.slide_of(c)
            if s is not None and s.delay > 0:  # a new deal: the pile under the cards on their way, the next on top
                waiting = s.elapsed < s.delay
                return (2, 0 if waiting else 1, -s.delay if waiting else s.delay)
            return (float(loc[c] == ON_FOUNDATION), lay.card_xy[c][0], lay.card_xy[c][1])

        order = sorted((c for c in moving if c not in held), key=key)
        waiting = [c for c in order if key(c)[:2] == (2, 0)]
        if len(waiting) > 1:  # a deal's pile: its cards lie on one spot, all backs; only the top one shows
            hidden = set(waiting[:-1])
            order = [c for c in order if c not in hidden]
        order += held
        rects: list[pygame.Rect] = []
        if held:
            self.rings.paint_drag_target(surface, rects, self.dest_at(*table.pointer))  # under the held cards
            # A soft shadow under the lifted tail.
            px, py = table.drawn_xy(held[0], extra)
            _, ly = table.drawn_xy(held[-1], extra)
            box = pygame.Rect(round(px), round(py), lay.cw, round(ly - py) + lay.ch)
            off = max(4, lay.cw // 12)
            shadow = self._shadow(box.size, lay.radius)
            surface.blit(shadow, (box.x + off - 4, box.y + off - 4))
            rects.append(pygame.Rect(box.x + off - 4, box.y + off - 4, *shadow.get_size()))
        for c in order:
            x, y = table.drawn_xy(c, extra)
            fs = self.anim.flip_state(c, extra)
            if fs is not None:
                scale, up = fs
                img = a.narrowed(c, up, scale)
                ix = round(x + (lay.cw - img.get_width()) / 2)
            else:
                img = a.image(c, self.face_up(c))
                ix = round(x)
            surface.blit(img, (ix, round(y)))
            rects.append(pygame.Rect(round(x) - 1, round(y) - 1, lay.cw + 2, lay.ch + 2))
        return rects

    def _shadow(self, size: tuple[int, int], radius: int) -> pygame.Surface:
        """A soft dark rounded shape a little larger than ``size`` (cached for the drag)."""
        key = (size, radius)
        cached = self._shadow_cache
        if cached is not None and cached[0] == key:
            return cached[1]
        w, h = size[0] + 8, size[1] + 8
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        for k, alpha in ((0, 30), (2, 40), (4, 55)):
            pygame.draw.rect(surf, (0, 0, 0, alpha), pygame.Rect(k, k, w - 2 * k, h - 2 * k),
                             border_radius=radius + 4 - k)
        self._shadow_cache = (key, surf)
        return surf


def _ease_back(t: float) -> float:
    """Ease out with a small overshoot, for the cards landing back after a win."""
    c = 1.4
    u = t - 1.0
    return 1.0 + (c + 1.0) * u * u * u + c * u * u
