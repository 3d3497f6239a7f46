"""Faults and bad input at the command line: one line on stderr, exit 2, nothing lost, no hang.

Every test runs ``python -m yukon`` in a child process with real files, the real
``/dev/full`` and ``/dev/zero``, a really closed standard input or output, and real
signals. Nothing waits on a clock: a signal is sent once the event it must interrupt
(a result line in the file) is there; the timeouts are only safety nets.
"""

from __future__ import annotations

import io
import math
import os
import signal
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import pytest

from yukon.core.notation import format_position
from yukon.core.state import Position
from yukon.solve.bench import run_bench
from yukon.solve.solver import Verdict
from yukon.survey import RESULTS_HEADER, Record, needs_solving, read_results, usable_jobs

ROOT = Path(__file__).resolve().parent.parent
POSIX = pytest.mark.skipif(os.name != "posix", reason="needs /dev/full, /dev/zero, sh and POSIX signals")
DEAL_1 = format_position(Position.deal(1))
SAFETY = 120  # seconds: only ever reached if something hangs


def yukon(*args: str, stdin: bytes | str = b"", stdout: int | None = subprocess.PIPE,
          cwd: Path = ROOT) -> tuple[int, str, str]:
    """``python -m yukon ARGS`` in a child process: (exit status, stdout, stderr)."""
    data = stdin.encode() if isinstance(stdin, str) else stdin
    r = subprocess.run([sys.executable, "-m", "yukon", *args], input=data, stdout=stdout,
                       stderr=subprocess.PIPE, cwd=cwd, timeout=SAFETY, env=_env(), check=False)
    return r.returncode, (r.stdout or b"").decode(), r.stderr.decode()


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH", "")) if p)
    return env


def shell(script: str, *args: str) -> tuple[int, str, str]:
    """``sh -c SCRIPT`` with $0 the Python interpreter, for redirections such as ``<&-``."""
    r = subprocess.run(["sh", "-c", script, sys.executable, *args], capture_output=True, cwd=ROOT,
                       timeout=SAFETY, env=_env(), check=False)
    return r.returncode, r.stdout.decode(), r.stderr.decode()


def assert_one_line(err: str, *words: str) -> None:
    """stderr is exactly one error line, no traceback, and it says ``words``."""
    assert err.count("\n") == 1 and err.endswith("\n"), repr(err)
    assert "Traceback" not in err and len(err) < 400, err
    for word in words:
        assert word in err, (word, err)


# -- input that cannot be read --------------------------------------------------------------

@pytest.mark.parametrize("command", [("moves",), ("apply", "AD-5"), ("solve",)])
def test_input_that_is_not_utf8_is_one_line(command: tuple[str, ...], tmp_path: Path) -> None:
    bad = b"Game: yukon\n: \xff\xfe 7H\n"
    code, out, err = yukon(*command, stdin=bad)
    assert code == 2 and out == ""
    assert_one_line(err, "standard input is not UTF-8", "0xff")
    f = tmp_path / "latin1.txt"
    f.write_bytes(DEAL_1.replace("Game", "G\xe4me").encode("latin-1"))
    code, out, err = yukon(*command, "--position", str(f))
    assert code == 2 and out == ""
    assert_one_line(err, f"{f} is not UTF-8", "0xe4")


@POSIX
@pytest.mark.parametrize("source", ["--position /dev/zero", "< /dev/zero"])
def test_endless_input_is_bounded(source: str) -> None:
    code, out, err = shell(f'exec "$0" -m yukon moves {source}')
    assert code == 2 and out == ""
    assert_one_line(err, "too large for a position")


@POSIX
def test_closed_standard_input_is_one_line() -> None:
    for command in ("moves", "apply 7H-3", "solve"):
        code, out, err = shell(f'exec "$0" -m yukon {command} <&-')
        assert code == 2 and out == ""
        assert_one_line(err, "standard input is closed")
    code, out, err = shell('exec "$0" -m yukon deal 1 <&-')  # a command that does not read it
    assert code == 0 and out.startswith("# deal 1\n")


@pytest.mark.parametrize("move", ["7H-\u00b2", "7H-" + "1" * 5000, "7H-\u0663", "7H-08", "\u00b2H-3",
                                  "1" * 5000 + "H-3", "7H-\x1b[2J", "7H-"])
def test_odd_move_text_is_one_short_line(move: str) -> None:
    code, out, err = yukon("apply", move, stdin=DEAL_1)
    assert code == 2 and out == ""
    assert_one_line(err, "is not a move")


