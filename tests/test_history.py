"""The history of finished games: kept in the statistics file (version 3), exported as CSV, replayed."""

from __future__ import annotations

import csv
import json
import random
from datetime import date, datetime, timedelta
from pathlib import Path

import pytest

from enginetools import all_rule_sets
from yukon.core.notation import parse_move
from yukon.core.rules import RUSSIAN, YUKON, Rules
from yukon.core.state import Move, Position
from yukon.play.daily_calendar import DayEntry, DayResult
from yukon.play.history import HISTORY_LIMIT, MAX_LINE_MOVES, History, HistoryEntry, Outcome, write_csv
from yukon.play.replay import Replay
from yukon.play.save import Store
from yukon.play.share_code import ShareCodeError, decode, encode
from yukon.play.stats import STATS_FILE, Statistics, load_stats, save_stats
from yukon.survey import read_lines

ROOT = Path(__file__).resolve().parent.parent
START = datetime(2026, 3, 1, 9, 30, 0)


def survey_lines(tag: str, count: int) -> list[tuple[int, list[Move]]]:
    kept = read_lines(str(ROOT / "benchmarks" / "survey" / f"{tag}-1-10000.lines"), tag)
    seeds = random.Random(tag).sample(sorted(kept), count)
    return [(s, [parse_move(t) for t in kept[s].split()]) for s in seeds]


def play_out(rules: Rules, seed: int, rng: random.Random) -> tuple[list[Move], Outcome]:
    """A game as a simple greedy player plays it: home when it can, else a move that turns a card
    up, else anything not seen before. It gives up (abandons) now and then, and when it finds no
    new position; the game is lost when nothing can turn a card up or send one home any more."""
    p = Position.deal(seed, rules)
    seen = {p.key()}
    line: list[Move] = []
    quit_after = rng.choice([rng.randrange(1, 60), 400, 400])  # a player gives up after a while
    while len(line) < quit_after:
        fresh = []
        for m in p.legal_moves():
            u = p.push(m)
            if p.key() not in seen:
                fresh.append((m.to_foundation, u.flipped, rng.random(), m))
            p.pop(u)
        if not fresh:
            return line, Outcome.LOST if p.progress_possible(20_000) is False else Outcome.ABANDONED
        move = max(fresh, key=lambda t: t[:3])[3]
        p.push(move)
        seen.add(p.key())
        line.append(move)
        if p.is_won():
            return line, rng.choice([Outcome.CLEAN, Outcome.ASSISTED])
    return line, Outcome.ABANDONED


