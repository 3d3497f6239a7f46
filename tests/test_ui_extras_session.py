"""The table's bookkeeping: autosave and resume, statistics through a game's life, sounds."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from filefaults import open_folder, run_unable_to_read
from yukon.core.notation import parse_move, parse_position
from yukon.core.rules import YUKON
from yukon.core.state import Game
from yukon.play.events import Moved, made_move
from yukon.play.played import PLAYED_FILE
from yukon.play.records import Records as Session
from yukon.play.save import GAME_FILE, STALE_TEMP_SECONDS, game_to_dict
from yukon.play.session import TableSession
from yukon.play.settings import SETTINGS_FILE, Settings
from yukon.play.stats import STATS_FILE
from yukon.ui.build import add_extras, open_window
from yukon.ui.sound import SoundBoard, TableSounds


@pytest.fixture(name="open_folder")
def open_folder_fixture() -> Iterator[Path]:
    """A folder another user may be given (see ``filefaults``)."""
    yield from open_folder()


class Recorder:
    def __init__(self) -> None:
        self.enabled = True
        self.played: list[str] = []

    def set_enabled(self, enabled: bool) -> None:
        self.enabled = enabled

    def play(self, name: str) -> bool:
        if self.enabled:
            self.played.append(name)
        return self.enabled


def play_random(session: Session, game: Game, n: int, rng: random.Random, t0: float = 0.0) -> float:
    t = t0
    for _ in range(n):
        legal = game.position.legal_moves()
        if not legal:
            break
        t += 2.5
        session.moved(game, game.play(rng.choice(legal)), t)
    return t


@pytest.mark.parametrize("background", [False, True])
def test_every_move_is_saved_and_resumes_with_undo(tmp_path: Path, background: bool) -> None:
    rng = random.Random(4)
    s = Session(tmp_path, background=background)
    assert s.resume() is None and s.take_messages() == []
    game = Game.deal(777)
    s.started(game)
    t = play_random(s, game, 25, rng)
    s.moved(game, game.undo(), t, "undo")
    # the program is killed here: no quitting() call; the last autosave is all there is
    s.flush()
    s2 = Session(tmp_path)
    saved = s2.resume()
    assert saved is not None and saved.game.position == game.position
    assert saved.elapsed == t and saved.counted and s2.counted
    assert saved.game.redo_stack == game.redo_stack
    while saved.game.undo():
        game.undo()
        assert saved.game.position == game.position
    assert saved.game.position == Game.deal(777).position
    assert s2.stats.of(YUKON).played == 1  # not counted again after resume


def test_statistics_through_a_run(tmp_path: Path) -> None:
    s = Session(tmp_path)
    game = Game.deal(5)
    s.started(game)
    assert not s.under_way(game)
    s.leaving(game)  # new deal before any move: not a game
    game = Game.deal(6)
    s.started(game)
    play_random(s, game, 3, random.Random(1))
    assert s.under_way(game)
    s.restarted(game, 10.0)
    game.restart()
    assert s.under_way(game)  # still the same counted attempt
    s.leaving(game)  # abandoned by New deal: a loss
    y = s.stats.of(YUKON)
    assert (y.played, y.won, y.current_streak) == (1, 0, 0)
    # a quick win: a dealt game (seed given) whose start is cut down to its last move
    game = Game(parse_position("""
Foundations: S-K H-K D-K C-Q
: KC
:
:
:
:
:
:
"""), seed=5)
    s.started(game)
    news = s.moved(game, game.play(parse_move("KC-F")), 42.0)
    assert news[0].startswith("A clean win") and "first win" in news[1].lower()
    y = s.stats.of(YUKON)
    assert (y.played, y.won, y.current_streak, y.best_time, y.fewest_moves) == (2, 1, 1, 42.0, 1)
    assert not (tmp_path / GAME_FILE).exists()  # nothing left to resume
    s.leaving(game)  # leaving a won game is not a loss
    assert s.stats.of(YUKON).current_streak == 1
    # the statistics were written as they changed
    assert Session(tmp_path).stats == s.stats


def test_damaged_save_is_told_and_kept(tmp_path: Path) -> None:
    (tmp_path / GAME_FILE).write_text('{"version": 1, "seed": 3, "moves": ["KS-F"]')
    s = Session(tmp_path)
    assert s.resume() is None
    messages = s.take_messages()
    assert len(messages) == 1 and "new deal" in messages[0].lower()
    assert any(p.name.startswith(GAME_FILE + ".broken") for p in tmp_path.iterdir())


@pytest.mark.parametrize("background", [False, True])
def test_unwritable_folder_said_once(tmp_path: Path, background: bool) -> None:
    (tmp_path / "file").write_text("")
    s = Session(tmp_path / "file" / "yukon", background=background)
    game = Game.deal(9)
    s.started(game)
    play_random(s, game, 10, random.Random(2))
    s.quitting(game, 30.0)
    messages = s.take_messages()
    assert len(messages) == 1 and "cannot save" in messages[0].lower()


class RecordingBoard(SoundBoard):
    """A sound board that records what it would play (when sound is on), and opens no device."""

    def __init__(self) -> None:
        super().__init__()
        self.played: list[str] = []

    def open(self) -> bool:
        return False

    def play(self, name: str) -> bool:
        if self.enabled:
            self.played.append(name)
        return self.enabled


def test_sound_follows_the_setting(tmp_path: Path) -> None:
    board = RecordingBoard()
    app = open_window(seed=10, size=(800, 600))
    extras = add_extras(app, folder=str(tmp_path), resume=False, sound=board)
    settings = extras.records.settings
    settings.sound = False
    extras.records.change_settings(settings)
    extras.settings.apply(settings)
    rng = random.Random(3)
    for _ in range(5):
        assert made_move(app.session.move(rng.choice(app.session.position.legal_moves())))
    assert board.played == [] and not board.enabled
    again = RecordingBoard()
    add_extras(open_window(seed=10, size=(800, 600)), folder=str(tmp_path), resume=False, sound=again)
    assert again.enabled is False  # the next start follows the kept setting


def test_prepared_positions_set_no_records(tmp_path: Path) -> None:
    s = Session(tmp_path)
    game = Game(parse_position("""