@pytest.mark.parametrize("args", [
    ("deal", "1" * 5000), ("deal", "\u00b2"), ("deal", "\u0661"), ("deal", "1_000"), ("survey", "--deals", "1_0-20"), ("deal", "18446744073709551616"), ("deal", "1", "--game", "yukn"),
    ("solve", "--deal", "-1"), ("solve", "--deal", "1", "--timeout", "nan"),
    ("survey", "--deals", "1-" + "9" * 5000), ("survey", "--deals", "18446744073709551615-18446744073709551616"),
    ("survey", "--deals", "x"), ("survey", "--deals", "1-2", "--jobs", "1" * 5000),
    ("survey", "--deals", "1-2", "--jobs", "0"), ("survey", "--deals", "1-2", "--results", ""),
])
def test_odd_numbers_are_one_line(args: tuple[str, ...]) -> None:
    code, out, err = yukon(*args)
    assert code == 2 and out == ""
    assert_one_line(err)


# -- output that cannot be written -------------------------------------------------------

@POSIX
@pytest.mark.parametrize("command", [("deal", "1"), ("moves",), ("apply", "AD-5"), ("solve", "--timeout", "5")])
def test_a_full_disk_on_standard_output_is_one_line(command: tuple[str, ...]) -> None:
    with open("/dev/full", "wb") as full:
        code, _, err = yukon(*command, stdin=DEAL_1, stdout=full.fileno())
    assert code == 2
    assert_one_line(err, "cannot write to standard output", "No space left")


@POSIX
def test_closed_standard_output_is_one_line() -> None:
    code, _out, err = shell('exec "$0" -m yukon deal 1 >&-')
    assert code == 2
    assert_one_line(err, "standard output is closed")


@POSIX
def test_a_reader_that_went_away_is_not_an_error() -> None:
    read_end, write_end = os.pipe()
    os.close(read_end)  # nobody will ever read: the first write gets EPIPE
    try:
        r = subprocess.run([sys.executable, "-m", "yukon", "deal", "1"], stdout=write_end,
                           stderr=subprocess.PIPE, cwd=ROOT, timeout=SAFETY, env=_env(), check=False)
    finally:
        os.close(write_end)
    assert r.returncode == 0 and r.stderr == b""


# -- bench and survey arguments that would hang or run away ------------------------------

@pytest.mark.parametrize("seconds", ["nan", "inf", "-inf", "-1", "0", "1e9", "soon"])
def test_bench_refuses_seconds_it_could_not_finish(seconds: str) -> None:
    code, out, err = yukon("bench", "--seconds", seconds)
    assert code == 2 and out == ""
    assert_one_line(err, "--seconds")


def test_a_survey_range_too_large_is_refused_at_once(tmp_path: Path) -> None:
    results = tmp_path / "r.tsv"
    code, out, err = yukon("survey", "--deals", "0-1000000000000", "--results", str(results))
    assert code == 2 and out == ""
    assert_one_line(err, "1000000000001 deals", "at most 1000000")
    assert not results.exists()


def _results_file(path: Path, timeout: str, rows: Sequence[tuple[int, str, float]]) -> None:
    lines = [RESULTS_HEADER, f"# rules yukon timeout {timeout}", "# seed\tstatus\tseconds\tnodes\tmoves"]
    lines += [f"{seed}\t{status}\t{seconds:.4f}\t10\t{90 if status == 'winnable' else 0}"
              for seed, status, seconds in rows]
    path.write_text("\n".join(lines) + "\n")


def test_survey_jobs_are_capped_at_the_processors(tmp_path: Path) -> None:
    cpus = os.cpu_count() or 1
    assert usable_jobs(1_000_000) == cpus and usable_jobs(1) == 1 and usable_jobs(cpus) == cpus
    results = tmp_path / "r.tsv"
    _results_file(results, "5.0", [(1, "winnable", 0.01), (2, "unwinnable", 0.0)])
    before = results.read_text()
    code, out, err = yukon("survey", "--deals", "1-2", "--jobs", "1000000", "--results", str(results), "--quiet")
    assert code == 0 and "2 deals" in out
    assert err == (f"note: --jobs 1000000 is more than the {cpus} processors here; using {cpus} "
                   "(the solver keeps a processor busy; more workers would only share them)\n")
    assert results.read_text() == before  # every deal was there: nothing solved, nothing started


@POSIX
def test_survey_blames_standard_output_not_the_results_file(tmp_path: Path) -> None:
    results = tmp_path / "r.tsv"
    _results_file(results, "5.0", [(1, "winnable", 0.01), (2, "winnable", 0.02), (3, "unwinnable", 0.0)])
    before = results.read_text()
    with open("/dev/full", "wb") as full:
        code, _, err = yukon("survey", "--deals", "1-3", "--results", str(results), "--quiet", stdout=full.fileno())
    assert code == 2
    assert_one_line(err, "cannot write to standard output")
    assert str(results) not in err
    assert results.read_text() == before
    code, _out, err = yukon("survey", "--deals", "1-3", "--results", "/dev/full", "--timeout", "5", "--quiet")
    assert code == 2
    assert_one_line(err, "cannot write /dev/full", "No space left")


