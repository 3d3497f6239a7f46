"""Speech output: the recording and silent speakers, the choice of output, and a say() that never blocks.

The outputs a player has (Prism, accessible_output2, spd-say, macOS say) are stood in for
by small fakes: modules built here, and speech programs written as Python scripts that
log how they were called. Nothing waits on a clock: a hanging output blocks on an event
that the test sets, and the test waits for the worker to be idle.
"""

from __future__ import annotations

import os
import stat
import sys
import threading
import types
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from yukon.text import i18n
from yukon.ui import speech_output
from yukon.ui.speech_output import (
    NO_SPEECH_LINUX,
    NO_SPEECH_MAC,
    NO_SPEECH_WINDOWS,
    Candidate,
    MacSayEngine,
    RecordingSpeaker,
    SilentSpeaker,
    SpdSayEngine,
    ThreadedSpeaker,
    best_voice,
    find_speaker,
    parse_mac_voices,
)

SAFETY = 30.0  # seconds before a wait that should end at once counts as hung (never reached when correct)


def _no_module(name: str) -> types.ModuleType:
    raise ImportError(name)


def _nowhere(program: str) -> str | None:
    return None


# -- the recording and silent speakers -----------------------------------------------------

def test_the_recording_speaker_keeps_what_was_said_in_order_and_what_was_cut_off() -> None:
    s = RecordingSpeaker()
    s.say("Deal 42")
    s.say("Column 1: 5 of hearts")  # cuts off "Deal 42"
    s.finish()
    s.say("Column 2", interrupt=False)
    s.say("Column 3", interrupt=False)  # queued behind column 2, nothing cut off
    s.say("   ")  # nothing to say: ignored
    assert s.spoken == ["Deal 42", "Column 1: 5 of hearts", "Column 2", "Column 3"]
    assert s.interrupted == ["Deal 42"]
    s.stop()
    assert s.interrupted == ["Deal 42", "Column 2", "Column 3"]
    assert s.last == "Column 3" and s.available and s.name == "recording"


def test_the_silent_speaker_says_nothing_and_tells_why_in_every_language() -> None:
    s = SilentSpeaker(NO_SPEECH_LINUX)
    s.say("anything")
    s.stop()
    assert not s.available
    for code in i18n.LANGUAGES:
        if code == i18n.ENGLISH:
            continue
        i18n.set_language(code)
        for reason in (NO_SPEECH_LINUX, NO_SPEECH_WINDOWS, NO_SPEECH_MAC):
            text = i18n._(reason)
            assert "yukon-solitaire[speech]" in text, f"{code}: the command to type is lost"
            assert text != reason, f"{code}: not translated: {reason}"


# -- choosing the output -------------------------------------------------------------------

@pytest.mark.parametrize(("platform", "reason"), [
    ("linux", NO_SPEECH_LINUX), ("win32", NO_SPEECH_WINDOWS), ("darwin", NO_SPEECH_MAC), ("freebsd14", NO_SPEECH_LINUX),
])
def test_with_nothing_installed_the_speaker_is_silent_with_the_platforms_reason(platform: str, reason: str) -> None:
    s = find_speaker("en", platform=platform, which=_nowhere, load=_no_module)
    assert isinstance(s, SilentSpeaker)
    assert s.reason == reason and not s.available


def _script(folder: Path, name: str, body: str) -> str:
    """An executable Python program ``name`` in ``folder`` that appends its arguments (one line) to ``name``.log."""
    path = folder / name
    log = folder / f"{name}.log"
    path.write_text(f"#!{sys.executable}\nimport sys\nwith open({str(log)!r}, 'a', encoding='utf-8') as f:\n"
                    f"    f.write(repr(sys.argv[1:]) + '\\n')\n{body}\n", encoding="utf-8")
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return str(path)


def _calls(program: str) -> list[list[str]]:
    log = Path(program + ".log")
    if not log.exists():
        return []
    return [eval(line) for line in log.read_text(encoding="utf-8").splitlines()]  # our own log of reprs


@pytest.fixture
def spd_say(tmp_path: Path) -> str:
    """A fake spd-say: its arguments go to spd-say.log, each line of its input to spd-say.lines."""
    return _script(tmp_path, "spd-say", f"""
with open({str(tmp_path / 'spd-say.lines')!r}, 'a', encoding='utf-8') as f:
    for line in sys.stdin:
        f.write(line)
        f.flush()
""")


