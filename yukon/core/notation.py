"""Position text and move text (RULES.md): parsing with line-naming errors, canonical output."""

from __future__ import annotations

from .cards import CARD_TEXT, RANK_LETTERS, SUIT_LETTERS, Card, card_text, make_card, parse_card, parse_rank
from .rules import VARIANTS, Rules
from .state import COLUMN_COUNT, FOUNDATION, Move, Position


class PositionError(ValueError):
    """Position text that cannot be read; ``str()`` names the line and the problem."""

    def __init__(self, line: int, problem: str) -> None:
        super().__init__(f"line {line}: {problem}")
        self.line = line
        self.problem = problem


class MoveTextError(ValueError):
    """Move text that cannot be read."""


def _foundation_rank(text: str) -> int:
    return 0 if text == "0" else parse_rank(text)


def _parse_column(number: int, line: str, column: int, seen: dict[Card, int],
                  foundations_line: int) -> tuple[list[Card], int]:
    """One column line (``: (9C) 8H 7S``): its cards and how many lie face down."""
    col: list[Card] = []
    down = 0
    for token in line[1:].split():
        face_down = token.startswith("(") and token.endswith(")") and len(token) > 2
        try:
            card = parse_card(token[1:-1] if face_down else token)
        except ValueError:
            raise PositionError(number, f"{token!r} is not a card (write cards like 7H, TH or (KD))") from None
        if card in seen and seen[card] == foundations_line:
            raise PositionError(number, f"{CARD_TEXT[card]} is on the table but also on its foundation "
                                f"(line {foundations_line})")
        if card in seen:
            where = "on the same line" if seen[card] == number else f"also on line {seen[card]}"
            raise PositionError(number, f"{CARD_TEXT[card]} appears twice ({where})")
        seen[card] = number
        if face_down:
            if down != len(col):
                raise PositionError(number, f"face-down ({CARD_TEXT[card]}) lies above a face-up card")
            down += 1
        col.append(card)
    if col and down == len(col):
        raise PositionError(number, f"column {column + 1} ends in a face-down card")
    return col, down


def _parse_foundations(number: int, rest: str, seen: dict[Card, int]) -> list[int]:
    """The Foundations line's entries (``S-K H-6``): the top rank of each suit's pile."""
    foundations = [0, 0, 0, 0]
    given: set[int] = set()
    for token in rest.split():
        suit_text, dash, rank_text = token.upper().partition("-")
        if not dash or suit_text not in tuple(SUIT_LETTERS) or not rank_text:
            raise PositionError(number, f"{token!r} is not a foundation (write it like H-A, D-3 or S-0)")
        try:
            rank = _foundation_rank(rank_text)
        except ValueError:
            raise PositionError(number, f"{token!r} has an unknown rank") from None
        suit = SUIT_LETTERS.index(suit_text)
        if suit in given:
            raise PositionError(number, f"the {suit_text} foundation is given twice")
        given.add(suit)
        foundations[suit] = rank
    for suit, rank in enumerate(foundations):
        for r in range(1, rank + 1):
            seen[make_card(r, suit)] = number
    return foundations


def _parse_game(number: int, rest: str) -> str:
    """The Game line's variant."""
    name = rest.strip().lower()
    if name not in VARIANTS:
        raise PositionError(number, f"unknown game {rest.strip()!r} (choose yukon or russian)")
    return name


