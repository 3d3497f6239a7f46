"""A fixed-timestep accumulator with an interpolation fraction (like Arcade's fixed clock).

The loop feeds it real elapsed time; it answers how many fixed steps to run and, after
them, how far (0..1) the display lies between the last step and the next. Tweens
advance only by whole steps, so a run is the same whatever the frame rate.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(slots=True)
class FixedClock:
    """Accumulates real time and hands it out in fixed steps of ``step`` seconds."""

    step: float = 1.0 / 120.0
    max_frame: float = 0.25  # a longer gap (a stall, a debugger) is not replayed step by step
    accumulator: float = 0.0

    def advance(self, elapsed: float) -> int:
        """Add ``elapsed`` seconds; return how many whole steps are now due (and consume them)."""
        if elapsed > 0:
            self.accumulator += min(elapsed, self.max_frame)
        # The tiny allowance stops float rounding (0.1 + 0.2 ...) from holding a due step back.
        n = int((self.accumulator + 1e-9) // self.step)
        self.accumulator = max(0.0, self.accumulator - n * self.step)
        return n

    @property
    def alpha(self) -> float:
        """The fraction of a step left over: where to draw between the last state and the next."""
        return max(0.0, min(1.0, self.accumulator / self.step))

    def reset(self) -> None:
        """Forget leftover time (after an idle wait, so a long sleep is not replayed)."""
        self.accumulator = 0.0