def _lines(program: str) -> list[str]:
    path = Path(program + ".lines")
    return path.read_text(encoding="utf-8").splitlines() if path.exists() else []


@pytest.fixture
def closing() -> Iterator[Callable[[ThreadedSpeaker], ThreadedSpeaker]]:
    """Close every ThreadedSpeaker a test made."""
    made: list[ThreadedSpeaker] = []

    def keep(s: ThreadedSpeaker) -> ThreadedSpeaker:
        made.append(s)
        return s
    yield keep
    for s in made:
        s.close(SAFETY)


def _threaded(s: speech_output.Speaker) -> ThreadedSpeaker:
    assert isinstance(s, ThreadedSpeaker), s
    return s


def test_linux_without_a_library_speaks_through_spd_say_in_the_players_language(
        spd_say: str, closing: Callable[[ThreadedSpeaker], ThreadedSpeaker]) -> None:
    s = closing(_threaded(find_speaker("pt_BR", platform="linux", which={"spd-say": spd_say}.get,
                                       load=_no_module)))
    s.say("Coluna 4: 3 viradas para baixo")
    s.say("-5% is not\nan option", interrupt=False)
    assert s.wait_idle(SAFETY)  # (a stop at once would drop the sentences still waiting)
    s.stop()
    assert s.wait_idle(SAFETY)
    s.close(SAFETY)  # ends spd-say, so everything it was given is in its log
    assert s.name == "speech-dispatcher (spd-say)" and s.available and s.problem is None
    assert _calls(spd_say) == [["--pipe-mode", "-l", "pt-BR"]]  # one spd-say for all: the daemon keeps the order
    assert _lines(spd_say) == ["!-!CANCEL self", "Coluna 4: 3 viradas para baixo", "-5% is not an option",
                               "!-!CANCEL self"]


class _FakeBackend:
    """Prism's Backend as far as the speaker uses it."""

    def __init__(self, name: str, voices: list[str], log: list[tuple[str, object]]) -> None:
        self.name = name
        self._voices = voices
        self.log = log
        can = bool(voices)
        self.features = types.SimpleNamespace(supports_set_voice=can, supports_count_voices=can,
                                              supports_get_voice_language=can)

    @property
    def voices_count(self) -> int:
        return len(self._voices)

    def get_voice_language(self, i: int) -> str:
        return self._voices[i]

    @property
    def voice(self) -> int:
        raise AssertionError("not read")

    @voice.setter
    def voice(self, i: int) -> None:
        self.log.append(("voice", self._voices[i]))

    def speak(self, text: str, interrupt: bool = False) -> None:
        self.log.append(("speak", (text, interrupt)))

    def stop(self) -> None:
        self.log.append(("stop", None))


def _fake_prism(backend: _FakeBackend | None) -> types.ModuleType:
    """A prism module whose best backend is ``backend`` (None: none); on Linux it offers only Orca."""
    module = types.ModuleType("prism")

    class Context:
        def create_best(self) -> _FakeBackend:
            if backend is None:
                raise ValueError("Invalid or unsupported backend")
            return backend

        def create(self, backend_id: str) -> _FakeBackend:
            if backend is None or backend.name != "Orca" or backend_id != "orca":
                raise ValueError("Invalid or unsupported backend")
            return backend
    module.Context = Context  # type: ignore[attr-defined]
    module.BackendId = types.SimpleNamespace(ORCA="orca")  # type: ignore[attr-defined]
    return module


def _loader(**modules: types.ModuleType) -> Callable[[str], types.ModuleType]:
    def load(name: str) -> types.ModuleType:
        key = name.split(".")[0]
        if key in modules:
            return modules[key]
        raise ImportError(name)
    return load


def test_prism_comes_first_and_a_bare_voice_is_set_to_the_language(
        closing: Callable[[ThreadedSpeaker], ThreadedSpeaker]) -> None:
    log: list[tuple[str, object]] = []
    backend = _FakeBackend("SAPI", ["en-US", "ru-LV", "ru", "pl"], log)
    s = closing(_threaded(find_speaker("ru", platform="win32", which=_nowhere,
                                       load=_loader(prism=_fake_prism(backend)))))
    s.say("Столбец 4. Дом: пик нет")  # whole: Prism stops only the sentence being spoken, so no splitting
    assert s.wait_idle(SAFETY)
    s.stop()
    assert s.wait_idle(SAFETY)
    assert s.name == "SAPI"
    assert log == [("voice", "ru"), ("speak", ("Столбец 4. Дом: пик нет", True)), ("stop", None)]


