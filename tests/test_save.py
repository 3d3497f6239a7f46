"""Saving and resuming the game in progress, and every kind of broken save."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from yukon.notation import format_position, parse_position
from yukon.rules import Rules
from yukon.save import GAME_FILE, SAVE_VERSION, Store, clear_game, game_to_dict, load_game, save_game
from yukon.state import Game


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
        "elapsed negative": changed(elapsed=-1),
        "elapsed huge": good.replace(b'"elapsed": 10.0', b'"elapsed": 1e999'),
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
    kept = []
    for content in (b"one", b"two"):
        write_raw(tmp_path, content)
        kept.append(load_game(Store(tmp_path)).moved_to)
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

    monkeypatch.setattr("yukon.save.atomic_write_text", fail)
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
