"""The deal of the day: the same deal for a date on every machine, proved winnable, and its command.

The golden file pins the deals of some dates. If a change moves one, it moves every player's
deal of that day: raise DAILY_RULES_VERSION on purpose (and make the file again by the
command in its header) or keep the change out of the pick.
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
from datetime import date, timedelta
from pathlib import Path

import pytest

from yukon.cli import main
from yukon.core.notation import format_position
from yukon.core.rules import Rules
from yukon.core.state import Position
from yukon.play import daily
from yukon.play.daily import (
    DAILY_GAMES,
    DAILY_NODES,
    DEAL_RANGE,
    MAX_CANDIDATES,
    DailyError,
    candidates,
    daily_start,
    pick_daily,
)
from yukon.play.share_code import decode
from yukon.solve.difficulty import Level, Rating
from yukon.solve.solver import check_line, solve

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests/golden/daily.txt"


def golden() -> list[tuple[date, str, int, str]]:
    rows = []
    for line in GOLDEN.read_text().splitlines():
        if line and not line.startswith("#"):
            day, game, seed, level = line.split()
            rows.append((date.fromisoformat(day), game, int(seed), level))
    return rows


def test_the_golden_dates_keep_their_deals() -> None:
    rows = golden()
    assert {g for _d, g, _s, _l in rows} == set(DAILY_GAMES) and len(rows) >= 12
    looked_further: set[str] = set()
    for day, game, seed, level in rows:
        deal = pick_daily(day, game)
        assert (deal.seed, deal.level.value) == (seed, level), f"the deal of the day {day} for {game} moved"
        assert deal.rules == Rules(game) and deal.day == day and 1 <= deal.tried <= MAX_CANDIDATES
        if deal.tried > 1:
            looked_further.add(game)
    # days whose first candidates were lost or undecided: the order of the candidates is pinned too
    assert looked_further == set(DAILY_GAMES)


def test_each_daily_deal_is_winnable_by_the_line_the_solver_finds() -> None:
    for day, game, seed, _level in golden()[::3]:
        position = Position.deal(seed, Rules(game))
        result = solve(position, timeout=None, node_limit=DAILY_NODES)
        assert result.status == "winnable" and check_line(position, result.moves), (day, game)


def test_the_same_deals_in_another_process_with_another_hash_seed() -> None:
    # Nothing in the pick may depend on hash() or on the order of a set: a child process
    # with other hash seeds picks the same deals.
    day, game, seed, level = golden()[1]
    for hash_seed in ("1", "4242"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        r = subprocess.run([sys.executable, "-m", "yukon", "daily", "--date", day.isoformat(), "--game", game],
                           capture_output=True, text=True, cwd=ROOT, env=env, timeout=300, check=False)
        assert r.returncode == 0 and r.stderr == ""
        assert f"# deal {seed}\n" in r.stdout and f"# rating {level}\n" in r.stdout


def test_every_day_game_and_version_starts_elsewhere() -> None:
    first = date(2026, 1, 1)
    starts = {daily_start(first + timedelta(days=i), game, version)
              for i in range(400) for game in DAILY_GAMES for version in (1, 2)}
    assert len(starts) == 400 * len(DAILY_GAMES) * 2
    with pytest.raises(ValueError):
        daily_start(first, "klondike")


def test_candidates_are_deal_numbers_a_player_can_type_in_a_fixed_order() -> None:
    day = date(2026, 5, 17)
    first = [n for n, _unused in zip(candidates(day, "yukon"), range(2000), strict=False)]
    assert first == [n for n, _unused in zip(candidates(day, "yukon"), range(2000), strict=False)]
    assert all(1 <= n <= DEAL_RANGE for n in first) and len(set(first)) == len(first)
    assert first[:5] != [n for n, _unused in zip(candidates(day, "russian"), range(5), strict=False)]
    # spread over the whole range, not clustered at one end
    assert min(first) < DEAL_RANGE // 100 and max(first) > DEAL_RANGE - DEAL_RANGE // 100


def fake_rating(level: Level) -> Rating:
    status = {Level.UNWINNABLE: "unwinnable", Level.UNKNOWN: "unknown"}.get(level, "winnable")
    return Rating(level, status, 10, 0, 0.0, 0, 0, 0.0)


def test_the_first_candidate_proved_winnable_is_the_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    day = date(2026, 4, 2)
    order = [n for n, _unused in zip(candidates(day, "russian"), range(6), strict=False)]
    verdicts = {order[0]: Level.UNWINNABLE, order[1]: Level.UNKNOWN, order[2]: Level.UNWINNABLE,
                order[3]: Level.MEDIUM, order[4]: Level.EASY}
    asked: list[int] = []

    def assess(position: Position, node_limit: int, timeout: None, **kwargs: object) -> tuple[Rating, None]:
        assert timeout is None and node_limit == DAILY_NODES  # a node budget alone: the same on every machine
        seed = next(n for n in order if Position.deal(n, position.rules) == position)
        asked.append(seed)
        return fake_rating(verdicts[seed]), None

    monkeypatch.setattr(daily, "assess", assess)
    deal = pick_daily(day, "russian")
    assert (deal.seed, deal.level, deal.tried, deal.undecided) == (order[3], Level.MEDIUM, 4, 1)
    assert asked == order[:4]


def test_no_winnable_candidate_or_a_cancel_is_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = [0]

    def never(position: Position, **kwargs: object) -> tuple[Rating, None]:
        calls[0] += 1
        return fake_rating(Level.UNWINNABLE), None

    monkeypatch.setattr(daily, "assess", never)
    with pytest.raises(DailyError):
        pick_daily(date(2026, 1, 1))
    assert calls[0] == MAX_CANDIDATES
    monkeypatch.setattr(daily, "assess", lambda position, **kwargs: (fake_rating(Level.UNKNOWN), None))
    with pytest.raises(DailyError, match="cancelled"):
        pick_daily(date(2026, 1, 1), cancel=lambda: True)  # an answer cut short is no answer


# -- python -m yukon daily ---------------------------------------------------------------------
def call(*args: str) -> tuple[int, str]:
    out = io.StringIO()
    code = main(list(args), io.StringIO(""), out)
    return code, out.getvalue()


def test_the_command_prints_the_deal_its_rating_code_and_position() -> None:
    day, game, seed, level = golden()[3]
    code, out = call("daily", "--date", day.isoformat(), "--game", game)
    assert code == 0
    lines = out.splitlines()
    assert lines[:2] == [f"# daily {day.isoformat()} {game}", f"# rating {level}"]
    shared = decode(lines[2].removeprefix("# code "))
    assert (shared.rules, shared.seed, shared.moves) == (Rules(game), seed, None)
    _code, dealt = call("deal", str(seed), "--game", game)
    assert "\n".join(lines[3:]) + "\n" == dealt  # the very text of python -m yukon deal
    assert dealt.split("\n", 1)[1] == format_position(Position.deal(seed, Rules(game)))


def test_the_command_without_a_date_gives_today(monkeypatch: pytest.MonkeyPatch) -> None:
    before = date.today()
    code, out = call("daily")
    assert code == 0 and out.splitlines()[0] in (f"# daily {d.isoformat()} yukon" for d in (before, date.today()))


def test_a_day_with_no_deal_is_one_line_and_exit_2(monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(daily, "assess", lambda position, **kwargs: (fake_rating(Level.UNWINNABLE), None))
    code, out = call("daily", "--date", "2026-01-01")
    err = capsys.readouterr().err
    assert (code, out) == (2, "") and err == f"error: no deal of the day: no deal of 2026-01-01 for yukon proved " \
                                             f"winnable in {MAX_CANDIDATES} tries\n"


@pytest.mark.parametrize("bad, words", [
    ("2026-02-30", "there is no day '2026-02-30' in the calendar"),
    ("2026-13-01", "there is no day '2026-13-01'"),
    ("26-03-01", "'26-03-01' is not a date written YYYY-MM-DD"),
    ("20260301", "is not a date written YYYY-MM-DD"),
    ("tomorrow", "is not a date written YYYY-MM-DD"),
    ("", "is not a date written YYYY-MM-DD"),
])
def test_a_bad_date_is_one_line_and_exit_2(bad: str, words: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out = call("daily", "--date", bad)
    err = capsys.readouterr().err
    assert code == 2 and out == "" and err.count("\n") == 1 and words in err