@pytest.mark.parametrize(("best", "heard_by"), [("Orca", "Orca"), ("Speech Dispatcher", "speech-dispatcher (spd-say)")])
def test_on_linux_prism_is_used_for_orca_and_spd_say_for_speech_dispatcher(
        best: str, heard_by: str, spd_say: str, closing: Callable[[ThreadedSpeaker], ThreadedSpeaker]) -> None:
    log: list[tuple[str, object]] = []
    s = closing(_threaded(find_speaker("en", platform="linux", which={"spd-say": spd_say}.get,
                                       load=_loader(prism=_fake_prism(_FakeBackend(best, [], log))))))
    s.say("Column 4")
    assert s.wait_idle(SAFETY)
    assert s.name == heard_by
    assert log == ([("speak", ("Column 4", True))] if best == "Orca" else [])


def test_a_screen_reader_keeps_the_players_own_voice(closing: Callable[[ThreadedSpeaker], ThreadedSpeaker]) -> None:
    log: list[tuple[str, object]] = []
    s = closing(_threaded(find_speaker("de", platform="win32", which=_nowhere,
                                       load=_loader(prism=_fake_prism(_FakeBackend("NVDA", [], log))))))
    s.say("Spalte 4")
    assert s.wait_idle(SAFETY)
    assert s.name == "NVDA" and log == [("speak", ("Spalte 4", True))]


def test_when_prism_finds_nothing_the_next_output_speaks(
        spd_say: str, closing: Callable[[ThreadedSpeaker], ThreadedSpeaker]) -> None:
    s = closing(_threaded(find_speaker("pl", platform="linux", which={"spd-say": spd_say}.get,
                                       load=_loader(prism=_fake_prism(None)))))
    s.say("Kolumna 4")
    assert s.wait_idle(SAFETY)
    s.close(SAFETY)
    assert s.name == "speech-dispatcher (spd-say)" and s.available
    assert _calls(spd_say) == [["--pipe-mode", "-l", "pl"]]
    assert _lines(spd_say) == ["!-!CANCEL self", "Kolumna 4"]


def test_accessible_output2_is_used_when_it_is_there(closing: Callable[[ThreadedSpeaker], ThreadedSpeaker]) -> None:
    said: list[tuple[str, bool]] = []

    class Output:
        name = "JAWS"

        def speak(self, text: str, interrupt: bool = False) -> None:
            said.append((text, interrupt))

        def silence(self) -> None:
            said.append(("<silence>", True))

    auto = types.ModuleType("accessible_output2.outputs.auto")

    class Auto:
        def get_first_available_output(self) -> Output:
            return Output()
    auto.Auto = Auto  # type: ignore[attr-defined]
    s = closing(_threaded(find_speaker("fr", platform="win32", which=_nowhere,
                                       load=_loader(accessible_output2=auto))))
    s.say("Colonne 4", interrupt=False)
    assert s.wait_idle(SAFETY)
    s.stop()
    assert s.wait_idle(SAFETY)
    assert s.name == "JAWS" and said == [("Colonne 4", False), ("<silence>", True)]


def test_when_every_output_fails_to_start_the_speaker_goes_quiet_and_says_why(
        tmp_path: Path, closing: Callable[[ThreadedSpeaker], ThreadedSpeaker]) -> None:
    gone = tmp_path / "spd-say"  # on the PATH when looked for, deleted before it is run
    s = closing(_threaded(find_speaker("en", platform="linux", which={"spd-say": str(gone)}.get,
                                       load=_loader(prism=_fake_prism(None)))))
    assert s.wait_idle(SAFETY)
    assert s.name == "speech-dispatcher (spd-say)"  # Prism failed to start; spd-say starts without running
    s.say("Deal 42")
    assert s.wait_idle(SAFETY)
    assert s.available  # spd-say itself is missing: the failure is in problem, and nothing raised
    assert s.problem is not None and s.problem.startswith("speech-dispatcher (spd-say): [Errno 2]")

    broken = ThreadedSpeaker([Candidate("first", _raise("no screen reader")), Candidate("second", _raise("no voice"))],
                             NO_SPEECH_LINUX)
    closing(broken)
    assert broken.wait_idle(SAFETY)
    assert not broken.available and broken.reason == NO_SPEECH_LINUX
    assert broken.problem == "first: no screen reader; second: no voice"
    broken.say("nothing happens")
    broken.stop()


