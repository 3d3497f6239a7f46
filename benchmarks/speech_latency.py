"""Real speech on this machine: the game's opening announcements through speech-dispatcher, timed.

    python benchmarks/speech_latency.py [--rounds N] [--languages en,ru,pl,de] [--out DIR] [--output auto|spd-say]

Needs Debian's speech-dispatcher, espeak-ng, speech-dispatcher-espeak-ng, pulseaudio and
pulseaudio-utils; without them it says so and stops (exit 0). It starts, in a temporary folder,
a private PulseAudio with one null sink (it plays in real time, like a sound card, to nowhere)
and a private speech-dispatcher (own socket, config and HOME: a desktop's daemons are left alone)
that speaks into it; parec records the sink's monitor, and a thread here stamps every piece of
the recording with time.monotonic() when it arrives. For each announcement of deal 42 (the
opening line, the first focus, the whole table read out) in each language it calls the game's
own Speaker.say() (find_speaker: Prism if it imports, else spd-say; --output spd-say skips the
libraries) and measures

  * say(): how long the call itself took (what the frame loop pays: it only queues);
  * to sound: from the say() call to the first audible sample (at least 1% of full scale) in the
    monitor, each sample dated by the arrival of its piece less the samples after it in that piece.

The figures include PulseAudio's own buffering (as on a desktop) but not a sound card's (typically
10-50 ms more). Then the interrupt check: the table read out, and about a second in, the opening
line said over it; the opening line's audio is found in the recording by its first samples (the
synthesis is deterministic), which gives the time from that say() to its first sound and shows that
the read-out stopped. The first round's audio of each announcement is written to DIR as WAV files; later rounds stop
each announcement a second after it sounded.
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import types
import wave
from array import array
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from yukon.core.state import Game
from yukon.text import i18n  # after the path is set
from yukon.ui import phrases
from yukon.ui.speech_output import Speaker, ThreadedSpeaker, find_speaker

RATE = 22050  # espeak-ng's rate; the null sink and the recording use it too, so no resampling
AUDIBLE = 328  # 1% of full scale (16-bit samples)
QUIET_AFTER = 1.0  # seconds of silence that end an utterance (more than the pause between two sentences)
DEADLINE = 15.0  # seconds an utterance may take to start before the run stops
PROGRAMS = ("speech-dispatcher", "spd-say", "pulseaudio", "parec")
PACKAGES = "speech-dispatcher espeak-ng speech-dispatcher-espeak-ng pulseaudio pulseaudio-utils"


class Recording(threading.Thread):
    """parec's output: the samples of the sink's monitor and when each piece arrived."""

    def __init__(self, process: subprocess.Popen[bytes]) -> None:
        super().__init__(name="recording", daemon=True)
        self.process = process
        self.lock = threading.Condition()
        self.samples = array("h")
        self.marks: list[tuple[float, int]] = []  # (arrival time, number of samples so far)

    def run(self) -> None:
        assert self.process.stdout is not None
        pending = b""
        while True:
            chunk = os.read(self.process.stdout.fileno(), 4096)
            now = time.monotonic()
            if not chunk:
                return
            pending += chunk
            whole = len(pending) // 2 * 2
            with self.lock:
                self.samples.frombytes(pending[:whole])
                self.marks.append((now, len(self.samples)))
                self.lock.notify_all()
            pending = pending[whole:]

    def time_of(self, index: int) -> float:
        """When sample ``index`` was heard: its piece's arrival less the samples that came after it."""
        for t, end in self.marks:
            if end > index:
                return t - (end - 1 - index) / RATE
        return self.marks[-1][0]

    def index_at(self, t: float) -> int:
        """The first sample of the first piece that arrived at or after ``t``."""
        before = 0
        for arrived, end in self.marks:
            if arrived >= t:
                return before
            before = end
        return before

    def first_sound(self, start: int, deadline: float) -> int | None:
        """The first audible sample from ``start`` on, waiting up to ``deadline`` seconds for it."""
        end_time = time.monotonic() + deadline
        checked = start
        with self.lock:
            while True:
                for i in range(checked, len(self.samples)):
                    if abs(self.samples[i]) >= AUDIBLE:
                        return i
                checked = len(self.samples)
                left = end_time - time.monotonic()
                if left <= 0 or not self.is_alive():
                    return None
                self.lock.wait(left)

    def quiet(self, seconds: float = QUIET_AFTER) -> int:
        """Wait for ``seconds`` of silence; the index just after the last audible sample before it."""
        need = int(seconds * RATE)
        with self.lock:
            while True:
                n = len(self.samples)
                tail = self.samples[max(0, n - need):n]
                if n >= need and max(map(abs, tail)) < AUDIBLE:
                    last = n - need
                    while last > 0 and abs(self.samples[last - 1]) < AUDIBLE:
                        last -= 1
                    return last
                if not self.is_alive():
                    raise SystemExit("speech_latency: the recording (parec) stopped")
                self.lock.wait(1.0)


