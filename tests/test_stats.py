"""Statistics through wins, losses, abandoned games and restarts, and their file."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from yukon.save import Store
from yukon.stats import STATS_FILE, Statistics, VariantStats, format_share, format_time, load_stats, save_stats


class Session:
    """A tiny model of the window's game lifecycle driving the statistics as it will."""

    def __init__(self, stats: Statistics, variant: str = "yukon") -> None:
        self.stats = stats
        self.variant = variant
        self.counted = False
        self.finished = False
        self.clock = 0.0

    def move(self, seconds: float = 1.0) -> None:
        self.clock += seconds
        if not self.counted:
            self.stats.count_played(self.variant)
            self.counted = True

    def restart(self) -> None:
        self.clock = 0.0  # same attempt: nothing counted; the table's clock starts again

    def win(self, moves: int) -> list[str]:
        self.finished = True
        return self.stats.record_win(self.variant, self.clock, moves, self.counted)

    def new_deal(self) -> None:
        if self.counted and not self.finished:
            self.stats.record_loss(self.variant)
        self.counted = self.finished = False
        self.clock = 0.0


def test_dealing_and_looking_is_not_a_game() -> None:
    stats = Statistics()
    s = Session(stats)
    s.new_deal()
    s.new_deal()
    assert stats.of("yukon") == VariantStats()


def test_wins_losses_streaks_and_records() -> None:
    stats = Statistics()
    s = Session(stats)
    for _ in range(10):
        s.move(10)
    news = s.win(80)
    assert any("first win" in n.lower() for n in news)
    s.new_deal()
    for _ in range(5):
        s.move(10)
    news = s.win(90)  # faster, more moves
    assert any("best time" in n.lower() for n in news)
    assert not any("fewest" in n.lower() for n in news)
    assert any("2 wins in a row" in n for n in news)
    s.new_deal()
    s.move()
    s.new_deal()  # abandoned: a loss, streak over
    y = stats.of("yukon")
    assert (y.played, y.won, y.current_streak, y.best_streak) == (3, 2, 0, 2)
    assert y.best_time == 50 and y.fewest_moves == 80
    assert y.win_share == pytest.approx(2 / 3)
    s.move(100)
    news = s.win(70)
    assert any("fewest" in n.lower() for n in news) and not any("time" in n.lower() for n in news)
    assert (y.played, y.won, y.current_streak, y.best_streak) == (4, 3, 1, 2)


def test_restart_is_the_same_attempt() -> None:
    stats = Statistics()
    s = Session(stats)
    s.move(30)
    s.restart()
    s.move(30)
    s.restart()
    s.move(5)
    s.win(40)
    y = stats.of("yukon")
    assert y.played == 1 and y.won == 1 and y.best_time == 5


def test_variants_are_separate_and_reset() -> None:
    stats = Statistics()
    Session(stats, "russian").move()
    s = Session(stats, "yukon")
    s.move()
    s.win(100)
    assert stats.of("russian").played == 1 and stats.of("russian").won == 0
    stats.reset("yukon")
    assert stats.of("yukon") == VariantStats() and stats.of("russian").played == 1
    stats.reset()
    assert stats.of("russian") == VariantStats()


def test_random_histories_keep_counts_consistent() -> None:
    for seed in range(20):
        rng = random.Random(seed)
        stats = Statistics()
        s = Session(stats, rng.choice(["yukon", "russian"]))
        expect_played = expect_won = streak = best = 0
        for _ in range(60):
            action = rng.choice(["move", "move", "move", "restart", "win", "new"])
            if action == "move" and not s.finished:
                if not s.counted:
                    expect_played += 1
                s.move(rng.random() * 20)
            elif action == "restart":
                s.restart()
            elif action == "win" and not s.finished:
                if not s.counted:
                    expect_played += 1
                s.win(rng.randrange(1, 200))
                expect_won += 1
                streak += 1
                best = max(best, streak)
            elif action == "new":
                if s.counted and not s.finished:
                    streak = 0
                s.new_deal()
        v = stats.of(s.variant)
        v.check()
        assert (v.played, v.won, v.current_streak, v.best_streak) == (expect_played, expect_won, streak, best)


