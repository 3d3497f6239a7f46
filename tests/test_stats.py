"""Statistics through wins, losses, abandoned games and restarts, and their file."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from yukon.core.rules import RUSSIAN, YUKON, Rules
from yukon.play.save import Store
from yukon.play.stats import STATS_FILE, RulesRecord, Statistics, format_share, format_time, load_stats, save_stats


class Session:
    """A tiny model of the window's game lifecycle driving the statistics as it will."""

    def __init__(self, stats: Statistics, rules: Rules = YUKON) -> None:
        self.stats = stats
        self.rules = rules
        self.counted = False
        self.finished = False
        self.clock = 0.0

    def move(self, seconds: float = 1.0) -> None:
        self.clock += seconds
        if not self.counted:
            self.stats.count_played(self.rules)
            self.counted = True

    def restart(self) -> None:
        self.clock = 0.0  # same attempt: nothing counted; the table's clock starts again

    def win(self, moves: int) -> list[str]:
        self.finished = True
        return self.stats.record_win(self.rules, self.clock, moves, self.counted)

    def new_deal(self) -> None:
        if self.counted and not self.finished:
            self.stats.record_loss(self.rules)
        self.counted = self.finished = False
        self.clock = 0.0


def test_dealing_and_looking_is_not_a_game() -> None:
    stats = Statistics()
    s = Session(stats)
    s.new_deal()
    s.new_deal()
    assert stats.of(YUKON) == RulesRecord()


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
    y = stats.of(YUKON)
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
    y = stats.of(YUKON)
    assert y.played == 1 and y.won == 1 and y.best_time == 5


def test_variants_are_separate_and_reset() -> None:
    stats = Statistics()
    Session(stats, RUSSIAN).move()
    s = Session(stats, YUKON)
    s.move()
    s.win(100)
    assert stats.of(RUSSIAN).played == 1 and stats.of(RUSSIAN).won == 0
    assert stats.of(YUKON).won == 1
    stats.reset()
    assert stats.of(RUSSIAN) == RulesRecord() and stats.of(YUKON) == RulesRecord()


def test_random_histories_keep_counts_consistent() -> None:
    for seed in range(20):
        rng = random.Random(seed)
        stats = Statistics()
        s = Session(stats, rng.choice([YUKON, RUSSIAN]))
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
        v = stats.of(s.rules)
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
    data["records"]["yukon"]["won"] = 5  # more wins than games
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
    assert back.of(YUKON) == RulesRecord(**sound_record())  # the other variant untouched
    r = back.of(RUSSIAN)
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
    assert back.of(YUKON) == RulesRecord(**sound_record())
    assert back.of(RUSSIAN) == RulesRecord()
    assert problem and "Russian Solitaire: played is not a count, so its counts start again" in problem
    assert any(p.read_text() == text for p in tmp_path.iterdir() if p.name.startswith(STATS_FILE + ".broken-"))


def test_counts_and_times_at_their_limits_load(tmp_path: Path) -> None:
    from yukon.play.save import MAX_SAVED_MOVES, MAX_SECONDS
    from yukon.play.stats import MAX_COUNT

    record = {"played": MAX_COUNT, "won": MAX_COUNT, "current_streak": MAX_COUNT, "best_streak": MAX_COUNT,
              "best_time": MAX_SECONDS, "fewest_moves": MAX_SAVED_MOVES}
    write_stats(tmp_path, json.dumps({"version": 1, "variants": {"yukon": record}}))
    back, problem = load_stats(Store(tmp_path))
    assert problem is None and back.of(YUKON) == RulesRecord(**record)
    RulesRecord(**record).check()
    for name, value in record.items():
        bad = dict(record)
        bad[name] = value + 1
        with pytest.raises(ValueError):
            RulesRecord(**bad).check()


# -- per rule set, clean and assisted wins, and the file's versions ----------------------------
NO_RETURN = Rules("yukon", foundation_return=False)
EVERY_RULE_SET = [Rules(v, a, r) for v in ("yukon", "russian") for a in (False, True) for r in (True, False)]


def test_every_rule_set_has_a_key_of_its_own_and_back() -> None:
    from yukon.play.stats import record_key, rules_of

    keys = [record_key(r) for r in EVERY_RULE_SET]
    assert len(set(keys)) == 8 and record_key(YUKON) == "yukon" and record_key(RUSSIAN) == "russian"
    assert record_key(NO_RETURN) == "yukon+no-foundation-return"
    assert [rules_of(k) for k in keys] == EVERY_RULE_SET
    for bad in ("", "klondike", "yukon+", "yukon+no-foundation-return+no-foundation-return",
                "yukon+no-foundation-return+any-card-in-space", "yukon+sideways", "+yukon"):
        assert rules_of(bad) is None, bad


