"""The settings, statistics, keys and deal sheets, driven by the app's input commands."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import itertools

import pygame
import pytest

from yukon.core.cards import MAX_SEED
from yukon.core.rules import YUKON
from yukon.play.settings import Settings
from yukon.play.stats import Statistics
from yukon.ui.commands import Command
from yukon.ui.input import Action, PointerDown, PointerUp
from yukon.ui.keys_overlay import DealDialog, KeysOverlay
from yukon.ui.settings_screen import ROWS, SettingsScreen
from yukon.ui.stats_screen import StatsScreen


@pytest.fixture(scope="module")
def surface() -> pygame.Surface:
    pygame.init()
    return pygame.display.set_mode((800, 600))


def click_button(sheet, surface: pygame.Surface, label: str) -> None:
    sheet.draw(surface)
    buttons = sheet.question.answers if sheet.question is not None else sheet.buttons()
    labels = [lb for lb, _ in buttons]
    rect = sheet._hits[labels.index(label)][0]
    sheet.handle(PointerDown(rect.centerx, rect.centery, 1))


def test_settings_change_by_keys_and_clicks(surface: pygame.Surface) -> None:
    got = []
    s = SettingsScreen(Settings(), False, lambda st, new: got.append((st, new)))
    s.draw(surface)
    sound_row = [name for name, _, _ in ROWS].index("sound")
    for _ in range(sound_row):
        s.handle(Action(Command.DOWN))
    s.handle(Action(Command.CONFIRM))
    r = s._rows[[name for name, _, _ in ROWS].index("left_handed")]
    s.handle(PointerDown(r.centerx, r.centery, 1))  # a row changes when the button comes up on it
    assert s.settings.left_handed is False
    s.handle(PointerUp(r.centerx, r.centery, 1))
    click_button(s, surface, "Done")
    assert s.closed and len(got) == 1
    st, new = got[0]
    assert st.sound is False and st.left_handed is True and new is False


def test_rule_change_asks_before_replacing_a_game(surface: pygame.Surface) -> None:
    got = []
    original = Settings()
    s = SettingsScreen(original, True, lambda st, new: got.append((st.variant, new)))
    s.handle(Action(Command.RIGHT))  # Game: Yukon -> Russian
    click_button(s, surface, "Done")
    assert s.question is not None and not got
    s.handle(Action(Command.CANCEL))  # Back: nothing happens yet
    assert s.question is None and not s.closed
    click_button(s, surface, "Done")
    click_button(s, surface, "New deal now")
    assert got == [("russian", True)] and s.closed
    assert original.variant == "yukon"  # the caller's settings were not touched
    got.clear()
    s = SettingsScreen(Settings(), True, lambda st, new: got.append((st.variant, new)))
    s.handle(Action(Command.RIGHT))
    click_button(s, surface, "Done")
    click_button(s, surface, "From the next deal")
    assert got == [("russian", False)]


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080), (3840, 2160)])
def test_question_answers_keep_full_size_labels(size: tuple[int, int]) -> None:
    """The rule-change question's three answers fit without shrinking their labels, inside the window."""
    from yukon.ui import art

    big = pygame.Surface(size)
    s = SettingsScreen(Settings(), True, lambda st, new: None)
    s.handle(Action(Command.RIGHT))
    click_button(s, big, "Done")
    assert s.question is not None
    s.draw(big)
    f = art.font(s.size, True)
    rects = [r for r, _ in s._hits]
    assert len(rects) == 3
    for (label, _), r in zip(s.question.answers, rects):
        assert f.size(label)[0] <= r.w - 4, (label, r.w)
        assert big.get_rect().contains(r)
    assert all(a.right < b.left for a, b in itertools.pairwise(rects))


def test_rule_change_without_a_game_deals_without_asking(surface: pygame.Surface) -> None:
    got = []
    s = SettingsScreen(Settings(), False, lambda st, new: got.append(new))
    s.handle(Action(Command.RIGHT))
    click_button(s, surface, "Done")
    assert got == [True] and s.question is None


def test_cancel_keeps_everything(surface: pygame.Surface) -> None:
    got = []
    s = SettingsScreen(Settings(), True, lambda st, new: got.append(st))
    s.handle(Action(Command.RIGHT))
    s.handle(Action(Command.CANCEL))
    assert s.closed and got == []


