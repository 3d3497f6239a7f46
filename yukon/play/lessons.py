"""Guided lessons: prepared positions with a script, and the runner that plays them.

A lesson is a JSON file under ``assets/lessons/``: a title, an opening line, a
position in the position text of RULES.md, a list of steps and a closing line. Each
step has an instruction, the move or moves that count, the cards and destinations to
highlight, what to say after the right move and what to say for a legal move that is
not the one asked for. Three kinds of step:

- ``move``: the player makes one of ``moves`` (alternatives; each must be legal).
- ``try``: the player tries one of ``moves``, which the rules refuse; the rules' reason
  is shown and the lesson goes on, the table unchanged. Once seen, a ``try``
  step is skipped when undo and the same moves again pass it a second time.
- ``finish``: any move to a foundation counts; the step ends when the game is won.

Loading checks everything, the script included, by playing every alternative through,
so a broken file is refused with a message that names the file and the step. The check
goes step by step over the distinct positions the alternatives can reach (duplicates and
alternatives that meet again are checked once), so its work grows with the file, not
exponentially; a script whose alternatives branch into more than ``MAX_CHECKED_POSITIONS``
positions is refused. ``load_lesson_set`` refuses only the broken files and keeps the
others. The runner (``LessonRun``) is pure: a wrong move never changes the position, and
its ``LessonReply`` carries the rules' reason as a typed ``Illegal`` beside the lesson's own words
(the lessons screen puts the two together).

Languages: the English file holds the script; ``assets/lessons/<code>/<same name>.json``
holds only its text in language ``<code>`` (title, intro, outro and, step by step in the
same order, instruction, done, wrong and the same reply keys). ``localize`` lays that text
over the English lesson for the language it is given (a code; the pseudo-language is made
from the English by ``yukon.play.pseudo.pseudo_lesson``). A missing translation leaves the
lesson in English; a broken or mismatched one is refused in words and the lesson plays in
English.
``check_translations`` is the translators' check of one language's files.
"""

from __future__ import annotations

import json
import os
import stat
import string
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ..core.cards import Card, parse_card
from ..core.notation import MoveTextError, PositionError, parse_move, parse_position
from ..core.resources import asset_path
from ..core.state import FOUNDATION, Illegal, Move, Position, Undo
from ..text.i18n import ENGLISH, _, join_sentences
from ..text.words import refusal

LESSON_DIR = asset_path("lessons")
STEP_KINDS = ("move", "try", "finish")
MAX_CHECKED_POSITIONS = 5000  # the lessons reach a handful; more is a script gone wild
MAX_LESSON_BYTES = 1024 * 1024


class LessonError(ValueError):
    """A lesson file that cannot be used; ``str()`` names the file and the problem."""


@dataclass(frozen=True)
class Step:
    """One thing the player is asked to do."""

    kind: str
    instruction: str
    moves: tuple[Move, ...]
    cards: tuple[Card, ...]  # cards to highlight
    targets: tuple[int, ...]  # destinations to highlight: columns 0..6, FOUNDATION
    done: str  # said after the right move (after the engine's reason for a ``try``)
    wrong: str  # said for a legal move that is not the one asked for
    replies: dict[Move, str] = field(default_factory=dict)  # words for particular wrong moves


@dataclass(frozen=True)
class Lesson:
    """A lesson as loaded: its text, its steps and its starting position."""

    key: str  # the file name without ``.json``; what "finished" is remembered by
    title: str
    intro: str
    outro: str
    steps: tuple[Step, ...]
    position_text: str

    def start(self) -> Position:
        """A fresh copy of the starting position."""
        return parse_position(self.position_text)


@dataclass(frozen=True)
class LessonReply:
    """The runner's answer to a move the player tried."""

    right: bool  # the move was the one asked for
    made: bool  # the move was made on the table (False for every wrong move and a ``try``)
    text: str  # the lesson's own words for it (its data, in the lesson's language)
    undo: Undo | None = None  # the record of the move made, for animating it
    finished: bool = False  # the lesson is complete
    illegal: Illegal | None = None  # the rules refused the move: why (said before ``text``)
    over: bool = False  # the lesson was finished already: the move counts for nothing


