"""Short, quiet table sounds made by code: a slide, a card turned up, a card going home, a move
refused, a win.

Four of them are cues that carry meaning without speech (a player who cannot see the table
hears what happened), so each has its own pitch and shape: a card turned up is a paper flick
with a short rising chirp, a card home a high bell, a refusal a low falling buzz, a win a
rising fanfare (tests/test_sound.py checks they stay apart).

No sound files and no numpy: each sound is a few hundred milliseconds of samples computed
with ``math`` (filtered noise for the paper sounds, decaying sine partials for the tones),
packed with the ``array`` module into the mixer's own format and handed to
``pygame.mixer.Sound(buffer=...)``. Sounds are built on first use, so start-up pays
nothing. With no audio device, or any mixer trouble, the board goes silent and never
raises; ``enabled`` switches it off and on. ``TableSounds`` listens to a table's session and
plays what each event sounds like.
"""

from __future__ import annotations

import math
import operator
import random
from array import array
from typing import Any, Protocol

from ..play.events import Dealt, Event, Moved, Redone, Refused, Restarted, Told, Tone, Undone, Won

SOUND_NAMES = ("slide", "flip", "home", "refused", "win")
PEAK = 0.3  # loudest sample of any sound, as a fraction of full scale: quiet by design
VOLUME = 0.6  # the mixer channel volume on top of that


def _envelope(n: int, attack: int, decay_per_sample: float) -> list[float]:
    out = []
    for i in range(n):
        a = i / attack if i < attack else 1.0
        out.append(a * math.exp(-decay_per_sample * i))
    return out


def _noise(n: int, seed: int, smooth: float) -> list[float]:
    # white noise through a one-pole low-pass: a soft, papery swish instead of a hiss
    rng = random.Random(seed)
    y = 0.0
    out = []
    for _ in range(n):
        y += smooth * (rng.uniform(-1.0, 1.0) - y)
        out.append(y)
    return out