def test_stats_reset_asks_first(surface: pygame.Surface) -> None:
    stats = Statistics()
    stats.count_played(YUKON)
    resets = []
    s = StatsScreen(stats, YUKON, lambda: resets.append(1), news=["New best time!"])
    click_button(s, surface, "Reset...")
    assert s.question is not None and not resets
    click_button(s, surface, "Keep them")
    assert not resets and not s.closed
    click_button(s, surface, "Reset...")
    click_button(s, surface, "Reset")
    assert resets == [1]
    s.handle(Action(Command.CANCEL))
    assert s.closed


def test_keys_overlay_closes_on_any_key(surface: pygame.Surface) -> None:
    k = KeysOverlay()
    k.draw(surface)
    k.handle(Action(Command.DOWN))
    assert not k.closed
    k.handle(Action(Command.HINT))
    assert k.closed


def test_keys_overlay_scrolls_in_a_small_window() -> None:
    small = pygame.Surface((640, 300))
    k = KeysOverlay()
    k.draw(small)
    assert k.max_offset > 0
    for _ in range(40):
        k.handle(Action(Command.DOWN))
        k.draw(small)
    assert k.offset == k.max_offset and not k.closed
    k.handle(Action(Command.UP))
    assert k.offset < k.max_offset


def test_deal_dialog(surface: pygame.Surface) -> None:
    got = []
    d = DealDialog(5, got.append)
    d.handle(Action(Command.CONFIRM))
    assert d.error and not got
    d.type_text("12a3")
    assert d.text == "123"
    d.type_text("x")
    assert d.error and d.text == "123"
    d.handle(Action(Command.UNDO))  # Backspace arrives as undo
    d.draw(surface)
    d.type_text(str(MAX_SEED + 1)[:17])
    assert len(d.text) <= 20
    d.text = str(MAX_SEED + 1)
    d.handle(Action(Command.CONFIRM))
    assert d.error and not d.closed
    d.text = "4711"
    click_button(d, surface, "Deal")
    assert got == [4711] and d.closed


def test_every_sheet_works_without_a_mouse(surface: pygame.Surface) -> None:
    got = []
    s = SettingsScreen(Settings(), True, lambda st, new: got.append((st.variant, new)))
    s.handle(Action(Command.RIGHT))  # Game -> Russian Solitaire
    for _ in range(len(ROWS)):
        s.handle(Action(Command.DOWN))  # past the last row: onto Done
    assert s.focus_button == len(s.buttons()) - 1
    s.draw(surface)
    s.handle(Action(Command.CONFIRM))  # Done -> the question
    assert s.question is not None
    s.handle(Action(Command.RIGHT))  # "From the next deal"
    s.draw(surface)
    s.handle(Action(Command.CONFIRM))
    assert got == [("russian", False)] and s.closed

    resets = []
    st = StatsScreen(Statistics(), YUKON, lambda: resets.append(1))
    st.handle(Action(Command.LEFT))  # focus on the last button (Close) ...
    st.handle(Action(Command.LEFT))  # ... then Reset...
    st.handle(Action(Command.CONFIRM))
    assert st.question is not None
    st.handle(Action(Command.CONFIRM))  # the first answer: Reset
    assert resets == [1] and not st.closed
    st.handle(Action(Command.CANCEL))
    assert st.closed


def test_hidden_rows_are_not_offered(surface: pygame.Surface) -> None:
    s = SettingsScreen(Settings(), False, lambda st, new: None, frozenset({"auto_finish", "winnable_only"}))
    assert [r[0] for r in s.rows] == [r[0] for r in ROWS if r[0] not in ("auto_finish", "winnable_only")]
    for _ in range(len(ROWS) + 2):
        s.handle(Action(Command.DOWN))
        s.handle(Action(Command.RIGHT))
    s.draw(surface)
    assert s.settings.auto_finish == Settings().auto_finish and s.settings.winnable_only == Settings().winnable_only


def test_group_move_picture_stays_in_its_rectangle(surface: pygame.Surface) -> None:
    from yukon.ui.rules_picture import draw_group_move, picture_height

    for width in (260, 400, 640, 900):
        h = picture_height(width)
        canvas = pygame.Surface((width + 40, h + 40))
        canvas.fill((1, 2, 3))
        rect = pygame.Rect(20, 20, width, h)
        draw_group_move(canvas, rect)
        inside = canvas.subsurface(rect).copy()
        assert any(inside.get_at((x, y))[:3] != (1, 2, 3) for x in range(0, width, 7) for y in range(0, h, 7))
        canvas.fill((1, 2, 3), rect)
        assert pygame.mask.from_threshold(canvas, (1, 2, 3), (1, 1, 1, 255)).count() == canvas.get_width() * canvas.get_height()
