"""The still layer and the dirty rectangles: what the table sends to the display each frame.

Everything that stays still is kept in a layer of its own. A change that says which parts
of the table it touched redraws only those parts of the layer; while cards move, each
frame restores the rectangles they covered from the layer and draws them at their new
places. tests/test_ui_redraw.py checks the result pixel for pixel against a full redraw.
"""

from __future__ import annotations

import pygame

from ...core.cards import SUIT
from .. import theme
from ..felts import table_felt
from ..layout import TableLayout
from ..rects import merge_rects
from .bar import ButtonBar
from .board import Before, Board
from .message import MessageBox
from .panel import SidePanel
from .rings import Rings
from .status import StatusLines
from .style import HC_TABLE
from .view import TableView

# How far past a card its marks may reach (a destination's brackets): a column's region reaches that
# far past its own area, which a narrow window's gap (under 8 pixels at 480x360) leaves too close.
MARK_REACH = 4


class Canvas:
    """Keeps the still layer, painted section by section, and works out which rectangles each
    frame must send."""

    table: TableView
    board: Board
    rings: Rings
    status: StatusLines
    panel: SidePanel
    bar: ButtonBar
    msgbox: MessageBox
    full: bool  # the next frame draws the still layer again (where a change said, else whole)
    must_flip: bool  # the whole window must go to the display
    changed: list[pygame.Rect] | None  # what a change touched, if only that
    changed_cols: set[int]  # columns a change touched
    col_bottom: dict[int, int]  # how far down those columns reached before it
    clock_due: bool  # the status clock shows a new second
    felt: pygame.Surface | None
    felt_cloth: tuple[bool, str, str]  # what the cloth was woven for: high contrast, the felt, the theme
    _static: pygame.Surface | None
    _static_ok: bool  # the still layer holds what is on screen minus the moving cards
    _static_moving: set[int]  # the cards left out of it
    _dyn_rects: list[pygame.Rect]  # where moving cards were drawn last frame

    def __init__(self, table: TableView, board: Board, status: StatusLines, panel: SidePanel, bar: ButtonBar,
                 msgbox: MessageBox) -> None:
        self.table = table
        self.board = board
        self.rings = board.rings
        self.status = status
        self.panel = panel
        self.bar = bar
        self.msgbox = msgbox
        self.full = True
        self.must_flip = True
        self.changed = None
        self.changed_cols = set()
        self.col_bottom = {}
        self.clock_due = False
        self.felt = None
        self.felt_cloth = (False, "", "")
        self._static = None
        self._static_ok = False
        self._static_moving = set()
        self._dyn_rects = []

    # -- what the next frame must draw -----------------------------------------------------
    def set_full(self, value: bool) -> None:
        """Any change not described rectangle by rectangle (a selection, a message, a hover)
        sends the whole window: nothing can be left out by mistake."""
        self.full = value
        if value:
            self.must_flip = True

    def redraw(self, precise: bool = False) -> None:
        """Draw everything next frame; ``precise``: the caller has listed what the display needs."""
        if precise:
            self.full = True
        else:
            self.set_full(True)

    def invalidate(self) -> None:
        """Repaint everything and send the whole window to the display."""
        self.set_full(True)
        self.changed = None

    def moved_on(self) -> None:
        """Cards join or leave the still layer (or a message went): redraw where they are and were."""
        self.redraw(precise=True)
        if self.changed is None and not self.must_flip:
            self.changed = []

    def slide_ended(self) -> None:
        """One clean frame at the end of a slide; only where cards moved goes to the display."""
        self.redraw(precise=True)
        if self.changed is None and not self.must_flip:
            self.changed = [r.copy() for r in self._dyn_rects]

    def needs_draw(self) -> bool:
        """A change, a frame of motion, a message running out or the clock ticking."""
        table = self.table
        if self.full or table.busy():
            return True
        session = table.session
        if session.message is not None and session.live_message() is None:
            self.moved_on()  # the old message's box goes out (see draw)
            return True
        if session.message is not None and self.msgbox.fade_step() != self.msgbox.drawn_step:
            self.moved_on()  # the box fades a step: it alone is drawn again
            return True
        if self.status.ticked():
            self.clock_due = True
            return True
        return False

    def wake_in(self) -> float | None:
        """Seconds until the message ends or the clock shows the next second, or None."""
        session = self.table.session
        now = session.now()
        times = []
        fade = self.msgbox.next_fade_in()
        if fade is not None:
            times.append(fade)
        tick = session.clock.next_tick(now)
        if tick is not None:
            times.append(tick)
        return max(0.0, min(times)) if times else None

    def new_size(self) -> None:
        """The window changed size: the cloth is woven again and the still layer redrawn whole."""
        self.felt = None
        self._static = None
        self._static_ok = False

    def new_felt(self) -> None:
        """The cloth is woven again for the next frame."""
        self.felt = None

    def finish_motion(self) -> None:
        """End every slide and flip at once; where the cards land is sent to the display next frame."""
        anim = self.board.anim
        if not anim.active:
            return
        lay = self.table.layout
        if lay is not None and not self.must_flip:
            landed = [lay.card_rect(c).inflate(4, 4) for c in anim.moving() if c in lay.card_xy]
            self.changed = (self.changed or []) + landed
        anim.finish()
        self.redraw(precise=True)

    def lift(self, card: int, column: int | None) -> None:
        """A held tail leaves ``column`` (None: the card leaves its foundation)."""
        if self.must_flip:
            return
        lay = self.table.layout
        assert lay is not None
        self.changed = self.changed or []
        if column is not None:
            self.changed_cols.add(column)
            self.col_bottom[column] = max(self.col_bottom.get(column, 0), self.board.column_bottom(column))
        else:
            self.changed.append(lay.foundation_rects[SUIT[card]].inflate(12, 12))

    def touch(self, cols: set[int], found: bool) -> None:
        """Marks come or go in ``cols`` (and on the foundation row): only there is redrawn, unless
        the whole window is to be drawn anyway."""
        if self.must_flip or (self.full and self.changed is None) or (not cols and not found):
            return
        lay = self.table.layout
        assert lay is not None
        self.changed = self.changed or []
        for i in cols:
            self.changed_cols.add(i)
            self.col_bottom[i] = max(self.col_bottom.get(i, 0), self.board.column_bottom(i))
        if found:
            self.changed.append(_foundation_row(lay))
        self.full = True

    def note_change(self, before: Before, kind: str, bar: tuple[bool, ...]) -> None:
        """Remember which parts of the window a move changed, so only they go to the display."""
        old, lay = before.layout, self.table.layout
        if old is None or lay is None or kind not in ("move", "undo", "redo") or old.cw != lay.cw \
                or old.scroll_x != lay.scroll_x or old.size_key != lay.size_key or self.must_flip:
            self.changed = None
            self.must_flip = True
            return
        pos = self.table.session.position
        status = lay.status_rect.copy()  # whole: long notes may take every line of it
        fresh = [status.inflate(4, 4)]
        if before.found != pos.foundations:
            fresh.append(_foundation_row(lay))
        if before.bar != bar:
            fresh.append(lay.bar.copy())
        # A change not yet drawn (the end of the last slide) is kept: both go out together.
        self.changed = (self.changed or []) + fresh
        cols, down = before.cols, before.down
        cols_changed = {i for i in range(7) if cols[i] != pos.columns[i] or down[i] != pos.down[i]
                        or any(old.card_xy.get(c) != lay.card_xy.get(c) for c in pos.columns[i])}  # closed up
        for i in cols_changed:
            bottom = old.card_xy[cols[i][-1]][1] + old.ch if cols[i] else old.cols_y + old.ch
            self.col_bottom[i] = max(self.col_bottom.get(i, 0), bottom) if i in self.changed_cols else bottom
        self.changed_cols |= cols_changed | self.rings.lit_cols  # rings drawn last time go away

    # -- drawing ---------------------------------------------------------------------------
    def paint_still(self, surface: pygame.Surface, moving: set[int]) -> None:
        """Paint everything that stays still (all but the ``moving`` cards), section by section."""
        size = surface.get_size()
        prefs = self.table.app.prefs
        cloth = (prefs.high_contrast, prefs.felt, theme.current())
        if self.felt is None or self.felt.get_size() != size or self.felt_cloth != cloth:
            self.felt = plain_cloth(size) if prefs.high_contrast else woven_cloth(prefs.felt, size)
            self.felt_cloth = cloth
        surface.blit(self.felt, (0, 0))
        self.status.draw(surface)
        self.board.paint(surface, moving)
        self.table.draw_overlays(surface)  # the keyboard cursor
        self.panel.draw(surface)
        self.bar.draw(surface)
        self.msgbox.draw(surface)
        self.bar.draw_tip(surface)  # over the table under the bar

    def _paint_status(self, surface: pygame.Surface, r: pygame.Rect) -> None:
        """Paint the status area ``r`` alone (the clock moved on), and a message lying over it."""
        assert self.felt is not None
        surface.blit(self.felt, r, r)
        self.status.draw(surface)
        msg = self.msgbox.rect
        if msg is not None and msg.colliderect(r):
            surface.set_clip(r)
            self.msgbox.draw(surface)
            surface.set_clip(None)

    def draw(self, surface: pygame.Surface, alpha: float) -> list[pygame.Rect] | None:
        """Draw the frame and return what changed (None: the whole window)."""
        lay = self.table.layout
        assert lay is not None
        size = surface.get_size()
        extra = alpha * self.table.app.step
        moving = self.board.moving()
        if self._static is None or self._static.get_size() != size:
            self._static = pygame.Surface(size).convert() if pygame.display.get_surface() else pygame.Surface(size)
            self._static_ok = False
        static = self._static
        if self.clock_due and not self.full and not moving and self._static_ok and self.felt is not None:
            # Only the clock moved on: redraw the status area alone (once a second while playing).
            self.clock_due = False
            r = lay.status_rect
            self._paint_status(static, r)
            surface.blit(static, r, r)
            return [r.copy()]
        self.clock_due = False
        if self._static_ok and not self.full and moving != self._static_moving:
            # Cards started or stopped moving (a slide ended while a flip goes on): the still
            # layer changes only where they are and were.
            self.moved_on()
        if not self.full and self._static_ok:
            restore = merge_rects(self._dyn_rects)
            for r in restore:
                surface.blit(static, r, r)
            self._dyn_rects = self.board.paint_moving(surface, moving, extra)
            return merge_rects(restore + self._dyn_rects)
        changed, self.changed = self.changed, None
        changed_cols, self.changed_cols = self.changed_cols, set()
        self.full = False
        if changed is None or self.must_flip or not self._static_ok:
            self.must_flip = False
            self.paint_still(static, moving)
            self._static_ok, self._static_moving = True, set(moving)
            surface.blit(static, (0, 0))
            self._dyn_rects = self.board.paint_moving(surface, moving, extra)
            return None
        regions = self._regions(lay, static, changed, changed_cols, moving)
        self._static_moving = set(moving)
        for r in regions:
            surface.blit(static, r, r)
        self._dyn_rects = self.board.paint_moving(surface, moving, extra)
        return merge_rects(regions + self._dyn_rects)

    def _regions(self, lay: TableLayout, static: pygame.Surface, changed: list[pygame.Rect],
                 changed_cols: set[int], moving: set[int]) -> list[pygame.Rect]:
        """Redraw in the still layer only what the change touched: its rectangles, the message
        box, the status, rings that come or go, a mode's panel, the columns involved, the cards'
        old places. Returns the regions redrawn."""
        lit_cols, lit_found = self.rings.rings()
        regions = list(changed)
        # The marks on cards landing join the still layer with them (a glow reaches past the cards).
        regions.extend(r.inflate(2, 2) for r in self.board.marks.rects(lay))
        msg = self.msgbox.rect
        regions.extend(r for r in (msg,) if r is not None)
        regions.append(lay.status_rect.copy())  # the clock may have moved on meanwhile
        if self.rings.lit_found or lit_found:
            regions.append(_foundation_row(lay))
        if lay.panel is not None:  # a mode's panel may say something new after any move
            regions.append(lay.panel.copy())
        for i in changed_cols | self.rings.lit_cols | lit_cols:
            r = lay.column_rects[i]
            bottom = max(self.col_bottom.get(i, 0), self.board.column_bottom(i)) + 8
            regions.append(pygame.Rect(r.x - MARK_REACH, r.y - 2, r.w + 2 * MARK_REACH,
                                       min(lay.view.bottom, bottom) - r.y + 2))
        for c in moving ^ self._static_moving:  # cards leaving or joining the still layer (the others stay out)
            if c in lay.card_xy:
                regions.append(lay.card_rect(c).inflate(4, 4))
        regions.extend(self._dyn_rects)
        regions = [r.clip(static.get_rect()) for r in merge_rects(regions)]
        for r in regions:
            static.set_clip(r)
            self.paint_still(static, moving)
        static.set_clip(None)
        new_msg = self.msgbox.rect
        if new_msg != msg and new_msg is not None:  # a message grew: draw it whole
            static.set_clip(new_msg)
            self.paint_still(static, moving)
            static.set_clip(None)
            regions.append(new_msg.copy())
        return regions


def woven_cloth(style: str, size: tuple[int, int]) -> pygame.Surface:
    """The player's felt at ``size``, in the light of the theme in use (the dark theme dims it)."""
    light = theme.palette().felt_light
    felt = table_felt(style, size)
    if light >= 1.0:
        return felt
    felt = felt.copy()  # (the kept felt is shared)
    theme.dim_felt(felt, light)
    return felt


def plain_cloth(size: tuple[int, int]) -> pygame.Surface:
    """The high-contrast table: one plain near-black colour."""
    surf = pygame.Surface((max(size[0], 1), max(size[1], 1)))
    if pygame.display.get_surface() is not None:
        surf = surf.convert()
    surf.fill(HC_TABLE)
    return surf


def _foundation_row(lay: TableLayout) -> pygame.Rect:
    return lay.foundation_rects[0].unionall(lay.foundation_rects[1:]).inflate(12, 12)
