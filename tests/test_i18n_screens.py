"""Every screen in the pseudo-language: no English left, no text cut, no text on text.

With ``yukon.play.pseudo.install_pseudo()`` every translated message comes out accented and
about 40% longer, so English that escaped the catalogue stands out, and so does a layout
that cannot take a longer language. The app is built as ``main.py`` builds it
(``build_app``), in an 800x600 headless window, and walked by real key and mouse events
(or the app's own commands where a gesture would need luck: an illegal move, a win)
through every screen and dialog a player can reach. At each stop the screens on show are
drawn once more into a recording surface:

* ``art.text`` is wrapped to know which surface holds which text (every string the window
  draws goes through it: ``test_all_text_is_rendered_through_art`` checks the sources);
* the recording surface notes each blit of such a surface (the rectangle meant and the part
  drawn), each filled rectangle (the panels and buttons beneath the text), and takes over
  those of any layer blitted onto it (the table's still layer), moved to where it lands.

Then, screen by screen: (a) every drawn text with letters is pseudo text, except a short
allow-list; (b) no text was cut by ``widgets.ellipsize`` ("…"), and each text's ink lies in
the window, within what was drawn of it (no clip cut it) and inside the filled rectangle
it was drawn on (its panel or button); (c) no two texts of one screen overlap.
"""

from __future__ import annotations

import ast
import os
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from player_input import LEFT, RIGHT, click, press
from window_helpers import hint_move, lesson_of
from yukon.core.notation import parse_position
from yukon.core.state import FOUNDATION, Game, Move
from yukon.play import pseudo
from yukon.play.events import Tone
from yukon.text import i18n
from yukon.ui import art, widgets
from yukon.ui.app import App
from yukon.ui.build import Options, build_app
from yukon.ui.menu import Menu
from yukon.ui.screen import QuestionDialog, Screen
from yukon.ui.table import TableScreen

SIZE = (800, 600)
ROOT = Path(__file__).resolve().parent.parent
ELLIPSIS = "\u2026"
# What pseudo text is made of: the accented letters and the padding.
PSEUDO_MARKS = set("áƀçđéğĥíķĺñóŕšťúŵýžÁβÇĐÉĞĤÍĶĹÑÓŘŠŤÚŴÝŽẋ")
# Text with letters that is right to draw untranslated, each for a reason:
ALLOWED = [
    re.compile(r"(A|J|Q|K|10|[2-9])"),  # a rank as a card's corner or a slot prints it
    re.compile(r"([AKQJT2-9][SHDC]-[1-7F])( [AKQJT2-9][SHDC]-[1-7F])*"),  # move text (RULES.md), never translated
    re.compile("|".join(re.escape(name) for name in i18n.LANGUAGES.values())),  # each language named in itself
    re.compile(r"[A-Z]|F[0-9]{1,2}"),  # a letter key or a function key reads the same everywhere (Ctrl, Esc do not)
    re.compile("Yukon"),  # the game's name alone (in a sentence it is translated with the sentence)
]
# What art.glyph may draw: card corners, pips, slot labels (never words).
# card marks: the pseudo-language's corner letters (A J Q K are translatable), numbers, suits
GLYPHS = {pseudo.pseudo(m) for m in "AJQK"} | set("23456789") | {"10"} | set(art.SUIT_SYMBOLS)


# -- recording -----------------------------------------------------------------------------
@dataclass(frozen=True)
class Drawn:
    """A text drawn: its string, the rectangle it was meant to fill, the part drawn, its ink."""

    text: str
    meant: pygame.Rect
    drawn: pygame.Rect
    ink: pygame.Rect
    under: pygame.Rect | None  # the last filled rectangle drawn beneath it before it, if any


@dataclass
class Record:
    """What was drawn onto one surface, in order: fills and texts."""

    events: list[tuple[str, Any]] = field(default_factory=list)


TEXTS: dict[int, tuple[str, pygame.Surface]] = {}  # id of a rendered text surface -> its string (and it)
GLYPHS_SEEN: set[str] = set()
ELLIPSIZED: set[str] = set()  # every text widgets.ellipsize cut short


def _rect(dest: Any) -> tuple[int, int]:
    if isinstance(dest, pygame.Rect):
        return dest.topleft
    x, y = dest[0], dest[1]
    return int(x), int(y)


