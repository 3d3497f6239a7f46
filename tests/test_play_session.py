"""The table session without a window: every operation's events, over many random deals.

The session (``yukon.play.session``) is what the window, the lessons, the Demo and these tests
all drive; nothing here imports pygame. Time comes from a fake clock moved on by hand.
"""

from __future__ import annotations

import random

import pytest

from yukon.core.cards import parse_card
from yukon.core.notation import parse_move, parse_position
from yukon.core.state import FOUNDATION, ON_FOUNDATION, Game, Move, Position
from yukon.play.events import (
    Actor,
    Dealt,
    Event,
    HintShown,
    Moved,
    Notice,
    Redone,
    Refused,
    Restarted,
    Said,
    Selected,
    Stuck,
    StuckWhy,
    Tone,
    Undone,
    Won,
    made_move,
)
from yukon.play.session import MESSAGE_TIME, TableSession, simple_hints

ONE_TO_GO = """
Foundations: S-K H-K D-K C-Q
: KC
:
:
:
:
:
:
"""


class FakeClock:
    """Seconds that move on only when told."""

    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


def session_on(game: Game, clock: FakeClock | None = None) -> tuple[TableSession, list[Event]]:
    """A session on ``game`` and the list of everything it tells its listeners."""
    heard: list[Event] = []
    s = TableSession(game, clock or FakeClock())
    s.listen(heard.append)
    return s, heard


@pytest.mark.parametrize("seed", range(1, 13))
def test_random_play_moves_undoes_and_redoes_with_the_events_that_say_so(seed: int) -> None:
    rng = random.Random(seed)
    s, heard = session_on(Game.deal(seed))
    for _ in range(60):
        legal = s.position.legal_moves()
        if not legal:
            break
        move = rng.choice(legal)
        source = s.position.loc[move.card]
        events = s.move(move)
        moved = events[0]
        assert isinstance(moved, Moved) and moved.move == move and moved.by is Actor.PLAYER
        assert moved.undo == s.game.history[-1] and heard[-len(events):] == events
        if moved.undo.flipped:
            assert moved.turned_up == s.position.columns[source][-1] and s.position.is_face_up(moved.turned_up)
        else:
            assert moved.turned_up is None
        if rng.random() < 0.3:
            undone = s.undo()[0]
            assert isinstance(undone, Undone) and undone.move == move
            if moved.turned_up is not None:
                assert undone.turned_down == moved.turned_up and not s.position.is_face_up(moved.turned_up)
            else:
                assert undone.turned_down is None
            redone = s.redo()[0]
            assert isinstance(redone, Redone) and redone.move == move and redone.turned_up == moved.turned_up
    replay = Game.deal(seed)  # the events alone tell the whole game
    for e in heard:
        if isinstance(e, (Moved, Redone)):
            replay.play(e.move)
        elif isinstance(e, Undone):
            replay.undo()
    assert replay.position == s.position and replay.moves_made == s.game.moves_made


@pytest.mark.parametrize("seed", range(1, 9))
def test_a_refused_move_says_why_and_changes_nothing(seed: int) -> None:
    s, _heard = session_on(Game.deal(seed))
    pos = s.position
    card, to = next((c, t) for c in range(52) if pos.loc[c] < ON_FOUNDATION and pos.is_face_up(c)
                    for t in [*range(7), FOUNDATION] if t != pos.loc[c] and pos.why_illegal(Move.of(c, t)))
    key = pos.key()
    s.select(card)
    events = s.place(to)
    assert isinstance(events[0], Refused) and events[0].illegal == pos.why_illegal(Move.of(card, to))
    assert events[-1] == Selected(None) and s.selection is None  # a refused place puts the selection down
    assert s.position.key() == key and not s.game.history and not made_move(events)
    assert s.message is not None and s.message.tone is Tone.ERROR and s.message.spoken == events[0]


def test_a_guide_refuses_in_its_own_words_and_hears_every_event_after_the_listeners() -> None:
    order: list[str] = []

    class OnlyHome:
        def veto(self, game: Game, move: Move) -> Refused | None:
            return None if move.to == FOUNDATION else Refused(move, None, guide=True, guide_text="Only cards home, please.")

        def heard(self, event: Event, session: TableSession) -> None:
            order.append("guide")

    s = TableSession(Game(parse_position(ONE_TO_GO)), FakeClock(), guide=OnlyHome(), deals=False)
    s.listen(lambda e: order.append("listener"))
    refused = s.move(Move.of(parse_card("KC"), 1))  # a legal move (a King into an empty column), but not the guide's
    assert refused == [Refused(Move.of(parse_card("KC"), 1), None, guide=True, guide_text="Only cards home, please.")]
    assert s.message is not None and s.message.tone is Tone.LESSON and order == ["listener", "guide"]
    assert made_move(s.move(parse_move("KC-F")))
    assert s.clock.start is None  # a lesson keeps no time