class LessonRun:
    """One lesson being played: the position, the current step, undo."""

    def __init__(self, lesson: Lesson) -> None:
        self.lesson = lesson
        self.position = lesson.start()
        self.step_index = 0
        self.finished = False
        self.history: list[tuple[Undo, int]] = []  # each move made, with the step it was made in
        self.tried: set[int] = set()  # ``try`` steps already seen: undo and replay skip them

    @property
    def step(self) -> Step | None:
        """The current step, or None once the lesson is finished."""
        return None if self.finished else self.lesson.steps[self.step_index]

    @property
    def step_count(self) -> int:
        """How many steps the lesson has."""
        return len(self.lesson.steps)

    @property
    def instruction(self) -> str:
        """What the player is asked to do now (the closing line once finished)."""
        step = self.step
        return self.lesson.outro if step is None else step.instruction

    def restart(self) -> None:
        """Back to the start of the lesson."""
        self.position = self.lesson.start()
        self.step_index = 0
        self.finished = False
        self.history.clear()
        self.tried.clear()

    def hint(self) -> Move | None:
        """The move the current step asks for (None when finished)."""
        step = self.step
        if step is None:
            return None
        if step.kind == "finish":
            return next((m for m in self.position.legal_moves() if m.to == FOUNDATION), None)
        return step.moves[0]

    def highlights(self) -> tuple[tuple[Card, ...], tuple[int, ...]]:
        """The cards and the destinations (columns 0..6, FOUNDATION) to point at now."""
        step = self.step
        if step is None:
            return (), ()
        if step.kind == "finish" and not step.cards:
            cards = tuple(m.card for m in self.position.legal_moves() if m.to == FOUNDATION)
            return cards, step.targets or (FOUNDATION,)
        return step.cards, step.targets

    def would_accept(self, move: Move) -> bool:
        """Would ``move`` be made on the table for the current step (asked without trying it)?

        False for a ``try`` step: its move counts, but the rules refuse it.
        """
        step = self.step
        if step is None or step.kind == "try":
            return False
        if step.kind == "finish":
            return move.to == FOUNDATION and self.position.is_legal(move)
        return move in step.moves

    def play(self, move: Move) -> LessonReply:
        """Try the player's move: make it if it is the one asked for, else explain why not."""
        step = self.step
        if step is None:
            return LessonReply(False, False, "", finished=True, over=True)
        illegal = self.position.why_illegal(move)
        if step.kind == "try":
            if move in step.moves:
                self.tried.add(self.step_index)
                self._advance()
                return LessonReply(True, False, step.done, finished=self.finished, illegal=illegal)
            if illegal is not None:
                return LessonReply(False, False, "", illegal=illegal)
            return LessonReply(False, False, step.replies.get(move, step.wrong))
        if illegal is not None:
            return LessonReply(False, False, "", illegal=illegal)
        if not self.would_accept(move):
            return LessonReply(False, False, step.replies.get(move, step.wrong))
        before = self.step_index
        undo = self.position.push(move)
        self.history.append((undo, before))
        if step.kind == "move" or self.position.is_won():
            self._advance()
        text = step.done if (step.kind == "move" or self.finished) else ""
        if self.finished:
            text = join_sentences(text, self.lesson.outro)
        return LessonReply(True, True, text, undo, self.finished)

    def relabel(self, lesson: Lesson) -> None:
        """Go on with the same lesson in other words (a change of language); the place is kept."""
        if lesson.key == self.lesson.key and [s.kind for s in lesson.steps] == [s.kind for s in self.lesson.steps]:
            self.lesson = lesson

    def undo(self) -> Undo | None:
        """Take back the last move made in the lesson (and go back to its step)."""
        if not self.history:
            return None
        undo, step_index = self.history.pop()
        self.position.pop(undo)
        self.step_index = step_index
        self.finished = False
        return undo

    def _advance(self) -> None:
        nxt = self.step_index + 1
        while nxt in self.tried:
            nxt += 1
        if nxt >= len(self.lesson.steps):
            self.finished = True
        else:
            self.step_index = nxt


