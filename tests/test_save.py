"""Saving and resuming the game in progress, and every kind of broken save."""

from __future__ import annotations

import json
import os
import random
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from filefaults import open_folder, run_unable_to_read
from yukon.core.notation import format_position, parse_position
from yukon.core.rules import Rules
from yukon.core.state import Game
from yukon.play.save import (
    GAME_FILE,
    MAX_SAVED_MOVES,
    MAX_SECONDS,
    SAVE_VERSION,
    STALE_TEMP_SECONDS,
    LoadResult,
    Store,
    clear_game,
    game_to_dict,
    load_game,
    save_game,
)


@pytest.fixture(name="open_folder")
def open_folder_fixture() -> Iterator[Path]:
    """A folder another user may be given (see ``filefaults``)."""
    yield from open_folder()


def random_game(seed: int, rules: Rules, moves: int, rng: random.Random) -> Game:
    game = Game.deal(seed, rules)
    for _ in range(moves):
        legal = game.position.legal_moves()
        if not legal:
            break
        game.play(rng.choice(legal))
    return game


RULE_SETS = [Rules(), Rules("russian"), Rules("yukon", True, False), Rules("russian", True, True)]


@pytest.mark.parametrize("case", range(12))
def test_round_trip_then_undo_everything(tmp_path: Path, case: int) -> None:
    rng = random.Random(1000 + case)
    rules = RULE_SETS[case % len(RULE_SETS)]
    game = random_game(rng.randrange(2**64), rules, rng.randrange(0, 60), rng)
    undone = rng.randrange(0, 4)
    for _ in range(undone):
        game.undo()
    store = Store(tmp_path)
    assert save_game(store, game, elapsed=123.4, counted=True, extra={"hint": 2}) is None
    result = load_game(Store(tmp_path))
    assert result.problem is None and result.saved is not None
    back = result.saved.game
    assert back.seed == game.seed and back.rules == game.rules
    assert back.position == game.position
    assert back.moves_made == game.moves_made
    assert back.redo_stack == game.redo_stack
    assert result.saved.elapsed == pytest.approx(123.4) and result.saved.counted
    assert result.saved.extra == {"hint": 2}
    # redo then undo all the way to the deal: the history survived the trip exactly
    while back.redo() is not None:
        pass
    while game.redo() is not None:
        pass
    assert back.position == game.position
    while back.undo() is not None:
        assert game.undo() is not None
        assert back.position == game.position
    assert back.position == back.start and not game.history


def test_game_from_a_position_round_trips(tmp_path: Path) -> None:
    rng = random.Random(7)
    start = random_game(42, Rules(), 15, rng).position
    game = Game(parse_position(format_position(start)))
    for _ in range(5):
        game.play(rng.choice(game.position.legal_moves()))
    store = Store(tmp_path)
    save_game(store, game)
    back = load_game(store).saved
    assert back is not None and back.game.seed is None
    assert back.game.start == game.start and back.game.position == game.position


def write_raw(folder: Path, content: bytes) -> None:
    (folder / GAME_FILE).write_bytes(content)


def good_record() -> dict:
    rng = random.Random(3)
    return game_to_dict(random_game(99, Rules(), 20, rng), 10.0)