def test_hints_go_round_the_useful_moves_and_go_with_the_position() -> None:
    s, _heard = session_on(Game.deal(7))
    moves = simple_hints(s.game)
    assert len(moves) >= 2
    for i in range(len(moves) + 1):
        shown = s.next_hint()[0]
        assert isinstance(shown, HintShown) and shown.move == moves[i % len(moves)] and s.hint == shown
    s.select(moves[0].card)
    assert s.hint is not None  # a selection leaves the hint alone; the next hint drops the selection
    s.next_hint()
    assert s.selection is None
    s.move(moves[0])
    assert s.hint is None and s.message is None  # the hint went with the position it was for


def no_move_left() -> Position:
    """The 2 of spades on the face-down Ace of hearts, nothing else out: no move at all."""
    return Position([[parse_card("AH"), parse_card("2S")]] + [[] for _ in range(6)], [1, 0, 0, 0, 0, 0, 0],
                    [0, 0, 0, 0])


def test_nothing_left_to_hint_or_undo_is_said() -> None:
    s, _heard = session_on(Game(no_move_left()))
    assert s.undo() == [Said(Notice.NOTHING_TO_UNDO)] and s.redo() == [Said(Notice.NOTHING_TO_REDO)]
    assert s.next_hint() == [Said(Notice.NO_MOVE_LEFT)] and s.home_move(False) is None


def test_the_win_ends_the_game_once_and_stops_the_clock() -> None:
    clock = FakeClock()
    s, _heard = session_on(Game(parse_position(ONE_TO_GO), seed=5), clock)
    clock.t += 10
    events = s.move(parse_move("KC-F"), Actor.DEMO)
    assert isinstance(events[-1], Won) and events[-1] == Won(Actor.DEMO, 1, 0.0) and s.ended == events[-1]
    clock.t += 30
    assert s.elapsed() == 0.0  # the first move started the clock and won at once
    assert isinstance(s.undo()[0], Undone) and s.ended is None
    redo = s.redo()
    assert isinstance(redo[-1], Won) and redo[-1].by is Actor.PLAYER  # a redo is the player's


def test_a_stuck_game_says_why_once_per_position() -> None:
    # The 9 of hearts between two black tens, nothing face down and no Ace out: it can only go to and fro.
    p = Position([[parse_card("TS"), parse_card("9H")], [parse_card("TC")], [], [], [], [], []], [0] * 7,
                 [0, 0, 0, 0])
    s, _heard = session_on(Game(p))
    events = s.move(Move.of(parse_card("9H"), 1))
    assert events[-1] == Stuck(StuckWhy.ONLY_SHUFFLING) and s.ended == events[-1]
    assert isinstance(s.undo()[-1], Stuck)  # looked at afresh after an undo
    none_left = TableSession(Game(no_move_left()), FakeClock())
    assert none_left.restart()[0] == Restarted() and none_left.ended == Stuck(StuckWhy.NO_LEGAL_MOVE)


def test_the_clock_runs_from_the_first_move_and_stands_still_while_paused() -> None:
    clock = FakeClock()
    s, _heard = session_on(Game.deal(3), clock)
    clock.t += 50
    assert s.elapsed() == 0.0
    s.move(s.position.legal_moves()[0])
    clock.t += 4
    s.pause_clock(True)
    clock.t += 100
    s.pause_clock(False)
    clock.t += 1
    assert s.elapsed() == 5.0
    s.restart()
    assert s.elapsed() == 0.0 and s.clock.start is None


def test_a_deal_puts_another_game_on_the_table() -> None:
    clock = FakeClock()
    s, _heard = session_on(Game.deal(3), clock)
    s.select(next(c for c in range(52) if s.position.is_face_up(c)))
    s.next_hint()
    assert s.deal(Game.deal(4)) == [Dealt(4, False)]
    assert s.selection is None and s.hint is None and s.game.seed == 4
    assert s.deal(Game.deal(5), resumed=True, elapsed=40.0) == [Dealt(5, True)]
    clock.t += 2
    assert s.elapsed() == 42.0


def test_a_message_lasts_its_time_on_the_session_s_clock() -> None:
    clock = FakeClock()
    s, heard = session_on(Game.deal(3), clock)
    s.tell("A word.", Tone.INFO, 5.0)
    clock.t += 4.9
    assert s.live_message() is not None
    clock.t += 0.2
    assert s.live_message() is None and s.message is None
    s.say(Notice.NEW_DEAL, 3)
    assert heard[-1] == Said(Notice.NEW_DEAL, 3) and s.message is not None
    assert s.message.until == clock.t + MESSAGE_TIME


def test_bookkeeping_listens_first_and_a_broken_listener_stops_no_one(capsys: pytest.CaptureFixture[str]) -> None:
    s = TableSession(Game.deal(3), FakeClock())
    order: list[str] = []

    def broken(event: Event) -> None:
        raise RuntimeError("a listener that fails")

    s.listen(lambda e: order.append("window"))
    s.listen(broken)
    s.listen(lambda e: order.append("books"), front=True)
    s.listen(lambda e: order.append("sound"))
    s.move(s.position.legal_moves()[0])
    assert order == ["books", "window", "sound"]
    assert "a table listener failed" in capsys.readouterr().err
