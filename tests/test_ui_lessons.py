"""The lessons in the window, driven headless by real pygame events (clicks, drags, keys)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path

import pygame
import pytest

from window_helpers import hint_move, is_lesson
from yukon.core.cards import SUIT, parse_card
from yukon.core.notation import format_move, parse_move
from yukon.core.state import FOUNDATION, ON_FOUNDATION
from yukon.play.events import Tone
from yukon.play.lessons import LessonReply, load_lessons
from yukon.play.settings import load_settings
from yukon.ui.app import App
from yukon.ui.build import open_window
from yukon.ui.lesson_list import LessonList
from yukon.ui.lessons_part import Lessons
from yukon.ui.lessons_table import LessonMode
from yukon.ui.parts import TablePrefs
from yukon.ui.screen import MenuList, QuestionDialog
from yukon.ui.sheet import SheetScreen
from yukon.ui.table import TableScreen

LESSONS = load_lessons()


class Driver:
    """Posts real pygame events and runs one loop iteration per gesture."""

    def __init__(self, app: App) -> None:
        self.app = app

    @property
    def screen(self) -> TableScreen:
        top = self.app.top
        assert isinstance(top, TableScreen)
        return top

    @property
    def lesson(self) -> LessonMode:
        top = self.app.top
        assert isinstance(top, TableScreen) and isinstance(top.mode, LessonMode)
        return top.mode

    def post(self, etype: int, **kw: object) -> None:
        pygame.event.post(pygame.event.Event(etype, kw))

    def click(self, x: int, y: int) -> None:
        self.post(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1)
        self.post(pygame.MOUSEBUTTONUP, pos=(x, y), button=1)
        self.app.frame()

    def drag(self, a: tuple[int, int], b: tuple[int, int], steps: int = 6) -> None:
        self.post(pygame.MOUSEBUTTONDOWN, pos=a, button=1)
        for i in range(1, steps + 1):
            p = (a[0] + (b[0] - a[0]) * i // steps, a[1] + (b[1] - a[1]) * i // steps)
            self.post(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0))
            self.app.frame()
        self.post(pygame.MOUSEBUTTONUP, pos=b, button=1)
        self.app.frame()

    def key(self, key: int, mod: int = 0) -> None:
        self.post(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)
        self.app.frame()

    def settle(self) -> None:
        self.screen.anim.finish()
        self.app.frame()

    def card_point(self, text: str) -> tuple[int, int]:
        card = parse_card(text)
        lay = self.screen.layout
        assert lay is not None
        if self.screen.session.position.loc[card] == ON_FOUNDATION:
            return lay.foundation_rects[SUIT[card]].center
        r = lay.strip_rect(card)
        return (r.centerx, r.y + min(r.h // 2, 6))

    def dest_point(self, to: int) -> tuple[int, int]:
        lay = self.screen.layout
        assert lay is not None
        return lay.foundation_rects[0].center if to == FOUNDATION else lay.column_end_rect(to).center

    def move_by_clicks(self, text: str) -> None:
        """Click the card, then its destination (the game's click-to-select, click-to-place)."""
        move = parse_move(text)
        self.post(pygame.MOUSEBUTTONDOWN, pos=(1, 1), button=3)  # drop any selection first
        self.click(*self.card_point(text.split("-")[0]))
        lay = self.screen.layout
        assert lay is not None
        to = lay.foundation_rects[SUIT[move.card]].center if move.to == FOUNDATION else self.dest_point(move.to)
        self.click(*to)
        self.settle()

    def bar_button(self, label: str) -> None:
        """Click the bar's button, through the "More" list when it is folded away there."""
        labels = [b.label for b in self.screen.buttons()]
        bar = self.screen.bar
        assert bar is not None
        i = labels.index(label)
        if i not in bar.hidden:
            self.click(*bar.rects[i].center)
        else:
            assert bar.more is not None
            self.click(*bar.more.center)
            menu = self.app.top
            assert isinstance(menu, MenuList)
            rects = menu.rects(*self.app.size)
            self.click(*rects[bar.hidden.index(i)].center)
        if isinstance(self.app.top, TableScreen):  # not a sheet it opened (the list of lessons)
            self.settle()

    def open_lessons(self) -> None:
        """The Lessons button, then Enter on the list: the lesson it offers opens."""
        self.bar_button("Lessons")
        top = self.app.top
        assert isinstance(top, SheetScreen) and isinstance(top.sheet, LessonList)
        self.key(pygame.K_RETURN)

    def panel_button(self, label: str) -> None:
        self.app.frame()
        lesson = self.lesson
        labels = [b[0] for b in lesson.panel(lesson.session.game).buttons]
        rect, _ = lesson.table.side_panel.buttons[labels.index(label)]
        self.click(*rect.center)
        self.settle()


def make(size: tuple[int, int] = (800, 600), lessons: bool = True) -> Driver:
    pygame.display.quit()
    app = open_window(seed=11, size=size)
    if lessons:
        app.add_part(Lessons(app))
    app.frame()
    return Driver(app)


def panel_text(d: Driver) -> str:
    p = d.lesson.panel(d.lesson.session.game)
    return p.title + " | " + " | ".join(p.paragraphs)


def test_lessons_by_clicks_progress_and_on_to_lesson_two() -> None:
    d = make()
    main_game = d.app.session.game
    main_key = main_game.position.key()
    d.open_lessons()
    s = d.lesson
    assert s.index == 0 and s.run.step_index == 0
    assert "Lesson 1 of 4" in panel_text(d) and "Step 1 of 3" in panel_text(d)
    start = s.session.position.key()

    # Step 1 is a "try": the refused move is explained, not made, and the lesson goes on.
    d.move_by_clicks("9S-3")
    assert s.session.position.key() == start and not s.session.game.history
    assert s.session.message is not None and "needs a red 10" in s.table.message_text()
    assert "Step 2 of 3" in panel_text(d) and "needs a red 10" in panel_text(d)

    # A legal move that is not the step's: refused with the step's words, nothing changes.
    d.move_by_clicks("JS-7")
    assert s.session.position.key() == start and s.run.step_index == 1
    assert s.session.message is not None and "this lesson is about groups" in s.table.message_text()

    # Step 2 by dragging the 9 with its tail onto the 10 of hearts.
    d.drag(d.card_point("9S"), d.dest_point(0))
    d.settle()
    assert [c for c in s.session.position.columns[0]] == [parse_card(t) for t in ("KD", "TH", "9S", "KC", "JS")]
    assert "Step 3 of 3" in panel_text(d)

    # Undo (the bar's button) and Redo (Ctrl+Y) keep the lesson in step with the table.
    d.bar_button("Undo")
    assert s.session.position.key() == start and s.run.step_index == 1 and "Step 2 of 3" in panel_text(d)
    d.key(pygame.K_y, pygame.KMOD_CTRL)
    d.settle()
    assert s.run.step_index == 2 and s.run.position.key() == s.session.position.key()

    # Step 3 and the end of the lesson.
    d.move_by_clicks("TH-4")
    assert s.run.finished and "Lesson finished" in panel_text(d)
    assert "Lessons finished: 1 of 4" in panel_text(d)

    d.panel_button("Next lesson")
    assert d.lesson is s and s.index == 1 and s.run.step_index == 0
    assert "Lesson 2 of 4" in panel_text(d) and "Step 1 of 2" in panel_text(d)
    assert s.session.position == LESSONS[1].start() and not s.session.game.history

    # Hint shows the step's own move, on the table.
    d.bar_button("Hint")
    assert hint_move(s.table) == parse_move("9S-3") and s.session.message is not None and s.session.message.tone is Tone.HINT

    # The wrong 9: told why, not made.
    d.move_by_clicks("9C-3")
    assert not s.session.game.history and "turns nothing up" in (s.table.message_text() or "")
    d.move_by_clicks("9S-3")
    assert len(s.session.game.history) == 1 and s.session.game.history[0].flipped and s.run.step_index == 1

    d.bar_button("Leave lessons")
    assert d.app.top is d.app.table and d.app.session.game is main_game
    assert main_game.position.key() == main_key and not main_game.history


def test_restart_lesson_and_no_win_dialog_after_lesson_four() -> None:
    d = make((1280, 800))
    d.open_lessons()
    s = d.lesson
    s.go_to(3)
    d.settle()
    for text in ("AH-F", "2H-F"):
        d.move_by_clicks(text)
    assert s.run.step_index == 2
    d.panel_button("Restart lesson")
    assert s.run.step_index == 0 and s.session.position == LESSONS[3].start() and not s.session.game.history
    for text in ("AH-F", "2H-F", "3H-F", "9S-1", "8H-1"):
        d.move_by_clicks(text)
    assert s.run.step is not None and s.run.step.kind == "finish"
    # The endgame by double-clicks on the cards that can go home.
    while not s.run.finished:
        card = s.run.hint()
        assert card is not None
        x, y = d.card_point(str(card).split("-")[0])
        d.click(x, y)
        d.click(x, y)
        d.settle()
    assert s.session.position.is_won() and d.app.top is s.table  # no "You won" dialog over the lesson
    assert not any(isinstance(x, QuestionDialog) for x in d.app.screens)
    assert "Deal a full game" in [b[0] for b in s.panel(s.session.game).buttons]
    d.panel_button("Deal a full game")
    assert d.app.top is d.app.table or isinstance(d.app.top, QuestionDialog)
    assert not any(is_lesson(x) for x in d.app.screens)


def test_finished_lessons_are_kept_in_the_settings(tmp_path: Path) -> None:
    from yukon.play.save import Store, load_game
    from yukon.ui.build import add_extras as install

    d = make(lessons=False)
    extras = install(d.app, folder=str(tmp_path), resume=False)
    d.app.add_part(Lessons(d.app, extras.records))
    d.open_lessons()
    s = d.lesson
    for text in ("9S-3", "9S-1", "TH-4"):
        d.move_by_clicks(text)
    assert s.run.finished
    extras.records.store.flush()  # the writer thread is done
    store = Store(str(tmp_path))
    settings, _ = load_settings(store)
    assert settings.finished_lessons == {LESSONS[0].key}
    saved = load_game(store).saved
    assert saved is None or saved.game.position == d.app.session.game.position  # the lesson is never saved as the game
    d.bar_button("Leave lessons")
    d.open_lessons()  # the next visit starts at the first lesson not finished
    assert d.lesson.index == 1


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (640, 480), (480, 360)])
def test_panel_text_and_buttons_fit_the_window_at_every_step(size: tuple[int, int]) -> None:
    d = make(size)
    d.open_lessons()
    s = d.lesson
    for index, lesson in enumerate(LESSONS):
        s.go_to(index)
        d.settle()
        lay = s.table.layout
        assert lay is not None and lay.max_scroll == 0  # the panel leaves room for all seven columns
        for column in range(7):
            assert lay.view.contains(lay.column_end_rect(column)), (size, lesson.key, column)
        longest = max([st.wrong for st in lesson.steps] + [r for st in lesson.steps for r in st.replies.values()]
                      + [st.done for st in lesson.steps], key=len)
        while True:
            s.guide.reply = LessonReply(False, False, "The 9 of spades needs a red 10, not the 10 of spades. " + longest)
            s.table.invalidate()
            d.app.frame()
            lay = s.table.layout
            assert lay is not None and lay.panel is not None
            assert len(s.table.side_panel.buttons) == len(s.panel(s.session.game).buttons)
            for rect, _ in s.table.side_panel.buttons:
                assert lay.panel.contains(rect), (lesson.key, s.run.step_index)
            for card in s.run.highlights()[0]:  # what the step points at is on screen
                assert lay.view.contains(lay.card_rect(card))
            if s.run.finished:
                break
            hint = s.run.hint()
            assert hint is not None  # an unfinished lesson always has a next move
            s.session.move(hint)
            d.settle()


