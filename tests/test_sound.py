"""The synthesized table sounds: short, quiet, and silent without an audio device."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import itertools
import math
from array import array

import pygame
import pytest

from yukon.ui.sound import PEAK, SOUND_NAMES, SoundBoard, synthesize, to_pcm


@pytest.mark.parametrize("name", SOUND_NAMES)
def test_sounds_are_short_quiet_and_audible(name: str) -> None:
    rate = 22050
    s = synthesize(name, rate)
    seconds = len(s) / rate
    assert 0.02 < seconds < (0.7 if name == "win" else 0.2)
    peak = max(abs(x) for x in s)
    assert 0.05 < peak <= PEAK + 1e-9
    rms = math.sqrt(sum(x * x for x in s) / len(s))
    assert rms > 0.005  # not silence
    assert abs(s[-1]) < 0.01  # faded out, no click at the end


def test_unknown_sound_refused() -> None:
    with pytest.raises(ValueError):
        synthesize("boom")


def test_pcm_formats() -> None:
    samples = [0.0, 0.5, -0.5, 1.0, -1.0, 2.0]
    pcm = array("h")
    pcm.frombytes(to_pcm(samples, -16, 2))
    assert list(pcm) == [0, 0, 16383, 16383, -16383, -16383, 32767, 32767, -32767, -32767, 32767, 32767]
    assert len(to_pcm(samples, 8, 1)) == 6
    assert len(to_pcm(samples, 32, 2)) == 6 * 2 * 4
    with pytest.raises(ValueError):
        to_pcm(samples, 24, 1)


def test_board_plays_on_the_dummy_device() -> None:
    pygame.mixer.quit()
    board = SoundBoard()
    try:
        for name in SOUND_NAMES:
            assert board.play(name) is True
        assert board.available
        board.set_enabled(False)
        assert board.play("win") is False
    finally:
        pygame.mixer.quit()


def test_no_audio_device_is_silent(monkeypatch: pytest.MonkeyPatch) -> None:
    pygame.mixer.quit()

    def no_device(*a: object, **k: object) -> None:
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "init", no_device)
    board = SoundBoard()
    for name in SOUND_NAMES:
        assert board.play(name) is False
    board.prepare()
    assert board.available is False and board.problem is not None and "audio device" in board.problem


def test_broken_sound_creation_is_silent(monkeypatch: pytest.MonkeyPatch) -> None:
    pygame.mixer.quit()
    try:
        def bad_sound(*a: object, **k: object) -> None:
            raise pygame.error("mixer not ready")

        monkeypatch.setattr(pygame.mixer, "Sound", bad_sound)
        board = SoundBoard()
        assert board.play("home") is False
        assert board.play("home") is False
    finally:
        pygame.mixer.quit()


CUES = ("flip", "home", "refused", "win")  # the sounds that carry meaning without speech (issue 28)


def _pitch(samples: list[float], rate: int) -> float:
    """A rough pitch: half the zero crossings a second."""
    crossings = sum(1 for a, b in itertools.pairwise(samples) if (a < 0) != (b < 0))
    return crossings / (len(samples) / rate) / 2


def test_the_cues_are_told_apart_by_pitch_or_length() -> None:
    """A card turned up, a card home, a refusal and a win: each pair differs by a fifth in length or pitch,
    so a player who cannot see the table hears which it was."""
    rate = 22050
    shapes = {name: (len(synthesize(name, rate)) / rate, _pitch(synthesize(name, rate), rate)) for name in CUES}
    for i, a in enumerate(CUES):
        for b in CUES[i + 1:]:
            (la, pa), (lb, pb) = shapes[a], shapes[b]
            assert max(la, lb) / min(la, lb) > 1.2 or max(pa, pb) / min(pa, pb) > 1.2, (a, b, shapes)
    assert shapes["refused"][1] < shapes["home"][1] / 2  # the refusal is the low one


def test_a_refused_move_sounds_refused() -> None:
    """The rules' refusal and the keyboard cursor's (a Told error) both play the refusal cue; a plain
    message plays nothing."""
    import time

    from yukon.core.state import Game, Move
    from yukon.play.events import Tone
    from yukon.play.session import TableSession
    from yukon.ui.sound import TableSounds

    class Recorder:
        def __init__(self) -> None:
            self.played: list[str] = []

        def play(self, name: str) -> bool:
            self.played.append(name)
            return True

    rec = Recorder()
    session = TableSession(Game.deal(7), time.monotonic)
    session.listen(TableSounds(rec).heard)
    pos = session.position
    face_down = pos.columns[6][0]
    session.move(Move.of(face_down, 0))
    assert rec.played == ["refused"]
    session.tell("no card to send home", Tone.ERROR)
    session.tell("Deal 7.")
    assert rec.played == ["refused", "refused"]
