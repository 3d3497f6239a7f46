"""Speech output: say a sentence through the player's screen reader or the system's voice.

A pygame window has no accessibility tree, so the game speaks for itself. Everything here
hides behind one small protocol, ``Speaker`` (``say``, ``stop``, ``name``, ``available``),
and ``find_speaker(language)`` picks the first output this machine has, in this order:

1. Prism (``pip install "yukon-solitaire[speech]"``, the ``prismatoid`` package): NVDA,
   JAWS, SAPI and OneCore on Windows; VoiceOver and the system voice on macOS; Orca and
   speech-dispatcher on Linux;
2. accessible_output2, when a player has it instead (the same outputs, older, no Orca);
3. the system's own command: speech-dispatcher's ``spd-say`` (one, in pipe mode) on Linux
   and the BSDs, ``say`` on macOS;
4. a ``SilentSpeaker`` whose ``reason`` says, in words for Settings, what to install.

``say`` never blocks the frame loop: ``ThreadedSpeaker`` hands each sentence to one worker
thread that owns the output (its construction too: Prism's speech-dispatcher backend
takes seconds to list its voices, and COM objects on Windows belong to the thread that
made them). The newest sentence interrupts the one being spoken and replaces any that
wait; a speech program that is missing, hangs or dies never raises into the caller, it
only leaves its words in ``problem``. ``RecordingSpeaker`` keeps what was said, for tests.
No pygame here.
"""

from __future__ import annotations

import functools
import importlib
import re
import shutil
import subprocess
import sys
import threading
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any, Final, Protocol

from ..text.i18n import N_

QUEUE_LIMIT: Final = 8  # sentences said with interrupt=False that may wait; older ones are dropped
PROGRAM_TIME_LIMIT: Final = 5.0  # seconds a speech program may take to answer or to end before it is killed

# Why there is no speech, for the message in Settings (translate with _() where shown).
NO_SPEECH_LINUX: Final = N_(
    "No speech output was found. Install speech-dispatcher with a voice (the packages speech-dispatcher "
    "and espeak-ng), or the speech extra: pip install \"yukon-solitaire[speech]\".")
NO_SPEECH_WINDOWS: Final = N_(
    "No speech output was found. Install the speech extra to speak through NVDA, JAWS or the Windows "
    "voices: pip install \"yukon-solitaire[speech]\".")
NO_SPEECH_MAC: Final = N_(
    "No speech output was found: the say command is missing. Install the speech extra to speak through "
    "VoiceOver: pip install \"yukon-solitaire[speech]\".")


class Speaker(Protocol):
    """Something that speaks: the window calls ``say`` on every change the player must hear."""

    name: str  # what Settings shows ("NVDA", "speech-dispatcher (spd-say)", ...)
    available: bool  # False: nothing will be heard (see SilentSpeaker.reason)

    def say(self, text: str, interrupt: bool = True) -> None:
        """Speak ``text``; with ``interrupt`` it cuts off whatever is being spoken. Returns at once."""

    def stop(self) -> None:
        """Fall silent now, dropping anything still waiting to be said."""


class Engine(Protocol):
    """A speech output whose calls may block: only a ThreadedSpeaker's worker thread calls it."""

    name: str

    def speak(self, text: str, interrupt: bool) -> None:
        """Start speaking ``text`` (after cutting off the current speech when ``interrupt``)."""

    def silence(self) -> None:
        """Stop speaking."""

    def close(self) -> None:
        """Let go of the output (the game is ending, or the speaker is being replaced)."""


@dataclass(frozen=True, slots=True)
class Candidate:
    """An output that looks present (its library imports, its program is on the PATH), and how to start it."""

    name: str
    build: Callable[[], Engine]


class SilentSpeaker:
    """Says nothing; ``reason`` is the English sentence (marked for translation) that tells the player why."""

    name: str
    available: bool
    reason: str

    def __init__(self, reason: str) -> None:
        self.name = "none"
        self.available = False
        self.reason = reason

    def say(self, text: str, interrupt: bool = True) -> None:
        """Say nothing."""

    def stop(self) -> None:
        """Nothing to stop."""