def broken_records() -> dict[str, bytes]:
    good = json.dumps(good_record()).encode()

    def changed(**kw: object) -> bytes:
        d = good_record()
        d.update(kw)
        return json.dumps(d).encode()

    illegal = good_record()
    illegal["moves"] = illegal["moves"][:3] + ["KS-F"] + illegal["moves"][3:]
    reordered = good_record()
    reordered["moves"] = list(reversed(reordered["moves"]))
    bad_redo = good_record()
    bad_redo["redo"] = ["AH-4", "QD-2"]
    return {
        "empty": b"",
        "truncated": good[: len(good) // 2],
        "garbage": bytes(range(256)) * 3,
        "not an object": b"[1, 2, 3]",
        "no version": json.dumps({k: v for k, v in good_record().items() if k != "version"}).encode(),
        "newer version": changed(version=SAVE_VERSION + 1),
        "seed is text": changed(seed="99"),
        "seed is a bool": changed(seed=True),
        "seed out of range": changed(seed=-5),
        "moves not a list": changed(moves="7H-1"),
        "move not text": changed(moves=[12]),
        "move text nonsense": changed(moves=["hello"]),
        "unknown variant": changed(variant="klondike"),
        "option wrong type": changed(any_card_in_space="yes"),
        "far too many moves": changed(moves=["7H-1"] * (MAX_SAVED_MOVES + 1)),
        "too many undone moves": changed(redo=["7H-1"] * MAX_SAVED_MOVES),
        "no deal at all": changed(seed=None, start=None),
        "bad start text": changed(seed=None, start=": AS\n"),
        "illegal move": json.dumps(illegal).encode(),
        "moves out of order": json.dumps(reordered).encode(),
        "illegal redo": json.dumps(bad_redo).encode(),
        "deep nesting": b"[" * 100000,
        "far too big": b" " * (9 * 1024 * 1024) + good,
    }


@pytest.mark.parametrize("kind", list(broken_records()))
def test_broken_save_is_reported_and_kept_aside(tmp_path: Path, kind: str) -> None:
    content = broken_records()[kind]
    write_raw(tmp_path, content)
    result = load_game(Store(tmp_path))
    assert result.saved is None
    assert result.problem and "saved game" in result.problem.lower()
    assert result.moved_to is not None and result.moved_to.read_bytes() == content
    assert not (tmp_path / GAME_FILE).exists()
    assert result.moved_to.name in result.problem
    # the next start finds nothing and says nothing
    again = load_game(Store(tmp_path))
    assert again.saved is None and again.problem is None


def test_two_broken_saves_both_kept(tmp_path: Path) -> None:
    kept: list[Path] = []
    for content in (b"one", b"two"):
        write_raw(tmp_path, content)
        moved = load_game(Store(tmp_path)).moved_to
        assert moved is not None
        kept.append(moved)
    assert kept[0] != kept[1]
    assert {p.read_bytes() for p in kept} == {b"one", b"two"}


def test_no_save_is_not_a_problem(tmp_path: Path) -> None:
    result = load_game(Store(tmp_path / "never-made"))
    assert result.saved is None and result.problem is None
    assert load_game(Store(None)).problem is None


def test_unwritable_folder_reports_once_and_play_goes_on(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    store = Store(blocker / "data")  # a folder under a regular file cannot be made, even by root
    rng = random.Random(5)
    game = Game.deal(5)
    messages = []
    for _ in range(5):
        game.play(rng.choice(game.position.legal_moves()))
        messages.append(save_game(store, game))
    assert messages[0] and "cannot save" in messages[0].lower()
    assert messages[1:] == [None] * 4
    assert store.write_failed
    assert load_game(store).saved is None


def test_failed_write_keeps_the_old_save(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Store(tmp_path)
    game = Game.deal(11)
    save_game(store, game)
    before = (tmp_path / GAME_FILE).read_bytes()
    game.play(game.position.legal_moves()[0])

    def fail(*a: object, **k: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("yukon.play.save.atomic_write_text", fail)
    message = save_game(store, game)
    assert message and "No space left" in message
    assert (tmp_path / GAME_FILE).read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == [GAME_FILE]


def test_atomic_write_leaves_no_temp_file(tmp_path: Path) -> None:
    store = Store(tmp_path)
    game = Game.deal(12)
    for _ in range(3):
        save_game(store, game)
    assert [p.name for p in tmp_path.iterdir()] == [GAME_FILE]
    clear_game(store)
    assert list(tmp_path.iterdir()) == []


def test_background_saves_land_newest_last(tmp_path: Path) -> None:
    store = Store(tmp_path)
    rng = random.Random(9)
    game = Game.deal(31)
    for _ in range(30):
        game.play(rng.choice(game.position.legal_moves()))
        assert save_game(store, game, later=True) is None
    assert store.flush() is None
    back = load_game(Store(tmp_path)).saved
    assert back is not None and back.game.moves_made == game.moves_made
    assert sorted(p.name for p in tmp_path.iterdir()) == [GAME_FILE]
    # a queued save must not bring a cleared game back
    save_game(store, game, later=True)
    clear_game(store)
    store.flush()
    assert not (tmp_path / GAME_FILE).exists()


def test_background_failure_is_told_once(tmp_path: Path) -> None:
    (tmp_path / "f").write_text("")
    store = Store(tmp_path / "f" / "data")
    game = Game.deal(32)
    told = [save_game(store, game, later=True) for _ in range(5)]
    told.append(store.flush())
    told += [save_game(store, game, later=True) for _ in range(3)] + [store.flush()]
    assert len([t for t in told if t]) == 1 and "cannot save" in next(t for t in told if t).lower()


# -- numbers out of range, histories too long ---------------------------------------------
@pytest.mark.parametrize("raw", ["-1", "1e999", "-1e999", "NaN", "1e308", str(10**400), str(MAX_SECONDS + 1),
                                 '"12"', "true", "null", "[]"])
def test_a_clock_out_of_range_starts_again_and_the_game_resumes(tmp_path: Path, raw: str) -> None:
    record = good_record()
    text = json.dumps(record).replace('"elapsed": 10.0', f'"elapsed": {raw}')
    assert text != json.dumps(record)
    write_raw(tmp_path, text.encode())
    result = load_game(Store(tmp_path))
    assert result.saved is not None and result.saved.elapsed == 0.0
    assert result.saved.game.moves_made == load_game_from(record).moves_made
    assert result.problem and "time played" in result.problem and "resumed" in result.problem
    assert result.moved_to is None and (tmp_path / GAME_FILE).read_text() == text  # nothing moved


def load_game_from(record: dict) -> Game:
    from yukon.play.save import game_from_dict

    return game_from_dict(record).game


def test_a_good_clock_is_kept_exactly(tmp_path: Path) -> None:
    for elapsed in (0, 0.5, 3599.25, MAX_SECONDS):
        record = good_record()
        record["elapsed"] = elapsed
        write_raw(tmp_path, json.dumps(record).encode())
        result = load_game(Store(tmp_path))
        assert result.problem is None and result.saved is not None and result.saved.elapsed == elapsed


def test_a_clock_beyond_the_limit_is_saved_at_the_limit(tmp_path: Path) -> None:
    store = Store(tmp_path)
    assert save_game(store, Game.deal(3), elapsed=1e308) is None
    result = load_game(store)
    assert result.problem is None and result.saved is not None and result.saved.elapsed == MAX_SECONDS


def test_a_game_too_long_to_save_keeps_the_last_save_and_says_so_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("yukon.play.save.MAX_SAVED_MOVES", 6)
    store = Store(tmp_path)
    game = Game.deal(21)
    rng = random.Random(2)
    told = []
    for _ in range(9):
        game.play(rng.choice(game.position.legal_moves()))
        told.append(save_game(store, game))
    assert told[:6] == [None] * 6
    assert told[6] and "too long to save" in told[6] and told[7:] == [None, None]
    back = load_game(store).saved
    assert back is not None and back.game.moves_made == game.moves_made[:6]
    # the save refuses what it would refuse to load: a file of 7 moves is kept aside
    write_raw(tmp_path, json.dumps(game_to_dict(game)).encode())
    refused = load_game(store)
    assert refused.saved is None and refused.problem and "9 moves" in refused.problem


def test_a_redo_list_too_long_keeps_its_nearest_moves(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("yukon.play.save.MAX_SAVED_MOVES", 6)
    game = Game.deal(22)
    rng = random.Random(3)
    for _ in range(8):
        game.play(rng.choice(game.position.legal_moves()))
    for _ in range(5):
        game.undo()
    store = Store(tmp_path)
    assert save_game(store, game) is None
    back = load_game(store).saved
    assert back is not None and back.game.position == game.position and len(back.game.redo_stack) == 3
    for _ in range(3):  # the three nearest undone moves come back in order
        assert back.game.redo() is not None and game.redo() is not None
        assert back.game.position == game.position
    assert back.game.redo() is None


# -- files that cannot be read ---------------------------------------------------------------
def load_in_thread(store: Store) -> LoadResult:
    """load_game on a thread, so a read that hangs fails the test instead of freezing it."""
    box: list[LoadResult] = []
    worker = threading.Thread(target=lambda: box.append(load_game(store)), daemon=True)
    worker.start()
    worker.join(timeout=60.0)  # a safety net only: the read takes microseconds
    assert box, "reading the save hung"
    return box[0]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes on this system")
def test_a_named_pipe_in_place_of_the_save_does_not_hang(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / GAME_FILE)
    store = Store(tmp_path)
    result = load_in_thread(store)
    assert result.saved is None and result.problem and "is not a file" in result.problem
    assert result.moved_to is not None and result.moved_to.is_fifo()  # kept, under another name
    assert save_game(store, Game.deal(4)) is None and load_game(store).saved is not None


def test_a_folder_in_place_of_the_save_is_kept_aside(tmp_path: Path) -> None:
    (tmp_path / GAME_FILE).mkdir()
    (tmp_path / GAME_FILE / "inside.txt").write_text("mine")
    store = Store(tmp_path)
    result = load_game(store)
    assert result.saved is None and result.problem and "is not a file" in result.problem
    assert result.moved_to is not None and (result.moved_to / "inside.txt").read_text() == "mine"
    assert save_game(store, Game.deal(4)) is None


def refuse_reading_and_moving(monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    """The file ``name`` is there, but opening it and renaming it are refused."""
    real_open, real_replace = os.open, os.replace

    def no_open(path: str | os.PathLike[str], flags: int, mode: int = 0o777) -> int:
        if os.fspath(path).endswith(os.sep + name):
            raise PermissionError(13, "Permission denied")
        return real_open(path, flags, mode)

    def no_move(src: str | os.PathLike[str], dst: str | os.PathLike[str]) -> None:
        if os.fspath(src).endswith(os.sep + name):
            raise PermissionError(1, "Operation not permitted")
        real_replace(src, dst)

    monkeypatch.setattr("yukon.play.save.os.open", no_open)
    monkeypatch.setattr("yukon.play.save.os.replace", no_move)


def test_an_unreadable_save_that_cannot_be_moved_is_never_written_over(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    original = json.dumps(good_record()).encode()
    write_raw(tmp_path, original)
    refuse_reading_and_moving(monkeypatch, GAME_FILE)
    store = Store(tmp_path)
    result = load_game(store)
    assert result.saved is None and result.moved_to is None
    assert result.problem == ("The saved game could not be read (Permission denied); "
                              "it is left as it is and nothing is saved over it this time")
    game = Game.deal(8)
    assert save_game(store, game) is None  # told once already, at the read
    game.play(game.position.legal_moves()[0])
    assert save_game(store, game, later=True) is None and store.flush() is None
    clear_game(store)  # not even a win removes it
    assert (tmp_path / GAME_FILE).read_bytes() == original
    assert sorted(p.name for p in tmp_path.iterdir()) == [GAME_FILE]
    assert Store(tmp_path).write("other.json", {"version": 1}) is None  # other files are still saved


def test_a_save_without_read_permission_is_kept_aside_not_overwritten(open_folder: Path) -> None:
    original = json.dumps(good_record()).encode()
    write_raw(open_folder, original)
    out = run_unable_to_read(open_folder, [GAME_FILE], """
from yukon.play.save import Store, load_game, save_game
from yukon.core.state import Game
drop()
store = Store(FOLDER)
result = load_game(store)
print(result.problem)
print(save_game(store, Game.deal(8)))
""")
    problem, saved = out.splitlines()
    assert problem.startswith("The saved game could not be read (Permission denied); it was kept as game.json.broken-")
    assert saved == "None"
    kept = [p for p in open_folder.iterdir() if p.name.startswith(GAME_FILE + ".broken-")]
    assert len(kept) == 1 and kept[0].name in problem and kept[0].read_bytes() == original
    new = load_game(Store(open_folder)).saved
    assert new is not None and new.game.seed == 8  # the new deal was saved beside the old file


# -- temporary files left by a save that was killed -------------------------------------------
def test_stale_temporary_files_of_ours_are_removed(tmp_path: Path) -> None:
    now = time.time()
    old = now - STALE_TEMP_SECONDS - 60
    names = {
        ".game.json.k3_9xq2a.tmp": old,  # ours, old: removed
        ".stats.json.abcdefgh.tmp": old,  # ours, old: removed
        ".settings.json.12345678.tmp": now - 5,  # ours but fresh: another window may be saving
        ".game.json.tmp": old,  # not our naming
        "notes.tmp": old,
        "game.json": old,
    }
    for name, mtime in names.items():
        (tmp_path / name).write_text("x")
        os.utime(tmp_path / name, (mtime, mtime))
    (tmp_path / ".dir.json.abcdefgh.tmp").mkdir()  # a folder is never removed
    removed = Store(tmp_path).clean_temporary(now)
    assert sorted(removed) == [".game.json.k3_9xq2a.tmp", ".stats.json.abcdefgh.tmp"]
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        [".settings.json.12345678.tmp", ".game.json.tmp", "notes.tmp", "game.json", ".dir.json.abcdefgh.tmp"])
    assert Store(tmp_path / "missing").clean_temporary() == [] and Store(None).clean_temporary() == []


def test_a_save_killed_halfway_leaves_a_file_the_next_start_removes(tmp_path: Path) -> None:
    import subprocess
    import sys

    # a real kill in the middle of a real save: the temporary file is written, not yet renamed
    code = ("import os, signal, sys\nfrom yukon.play.save import Store, save_game\nfrom yukon.core.state import Game\n"
            "os.fsync = lambda fd: os.kill(os.getpid(), signal.SIGKILL)\n"
            "save_game(Store(sys.argv[1]), Game.deal(1))\n")
    done = subprocess.run([sys.executable, "-c", code, str(tmp_path)], capture_output=True, timeout=120, check=False,
                          env=dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parent.parent)))
    assert done.returncode != 0
    left = [p for p in tmp_path.iterdir()]
    assert len(left) == 1 and left[0].name.startswith("." + GAME_FILE) and left[0].name.endswith(".tmp")
    assert Store(tmp_path).clean_temporary() == []  # too fresh: it might be another window's save
    os.utime(left[0], (time.time() - STALE_TEMP_SECONDS - 1,) * 2)
    assert Store(tmp_path).clean_temporary() == [left[0].name]
    assert list(tmp_path.iterdir()) == []