def test_persist_and_damaged_file(tmp_path: Path) -> None:
    stats = Statistics()
    s = Session(stats)
    s.move(61)
    s.win(77)
    assert save_stats(Store(tmp_path), stats) is None
    back, problem = load_stats(Store(tmp_path))
    assert problem is None and back == stats
    data = stats.to_dict()
    data["variants"]["yukon"]["won"] = 5  # more wins than games
    (tmp_path / STATS_FILE).write_text(json.dumps(data))
    back, problem = load_stats(Store(tmp_path))
    assert back == Statistics() and problem and "damaged" in problem
    assert any(p.name.startswith(STATS_FILE + ".broken") for p in tmp_path.iterdir())
    for bad in ({"version": 1, "variants": {"yukon": {"played": "3"}}},
                {"version": 1, "variants": {"yukon": {"played": 1, "sneaky": 2}}},
                {"version": 1, "variants": []}, {"version": 1}):
        (tmp_path / STATS_FILE).write_text(json.dumps(bad))
        back, problem = load_stats(Store(tmp_path))
        assert back == Statistics() and problem


def test_formatting() -> None:
    assert format_time(None) == "-" and format_time(65.9) == "1:05" and format_time(3725) == "1:02:05"
    assert format_share(None) == "-" and format_share(2 / 3) == "67%"


def sound_record(played: int = 10, won: int = 4, best_time: float = 321.5, fewest_moves: int = 88) -> dict:
    return {"played": played, "won": won, "current_streak": 1, "best_streak": 2, "best_time": best_time,
            "fewest_moves": fewest_moves}


def write_stats(folder: Path, text: str) -> None:
    (folder / STATS_FILE).write_text(text)


@pytest.mark.parametrize("field, raw", [
    ("best_time", str(10**400)), ("best_time", "1e999"), ("best_time", "NaN"), ("best_time", "1e308"),
    ("best_time", "-3"), ("best_time", "true"), ("best_time", '"1:00"'),
    ("fewest_moves", str(10**400)), ("fewest_moves", "0"), ("fewest_moves", "12.5"), ("fewest_moves", "1e999"),
])
def test_a_record_out_of_range_is_cleared_and_the_rest_kept(tmp_path: Path, field: str, raw: str) -> None:
    russian = sound_record(7, 3, 99.25, 77)
    text = json.dumps({"version": 1, "variants": {"yukon": sound_record(), "russian": russian}})
    text = text.replace(f'"{field}": {json.dumps(russian[field])}', f'"{field}": {raw}')
    assert text.count(f'"{field}": {raw}') == 1
    write_stats(tmp_path, text)
    back, problem = load_stats(Store(tmp_path))
    assert back.of("yukon") == VariantStats(**sound_record())  # the other variant untouched
    r = back.of("russian")
    assert (r.played, r.won, r.current_streak, r.best_streak) == (7, 3, 1, 2)
    assert getattr(r, field) is None and (r.best_time, r.fewest_moves) != (None, None)
    assert problem and problem.startswith("The statistics file is partly damaged (Russian Solitaire: the ")
    copies = [p for p in tmp_path.iterdir() if p.name.startswith(STATS_FILE + ".broken-")]
    assert len(copies) == 1 and copies[0].read_text() == text and copies[0].name in problem
    assert load_stats(Store(tmp_path)) == (back, None)  # the sound part was written back at once
    assert format_time(r.best_time) in ("-", "1:39")


@pytest.mark.parametrize("raw", [str(10**400), "1e999", "-1", "2.5", "true", str(10**9 + 1)])
def test_a_count_out_of_range_starts_that_variant_again_only(tmp_path: Path, raw: str) -> None:
    text = json.dumps({"version": 1, "variants": {"yukon": sound_record(), "russian": sound_record(7, 3)}})
    text = text.replace('"played": 7', f'"played": {raw}')
    write_stats(tmp_path, text)
    back, problem = load_stats(Store(tmp_path))
    assert back.of("yukon") == VariantStats(**sound_record())
    assert back.of("russian") == VariantStats()
    assert problem and "Russian Solitaire: played is not a count, so its counts start again" in problem
    assert any(p.read_text() == text for p in tmp_path.iterdir() if p.name.startswith(STATS_FILE + ".broken-"))


def test_counts_and_times_at_their_limits_load(tmp_path: Path) -> None:
    from yukon.save import MAX_SAVED_MOVES, MAX_SECONDS
    from yukon.stats import MAX_COUNT

    record = {"played": MAX_COUNT, "won": MAX_COUNT, "current_streak": MAX_COUNT, "best_streak": MAX_COUNT,
              "best_time": MAX_SECONDS, "fewest_moves": MAX_SAVED_MOVES}
    write_stats(tmp_path, json.dumps({"version": 1, "variants": {"yukon": record}}))
    back, problem = load_stats(Store(tmp_path))
    assert problem is None and back.of("yukon") == VariantStats(**record)
    VariantStats(**record).check()
    for name, value in record.items():
        bad = dict(record)
        bad[name] = value + 1
        with pytest.raises(ValueError):
            VariantStats(**bad).check()