def start(args: list[str], env: dict[str, str], stdout: int = subprocess.DEVNULL) -> subprocess.Popen[bytes]:
    """A helper program in its own session (so that it and its children are stopped together)."""
    return subprocess.Popen(args, env=env, stdin=subprocess.DEVNULL, stdout=stdout, stderr=subprocess.DEVNULL,
                            start_new_session=True)


def wait_for_path(path: Path, process: subprocess.Popen[bytes], what: str) -> None:
    end = time.monotonic() + 20
    while not path.exists():
        if process.poll() is not None or time.monotonic() > end:
            raise SystemExit(f"speech_latency: {what} did not start")
        time.sleep(0.05)


def rig(folder: Path) -> tuple[list[subprocess.Popen[bytes]], Recording]:
    """PulseAudio with a null sink, parec on its monitor, and speech-dispatcher speaking into it."""
    home = folder / "home"
    home.mkdir()
    pulse_socket = folder / "pulse-socket"  # (not "pulse": PulseAudio keeps a folder of that name there)
    config = folder / "pulse.pa"
    config.write_text(f"load-module module-null-sink sink_name=speech rate={RATE} channels=1\n"
                      "set-default-sink speech\n"  # (the socket last: once it is there, so is the sink)
                      f"load-module module-native-protocol-unix auth-anonymous=1 socket={pulse_socket}\n")
    env = dict(os.environ, HOME=str(home), PULSE_SERVER=f"unix:{pulse_socket}", XDG_RUNTIME_DIR=str(folder))
    pulse = start(["pulseaudio", "-n", "-F", str(config), "--daemonize=no", "--exit-idle-time=-1"], env)
    wait_for_path(pulse_socket, pulse, "PulseAudio")
    parec = start(["parec", "--device=speech.monitor", "--raw", "--format=s16le", f"--rate={RATE}", "--channels=1",
                   "--latency-msec=5"], env, stdout=subprocess.PIPE)
    recording = Recording(parec)
    recording.start()
    conf = folder / "conf"
    shutil.copytree("/etc/speech-dispatcher", conf)
    with (conf / "speechd.conf").open("a") as f:
        f.write('\nAudioOutputMethod "pulse"\nDefaultModule espeak-ng\n')
    speechd = start(["speech-dispatcher", "-s", "-C", str(conf), "-S", str(folder / "speechd"), "-c", "unix_socket",
                     "-t", "0", "-L", str(folder), "-l", "1"], env)
    wait_for_path(folder / "speechd", speechd, "speech-dispatcher")
    os.environ["SPEECHD_ADDRESS"] = f"unix_socket:{folder / 'speechd'}"
    return [speechd, parec, pulse], recording


def announcements(language: str) -> list[tuple[str, str]]:
    """The opening of deal 42 in ``language``: (what, text) for the deal line, the first focus, the table."""
    i18n.set_language(language)
    p = Game.deal(42).position
    deal = phrases.opening_text(p, 42).split(". ")[0]
    return [("deal line", deal), ("focus", phrases.focus_text(p, 0, p.columns[0][-1])),
            ("table", phrases.table_text(p))]


def summary(values: list[float]) -> str:
    ms = sorted(v * 1000 for v in values)
    return f"median {statistics.median(ms):6.1f}, max {ms[-1]:6.1f} ms"


def _no_module(name: str) -> types.ModuleType:
    raise ImportError(name)


def utterance(speaker: Speaker, recording: Recording, text: str, whole: bool = True) -> tuple[float, float, array]:
    """Say ``text`` once after a silence: (say() time, time to sound, the audio from its first sound).

    Unless ``whole``, the speech is stopped a second after it began (a long read-out need not be heard out).
    """
    recording.quiet()
    t0 = time.monotonic()
    speaker.say(text)
    returned = time.monotonic() - t0
    first = recording.first_sound(recording.index_at(t0), DEADLINE)
    if first is None:
        raise SystemExit(f"speech_latency: nothing heard within {DEADLINE} s of saying {text[:40]!r}")
    if not whole:
        while time.monotonic() - recording.time_of(first) < 1.0:
            time.sleep(0.02)
        speaker.stop()
    end = recording.quiet()
    with recording.lock:
        return returned, recording.time_of(first) - t0, recording.samples[first:end]


