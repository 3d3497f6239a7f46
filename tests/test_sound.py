"""The synthesized table sounds: short, quiet, and silent without an audio device."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

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