def games(count: int, seed: int) -> list[HistoryEntry]:
    """Finished games of every kind: the greedy player's over all rule sets, and the solver's wins."""
    rng = random.Random(seed)
    entries = []
    for i in range(count):
        rules = rng.choice(all_rule_sets())
        deal = rng.randrange(1, 10**9)
        line, outcome = play_out(rules, deal, rng)
        entries.append(HistoryEntry.of(rules, deal, line, outcome, rng.uniform(0, 5000), START + timedelta(minutes=i)))
    for tag, rules in (("yukon", YUKON), ("russian", RUSSIAN)):
        for deal, line in survey_lines(tag, count // 4):
            entries.append(HistoryEntry.of(rules, deal, line, Outcome.CLEAN, 321.5, START,
                                           daily=date(2026, 3, 1) if deal % 2 else None))
    return entries


def test_a_replayed_game_always_ends_in_its_recorded_result(tmp_path: Path) -> None:
    entries = games(60, 26)
    assert {e.outcome for e in entries} == set(Outcome)
    stats = Statistics()
    for e in entries:
        stats.history.add(e)
    assert save_stats(Store(tmp_path), stats) is None
    back, problem = load_stats(Store(tmp_path))  # through the file, as the window will read it
    assert problem is None and back.history.entries == entries
    for e in back.history.entries:
        replay = Replay.of_entry(e)
        assert replay.length == e.moves and replay.at_start
        replay.to_end()
        p = replay.position
        assert p.is_won() == e.outcome.won, e
        if e.outcome is Outcome.LOST:
            assert p.progress_possible(20_000) is False  # stuck: the session's end of a lost game
        assert replay.at_end and replay.forward() is None


def test_the_cursor_goes_forward_back_and_jumps() -> None:
    rng = random.Random(3)
    (deal, line), = survey_lines("yukon", 1)
    replay = Replay(Position.deal(deal), line)
    states = [Position.deal(deal)]
    for m in line:
        nxt = states[-1].copy()
        nxt.push(m)
        states.append(nxt)
    assert replay.back() is None and replay.at_start
    for i in range(len(line)):
        assert replay.next_move() == line[i]
        undo = replay.forward()
        assert undo is not None and undo.move == line[i] and replay.position == states[i + 1]
    assert replay.at_end and replay.position.is_won()
    for _unused in range(200):
        target = rng.randrange(-3, len(line) + 4)
        step = rng.choice(["seek", "back", "forward", "start", "end"])
        if step == "seek":
            replay.seek(target)
        elif step == "back":
            replay.back()
        elif step == "forward":
            replay.forward()
        elif step == "start":
            replay.to_start()
        else:
            replay.to_end()
        assert 0 <= replay.index <= len(line) and replay.position == states[replay.index]
    replay.to_start()
    undo = replay.forward()
    assert undo is not None and replay.back() == undo and replay.position == states[0]


def test_a_replay_never_touches_the_game_it_came_from() -> None:
    (deal, line), = survey_lines("russian", 1)
    start = Position.deal(deal, RUSSIAN)
    before = start.copy()
    replay = Replay(start, line)
    replay.to_end()
    assert start == before


def test_an_illegal_line_is_refused() -> None:
    (deal, line), = survey_lines("yukon", 1)
    with pytest.raises(ValueError):
        Replay(Position.deal(deal), line[:3] + line[4:])
    code = decode(HistoryEntry.of(YUKON, deal, line, Outcome.CLEAN, 1, START).code)
    assert Replay.of_code(code).length == len(line)
    with pytest.raises(ValueError):
        Replay.of_code(decode(encode(YUKON, deal)))  # a code with no moves has nothing to replay


def test_an_entry_keeps_local_time_to_the_second() -> None:
    from datetime import timezone

    aware = datetime(2026, 3, 1, 23, 30, 15, 999, tzinfo=timezone.utc)
    entry = HistoryEntry.of(YUKON, 4, [], Outcome.ABANDONED, -5, aware)
    assert entry.finished == aware.astimezone().replace(tzinfo=None, microsecond=0) and entry.seconds == 0.0
    assert HistoryEntry.from_dict(json.loads(json.dumps(entry.to_dict()))) == entry
    with pytest.raises(ValueError):
        HistoryEntry.from_dict(entry.to_dict() | {"finished": aware.isoformat()})


def test_the_history_keeps_the_newest_games_only() -> None:
    history = History()
    entries = [HistoryEntry.of(YUKON, n, [], Outcome.ABANDONED, n, START + timedelta(seconds=n))
               for n in range(HISTORY_LIMIT + 30)]
    for e in entries:
        history.add(e)
    assert len(history) == HISTORY_LIMIT and history.entries == entries[30:]
    assert history.latest(3) == entries[:-4:-1]
    assert [e.seed for e in History(entries).latest(2, RUSSIAN)] == []


def test_a_very_long_game_keeps_its_count_and_no_moves() -> None:
    rng = random.Random(11)
    line: list[Move] = []
    deal = 10
    while len(line) <= MAX_LINE_MOVES:  # random moves, back and forth, until there are too many
        deal += 1
        p = Position.deal(deal)
        line = []
        while len(line) <= MAX_LINE_MOVES and (moves := [m for m in p.legal_moves() if not m.to_foundation]):
            move = rng.choice(moves)
            p.push(move)
            line.append(move)
    entry = HistoryEntry.of(YUKON, deal, line, Outcome.ABANDONED, 60, START)
    assert not entry.has_line and entry.moves == len(line) and entry.line() == ()
    assert len(entry.code) < 30
    with pytest.raises(ValueError):
        Replay.of_entry(entry)
    assert HistoryEntry.from_dict(json.loads(json.dumps(entry.to_dict()))) == entry


# -- the statistics file, version 3 -------------------------------------------------------------------
def test_history_calendar_and_records_survive_the_file(tmp_path: Path) -> None:
    stats = Statistics()
    stats.record_win(YUKON, 100.0, 90, counted=False)
    stats.record_win(YUKON, 300.0, 95, counted=False)
    stats.record_win(YUKON, 50.0, 80, counted=False, helps=frozenset({"hint"}))
    y = stats.of(YUKON)
    assert (y.timed, y.total_time, y.average_time) == (2, 400.0, 200.0)  # the clean wins' mean; not the assisted
    for e in games(8, 1):
        stats.history.add(e)
    stats.daily.record("yukon", date(2026, 3, 1), date(2026, 3, 1), Outcome.CLEAN, 200.0, 99)
    save_stats(Store(tmp_path), stats)
    data = json.loads((tmp_path / STATS_FILE).read_text())
    assert data["version"] == 3 and len(data["history"]) == len(stats.history) and "2026-03-01" in data["daily"]["yukon"]["days"]
    back, problem = load_stats(Store(tmp_path))
    assert problem is None and back == stats
    assert back.of(YUKON).average_time == 200.0
    back.reset()
    assert back == Statistics() and len(back.history) == 0


def test_a_version_2_file_is_carried_over_whole(tmp_path: Path) -> None:
    # A statistics file as the game wrote it before the history (version 2).
    records = {"yukon": {"played": 30, "won": 12, "clean": 7, "assisted": 5, "current_streak": 2, "best_streak": 4,
                         "best_time": 250.5, "fewest_moves": 88},
               "russian+any-card-in-space": {"played": 3, "won": 1, "clean": 1, "assisted": 0, "current_streak": 0,
                                             "best_streak": 1, "best_time": 700.0, "fewest_moves": 120}}
    text = json.dumps({"version": 2, "records": records})
    (tmp_path / STATS_FILE).write_text(text)
    back, problem = load_stats(Store(tmp_path))
    assert problem is None and (tmp_path / STATS_FILE).read_text() == text
    for key, old in records.items():
        got = back.records[key]
        assert {k: getattr(got, k) for k in old} == old
        assert (got.timed, got.total_time, got.average_time) == (0, 0.0, None)  # no time summed then
    assert len(back.history) == 0 and back.daily.streak("yukon", date(2026, 3, 1)) == 0
    save_stats(Store(tmp_path), back)
    again, problem = load_stats(Store(tmp_path))
    assert problem is None and again == back and json.loads((tmp_path / STATS_FILE).read_text())["version"] == 3
    assert not [p for p in tmp_path.iterdir() if ".broken" in p.name]


def test_damaged_history_and_calendar_are_left_out_kept_aside_and_named(tmp_path: Path) -> None:
    stats = Statistics()
    stats.record_win(YUKON, 100.0, 90, counted=False)
    entries = games(4, 2)[:6]
    for e in entries:
        stats.history.add(e)
    stats.daily.record("russian", date(2026, 2, 27), date(2026, 2, 27), Outcome.ASSISTED, 80.0, 70)
    data = stats.to_dict()
    code = data["history"][1]["code"]
    data["history"][1]["code"] = code[:-1] + ("0" if code[-1] != "0" else "1")  # a typo in a code
    data["history"][2]["result"] = "draw"
    data["history"][3]["finished"] = "yesterday"
    data["daily"]["russian"]["days"]["2026-02-30"] = {"result": "played"}
    data["daily"]["russian"]["days"]["2026-02-26"] = {"result": "clean", "seconds": -4, "moves": 3, "on_the_day": True}
    (tmp_path / STATS_FILE).write_text(json.dumps(data))
    back, problem = load_stats(Store(tmp_path))
    assert problem is not None
    assert "3 games of the history are damaged, so they are left out" in problem
    assert "2 days of the daily deals' calendar are damaged, so they are left out" in problem
    assert back.history.entries == [entries[0], *entries[4:]] and back.of(YUKON).won == 1
    assert back.daily.entry("russian", date(2026, 2, 27)) is not None
    assert any(p.name.startswith(STATS_FILE + ".broken-") for p in tmp_path.iterdir())
    assert load_stats(Store(tmp_path)) == (back, None)  # the sound part was written back at once
    data["history"] = {"not": "a list"}
    data["daily"] = []
    (tmp_path / STATS_FILE).write_text(json.dumps(data))
    back, problem = load_stats(Store(tmp_path))
    assert problem and "the history of games is damaged, so it starts again" in problem
    assert "the daily deals' calendar is damaged, so it starts again" in problem
    assert len(back.history) == 0 and back.of(YUKON).won == 1


@pytest.mark.parametrize("timed, total", [(5, 100.0), (-1, 0.0), (1, -3.0), (0, 12.0), (1, "x"), (True, 3.0)])
def test_a_damaged_average_time_is_cleared_and_the_rest_kept(tmp_path: Path, timed: object, total: object) -> None:
    stats = Statistics()
    stats.record_win(YUKON, 100.0, 90, counted=False)
    data = stats.to_dict()
    data["records"]["yukon"] |= {"timed": timed, "total_time": total}
    (tmp_path / STATS_FILE).write_text(json.dumps(data))
    back, problem = load_stats(Store(tmp_path))
    y = back.of(YUKON)
    assert problem and "Yukon: the average time is not a time, so it is cleared" in problem
    assert (y.won, y.clean, y.best_time, y.timed, y.total_time) == (1, 1, 100.0, 0, 0.0)


def test_a_finished_game_goes_to_the_history_and_a_deal_of_the_day_to_the_calendar() -> None:
    stats = Statistics()
    day = date(2026, 3, 1)
    (deal, line), = survey_lines("russian", 1)
    stats.record_finished(HistoryEntry.of(RUSSIAN, deal, line, Outcome.CLEAN, 200, START, daily=day), day)
    stats.record_finished(HistoryEntry.of(YUKON, 7, [], Outcome.ABANDONED, 5, START, daily=day), day)
    stats.record_finished(HistoryEntry.of(Rules("yukon", True), 8, [], Outcome.ABANDONED, 5, START, daily=day), day)
    stats.record_finished(HistoryEntry.of(YUKON, 9, [], Outcome.LOST, 5, START), day)
    assert [e.seed for e in stats.history.latest()] == [9, 8, 7, deal]
    assert stats.daily.entry("russian", day) == DayEntry(DayResult.CLEAN, 200, len(line), True)
    assert stats.daily.entry("yukon", day) == DayEntry(DayResult.PLAYED)  # the other rules' game is no daily
    assert stats.daily.streak("russian", day) == 1 and stats.daily.streak("yukon", day) == 0


# -- CSV -------------------------------------------------------------------------------------------------
def test_the_history_exports_as_csv(tmp_path: Path) -> None:
    entries = games(12, 4)
    path = tmp_path / "history.csv"
    write_csv(entries, path)
    with path.open(newline="", encoding="utf-8") as f:
        rows = list(csv.reader(f))
    assert rows[0] == ["finished", "game", "rules", "deal", "daily", "result", "seconds", "moves", "code", "line"]
    assert len(rows) == len(entries) + 1
    for e, row in zip(entries, rows[1:], strict=True):
        assert row[1] == e.rules.variant and int(row[3]) == e.seed and row[5] == e.outcome.value
        assert int(row[7]) == e.moves and decode(row[8]).moves == e.line()
        assert [parse_move(t) for t in row[9].split()] == list(e.line())
        assert datetime.fromisoformat(row[0]) == e.finished and row[4] == (e.daily.isoformat() if e.daily else "")
    assert {r[2] for r in rows[1:]} <= {"standard", "any card in space", "no foundation return",
                                        "any card in space, no foundation return"}
    write_csv(entries[:1], path)  # written again whole
    assert len(path.read_text(encoding="utf-8").splitlines()) == 2
    assert [p.name for p in tmp_path.iterdir()] == ["history.csv"]  # no temporary file left


def test_a_csv_that_cannot_be_written_raises_and_leaves_nothing(tmp_path: Path) -> None:
    (tmp_path / "taken").mkdir()
    with pytest.raises(OSError):
        write_csv(games(2, 5), tmp_path / "taken")  # a folder in the way
    with pytest.raises(OSError):
        write_csv(games(2, 5), tmp_path / "missing" / "history.csv")
    assert [p.name for p in tmp_path.iterdir()] == ["taken"]


def test_an_entry_with_a_code_that_does_not_replay_says_so() -> None:
    e = games(1, 6)[0]
    broken = HistoryEntry(e.code[:-1] + ("0" if e.code[-1] != "0" else "1"), e.rules, e.seed, e.moves, e.finished,
                          e.outcome, e.seconds)
    with pytest.raises(ShareCodeError):
        broken.line()
