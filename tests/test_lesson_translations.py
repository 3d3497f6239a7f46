"""The lessons in other languages: the translators' check, and what the window does with a
translation that is good, missing, broken or for the pseudo-language."""

from __future__ import annotations

import gettext
import json
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest

from test_ui_lessons import Driver, make, panel_text
from yukon.play import lessons as lesson_files
from yukon.play import pseudo
from yukon.play.events import Tone
from yukon.play.lessons import (
    LESSON_DIR,
    LessonError,
    LessonReply,
    check_translations,
    lesson_text,
    load_lessons,
    localize,
    text_fields,
    translate_lesson,
)
from yukon.text import i18n
from yukon.ui.lessons_table import LessonMode
from yukon.ui.widgets import panel_text_size

LESSONS = load_lessons()
CODES = [code for code in i18n.LANGUAGES if code != i18n.ENGLISH]


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    """Every test leaves the game in English, as it found it."""
    yield
    i18n.set_language(i18n.ENGLISH)


def speak(code: str) -> None:
    """Play in language ``code`` without its catalogue (only the lessons' own files matter here)."""
    i18n.install(gettext.NullTranslations(), code)


def marked(data: Any, tag: str) -> Any:
    """A made-up translation: every text of a lesson's text template with ``tag`` in front."""
    if isinstance(data, dict):
        return {k: marked(v, tag) for k, v in data.items()}
    if isinstance(data, list):
        return [marked(v, tag) for v in data]
    return f"{tag}{data}" if data else data


def copy_lessons(folder: Path, code: str | None = None,
                 change: Callable[[int, dict[str, Any]], object] | None = None) -> Path:
    """The four lessons in ``folder``, and with ``code`` a made-up translation of each
    (``change(index, text)`` may spoil one first)."""
    for i, lesson in enumerate(LESSONS):
        name = f"{lesson.key}.json"
        (folder / name).write_bytes((LESSON_DIR / name).read_bytes())
        if code is not None:
            text = marked(lesson_text(lesson), f"[{code}] ")
            if change is not None:
                change(i, text)
            (folder / code).mkdir(exist_ok=True)
            (folder / code / name).write_text(json.dumps(text, ensure_ascii=False, indent=2), encoding="utf-8")
    return folder


# -- the translators' check --------------------------------------------------------------
@pytest.mark.parametrize("code", CODES)
def test_every_shipped_language_has_every_lesson_in_full(code: str) -> None:
    assert (LESSON_DIR / code).is_dir(), f"no lesson translations for {code} (assets/lessons/{code}/)"
    assert check_translations(code) == []


def test_the_check_passes_a_complete_translation_and_names_a_missing_one(tmp_path: Path) -> None:
    copy_lessons(tmp_path, "de")
    assert check_translations("de", tmp_path) == []
    (tmp_path / "de" / f"{LESSONS[2].key}.json").unlink()
    assert check_translations("de", tmp_path) == [f"lesson translation de/{LESSONS[2].key}.json: missing"]
    assert check_translations("fr", tmp_path) == [f"lesson translation fr/{l.key}.json: missing" for l in LESSONS]


def _drop_step(i: int, t: dict[str, Any]) -> None:
    t["steps"].pop()


def _extra_step(i: int, t: dict[str, Any]) -> None:
    t["steps"].append({"instruction": "x", "wrong": "y"})


def _empty_instruction(i: int, t: dict[str, Any]) -> None:
    t["steps"][1]["instruction"] = "  "


def _empty_title(i: int, t: dict[str, Any]) -> None:
    del t["title"]


def _reply_key(i: int, t: dict[str, Any]) -> None:
    step = next(s for s in t["steps"] if "replies" in s)
    step["replies"] = {"KS-1": "?"}


def _no_replies(i: int, t: dict[str, Any]) -> None:
    for s in t["steps"]:
        s.pop("replies", None)


def _placeholder(i: int, t: dict[str, Any]) -> None:
    t["intro"] += " {card}"


def _stray_brace(i: int, t: dict[str, Any]) -> None:
    t["outro"] += " {"


def _script_copied(i: int, t: dict[str, Any]) -> None:
    t["steps"][0]["moves"] = ["9S-3"]


def _not_text(i: int, t: dict[str, Any]) -> None:
    t["steps"][0]["wrong"] = ["a", "list"]


def _done_added(i: int, t: dict[str, Any]) -> None:
    t["steps"][-1]["done"] = t["steps"][-1]["done"] or "words the English does not say"