# -- loading ---------------------------------------------------------------------------
def _text(data: dict[str, Any], key: str, where: str, required: bool = True) -> str:
    value = data.get(key, "")
    if not isinstance(value, str):
        raise LessonError(_("{where}: '{key}' must be text").format(where=where, key=key))
    if required and not value.strip():
        raise LessonError(_("{where}: '{key}' is missing or empty").format(where=where, key=key))
    return value.strip()


def _list(data: dict[str, Any], key: str, where: str) -> list[Any]:
    value = data.get(key, [])
    if not isinstance(value, list):
        raise LessonError(_("{where}: '{key}' must be a list").format(where=where, key=key))
    return value


def _parse_step(data: Any, where: str) -> Step:
    if not isinstance(data, dict):
        raise LessonError(_("{where}: a step must be an object with an 'instruction'").format(where=where))
    kind = data.get("kind", "move")
    if kind not in STEP_KINDS:
        raise LessonError(_("{where}: unknown kind {kind} (choose {kinds})").format(where=where, kind=repr(kind),
                                                                     kinds=", ".join(STEP_KINDS)))
    moves: list[Move] = []
    for text in _list(data, "moves", where):
        try:
            moves.append(parse_move(str(text)))
        except MoveTextError as e:
            raise LessonError(_("{where}: {problem}").format(where=where, problem=e)) from None
    if kind != "finish" and not moves:
        raise LessonError(_("{where}: a '{kind}' step needs at least one move in 'moves'").format(
            where=where, kind=kind))
    cards: list[Card] = []
    for text in _list(data, "cards", where):
        try:
            cards.append(parse_card(str(text)))
        except ValueError as e:
            raise LessonError(_("{where}: in 'cards': {problem}").format(where=where, problem=e)) from None
    targets: list[int] = []
    for t in _list(data, "to", where):
        if isinstance(t, str) and t.strip().upper() == "F":
            targets.append(FOUNDATION)
        elif isinstance(t, int) and not isinstance(t, bool) and 1 <= t <= 7:
            targets.append(t - 1)
        else:
            raise LessonError(_("{where}: in 'to': {value} is not a column 1-7 or \"F\"").format(where=where,
                                                                                           value=repr(t)))
    replies_data = data.get("replies", {})
    if not isinstance(replies_data, dict):
        raise LessonError(_("{where}: 'replies' must map moves to text").format(where=where))
    replies: dict[Move, str] = {}
    for move_text, reply in replies_data.items():
        try:
            move = parse_move(move_text)
        except MoveTextError as e:
            raise LessonError(_("{where}: in 'replies': {problem}").format(where=where, problem=e)) from None
        if not isinstance(reply, str) or not reply.strip():
            raise LessonError(_("{where}: the reply for {move} must be text").format(where=where, move=move_text))
        replies[move] = reply.strip()
    return Step(
        kind=kind,
        instruction=_text(data, "instruction", where),
        moves=tuple(moves),
        cards=tuple(cards),
        targets=tuple(targets),
        done=_text(data, "done", where, required=False),
        wrong=_text(data, "wrong", where),
        replies=replies,
    )


