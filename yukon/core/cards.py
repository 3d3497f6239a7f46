"""Cards as small integers (0..51), their ranks, suits, colours and text, and the deal shuffle.

A card is ``suit * 13 + rank - 1`` with suits in the order spades, hearts, diamonds,
clubs (the order of the position text's ``Foundations:`` line) and ranks 1 (Ace) to
13 (King). Plain integers keep the engine fast; the tables below answer every
question about a card with one index.
"""

from __future__ import annotations

Card = int

SUIT_LETTERS = "SHDC"
RANK_LETTERS = "A23456789TJQK"

HEARTS, DIAMONDS = 1, 2  # the red suits (the order: spades, hearts, diamonds, clubs)
ACE, KING = 1, 13

RANK: tuple[int, ...] = tuple(c % 13 + 1 for c in range(52))
SUIT: tuple[int, ...] = tuple(c // 13 for c in range(52))
RED: tuple[bool, ...] = tuple(c // 13 in (HEARTS, DIAMONDS) for c in range(52))
CARD_TEXT: tuple[str, ...] = tuple(RANK_LETTERS[c % 13] + SUIT_LETTERS[c // 13] for c in range(52))
KINGS: tuple[Card, ...] = tuple(s * 13 + 12 for s in range(4))
ALL_CARDS: tuple[Card, ...] = tuple(range(52))


def make_card(rank: int, suit: int) -> Card:
    """The card of ``rank`` (1..13) and ``suit`` (0..3)."""
    return suit * 13 + rank - 1


def card_text(card: Card) -> str:
    """The card in position text, e.g. ``TH``."""
    return CARD_TEXT[card]


def parse_rank(text: str) -> int:
    """A rank letter (``A``, ``2``..``9``, ``T`` or ``10``, ``J``, ``Q``, ``K``) as 1..13."""
    t = text.upper()
    if t == "10":
        t = "T"
    if len(t) != 1 or t not in RANK_LETTERS:
        raise ValueError(f"unknown rank {text!r}")
    return RANK_LETTERS.index(t) + 1


def parse_card(text: str) -> Card:
    """A card from its text (``7H``, ``TH`` or ``10H``, any case); ValueError if it is none."""
    t = text.strip().upper()
    if len(t) < 2 or t[-1] not in SUIT_LETTERS:
        raise ValueError(f"{text!r} is not a card")
    try:
        rank = parse_rank(t[:-1])
    except ValueError:
        raise ValueError(f"{text!r} is not a card") from None
    return make_card(rank, SUIT_LETTERS.index(t[-1]))


# The deal shuffle. It is written out here, not taken from the random module, so that a
# deal number gives the same deal on every machine and in every later version: Python
# does not promise that random.shuffle stays the same. SplitMix64 feeds a Fisher-Yates
# shuffle with rejection sampling, so every arrangement is equally likely.
_MASK64 = (1 << 64) - 1


def splitmix64(state: int) -> tuple[int, int]:
    """One step of SplitMix64: the next state and a 64-bit output (the same on every machine)."""
    state = (state + 0x9E3779B97F4A7C15) & _MASK64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return state, z ^ (z >> 31)


MAX_SEED = _MASK64


def shuffled_pack(seed: int) -> list[Card]:
    """The 52 cards in dealing order for deal number ``seed`` (0 .. 2**64-1)."""
    if not 0 <= seed <= MAX_SEED:
        raise ValueError(f"deal number must be between 0 and {MAX_SEED}")
    state = seed
    pack = list(ALL_CARDS)
    for i in range(51, 0, -1):
        n = i + 1
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            state, r = splitmix64(state)
            if r < limit:
                break
        j = r % n
        pack[i], pack[j] = pack[j], pack[i]
    return pack