class RecordingSpeaker:
    """Keeps every sentence, in order, and which ones a later sentence cut off (for tests).

    Nothing takes time here, so a sentence counts as still being spoken until ``finish``
    says it was heard to its end; a ``say`` with ``interrupt`` or a ``stop`` before that
    cuts it off and files it under ``interrupted``.
    """

    name: str
    available: bool
    spoken: list[str]  # every sentence said, oldest first
    interrupted: list[str]  # the sentences cut off before their end, oldest first
    _playing: list[str]  # the sentence being spoken and those queued behind it

    def __init__(self) -> None:
        self.name = "recording"
        self.available = True
        self.spoken = []
        self.interrupted = []
        self._playing = []

    def say(self, text: str, interrupt: bool = True) -> None:
        """Record ``text``; with ``interrupt``, what was still playing counts as cut off."""
        if not text.strip():
            return
        if interrupt:
            self.stop()
        self.spoken.append(text)
        self._playing.append(text)

    def stop(self) -> None:
        """Everything still playing counts as cut off."""
        self.interrupted.extend(self._playing)
        self._playing.clear()

    def finish(self) -> None:
        """Let everything said so far be heard to its end."""
        self._playing.clear()

    @property
    def last(self) -> str | None:
        """The latest sentence, or None before the first."""
        return self.spoken[-1] if self.spoken else None


_STOP: Final = "\x00stop"  # a request for silence in the worker's queue (a sentence never holds NUL)
_CLOSE: Final = "\x00close"


class ThreadedSpeaker:
    """A Speaker whose output lives in one worker thread, so that ``say`` returns at once.

    The worker starts the first of ``candidates`` that starts without an error (the
    construction may take seconds or hang: the caller never waits for it), then speaks
    the requests in turn. Sentences said meanwhile wait; one said with ``interrupt``
    replaces all that wait, so after a hang only the newest is spoken.
    """

    name: str
    available: bool
    problem: str | None  # the output's latest failure in its own words (None while it works)
    reason: str  # why nothing is heard once no candidate started, for Settings (translate where shown)
    _candidates: tuple[Candidate, ...]
    _lock: threading.Condition
    _pending: deque[tuple[str, bool]]
    _busy: bool  # the worker is inside the engine
    _engine: Engine | None  # the output that started (the worker's alone)
    _thread: threading.Thread

    def __init__(self, candidates: Sequence[Candidate], reason: str) -> None:
        if not candidates:
            raise ValueError("a ThreadedSpeaker needs at least one candidate output")
        self._candidates = tuple(candidates)
        self.name = self._candidates[0].name
        self.available = True
        self.problem = None
        self.reason = reason
        self._lock = threading.Condition()
        self._pending = deque()
        self._busy = True  # until the engine is started
        self._engine = None
        self._thread = threading.Thread(target=self._run, name="speech output", daemon=True)
        self._thread.start()

    def say(self, text: str, interrupt: bool = True) -> None:
        """Queue ``text`` for the worker (see the class docstring); never blocks, never raises."""
        if not text.strip() or not self.available:
            return
        text = text.replace("\x00", " ")
        with self._lock:
            if interrupt:
                self._pending.clear()
            elif len(self._pending) >= QUEUE_LIMIT:
                self._pending.popleft()
            self._pending.append((text, interrupt))
            self._lock.notify_all()  # the worker, and anyone in wait_idle

    def stop(self) -> None:
        """Drop what waits and have the worker silence the output."""
        with self._lock:
            self._pending.clear()
            self._pending.append((_STOP, True))
            self._lock.notify_all()  # the worker, and anyone in wait_idle

    def close(self, timeout: float | None = None) -> None:
        """End the worker after what it is doing now (a hung output is left to its daemon thread)."""
        with self._lock:
            self._pending.clear()
            self._pending.append((_CLOSE, True))
            self._lock.notify_all()  # the worker, and anyone in wait_idle
        self._thread.join(timeout)

    def wait_idle(self, timeout: float | None = None) -> bool:
        """Wait until every request was handed to the output; False if ``timeout`` came first."""
        with self._lock:
            return self._lock.wait_for(lambda: not self._pending and not self._busy, timeout)

    def _start_engine(self) -> Engine | None:
        problems = []
        for candidate in self._candidates:
            try:
                engine = candidate.build()
            except Exception as exc:  # noqa: BLE001 - any failure of a foreign library or program: try the next
                problems.append(f"{candidate.name}: {exc}")
                continue
            self.name = engine.name
            return engine
        self.problem = "; ".join(problems)
        self.available = False
        return None

    def _call(self, action: Callable[[], None]) -> bool:
        """Run one call of the output; False, with its failure in ``problem``, if it raised."""
        assert self._engine is not None
        try:
            action()
        except Exception as exc:  # noqa: BLE001 - a dead speech program must not end the worker or reach the game
            self.problem = f"{self._engine.name}: {exc}"
            return False
        return True

    def _run(self) -> None:
        engine = self._engine = self._start_engine()
        while True:
            with self._lock:
                self._busy = False
                self._lock.notify_all()
                self._lock.wait_for(lambda: bool(self._pending))
                text, interrupt = self._pending.popleft()
                self._busy = True
            if text == _CLOSE:
                if engine is not None:
                    self._call(engine.close)
                break
            if engine is None:
                continue  # nothing to speak with: requests are dropped
            if text == _STOP:
                self._call(engine.silence)
            elif self._call(functools.partial(engine.speak, text, interrupt)):
                self.problem = None
        with self._lock:
            self._busy = False
            self._lock.notify_all()