# Lesson 4 (index 3) has no replies; the others each have one step with replies.
SPOILS = {
    "a step missing": (_drop_step, 0, "'steps' must list the text of the 3 steps, in order"),
    "a step too many": (_extra_step, 1, "'steps' must list the text of the 2 steps, in order"),
    "an empty instruction": (_empty_instruction, 2, "step 2: 'instruction' is missing or empty"),
    "no title": (_empty_title, 3, "'title' is missing or empty"),
    "a reply for another move": (_reply_key, 0, "step 2: a reply for KS-1, which the English does not have"),
    "a reply missing": (_no_replies, 1, "step 1: no reply for"),
    "a placeholder added": (_placeholder, 2, "'intro' must have the same placeholders as the English (none)"),
    "a stray brace": (_stray_brace, 3, "'outro' must have the same placeholders as the English (none)"),
    "the script copied in": (_script_copied, 0, "step 1: only text belongs in a translation, not 'moves'"),
    "a list for a text": (_not_text, 1, "step 1: 'wrong' must be text"),
    "a text the English has not": (_done_added, 3, "step 6: 'done' has text where the English has none"),
}


@pytest.mark.parametrize("spoil", SPOILS, ids=list(SPOILS))
def test_the_check_names_the_file_and_the_fault(tmp_path: Path, spoil: str) -> None:
    change, bad, fault = SPOILS[spoil]
    copy_lessons(tmp_path, "pl", lambda i, t: change(i, t) if i == bad else None)
    problems = check_translations("pl", tmp_path)
    assert len(problems) == 1, problems
    assert problems[0].startswith(f"lesson translation pl/{LESSONS[bad].key}.json: ")
    assert fault in problems[0]


@pytest.mark.parametrize("text", ['{"title": ' + "7" * 5000 + "}", "[" * 100000, "\ufeff{", "null", "[]",
                                  '{"title": "x", "steps": "none"}', '{"steps": [1, 2, 3]}'])
def test_a_damaged_translation_is_refused_in_words_never_raised(tmp_path: Path, text: str) -> None:
    lesson = LESSONS[0]
    (tmp_path / "ru").mkdir()
    (tmp_path / "ru" / f"{lesson.key}.json").write_text(text, encoding="utf-8")
    got, problem = localize(lesson, "ru", tmp_path)
    assert got is lesson
    assert problem is not None and problem.startswith(f"lesson translation ru/{lesson.key}.json: ")
    with pytest.raises(LessonError):
        translate_lesson(lesson, text, "here")


def test_a_translation_changes_every_text_and_nothing_else(tmp_path: Path) -> None:
    copy_lessons(tmp_path, "it")
    for lesson in LESSONS:
        got, problem = localize(lesson, "it", tmp_path)
        assert problem is None
        assert text_fields(got) == [f"[it] {t}" for t in text_fields(lesson)]
        assert got.position_text == lesson.position_text and got.key == lesson.key
        for mine, theirs in zip(got.steps, lesson.steps):
            assert (mine.kind, mine.moves, mine.cards, mine.targets) == (theirs.kind, theirs.moves, theirs.cards,
                                                                         theirs.targets)
            assert mine.replies.keys() == theirs.replies.keys()
    # no folder for a language: English, without a word
    assert localize(LESSONS[0], "es", tmp_path) == (LESSONS[0], None)


def test_the_pseudo_language_changes_every_text(tmp_path: Path) -> None:
    for lesson in LESSONS:
        got = pseudo.pseudo_lesson(lesson)
        assert text_fields(got) == [pseudo.pseudo(t) for t in text_fields(lesson)]


