"""The records count the hints used in the game under way (the win summary shows them): one per
hint shown, not again when the same move is shown again for the same position (the solver's
word replacing a quick one), kept with the saved game and started afresh with a new deal."""

from __future__ import annotations

from pathlib import Path

import pytest

from yukon.core.state import Game
from yukon.play.records import Records
from yukon.play.session import TableSession


class FakeClock:
    """Seconds that move on only when told."""

    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


@pytest.mark.parametrize("seed", [3, 8, 21])
def test_hints_used_are_counted_kept_with_the_game_and_forgotten_at_a_new_deal(seed: int, tmp_path: Path) -> None:
    session = TableSession(Game.deal(seed), FakeClock())
    records = Records(tmp_path)
    records.follow(session)
    session.next_hint()
    first = session.hint
    assert first is not None and records.hints == 1 and "hint" in records.helps
    session.show_hint(first.moves, first.index, "The same move, in the solver's words.")
    assert records.hints == 1  # the same move for the same position: not a second hint
    if len(first.moves) > 1:
        session.next_hint()  # the next one
        assert records.hints == 2
    hints = records.hints
    session.move(session.position.legal_moves()[0])
    session.next_hint()  # a new position, a new hint
    assert records.hints == hints + 1
    records.quitting(session.game, session.elapsed())
    again = Records(tmp_path)
    assert again.resume() is not None and again.hints == hints + 1  # kept with the game
    records.follow(session)
    session.deal(Game.deal(seed + 1))
    assert records.hints == 0
