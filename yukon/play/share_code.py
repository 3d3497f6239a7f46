"""Share codes: a short text naming a game, its rule options and a deal, and maybe its moves.

Pure Python, no pygame, no words (a bad code raises ``ShareCodeError`` with a ``CodeFault``
that the window puts into words)::

    text = encode(Rules("russian"), 123456789)              # 'YK1-4DEP-YD2M-WHW'
    code = decode(text)                                      # ShareCode(rules, seed, moves=None)
    text = encode(rules, seed, game.moves_made)             # a finished game, with its moves
    decode(text).moves                                       # the moves, engine Move values

The format, version 1 (``YK1-``, then the body in groups of four characters; after the
prefix's dash, dashes and spaces may be left out or put anywhere, and letters may be of
either case):

- The body is Crockford's base 32 (digits and capitals without I, L, O and U; a typed
  O is read as 0, I and L as 1): 5 bits per character, most significant first.
- Its bits: 1 bit "moves follow"; 4 bits of rules (2 the game: 0 Yukon, 1 Russian;
  1 any card in a space; 1 no foundation return); 6 bits L-1 and then L bits of the
  deal number (L its bit length, 1 for deal 0). With moves: 4 bits K and K bits of the
  number of moves, then the moves as one number: each move is its index among the legal
  moves of the position it is played from, sorted by card and then destination, and the
  number is index 1 + n1 * (index 2 + n2 * (...)), ni being how many legal moves there
  were. Its bits fill the body to the end, high bits first (a forced move costs nothing;
  a typical Yukon move costs 3 to 4 bits, so a won game of 120 moves takes about 90
  characters). The body has no more characters than these bits need; unused bits are 0.
- The last three characters are a check: CRC-15 (the CAN bus polynomial 0x4599) of the
  version number (8 bits), the body's length in characters (15 bits) and the body's bits.
  A changed character alters at most 5 bits in one place, which a 15-bit CRC always
  notices; two characters swapped side by side (10 bits) too. Other damage (a character
  dropped or added) is noticed all but once in 32768 by the check, and also by the
  length, which the body's content fixes.

The moves are decoded by the engine's move generation, so what a code says about moves
is only as stable as the rules: a change to which moves are legal would need a new
version. A game from a position file has no deal number and so no code.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from ..core.rules import Rules
from ..core.state import Move, Position
from .save import MAX_SAVED_MOVES

PREFIX = "YK"
CODE_VERSION = 1
ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"  # Crockford's base 32
_VALUE = {ch: i for i, ch in enumerate(ALPHABET)} | {"O": 0, "I": 1, "L": 1}
GROUP = 4  # characters between the dashes of a code as written
CHECK_CHARS = 3
_CRC_POLY = 0x4599  # CRC-15/CAN: x^15 + x^14 + x^10 + x^8 + x^7 + x^4 + x^3 + 1
_GAMES = ("yukon", "russian")  # the game's number in a code is its place here: never reorder
MAX_CODE_MOVES = MAX_SAVED_MOVES  # more moves than a saved game may hold is no game
_PREFIX_RE = re.compile(r"\s*([A-Za-z]*)(\d*)([-_\s]?)(.*)", re.DOTALL)
_IGNORED = " \t\r\n-_"


class CodeFault(Enum):
    """Why a text is not a share code; the window words each one."""

    EMPTY = "empty"  # nothing but spaces
    WRONG_PREFIX = "wrong prefix"  # it does not start with YK and a version number
    NEWER_VERSION = "newer version"  # YK2- or later: made by a newer version of the game
    BAD_CHARACTER = "bad character"  # a character that is in no code (``index`` says where)
    DAMAGED = "damaged"  # the check does not match, or the code is cut short or too long
    UNKNOWN_RULES = "unknown rules"  # a game this version does not have (a newer version's code)
    ILLEGAL_MOVES = "illegal moves"  # the moves go on after the game is won or has no move left


class ShareCodeError(ValueError):
    """A text that is not a share code: ``fault`` says why; ``index`` is where in the text, if known."""

    fault: CodeFault
    index: int | None

    def __init__(self, fault: CodeFault, index: int | None = None) -> None:
        super().__init__(fault.value if index is None else f"{fault.value} at {index}")
        self.fault = fault
        self.index = index


@dataclass(frozen=True, slots=True)
class CodeHeader:
    """What a code says before its moves are replayed: the rules, the deal, how many moves."""

    rules: Rules
    seed: int
    move_count: int | None  # None: the code carries no moves


@dataclass(frozen=True, slots=True)
class ShareCode:
    """A decoded code: the rules, the deal number and the moves, if it carries them."""

    rules: Rules
    seed: int
    moves: tuple[Move, ...] | None = None

    def position(self) -> Position:
        """The deal as dealt."""
        return Position.deal(self.seed, self.rules)

    def text(self) -> str:
        """The code as written (``encode``)."""
        return encode(self.rules, self.seed, self.moves)


# -- bits ----------------------------------------------------------------------------------------
def _crc_table() -> tuple[int, ...]:
    table = []
    for sym in range(32):
        crc = sym << 10
        for _unused in range(5):
            crc = ((crc << 1) ^ _CRC_POLY) if crc & 0x4000 else crc << 1
            crc &= 0x7FFF
        table.append(crc)
    return tuple(table)


_CRC_TABLE = _crc_table()


def _crc(version: int, symbols: Sequence[int]) -> int:
    """CRC-15/CAN of ``version`` (8 bits), the number of ``symbols`` (15 bits) and the 5-bit
    ``symbols``, most significant bit first.

    The count keeps a plain CRC's weakness away: appending a 0 to a message and its CRC
    gives another message with its CRC, and so a code with a character added would pass.
    """
    n = len(symbols) & 0x7FFF
    crc = 0
    for sym in (version >> 5, version & 31, n >> 10, (n >> 5) & 31, n & 31, *symbols):
        crc = ((crc << 5) & 0x7FFF) ^ _CRC_TABLE[((crc >> 10) ^ sym) & 31]
    return crc


class _Bits:
    """Bits read from a big number, most significant first."""

    def __init__(self, value: int, width: int) -> None:
        self.value = value
        self.left = width

    def take(self, n: int) -> int:
        if n > self.left:
            raise ShareCodeError(CodeFault.DAMAGED)
        self.left -= n
        return (self.value >> self.left) & ((1 << n) - 1)

    def rest(self) -> int:
        value = self.value & ((1 << self.left) - 1)
        self.left = 0
        return value


def legal_in_order(position: Position) -> list[Move]:
    """The legal moves of ``position`` sorted by card, then destination: the order codes count in.

    None once the game is won: a game is over then, though the rules would let a King come back.
    """
    if position.is_won():
        return []
    return sorted(position.legal_moves(), key=lambda m: (m.card, m.to))


def _rules_bits(rules: Rules) -> int:
    return _GAMES.index(rules.variant) << 2 | rules.any_card_in_space << 1 | (not rules.foundation_return)


def _header(rules: Rules, seed: int, moves: int | None) -> tuple[int, int]:
    """The bits before the moves' number, and how many there are."""
    if not 0 <= seed < 1 << 64:
        raise ValueError(f"deal number {seed} is out of range")
    size = max(1, seed.bit_length())
    value, width = (moves is not None) << 4 | _rules_bits(rules), 5
    value, width = value << 6 | (size - 1), width + 6
    value, width = value << size | seed, width + size
    if moves is not None:
        k = moves.bit_length()
        value, width = (value << 4 | k) << k | moves, width + 4 + k
    return value, width


