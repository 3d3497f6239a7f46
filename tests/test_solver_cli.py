"""The solve and survey commands: output format, exit codes, resumable results, the interval."""

from __future__ import annotations

import io
import math
from pathlib import Path

import pytest

from yukon.cli import main
from yukon.core.notation import format_position, parse_move
from yukon.core.rules import RUSSIAN, YUKON
from yukon.core.state import Position
from yukon.survey import parse_range, percentile, read_results, share_interval, wilson


def _run(argv: list[str], stdin: str = "") -> tuple[int, str]:
    out = io.StringIO()
    code = main(argv, stdin=io.StringIO(stdin), out=out)
    return code, out.getvalue()


def test_solve_prints_status_then_a_line_that_wins() -> None:
    code, text = _run(["solve", "--deal", "1", "--timeout", "5"])
    lines = text.splitlines()
    assert code == 0 and lines[0] == "winnable"
    p = Position.deal(1, YUKON)
    for line in lines[1:]:
        p.play(parse_move(line))
    assert p.is_won()
    # The same through --position on standard input, under Russian rules.
    r = Position.deal(5, RUSSIAN)
    code, text = _run(["solve", "--timeout", "5"], stdin=format_position(r))
    lines = text.splitlines()
    assert code == 0 and lines[0] in ("winnable", "unwinnable", "unknown")
    for line in lines[1:]:
        r.play(parse_move(line))
    assert lines[0] != "winnable" or r.is_won()


def test_solve_refuses_bad_input_with_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    for argv, stdin in ((["solve", "--deal", "x"], ""), (["solve", "--position", "/no/such/file"], ""),
                        (["solve"], "Game: yukon\n: 5H\n"), (["solve", "--timeout", "-3", "--deal", "1"], ""),
                        (["solve", "--deal", "1", "--position", "x.txt"], "")):
        code, text = _run(argv, stdin)
        err = capsys.readouterr().err
        assert code == 2 and text == ""
        assert err.startswith("error:") and err.count("\n") == 1


def test_survey_is_resumable_and_reports_the_interval(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    results = tmp_path / "r.tsv"
    code, text = _run(["survey", "--deals", "1-4", "--timeout", "5", "--results", str(results), "--quiet"])
    assert code == 0 and "4 deals" in text and "95% interval" in text
    first = read_results(str(results), "yukon")
    assert sorted(first) == [1, 2, 3, 4]
    code, text = _run(["survey", "--deals", "1-6", "--timeout", "5", "--results", str(results), "--quiet"])
    assert code == 0 and "6 deals" in text
    second = read_results(str(results), "yukon")
    assert sorted(second) == [1, 2, 3, 4, 5, 6]
    assert all(second[s] == first[s] for s in first)  # done deals were not solved again
    body = [ln for ln in results.read_text().splitlines() if not ln.startswith("#")]
    assert len(body) == 6
    code, text = _run(["survey", "--deals", "1-9", "--results", str(results), "--summary-only"])
    assert code == 0 and "6 deals" in text  # nothing solved, the file is unchanged
    assert len([ln for ln in results.read_text().splitlines() if not ln.startswith("#")]) == 6
    # Results of other rules are refused, as is a bad range.
    code, _ = _run(["survey", "--deals", "1-2", "--game", "russian", "--results", str(results), "--quiet"])
    assert code == 2
    code, _ = _run(["survey", "--deals", "9-3", "--quiet", "--results", str(results)])
    assert code == 2
    capsys.readouterr()


def test_wilson_interval_properties() -> None:
    for n in (1, 10, 200, 5000):
        for k in sorted({0, 1, n // 3, n // 2, n - 1, n}):
            lo, hi = wilson(k, n)
            assert 0.0 <= lo <= k / n + 1e-12 and k / n - 1e-12 <= hi <= 1.0
            lo2, hi2 = wilson(n - k, n)
            assert math.isclose(lo2, 1 - hi, abs_tol=1e-12) and math.isclose(hi2, 1 - lo, abs_tol=1e-12)
    assert wilson(50, 100)[1] - wilson(50, 100)[0] > wilson(500, 1000)[1] - wilson(500, 1000)[0]
    lo, hi = share_interval(80, 10, 100)
    assert lo == wilson(80, 100)[0] and hi == wilson(90, 100)[1]
    assert parse_range("1-5000") == (1, 5000) and parse_range("7") == (7, 7)
    assert percentile([3.0, 1.0, 2.0], 0.5) == 2.0 and percentile([], 0.5) == 0.0