def _check_script(position: Position, steps: tuple[Step, ...], name: str) -> int:
    """Play every alternative of every step; raise on the first fault. Returns the number
    of moves played in the check (its work: at most the distinct positions reached times
    the distinct alternatives, never the number of paths)."""
    frontier: dict[tuple, Position] = {position.key(): position}
    played = 0
    reached = 1
    for index, step in enumerate(steps):
        where = _("lesson file {name}: step {number}").format(name=name, number=index + 1)
        moves = tuple(dict.fromkeys(step.moves))  # a move listed twice is checked once
        if step.kind == "try":
            for p in frontier.values():
                for move in moves:
                    if p.is_legal(move):
                        raise LessonError(_("{where}: the 'try' move {move} must be one the rules refuse, "
                                            "but it is legal").format(where=where, move=move))
            continue
        if step.kind == "finish":
            if index != len(steps) - 1:
                raise LessonError(_("{where}: a 'finish' step must be the last step").format(where=where))
            for start in frontier.values():
                p = start.copy()
                while not p.is_won():
                    home = next((m for m in p.legal_moves() if m.to == FOUNDATION), None)
                    if home is None:
                        raise LessonError(_("{where}: the table cannot be finished by sending cards to "
                                            "the foundations").format(where=where))
                    p.push(home)
            continue
        after: dict[tuple, Position] = {}
        for p in frontier.values():
            for move in moves:
                illegal = p.why_illegal(move)
                if illegal is not None:
                    raise LessonError(_("{where}: the move {move} is not legal there ({reason})").format(
                        where=where, move=move, reason=refusal(illegal)))
                q = p.copy()
                q.push(move)
                played += 1
                key = q.key()
                if key not in after:
                    after[key] = q
                    reached += 1
                    if reached > MAX_CHECKED_POSITIONS:
                        raise LessonError(_("{where}: the alternatives lead to more than {n} different "
                                            "positions; too many to check").format(where=where,
                                                                                    n=MAX_CHECKED_POSITIONS))
        frontier = after
    return played


def parse_lesson(text: str, key: str = "lesson") -> Lesson:
    """A lesson from its JSON text; raises LessonError naming ``key`` and the problem."""
    name = f"{key}.json"
    where = _("lesson file {name}").format(name=name)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise LessonError(_("{where}: not valid JSON (line {line}, column {column}: {problem})").format(
            where=where, line=e.lineno, column=e.colno, problem=e.msg)) from None
    except ValueError:  # the only other ValueError: an integer of thousands of digits
        raise LessonError(_("{where}: not valid JSON (a number is far too long)").format(where=where)) from None
    except RecursionError:
        raise LessonError(_("{where}: not valid JSON (nested too deeply)").format(where=where)) from None
    if not isinstance(data, dict):
        raise LessonError(_("{where}: the file must hold one JSON object").format(where=where))
    position_data = data.get("position")
    if isinstance(position_data, list) and all(isinstance(line, str) for line in position_data):
        position_text = "\n".join(position_data) + "\n"
    elif isinstance(position_data, str):
        position_text = position_data
    else:
        raise LessonError(_("{where}: 'position' must be position text (a string or a list of lines)").format(
            where=where))
    try:
        position = parse_position(position_text)
    except PositionError as e:
        raise LessonError(_("{where}: position {problem}").format(where=where, problem=e)) from None
    steps_data = _list(data, "steps", where)
    if not steps_data:
        raise LessonError(_("{where}: 'steps' must list at least one step").format(where=where))
    steps = tuple(_parse_step(s, _("{where}: step {number}").format(where=where, number=i + 1))
                  for i, s in enumerate(steps_data))
    lesson = Lesson(
        key=key,
        title=_text(data, "title", where),
        intro=_text(data, "intro", where),
        outro=_text(data, "outro", where),
        steps=steps,
        position_text=position_text,
    )
    _check_script(position, steps, name)
    return lesson


def _read(path: Path, where: str) -> str:
    """The text of a lesson file (only a regular file of a sane size is opened)."""
    try:
        info = os.stat(path)
        if not stat.S_ISREG(info.st_mode):
            raise LessonError(_("{where}: cannot be read (it is not a file)").format(where=where))
        if info.st_size > MAX_LESSON_BYTES:
            raise LessonError(_("{where}: cannot be read (far too big for a lesson)").format(where=where))
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        reason = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
        raise LessonError(_("{where}: cannot be read ({reason})").format(where=where, reason=reason)) from None


def load_lesson(path: str | Path) -> Lesson:
    """Read and check one lesson file (only a regular file of a sane size is opened)."""
    path = Path(path)
    where = _("lesson file {name}").format(name=path.name)
    text = _read(path, where)
    try:
        return parse_lesson(text, path.stem)
    except LessonError:
        raise
    except Exception as e:  # noqa: BLE001 - a lesson file must never take the window down
        raise LessonError(_("{where}: cannot be used ({problem})").format(
            where=where, problem=f"{type(e).__name__}: {e}")) from None