Foundations: S-K H-K D-K C-Q
: KC
:
:
:
:
:
:
"""))
    s.started(game)
    assert s.moved(game, game.play(parse_move("KC-F")), 3.0) == []
    assert s.stats.of(YUKON).played == 0 and s.stats.of(YUKON).won == 0


def test_sounds_follow_what_the_move_did() -> None:
    """A table's sounds, heard from its session alone (no window): each move as it was made, a win's
    fanfare after the last card's own sound, and a slide for an undo."""
    rec = Recorder()
    rng = random.Random(6)
    session = TableSession(Game.deal(2024), time.monotonic)
    session.listen(TableSounds(rec).heard)
    for _ in range(200):
        legal = session.position.legal_moves()
        if not legal:
            break
        before = len(rec.played)
        events = session.move(rng.choice(legal))
        u = next(e.undo for e in events if isinstance(e, Moved))
        expect = ["home" if u.move.to_foundation else "slide"] + (["flip"] if u.flipped else [])
        assert rec.played[before:] == expect
    assert "flip" in rec.played and "slide" in rec.played
    before = len(rec.played)
    session.undo()
    assert rec.played[before:] == ["slide"]
    won = TableSession(Game(parse_position("""
Foundations: S-K H-K D-K C-Q
: KC
:
:
:
:
:
:
"""), seed=5), time.monotonic)
    won.listen(TableSounds(rec).heard)
    won.move(parse_move("KC-F"))
    assert rec.played[-2:] == ["home", "win"]


def three_files(folder: Path) -> dict[str, bytes]:
    """A saved game under way, settings and statistics (played 10, won 4), written to ``folder``."""
    game = Game.deal(4242)
    rng = random.Random(8)
    for _ in range(12):
        game.play(rng.choice(game.position.legal_moves()))
    stats = {"version": 1, "variants": {"yukon": {"played": 10, "won": 4, "current_streak": 2,
                                                  "best_streak": 3, "best_time": 200.0, "fewest_moves": 90}}}
    files = {GAME_FILE: game_to_dict(game, 50.0, True), SETTINGS_FILE: Settings(sound=False).to_dict(),
             STATS_FILE: stats}
    out = {}
    for name, data in files.items():
        out[name] = json.dumps(data).encode()
        (folder / name).write_bytes(out[name])
    return out


def test_files_without_read_permission_are_never_written_over(open_folder: Path) -> None:
    originals = three_files(open_folder)
    out = run_unable_to_read(open_folder, list(originals), """
import json, random
from yukon.core.state import Game
from yukon.play.records import Records as Session
drop()
s = Session(FOLDER)
assert s.resume() is None
game = Game.deal(5)
s.started(game)  # saved at once
rng = random.Random(1)
for i in range(3):
    s.moved(game, game.play(rng.choice(game.position.legal_moves())), i + 1.0)  # statistics saved too
s.quitting(game, 9.0)  # settings saved
print(json.dumps(s.take_messages()))
""")
    messages = json.loads(out)
    assert len(messages) == 3  # each file told once, in words
    for name, label in ((GAME_FILE, "The saved game"), (SETTINGS_FILE, "The settings file"),
                        (STATS_FILE, "The statistics file")):
        said = [m for m in messages if m.startswith(label + " could not be read (Permission denied)")]
        assert len(said) == 1, messages
        kept = [p for p in open_folder.iterdir() if p.name.startswith(name + ".broken-")]
        assert len(kept) == 1 and kept[0].name in said[0]
        assert kept[0].read_bytes() == originals[name]  # the player's data, whole
    # the run went on saving beside them: the new game and its first count
    stats = json.loads((open_folder / STATS_FILE).read_text())
    assert stats["records"]["yukon"]["played"] == 1
    assert json.loads((open_folder / GAME_FILE).read_text())["seed"] == 5