def test_a_win_under_other_rules_is_no_record_for_the_standard_rules() -> None:
    stats = Statistics()
    s = Session(stats, YUKON)
    s.move(300)
    s.win(120)
    other = Session(stats, NO_RETURN)
    other.move(40)
    news = other.win(90)
    assert stats.of(YUKON).best_time == 300 and stats.of(YUKON).fewest_moves == 120 and stats.of(YUKON).won == 1
    r = stats.of(NO_RETURN)
    assert (r.played, r.won, r.clean, r.best_time, r.fewest_moves) == (1, 1, 1, 40, 90)
    assert "Your first win under these rules (Yukon, no foundation return)!" in news
    assert not any("best time" in n.lower() for n in news)


def test_clean_and_assisted_wins_are_counted_apart_and_only_clean_ones_set_records() -> None:
    stats = Statistics()
    news = stats.record_win(YUKON, 100.0, 90, counted=False, helps=frozenset({"hint"}))
    assert news[0] == "An assisted win (hints): best times and fewest moves count clean wins only."
    y = stats.of(YUKON)
    assert (y.played, y.won, y.clean, y.assisted, y.best_time, y.fewest_moves) == (1, 1, 0, 1, None, None)
    news = stats.record_win(YUKON, 50.0, 80, counted=False, helps=frozenset({"finish", "demo", "hint"}))
    assert news[0] == "An assisted win (hints, Demo, Finish): best times and fewest moves count clean wins only."
    assert (y.won, y.assisted, y.best_time, y.current_streak) == (2, 2, None, 2)  # a win all the same: the streak goes on
    news = stats.record_win(YUKON, 200.0, 150, counted=False)
    assert news[0] == "A clean win: no hints, no Demo, no Finish."
    assert "New best time!" in news
    assert (y.won, y.clean, y.assisted, y.best_time, y.fewest_moves) == (3, 1, 2, 200.0, 150)
    y.check()


def test_a_version_1_file_is_carried_over_with_every_figure(tmp_path: Path) -> None:
    # A statistics file as the game wrote it before rule sets and clean wins were kept.
    yukon = {"played": 57, "won": 21, "current_streak": 3, "best_streak": 6, "best_time": 312.25, "fewest_moves": 101}
    russian = {"played": 9, "won": 2, "current_streak": 0, "best_streak": 1, "best_time": 1500.5, "fewest_moves": 140}
    text = json.dumps({"version": 1, "variants": {"yukon": yukon, "russian": russian}}, indent=1)
    write_stats(tmp_path, text)
    back, problem = load_stats(Store(tmp_path))
    assert problem is None
    for rules, old in ((YUKON, yukon), (RUSSIAN, russian)):
        got = back.of(rules)
        assert {k: getattr(got, k) for k in old} == old  # every figure survives, under the standard rules
        assert got.clean == got.assisted == 0  # which of those wins had help was not kept then
        got.check()
    assert (tmp_path / STATS_FILE).read_text() == text  # nothing written over it on reading
    assert save_stats(Store(tmp_path), back) is None
    saved = json.loads((tmp_path / STATS_FILE).read_text())
    assert saved["version"] == 3 and saved["records"]["yukon"]["played"] == 57
    again, problem = load_stats(Store(tmp_path))
    assert problem is None and again == back
    assert not [p for p in tmp_path.iterdir() if ".broken" in p.name]


def test_a_damaged_version_2_record_is_kept_aside_and_named(tmp_path: Path) -> None:
    stats = Statistics()
    stats.record_win(NO_RETURN, 80.0, 100, counted=False)
    stats.record_win(YUKON, 90.0, 110, counted=False)
    data = stats.to_dict()
    data["records"]["yukon+no-foundation-return"]["clean"] = 4  # more clean wins than wins
    data["records"]["yukon+sideways"] = {"played": 1}
    write_stats(tmp_path, json.dumps(data))
    back, problem = load_stats(Store(tmp_path))
    assert back.of(YUKON).won == 1 and back.of(NO_RETURN) == RulesRecord()
    assert problem is not None
    assert "Yukon, no foundation return: the counts do not add up, so its counts start again" in problem
    assert "yukon+sideways: unknown rules, so its counts start again" in problem
    assert any(p.name.startswith(STATS_FILE + ".broken-") for p in tmp_path.iterdir())


def test_a_file_from_a_newer_version_is_kept_aside(tmp_path: Path) -> None:
    write_stats(tmp_path, json.dumps({"version": 4, "records": {}}))
    back, problem = load_stats(Store(tmp_path))
    assert back == Statistics() and problem and "newer version" in problem
    assert any(p.name.startswith(STATS_FILE + ".broken-") for p in tmp_path.iterdir())
