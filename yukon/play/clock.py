"""The time played at a table, on an injected time source (tests pass a fake one).

``GameClock`` starts with the first move, stops when the game is won, and stands still
while paused (the table covered, the window away): the time it stood still never counts.
"""

from __future__ import annotations

from collections.abc import Callable

Now = Callable[[], float]  # seconds on a monotonic clock


class GameClock:
    """Seconds played, read from ``now``."""

    start: float | None
    end: float | None
    paused_at: float | None
    _now: Now

    def __init__(self, now: Now) -> None:
        self._now = now
        self.start = None
        self.end = None
        self.paused_at = None

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
        return self.paused_at if self.paused_at is not None else self._now()

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
                self.paused_at = self._now()
            return
        if self.paused_at is None:
            return
        if self.start is not None and self.end is None:
            self.start += self._now() - self.paused_at
        self.paused_at = None

    def next_tick(self, now: float) -> float | None:
        """Seconds from ``now`` until the shown time moves on, or None when it stands still."""
        if self.start is None or self.end is not None or self.paused_at is not None:
            return None
        return 1.0 - ((now - self.start) % 1.0) + 0.002