def measure(args: argparse.Namespace, recording: Recording, out: Path) -> None:
    print(f"speech_latency: {args.rounds} rounds a sentence; WAV files in {out}")
    for language in args.languages.split(","):
        speaker = find_speaker(language, load=_no_module) if args.output == "spd-say" else find_speaker(language)
        said = announcements(language)
        cold = utterance(speaker, recording, said[0][1])
        print(f"\n{language} through {speaker.name}: the first sentence (cold) sounded after {cold[1] * 1000:.0f} ms")
        audio: dict[str, array] = {}
        for what, text in said:
            calls, sounds = [], []
            for round_ in range(args.rounds):
                returned, to_sound, samples = utterance(speaker, recording, text, whole=round_ == 0)
                calls.append(returned)
                sounds.append(to_sound)
                if round_ == 0:
                    audio[what] = samples
                    with wave.open(str(out / f"{language}-{what.replace(' ', '-')}.wav"), "wb") as w:
                        w.setnchannels(1)
                        w.setsampwidth(2)
                        w.setframerate(RATE)
                        w.writeframes(samples.tobytes())
            print(f"  {what:9} {len(text):4} chars, {len(audio[what]) / RATE:5.1f} s of speech:  "
                  f"say() {summary(calls)};  to sound {summary(sounds)}")
        interrupt_check(speaker, recording, said, audio)
        if isinstance(speaker, ThreadedSpeaker):
            if speaker.problem:
                print(f"  the output reported: {speaker.problem}")
            speaker.close(5)


def interrupt_check(speaker: Speaker, recording: Recording, said: list[tuple[str, str]],
                    audio: dict[str, array]) -> None:
    """The table read out, cut after about a second by the deal line: when did the deal line sound?"""
    recording.quiet()
    t0 = time.monotonic()
    speaker.say(said[2][1])
    begun = recording.first_sound(recording.index_at(t0), DEADLINE)
    if begun is None:
        print("  interrupt: the read-out never started")
        return
    while time.monotonic() - recording.time_of(begun) < 1.0:
        time.sleep(0.02)
    t1 = time.monotonic()
    speaker.say(said[0][1])
    end = recording.quiet()
    whole = (end - begun) / RATE
    index = find_start(recording, recording.index_at(t1), end, audio["deal line"])
    if index is None:
        print(f"  interrupt: the deal line was not found after the cut ({whole:.1f} s heard in all)")
        return
    print(f"  interrupt: the read-out ({len(audio['table']) / RATE:.0f} s alone) stopped; the deal line said over it "
          f"sounded {(recording.time_of(index) - t1) * 1000:.0f} ms after its say(); {whole:.1f} s heard in all")


def find_start(recording: Recording, start: int, end: int, sound: array, frames: int = 24,
               width: int = 256, hop: int = 16) -> int | None:
    """Where ``sound`` begins in the recording between ``start`` and ``end``, by the shape of its loudness.

    The loudness of ``frames`` windows of ``width`` samples from the sound's start is compared with
    the same windows from each candidate start (every ``hop`` samples); the recording is not the
    sound's exact samples (the sound server mixes), so the best match counts when it is close.
    """
    with recording.lock:
        samples = recording.samples[start:end]
    sums = [0]
    for v in samples:
        sums.append(sums[-1] + abs(v))
    reference = [sum(abs(v) for v in sound[j * width:(j + 1) * width]) for j in range(frames)]
    total = sum(reference) or 1
    best, where = float("inf"), None
    for at in range(0, len(samples) - frames * width, hop):
        distance = sum(abs(sums[at + (j + 1) * width] - sums[at + j * width] - reference[j]) for j in range(frames))
        if distance < best:
            best, where = distance, at
    if where is None or best > 0.35 * total:
        return None
    return start + where


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--languages", default="en,ru,pl,de")
    parser.add_argument("--out", type=Path, default=None, help="folder for the WAV files (default: a temporary one)")
    parser.add_argument("--output", choices=("auto", "spd-say"), default="auto")
    args = parser.parse_args()
    missing = [p for p in PROGRAMS if shutil.which(p) is None]
    if missing or not Path("/usr/lib/speech-dispatcher-modules/sd_espeak-ng").exists():
        print(f"speech_latency: skipped: {', '.join(missing) or 'sd_espeak-ng'} not installed "
              f"(Debian: apt-get install {PACKAGES})")
        return 0
    signal.signal(signal.SIGTERM, lambda _signum, _frame: sys.exit(1))  # (so the helpers below are stopped)
    with tempfile.TemporaryDirectory(prefix="speech-latency-") as tmp:
        folder = Path(tmp)
        out = args.out or folder / "wav"
        out.mkdir(parents=True, exist_ok=True)
        processes, recording = rig(folder)
        try:
            measure(args, recording, out)
        finally:
            for process in processes:
                os.killpg(process.pid, signal.SIGTERM)
                try:
                    process.wait(5)
                except subprocess.TimeoutExpired:
                    os.killpg(process.pid, signal.SIGKILL)
                    process.wait()
    return 0


if __name__ == "__main__":
    sys.exit(main())