class PrismEngine:
    """Prism (``prismatoid``): the best output it finds (a screen reader first, then a system voice).

    On Linux only Orca: Prism's speech-dispatcher backend stops only the sentence being spoken
    (spd_stop), so a read-out sent sentence by sentence could not be cut off, and in one piece
    it starts late; spd-say does both right (see SpdSayEngine), so speech-dispatcher is left to it.
    """

    name: str
    _context: Any
    _backend: Any

    def __init__(self, prism: ModuleType, language: str, platform: str) -> None:
        self._context = prism.Context()
        if platform in ("win32", "darwin"):
            self._backend = self._context.create_best()  # ValueError when the machine has none
        else:
            self._backend = self._context.create(prism.BackendId.ORCA)  # ValueError when Orca is not running
        self.name = str(self._backend.name)
        features = self._backend.features
        # A screen reader speaks with the player's own voice and settings; a bare voice
        # (speech-dispatcher, SAPI, AVSpeech) is asked for one that reads our language.
        if features.supports_set_voice and features.supports_count_voices and features.supports_get_voice_language:
            languages = [self._backend.get_voice_language(i) for i in range(self._backend.voices_count)]
            best = best_voice(languages, language)
            if best is not None:
                self._backend.voice = best

    def speak(self, text: str, interrupt: bool) -> None:
        """Speak through Prism."""
        self._backend.speak(text, interrupt)

    def silence(self) -> None:
        """Stop Prism's output."""
        self._backend.stop()

    def close(self) -> None:
        """Nothing to end: Prism frees its backend with the object."""


class AccessibleOutputEngine:
    """accessible_output2's automatic output (the first screen reader or voice it finds active)."""

    name: str
    _output: Any

    def __init__(self, auto_module: ModuleType) -> None:
        auto = auto_module.Auto()
        output = auto.get_first_available_output()
        if output is None:
            raise RuntimeError("no active output")
        self._output = output
        self.name = str(getattr(output, "name", "accessible_output2"))

    def speak(self, text: str, interrupt: bool) -> None:
        """Speak through the output."""
        self._output.speak(text, interrupt=interrupt)

    def silence(self) -> None:
        """Stop the output."""
        self._output.silence()

    def close(self) -> None:
        """Nothing to end."""


