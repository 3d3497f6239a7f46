"""Text and layout at every window size, driven headless with real events: a long column tightens
only itself, text grows with the window, no status or bar text runs past its area, the bar
folds into a "More" list in a small window, messages stay off the cards, the keyboard cursor
hides while the mouse plays, and the wording the first playtest asked for.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from parts_helpers import Notes
from player_input import post, wheel_events
from test_ui_table import Driver
from yukon.core.cards import ACE, RANK, SUIT, make_card
from yukon.core.rules import Rules
from yukon.core.state import FOUNDATION, Game, Move, Position
from yukon.text import i18n
from yukon.text.words import rules_line
from yukon.ui import art
from yukon.ui.app import App
from yukon.ui.build import Extras, open_window
from yukon.ui.build import add_extras as install
from yukon.ui.commands import BAR_TEXT
from yukon.ui.menu import Menu
from yukon.ui.rules_screen import RulesScreen
from yukon.ui.screen import QuestionDialog
from yukon.ui.sheet import SheetScreen
from yukon.ui.table import describe_move
from yukon.ui.widgets import SEP

SIZES = [(800, 600), (1280, 800), (1920, 1080), (3840, 2160), (480, 360)]
EIGHT_SPADES = make_card(8, 0)
SEVEN_HEARTS = make_card(7, 1)


def big_move_game() -> tuple[Game, Move]:
    """Column 1 ends with the 8 of spades; the 7 of hearts in column 2 carries 19 cards: moving it
    makes a column of 33 cards."""
    others = [c for c in range(52) if c not in (EIGHT_SPADES, SEVEN_HEARTS)]
    columns = [others[:12] + [EIGHT_SPADES], [others[12], SEVEN_HEARTS] + others[13:32]]
    rest = others[32:]
    columns += [rest[i::5] for i in range(5)]
    return Game(Position(columns, [0] * 7, [0, 0, 0, 0])), Move.of(SEVEN_HEARTS, 0)


def start(size: tuple[int, int], game: Game | None = None, seed: int = 7) -> Driver:
    app = open_window(seed=seed, size=size, game=game)
    app.frame()
    return Driver(app)


EXTRAS: dict[App, Extras] = {}  # the extras of each app the tests started


def start_with_settings(tmp_path: Path, size: tuple[int, int], settings: dict[str, object],
                        game: Game | None = None) -> Driver:
    (tmp_path / "settings.json").write_text(json.dumps({"version": 1, **settings}))
    app = open_window(seed=123456789, size=size, game=game)
    EXTRAS[app] = install(app, folder=str(tmp_path), resume=False)
    app.frame()
    return Driver(app)


def test_a_column_past_twenty_cards_tightens_only_itself() -> None:
    """A column of 21 cards has shrunk every card (as far as 20 face-up cards need to show their
    corner indices); moving 19 more onto another makes a column of 33, which shrinks them no
    further: it fans tighter, and the other columns do not move."""
    game, move = big_move_game()
    d = start((800, 600), game)
    lay = d.lay
    cw, ch = lay.cw, lay.ch
    assert max(map(len, d.table.session.position.columns)) == 21
    others = {i: [lay.card_xy[c] for c in col] for i, col in enumerate(lay.column_cards) if i > 1}
    d.click(*d.card_point(move.card))
    d.click(*d.dest_point(0))
    d.click(5, 5)  # the slide ends
    assert d.table.session.game.moves_made == [move]
    lay = d.lay
    assert len(d.table.session.position.columns[0]) == 33
    assert (lay.cw, lay.ch) == (cw, ch)  # every card keeps its size
    for i, xy in others.items():  # and the other columns did not move at all
        assert [lay.card_xy[c] for c in lay.column_cards[i]] == xy
    end = lay.card_rect(d.table.session.position.columns[0][-1])
    assert end.bottom <= lay.view.bottom  # the long column still ends on the table
    fresh = start((800, 600), Game.deal(7))
    assert fresh.lay.cw > cw  # a fresh deal's cards are larger


def test_text_grows_with_the_window() -> None:
    status: list[tuple[int, int]] = []  # (the status text's size, the rules' text size)
    bar: list[int] = []
    dialog: list[int] = []
    for size in [(800, 600), (1280, 800), (1920, 1080), (3840, 2160)]:
        d = start(size)
        status_size = d.table.status_rows()[0]
        assert d.table.bar is not None
        bar.append(d.table.bar.font_size)
        dialog.append(QuestionDialog(d.app, "Question?", [("Yes", None), ("No", None)]).layout(*size)[1])
        d.button("Rules")
        rules = d.app.top
        assert isinstance(rules, RulesScreen)
        d.app.draw()
        status.append((status_size, rules._size()))
    assert [s for s, _ in status] == sorted(s for s, _ in status)
    assert [r for _, r in status] == sorted(r for _, r in status)
    assert bar == sorted(bar) and dialog == sorted(dialog)
    assert status[-1][0] >= 2 * status[1][0] and bar[-1] >= 2 * bar[1] and dialog[-1] >= 2 * dialog[1]
    assert status[-1][1] >= 2 * status[1][1]


def test_sheets_grow_with_the_window(tmp_path: Path) -> None:
    sizes: list[int] = []
    for w, h in [(1280, 800), (3840, 2160)]:
        d = start_with_settings(tmp_path, (w, h), {})
        d.key(pygame.K_s)  # settings
        d.app.draw()
        screen = d.app.top
        assert isinstance(screen, SheetScreen)
        sizes.append(screen.sheet.size)
    assert sizes[1] >= 2 * sizes[0]


def assert_status_and_bar_fit(d: Driver, size: tuple[int, int]) -> None:
    table = d.table
    lay = table.layout
    assert lay is not None and table.bar is not None
    r = lay.status_rect
    text_size, rows = table.status_rows()
    for text, _, bold, x, y in table.status_lines.pieces():  # every text drawn lies inside the status area
        assert x >= 0 and x + art.font(text_size, bold).size(text)[0] <= r.w, (size, text)
        assert y >= 0 and y + art.font(text_size, bold).get_height() <= r.h, (size, text)
    drawn = " ".join(row for row, _, _ in rows)
    if size[0] >= 800:
        assert "\u2026" not in drawn  # nothing cut short
        for line in table.status_text():
            for part in line.split(SEP):
                for word in part.split():
                    assert word in drawn, (size, word)
    assert text_size >= (11 if size[0] >= 800 else 9)
    bar = table.bar
    f = art.font(bar.font_size, True)
    window = pygame.Rect(0, 0, *size)
    for i in bar.shown():
        assert window.contains(bar.rects[i]) and not bar.rects[i].colliderect(bar.more), (size, i)
        if table.buttons()[i].command in BAR_TEXT:  # the icons have no text in the bar
            assert f.size(table.buttons()[i].text())[0] <= bar.rects[i].w - 4, (size, i)
    assert window.contains(bar.more) and bar.rect.h <= max(30, 0.07 * size[1])


# The Simple deck, whose corner index is the shortest: a pictured deck's taller index makes the
# 33-card column below take more of the status strip's room.
SHORT_INDEX = "simple"

# Known fault, left for the toolbar and notices work of issue 24: in the slim status strip over the
# columns, with a 33-card column taking the strip's second row, the long notes ("Demo playing: a
# click or any key stops it") are cut short or drawn below 11 px at 800x600 and, in the longer
# languages, at 1280x800. Not strict: which languages fail moves with each change of the strip.
_STRIP_TOO_SHORT = pytest.mark.xfail(strict=False, reason="the status strip is too short for the notes "
                                     "beside a 33-card column (issue 24)")


@pytest.mark.parametrize("size", [pytest.param(SIZES[0], marks=_STRIP_TOO_SHORT), *SIZES[1:], (900, 1200)])
@pytest.mark.parametrize("variant,left", [("yukon", False), ("russian", True), ("russian", False)])
def test_no_status_or_bar_text_runs_past_its_area(tmp_path: Path, size: tuple[int, int], variant: str,
                                                  left: bool) -> None:
    game, move = big_move_game()
    game.play(move)  # a column of 33 cards
    d = start_with_settings(tmp_path, size, {"variant": variant, "left_handed": left, "deck": SHORT_INDEX})
    d.app.session.deal(Game(game.position.with_rules(Rules(variant)), seed=123456789), resumed=True)
    d.app.frame()
    assert d.table.status_text()[0].endswith(rules_line(Rules(variant)))
    d.app.add_part(Notes("Solver: still winnable", "Demo: move 12 of 140 \u2014 a click or any key stops it"))
    d.table.invalidate()
    d.app.frame()
    assert_status_and_bar_fit(d, size)


def _language_cases() -> list[object]:
    return [pytest.param(code, size, marks=[_STRIP_TOO_SHORT] if n < 2 else [])
            for code in i18n.LANGUAGES if code != i18n.ENGLISH for n, size in enumerate(SIZES)]


@pytest.mark.parametrize(("code", "size"), _language_cases())
def test_no_status_or_bar_text_runs_past_its_area_in_any_language(tmp_path: Path, size: tuple[int, int],
                                                                  code: str) -> None:
    """The check above in each shipped language's own words (Dutch runs long), with its longer game name."""
    game, move = big_move_game()
    game.play(move)
    d = start_with_settings(tmp_path, size, {"left_handed": True, "language": code, "deck": SHORT_INDEX})
    assert i18n.language() == code
    d.app.session.deal(Game(game.position.with_rules(Rules("russian")), seed=123456789), resumed=True)
    d.app.frame()
    assert d.table.status_text()[0].endswith(rules_line(Rules("russian")))
    d.app.add_part(Notes(i18n._("Solver: still winnable"), i18n._("Demo playing: a click or any key stops it")))
    d.table.invalidate()
    d.app.frame()
    assert_status_and_bar_fit(d, size)