class Recorder(pygame.Surface):
    """A surface that remembers the texts blitted onto it, the rectangles filled on it, and
    those of any recorder blitted onto it (moved to where they land)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.record = Record()

    def convert(self, *args: Any) -> Recorder:
        return self

    def convert_alpha(self, *args: Any) -> Recorder:
        return self

    def blit(self, source: pygame.Surface, dest: Any = (0, 0), area: Any = None, special_flags: int = 0) -> pygame.Rect:
        drawn = super().blit(source, dest, area, special_flags)
        x, y = _rect(dest)
        src = source.get_rect() if area is None else pygame.Rect(area).clip(source.get_rect())
        meant = pygame.Rect(x, y, src.w, src.h)
        known = TEXTS.get(id(source))
        if known is not None and known[1] is source:
            ink = source.get_bounding_rect().move(x - src.x, y - src.y).clip(meant)
            self.record.events.append(("text", (known[0], meant, drawn, ink)))
        elif isinstance(source, Recorder):
            dx, dy = x - src.x, y - src.y
            for kind, what in source.record.events:
                if kind == "fill":
                    self.record.events.append(("fill", what.move(dx, dy).clip(drawn)))
                else:
                    text, m, d, ink = what
                    moved = d.move(dx, dy).clip(drawn)
                    if moved.w and moved.h:
                        self.record.events.append(("text", (text, m.move(dx, dy), moved, ink.move(dx, dy))))
        return drawn

    def fill(self, color: Any, rect: Any = None, special_flags: int = 0) -> pygame.Rect:
        done = super().fill(color, rect, special_flags)
        if rect is not None and not special_flags:
            self.record.events.append(("fill", done.copy()))
        else:
            self.record.events.clear()  # the whole surface painted over
        return done


def texts_of(record: Record) -> list[Drawn]:
    """The texts of a record that can be seen, each with the filled rectangle beneath it (a text
    painted over whole by a later fill is gone, like a button redrawn elsewhere)."""
    out: list[Drawn] = []
    fills: list[pygame.Rect] = []
    for kind, what in record.events:
        if kind == "fill":
            fills.append(what)
            out = [d for d in out if not what.contains(d.ink)]
            continue
        text, meant, drawn, ink = what
        if not drawn.colliderect(ink):
            continue  # nothing of it shows (a line of a long page scrolled out of sight)
        under = next((f for f in reversed(fills) if f.colliderect(ink)), None)
        out.append(Drawn(text, meant, drawn, ink, under))
    unique: dict[tuple[str, int, int, int, int], Drawn] = {}
    for d in out:
        # The same text repainted in the same place is one text.
        unique[(d.text, d.meant.x, d.meant.y, d.meant.w, d.meant.h)] = d
    return list(unique.values())


def install_spies(mp: pytest.MonkeyPatch) -> None:
    """Wrap art.text and art.glyph (to know the text surfaces) and pygame.draw.rect (to know
    the filled rectangles drawn on a recording surface)."""
    text, glyph, rect, ellipsize = art.text, art.glyph, pygame.draw.rect, widgets.ellipsize

    def text_spy(s: str, *args: Any, **kwargs: Any) -> pygame.Surface:
        surf = text(s, *args, **kwargs)
        TEXTS[id(surf)] = (s, surf)
        return surf

    def ellipsize_spy(text: str, *args: Any, **kwargs: Any) -> str:
        cut = ellipsize(text, *args, **kwargs)
        if cut != text:
            ELLIPSIZED.add(cut)
        return cut

    def glyph_spy(ch: str, *args: Any, **kwargs: Any) -> pygame.Surface:
        GLYPHS_SEEN.add(ch)
        return glyph(ch, *args, **kwargs)

    def rect_spy(surface: pygame.Surface, colour: Any, r: Any, width: int = 0, *args: Any,
                 **kwargs: Any) -> pygame.Rect:
        done = rect(surface, colour, r, width, *args, **kwargs)
        if isinstance(surface, Recorder) and width == 0:
            surface.record.events.append(("fill", done.copy()))
        return done

    mp.setattr(art, "text", text_spy)
    mp.setattr(art, "glyph", glyph_spy)
    mp.setattr(pygame.draw, "rect", rect_spy)
    mp.setattr(widgets, "ellipsize", ellipsize_spy)


# -- what a screen showed ----------------------------------------------------------------
@dataclass
class Stop:
    """One place in the walk: the texts of each screen on show."""

    name: str
    layers: list[tuple[str, list[Drawn]]]


def shoot(app: App, name: str, monkeypatch: pytest.MonkeyPatch) -> Stop:
    """Draw the screens on show once more into a recording surface, layer by layer."""
    app.frame()
    screens: list[Screen] = list(app.screens)
    first = len(screens) - 1
    while first > 0 and not screens[first].opaque:
        first -= 1
    window = Recorder(SIZE)
    layers: list[tuple[str, list[Drawn]]] = []
    with monkeypatch.context() as m:
        m.setattr(pygame, "Surface", Recorder)  # the table's still layer records too
        for s in screens[first:]:
            window.record = Record()
            if isinstance(s, TableScreen):
                s.canvas.new_size()  # a fresh still layer, painted whole
            s.invalidate()
            s.draw(window, 0.0)
            layers.append((type(s).__name__, texts_of(window.record)))
    app.frame()
    return Stop(name, layers)


def english(text: str) -> bool:
    """Text with letters that is not pseudo text and not on the allow-list."""
    if not any(ch.isalpha() for ch in text):
        return False
    if PSEUDO_MARKS & set(text):
        return False
    return not any(p.fullmatch(text.strip()) for p in ALLOWED)


def problems(stop: Stop, check: str) -> list[str]:
    """What is wrong with the top screen at ``stop`` by ``check``: "english", "cut" or "overlap"."""
    window = pygame.Rect((0, 0), SIZE)
    found: list[str] = []
    for layer, texts in stop.layers[-1:]:  # the screen on top: the ones beneath have stops of their own
        where = f"{stop.name} [{layer}]"
        for d in texts:
            at = f"{where}: {d.text!r} at {tuple(d.ink)}"
            if check == "english" and english(d.text):
                found.append(f"{at} is English")
            if check == "cut":
                if d.text in ELLIPSIZED:  # (a message of its own may end in "…": "checking…")
                    found.append(f"{at} is cut short with an ellipsis")
                if not window.contains(d.ink):
                    found.append(f"{at} runs out of the window")
                elif d.drawn.left > d.ink.left or d.drawn.right < d.ink.right:
                    # (a line cut at the top or bottom of a scrolling page is scrolling, not a cut)
                    found.append(f"{at} is clipped to {tuple(d.drawn)}")
                if d.under is not None and not d.under.contains(d.ink):
                    found.append(f"{at} runs out of the panel or button beneath it, {tuple(d.under)}")
        if check == "overlap":
            for i, a in enumerate(texts):
                for b in texts[i + 1:]:
                    both = a.ink.clip(b.ink)
                    # an accent touching the descender of the line above by one row is type, not overlap
                    if both.w > 1 and both.h > 1:
                        found.append(f"{where}: {a.text!r} at {tuple(a.ink)} overlaps {b.text!r} at {tuple(b.ink)}")
    return found


# -- the walk --------------------------------------------------------------------------------
class Walk:
    """The app built as main.py builds it, driven by real events; ``stops`` as it went."""

    def __init__(self, app: App, monkeypatch: pytest.MonkeyPatch) -> None:
        self.app = app
        self.monkeypatch = monkeypatch
        self.stops: dict[str, Stop] = {}

    @property
    def table(self) -> TableScreen:
        table = self.app.table
        assert table is not None
        return table

    def shoot(self, name: str) -> None:
        self.stops[name] = shoot(self.app, name, self.monkeypatch)

    def key(self, k: int, mod: int = 0, unicode: str = "") -> None:
        press(self.app, k, mod, unicode)
        self.settle()

    def click(self, pos: tuple[int, int], button: int = LEFT) -> None:
        click(self.app, *pos, button)
        self.settle()

    def settle(self) -> None:
        top = self.app.top
        if isinstance(top, TableScreen):
            top.anim.finish()
        self.app.frame()

    def escape(self, until: Callable[[], bool]) -> None:
        for _attempt in range(3):
            if until():
                return
            self.key(pygame.K_ESCAPE)
        assert until(), f"Esc did not close {type(self.app.top).__name__}"

    def on_table(self) -> bool:
        return self.app.top is self.app.table

    def wait_for(self, what: Callable[[], bool], frames: int = 3000) -> None:
        """Frames until ``what`` holds (the solver answers from its own process): a safety net, no clock."""
        for _frame in range(frames):
            if what():
                return
            pygame.time.wait(5)
            self.app.frame()
        raise AssertionError("waited in vain")


def illegal_move(game: Game) -> Move:
    """A move the rules refuse, from a face-up card."""
    pos = game.position
    for col, cards in enumerate(pos.columns):
        for card in cards[pos.down[col]:]:
            for to in range(7):
                move = Move.of(card, to)
                if to != col and pos.why_illegal(move) is not None:
                    return move
    raise AssertionError("no illegal move on the table")


ONE_TO_GO = "Game: yukon\nFoundations: S-K H-K D-K C-Q\n: KC\n:\n:\n:\n:\n:\n:\n"


@pytest.fixture(scope="module")
def sweep(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Stop]]:
    """Walk every screen once in the pseudo-language; the stops by name."""
    mp = pytest.MonkeyPatch()
    mp.setenv("YUKON_DATA_DIR", str(tmp_path_factory.mktemp("sweep")))  # a first start, nothing of the player's
    install_spies(mp)
    pseudo.install_pseudo()
    try:
        yield run_walk(mp)
    finally:
        mp.undo()
        TEXTS.clear()
        i18n.set_language(i18n.ENGLISH)
        pygame.display.quit()


def run_walk(mp: pytest.MonkeyPatch, language: str = pseudo.CODE) -> dict[str, Stop]:
    """Build the app in ``language`` and go everywhere, shooting each stop; the app quits however the walk ends."""
    pygame.display.quit()
    app = build_app(Options(seed=1234, size=SIZE, language=language))
    try:
        return walk(Walk(app, mp))
    finally:
        app.quit()  # the quit hooks: the solver's child process stops


def walk_lessons(w: Walk) -> None:
    """The list of lessons, then the first step of each lesson, and back to the table."""
    w.key(pygame.K_l)
    w.shoot("the list of lessons")
    w.key(pygame.K_RETURN)
    lessons = lesson_of(w.app.top)
    for index in range(len(lessons.lessons)):
        lessons.go_to(index)
        w.settle()
        w.shoot(f"lesson {index + 1}, first step")
    w.escape(lambda: True)
    lessons.leave()
    w.settle()


def walk(w: Walk) -> dict[str, Stop]:
    """The way through every screen, by keys, clicks and the table's own commands."""
    app = w.app
    app.frame()
    assert isinstance(app.top, QuestionDialog), "the first start greets the player"
    w.shoot("welcome")
    w.escape(w.on_table)  # "just play"
    w.shoot("table, new game")

    table = w.table
    table.session.move(illegal_move(table.session.game))
    assert table.session.message is not None and table.session.message.tone is Tone.ERROR
    w.shoot("table, an illegal move's message")

    w.key(pygame.K_h)
    w.wait_for(lambda: hint_move(table) is not None and table.session.message is not None and table.session.message.tone is Tone.HINT)
    w.shoot("table, a hint")

    move = table.session.game.position.legal_moves()[0]
    table.session.move(move)
    w.settle()
    w.key(pygame.K_n)
    assert isinstance(app.top, QuestionDialog), "New deal asks first"
    w.shoot("question, new deal")
    w.escape(w.on_table)
    w.key(pygame.K_r, pygame.KMOD_CTRL)
    assert isinstance(app.top, QuestionDialog), "Restart asks: it would throw a move away"
    w.shoot("question, restart")
    w.escape(w.on_table)

    bar = table.bar
    assert bar is not None and bar.more is not None
    w.click(bar.more.center)
    assert isinstance(app.top, Menu)
    w.shoot("the menu")
    w.escape(w.on_table)

    for name, key in (("settings", pygame.K_s), ("statistics", pygame.K_t), ("deal number", pygame.K_d),
                      ("rules", pygame.K_F1), ("keys", pygame.K_SLASH)):
        w.key(key)
        assert not w.on_table(), f"{name} opened nothing"
        w.shoot(name)
        w.escape(w.on_table)

    walk_lessons(w)
    app.session.deal(Game(parse_position(ONE_TO_GO)), resumed=True)
    w.settle()
    w.table.session.move(Move.of(w.table.session.position.columns[0][0], FOUNDATION))
    w.settle()
    if not isinstance(app.top, QuestionDialog):  # the victory lap: any input cuts it short
        w.click((2, 2), RIGHT)
    assert isinstance(app.top, QuestionDialog), "a win asks what next"
    w.shoot("the win")
    return w.stops