def _raise(message: str) -> Callable[[], speech_output.Engine]:
    def build() -> speech_output.Engine:
        raise RuntimeError(message)
    return build


def test_a_failing_spd_say_reports_its_own_words(tmp_path: Path,
                                                 closing: Callable[[ThreadedSpeaker], ThreadedSpeaker]) -> None:
    program = _script(tmp_path, "spd-say", "sys.stderr.write('Failed to connect to Speech Dispatcher:\\n"
                      "Error: Can\\'t connect to unix socket\\n'); sys.exit(1)")
    s = ThreadedSpeaker([Candidate("spd", lambda: SpdSayEngine(program, "en"))], NO_SPEECH_LINUX)
    s.say("Deal 42")
    s.say("Deal 43", interrupt=False)  # still accepted: the daemon may come back
    assert s.wait_idle(SAFETY)
    s.close(SAFETY)  # (however far the fake got, its end is waited for here)
    assert s.problem == "speech-dispatcher (spd-say): Error: Can't connect to unix socket"
    assert 1 <= len(_calls(program)) <= 2  # a new spd-say once the first had ended


def test_spd_say_gets_a_long_text_sentence_by_sentence_after_one_cancel(spd_say: str) -> None:
    engine = SpdSayEngine(spd_say, "de")
    engine.speak("Spiel 42: Yukon. Ablagestapel: kein Pik.\nSpalte 1: Pik-Sieben", True)
    engine.speak("Spalte 2: leer", False)
    engine.close()
    assert _lines(spd_say) == ["!-!CANCEL self", "Spiel 42: Yukon.", "Ablagestapel: kein Pik.", "Spalte 1: Pik-Sieben",
                               "Spalte 2: leer"]


# -- never blocking ------------------------------------------------------------------------

class _HangingEngine:
    """Blocks inside speak() until the test lets it go; records what it was asked."""

    name = "hanging"

    def __init__(self) -> None:
        self.inside = threading.Event()
        self.release = threading.Event()
        self.spoken: list[tuple[str, bool]] = []
        self.silenced = 0
        self.closed = False

    def speak(self, text: str, interrupt: bool) -> None:
        self.spoken.append((text, interrupt))
        self.inside.set()
        self.release.wait()

    def silence(self) -> None:
        self.silenced += 1

    def close(self) -> None:
        self.closed = True


def _returns(action: Callable[[], None]) -> bool:
    """Run ``action`` on a helper thread: did it return (a hang is caught instead of hanging the suite)?"""
    done = threading.Thread(target=action, daemon=True)
    done.start()
    done.join(SAFETY)
    return not done.is_alive()


@pytest.mark.parametrize("interrupt", [True, False])
def test_say_returns_at_once_while_the_output_hangs_and_the_newest_is_spoken_next(
        interrupt: bool, closing: Callable[[ThreadedSpeaker], ThreadedSpeaker]) -> None:
    engine = _HangingEngine()
    s = closing(ThreadedSpeaker([Candidate("hanging", lambda: engine)], NO_SPEECH_LINUX))
    s.say("first")
    assert engine.inside.wait(SAFETY)  # the worker is stuck inside the output now

    def more() -> None:
        for word in ("second", "third", "fourth"):
            s.say(word, interrupt=interrupt)
    assert _returns(more), "say() waited for a hanging output"
    assert not s.wait_idle(0)  # still stuck, as the engine says
    engine.release.set()
    assert s.wait_idle(SAFETY)
    if interrupt:  # each new sentence replaced the one waiting: only the newest is heard
        assert engine.spoken == [("first", True), ("fourth", True)]
    else:
        assert engine.spoken == [("first", True), ("second", False), ("third", False), ("fourth", False)]