def test_a_lesson_left_half_done_is_taken_up_again() -> None:
    d = make()
    d.open_lessons()
    s = d.lesson
    s.go_to(2)
    d.settle()
    d.move_by_clicks("QH-3")
    key = s.session.position.key()
    d.bar_button("Leave lessons")
    assert d.app.top is d.app.table
    d.open_lessons()
    assert d.lesson is s and s.index == 2 and s.run.step_index == 1 and s.session.position.key() == key
    d.panel_button("Restart lesson")
    d.bar_button("Leave lessons")
    d.open_lessons()  # nothing done in it: a fresh start at the first unfinished lesson
    assert d.lesson.index == 0 and d.lesson.run.step_index == 0



@pytest.mark.parametrize("lesson", [0, 3])
def test_new_deal_key_in_a_lesson_leaves_the_lessons_and_deals(lesson: int) -> None:
    d = make()
    d.open_lessons()
    d.lesson.go_to(lesson)
    d.settle()
    d.key(pygame.K_n)
    assert d.app.top is d.app.table  # no game under way: dealt at once
    assert not any(is_lesson(x) for x in d.app.screens)
    assert d.app.session.game.seed not in (None, 11) and not d.app.session.game.history


@pytest.mark.parametrize("answer", ["Keep playing", "New deal"])
def test_new_deal_key_in_a_lesson_asks_about_the_game_under_way(answer: str) -> None:
    d = make()
    move = d.screen.session.position.legal_moves()[0]
    d.move_by_clicks(format_move(move))
    assert d.app.session.game.history
    d.open_lessons()
    d.key(pygame.K_n)
    dialog = d.app.top
    assert isinstance(dialog, QuestionDialog) and "Replace the game under way" in dialog.question
    assert not any(is_lesson(x) for x in d.app.screens)  # the question is over the game it replaces
    labels = [label for label, _act in dialog.answers]
    d.click(*dialog.layout(*d.app.size)[3][labels.index(answer)].center)
    d.settle()
    assert d.app.top is d.app.table
    if answer == "New deal":
        assert d.app.session.game.seed != 11 and not d.app.session.game.history
    else:
        assert d.app.session.game.seed == 11 and [u.move for u in d.app.session.game.history] == [move]