def parse_position(text: str, any_card_in_space: bool = False, foundation_return: bool = True) -> Position:
    """Read position text; raises PositionError naming the line for any bad input."""
    variant: str | None = None
    foundations: list[int] | None = None
    columns: list[list[Card]] = []
    downs: list[int] = []
    seen: dict[Card, int] = {}
    last_line = 0
    foundations_line = 0
    for number, raw in enumerate(text.lstrip("\ufeff").splitlines(), start=1):
        line = raw.strip()
        last_line = number
        if not line or line.startswith("#"):
            continue
        if line.startswith(":"):
            if len(columns) == COLUMN_COUNT:
                raise PositionError(number, "an eighth column; a position has exactly seven")
            col, down = _parse_column(number, line, len(columns), seen, foundations_line)
            columns.append(col)
            downs.append(down)
            continue
        head, sep, rest = line.partition(":")
        head = head.strip().lower()
        if sep and head in ("game", "foundations"):
            title = "Game" if head == "game" else "Foundations"
            if columns:
                raise PositionError(number, f"the {title} line must come before the columns")
            if (variant if head == "game" else foundations) is not None:
                raise PositionError(number, f"a second {title} line")
            if head == "game":
                variant = _parse_game(number, rest)
            else:
                foundations_line = number
                foundations = _parse_foundations(number, rest, seen)
        else:
            raise PositionError(number, f"unknown line {line[:40]!r} (expected Game:, Foundations: or a column "
                                "starting with ':')")
    if len(columns) < COLUMN_COUNT:
        raise PositionError(max(last_line, 1), f"only {len(columns)} column lines; a position has exactly seven")
    missing = [c for c in range(52) if c not in seen]
    if missing:
        shown = " ".join(card_text(c) for c in missing[:8]) + (" ..." if len(missing) > 8 else "")
        raise PositionError(last_line, f"{len(missing)} card(s) missing from the position: {shown}")
    try:
        rules = Rules(variant or "yukon", any_card_in_space, foundation_return)
    except ValueError as e:  # pragma: no cover - variant already checked
        raise PositionError(1, str(e)) from None
    return Position(columns, downs, foundations or [0, 0, 0, 0], rules)


def format_position(position: Position) -> str:
    """The canonical position text (ends with a newline)."""
    lines = [f"Game: {position.rules.variant}"]
    lines.append("Foundations: " + " ".join(
        f"{SUIT_LETTERS[s]}-{RANK_LETTERS[r - 1] if r else '0'}" for s, r in enumerate(position.foundations)))
    for col, down in zip(position.columns, position.down):
        cards = [f"({CARD_TEXT[c]})" if j < down else CARD_TEXT[c] for j, c in enumerate(col)]
        lines.append(": " + " ".join(cards) if cards else ":")
    return "\n".join(lines) + "\n"


_COLUMN_TEXT = {str(n): n - 1 for n in range(1, COLUMN_COUNT + 1)}


def shown(text: str, limit: int = 40) -> str:
    """``text`` quoted for a one-line message, cut short when long."""
    return repr(text) if len(text) <= limit else repr(text[:limit]) + f"... ({len(text)} characters)"


def whole_number(text: str, longest: int = 40) -> int:
    """A whole number written in ASCII digits (an optional ``-``, spaces around).

    ValueError for anything else, and for more than ``longest`` characters: ``int()``
    alone would also take ``1_000``, ``١٢`` and fail on 5,000 digits with its own message.
    """
    t = text.strip()
    if len(t) > longest:
        raise ValueError(f"{shown(text)} is too long for a number")
    digits = t.removeprefix("-")
    if not (digits.isascii() and digits.isdigit()):
        raise ValueError(f"{shown(text)} is not a whole number")
    return int(t)


def parse_move(text: str) -> Move:
    """Read move text such as ``7H-3`` or ``AS-F``; raises MoveTextError."""
    card_part, dash, dest = text.strip().rpartition("-")
    if not dash:
        raise MoveTextError(f"{shown(text)} is not a move (write it like 7H-3 or AS-F)")
    try:
        card = parse_card(card_part)
    except ValueError:
        raise MoveTextError(f"{shown(text)} is not a move: {shown(card_part)} is not a card") from None
    d = dest.strip().upper()
    if d == "F":
        return Move.of(card, FOUNDATION)
    # Only the ASCII digits 1-7: str.isdigit() also passes '²' and 5,000-digit numbers.
    if d in _COLUMN_TEXT:
        return Move.of(card, _COLUMN_TEXT[d])
    raise MoveTextError(f"{shown(text)} is not a move: {shown(dest)} is not a column 1-7 or F")


def format_move(move: Move) -> str:
    """The move text of a move."""
    return str(move)