# -- in the window -----------------------------------------------------------------------
def test_a_broken_translation_is_named_and_the_lesson_plays_in_english(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    copy_lessons(tmp_path, "de", lambda i, t: _drop_step(i, t) if i == 0 else None)
    monkeypatch.setattr(lesson_files, "LESSON_DIR", tmp_path)
    speak("de")
    d = make()
    d.open_lessons()
    s = d.lesson
    assert s.session.message is not None and s.session.message.tone is Tone.ERROR
    assert s.table.message_text() == (f"Lesson translation de/{LESSONS[0].key}.json: 'steps' must list the text of the "
                              "3 steps, in order. That lesson plays in English.")
    assert panel_text(d).startswith(f"Lesson 1 of 4: {LESSONS[0].title} | {LESSONS[0].intro}")
    assert "This lesson's text in your language cannot be used; it plays in English." in panel_text(d)
    while not s.run.finished:  # played to its end by real clicks, in English
        move = s.run.hint()
        assert move is not None
        if s.run.would_accept(move):
            d.move_by_clicks(str(move))
        else:
            s.session.move(move)
        d.settle()
    assert LESSONS[0].outro in panel_text(d)
    s.go_to(1)  # the next lesson's translation is good
    d.settle()
    assert panel_text(d).startswith(f"Lesson 2 of 4: [de] {LESSONS[1].title}")
    assert "in English" not in panel_text(d)


def test_a_change_of_language_shows_at_once_and_keeps_the_step(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    copy_lessons(tmp_path, "fr")
    monkeypatch.setattr(lesson_files, "LESSON_DIR", tmp_path)
    d = make()
    d.open_lessons()
    s = d.lesson
    step, move = s.run.step, s.run.hint()
    assert step is not None and step.kind == "try" and move is not None
    s.session.move(move)
    d.settle()
    assert s.run.step_index == 1
    assert f"Step 2 of 3: {LESSONS[0].steps[1].instruction}" in panel_text(d)
    speak("fr")
    assert f"Step 2 of 3: [fr] {LESSONS[0].steps[1].instruction}" in panel_text(d)
    assert s.run.step_index == 1 and s.run.lesson.title == f"[fr] {LESSONS[0].title}"
    d.move_by_clicks("JS-7")  # a legal move the step does not want: its reply, in French
    assert s.feedback == f"[fr] {LESSONS[0].steps[1].replies[next(iter(LESSONS[0].steps[1].replies))]}"
    pseudo.install_pseudo()
    d.bar_button("Leave lessons")
    d.open_lessons()  # reopened where it was left, in the language now in use
    assert d.lesson is s and s.run.step_index == 1
    assert panel_text(d).startswith(pseudo.pseudo("Lesson {number} of {count}: {title}").format(
        number=1, count=4, title=pseudo.pseudo(LESSONS[0].title)))


def every_step(d: Driver, feedbacks: tuple[str | None, ...] = (None,)) -> Iterator[LessonMode]:
    """Each step of each lesson in turn, drawn with each of ``feedbacks`` on show (None: the longest
    answer a move can get in that lesson), the step's own move made between them."""
    d.open_lessons()
    s = d.lesson
    for index in range(len(LESSONS)):
        s.go_to(index)
        d.settle()
        lesson = s.lesson
        longest = max([st.wrong for st in lesson.steps] + [r for st in lesson.steps for r in st.replies.values()]
                      + [st.done for st in lesson.steps], key=len)
        while True:
            for feedback in feedbacks:
                s.guide.reply = LessonReply(False, False, longest if feedback is None else feedback)
                s.table.invalidate()
                d.app.frame()
                yield s
            if s.run.finished:
                break
            hint = s.run.hint()
            assert hint is not None
            s.session.move(hint)
            d.settle()


@pytest.mark.parametrize("size", [(800, 600), (640, 480), (480, 360)])
def test_the_panel_takes_a_longer_language_at_every_step(size: tuple[int, int]) -> None:
    """In the pseudo-language (every text 40% longer) the panel's buttons stay on the panel,
    whatever the step, with the longest feedback of the lesson on show."""
    pseudo.install_pseudo()
    for s in every_step(make(size)):
        lay = s.table.layout
        assert lay is not None and lay.panel is not None
        for rect, _action in s.table.side_panel.buttons:
            assert lay.panel.contains(rect), (s.lesson.key, s.run.step_index, size)


@pytest.mark.parametrize("code", [i18n.ENGLISH, *CODES])
def test_at_480_by_360_every_step_s_words_fit_the_panel_beside_seven_columns(code: str) -> None:
    """The smallest usual window: the panel leaves room for all seven columns, and in every language
    the whole of each step's text (its opening words, or the longest answer a move can get) fits above
    the panel's buttons."""
    i18n.set_language(code)
    d = make((480, 360))
    for s in every_step(d, ("", None)):
        lay = s.table.layout
        assert lay is not None and lay.panel is not None and lay.max_scroll == 0
        _size, fits = panel_text_size(s.panel(s.session.game), lay.panel, d.app.size)
        assert fits, (code, s.lesson.key, s.run.step_index, s.feedback[:20])


def test_a_refused_try_and_its_lesson_words_read_as_one_japanese_text() -> None:
    """Lesson 1 asks to try a move the rules refuse: the reason and the step's words follow each
    other as Japanese writes sentences, each ending in 。, with no space between them."""
    from yukon.core.notation import parse_move
    from yukon.play.lessons import LessonRun, load_lessons, localize
    from yukon.ui.table.wording import answer_text

    i18n.set_language("ja")
    lesson, problem = localize(load_lessons()[0], "ja")
    assert problem is None
    run = LessonRun(lesson)
    reply = run.play(parse_move("9S-3"))
    text = answer_text(reply.illegal, reply.text, reply.over)  # as the lesson table words it
    assert text.count("。") >= 2 and "。 " not in text and " " not in text
    assert text.startswith("スペードの9を置けるのは赤の10の上です") and text.endswith("黒の上に赤です。")