def test_lesson_bar_full_screen_button_reads_window_in_full_screen() -> None:
    d = make()
    d.open_lessons()
    d.key(pygame.K_F11)
    assert d.app.fullscreen
    assert "Window" in [b.text() for b in d.lesson.buttons()]
    d.bar_button("Full screen")  # the same button, now reading Window
    assert not d.app.fullscreen and "Full screen" in [b.text() for b in d.lesson.buttons()]


def test_hint_on_a_try_step_says_the_move_will_be_refused() -> None:
    d = make()
    d.open_lessons()
    assert d.lesson.run.step is not None and d.lesson.run.step.kind == "try"
    d.key(pygame.K_h)
    m = d.lesson.session.message
    text = d.lesson.table.message_text() or ""
    assert m is not None and m.tone is Tone.HINT and "refuse" in text and text.endswith(".")


def lessons_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, broken: dict[int, str]) -> Path:
    """A copy of the four lessons with the files numbered in ``broken`` replaced by that text."""
    from yukon.play import lessons as lesson_files

    for i, lesson in enumerate(LESSONS):
        source = lesson_files.LESSON_DIR / f"{lesson.key}.json"
        (tmp_path / source.name).write_text(broken.get(i, source.read_text(encoding="utf-8")), encoding="utf-8")
    monkeypatch.setattr(lesson_files, "LESSON_DIR", tmp_path)
    return tmp_path


