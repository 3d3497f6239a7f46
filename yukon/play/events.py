"""What a table session tells its listeners: typed events, worded only by the window.

Every operation of ``TableSession`` returns the events it caused, in order, and hands each
to every listener. None of them holds words of the window's own making: a ``Said`` names a
``Notice`` and a number, a ``Refused`` the rules' reason; only ``Told`` (and a guide's or an
assist's ``text``) carries text that a layer above already put into the player's language.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum, auto

from ..core.cards import Card
from ..core.state import Illegal, Move, Undo


class Actor(Enum):
    """Who made a move."""

    PLAYER = auto()
    HINT = auto()  # P: the hinted move, played for the player
    HOME = auto()  # All home, or safe cards going home by themselves
    DEMO = auto()
    FINISH = auto()
    LESSON = auto()  # a lesson's scripted move


class Notice(Enum):
    """Things the table says that ask nothing (a fading message, never a dialog)."""

    NOTHING_TO_UNDO = auto()
    NOTHING_TO_REDO = auto()
    DEAL_RESTARTED = auto()
    LESSON_RESTARTED = auto()
    NEW_DEAL = auto()  # with the deal's number
    NO_MOVE_LEFT = auto()
    ALL_HOME_ALREADY = auto()
    NONE_CAN_GO_HOME = auto()
    SENT_HOME = auto()  # with how many
    SET_POSITION = auto()  # this table plays a set position; leave it to deal again


class Tone(Enum):
    """How a message looks: plain news, a refusal or fault, a hint, a lesson's word."""

    INFO = auto()
    ERROR = auto()
    HINT = auto()
    LESSON = auto()


@dataclass(frozen=True, slots=True)
class Moved:
    """A move was made (``undo`` says where from, how many cards, whether a card turned up)."""

    move: Move
    by: Actor
    undo: Undo
    turned_up: Card | None


@dataclass(frozen=True, slots=True)
class Undone:
    """A move was taken back; ``turned_down`` went face down again."""

    move: Move
    turned_down: Card | None


@dataclass(frozen=True, slots=True)
class Redone:
    """An undone move was made again."""

    move: Move
    undo: Undo
    turned_up: Card | None


@dataclass(frozen=True, slots=True)
class Restarted:
    """The deal is back as it was dealt."""


@dataclass(frozen=True, slots=True)
class Dealt:
    """Another game is on the table; ``resumed``: put back (a saved game, a start-up choice), not a new deal."""

    seed: int | None
    resumed: bool


@dataclass(frozen=True, slots=True)
class Refused:
    """A move was not made: the rules' reason (``illegal``); when a guide (a lesson) refused it,
    ``guide`` is set, with its own words (``guide_text``, the lesson's data, said after the rules'
    reason, if any) or ``over``: its lesson was over already and the move counts for nothing."""

    move: Move
    illegal: Illegal | None
    guide: bool = False
    guide_text: str = ""
    over: bool = False


@dataclass(frozen=True, slots=True)
class Selected:
    """The player picked up ``card`` (with its tail), or put the selection down (None)."""

    card: Card | None


@dataclass(frozen=True, slots=True)
class HintShown:
    """``moves[index]`` is the hint on show; ``text``: the words of whoever chose it ("": the window's own)."""

    moves: tuple[Move, ...]
    index: int
    text: str = ""

    @property
    def move(self) -> Move:
        """The move on show."""
        return self.moves[self.index]


@dataclass(frozen=True, slots=True)
class Said:
    """A notice of the table's own; ``number``: the deal's number, how many cards went home ..."""

    notice: Notice
    number: int = 0


@dataclass(frozen=True, slots=True)
class Told:
    """Words a layer above put together (already in the player's language), shown as a message."""

    text: str
    tone: Tone = Tone.INFO


class StuckWhy(Enum):
    """Why nothing useful is left to play."""

    NO_LEGAL_MOVE = auto()
    ONLY_SHUFFLING = auto()


@dataclass(frozen=True, slots=True)
class Won:
    """All 52 cards are home; ``by`` played the last move."""

    by: Actor
    moves: int
    seconds: float


@dataclass(frozen=True, slots=True)
class Stuck:
    """No useful move is left (as far as a quick look can tell)."""

    why: StuckWhy


Spoken = Said | Refused | HintShown | Told  # what a message on show can be
Change = Moved | Undone | Redone | Restarted | Dealt  # the events that change the cards
Event = Moved | Undone | Redone | Restarted | Dealt | Refused | Selected | HintShown | Said | Told | Won | Stuck
Listener = Callable[[Event], None]


def made_move(events: list[Event]) -> bool:
    """Did the operation that gave ``events`` make a move?"""
    return any(isinstance(e, Moved) for e in events)