def _run_program(args: list[str], *, feed: bool = False, errors: bool = False) -> subprocess.Popen[bytes]:
    """Start a speech command in its own session, output discarded; ``feed``: a pipe to its
    standard input; ``errors``: a pipe from its standard error (read it, or it may block)."""
    return subprocess.Popen(args, stdin=subprocess.PIPE if feed else subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE if errors else subprocess.DEVNULL, start_new_session=True)


class SpdSayEngine:
    """speech-dispatcher through its command line: one ``spd-say --pipe-mode`` kept open.

    Each sentence is a line on spd-say's input, so all go through one connection and
    speech-dispatcher queues them in order (sentences from separate spd-say runs were
    dropped here once their run had ended). A text goes out sentence by sentence: the daemon
    starts a message only once it has prepared all of it, so the whole table read out in one
    piece sounded after 1.0-1.6 s here, sentence by sentence after 20-50 ms (see
    benchmarks/speech_latency.py). A line starting "!-!" is a command to the daemon:
    "!-!CANCEL self" cuts off all this game's speech, queued sentences too (``interrupt``,
    ``silence``), and nobody else's. ``-l`` sets the language. When spd-say has ended (no
    daemon, or the daemon went away) its last words are raised and the next text starts a
    new one.
    """

    name: str
    _args: list[str]
    _process: subprocess.Popen[bytes] | None

    def __init__(self, program: str, language: str) -> None:
        self.name = "speech-dispatcher (spd-say)"
        self._args = [program, "--pipe-mode", "-l", language.replace("_", "-")]
        self._process = None

    def speak(self, text: str, interrupt: bool) -> None:
        """Hand ``text`` to speech-dispatcher, a line a sentence; raises RuntimeError when spd-say has failed."""
        lines = [" ".join(part.split()).removeprefix("!-!") for part in sentences(text)]
        self._send((["!-!CANCEL self"] if interrupt else []) + lines)

    def silence(self) -> None:
        """Cut off this game's speech."""
        self._send(["!-!CANCEL self"])

    def close(self) -> None:
        """End spd-say (its input closed, it finishes at once); raises RuntimeError if it had failed."""
        process, self._process = self._process, None
        if process is not None:
            self._end(process)

    def _send(self, lines: list[str]) -> None:
        ended = self._process if self._process is not None and self._process.poll() is not None else None
        if self._process is None or ended is not None:
            self._process = _run_program(self._args, feed=True, errors=True)
        process = self._process
        assert process.stdin is not None
        try:
            process.stdin.write("".join(f"{line}\n" for line in lines).encode("utf-8"))
            process.stdin.flush()
        except OSError:  # spd-say is gone already
            self._process = None
            self._end(process)
        if ended is not None:
            self._end(ended)

    def _end(self, process: subprocess.Popen[bytes]) -> None:
        """Close ``process``'s input, wait for it (killed after PROGRAM_TIME_LIMIT), raise its complaint if any."""
        try:
            _out, err = process.communicate(timeout=PROGRAM_TIME_LIMIT)  # (closes its input first)
        except subprocess.TimeoutExpired:
            process.kill()
            _out, err = process.communicate()
        if process.returncode:
            words = (err or b"").decode("utf-8", "replace").strip().splitlines()
            raise RuntimeError(words[-1] if words else f"spd-say ended ({process.returncode})")


class MacSayEngine:
    """macOS's ``say`` command (the system voice), one process a sentence, killed to interrupt it."""

    name: str
    _program: str
    _voice: list[str]
    _process: subprocess.Popen[bytes] | None

    def __init__(self, program: str, language: str) -> None:
        self.name = "macOS say"
        self._program = program
        self._process = None
        listing = subprocess.run([program, "-v", "?"], capture_output=True, timeout=PROGRAM_TIME_LIMIT, check=True)
        voices = parse_mac_voices(listing.stdout.decode("utf-8", "replace"))
        best = best_voice([code for _name, code in voices], language)
        self._voice = ["-v", voices[best][0]] if best is not None else []

    def speak(self, text: str, interrupt: bool) -> None:
        """Start ``say`` on ``text`` (read from its standard input, so no text is taken for an option)."""
        if self._process is not None:
            if interrupt:
                self.silence()
            else:
                self._process.wait()
        self._process = _run_program([self._program, *self._voice], feed=True)
        assert self._process.stdin is not None
        self._process.stdin.write(text.encode("utf-8"))
        self._process.stdin.close()

    def silence(self) -> None:
        """Kill the sentence being spoken."""
        if self._process is not None and self._process.poll() is None:
            self._process.kill()
            self._process.wait()
        self._process = None

    def close(self) -> None:
        """Stop speaking."""
        self.silence()


