"""The solver: lines that replay to a win, known answers, and agreement with searches without pruning."""

from __future__ import annotations

import pytest

from solver_helpers import exhaustive_winnable, small_position
from yukon.core.notation import parse_position
from yukon.core.rules import RUSSIAN, YUKON, Rules
from yukon.core.safe import is_safe_home
from yukon.core.state import ON_FOUNDATION, Position
from yukon.solve.relaxation import tables_for
from yukon.solve.solver import (
    Verdict,
    _apply_safe,
    _BestFirst,
    _decode,
    canonical_key,
    check_line,
    dead_end,
    solve,
)

ALL_RULES = [Rules(v, space, back) for v in ("yukon", "russian") for space in (False, True) for back in (True, False)]
NO_RETURN = [r for r in ALL_RULES if not r.foundation_return]


def _replays(p: Position, result) -> bool:
    q = p.copy()
    for m in result.moves:
        q.play(m)  # raises IllegalMove if the line is wrong
    return q.is_won()


@pytest.mark.parametrize("rules", [YUKON, RUSSIAN, Rules("yukon", True, False), Rules("russian", True, True)],
                         ids=lambda r: r.describe())
def test_winning_lines_replay_through_the_engine(rules: Rules) -> None:
    winnable = 0
    # Most Russian deals are lost (the relaxation proves it at once), so look at more of them.
    seeds = range(100, 112) if rules.variant == "yukon" else range(60)
    for seed in seeds:
        p = Position.deal(seed, rules)
        before = p.key()
        r = solve(p, timeout=None, node_limit=8000)
        assert p.key() == before  # the caller's position is untouched
        assert r.status in (Verdict.WINNABLE, Verdict.LOST, Verdict.UNKNOWN)
        if r.status == Verdict.WINNABLE:
            winnable += 1
            assert r.moves and _replays(p, r)
            assert check_line(p, r.moves)
            assert not check_line(p, r.moves[:-1])
        else:
            assert r.moves == []
    if rules.variant == "yukon":
        assert winnable >= 8  # most Yukon deals are won quickly
    else:
        assert winnable >= 2


def test_known_positions() -> None:
    # Winnable: the King of spades must go into a space to turn up the Ace of spades.
    won = parse_position(
        "Foundations: S-0 H-K D-K C-K\n"
        ": (AS) KS\n: 2S\n:\n: QS JS TS 9S 8S 7S 6S 5S 4S 3S\n:\n:\n:\n")
    r = solve(won, timeout=None)
    assert r.status == Verdict.WINNABLE and _replays(won, r)
    assert any(str(m).startswith("KS-") and not m.to_foundation for m in r.moves)
    # Unwinnable without foundation return: the Two of spades lies on its own Ace and
    # has nowhere to go (both red Threes are home), so the Ace is never turned up.
    text = ("Foundations: S-0 H-3 D-K C-K\n"
            ": (AS) 2S\n: KS QS JS TS 9S 8S 7S 6S 5S 4S\n: 3S\n"
            ": KH QH JH TH 9H 8H 7H 6H 5H 4H\n:\n:\n:\n")
    lost = parse_position(text, foundation_return=False)
    assert dead_end(lost)
    assert solve(lost, timeout=None).status == Verdict.LOST
    assert solve(lost, timeout=None, relaxation=False, safe_moves=False).status == Verdict.LOST
    assert exhaustive_winnable(lost) is False
    # With foundation return the Three of hearts can come back onto the Four of spades
    # and take the Two: winnable.
    back = parse_position(text, foundation_return=True)
    assert not dead_end(back)
    r = solve(back, timeout=None)
    assert r.status == Verdict.WINNABLE and _replays(back, r)
    q = back.copy()
    came_back = 0
    for m in r.moves:
        came_back += q.loc[m.card] == ON_FOUNDATION and not m.to_foundation
        q.play(m)
    assert came_back >= 1
    # A won table needs no move; a node limit of one gives "unknown", not a guess.
    done = parse_position("Foundations: S-K H-K D-K C-K\n:\n:\n:\n:\n:\n:\n:\n")
    assert solve(done).status == Verdict.WINNABLE and solve(done).moves == []
    hard = Position.deal(0, YUKON)
    assert solve(hard, timeout=None, node_limit=1).status in (Verdict.UNKNOWN, Verdict.LOST)


