"""The four lessons as data, and the pure lesson runner: scripts, wrong moves, undo, broken files."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path

import pytest

from yukon.core.cards import CARD_TEXT
from yukon.core.notation import format_position, parse_position
from yukon.core.state import FOUNDATION, Move, Position, Undo
from yukon.play.lessons import (
    LESSON_DIR,
    Lesson,
    LessonError,
    LessonReply,
    LessonRun,
    load_lesson,
    load_lessons,
    parse_lesson,
)
from yukon.text.words import refusal, sentence
from yukon.ui.table.wording import answer_text

LESSONS = load_lessons()


def reply_text(reply: LessonReply) -> str:
    """What the lesson table says to a move, as the window words it."""
    return answer_text(reply.illegal, reply.text, reply.over)

ALL_MOVES = [Move.of(c, t) for c in range(52) for t in range(8)]


def lesson_ids() -> list[str]:
    return [lesson.key for lesson in LESSONS]


def scripted_paths(lesson: Lesson) -> list[list[int]]:
    """Every combination of alternatives (an index per move step) the script allows."""
    paths: list[list[int]] = [[]]
    for step in lesson.steps:
        n = len(step.moves) if step.kind == "move" else 1
        paths = [p + [i] for p in paths for i in range(n)]
    return paths


def hinted(run: LessonRun) -> Move:
    """The move the lesson asks for now (it must not be over)."""
    move = run.hint()
    assert move is not None, "the lesson has no step left"
    return move


def test_there_are_four_lessons_in_order() -> None:
    assert len(LESSONS) == 4
    assert [lesson.key[0] for lesson in LESSONS] == ["1", "2", "3", "4"]
    assert len({lesson.title for lesson in LESSONS}) == 4


@pytest.mark.parametrize("lesson", LESSONS, ids=lesson_ids())
def test_lesson_position_is_valid(lesson: Lesson) -> None:
    position = parse_position(lesson.position_text)
    # Every card accounted for exactly once: on the table or implied on a foundation.
    on_table = [c for col in position.columns for c in col]
    assert len(on_table) == len(set(on_table))
    assert len(on_table) + sum(position.foundations) == 52
    assert parse_position(format_position(position)) == position
    assert not position.is_won() and position.legal_moves()
    assert all(len(col) > position.down[i] for i, col in enumerate(position.columns) if col)


@pytest.mark.parametrize("lesson", LESSONS, ids=lesson_ids())
def test_text_is_short_enough_for_the_panel(lesson: Lesson) -> None:
    # The panel shows about three lines at 800x600; longer text would be cut or crowd the table.
    texts = [lesson.intro, lesson.outro] + [s.instruction for s in lesson.steps]
    texts += [s.done for s in lesson.steps] + [s.wrong for s in lesson.steps]
    texts += [r for s in lesson.steps for r in s.replies.values()]
    for text in texts:
        assert len(text) <= 180, text


@pytest.mark.parametrize("lesson", LESSONS, ids=lesson_ids())
def test_every_scripted_move_is_legal_where_it_stands(lesson: Lesson) -> None:
    for path in scripted_paths(lesson):
        position = lesson.start()
        for step, choice in zip(lesson.steps, path):
            for card in step.cards:
                assert position.is_face_up(card) or position.foundation_top(card // 13) == card, CARD_TEXT[card]
            if step.kind == "try":
                for move in step.moves:
                    assert position.why_illegal(move) is not None, str(move)
            elif step.kind == "move":
                for move in step.moves:
                    assert position.is_legal(move), f"{lesson.key}: {move}"
                    assert move.card in step.cards and move.to in step.targets
                position.play(step.moves[choice])


NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8}


@pytest.mark.parametrize("lesson", LESSONS, ids=lesson_ids())
def test_a_count_of_cards_in_an_instruction_matches_the_table(lesson: Lesson) -> None:
    """'with the three cards on it' must be what lies on the moved card when the step comes."""
    import re

    checked = 0
    for path in scripted_paths(lesson):
        position = lesson.start()
        for step, choice in zip(lesson.steps, path):
            said = re.search(r"with (?:the |all )?(\w+) cards? on it", step.instruction)
            if said and step.kind == "move":
                on_it = len(position.tail(step.moves[choice].card)) - 1
                word = said.group(1)
                assert NUMBER_WORDS.get(word, int(word) if word.isdigit() else -1) == on_it, step.instruction
                checked += 1
            if step.kind == "move":
                position.play(step.moves[choice])
    if lesson.key.startswith("1"):
        assert checked  # lesson 1 counts the cards on the 10 of hearts


@pytest.mark.parametrize("lesson", LESSONS, ids=lesson_ids())
def test_playing_every_scripted_path_completes_the_lesson(lesson: Lesson) -> None:
    for path in scripted_paths(lesson):
        run = LessonRun(lesson)
        for number, (step, choice) in enumerate(zip(lesson.steps, path)):
            assert run.step_index == number and not run.finished
            if step.kind == "finish":
                while not run.finished:
                    move = run.hint()
                    assert move is not None and move.to == FOUNDATION
                    reply = run.play(move)
                    assert reply.right and reply.made
            else:
                reply = run.play(step.moves[choice])
                assert reply.right
                assert reply.made == (step.kind == "move")
        assert run.finished and run.step is None
        assert run.instruction == lesson.outro
    if lesson.key.startswith("4"):
        assert run.position.is_won()


def test_lesson_four_ends_won_whatever_order_the_cards_go_home() -> None:
    lesson = LESSONS[3]
    for seed in range(20):
        rng = random.Random(seed)
        run = LessonRun(lesson)
        while run.step is not None and run.step.kind != "finish":
            assert run.play(hinted(run)).right
        while not run.finished:
            home = [m for m in run.position.legal_moves() if m.to == FOUNDATION]
            assert home, "the endgame got stuck"
            reply = run.play(rng.choice(home))
            assert reply.right and reply.made
        assert run.position.is_won()
        assert lesson.outro in reply.text


@pytest.mark.parametrize("lesson", LESSONS, ids=lesson_ids())
def test_every_wrong_move_is_answered_and_changes_nothing(lesson: Lesson) -> None:
    run = LessonRun(lesson)
    while not run.finished:
        step = run.step
        assert step is not None
        key, index = run.position.key(), run.step_index
        for move in ALL_MOVES:
            if run.would_accept(move) or (step.kind == "try" and move in step.moves):
                continue
            reply = run.play(move)
            assert not reply.right and not reply.made and reply.undo is None
            assert run.position.key() == key and run.step_index == index
            illegal = run.position.why_illegal(move)
            assert reply.illegal == illegal  # the rules' own reason, for the window to word
            if illegal is None:
                assert reply.text == reply_text(reply) == step.replies.get(move, step.wrong)
            else:
                assert reply.text == "" and reply_text(reply) == sentence(refusal(illegal))
        assert run.play(hinted(run)).right


@pytest.mark.parametrize("lesson", [l for l in LESSONS if any(s.kind == "try" for s in l.steps)], ids=lambda l: l.key)
def test_a_try_step_shows_the_engine_reason_and_leaves_the_table(lesson: Lesson) -> None:
    run = LessonRun(lesson)
    while run.step is not None and run.step.kind != "try":
        run.play(hinted(run))
    step = run.step
    assert step is not None
    key, index = run.position.key(), run.step_index
    illegal = run.position.why_illegal(step.moves[0])
    reply = run.play(step.moves[0])
    assert reply.right and not reply.made
    assert illegal is not None and reply.illegal == illegal and reply.text == step.done
    assert reply_text(reply) == " ".join(t for t in (sentence(refusal(illegal)), step.done) if t)
    assert run.position.key() == key and run.step_index == index + 1


def test_lesson_three_refuses_a_non_king_in_the_space_with_the_rule() -> None:
    run = LessonRun(LESSONS[2])
    run.play(hinted(run))
    reply = run.play(hinted(run))
    assert reply_text(reply).startswith("Only a King can fill an empty column.")


@pytest.mark.parametrize("lesson", LESSONS, ids=lesson_ids())
def test_undo_takes_back_moves_and_their_steps(lesson: Lesson) -> None:
    run = LessonRun(lesson)
    seen: list[tuple[tuple, int]] = []
    while not run.finished:
        before = (run.position.key(), run.step_index)
        reply = run.play(hinted(run))
        if reply.made:
            seen.append(before)
    assert run.finished
    while seen:
        key, index = seen.pop()
        undo = run.undo()
        assert undo is not None and not run.finished
        assert run.position.key() == key and run.step_index == index
    assert run.undo() is None
    assert run.position == lesson.start()


def test_restart_goes_back_to_the_first_step() -> None:
    run = LessonRun(LESSONS[3])
    for _ in range(4):
        run.play(hinted(run))
    assert run.step_index == 4
    run.restart()
    assert run.step_index == 0 and run.position == LESSONS[3].start() and not run.history


def test_highlights_point_at_the_step_and_the_finish_shows_what_can_go_home() -> None:
    run = LessonRun(LESSONS[3])
    cards, targets = run.highlights()
    assert run.step is not None and cards == run.step.cards and targets == (FOUNDATION,)
    while run.step is not None and run.step.kind != "finish":
        run.play(hinted(run))
    cards, targets = run.highlights()
    assert cards and targets == (FOUNDATION,)
    assert all(run.position.is_legal(Move.of(c, FOUNDATION)) for c in cards)


def test_a_finished_lesson_takes_no_more_moves() -> None:
    run = LessonRun(LESSONS[0])
    while not run.finished:
        run.play(hinted(run))
    key = run.position.key()
    reply = run.play(Move.of(0, 0))
    assert not reply.right and not reply.made and reply.finished and reply.over
    assert reply_text(reply) == "This lesson is finished."
    assert run.position.key() == key and run.hint() is None and run.highlights() == ((), ())


# -- broken files ------------------------------------------------------------------------
def good_data() -> dict:
    return json.loads((LESSON_DIR / f"{LESSONS[0].key}.json").read_text(encoding="utf-8"))


def broken(change: Callable[[dict], object]) -> str:
    data = good_data()
    change(data)
    return json.dumps(data)


BROKEN_CASES = {
    "not json": ("{ title: ", "not valid JSON (line 1"),
    "a list": ("[1, 2]", "one JSON object"),
    "no title": (broken(lambda d: d.pop("title")), "'title' is missing"),
    "title a number": (broken(lambda d: d.update(title=3)), "'title' must be text"),
    "no position": (broken(lambda d: d.pop("position")), "'position' must be position text"),
    "card missing": (broken(lambda d: d["position"].__setitem__(2, ": KD")), "card(s) missing from the position: TH"),
    "card twice": (broken(lambda d: d["position"].__setitem__(8, ": QD KD")), "KD appears twice"),
    "six columns": (broken(lambda d: d["position"].pop()), "only 6 column lines"),
    "no steps": (broken(lambda d: d.update(steps=[])), "at least one step"),
    "bad move text": (broken(lambda d: d["steps"][1].update(moves=["9S-9"])), "step 2: '9S-9' is not a move"),
    "illegal move": (broken(lambda d: d["steps"][1].update(moves=["9S-7"])), "step 2: the move 9S-7 is not legal there (the 9 of spades needs a red 10"),
    "try is legal": (broken(lambda d: d["steps"][0].update(moves=["9S-1"])), "step 1: the 'try' move 9S-1 must be one the rules refuse"),
    "no moves": (broken(lambda d: d["steps"][2].update(moves=[])), "step 3: a 'move' step needs at least one move"),
    "unknown kind": (broken(lambda d: d["steps"][0].update(kind="jump")), "step 1: unknown kind 'jump'"),
    "bad target": (broken(lambda d: d["steps"][1].update(to=[8])), "step 2: in 'to': 8 is not a column"),
    "bad card": (broken(lambda d: d["steps"][1].update(cards=["1S"])), "step 2: in 'cards'"),
    "no wrong text": (broken(lambda d: d["steps"][1].pop("wrong")), "step 2: 'wrong' is missing"),
    "bad reply": (broken(lambda d: d["steps"][1].update(replies={"XX": "no"})), "step 2: in 'replies'"),
    "finish too early": (broken(lambda d: d["steps"].insert(0, {"kind": "finish", "instruction": "go", "wrong": "no"})), "step 1: a 'finish' step must be the last"),
    "finish impossible": (broken(lambda d: d["steps"].append({"kind": "finish", "instruction": "go", "wrong": "no"})), "step 4: the table cannot be finished"),
}


@pytest.mark.parametrize("case", sorted(BROKEN_CASES))
def test_broken_lesson_files_give_clear_errors(case: str) -> None:
    text, expected = BROKEN_CASES[case]
    with pytest.raises(LessonError) as info:
        parse_lesson(text, "broken")
    message = str(info.value)
    assert message.startswith("lesson file broken.json: "), message
    assert expected in message, message


def test_loading_from_disk_names_the_file(tmp_path: Path) -> None:
    (tmp_path / "2-fine.json").write_text(json.dumps(good_data()), encoding="utf-8")
    (tmp_path / "9-bad.json").write_text("{", encoding="utf-8")
    with pytest.raises(LessonError, match="9-bad.json: not valid JSON"):
        load_lessons(tmp_path)
    (tmp_path / "9-bad.json").write_bytes(b"\xff\xfe\x00bad")
    with pytest.raises(LessonError, match="9-bad.json: cannot be read"):
        load_lesson(tmp_path / "9-bad.json")
    (tmp_path / "9-bad.json").unlink()
    assert [lesson.key for lesson in load_lessons(tmp_path)] == ["2-fine"]
    (tmp_path / "empty").mkdir()
    with pytest.raises(LessonError, match="no lesson files"):
        load_lessons(tmp_path / "empty")
    with pytest.raises(LessonError, match="no lessons folder"):
        load_lessons(tmp_path / "missing")


def test_position_may_be_one_string_too() -> None:
    data = good_data()
    data["position"] = "\n".join(data["position"])
    lesson = parse_lesson(json.dumps(data), "joined")
    assert lesson.start() == LESSONS[0].start()
    assert isinstance(lesson.start(), Position)


@pytest.mark.parametrize("lesson", [l for l in LESSONS if any(s.kind == "try" for s in l.steps)], ids=lambda l: l.key)
def test_after_undo_the_same_moves_replay_without_the_try_again(lesson: Lesson) -> None:
    run = LessonRun(lesson)
    made: list[Move] = []
    while not run.finished:
        reply = run.play(hinted(run))
        if reply.made:
            assert reply.undo is not None
            made.append(reply.undo.move)
    for _ in made:
        run.undo()
    assert run.position == lesson.start()
    for move in made:  # what Redo does: the same moves, no refusal shown twice
        reply = run.play(move)
        assert reply.right and reply.made
    assert run.finished
    run.restart()
    assert run.step_index == 0 and not run.tried


# -- the check's work, and one broken file among good ones ---------------------------------------
# The Queen of hearts has three places: on either black King, or home (cards may come back).
QUEEN_POSITION = ["Game: yukon", "Foundations: S-Q H-J D-K C-Q", ": KS QH", ": KC", ": KH", ":", ":", ":", ":"]


def queen_lesson(steps: list[list[str]]) -> str:
    """A lesson moving the Queen of hearts about, whose steps list the given alternatives."""
    return json.dumps({
        "title": "Queen", "intro": "One Queen.", "outro": "Done.", "position": QUEEN_POSITION,
        "steps": [{"instruction": f"Step {i + 1}.", "moves": moves, "wrong": "Not that."}
                  for i, moves in enumerate(steps)],
    })


def count_pushes(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Count every move the check plays (the work it does), whatever the clock says."""
    calls = [0]
    real_push = Position.push

    def push(self: Position, move: Move) -> Undo:
        calls[0] += 1
        return real_push(self, move)

    monkeypatch.setattr(Position, "push", push)
    return calls