def test_unreadable_files_that_cannot_be_moved_stay_as_they_are(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import os

    originals = three_files(tmp_path)
    real_open, real_replace = os.open, os.replace

    def no_open(path: str | os.PathLike[str], flags: int, mode: int = 0o777) -> int:
        if os.path.basename(os.fspath(path)) in originals:
            raise PermissionError(13, "Permission denied")
        return real_open(path, flags, mode)

    def no_move(src: str | os.PathLike[str], dst: str | os.PathLike[str]) -> None:
        if os.path.basename(os.fspath(src)) in originals:
            raise PermissionError(1, "Operation not permitted")
        real_replace(src, dst)

    monkeypatch.setattr("yukon.play.save.os.open", no_open)
    monkeypatch.setattr("yukon.play.save.os.replace", no_move)
    s = Session(tmp_path, background=True)
    assert s.resume() is None
    game = Game.deal(5)
    s.started(game)
    t = play_random(s, game, 20, random.Random(3))
    s.leaving(game)
    s.started(Game.deal(6))
    s.change_settings(Settings(animation="off"))
    s.reset_stats()
    s.quitting(game, t)
    messages = s.take_messages()
    assert len(messages) == 3 and all("nothing is saved over it this time" in m for m in messages)
    monkeypatch.undo()
    for name, content in originals.items():
        assert (tmp_path / name).read_bytes() == content, name
    # beside them only the record of the deals played (a file of its own, written as usual)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([*originals, PLAYED_FILE])


def test_a_start_removes_temporary_files_left_by_a_killed_save(tmp_path: Path) -> None:
    import os
    import time

    stale = tmp_path / ".game.json.ab12cd34.tmp"
    stale.write_text('{"half": ')
    os.utime(stale, (time.time() - STALE_TEMP_SECONDS - 30,) * 2)
    s = Session(tmp_path)
    assert not stale.exists() and s.take_messages() == []


def test_numbers_out_of_range_keep_saving_on_and_the_game_resumes(tmp_path: Path) -> None:
    originals = three_files(tmp_path)
    game_text = originals[GAME_FILE].decode().replace('"elapsed": 50.0', '"elapsed": 1e308')
    stats_text = originals[STATS_FILE].decode().replace('"best_time": 200.0', f'"best_time": {10**400}')
    (tmp_path / GAME_FILE).write_text(game_text)
    (tmp_path / STATS_FILE).write_text(stats_text)
    s = Session(tmp_path)
    saved = s.resume()
    assert saved is not None and saved.elapsed == 0.0 and len(saved.game.history) == 12 and s.counted
    record = s.stats.of(YUKON)
    assert (record.played, record.won, record.best_time, record.fewest_moves) == (10, 4, None, 90)
    messages = s.take_messages()
    assert len(messages) == 2 and not any("new deal" in m.lower() for m in messages)
    assert any("time played" in m for m in messages) and any("best time is not a time" in m for m in messages)
    # saving works: the next move is on disk, the counts with it
    s.moved(saved.game, saved.game.play(saved.game.position.legal_moves()[0]), 3.0)
    assert len(json.loads((tmp_path / GAME_FILE).read_text())["moves"]) == 13


BIG = str(10**400)
ODD_VALUES = [BIG, "-" + BIG, "1e308", "1e999", "-1e999", "NaN", "-0.0", "0", "1", "-1", "2.5", "true",
              "null", '""', '"x"', "[]", "{}", "[1e999]", '{"a": 1e999}', "[" * 50 + "]" * 50]


@pytest.mark.parametrize("case", range(40))
def test_any_odd_value_in_any_field_is_told_in_words_and_saving_goes_on(tmp_path: Path, case: int) -> None:
    rng = random.Random(500 + case)
    originals = three_files(tmp_path)
    for name, content in originals.items():
        data = json.loads(content)
        record = data["variants"]["yukon"] if name == STATS_FILE else data
        for _ in range(rng.randint(1, 3)):
            key = rng.choice(sorted(record))
            record[key] = f"@@{rng.randrange(len(ODD_VALUES))}@@"  # replaced below by the raw text
        text = json.dumps(data)
        for i, raw in enumerate(ODD_VALUES):
            text = text.replace(f'"@@{i}@@"', raw)
        (tmp_path / name).write_text(text)
    s = Session(tmp_path)  # never raises: the window keeps saving and settings on
    saved = s.resume()
    for message in s.take_messages():
        assert message and "Error" not in message and "Exception" not in message, message
    game = saved.game if saved is not None else Game.deal(77)
    if saved is None:
        s.started(game)
    assert saved is None or 0 <= saved.elapsed <= 1000 * 3600
    moves = game.position.legal_moves()
    if moves:
        s.moved(game, game.play(moves[0]), 1.0)
    s.quitting(game, 2.0)
    assert s.take_messages() == []  # nothing failed on the way out
    again = Session(tmp_path)  # what was written reads back clean
    assert again.take_messages() == [] and (again.resume() is not None or game.position.is_won())
