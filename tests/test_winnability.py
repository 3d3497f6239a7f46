"""The published table (docs/winnability.md): its kept winning lines replay, and the page is current.

A fixed-seed sample of every survey's kept lines is replayed from the dealt position
through the engine on every run (``benchmarks/winnability_report.py`` replays them all),
each to a won table in the number of moves its result line says; and the page is what
the report script makes from the committed files.
"""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path
from types import ModuleType

import pytest

from yukon.solve.solver import Verdict
from yukon.survey import read_lines, read_results, replay_line, rules_from_tag

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = 150  # lines replayed per survey on every run


def _report() -> ModuleType:
    spec = importlib.util.spec_from_file_location("winnability_report", ROOT / "benchmarks" / "winnability_report.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("winnability_report", module)
    spec.loader.exec_module(module)
    return module


REPORT = _report()


@pytest.mark.parametrize("tag", [tag for tag, _name in REPORT.SURVEYS])
def test_a_sample_of_the_kept_winning_lines_replays_to_a_win(tag: str) -> None:
    base = ROOT / "benchmarks" / "survey" / f"{tag}-{REPORT.FIRST}-{REPORT.LAST}"
    records = read_results(f"{base}.tsv", tag)
    kept = read_lines(f"{base}.lines", tag)
    # A line only for a deal the results call won (a stop between its two lines may leave a line
    # whose result line is not written yet: that deal is solved again by the next run).
    assert all(records[s].status == Verdict.WINNABLE for s in kept if s in records)
    lined = sorted(s for s in kept if s in records and REPORT.FIRST <= s <= REPORT.LAST)
    assert lined  # (the page says how many winnable deals have no line yet)
    rules = rules_from_tag(tag)
    for seed in random.Random(f"winnability {tag}").sample(lined, min(SAMPLE, len(lined))):
        assert replay_line(seed, rules, kept[seed]) == records[seed].moves


def test_the_published_page_is_what_the_report_makes_from_the_files() -> None:
    surveys = [REPORT.load(tag, name, replay=False) for tag, name in REPORT.SURVEYS]
    assert REPORT.PAGE.read_text() == REPORT.page(surveys), \
        "docs/winnability.md is not current: run python benchmarks/winnability_report.py"


def test_the_report_stops_on_a_line_that_does_not_replay(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # A copy of the Russian survey with one kept line broken by an illegal move.
    for suffix in ("tsv", "lines"):
        src = ROOT / "benchmarks" / "survey" / f"russian-{REPORT.FIRST}-{REPORT.LAST}.{suffix}"
        (tmp_path / src.name).write_text(src.read_text())
    lines = tmp_path / f"russian-{REPORT.FIRST}-{REPORT.LAST}.lines"
    kept = read_lines(str(lines), "russian")
    seed = min(kept)
    moves = kept[seed].split()
    bad = " ".join([moves[0], *moves])  # the first move twice: its card is already where it goes
    with open(lines, "a") as f:
        f.write(f"{seed}\t{bad}\n")  # a later line for a deal wins
    monkeypatch.setattr(REPORT, "SURVEY", tmp_path)
    with pytest.raises(ValueError, match=rf"russian deal {seed}: move 2 \({moves[0]!r}\) cannot be played"):
        REPORT.load("russian", "Russian Solitaire")
    with pytest.raises(REPORT.ReplayError, match=f"the line kept has {len(moves) + 1} moves"):
        REPORT.load("russian", "Russian Solitaire", replay=False)  # even unplayed, its length is wrong