def sentences(text: str) -> list[str]:
    """``text`` cut after each full stop that ends a sentence ("Column 1: ... . Column 2: ..."), blanks dropped."""
    parts = [p.strip() for p in re.split(r"(?<=[.!?])\s+", text)]
    return [p for p in parts if p]


def parse_mac_voices(listing: str) -> list[tuple[str, str]]:
    """``say -v ?``'s lines ("Alice   it_IT   # Salve...") as (voice name, locale) pairs."""
    voices = []
    for line in listing.splitlines():
        head = line.split("#", 1)[0].split()
        if len(head) >= 2:
            voices.append((" ".join(head[:-1]), head[-1]))
    return voices


def best_voice(languages: Sequence[str], language: str) -> int | None:
    """The index of the voice that reads ``language`` ("pt_BR"): the exact region first, then the language."""
    want = language.replace("_", "-").lower()
    base = want.split("-")[0]
    codes = [code.replace("_", "-").lower() for code in languages]
    for match in (lambda c: c == want, lambda c: c == base, lambda c: c.split("-")[0] == base):
        for i, code in enumerate(codes):
            if match(code):
                return i
    return None


def candidates(language: str, platform: str, which: Callable[[str], str | None],
               load: Callable[[str], ModuleType]) -> list[Candidate]:
    """The outputs that look present, in the order of the module docstring (cheap checks only)."""
    found: list[Candidate] = []
    prism = _module(load, "prism")
    if prism is not None:
        found.append(Candidate("Prism", lambda: PrismEngine(prism, language, platform)))
    auto = _module(load, "accessible_output2.outputs.auto")
    if auto is not None:
        found.append(Candidate("accessible_output2", lambda: AccessibleOutputEngine(auto)))
    if platform == "darwin":
        say = which("say")
        if say is not None:
            found.append(Candidate("macOS say", lambda: MacSayEngine(say, language)))
    elif platform != "win32":
        spd_say = which("spd-say")
        if spd_say is not None:
            found.append(Candidate("speech-dispatcher (spd-say)", lambda: SpdSayEngine(spd_say, language)))
    return found


def _module(load: Callable[[str], ModuleType], name: str) -> ModuleType | None:
    try:
        return load(name)
    except Exception:  # noqa: BLE001 - missing, or a native library that does not load here (old C library)
        return None


def no_speech_reason(platform: str) -> str:
    """Why there is no speech on ``platform``, as the English sentence marked for translation."""
    if platform == "win32":
        return NO_SPEECH_WINDOWS
    if platform == "darwin":
        return NO_SPEECH_MAC
    return NO_SPEECH_LINUX


def find_speaker(language: str, *, platform: str = sys.platform, which: Callable[[str], str | None] = shutil.which,
                 load: Callable[[str], ModuleType] = importlib.import_module) -> Speaker:
    """The first speech output this machine has, speaking ``language`` (a code of i18n.LANGUAGES).

    Returns at once: a ThreadedSpeaker starts the outputs in its own thread, falling back
    to the next when one fails; a SilentSpeaker when none is present at all. ``platform``,
    ``which`` and ``load`` are ``sys.platform``, ``shutil.which`` and the import function,
    replaceable for tests.
    """
    found = candidates(language, platform, which, load)
    if not found:
        return SilentSpeaker(no_speech_reason(platform))
    return ThreadedSpeaker(found, no_speech_reason(platform))