def test_stop_during_a_hang_drops_what_waits_and_silences_once_free(
        closing: Callable[[ThreadedSpeaker], ThreadedSpeaker]) -> None:
    engine = _HangingEngine()
    s = closing(ThreadedSpeaker([Candidate("hanging", lambda: engine)], NO_SPEECH_LINUX))
    s.say("first")
    assert engine.inside.wait(SAFETY)

    def say_then_stop() -> None:
        s.say("second", interrupt=False)
        s.stop()
    assert _returns(say_then_stop)
    engine.release.set()
    assert s.wait_idle(SAFETY)
    assert engine.spoken == [("first", True)] and engine.silenced == 1


def test_a_hanging_start_does_not_hold_up_the_caller(closing: Callable[[ThreadedSpeaker], ThreadedSpeaker]) -> None:
    engine = _HangingEngine()
    started = threading.Event()

    def slow_start() -> speech_output.Engine:
        started.wait()
        return engine
    made: list[ThreadedSpeaker] = []
    assert _returns(lambda: made.append(ThreadedSpeaker([Candidate("slow", slow_start)], NO_SPEECH_LINUX)))
    s = closing(made[0])
    assert _returns(lambda: s.say("waits for the output to start"))
    assert s.name == "slow" and engine.spoken == []
    engine.release.set()
    started.set()
    assert s.wait_idle(SAFETY)
    assert engine.spoken == [("waits for the output to start", True)] and s.name == "hanging"


# -- voices and macOS's say -------------------------------------------------------------------

def test_the_voice_for_a_language_prefers_the_exact_region_then_the_language() -> None:
    voices = ["en-US", "pt", "pt-BR", "fr-BE", "fr-FR", "de"]
    assert best_voice(voices, "pt_BR") == 2
    assert best_voice(voices, "fr") == 3
    assert best_voice(voices, "de") == 5
    assert best_voice(voices, "pl") is None
    assert best_voice(["en_GB", "ru_RU"], "ru") == 1


MAC_VOICES = """Alice               it_IT    # Salve, mi chiamo Alice e sono una voce italiana.
Bad News            en_US    # The light you see at the end of the tunnel is a train.
Luciana             pt_BR    # Olá, o meu nome é a Luciana e eu sou uma voz portuguesa brasileira.
Milena              ru_RU    # Здравствуйте, меня зовут Милена. Я русский голос системы.
"""


def test_macs_voice_list_is_read_with_names_of_several_words() -> None:
    assert parse_mac_voices(MAC_VOICES) == [("Alice", "it_IT"), ("Bad News", "en_US"), ("Luciana", "pt_BR"),
                                            ("Milena", "ru_RU")]


@pytest.mark.skipif(os.name != "posix", reason="the fake say is a script run through its #! line")
def test_macs_say_gets_the_languages_voice_and_the_text_on_its_input_and_is_killed_to_interrupt(
        tmp_path: Path) -> None:
    listing = tmp_path / "voices.txt"
    listing.write_text(MAC_VOICES, encoding="utf-8")
    heard = tmp_path / "heard.txt"
    running = tmp_path / "running"
    os.mkfifo(running)
    program = _script(tmp_path, "say", f"""
import os, time
if sys.argv[1:] == ['-v', '?']:
    print(open({str(listing)!r}, encoding='utf-8').read(), end='')
    sys.exit()
text = sys.stdin.read()
with open({str(heard)!r}, 'a', encoding='utf-8') as f:
    f.write(f'{{os.getpid()}} {{text}}\\n')
if text == 'a long sentence':
    with open({str(running)!r}, 'w') as fifo:
        fifo.write('speaking')
    time.sleep(600)  # speaks until it is killed
""")
    engine = MacSayEngine(program, "ru")
    engine.speak("-- Столбец 4", True)  # on the input, so it cannot be taken for an option
    engine.speak("Столбец 5", False)  # waits for the first to end
    engine.speak("a long sentence", False)
    assert running.read_text() == "speaking"  # (blocks until the long sentence has begun)
    engine.speak("cut it off", True)  # kills the long one
    engine.speak("the end", False)  # waits for "cut it off" to end
    engine.silence()
    assert _calls(program)[:5] == [["-v", "?"]] + [["-v", "Milena"]] * 4
    lines = [line.split(" ", 1) for line in heard.read_text(encoding="utf-8").splitlines()]
    texts = [text for _pid, text in lines[:4]]
    assert texts == ["-- Столбец 4", "Столбец 5", "a long sentence", "cut it off"]
    with pytest.raises(ProcessLookupError):
        os.kill(int(lines[2][0]), 0)  # the long sentence's say is gone