# -- resuming a survey -----------------------------------------------------------------

def test_unknown_deals_are_solved_again_under_a_longer_time_limit(tmp_path: Path) -> None:
    results = tmp_path / "r.tsv"
    _results_file(results, "0.001", [(1, "unknown", 0.001), (2, "winnable", 0.5), (3, "unknown", 0.0012),
                                     (4, "unwinnable", 0.0)])
    before = results.read_text()
    # A shorter or equal limit solves nothing anew.
    for timeout in ("0.001", "0.0005"):
        code, out, err = yukon("survey", "--deals", "1-4", "--timeout", timeout, "--results", str(results), "--quiet")
        assert code == 0 and err == "" and "winnable 1  unwinnable 1  unknown 2" in out
        assert results.read_text() == before
    code, out, err = yukon("survey", "--deals", "1-4", "--timeout", "30", "--results", str(results), "--quiet")
    assert code == 0 and err == ""
    text = results.read_text()
    assert text.startswith(before)  # kept as it was, the new section appended
    new = text[len(before):].splitlines()
    assert new[0] == "# rules yukon timeout 30.0"
    assert sorted(int(line.split("\t")[0]) for line in new[1:]) == [1, 3]  # the decided deals were kept
    after = read_results(str(results), "yukon")
    assert after[2] == Record(Verdict.WINNABLE, 0.5, 10, 90, 0.001) and after[4].status == "unwinnable"
    assert after[1].limit == after[3].limit == 30.0
    # No limit at all beats any limit; a deal unknown under no limit is never solved again.
    assert needs_solving(Record(Verdict.UNKNOWN, 30.0, 1, 0, 30.0), None)
    assert not needs_solving(Record(Verdict.UNKNOWN, 99.0, 1, 0, None), 1e9)
    assert not needs_solving(Record(Verdict.WINNABLE, 0.1, 1, 90, 0.001), None)
    assert needs_solving(None, 0.001)


def test_a_torn_last_line_is_dropped_before_appending(tmp_path: Path) -> None:
    results = tmp_path / "r.tsv"
    _results_file(results, "5.0", [(1, "winnable", 0.01), (2, "winnable", 0.02)])
    whole = results.read_text()
    # A kill mid-write: deal 3's line lost its end (it even looks whole: "9" of "91").
    results.write_text(whole + "3\twinnable\t0.0100\t10\t9")
    assert sorted(read_results(str(results), "yukon")) == [1, 2]  # the torn line does not count
    code, out, err = yukon("survey", "--deals", "1-4", "--timeout", "30", "--results", str(results), "--quiet")
    assert code == 0 and "4 deals" in out
    assert_one_line(err, "torn line", "dropped")
    text = results.read_text()
    assert text.startswith(whole + "# rules yukon timeout 30.0\n")
    body = [line.split("\t") for line in text.splitlines() if not line.startswith("#")]
    assert all(len(parts) == 5 for parts in body)
    assert sorted(int(parts[0]) for parts in body) == [1, 2, 3, 4]
    # Only a torn header: the file starts again.
    results.write_text(RESULTS_HEADER[:9])
    code, out, err = yukon("survey", "--deals", "1", "--timeout", "30", "--results", str(results), "--quiet")
    assert code == 0 and results.read_text().startswith(RESULTS_HEADER + "\n# rules yukon timeout 30.0\n")


def test_other_files_are_not_taken_for_results(tmp_path: Path) -> None:
    for content in (b"\xff\xfe\x00 binary", b"my notes, no newline at the end"):
        f = tmp_path / "notes.txt"
        f.write_bytes(content)
        code, _out, err = yukon("survey", "--deals", "1-2", "--results", str(f), "--quiet")
        assert code == 2
        assert_one_line(err, "is not a survey results file")
        assert f.read_bytes() == content  # not "repaired"


# -- stopping a survey -------------------------------------------------------------------

# Deal 319 is won in a tenth of a second; deal 320 is still unknown after 300 CPU seconds
# (the README's solver section; deal 58, used before, is won in 2 s since the pair proof). With
# both in the range, the first result line is deal 319's while deal 320 is still being solved:
# the moment to stop the survey.
FAST_THEN_HARD = "319-320"


# The survey as a terminal's foreground job runs it, Ctrl+C at its default: a suite run as a
# background job (``cmd &`` in a script, ``nohup``) hands its children SIGINT ignored, and such a
# survey rightly goes on through a Ctrl+C. Python installs its KeyboardInterrupt handler only over
# the default, so the survey is started through this line, which puts it there.
IN_THE_FOREGROUND = ("import runpy, signal; signal.signal(signal.SIGINT, signal.default_int_handler); "
                     "runpy.run_module('yukon', run_name='__main__', alter_sys=True)")