STOPS = ["welcome", "table, new game", "table, an illegal move's message", "table, a hint", "question, new deal",
         "question, restart", "the menu", "settings", "statistics", "deal number", "rules", "keys",
         "the list of lessons", "lesson 1, first step", "lesson 2, first step", "lesson 3, first step", "lesson 4, first step", "the win"]


def test_the_walk_reaches_every_screen(sweep: dict[str, Stop]) -> None:
    assert set(sweep) == set(STOPS), sorted(sweep)
    for stop in sweep.values():  # and something was read off each
        assert any(texts for _layer, texts in stop.layers), stop.name


@pytest.mark.parametrize("stop", STOPS)
@pytest.mark.parametrize("check", ["english", "cut", "overlap"])
def test_screen_text(sweep: dict[str, Stop], stop: str, check: str) -> None:
    assert stop in sweep, "the walk went past it"
    found = problems(sweep[stop], check)
    assert not found, f"{len(found)} found:\n" + "\n".join(found)


def test_glyphs_draw_only_cards(sweep: dict[str, Stop]) -> None:
    assert GLYPHS_SEEN, "no card was drawn"
    assert GLYPHS_SEEN <= GLYPHS, f"art.glyph drew more than card marks: {sorted(GLYPHS_SEEN - GLYPHS)}"


