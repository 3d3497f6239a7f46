"""The survey's kept winning lines (--lines), node budgets (--nodes) and the --cluster option's edges.

The lines are replayed through the engine; the node budget must give the same file twice;
a cluster is never needed (nor Dask imported) by a survey that does not ask for one.
"""

from __future__ import annotations

import importlib.util
import io
import subprocess
import sys
from pathlib import Path

import pytest

from yukon.cli import main
from yukon.core.rules import YUKON, Rules
from yukon.solve.survey_workers import OtherCode, code_fingerprint, solve_checked
from yukon.survey import (
    LINES_HEADER,
    RESULTS_HEADER,
    Record,
    needs_solving,
    read_lines,
    read_results,
    replay_line,
)

ROOT = Path(__file__).resolve().parent.parent


def _run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    code = main(["survey", *argv], stdin=io.StringIO(""), out=out)
    return code, out.getvalue()


def _body(path: Path) -> list[list[str]]:
    return [line.split("\t") for line in path.read_text().splitlines() if not line.startswith("#")]


def test_every_winnable_deal_gets_a_line_that_replays_to_a_win(tmp_path: Path) -> None:
    results, lines = tmp_path / "r.tsv", tmp_path / "r.lines"
    code, text = _run("--deals", "1-6", "--nodes", "20000", "--timeout", "0", "--results", str(results),
                      "--lines", str(lines), "--quiet", "--no-foundation-return")
    assert code == 0 and "6 deals" in text and "20000 positions" in text
    done = read_results(str(results), "yukon+no-foundation-return")
    kept = read_lines(str(lines), "yukon+no-foundation-return")
    won = {s for s, r in done.items() if r.status == "winnable"}
    assert won and set(kept) == won
    for seed in won:
        assert replay_line(seed, Rules("yukon", False, False), kept[seed]) == done[seed].moves > 0
    assert lines.read_text().startswith(f"{LINES_HEADER}\n# rules yukon+no-foundation-return\n")
    assert all(r.nodes_limit == 20000 and r.limit is None for r in done.values())


def test_a_winnable_deal_without_a_line_is_solved_again_for_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    results, lines = tmp_path / "r.tsv", tmp_path / "r.lines"
    code, _ = _run("--deals", "1-3", "--timeout", "30", "--results", str(results), "--quiet")
    assert code == 0 and not lines.exists()
    before = _body(results)
    code, _ = _run("--deals", "1-3", "--timeout", "30", "--results", str(results), "--lines", str(lines), "--quiet")
    assert code == 0
    after = _body(results)
    assert after[:3] == before and sorted(p[0] for p in after[3:]) == ["1", "2", "3"]  # each once more
    assert [(p[0], p[1], p[3], p[4]) for p in sorted(after[3:])] == [(p[0], p[1], p[3], p[4]) for p in sorted(before)]
    assert sorted(read_lines(str(lines), "yukon")) == [1, 2, 3]
    # With every line kept, nothing is solved again.
    text = results.read_text()
    code, _ = _run("--deals", "1-3", "--timeout", "30", "--results", str(results), "--lines", str(lines), "--quiet")
    assert code == 0 and results.read_text() == text
    capsys.readouterr()