def test_duplicate_alternatives_are_checked_once(monkeypatch: pytest.MonkeyPatch) -> None:
    # 14 steps of the Queen going back and forth, each move listed 6 times: the old check
    # played every path, 6**14 (78 billion) of them
    steps = [["QH-2"] * 6 if i % 2 == 0 else ["QH-1"] * 6 for i in range(14)]
    calls = count_pushes(monkeypatch)
    lesson = parse_lesson(queen_lesson(steps), "dupes")
    assert calls[0] == 14 and len(lesson.steps) == 14
    assert lesson.steps[0].moves == (Move.of(CARD_TEXT.index("QH"), 1),) * 6  # the script itself is kept


def test_alternatives_that_meet_again_are_checked_once(monkeypatch: pytest.MonkeyPatch) -> None:
    # two ways out (the other King, or home), one way back, 20 times: 2**20 paths, 3 positions
    steps = [["QH-2", "QH-F"] if i % 2 == 0 else ["QH-1"] for i in range(40)]
    calls = count_pushes(monkeypatch)
    parse_lesson(queen_lesson(steps), "meet")
    assert calls[0] == 20 * (2 + 2)
    # and a fault is still found on every branch: from home the Queen cannot go onto a red King
    bad = steps[:1] + [["QH-3"]]
    with pytest.raises(LessonError, match="step 2: the move QH-3 is not legal there"):
        parse_lesson(queen_lesson(bad), "meet")


