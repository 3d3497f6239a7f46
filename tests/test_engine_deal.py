"""The deal: a fixed shuffle per deal number, dealt exactly as RULES.md describes."""

from pathlib import Path

import pytest

from yukon.core.cards import shuffled_pack, splitmix64
from yukon.core.notation import format_position
from yukon.core.rules import RUSSIAN, Rules
from yukon.core.state import Position

GOLDEN = Path(__file__).parent / "golden"


def test_splitmix64_matches_the_published_reference_sequence() -> None:
    # First outputs of SplitMix64 seeded with 0, from its reference implementation.
    state, a = splitmix64(0)
    state, b = splitmix64(state)
    assert (a, b) == (0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4)


@pytest.mark.parametrize("seed", [0, 1, 2, 12345, 18446744073709551615])
def test_golden_deals_never_change(seed: int) -> None:
    expected = (GOLDEN / f"deal_{seed}.txt").read_text()
    assert format_position(Position.deal(seed)) == expected


def test_golden_russian_deal_is_the_same_shuffle() -> None:
    expected = (GOLDEN / "deal_7_russian.txt").read_text()
    assert format_position(Position.deal(7, RUSSIAN)) == expected
    assert Position.deal(7, RUSSIAN).columns == Position.deal(7).columns


@pytest.mark.parametrize("seed", range(0, 300, 7))
def test_deal_shape_follows_the_rules(seed: int) -> None:
    pack = shuffled_pack(seed)
    assert sorted(pack) == list(range(52))
    p = Position.deal(seed)
    assert [len(c) for c in p.columns] == [1, 6, 7, 8, 9, 10, 11]
    assert p.down == [0, 1, 2, 3, 4, 5, 6]
    assert sum(p.down) == 21
    assert p.foundations == [0, 0, 0, 0]
    # Klondike staircase first: round r puts pack cards in order on columns r..7.
    k = 0
    for r in range(7):
        for c in range(r, 7):
            assert p.columns[c][r] == pack[k]
            k += 1
    # Then four rounds of one face-up card on each of columns 2..7.
    for r in range(4):
        for c in range(1, 7):
            assert p.columns[c][c + 1 + r] == pack[k]
            k += 1
    assert k == 52


def test_different_seeds_give_different_deals() -> None:
    texts = {format_position(Position.deal(s)) for s in range(200)}
    assert len(texts) == 200


def test_bad_seeds_are_refused() -> None:
    with pytest.raises(ValueError):
        shuffled_pack(-1)
    with pytest.raises(ValueError):
        shuffled_pack(1 << 64)


def test_the_shuffle_is_not_biased_in_an_obvious_way() -> None:
    # Over 2000 deals each card lands first in the pack about 1/52 of the time.
    counts = [0] * 52
    for s in range(2000):
        counts[shuffled_pack(s)[0]] += 1
    assert max(counts) < 2000 / 52 * 2 and min(counts) > 0


def test_rules_describe_themselves() -> None:
    assert Rules().describe() == "Yukon"
    assert Rules("russian", True, False).describe() == "Russian Solitaire, any card in an empty column, no foundation return"
    with pytest.raises(ValueError):
        Rules("klondike")