def _start_survey(results: Path, jobs: int) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-c", IN_THE_FOREGROUND, "survey", "--deals", FAST_THEN_HARD, "--timeout", "600",
         "--jobs", str(jobs), "--results", str(results)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT, env=_env(), start_new_session=True)


def _wait_for_first_result(proc: subprocess.Popen[bytes], results: Path) -> None:
    deadline = time.monotonic() + SAFETY
    while time.monotonic() < deadline:
        if results.exists() and any(not line.startswith("#") for line in results.read_text().splitlines()):
            return
        assert proc.poll() is None, proc.communicate()
        time.sleep(0.02)
    os.killpg(proc.pid, signal.SIGKILL)
    pytest.fail("no result line appeared")


def _finish(proc: subprocess.Popen[bytes]) -> tuple[int, str, str]:
    try:
        out, err = proc.communicate(timeout=SAFETY)  # returns once every worker let go of the pipes
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        raise
    return proc.returncode, out.decode(), err.decode()


def _assert_results_whole(results: Path) -> None:
    text = results.read_text()
    assert text.endswith("\n")
    body = [line.split("\t") for line in text.splitlines() if not line.startswith("#")]
    assert body and all(len(parts) == 5 for parts in body)
    assert read_results(str(results), "yukon")[319].status == "winnable"


@POSIX
@pytest.mark.parametrize("jobs", [1, 2])
def test_ctrl_c_stops_a_survey_with_one_clean_line(tmp_path: Path, jobs: int) -> None:
    results = tmp_path / "r.tsv"
    proc = _start_survey(results, jobs)
    _wait_for_first_result(proc, results)
    os.killpg(proc.pid, signal.SIGINT)  # as the terminal does: to the survey and its workers
    code, out, err = _finish(proc)
    assert code == 130, err
    assert out == ""
    bar, _, last = err.rstrip("\n").rpartition("\n")
    assert bar.startswith("\r[") and "\n" not in bar  # the progress bar, left on its own line
    assert last == (f"survey stopped (SIGINT): 1 of 2 deals solved in this run, every result kept in "
                    f"{results}; the same command goes on from there"), err
    for noise in ("Traceback", "KeyboardInterrupt", "leaked", "Process", "interrupted"):
        assert noise not in err
    _assert_results_whole(results)


@POSIX
def test_a_killed_survey_leaves_whole_lines_and_no_workers(tmp_path: Path) -> None:
    results = tmp_path / "r.tsv"
    proc = _start_survey(results, 2)
    _wait_for_first_result(proc, results)
    os.kill(proc.pid, signal.SIGTERM)
    code, _out, err = _finish(proc)
    assert code == 128 + signal.SIGTERM
    assert err.endswith("\nsurvey stopped (SIGTERM): 1 of 2 deals solved in this run, every result kept in "
                        f"{results}; the same command goes on from there\n")
    _assert_results_whole(results)

    results.unlink()
    proc = _start_survey(results, 2)
    _wait_for_first_result(proc, results)
    os.kill(proc.pid, signal.SIGKILL)  # no chance to clean up: the workers must see it themselves
    code, _out, err = _finish(proc)  # returns only when no worker holds the output pipes any more
    assert code == -signal.SIGKILL
    for noise in ("Traceback", "leaked", "Error"):
        assert noise not in err
    _assert_results_whole(results)


def _children(pid: int) -> list[int]:
    return [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]


@pytest.mark.skipif(not Path(f"/proc/{os.getpid()}/task/{os.getpid()}/children").exists(),
                    reason="needs Linux /proc/PID/task/PID/children")
def test_a_worker_that_dies_ends_the_survey_with_one_line(tmp_path: Path) -> None:
    results = tmp_path / "r.tsv"
    proc = _start_survey(results, 2)
    _wait_for_first_result(proc, results)
    for child in _children(proc.pid):  # the worker on deal 320 (and one done with 319, if still there)
        os.kill(child, signal.SIGKILL)
    code, out, err = _finish(proc)  # a dead worker's deal is not waited for forever
    assert code == 2 and out == ""
    bar, _, last = err.rstrip("\n").rpartition("\n")
    assert bar.startswith("\r[") and "\n" not in bar  # the error is on a line of its own
    assert last == "error: a worker process ended while solving deal 320 (exit status -9)", err
    assert "Traceback" not in err
    _assert_results_whole(results)


@pytest.mark.parametrize("seconds", [math.nan, math.inf, -1.0, 0.0])
def test_run_bench_refuses_seconds_that_would_never_end(seconds: float) -> None:
    with pytest.raises(ValueError, match="finite number above 0"):
        run_bench(seconds=seconds, out=io.StringIO())