@pytest.mark.parametrize("code", [code for code in i18n.LANGUAGES if code != i18n.ENGLISH])
def test_no_text_is_cut_or_overlaps_in_a_shipped_language(code: str, tmp_path: Path) -> None:
    """The same walk in each shipped language's own words (the pseudo-language is longer than
    most, but a real language has its own long words, Dutch compounds, Turkish İ and ğ): every
    screen's text fits its panel and the window, uncut, and no two texts overlap."""
    seen, cut = set(GLYPHS_SEEN), set(ELLIPSIZED)  # the pseudo sweep's, kept for its own tests
    ELLIPSIZED.clear()
    mp = pytest.MonkeyPatch()
    mp.setenv("YUKON_DATA_DIR", str(tmp_path))
    install_spies(mp)
    try:
        assert i18n.set_language(code) == code
        stops = run_walk(mp, code)
        found = [p for stop in stops.values() for check in ("cut", "overlap") for p in problems(stop, check)]
    finally:
        mp.undo()
        TEXTS.clear()
        GLYPHS_SEEN.clear()
        GLYPHS_SEEN.update(seen)
        ELLIPSIZED.clear()
        ELLIPSIZED.update(cut)
        i18n.set_language(i18n.ENGLISH)
        pygame.display.quit()
    assert set(STOPS) - {"the More list"} <= set(stops), sorted(stops)
    assert not found, f"{code}: {len(found)} found:\n" + "\n".join(found)