def _tone(n: int, rate: int, freqs: tuple[float, ...], decay_s: float) -> list[float]:
    # Each partial is an exponentially decaying sine made by the two-term recurrence
    # y[i] = 2 r cos(w) y[i-1] - r^2 y[i-2]: one multiply-add a sample instead of a sin()
    # and an exp(), which keeps the win fanfare's synthesis to a few milliseconds.
    out = [0.0] * n
    r = math.exp(-1.0 / (decay_s * rate))
    for k, f in enumerate(freqs):
        w = 2.0 * math.pi * f / rate
        a = 2.0 * r * math.cos(w)
        b = -r * r
        amp = 1.0 / (k + 1)
        y2 = 0.0
        y1 = amp * r * math.sin(w)
        for i in range(1, n):
            out[i] += y1
            y1, y2 = a * y1 + b * y2, y1
    attack = min(n, max(1, rate // 400))
    for i in range(attack):
        out[i] *= i / attack
    return out


def _normalise(samples: list[float], peak: float = PEAK) -> list[float]:
    top = max(max(samples), -min(samples)) if samples else 0.0
    if top == 0:
        return samples
    k = peak / top
    # a short fade-out so no sound ends in a click
    fade = min(len(samples), 64)
    out = [s * k for s in samples]
    for i in range(fade):
        out[-1 - i] *= i / fade
    return out


def _double(x: list[float]) -> list[float]:
    """``x`` at twice the rate, the new samples halfway between their neighbours."""
    out = [0.0] * (2 * len(x))
    out[0::2] = x
    mids = list(map(operator.add, x, x[1:] + x[-1:]))
    out[1::2] = [m * 0.5 for m in mids]
    return out


def synthesize(name: str, rate: int = 44100) -> list[float]:
    """The mono samples (-1..1) of the sound ``name`` at ``rate`` samples a second."""
    if name == "slide":
        n = int(0.085 * rate)
        noise = _noise(n, 11, 0.18)
        env = _envelope(n, int(0.012 * rate), 1.0 / (0.025 * rate))
        return _normalise([a * b for a, b in zip(noise, env)], PEAK * 0.55)
    if name == "flip":
        # the card's flick, then a short rising chirp (two notes a fifth apart): "something new"
        n = int(0.045 * rate)
        noise = _noise(n, 23, 0.45)
        env = _envelope(n, max(1, int(0.002 * rate)), 1.0 / (0.008 * rate))
        flick = _normalise([a * b for a, b in zip(noise, env)], PEAK * 0.6)
        gap = int(0.05 * rate)
        out = flick + [0.0] * (gap + int(0.09 * rate) - n)
        for k, f in enumerate((587.33, 880.0)):
            tone = _normalise(_tone(int(0.07 * rate), rate, (f,), 0.03), PEAK * 0.45)
            start = int(0.03 * rate) + k * gap
            out[start:start + len(tone)] = map(operator.add, out[start:start + len(tone)], tone)
        return _normalise(out, PEAK * 0.6)
    if name == "refused":
        # low and falling, with a hollow edge (odd partials): "no"
        gap = int(0.075 * rate)
        n = gap + int(0.12 * rate)
        out = [0.0] * n
        for k, f in enumerate((246.94, 185.0)):
            tone = _tone(int(0.12 * rate), rate, (f, 3 * f, 5 * f), 0.05)
            start = k * gap
            out[start:start + len(tone)] = map(operator.add, out[start:start + len(tone)], tone)
        return _normalise(out, PEAK * 0.7)
    if name == "home":
        n = int(0.16 * rate)
        return _normalise(_tone(n, rate, (1046.5, 2093.0), 0.05), PEAK * 0.6)
    if name == "win":
        # made at half the rate and doubled by linear interpolation: the notes are far
        # below the half-rate limit, and it halves the time (the sound is built at the win)
        half = max(1, rate // 2)
        notes = (523.25, 659.25, 783.99, 1046.5)
        gap = int(0.1 * half)
        n = gap * (len(notes) - 1) + int(0.35 * half)
        out = [0.0] * n
        for k, f in enumerate(notes):
            last = k == len(notes) - 1
            tone = _tone(int((0.35 if last else 0.2) * half), half, (f, 2 * f), 0.12 if last else 0.06)
            start = k * gap
            end = start + len(tone)
            out[start:end] = map(operator.add, out[start:end], tone)
        return _normalise(_double(out))
    raise ValueError(f"no sound called {name!r}")


def to_pcm(samples: list[float], size: int, channels: int) -> bytes:
    """Samples as raw native-order PCM in the mixer's format: ``size`` as pygame reports it (-16, 16, 8, -8, 32)."""
    channels = max(1, channels)
    clamped = [-1.0 if s < -1.0 else min(s, 1.0) for s in samples]
    mono: array[Any]
    if size == -16:
        mono = array("h", [int(s * 32767) for s in clamped])
    elif size == 16:
        mono = array("H", [int((s + 1.0) * 32767.5) for s in clamped])
    elif size == -8:
        mono = array("b", [int(s * 127) for s in clamped])
    elif size == 8:
        mono = array("B", [int((s + 1.0) * 127.5) for s in clamped])
    elif abs(size) == 32:
        mono = array("f", clamped)
    else:
        raise ValueError(f"unsupported sample format {size}")
    if channels == 1:
        return mono.tobytes()
    out: array[Any] = array(mono.typecode, bytes(mono.itemsize * len(mono) * channels))
    for ch in range(channels):
        out[ch::channels] = mono  # the same signal on every channel
    return out.tobytes()


class SoundBoard:
    """Plays the table sounds; silent (never raising) without an audio device or when switched off."""

    def __init__(self, enabled: bool = True) -> None:
        self.enabled = enabled
        self.available: bool | None = None  # None until the mixer was tried
        self.problem: str | None = None
        self._sounds: dict[str, Any] = {}

    def open(self) -> bool:
        """Open the audio device now (at start-up, not on the first move); True if there is one."""
        return self._ensure_mixer()

    def _ensure_mixer(self) -> bool:
        if self.available is not None:
            return self.available
        try:
            import pygame

            if not pygame.mixer.get_init():
                pygame.mixer.init()
            self.available = bool(pygame.mixer.get_init())
        except Exception as e:  # noqa: BLE001 - no device, no driver, any failure: play silently
            self.available = False
            self.problem = str(e) or type(e).__name__
        return self.available

    def sound(self, name: str) -> Any | None:
        """The pygame Sound for ``name``, built on first use; None when sound is unavailable."""
        if name in self._sounds:
            return self._sounds[name]
        if not self._ensure_mixer():
            return None
        try:
            import pygame

            mixer = pygame.mixer.get_init()
            if mixer is None:
                raise OSError("the mixer went away")
            rate, size, channels = mixer
            snd = pygame.mixer.Sound(buffer=to_pcm(synthesize(name, rate), size, channels))
            snd.set_volume(VOLUME)
        except Exception as e:  # noqa: BLE001 - an odd mixer format or a mixer that went away: silence
            self.problem = str(e) or type(e).__name__
            snd = None
        self._sounds[name] = snd
        return snd

    def set_enabled(self, enabled: bool) -> None:
        """Sound on or off (the setting)."""
        self.enabled = enabled

    def play(self, name: str) -> bool:
        """Play ``name`` if sound is on and works; True when it was started."""
        if not self.enabled:
            return False
        snd = self.sound(name)
        if snd is None:
            return False
        try:
            snd.play()
        except Exception:  # noqa: BLE001 - a sound that cannot play is skipped; the game goes on
            return False
        return True

    def prepare(self) -> None:
        """Build every sound now (e.g. once the first frame is on screen)."""
        if self.enabled:
            for name in SOUND_NAMES:
                self.sound(name)


class SoundPlayer(Protocol):
    """Anything that plays a named sound (``SoundBoard``; tests pass a recorder)."""

    def play(self, name: str) -> bool:
        """Play the sound ``name``; True when it was started."""
        ...


class TableSounds:
    """What each event at a table sounds like: a card sliding, turning up, going home, a move
    refused (by the rules, a lesson or the keyboard's cursor), a win.

    ``moves_only`` (a lesson's table): only moves and refusals are heard, no undo, restart or fanfare.
    """

    board: SoundPlayer
    moves_only: bool

    def __init__(self, board: SoundPlayer, moves_only: bool = False) -> None:
        self.board = board
        self.moves_only = moves_only

    def heard(self, event: Event) -> None:
        """Play the sounds of ``event``."""
        if isinstance(event, Refused) or (isinstance(event, Told) and event.tone is Tone.ERROR):
            self.board.play("refused")
        elif isinstance(event, Moved) or (isinstance(event, Redone) and not self.moves_only):
            self.board.play("home" if event.move.to_foundation else "slide")
            if event.undo.flipped:
                self.board.play("flip")
        elif self.moves_only:
            return
        elif isinstance(event, (Undone, Restarted)) or (isinstance(event, Dealt) and not event.resumed):
            self.board.play("slide")
        elif isinstance(event, Won):
            self.board.play("win")
