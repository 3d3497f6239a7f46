"""The record of the deals this machine's table has had (``yukon.play.played``) and its file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from yukon.play import played
from yukon.play.played import PLAYED_FILE, PlayedDeals, load_played, save_played
from yukon.play.save import Store


def test_the_record_keeps_each_deal_once_and_comes_back_from_its_file(tmp_path: Path) -> None:
    store = Store(tmp_path)
    record, problem = load_played(store)
    assert problem is None and len(record) == 0  # a first run
    assert record.add(5) and record.add(400358757) and not record.add(5)
    assert save_played(store, record) is None
    again, problem = load_played(Store(tmp_path))
    assert problem is None and again.order == [5, 400358757] and 5 in again and 4 not in again


def test_only_the_newest_deals_are_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(played, "MAX_KEPT", 3)
    record = PlayedDeals([1, 2, 3, 4])
    assert record.order == [2, 3, 4] and 1 not in record and 4 in record


@pytest.mark.parametrize("text", ["{not json", '{"version": 1, "deals": 7}', "[1, 2]"])
def test_a_damaged_file_is_kept_aside_and_told(tmp_path: Path, text: str) -> None:
    (tmp_path / PLAYED_FILE).write_text(text)
    record, problem = load_played(Store(tmp_path))
    assert len(record) == 0 and problem is not None and PLAYED_FILE in problem
    assert not (tmp_path / PLAYED_FILE).exists()
    assert [p.read_text() for p in tmp_path.iterdir() if p.name.startswith(PLAYED_FILE + ".broken-")] == [text]


def test_numbers_that_are_no_deal_numbers_are_left_out(tmp_path: Path) -> None:
    (tmp_path / PLAYED_FILE).write_text(json.dumps({"version": 1, "deals": [3, -1, "9", 2.5, True, 2**70, 8]}))
    record, problem = load_played(Store(tmp_path))
    assert problem is None and record.order == [3, 8]