def load_lesson_set(directory: str | Path = LESSON_DIR) -> tuple[list[Lesson], list[str]]:
    """Every usable lesson in ``directory`` in file-name order, and one message per file
    refused (naming the file and what is wrong). Never raises."""
    directory = Path(directory)
    if not directory.is_dir():
        return [], [_("no lessons folder at {directory}").format(directory=directory)]
    lessons: list[Lesson] = []
    problems: list[str] = []
    try:
        paths = sorted(directory.glob("*.json"))
    except OSError as e:
        return [], [_("the lessons folder cannot be read ({problem})").format(problem=e.strerror or e)]
    for path in paths:
        try:
            lessons.append(load_lesson(path))
        except LessonError as e:
            problems.append(str(e))
    if not paths:
        problems.append(_("no lesson files in {directory}").format(directory=directory))
    return lessons, problems


def load_lessons(directory: str | Path = LESSON_DIR) -> list[Lesson]:
    """Every lesson in ``directory``, in file-name order; raises LessonError on the first bad one."""
    lessons, problems = load_lesson_set(directory)
    if problems:
        raise LessonError(problems[0])
    return lessons


# -- languages -------------------------------------------------------------------------
LESSON_TEXT = ("title", "intro", "outro")  # a lesson's text fields, besides its steps
STEP_TEXT = ("instruction", "done", "wrong")  # a step's text fields, besides its replies


def lesson_text(lesson: Lesson) -> dict[str, Any]:
    """A lesson's text in the shape of a translation file (a template for translators)."""
    steps: list[dict[str, Any]] = []
    for step in lesson.steps:
        out: dict[str, Any] = {"instruction": step.instruction, "done": step.done, "wrong": step.wrong}
        if step.replies:
            out["replies"] = {str(move): text for move, text in step.replies.items()}
        steps.append(out)
    return {"title": lesson.title, "intro": lesson.intro, "steps": steps, "outro": lesson.outro}


def text_fields(lesson: Lesson) -> list[str]:
    """Every piece of text a lesson shows (empty ones left out), in file order."""
    texts = [lesson.title, lesson.intro]
    for step in lesson.steps:
        texts += [step.instruction, step.done, step.wrong, *step.replies.values()]
    texts.append(lesson.outro)
    return [t for t in texts if t]


def placeholders(text: str) -> set[str]:
    """The named fields of a text (``{card}`` -> ``card``); a stray brace counts as one."""
    names: set[str] = set()
    try:
        for _literal, name, _spec, _conversion in string.Formatter().parse(text):
            if name is not None:
                names.add(name)
    except ValueError:
        names.add("<a stray brace>")
    return names


def _translated(english: str, data: dict[str, Any], key: str, where: str) -> str:
    """One text field of a translation, checked against the English."""
    value = data.get(key, "")
    if not isinstance(value, str):
        raise LessonError(_("{where}: '{key}' must be text").format(where=where, key=key))
    value = value.strip()
    if english and not value:
        raise LessonError(_("{where}: '{key}' is missing or empty").format(where=where, key=key))
    if not english and value:
        raise LessonError(_("{where}: '{key}' has text where the English has none").format(where=where, key=key))
    if placeholders(value) != placeholders(english):
        want = ", ".join(sorted(placeholders(english))) or "none"
        raise LessonError(_("{where}: '{key}' must have the same placeholders as the English ({want})").format(
            where=where, key=key, want=want))
    return value


def _only(data: dict[str, Any], allowed: tuple[str, ...], where: str) -> None:
    extra = sorted(k for k in data if k not in allowed)
    if extra:
        raise LessonError(_("{where}: only text belongs in a translation, not {keys}").format(
            where=where, keys=", ".join(map(repr, extra))))