def test_the_menu_fits_a_480x360_window_and_runs_its_items(tmp_path: Path) -> None:
    d = start_with_settings(tmp_path, (480, 360), {})
    bar = d.table.bar
    assert bar is not None and bar.hidden
    assert bar.rect.h <= 0.1 * 360
    hidden = [d.table.buttons()[i].text() for i in bar.hidden]
    assert "Rules" in hidden
    d.click(*bar.more.center)
    menu = d.app.top
    assert isinstance(menu, Menu) and [item.label for item in menu.items] == hidden
    d.app.draw()
    d.key(pygame.K_ESCAPE)  # closes it, nothing else
    assert d.app.top is d.table
    d.click(*bar.more.center)
    menu = d.app.top
    assert isinstance(menu, Menu)
    window = pygame.Rect(0, 0, 480, 360)
    assert all(window.contains(r) for r in menu.rects(480, 360))
    rect = menu.rects(480, 360)[hidden.index("Rules")]
    assert rect.top >= bar.rect.bottom
    d.click(*rect.center)
    from yukon.ui.rules_screen import RulesScreen

    assert isinstance(d.app.top, RulesScreen)


def test_a_message_stays_off_the_cards() -> None:
    # every other column reaches the bottom: no room for the message between them, so it goes
    # over the status area
    cards = list(range(52))
    columns = [cards[0:13], [], cards[13:26], [], cards[26:39], [], cards[39:52]]
    d = start((800, 600), Game(Position(columns, [0] * 7, [0, 0, 0, 0])))
    lay = d.lay
    assert all(lay.card_rect(col[-1]).bottom > lay.view.bottom - 40 for col in columns if col)
    d.key(pygame.K_z, pygame.KMOD_LCTRL)  # nothing to undo: a message
    placed = d.table.message_box()
    assert placed is not None
    box = placed[0]
    cards_rects = [lay.card_rect(c) for c in range(52)]
    assert box.collidelist(cards_rects) < 0
    assert lay.status_rect.contains(box)
    d.app.draw()
    # a long column only: the message goes beside it, low on the table
    game, move = big_move_game()
    d = start((800, 600), game)
    d.table.session.move(move)
    d.table.session.tell("The 7 of hearts cannot go home yet.")
    lay = d.lay
    placed = d.table.message_box()
    assert placed is not None
    assert placed[0].collidelist([lay.card_rect(c) for c in range(52)]) < 0