def test_agrees_with_exhaustive_search_without_pruning() -> None:
    """No pruning rule (safe moves, relaxation, move filters) loses a win or invents one."""
    checked = {True: 0, False: 0}
    for seed in range(60):
        for rules in NO_RETURN:
            p = small_position(seed, rules, 12 + seed % 11)
            truth = exhaustive_winnable(p, 60_000)
            if truth is None:
                continue
            checked[truth] += 1
            r = solve(p, timeout=None)
            assert r.status == (Verdict.WINNABLE if truth else Verdict.LOST), (seed, rules)
            if truth:
                assert _replays(p, r)
                assert not dead_end(p)
    assert checked[True] >= 50 and checked[False] >= 10


def test_agrees_with_unpruned_solver_when_cards_come_back() -> None:
    """With foundation return the plain engine search is too wide; compare with the solver's
    complete search with every shortcut off (only the canonical key, which is a symmetry)."""
    checked = 0
    for seed in range(12):
        for rules in [r for r in ALL_RULES if r.foundation_return]:
            p = small_position(seed, rules, 7 + seed % 3)
            plain = solve(p, timeout=None, node_limit=20_000, safe_moves=False, relaxation=False, plan=("complete",))
            if plain.status == Verdict.UNKNOWN:
                continue
            checked += 1
            full = solve(p, timeout=None)
            assert full.status == plain.status, (seed, rules)
            for res in (plain, full):
                if res.status == Verdict.WINNABLE:
                    assert _replays(p, res)
    assert checked >= 30