def test_a_deal_not_won_again_keeps_its_result_and_has_no_line(tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    # Deal 58 is not won within 1,000 positions: a file that says it is winnable keeps saying so.
    results, lines = tmp_path / "r.tsv", tmp_path / "r.lines"
    results.write_text(f"{RESULTS_HEADER}\n# rules yukon timeout 10.0\n# seed\tstatus\tseconds\tnodes\tmoves\n"
                       "57\twinnable\t0.0100\t232\t87\n58\twinnable\t5.0000\t99999\t120\n")
    code, text = _run("--deals", "57-58", "--nodes", "1000", "--timeout", "0", "--results", str(results),
                      "--lines", str(lines), "--quiet")
    err = capsys.readouterr().err
    assert code == 0 and "winnable 2  unwinnable 0  unknown 0" in text
    assert err == (f"note: 1 winnable deals solved again for their line were not won within the limit this "
                   f"time; they keep their result and have no line in {lines}\n")
    assert read_results(str(results), "yukon")[58] == Record("winnable", 5.0, 99999, 120, 10.0)
    assert sorted(read_lines(str(lines), "yukon")) == [57]


def test_replay_fails_loudly_on_a_bad_line() -> None:
    good = "AH-F 6D-3 2H-F 9S-4"  # the first moves of deal 3's line: legal, but no win
    with pytest.raises(ValueError, match=r"yukon deal 3: its line of 4 moves does not win"):
        replay_line(3, YUKON, good)
    with pytest.raises(ValueError, match=r"yukon deal 3: move 3 \('AH-F'\) cannot be played: the Ace of hearts is "
                                         r"already on its foundation"):
        replay_line(3, YUKON, "AH-F 6D-3 AH-F")
    with pytest.raises(ValueError, match=r"yukon deal 3: move 1 \('XX-9'\) cannot be played"):
        replay_line(3, YUKON, "XX-9")


def test_lines_files_of_other_rules_or_other_kinds_are_refused(tmp_path: Path) -> None:
    f = tmp_path / "l.lines"
    f.write_text(f"{LINES_HEADER}\n# rules russian\n1\tAH-F\n")
    with pytest.raises(ValueError, match="holds lines for russian, not yukon"):
        read_lines(str(f), "yukon")
    f.write_text("my notes\n")
    with pytest.raises(ValueError, match="is not a survey lines file"):
        read_lines(str(f), "yukon")
    f.write_text(f"{LINES_HEADER}\n# rules yukon\n1\tAH-F 2H-F\n2\tAS-F")  # deal 2's line is torn
    assert read_lines(str(f), "yukon") == {1: "AH-F 2H-F"}


def test_a_node_budget_gives_the_same_file_in_another_process(tmp_path: Path) -> None:
    a, b = tmp_path / "a.tsv", tmp_path / "b.tsv"
    for path, jobs in ((a, "1"), (b, "2")):
        r = subprocess.run([sys.executable, "-m", "yukon", "survey", "--deals", "55-62", "--nodes", "3000",
                            "--timeout", "0", "--jobs", jobs, "--results", str(path), "--quiet"],
                           capture_output=True, cwd=ROOT, timeout=120, check=False)
        assert r.returncode == 0, r.stderr
    rows = {tuple(p[:2] + p[3:]) for p in _body(a)}
    assert rows == {tuple(p[:2] + p[3:]) for p in _body(b)} and len(rows) == 8
    assert ("58", "unknown", "3000", "0") in rows  # cut by the budget, at exactly the budget


def test_unknown_deals_are_solved_again_only_under_a_larger_budget() -> None:
    unknown = Record("unknown", 10.0, 5000, 0, 10.0, 5000)
    assert needs_solving(unknown, 10.0, nodes=6000) and needs_solving(unknown, 12.0, nodes=5000)
    assert needs_solving(unknown, None, nodes=None)
    assert not needs_solving(unknown, 10.0, nodes=5000)  # the same budget
    assert not needs_solving(unknown, 30.0, nodes=4000)  # more time, fewer positions: not larger
    assert not needs_solving(Record("unknown", 10.0, 99, 0, 10.0), 30.0, nodes=100000)  # no node limit before
    assert needs_solving(Record("winnable", 0.1, 9, 90, 10.0), 1.0, lined=False)
    assert not needs_solving(Record("unwinnable", 0.1, 9, 0, 10.0), 1.0, lined=False)


def test_a_worker_with_other_code_refuses_the_job() -> None:
    job = (1, "yukon", False, True, None, 5000)
    assert solve_checked(job, code_fingerprint())[1] == "winnable"
    with pytest.raises(OtherCode, match="other yukon code"):
        solve_checked(job, "0" * 20)


def test_a_local_survey_never_imports_dask(tmp_path: Path) -> None:
    code = ("import sys; from yukon.cli import main; "
            f"main(['survey', '--deals', '1-2', '--jobs', '2', '--quiet', '--results', {str(tmp_path / 'r.tsv')!r}]); "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('dask', 'distributed')))")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120,
                       check=False)
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines()[-1] == "[]"


def test_cluster_options_are_checked_with_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    results = tmp_path / "r.tsv"
    code, _ = _run("--deals", "1-2", "--cluster", "tcp://127.0.0.1:8786", "--jobs", "2", "--results", str(results))
    err = capsys.readouterr().err
    assert code == 2 and err.startswith("error: --jobs is for worker processes on this machine") and err.count("\n") == 1
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "distributed" else real(name, *a))
    code, _ = _run("--deals", "1-2", "--cluster", "tcp://127.0.0.1:8786", "--results", str(results))
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1
    assert err == ("error: --cluster needs Dask's distributed package, which is not installed: "
                   'pip install "yukon-solitaire[cluster]" (or pip install distributed)\n')
    assert not results.exists()