def test_the_keyboard_cursor_hides_on_mouse_input(tmp_path: Path) -> None:
    d = start_with_settings(tmp_path, (1024, 700), {})
    extras = EXTRAS[d.app]
    d.key(pygame.K_RIGHT)
    assert extras.keyboard.cursor_rect(d.table) is not None
    lay = d.lay
    d.click(lay.view.right - 5, lay.view.bottom - 5)  # a click on the cloth
    assert extras.keyboard.cursor_rect(d.table) is None
    d.key(pygame.K_RIGHT)  # a key shows it again, where it was
    assert extras.keyboard.cursor_rect(d.table) is not None
    post(wheel_events(-1))
    d.app.frame()
    assert extras.keyboard.cursor_rect(d.table) is None


def test_new_deal_says_the_game_counts_as_a_loss() -> None:
    d = start((1024, 700), seed=5)
    move = next(m for m in d.table.session.position.legal_moves())
    d.table.session.move(move)
    d.button("New deal")
    top = d.app.top
    assert isinstance(top, QuestionDialog) and "counts as a loss" in top.question


def test_a_double_click_on_a_covered_ace_says_why() -> None:
    ace = make_card(ACE, 2)
    others = [c for c in range(52) if c != ace]
    columns = [[ace] + others[:3]] + [others[3 + i::6] for i in range(6)]
    d = start((1024, 700), Game(Position(columns, [0] * 7, [0, 0, 0, 0])))
    d.click(*d.card_point(ace))
    d.click(*d.card_point(ace))
    assert d.table.session.game.moves_made == []
    m = d.table.message_text()
    assert m is not None and "cannot go home" in m and "the 3 cards on it" in m