def test_safe_foundation_rule_never_loses_a_win() -> None:
    """Every position where the rule sends a card home: before and after agree (search without it)."""
    compared = {True: 0, False: 0}
    for seed in range(80):
        for rules in ALL_RULES:
            p = small_position(seed, rules, 12 + seed % 9)
            t = tables_for(rules)
            safe = [c[-1] for c in p.columns if c and p.foundations[c[-1] // 13] == c[-1] % 13
                    and is_safe_home(p, c[-1], t.guards)]
            if not safe:
                continue
            q = p.copy()
            _apply_safe(q, t)
            if rules.foundation_return:  # the plain engine search is too wide here
                a = solve(p, timeout=None, node_limit=5_000, safe_moves=False, relaxation=False, plan=("complete",))
                b = solve(q, timeout=None, node_limit=5_000, safe_moves=False, relaxation=False, plan=("complete",))
                if Verdict.UNKNOWN in (a.status, b.status):
                    continue
                before, after = a.status == Verdict.WINNABLE, b.status == Verdict.WINNABLE
            else:
                before, after = exhaustive_winnable(p, 30_000), exhaustive_winnable(q, 30_000)
                if before is None or after is None:
                    continue
            compared[before] += 1
            assert before == after, (seed, rules)
    assert compared[True] >= 100 and compared[False] >= 5


def test_yukon_safe_rule_matches_the_colour_rule() -> None:
    """In Yukon the table says: both other-colour foundations at rank-1, the same-colour other suit at rank-2."""
    p = Position.deal(7, YUKON)
    for back in (True, False):
        rules = Rules("yukon", False, back)
        t = tables_for(rules)
        for card in range(52):
            rank, suit = card % 13 + 1, card // 13
            for f in ([rank - 1] * 4, [max(0, rank - 2)] * 4, [rank - 1, rank - 2, rank - 1, rank - 2]):
                q = p.with_rules(rules)
                q.foundations = [min(13, max(0, x)) for x in f]
                q.foundations[suit] = rank - 1
                loc = [0] * 52
                for s in range(4):
                    for r in range(q.foundations[s]):
                        loc[s * 13 + r] = ON_FOUNDATION
                q.loc = loc
                red = suit in (1, 2)
                other_colour = [s for s in range(4) if (s in (1, 2)) != red]
                same_other = next(s for s in range(4) if (s in (1, 2)) == red and s != suit)
                expect = all(q.foundations[s] >= rank - 1 for s in other_colour) and (
                    not back or q.foundations[same_other] >= rank - 2)
                assert is_safe_home(q, card, t.guards) == expect, (card, f, back)


def test_canonical_key_ignores_column_order_but_not_face_down_cards() -> None:
    p = Position.deal(3, YUKON)
    q = p.copy()
    q.columns[2], q.columns[5] = q.columns[5], q.columns[2]
    q.down[2], q.down[5] = q.down[5], q.down[2]
    q.reindex()
    assert canonical_key(p) == canonical_key(q)
    r = p.copy()
    r.down[6] -= 1
    r.reindex()
    assert canonical_key(r) != canonical_key(p)


def test_best_first_lines_replay_and_its_exhaustion_agrees() -> None:
    """The best-first search keeps positions as canonical keys; its lines must still replay
    on the real column order, and its verdict on small positions must match the truth."""
    for seed in range(20, 26):
        p = Position.deal(seed, YUKON)
        assert canonical_key(_decode(canonical_key(p), YUKON)) == canonical_key(p)
        b = _BestFirst(p, tables_for(YUKON), {})
        if b.run(20_000) == "won":
            assert check_line(p, b.line)
    seen = {True: 0, False: 0}
    for seed in range(30):
        rules = NO_RETURN[seed % len(NO_RETURN)]
        p = small_position(seed, rules, 12 + seed % 9)
        truth = exhaustive_winnable(p, 60_000)
        if truth is None:
            continue
        b = _BestFirst(p, tables_for(rules), {}, relax=seed % 2 == 0)
        r = b.run(10**9)
        assert r == ("won" if truth else "exhausted"), (seed, rules)
        if truth:
            assert check_line(p, b.line)
        seen[truth] += 1
    assert seen[True] >= 10 and seen[False] >= 1


def test_key_worked_out_before_a_move_matches_the_key_after_it() -> None:
    """The search looks a child up before making its move; that key must be the real one."""
    import random

    from yukon.solve.solver import _parts_after

    rng = random.Random(5)
    checked = 0
    for seed in range(40):
        rules = ALL_RULES[seed % len(ALL_RULES)]
        p = Position.deal(seed, rules)
        for _ in range(60):
            moves = p.legal_moves()
            if not moves:
                break
            parts = [bytes(c) + bytes((64 + d,)) for c, d in zip(p.columns, p.down)]
            for m in moves:
                expect = b"".join(sorted(_parts_after(p, parts, m)))
                u = p.push(m)
                assert canonical_key(p) == expect, (seed, str(m))
                p.pop(u)
                checked += 1
            p.push(rng.choice(moves))
    assert checked > 5000


@pytest.mark.parametrize("seed,back,left", [(2, False, 24), (10, False, 30), (117, False, 21), (173, False, 18),
                                            (272, False, 18), (1047, True, 33), (1323, True, 27)])
def test_crowded_twins_are_really_lost(seed: int, back: bool, left: int) -> None:
    """Positions where only the twin rule proves the loss: a search without shortcuts agrees."""
    from yukon.solve.solver import crowded

    rules = Rules("yukon", False, back)
    p = small_position(seed, rules, left)
    assert crowded(p) and not dead_end(p)
    if back:  # the plain engine search is too wide with returns: the solver with every shortcut off
        plain = solve(p, timeout=None, node_limit=200_000, safe_moves=False, relaxation=False, plan=("complete",))
        assert plain.status == Verdict.LOST
    else:
        assert exhaustive_winnable(p, 300_000) is False
    r = solve(p, timeout=None)
    assert r.status == Verdict.LOST and r.stats["phase"] == "relaxation"
    without = solve(p, timeout=None, twin_rule=False)  # the search gets there on its own
    assert without.status == Verdict.LOST and without.stats["phase"] != "relaxation"


def test_searches_without_returns_find_wins_but_prove_nothing() -> None:
    """A search that plays as if cards could not come back may find a win (any line it finds is
    legal), but running out must not be taken for a loss when the rules allow returns."""
    text = ("Foundations: S-0 H-3 D-K C-K\n"
            ": (AS) 2S\n: KS QS JS TS 9S 8S 7S 6S 5S 4S\n: 3S\n"
            ": KH QH JH TH 9H 8H 7H 6H 5H 4H\n:\n:\n:\n")
    back = parse_position(text, foundation_return=True)  # winnable only by bringing the 3H back
    for plan in (("k1/noret",), ("complete/noret",), ("best/noret", "k2/noret*3")):
        assert solve(back, timeout=None, plan=plan).status == Verdict.UNKNOWN
    r = solve(back, timeout=None, plan=("complete", "k1/noret"))
    assert r.status == Verdict.WINNABLE and _replays(back, r)
    easy = Position.deal(1, YUKON)
    r = solve(easy, timeout=None, plan=("k1/noret",))
    assert r.status == Verdict.WINNABLE and _replays(easy, r)
    with pytest.raises(ValueError):
        solve(easy, plan=("k1/sideways",))


@pytest.mark.parametrize("seed,back,left", [(7, False, 20), (93, False, 20), (104, False, 24), (104, True, 24)])
def test_relaxing_after_stuck_moves_loses_no_win(seed: int, back: bool, left: int) -> None:
    """The complete search also runs the relaxation after a move whose card has no other
    target left (``_Search._stuck``). On positions where that check proved children lost,
    the search without pruning (the engine's walk; with foundation return, where that is too
    wide, the search without this check) agrees that the position is lost."""
    from yukon.solve.solver import _Search

    rules = Rules("yukon", False, back)
    p = small_position(seed, rules, left)
    s = _Search(p, tables_for(rules), None, {})
    assert s.run(10**9) == "exhausted" and s.hits > 0
    if back:
        plain = _Search(p, tables_for(rules), None, {}, relax_stuck=False)
        assert plain.run(10**9) == "exhausted" and plain.hits == 0
    else:
        assert exhaustive_winnable(p, 400_000) is False


def test_relaxing_after_stuck_moves_agrees_with_exhaustive_search() -> None:
    """The same check on many small positions, won and lost: verdicts match the truth."""
    from yukon.solve.solver import _Search

    seen = {True: 0, False: 0}
    for seed in range(60):
        for rules in NO_RETURN:
            p = small_position(seed, rules, 12 + seed % 11)
            truth = exhaustive_winnable(p, 60_000)
            if truth is None:
                continue
            s = _Search(p, tables_for(rules), None, {})
            assert s.run(10**9) == ("won" if truth else "exhausted"), (seed, rules)
            if truth:
                assert check_line(p, s.line)
            seen[truth] += 1
    assert seen[True] >= 50 and seen[False] >= 5


def test_verdict_keeps_the_words_of_files_and_the_child_process() -> None:
    """One Verdict, whose words are the ones the survey files, the command line and the solver's
    child process have always used: written and read back, it stays the same verdict."""
    import json
    import pickle

    assert [v.value for v in Verdict] == ["winnable", "unwinnable", "unknown"]
    for v in Verdict:
        assert str(v) == f"{v}" == v.value and v == v.value  # f-strings and comparisons see the word
        assert Verdict(f"{v}") is v and pickle.loads(pickle.dumps(v)) is v
        assert json.loads(json.dumps({"status": v})) == {"status": v.value}
        assert hash(v) == hash(v.value) and {v.value: 1}[v] == 1 and {v: 1}[v.value] == 1  # one key, not two
