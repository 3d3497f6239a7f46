"""Checks the solver's pruning rules against searches without them on many small endings.

    python benchmarks/endings_check.py [--seeds 0-999] [--left 10-26] [--limit 200000] [--shuffle 0]

An ending is a deal with the lowest cards of each suit put home until about ``left`` cards
remain (``tests/solver_helpers.small_position``), under every rule set (Yukon and Russian,
either space rule, with and without foundation return), then with ``--shuffle N`` up to N
random legal moves made (fixed seed; they lose many of the endings, so lost ones get
checked too). Its truth comes from a search
without any pruning: the engine's own walk when cards cannot come back, else the solver's
complete search with every shortcut off (safe moves, relaxation, twin and stuck rules).
The solver (its whole plan) and its complete search alone (every rule on) must agree; a
winning line must replay.

With ``--proofs N`` it checks the twin rule where the complete search runs it after a move
that left its card stuck (``yukon.solve.relaxation.stuck_crowded``): the complete search (up to
``--limit`` positions) records every position that check proves lost, and each of the
first N of them, in each ending (under every rule set, since it proves few positions in
an ending), must be lost by the search without pruning too (a position it cannot decide
within ``--limit`` is counted apart). Those positions have face-down cards (the rule
needs a face-down target), so use more cards left (``--left 24-34``). Prints each disagreement and exits 1 if there is one. It also
counts the endings where the search with the purpose rule (``yukon.solve.solver._gen_need``, which
only finds wins) runs out although the ending is winnable: that is why its running out
proves nothing. The test suite runs a small fixed slice of this.

With ``--pairs N`` it checks the pair proof (``yukon.solve.pairs``): in each ending, under every
rule set, one proof is asked about each position of a random line of up to N moves (none
home, so that many lose; one proof per line, so its kept cells and closed sets answer
too), and every position it calls lost that the relaxation does not must be lost by the
search without pruning. ``--pair-start K`` runs the default check with the solver's pair
proof started after K positions (``yukon.solve.solver.PAIR_START``; 0: at every position).
"""

from __future__ import annotations

import argparse
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests"))

from solver_helpers import RecordingSearch, exhaustive_winnable, shuffled, small_position
from yukon.core.notation import format_position
from yukon.core.rules import Rules
from yukon.core.state import Position
from yukon.solve import solver
from yukon.solve.pairs import PairProof
from yukon.solve.relaxation import dead_end
from yukon.solve.solver import Verdict, check_line, solve
from yukon.survey import parse_range

ALL_RULES = [Rules(v, space, back) for v in ("yukon", "russian") for space in (False, True) for back in (True, False)]


def truth(p: Position, limit: int) -> bool | None:
    """Is the ending winnable, by a search without pruning? None when it is too big."""
    if not p.rules.foundation_return:
        return exhaustive_winnable(p, limit)
    r = solve(p, timeout=None, node_limit=limit, safe_moves=False, relaxation=False, plan=("complete",),
              shorten=False)
    return None if r.status == Verdict.UNKNOWN else r.status == Verdict.WINNABLE


def proved_lost(p: Position, limit: int) -> list[Position]:
    """The positions the complete search (up to ``limit`` positions) proves lost by the twin
    rule at its stuck checks, as they were when proved."""
    search = RecordingSearch(p)
    search.run(limit)
    return search.found


def check_proofs(a: argparse.Namespace) -> int:
    """``--proofs``: every position the twin rule at stuck checks proves lost is lost."""
    lo, hi = parse_range(a.seeds)
    left_lo, left_hi = parse_range(a.left)
    lost = undecided = bad = 0
    for seed in range(lo, hi + 1):
        for rules in ALL_RULES:  # every rule set: the rule proves few positions in an ending
            left = left_lo + seed % (left_hi - left_lo + 1)
            p = shuffled(small_position(seed, rules, left), a.shuffle, seed)
            lost, undecided, bad = check_proved(p, a, seed, left, (lost, undecided, bad))
    print(f"endings {a.seeds}, {a.left} cards left, {a.shuffle} random moves: positions the twin rule at "
          f"stuck checks proved lost: {lost} lost by search without pruning, {undecided} too big to decide; "
          f"disagreements: {bad}")
    return 1 if bad else 0


def check_proved(p: Position, a: argparse.Namespace, seed: int, left: int,
                 counts: tuple[int, int, int]) -> tuple[int, int, int]:
    """Checks the first ``a.proofs`` positions the rule proves lost in the ending ``p``;
    returns the counts (lost, undecided, disagreements) with them added."""
    tally = list(counts)
    for q in proved_lost(p, a.limit)[:a.proofs]:
        tally[judged(q, a.limit, "the twin rule at a stuck check", seed, left)] += 1
    return tally[0], tally[1], tally[2]