def test_the_wrong_foundation_is_named_as_such() -> None:
    two = make_card(2, 2)  # the 2 of diamonds; the diamonds foundation is empty
    others = [c for c in range(52) if c != two and not (RANK[c] == ACE and SUIT[c] in (0, 3))]
    columns = [[two]] + [others[i::6] for i in range(6)]
    d = start((1024, 700), Game(Position(columns, [0] * 7, [1, 0, 0, 1])))
    d.click(*d.card_point(two))
    assert d.table.session.selection == two
    d.click(*d.lay.foundation_rects[0].center)  # the spades foundation
    m = d.table.message_text()
    assert m is not None
    assert "diamonds foundation, not the spades foundation." in m and "starts with its Ace" in m


def test_plural_forms_of_the_cards_carried() -> None:
    game, _ = big_move_game()
    pos = game.position
    col = pos.columns[1]
    assert describe_move(pos, Move.of(col[-2], 0)).count("(with the card on it)") == 1
    assert "(with the 3 cards on it)" in describe_move(pos, Move.of(col[-4], 0))
    assert "with the 1 card" not in describe_move(pos, Move.of(col[-2], FOUNDATION))


def test_a_message_over_the_status_survives_the_clock_ticking(monkeypatch: pytest.MonkeyPatch) -> None:
    """The clock redraws only the status area each second: a message lying there stays drawn,
    and the window then equals a full redraw."""
    from test_ui_redraw import SteppedTime, Window

    cards = list(range(52))
    columns = [cards[0:13], [], cards[13:26], [], cards[26:39], [], cards[39:52]]
    app = open_window(size=(800, 600), game=Game(Position(columns, [0] * 7, [0, 0, 0, 0])), now=SteppedTime.monotonic)
    window = Window()
    monkeypatch.setattr(pygame.display, "flip", window.flip)
    monkeypatch.setattr(pygame.display, "update", window.update)
    app.draw()
    t = app.table
    assert t is not None and t.layout is not None
    move = next(m for m in t.session.position.legal_moves() if m.to != FOUNDATION)
    t.session.move(move)
    for _ in range(100):
        app.update(1 / 60)
        app.draw()
    t.session.tell("A word that has nowhere to go but the status area.", seconds=30)
    app.draw()
    placed = t.message_box()
    status = t.layout.status_rect  # the strip over the columns, and their headings under it
    assert placed is not None and placed[0].colliderect(status) and placed[0].bottom <= t.layout.cols_y
    assert status.x <= placed[0].x and placed[0].right <= status.right
    for step in (1.0, 1.0, 1.0, 40.0):  # three ticks, then the message runs out
        SteppedTime.now += step
        assert t.needs_draw()
        app.draw()
        shown = window.bytes()
        t.invalidate()
        app.draw()
        assert window.bytes() == shown
    assert t.session.message is None


@pytest.mark.parametrize("size", [(800, 600), (3840, 2160)])
def test_the_statistics_note_is_wrapped_not_cut(tmp_path: Path, size: tuple[int, int],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    d = start_with_settings(tmp_path, size, {})
    d.key(pygame.K_t)
    screen = d.app.top
    assert isinstance(screen, SheetScreen)
    sheet = screen.sheet
    drawn: list[pygame.Surface] = []
    real = art.text

    def keep_text(s: str, size: int, colour: tuple[int, int, int], bold: bool = False) -> pygame.Surface:
        drawn.append(real(s, size, colour, bold))
        return drawn[-1]

    monkeypatch.setattr(art, "text", keep_text)
    d.app.invalidate()
    d.app.draw()
    pad = max(10, sheet.size)
    inner = sheet.panel.w - 2 * pad
    assert drawn and all(img.get_width() <= inner for img in drawn)
