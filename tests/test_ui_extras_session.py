"""The table's bookkeeping: autosave and resume, statistics through a game's life, sounds."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from yukon.notation import parse_move, parse_position
from yukon.save import GAME_FILE
from yukon.state import Game
from yukon.ui.extras import Session


class Recorder:
    def __init__(self) -> None:
        self.enabled = True
        self.played: list[str] = []

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
    assert s2.stats.of("yukon").played == 1  # not counted again after resume


def test_statistics_through_a_run(tmp_path: Path) -> None:
    s = Session(tmp_path, Recorder())
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
    y = s.stats.of("yukon")
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
    assert news and "first win" in news[0].lower()
    assert s.sound.played[-2:] == ["home", "win"]
    y = s.stats.of("yukon")
    assert (y.played, y.won, y.current_streak, y.best_time, y.fewest_moves) == (2, 1, 1, 42.0, 1)
    assert not (tmp_path / GAME_FILE).exists()  # nothing left to resume
    s.leaving(game)  # leaving a won game is not a loss
    assert s.stats.of("yukon").current_streak == 1
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


def test_sound_follows_the_setting(tmp_path: Path) -> None:
    rec = Recorder()
    s = Session(tmp_path, rec)
    settings = s.settings
    settings.sound = False
    s.change_settings(settings)
    game = Game.deal(10)
    play_random(s, game, 5, random.Random(3))
    assert rec.played == []
    assert Session(tmp_path, Recorder()).sound.enabled is False


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
    assert s.stats.of("yukon").played == 0 and s.stats.of("yukon").won == 0


def test_sounds_follow_what_the_move_did(tmp_path: Path) -> None:
    rec = Recorder()
    s = Session(None, rec)  # no data folder: nothing is written, the sounds are what counts
    rng = random.Random(6)
    game = Game.deal(2024)
    s.started(game)
    for _ in range(200):
        legal = game.position.legal_moves()
        if not legal:
            break
        before = len(rec.played)
        u = game.play(rng.choice(legal))
        s.moved(game, u, 1.0)
        expect = ["home" if u.move.to_foundation else "slide"] + (["flip"] if u.flipped else [])
        assert rec.played[before:] == expect
    assert "flip" in rec.played and "slide" in rec.played