# -- codes -----------------------------------------------------------------------------------------
def encode(rules: Rules, seed: int, moves: Sequence[Move] | None = None) -> str:
    """The code of deal ``seed`` under ``rules``; with ``moves`` (legal in turn from the deal) they ride along.

    ValueError when a move is illegal where it is played, or there are more than MAX_CODE_MOVES.
    """
    number, radix = 0, 1
    if moves is not None:
        if len(moves) > MAX_CODE_MOVES:
            raise ValueError(f"{len(moves)} moves are more than a code carries ({MAX_CODE_MOVES})")
        position = Position.deal(seed, rules)
        digits: list[tuple[int, int]] = []
        for i, move in enumerate(moves):
            legal = legal_in_order(position)
            if move not in legal:
                raise ValueError(f"move {i + 1} ({move}) is not legal there, or the game was over")
            digits.append((legal.index(move), len(legal)))
            position.push(move)
        for index, n in reversed(digits):
            number = number * n + index
            radix *= n
    value, width = _header(rules, seed, None if moves is None else len(moves))
    number_width = (radix - 1).bit_length()
    chars = -(-(width + number_width) // 5)
    # zero bits between the header and the moves' number fill the last character
    value = value << (chars * 5 - width) | number
    symbols = [(value >> (5 * (chars - 1 - i))) & 31 for i in range(chars)]
    crc = _crc(CODE_VERSION, symbols)
    symbols += [(crc >> 10) & 31, (crc >> 5) & 31, crc & 31]
    body = "".join(ALPHABET[s] for s in symbols)
    groups = [body[i:i + GROUP] for i in range(0, len(body), GROUP)]
    return f"{PREFIX}{CODE_VERSION}-" + "-".join(groups)


def _symbols(text: str) -> list[int]:
    """The body's 5-bit symbols from a code's text (prefix checked); ShareCodeError otherwise."""
    if not text.strip():
        raise ShareCodeError(CodeFault.EMPTY)
    match = _PREFIX_RE.fullmatch(text)
    assert match is not None  # the pattern matches any text
    letters, digits, dash, _body = match.groups()
    if letters.upper() != PREFIX or not digits or not dash:
        raise ShareCodeError(CodeFault.WRONG_PREFIX)
    if int(digits) != CODE_VERSION:
        raise ShareCodeError(CodeFault.NEWER_VERSION if int(digits) > CODE_VERSION else CodeFault.WRONG_PREFIX)
    symbols: list[int] = []
    for index in range(match.start(4), len(text)):
        ch = text[index]
        if ch in _IGNORED:
            continue
        value = _VALUE.get(ch.upper())
        if value is None:
            raise ShareCodeError(CodeFault.BAD_CHARACTER, index)
        symbols.append(value)
    if len(symbols) <= CHECK_CHARS:
        raise ShareCodeError(CodeFault.DAMAGED)
    body, check = symbols[:-CHECK_CHARS], symbols[-CHECK_CHARS:]
    if _crc(CODE_VERSION, body) != check[0] << 10 | check[1] << 5 | check[2]:
        raise ShareCodeError(CodeFault.DAMAGED)
    return body


def _read_header(body: list[int]) -> tuple[CodeHeader, _Bits]:
    value = 0
    for sym in body:
        value = value << 5 | sym
    bits = _Bits(value, 5 * len(body))
    has_moves = bits.take(1)
    game, any_card, no_return = bits.take(2), bits.take(1), bits.take(1)
    if game >= len(_GAMES):
        raise ShareCodeError(CodeFault.UNKNOWN_RULES)
    size = bits.take(6) + 1
    seed = bits.take(size)
    count = None
    if has_moves:
        k = bits.take(4)
        count = bits.take(k)
        if count.bit_length() != k or count > MAX_CODE_MOVES:
            raise ShareCodeError(CodeFault.DAMAGED)
    if max(1, seed.bit_length()) != size:  # one code for one deal: no leading zero bits
        raise ShareCodeError(CodeFault.DAMAGED)
    rules = Rules(_GAMES[game], any_card_in_space=bool(any_card), foundation_return=not no_return)
    return CodeHeader(rules, seed, count), bits


def _canonical(header: CodeHeader, body: list[int], radix: int) -> None:
    """ShareCodeError unless the body has just the characters its content needs."""
    width = _header(header.rules, header.seed, header.move_count)[1] + (radix - 1).bit_length()
    if len(body) != -(-width // 5):
        raise ShareCodeError(CodeFault.DAMAGED)


def decode_header(text: str) -> CodeHeader:
    """The rules, deal and number of moves of a code, its check verified, its moves not replayed."""
    body = _symbols(text)
    header, bits = _read_header(body)
    if header.move_count is None:
        if bits.rest() != 0:
            raise ShareCodeError(CodeFault.DAMAGED)
        _canonical(header, body, 1)
    return header


def decode(text: str) -> ShareCode:
    """The code in ``text``: ShareCodeError (with its CodeFault) when it is none."""
    body = _symbols(text)
    header, bits = _read_header(body)
    if header.move_count is None:
        if bits.rest() != 0:
            raise ShareCodeError(CodeFault.DAMAGED)
        _canonical(header, body, 1)
        return ShareCode(header.rules, header.seed)
    number = bits.rest()
    position = Position.deal(header.seed, header.rules)
    moves: list[Move] = []
    radix = 1
    for _unused in range(header.move_count):
        legal = legal_in_order(position)
        if not legal:
            raise ShareCodeError(CodeFault.ILLEGAL_MOVES)
        number, index = divmod(number, len(legal))
        radix *= len(legal)
        moves.append(legal[index])
        position.push(legal[index])
    if number != 0:
        raise ShareCodeError(CodeFault.DAMAGED)
    _canonical(header, body, radix)
    return ShareCode(header.rules, header.seed, tuple(moves))