LOST, UNDECIDED, BAD = 0, 1, 2  # what ``judged`` finds, as indices of a tally


def judged(q: Position, limit: int, prover: str, seed: int, left: int) -> int:
    """Search without pruning on ``q``, which ``prover`` called lost: LOST (it agrees), UNDECIDED
    (too big within ``limit``) or BAD (winnable after all: the position is printed)."""
    want = truth(q, limit)
    if want is None:
        return UNDECIDED
    if want:
        print(f"seed {seed}, {q.rules.describe()}, {left} left: {prover} called a winnable position "
              f"lost:\n{format_position(q)}", flush=True)
        return BAD
    return LOST


def check_pairs(a: argparse.Namespace) -> int:
    """``--pairs``: every position the pair proof calls lost along random lines is lost."""
    lo, hi = parse_range(a.seeds)
    left_lo, left_hi = parse_range(a.left)
    asked = 0
    tally = [0, 0, 0]  # LOST, UNDECIDED, BAD
    for seed in range(lo, hi + 1):
        for rules in ALL_RULES:
            left = left_lo + seed % (left_hi - left_lo + 1)
            p = small_position(seed, rules, left)
            rng = random.Random(seed)
            proof = PairProof(p)
            proof.start()
            for _ in range(a.pairs):
                asked += 1
                if proof.lost(p) and not dead_end(p):
                    tally[judged(p, a.limit, "the pair proof", seed, left)] += 1
                legal = [m for m in p.legal_moves() if not m.to_foundation]
                if not legal:
                    break
                p.push(rng.choice(legal))
    print(f"endings {a.seeds}, {a.left} cards left: {asked} positions asked; the pair proof called lost where "
          f"the relaxation does not: {tally[LOST]} lost by search without pruning, {tally[UNDECIDED]} too big "
          f"to decide; disagreements: {tally[BAD]}")
    return 1 if tally[BAD] else 0


def main(argv: list[str] | None = None) -> int:
    """Run the check and print what it found."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", default="0-199", help="a range of deal numbers, A-B")
    ap.add_argument("--left", default="10-26", help="how many cards left on the table, A-B")
    ap.add_argument("--limit", type=int, default=200_000, help="positions the unpruned search may look at")
    ap.add_argument("--shuffle", type=int, default=0, help="random moves made in each ending first")
    ap.add_argument("--proofs", type=int, default=0,
                    help="check up to N positions per ending that the twin rule at stuck checks proves lost")
    ap.add_argument("--pairs", type=int, default=0,
                    help="check the pair proof along random lines of up to N moves in each ending")
    ap.add_argument("--pair-start", type=int, help="positions the solver searches before its pair proof starts")
    a = ap.parse_args(argv)
    if a.pair_start is not None:
        solver.PAIR_START = a.pair_start
    if a.proofs:
        return check_proofs(a)
    if a.pairs:
        return check_pairs(a)
    try:
        lo, hi = parse_range(a.seeds)
        left_lo, left_hi = parse_range(a.left)
    except ValueError as e:
        ap.error(str(e))
    checked = {True: 0, False: 0}
    bad = 0
    missed = 0
    for seed in range(lo, hi + 1):
        rules = ALL_RULES[seed % len(ALL_RULES)]
        left = left_lo + seed % (left_hi - left_lo + 1)
        p = shuffled(small_position(seed, rules, left), a.shuffle, seed)
        want = truth(p, a.limit)
        if want is None:
            continue
        checked[want] += 1
        if want and solve(p, timeout=None, plan=("complete/purpose",), shorten=False).status != Verdict.WINNABLE:
            missed += 1
        for what, r in (("solver", solve(p, timeout=None, shorten=False)),
                        ("complete search", solve(p, timeout=None, plan=("complete",), shorten=False))):
            got = r.status == Verdict.WINNABLE
            if r.status == Verdict.UNKNOWN or got != want or (got and not check_line(p, r.moves)):
                bad += 1
                print(f"seed {seed}, {rules.describe()}, {left} left: {what} says {r.status}, "
                      f"truth {'winnable' if want else 'unwinnable'}", flush=True)
    print(f"endings {a.seeds}, {a.left} cards left, {a.shuffle} random moves: checked {checked[True]} winnable and "
          f"{checked[False]} lost against search without pruning; disagreements: {bad}; winnable "
          f"endings the purpose search alone missed: {missed}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
