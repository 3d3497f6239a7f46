"""Share codes: round trips for any deal, rule set and legal move list; damage is always caught."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from enginetools import all_rule_sets
from yukon.core.cards import MAX_SEED
from yukon.core.notation import parse_move
from yukon.core.rules import RUSSIAN, YUKON, Rules
from yukon.core.state import Move, Position
from yukon.play.share_code import (
    ALPHABET,
    CodeFault,
    ShareCode,
    ShareCodeError,
    decode,
    decode_header,
    encode,
    legal_in_order,
)
from yukon.survey import read_lines

ROOT = Path(__file__).resolve().parent.parent
RULE_SETS = all_rule_sets()


def random_line(rules: Rules, seed: int, rng: random.Random, most: int = 150) -> list[Move]:
    """A legal move list from deal ``seed``: random moves, a third of them preferring the foundations."""
    p = Position.deal(seed, rules)
    line: list[Move] = []
    for _unused in range(rng.randrange(most)):
        moves = p.legal_moves()
        if not moves:
            break
        home = [m for m in moves if m.to_foundation]
        move = rng.choice(home if home and rng.random() < 0.3 else moves)
        p.push(move)
        line.append(move)
    return line


def random_seed(rng: random.Random) -> int:
    return rng.choice([rng.randrange(1, 10**9), rng.randrange(MAX_SEED + 1), rng.randrange(20), MAX_SEED])


@pytest.mark.parametrize("text, rules, seed, moves", [
    ("YK1-0DEP-YD2M-4SN", YUKON, 123456789, None),
    ("YK1-4DEP-YD2M-WHW", RUSSIAN, 123456789, None),
    ("YK1-300X-H8", Rules("yukon", any_card_in_space=True, foundation_return=False), 0, None),
    ("YK1-6ZZZ-ZZZZ-ZZZZ-ZZZ0-CB", Rules("russian", any_card_in_space=True), MAX_SEED, None),
    ("YK1-G6W1-S9G1-A4F8-HPJN-V", YUKON, 12345, "JD-2 5D-5 5C-1 6S-4 4D-1 AD-4 QD-7 2C-3 4C-4 9S-6 JS-4 AS-F"),
])
def test_codes_once_shared_read_the_same_forever(text: str, rules: Rules, seed: int, moves: str | None) -> None:
    # Players keep and send codes: a change of the format that reads these otherwise needs YK2.
    line = None if moves is None else tuple(parse_move(t) for t in moves.split())
    assert decode(text) == ShareCode(rules, seed, line)
    assert encode(rules, seed, line) == text


def test_a_code_without_moves_round_trips_for_any_deal_and_rule_set() -> None:
    rng = random.Random(26)
    for _unused in range(3000):
        rules, seed = rng.choice(RULE_SETS), random_seed(rng)
        text = encode(rules, seed)
        assert text.startswith("YK1-") and decode(text) == ShareCode(rules, seed)
        assert decode_header(text).move_count is None
        assert decode(text.lower()) == decode("YK1-" + text[4:].replace("-", "")) == decode(f"  {text}\n") == ShareCode(rules, seed)
    for seed in (0, 1, 2**32, MAX_SEED):
        assert decode(encode(YUKON, seed)).seed == seed


def test_a_code_with_moves_round_trips_for_any_legal_move_list() -> None:
    rng = random.Random(2626)
    for _unused in range(300):
        rules, seed = rng.choice(RULE_SETS), random_seed(rng)
        line = random_line(rules, seed, rng)
        text = encode(rules, seed, line)
        code = decode(text)
        assert code == ShareCode(rules, seed, tuple(line))
        assert decode_header(text).move_count == len(line)
        p = code.position()
        for move in code.moves or ():
            p.play(move)  # each move legal in turn


@pytest.mark.parametrize("tag, rules", [("yukon", YUKON), ("russian", RUSSIAN),
                                        ("yukon+no-foundation-return", Rules("yukon", foundation_return=False)),
                                        ("yukon+any-card-in-space", Rules("yukon", any_card_in_space=True))])
def test_the_solvers_winning_lines_round_trip_and_stay_short(tag: str, rules: Rules) -> None:
    kept = read_lines(str(ROOT / "benchmarks" / "survey" / f"{tag}-1-10000.lines"), tag)
    sample = random.Random(tag).sample(sorted(kept), 40)
    chars = moves = 0
    for seed in sample:
        line = [parse_move(t) for t in kept[seed].split()]
        text = encode(rules, seed, line)
        code = decode(text)
        assert code.moves == tuple(line)
        p = code.position()
        for move in line:
            p.play(move)
        assert p.is_won()
        chars += len(text.replace("-", ""))
        moves += len(line)
    # each move is its place among the legal moves: about 4 bits (Yukon 0.8 characters a move, any card in a
    # space 1.1), not the 2 characters that a card and a place would take
    assert chars / moves < 1.3


def test_legal_moves_are_counted_in_card_then_place_order() -> None:
    rng = random.Random(5)
    for rules in RULE_SETS * 10:
        seed = rng.randrange(10**9)
        p = Position.deal(seed, rules)
        for move in random_line(rules, seed, rng, 80):
            p.push(move)
        ordered = legal_in_order(p)
        assert ordered == sorted(ordered, key=lambda m: (m.card, m.to))
        assert set(ordered) == {Move.of(c, t) for c in range(52) for t in range(8) if p.is_legal(Move.of(c, t))}


def corruptions(text: str) -> list[str]:
    """Every text made by changing one character of ``text`` to another code character or a stray one."""
    out = []
    for i, ch in enumerate(text):
        for other in ALPHABET + "-ILOU*é ":
            if other != ch:
                out.append(text[:i] + other + text[i + 1:])
    return out


def test_every_single_character_corruption_is_caught_or_changes_nothing() -> None:
    rng = random.Random(7)
    texts = [encode(rng.choice(RULE_SETS), random_seed(rng)) for _unused in range(20)]
    texts += [encode(rules, seed, random_line(rules, seed, rng, 60))
              for rules, seed in ((rng.choice(RULE_SETS), random_seed(rng)) for _unused in range(6))]
    for text in texts:
        original = decode(text)
        for bad in corruptions(text):
            try:
                got = decode(bad)
            except ShareCodeError:
                continue
            assert got == original, (text, bad)  # a case, a dash or Crockford's O/0, I/L/1 reading


def test_swapped_neighbours_dropped_and_added_characters_are_caught() -> None:
    rng = random.Random(8)
    faults: Counter[CodeFault] = Counter()
    for _unused in range(40):
        rules, seed = rng.choice(RULE_SETS), random_seed(rng)
        moves = random_line(rules, seed, rng, 30) if rng.random() < 0.5 else None
        text = encode(rules, seed, moves)
        body = text[4:].replace("-", "")
        original = decode(text)
        changed = {body[:i] + body[i + 1] + body[i] + body[i + 2:] for i in range(len(body) - 1)}
        changed |= {body[:i] + body[i + 1:] for i in range(len(body))}
        changed |= {body[:i] + ch + body[i:] for i in range(len(body) + 1) for ch in "07KZ"}
        for bad in changed - {body}:
            with pytest.raises(ShareCodeError) as e:
                decode("YK1-" + bad)
            faults[e.value.fault] += 1
        assert decode("YK1-" + body) == original
    # all but a chance few (a move list that then replays wrong) are said to be damaged
    assert faults[CodeFault.DAMAGED] >= 0.999 * sum(faults.values())


GOOD = encode(YUKON, 123456789)  # YK1-xxxx-xxxx-xxx
OTHER = next(ch for ch in ALPHABET if ch != GOOD[-1])


@pytest.mark.parametrize("text, fault, index", [
    ("", CodeFault.EMPTY, None),
    ("   \n", CodeFault.EMPTY, None),
    ("XK" + GOOD[2:], CodeFault.WRONG_PREFIX, None),
    (GOOD[4:], CodeFault.WRONG_PREFIX, None),
    ("YK" + GOOD[3:], CodeFault.WRONG_PREFIX, None),
    ("YK0" + GOOD[3:], CodeFault.WRONG_PREFIX, None),
    ("YK1" + GOOD[4:], CodeFault.WRONG_PREFIX, None),  # the dash after the version is needed
    ("YK2" + GOOD[3:], CodeFault.NEWER_VERSION, None),
    ("YK17" + GOOD[3:], CodeFault.NEWER_VERSION, None),
    (GOOD[:-1] + "U", CodeFault.BAD_CHARACTER, len(GOOD) - 1),
    (GOOD[:-1] + "!", CodeFault.BAD_CHARACTER, len(GOOD) - 1),
    (GOOD[:-1] + OTHER, CodeFault.DAMAGED, None),
    (GOOD[:-4], CodeFault.DAMAGED, None),
    ("YK1-", CodeFault.DAMAGED, None),
    ("YK1-" + GOOD[-3:], CodeFault.DAMAGED, None),
])
def test_a_bad_code_names_its_fault(text: str, fault: CodeFault, index: int | None) -> None:
    assert decode(GOOD) == ShareCode(YUKON, 123456789) and len(GOOD) == 17
    with pytest.raises(ShareCodeError) as e:
        decode(text)
    assert (e.value.fault, e.value.index) == (fault, index)
    assert isinstance(e.value, ValueError)


def forge(header_bits: str, number_bits: str = "") -> str:
    """A code with a sound check around any body (zero bits between the header and the moves'
    number, as the format puts them): what a bad encoder, or a forger, could write."""
    from yukon.play import share_code

    body_bits = header_bits + "0" * (-(len(header_bits) + len(number_bits)) % 5) + number_bits
    symbols = [int(body_bits[i:i + 5], 2) for i in range(0, len(body_bits), 5)]
    crc = share_code._crc(1, symbols)
    symbols += [crc >> 10, (crc >> 5) & 31, crc & 31]
    return "YK1-" + "".join(ALPHABET[s] for s in symbols)


def test_a_sound_check_around_a_wrong_body_is_still_refused() -> None:
    def seed_bits(seed: int) -> str:
        return format(seed.bit_length() - 1, "06b") + format(seed, "b")

    assert decode(forge("0" + "0000" + seed_bits(5))) == ShareCode(YUKON, 5)
    with pytest.raises(ShareCodeError) as e:
        decode(forge("0" + "1000" + seed_bits(5)))  # game number 2: a newer version's game
    assert e.value.fault is CodeFault.UNKNOWN_RULES
    with pytest.raises(ShareCodeError) as e:
        decode(forge("0" + "0000" + "000100" + "00101"))  # deal 5 written with a leading zero bit
    assert e.value.fault is CodeFault.DAMAGED
    with pytest.raises(ShareCodeError) as e:
        decode(forge("0" + "0000" + seed_bits(5) + "00000"))  # a character more than it needs
    assert e.value.fault is CodeFault.DAMAGED
    with pytest.raises(ShareCodeError) as e:
        decode(forge("1" + "0000" + seed_bits(5) + "0010" + "01", "11111111"))  # one move, numbered far too high
    assert e.value.fault is CodeFault.DAMAGED


def test_moves_past_the_end_of_the_game_are_illegal() -> None:
    # Deal 5 of Russian Solitaire won by the survey's line, then moves claimed after the win.
    kept = read_lines(str(ROOT / "benchmarks" / "survey" / "russian-1-10000.lines"), "russian")
    line = [parse_move(t) for t in kept[5].split()]
    count = len(line) + 1
    text = encode(RUSSIAN, 5, line)
    header_bits = "1" + "0100" + "000010" + "101" + format(count.bit_length(), "04b") + format(count, "b")
    number = 0
    p = Position.deal(5, RUSSIAN)
    digits = []
    for move in line:
        legal = legal_in_order(p)
        digits.append((legal.index(move), len(legal)))
        p.push(move)
    for index, n in reversed(digits):
        number = number * n + index
    with pytest.raises(ShareCodeError) as e:
        decode(forge(header_bits, format(number, "b")))
    assert e.value.fault is CodeFault.ILLEGAL_MOVES
    assert decode(text).moves == tuple(line)


def test_encoding_refuses_an_illegal_move() -> None:
    p = Position.deal(9)
    illegal = next(Move.of(c, t) for c in range(52) for t in range(8) if not p.is_legal(Move.of(c, t)))
    with pytest.raises(ValueError):
        encode(YUKON, 9, [illegal])
    with pytest.raises(ValueError):
        encode(YUKON, MAX_SEED + 1)