def translate_lesson(lesson: Lesson, text: str, where: str) -> Lesson:
    """``lesson`` with the text of a translation file's ``text`` laid over its English.

    Raises LessonError (naming ``where`` and the fault) for a file that is not JSON, holds
    anything but text, lacks a text or a step, adds one, or changes the reply keys or the
    placeholders."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise LessonError(_("{where}: not valid JSON (line {line}, column {column}: {problem})").format(
            where=where, line=e.lineno, column=e.colno, problem=e.msg)) from None
    except (ValueError, RecursionError):
        raise LessonError(_("{where}: not valid JSON").format(where=where)) from None
    if not isinstance(data, dict):
        raise LessonError(_("{where}: the file must hold one JSON object").format(where=where))
    _only(data, (*LESSON_TEXT, "steps"), where)
    steps_data = data.get("steps")
    if not isinstance(steps_data, list) or len(steps_data) != len(lesson.steps):
        raise LessonError(_("{where}: 'steps' must list the text of the {n} steps, in order").format(
            where=where, n=len(lesson.steps)))
    steps: list[Step] = []
    for index, (step, step_data) in enumerate(zip(lesson.steps, steps_data)):
        at = _("{where}: step {number}").format(where=where, number=index + 1)
        if not isinstance(step_data, dict):
            raise LessonError(_("{at}: a step must be an object with an 'instruction'").format(at=at))
        _only(step_data, (*STEP_TEXT, "replies"), at)
        replies_data = step_data.get("replies", {})
        if not isinstance(replies_data, dict):
            raise LessonError(_("{at}: 'replies' must map moves to text").format(at=at))
        replies: dict[Move, str] = {}
        for move_text in replies_data:
            try:
                move = parse_move(move_text)
            except MoveTextError as e:
                raise LessonError(_("{at}: in 'replies': {problem}").format(at=at, problem=e)) from None
            if move not in step.replies:
                raise LessonError(_("{at}: a reply for {move}, which the English does not have").format(
                    at=at, move=move_text))
            replies[move] = _translated(step.replies[move], replies_data, move_text, _("{at}: replies").format(at=at))
        missing = [str(m) for m in step.replies if m not in replies]
        if missing:
            raise LessonError(_("{at}: no reply for {moves}").format(at=at, moves=", ".join(missing)))
        steps.append(replace(step, instruction=_translated(step.instruction, step_data, "instruction", at),
                             done=_translated(step.done, step_data, "done", at),
                             wrong=_translated(step.wrong, step_data, "wrong", at), replies=replies))
    return replace(lesson, title=_translated(lesson.title, data, "title", where),
                   intro=_translated(lesson.intro, data, "intro", where), steps=tuple(steps),
                   outro=_translated(lesson.outro, data, "outro", where))


def translation_path(lesson: Lesson, code: str, directory: str | Path = LESSON_DIR) -> Path:
    """Where the text of ``lesson`` in language ``code`` lies."""
    return Path(directory) / code / f"{lesson.key}.json"


def localize(lesson: Lesson, code: str, directory: str | Path = LESSON_DIR) -> tuple[Lesson, str | None]:
    """``lesson`` in language ``code``, and what is wrong with its translation, if anything: a
    missing translation is English without a word, a broken one English with the reason.
    Never raises."""
    if code == ENGLISH:
        return lesson, None
    path = translation_path(lesson, code, directory)
    if not path.exists():
        return lesson, None
    where = _("lesson translation {code}/{name}").format(code=code, name=path.name)
    try:
        return translate_lesson(lesson, _read(path, where), where), None
    except LessonError as e:
        return lesson, str(e)
    except Exception as e:  # noqa: BLE001 - a translation must never take the window down
        return lesson, _("{where}: cannot be used ({problem})").format(where=where,
                                                                       problem=f"{type(e).__name__}: {e}")


def check_translations(code: str, directory: str | Path = LESSON_DIR) -> list[str]:
    """What is wrong with language ``code``'s lesson texts: each lesson must have its file,
    with the same steps and reply keys as the English, no empty text and the same named
    placeholders. An empty list: all is well."""
    lessons, problems = load_lesson_set(directory)
    for lesson in lessons:
        path = translation_path(lesson, code, directory)
        if not path.is_file():
            problems.append(_("lesson translation {code}/{name}: missing").format(code=code, name=path.name))
            continue
        problem = localize(lesson, code, directory)[1]
        if problem is not None:
            problems.append(problem)
    return problems