def test_a_script_branching_too_far_is_refused_in_words(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("yukon.play.lessons.MAX_CHECKED_POSITIONS", 2)
    steps = [["QH-2", "QH-F"], ["QH-1"]]
    with pytest.raises(LessonError, match="lesson file wide.json: step 1: the alternatives lead to more than 2"):
        parse_lesson(queen_lesson(steps), "wide")


@pytest.mark.parametrize("text, expected", [
    ('{"title": ' + "9" * 5000 + "}", "not valid JSON (a number is far too long)"),
    ("[" * 100000, "not valid JSON (nested too deeply)"),
])
def test_json_faults_beyond_syntax_are_lesson_errors(text: str, expected: str) -> None:
    with pytest.raises(LessonError) as info:
        parse_lesson(text, "odd")
    assert str(info.value).startswith("lesson file odd.json: " + expected)


def test_one_broken_file_refuses_only_that_lesson(tmp_path: Path) -> None:
    from yukon.play.lessons import load_lesson_set

    for lesson in LESSONS:
        (tmp_path / f"{lesson.key}.json").write_bytes((LESSON_DIR / f"{lesson.key}.json").read_bytes())
    broken_key = LESSONS[1].key
    data = json.loads((tmp_path / f"{broken_key}.json").read_text())
    data["steps"][0]["moves"] = ["9S-9"]
    (tmp_path / f"{broken_key}.json").write_text(json.dumps(data))
    (tmp_path / "5-folder.json").mkdir()
    lessons, problems = load_lesson_set(tmp_path)
    assert [lesson.key for lesson in lessons] == [l.key for l in LESSONS if l.key != broken_key]
    assert problems == [f"lesson file {broken_key}.json: step 1: '9S-9' is not a move: '9' is not a column 1-7 or F",
                        "lesson file 5-folder.json: cannot be read (it is not a file)"]
    with pytest.raises(LessonError, match=broken_key):  # the strict loader still refuses the lot
        load_lessons(tmp_path)


@pytest.mark.skipif(not hasattr(__import__("os"), "mkfifo"), reason="no named pipes on this system")
def test_a_named_pipe_among_the_lessons_does_not_hang(tmp_path: Path) -> None:
    import os
    import threading

    from yukon.play.lessons import load_lesson_set

    (tmp_path / "1-good.json").write_text(json.dumps(good_data()))
    os.mkfifo(tmp_path / "2-pipe.json")
    box: list[tuple[list[Lesson], list[str]]] = []
    worker = threading.Thread(target=lambda: box.append(load_lesson_set(tmp_path)), daemon=True)
    worker.start()
    worker.join(timeout=60.0)  # a safety net only: the check takes milliseconds
    assert box, "loading the lessons hung on a named pipe"
    lessons, problems = box[0]
    assert [lesson.key for lesson in lessons] == ["1-good"]
    assert problems == ["lesson file 2-pipe.json: cannot be read (it is not a file)"]