def test_all_text_is_rendered_through_art() -> None:
    """No module of the window renders a font itself: every text goes through art.text (or
    art.glyph for the cards), so the sweep above sees all of it."""
    found = []
    for path in sorted((ROOT / "yukon" / "ui").rglob("*.py")):
        if path.name == "art.py" and path.parent.name == "ui":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            func = node.func if isinstance(node, ast.Call) else None
            if isinstance(node, ast.Call) and isinstance(func, ast.Attribute) and func.attr in ("render", "render_to", "render_raw", "Font",
                                                                  "SysFont"):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {func.attr}")
    assert not found


def test_the_checks_catch_what_they_look_for() -> None:
    """The checks themselves, on made-up texts: English, an ellipsis, a clip, a spill, an overlap."""
    ELLIPSIZED.add(pseudo.pseudo("Hello") + ELLIPSIS)  # as widgets.ellipsize would have cut it
    def d(text: str, x: int, y: int, w: int = 50, h: int = 10, under: pygame.Rect | None = None,
          drawn: pygame.Rect | None = None) -> Drawn:
        r = pygame.Rect(x, y, w, h)
        return Drawn(text, r, drawn or r, r, under)
    stop = Stop("made up", [("Layer", [
        d(pseudo.pseudo("Hello"), 0, 0), d("Hello", 0, 20), d("KS-F", 0, 40), d("K", 0, 60), d("12:03", 0, 80),
        d(pseudo.pseudo("Hello") + ELLIPSIS, 100, 0), d("ok", 790, 100),
        d("clip", 100, 200, drawn=pygame.Rect(0, 0, 120, 205)),
        d("spill", 300, 300, under=pygame.Rect(300, 300, 20, 20)), d("1", 500, 500), d("2", 520, 505),
        d(pseudo.pseudo("touch"), 600, 500), d(pseudo.pseudo("ing"), 600, 509),
        d("scrolled", 100, 400, drawn=pygame.Rect(0, 0, 800, 405)),
    ])])
    assert [f.split(" is English")[0] for f in problems(stop, "english")] == \
        ["made up [Layer]: 'Hello' at (0, 20, 50, 10)", "made up [Layer]: 'ok' at (790, 100, 50, 10)",
         "made up [Layer]: 'clip' at (100, 200, 50, 10)", "made up [Layer]: 'spill' at (300, 300, 50, 10)",
         "made up [Layer]: 'scrolled' at (100, 400, 50, 10)"]
    cut = problems(stop, "cut")
    assert len(cut) == 4 and "ellipsis" in cut[0] and "out of the window" in cut[1] and "clipped" in cut[2] \
        and "panel or button" in cut[3]
    overlap = problems(stop, "overlap")
    assert overlap == ["made up [Layer]: '1' at (500, 500, 50, 10) overlaps '2' at (520, 505, 50, 10)"]
