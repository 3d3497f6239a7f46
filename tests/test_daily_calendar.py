"""The calendar of the deals of the day: days played and won, what can be played, the streak."""

from __future__ import annotations

import json
import random
from datetime import date, timedelta

import pytest

from yukon.play.daily_calendar import KEEP_DAYS, DailyCalendar, DayEntry, DayResult
from yukon.play.history import Outcome

TODAY = date(2026, 3, 10)


def day(n: int) -> date:
    """``n`` days after TODAY (before it when negative)."""
    return TODAY + timedelta(days=n)


def test_a_day_keeps_the_best_that_happened_to_its_deal() -> None:
    cal = DailyCalendar()
    assert cal.entry("yukon", TODAY) is None
    assert cal.record("yukon", TODAY, TODAY, Outcome.ABANDONED, 30, 5) == DayEntry(DayResult.PLAYED)
    assert cal.record("yukon", TODAY, TODAY, Outcome.LOST, 90, 50).result is DayResult.PLAYED
    got = cal.record("yukon", TODAY, TODAY, Outcome.ASSISTED, 400, 120)
    assert got == DayEntry(DayResult.ASSISTED, 400.0, 120, True)
    assert cal.record("yukon", TODAY, TODAY, Outcome.LOST, 20, 9) == got  # a loss later changes nothing
    assert cal.record("yukon", TODAY, TODAY, Outcome.ASSISTED, 500, 100) == got  # a slower assisted win neither
    assert cal.record("yukon", TODAY, TODAY, Outcome.ASSISTED, 300, 130) == DayEntry(DayResult.ASSISTED, 300, 130, True)
    clean = cal.record("yukon", TODAY, TODAY, Outcome.CLEAN, 900, 140)  # clean beats assisted, even slower
    assert clean == DayEntry(DayResult.CLEAN, 900, 140, True)
    assert cal.entry("yukon", TODAY) == clean and cal.entry("russian", TODAY) is None  # games apart


def test_past_days_can_be_played_days_to_come_cannot() -> None:
    cal = DailyCalendar()
    cal.record("russian", day(-59), TODAY, Outcome.CLEAN, 100, 80)
    squares = cal.recent("russian", TODAY)
    assert len(squares) == 60 and squares[0].day == day(-59) and squares[-1].day == TODAY
    assert all(s.playable for s in squares) and [s.today for s in squares].count(True) == 1
    assert squares[0].entry == DayEntry(DayResult.CLEAN, 100, 80, False)  # won, but not on its day
    month = cal.window("russian", date(2026, 3, 1), date(2026, 3, 31), TODAY)
    assert [s.playable for s in month] == [d <= 10 for d in range(1, 32)]
    with pytest.raises(ValueError):
        cal.record("russian", day(1), TODAY, Outcome.CLEAN, 100, 80)
    with pytest.raises(ValueError):
        cal.entry("klondike", TODAY)


def test_the_streak_counts_days_in_a_row_won_on_their_day() -> None:
    cal = DailyCalendar()
    for n in range(-5, 0):  # five days in a row, each won on its day
        cal.record("yukon", day(n), day(n), Outcome.CLEAN if n % 2 else Outcome.ASSISTED, 100, 90)
    assert cal.streak("yukon", TODAY) == 5  # today not yet won: the streak is still alive
    cal.record("yukon", TODAY, TODAY, Outcome.LOST, 10, 3)
    assert cal.streak("yukon", TODAY) == 5
    cal.record("yukon", TODAY, TODAY, Outcome.CLEAN, 200, 100)
    assert cal.streak("yukon", TODAY) == 6 and cal.best_streak("yukon") == 6
    assert cal.streak("yukon", day(1)) == 6  # the next morning
    assert cal.streak("yukon", day(2)) == 0  # a day missed
    assert cal.streak("russian", TODAY) == 0
    # a missed day won later fills the calendar, not the streak
    cal.record("yukon", day(-7), day(-7), Outcome.CLEAN, 100, 90)
    cal.record("yukon", day(-6), TODAY, Outcome.CLEAN, 100, 90)
    assert cal.entry("yukon", day(-6)) is not None and cal.streak("yukon", TODAY) == 6
    # the best streak stays when a new one starts
    cal.record("yukon", day(3), day(3), Outcome.CLEAN, 100, 90)
    assert cal.streak("yukon", day(3)) == 1 and cal.best_streak("yukon") == 6


def test_random_seasons_of_play_agree_with_a_plain_count() -> None:
    for seed in range(15):
        rng = random.Random(seed)
        cal = DailyCalendar()
        won_on_day: set[date] = set()
        best = 0
        for n in range(-120, 1):
            today = day(n)
            for _unused in range(rng.choice([0, 0, 1, 2])):
                played = today - timedelta(days=rng.choice([0, 0, 0, 1, 5]))
                outcome = rng.choice(list(Outcome))
                cal.record("russian", played, today, outcome, rng.uniform(30, 900), rng.randrange(60, 200))
                if outcome.won and played == today:
                    won_on_day.add(played)
            run, d = 0, today if today in won_on_day else today - timedelta(days=1)
            while d in won_on_day:
                run, d = run + 1, d - timedelta(days=1)
            best = max(best, run)
            assert cal.streak("russian", today) == run and cal.best_streak("russian") == best


def test_old_days_are_forgotten_but_not_those_of_the_streak() -> None:
    cal = DailyCalendar()
    for n in range(-KEEP_DAYS - 50, 1):
        cal.record("yukon", day(n), day(n), Outcome.CLEAN, 100, 90)
    assert cal.streak("yukon", TODAY) == KEEP_DAYS + 51  # the whole streak is kept
    cal.record("yukon", day(2), day(2), Outcome.LOST, 1, 1)  # a day missed: the streak is over
    cal.record("yukon", day(3), day(3), Outcome.CLEAN, 100, 90)
    kept = [d for d in cal.games["yukon"].days]
    assert min(kept) >= day(3) - timedelta(days=KEEP_DAYS) and day(-50) in kept
    assert cal.best_streak("yukon") == KEEP_DAYS + 51


def test_the_calendar_round_trips_and_damage_is_counted() -> None:
    cal = DailyCalendar()
    cal.record("yukon", TODAY, TODAY, Outcome.CLEAN, 123.5, 99)
    cal.record("yukon", day(-1), day(-1), Outcome.ABANDONED, 5, 2)
    cal.record("russian", day(-3), TODAY, Outcome.ASSISTED, 77, 81)
    data = json.loads(json.dumps(cal.to_dict()))
    back, damaged = DailyCalendar.read(data)
    assert (back, damaged) == (cal, 0)
    data["yukon"]["days"]["2026-13-01"] = {"result": "clean", "seconds": 1, "moves": 1, "on_the_day": True}
    data["yukon"]["days"]["2026-01-02"] = {"result": "played", "seconds": 5}
    data["yukon"]["days"]["2026-01-03"] = {"result": "clean", "seconds": 1, "moves": 1, "on_the_day": "yes"}
    data["yukon"]["best_streak"] = -1
    data["klondike"] = {"days": {}}
    back, damaged = DailyCalendar.read(data)
    assert damaged == 5 and back.entry("yukon", TODAY) == cal.entry("yukon", TODAY)
    assert back.best_streak("yukon") == 0 and back.entry("russian", day(-3)) == cal.entry("russian", day(-3))
    with pytest.raises(ValueError):
        DailyCalendar.read([])