def test_one_broken_lesson_is_left_out_in_words_and_the_others_play(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # a number of 5000 digits used to reach the player as "Something went wrong there (ValueError)"
    lessons_folder(tmp_path, monkeypatch, {1: '{"title": ' + "7" * 5000 + "}"})
    d = make()
    d.open_lessons()
    s = d.lesson
    assert [lesson.key for lesson in s.lessons] == [LESSONS[i].key for i in (0, 2, 3)]
    assert s.session.message is not None and s.session.message.tone is Tone.ERROR
    bad = f"{LESSONS[1].key}.json"
    assert s.table.message_text().startswith(f"Lesson file {bad}: not valid JSON (a number is far too long).")
    assert "left out; the others play as usual" in s.table.message_text() and "ValueError" not in s.table.message_text()
    assert "One lesson file cannot be used and is left out." in panel_text(d)
    assert panel_text(d).startswith("Lesson 1 of 3: ")
    # every lesson left in plays to its end by real clicks, the hints showing the way
    for index in range(3):
        s.go_to(index)
        d.settle()
        while not s.run.finished:
            move = s.run.hint()
            assert move is not None
            if s.run.would_accept(move):
                d.move_by_clicks(str(move))
            else:  # a ``try`` step: the rules refuse the move and the lesson goes on
                s.session.move(move)
            d.settle()
        assert s.run.finished


def test_all_lessons_broken_says_so_on_the_table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    lessons_folder(tmp_path, monkeypatch, {i: "[" * 100000 for i in range(4)})
    d = make()
    d.bar_button("Lessons")  # no list: nothing to list
    assert d.app.top is d.app.table
    message = d.app.table.session.message
    assert message is not None and message.tone is Tone.ERROR
    text = d.app.table.message_text() or ""
    assert text.startswith("The lessons cannot be opened: lesson file ")
    assert text.count("not valid JSON (nested too deeply)") == 4


def lessons_book(d: Driver) -> Lessons:
    return next(p for p in d.app.parts if isinstance(p, Lessons))


def the_list(d: Driver) -> LessonList:
    top = d.app.top
    assert isinstance(top, SheetScreen) and isinstance(top.sheet, LessonList)
    return top.sheet


def test_the_lessons_button_lists_the_lessons_and_opens_the_one_picked() -> None:
    d = make()
    lessons_book(d).remember_finished(LESSONS[0].key)
    d.bar_button("Lessons")
    shown = the_list(d)
    assert [e.title for e in shown.entries] == [lesson.title for lesson in LESSONS]
    assert [e.done for e in shown.entries] == [True, False, False, False]
    assert shown.entries[0].state == "\u2713 Finished" and shown.focus == 1  # the first not finished is offered
    d.app.frame()
    d.click(*shown.rows[2].center)  # any lesson, not only the next
    s = d.lesson
    assert s.index == 2 and s.run.step_index == 0 and s.session.position == LESSONS[2].start()
    d.move_by_clicks("QH-3")  # its first step: the lesson is under way
    assert s.run.step_index == 1
    d.bar_button("Lessons")  # the list again, over the lesson
    shown = the_list(d)
    assert shown.entries[2].state == "Step 2 of 4" and shown.focus == 2
    d.app.frame()
    d.click(*shown.rows[0].center)  # a finished one may be played again
    assert d.lesson is s and s.index == 0 and s.run.step_index == 0
    d.bar_button("Leave lessons")
    d.key(pygame.K_l)  # L shows the list from the table too; Down and Enter pick
    assert the_list(d).focus == 1  # lesson 1 was left as it starts: the first not finished is offered
    d.key(pygame.K_DOWN)
    d.key(pygame.K_RETURN)
    assert d.lesson.index == 2


def test_high_contrast_draws_the_lesson_panel_and_bar_plain_not_green() -> None:
    d = make((1024, 640))
    d.app.apply_prefs(TablePrefs(high_contrast=True))
    d.open_lessons()
    s = d.lesson
    s.table.invalidate()
    d.app.frame()
    lay = s.table.layout
    assert lay is not None and lay.panel is not None
    surface = pygame.display.get_surface()
    panel = surface.get_at((lay.panel.x + 3, lay.panel.bottom - 3))[:3]
    bar = surface.get_at((lay.bar.x + 2, lay.bar.bottom - 2))[:3]
    for colour in (panel, bar):
        assert max(colour) - min(colour) <= 8, colour  # a grey like the high-contrast table, no green in it
