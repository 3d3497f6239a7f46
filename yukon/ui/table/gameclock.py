"""The table's game clock, and the one place its sections read the time from.

Tests that need the time to stand still or step replace ``time`` in this module.
"""

from __future__ import annotations

import time

from ...i18n import _


def wall() -> float:
    """Seconds on the monotonic clock (message ends, double clicks, the game clock)."""
    return time.monotonic()


class GameClock:
    """Seconds played: it starts with the first move, stops when the game is won, and stands
    still while paused (the table covered, the window away)."""

    start: float | None
    end: float | None
    paused_at: float | None

    def __init__(self) -> None:
        self.start = None
        self.end = None
        self.paused_at = None

    def set_start(self, start: float | None) -> None:
        """Started at ``start`` (None: not started)."""
        self.start = start

    def set_end(self, end: float | None) -> None:
        """Stopped at ``end`` (None: running)."""
        self.end = end

    def begin(self) -> None:
        """Start now, unless it has started."""
        if self.start is None:
            self.start = self.now()

    def stop(self) -> None:
        """Stop now, unless it has stopped."""
        if self.end is None:
            self.end = self.now()

    def reset(self) -> None:
        """Not started (a new or restarted deal)."""
        self.start = self.end = None

    def now(self) -> float:
        """The clock's time: standing still while it is paused."""
        return self.paused_at if self.paused_at is not None else wall()

    def running(self) -> bool:
        """Started and not stopped (it may be paused)."""
        return self.start is not None and self.end is None

    def elapsed(self) -> float:
        """Seconds played."""
        if self.start is None:
            return 0.0
        return (self.end if self.end is not None else self.now()) - self.start

    def set_elapsed(self, seconds: float) -> None:
        """Go on from ``seconds`` already played."""
        self.start = self.now() - seconds
        self.end = None

    def pause(self, paused: bool) -> None:
        """Stand still or run on; the time it stood still never counts."""
        if paused:
            if self.paused_at is None:
                self.paused_at = wall()
            return
        if self.paused_at is None:
            return
        if self.start is not None and self.end is None:
            self.start += wall() - self.paused_at
        self.paused_at = None

    def next_tick(self, now: float) -> float | None:
        """Seconds from ``now`` until the shown time moves on, or None when it stands still."""
        if self.start is None or self.end is not None or self.paused_at is not None:
            return None
        return 1.0 - ((now - self.start) % 1.0) + 0.002

    def text(self) -> str:
        """The time played as m:ss."""
        s = int(self.elapsed())
        if s < 3600:
            # TRANSLATORS: the time played, minutes and seconds ("4:07"); {seconds} has two digits.
            return _("{minutes}:{seconds}").format(minutes=s // 60, seconds=f"{s % 60:02d}")
        # TRANSLATORS: the time played past an hour ("1:04:07"); {minutes} and {seconds} have two digits.
        return _("{hours}:{minutes}:{seconds}").format(hours=s // 3600, minutes=f"{s // 60 % 60:02d}",
                                                        seconds=f"{s % 60:02d}")
