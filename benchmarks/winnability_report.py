"""Write docs/winnability.md, the published table of winnable deals, from the survey's files.

    python benchmarks/winnability_report.py           # replay every kept line, then write the page
    python benchmarks/winnability_report.py --check   # the same, but only say whether the page is current

For each survey in ``SURVEYS`` it reads ``benchmarks/survey/<tag>-1-10000.tsv`` (one
verdict per deal) and ``<tag>-1-10000.lines`` (the winning moves of every winnable deal)
and replays every line from the dealt position through the engine: one illegal move, or a
line that does not end in a won table, stops the script with the deal and the move
(exit 1). A winnable deal without a kept line (decided before lines were kept, and not
solved again for one yet) is counted on the page as not replayed. Then it writes the
page: the shares with their 95% Wilson intervals (unknown deals as losses for the low end, as wins
for the high end), the width of each interval split into its part from sampling and its
part from the unknown deals, the solve-time distribution, every deal still undecided,
and the commands that make it all again.
"""

from __future__ import annotations

import argparse
import math
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from yukon.solve.solver import Verdict
from yukon.survey import (
    Z95,
    Record,
    percentile,
    read_lines,
    read_results,
    replay_line,
    rules_from_tag,
    share_interval,
)

SURVEY = ROOT / "benchmarks" / "survey"
PAGE = ROOT / "docs" / "winnability.md"
FIRST, LAST = 1, 10000
# The published surveys, in the page's order: (rules tag, the page's name for them).
SURVEYS = (
    ("yukon", "Yukon"),
    ("yukon+no-foundation-return", "Yukon, no foundation return"),
    ("yukon+any-card-in-space", "Yukon, any card in a space"),
    ("russian", "Russian Solitaire"),
)
# The solver that found every kept line (and solved deals 5001-10000 of the two options).
SOLVER = "commit 84f3689 (issue 30, before its part 1)"
AIM = 0.01  # the total width of the interval aimed for: one percentage point
# Upper ends of the solve-time buckets, CPU seconds.
BUCKETS = (0.01, 0.1, 1.0, 10.0)


class ReplayError(Exception):
    """A kept line that does not replay, or a winnable deal without one."""


@dataclass(frozen=True)
class Survey:
    """One rule set's deals FIRST..LAST: verdicts, times, and what the replay found."""

    tag: str
    name: str
    records: dict[int, Record]  # the deals of FIRST..LAST with a verdict so far
    replayed: int  # lines kept, each replayed to a won table (unless loaded with replay=False)
    moves: list[int]  # each replayed line's length
    lineless: list[int]  # winnable deals whose line is not kept yet (decided before lines were kept)

    @property
    def n(self) -> int:
        return len(self.records)

    @property
    def label(self) -> str:
        """The name, and how far the survey has got if it has not covered FIRST..LAST yet."""
        whole = LAST - FIRST + 1
        return self.name if self.n == whole else f"{self.name} ({self.n:,} of deals {FIRST}-{LAST} so far)"

    def count(self, status: str) -> int:
        return sum(r.status == status for r in self.records.values())

    def undecided(self) -> list[int]:
        return sorted(s for s, r in self.records.items() if r.status == Verdict.UNKNOWN)

    def interval(self) -> tuple[float, float]:
        return share_interval(self.count(Verdict.WINNABLE), self.count(Verdict.UNKNOWN), self.n)


def load(tag: str, name: str, replay: bool = True) -> Survey:
    """Read one survey's files and (with ``replay``) replay every kept line; ReplayError if one fails."""
    results = SURVEY / f"{tag}-{FIRST}-{LAST}.tsv"
    lines_path = SURVEY / f"{tag}-{FIRST}-{LAST}.lines"
    done = read_results(str(results), tag)
    records = {s: done[s] for s in range(FIRST, LAST + 1) if s in done}
    kept = read_lines(str(lines_path), tag) if lines_path.exists() else {}
    rules = rules_from_tag(tag)
    won = sorted(s for s, r in records.items() if r.status == Verdict.WINNABLE)
    lineless = [s for s in won if s not in kept]
    moves = []
    for seed in won:
        if seed not in kept:
            continue
        length = replay_line(seed, rules, kept[seed]) if replay else len(kept[seed].split())
        if length != records[seed].moves:
            raise ReplayError(f"{tag} deal {seed}: the line kept has {length} moves, the result says "
                              f"{records[seed].moves}")
        moves.append(length)
    return Survey(tag, name, records, len(won) - len(lineless), moves, lineless)


def pct(x: float, digits: int = 2) -> str:
    return f"{100 * x:.{digits}f}%"


def needed_deals(p: float, width: float = AIM) -> int:
    """Deals a survey needs for a 95% interval of ``width`` from sampling alone at share ``p``."""
    return math.ceil((2 * Z95) ** 2 * p * (1 - p) / width ** 2)


def table(surveys: list[Survey]) -> list[str]:
    out = [("| Game | Deals | Winnable | Unwinnable | Unknown | Winnable share | 95% interval | Width (points) "
            "| from sampling | from unknowns |"),
           "|---|---|---|---|---|---|---|---|---|---|"]
    for s in surveys:
        w, u = s.count(Verdict.WINNABLE), s.count(Verdict.UNKNOWN)
        lo, hi = s.interval()
        width = hi - lo
        out.append(f"| {s.label} | {s.n} | {w} | {s.count(Verdict.LOST)} | {u} | {pct(w / s.n)} "
                   f"| {pct(lo)} - {pct(hi)} | {100 * width:.2f} | {100 * (width - u / s.n):.2f} "
                   f"| {100 * u / s.n:.2f} |")
    return out


def widths(surveys: list[Survey]) -> list[str]:
    out = []
    for s in surveys:
        w, u = s.count(Verdict.WINNABLE), s.count(Verdict.UNKNOWN)
        lo, hi = s.interval()
        sampling = (hi - lo) - u / s.n
        p_mid = (w + u / 2) / s.n
        if hi - lo <= AIM:
            out.append(f"- **{s.label}**: {100 * (hi - lo):.2f} points, within the one point aimed for.")
            continue
        why = []
        if u / s.n >= AIM:
            why.append(f"its {u} unknown deals alone span {100 * u / s.n:.2f} points")
        if sampling > AIM or (u / s.n < AIM and sampling > AIM - u / s.n):
            why.append(f"sampling alone needs about {needed_deals(p_mid):,} deals at a share near "
                       f"{pct(p_mid, 0)} for one point (these are {s.n:,})")
        out.append(f"- **{s.label}**: {100 * (hi - lo):.2f} points, not within one point: " + "; ".join(why) + ".")
    return out


def times(surveys: list[Survey]) -> list[str]:
    heads = ["< 0.01 s", "0.01-0.1 s", "0.1-1 s", "1-10 s", ">= 10 s"]
    out = ["| Game | Median | p90 | p99 | Max (decided) | " + " | ".join(heads) + " | Unknown: limit |",
           "|---|---|---|---|---|" + "---|" * len(heads) + "---|"]
    for s in surveys:
        decided = [r.seconds for r in s.records.values() if r.status != Verdict.UNKNOWN]
        counts = [0] * (len(BUCKETS) + 1)
        for t in decided:
            counts[sum(t >= b for b in BUCKETS)] += 1
        limits = sorted({r.limit for r in s.records.values() if r.status == Verdict.UNKNOWN and r.limit is not None})
        limit = "-" if not limits else " / ".join(f"{x:g} s" for x in limits)
        out.append(f"| {s.label} | {percentile(decided, 0.5):.3f} s | {percentile(decided, 0.9):.3f} s "
                   f"| {percentile(decided, 0.99):.2f} s | {max(decided):.2f} s | "
                   + " | ".join(str(c) for c in counts) + f" | {s.count(Verdict.UNKNOWN)}: {limit} |")
    return out


def undecided(surveys: list[Survey]) -> list[str]:
    out = []
    for s in surveys:
        deals = s.undecided()
        out.append(f"**{s.label}** ({len(deals)}):" + (" none." if not deals else ""))
        if deals:
            out.append("")
            text, row = [], ""
            for d in deals:
                piece = f"{d}, "
                if len(row) + len(piece) > 100:
                    text.append(row.rstrip())
                    row = ""
                row += piece
            text.append(row.rstrip(", ") + ".")
            out.extend(text)
        out.append("")
    return out


def _deals(deals: list[int], shown: int = 12) -> str:
    """The first ``shown`` deal numbers, and how many more."""
    text = ", ".join(str(d) for d in deals[:shown])
    return text + (f" and {len(deals) - shown} more" if len(deals) > shown else "")


def page(surveys: list[Survey]) -> str:
    """The whole page: the rules surveyed, the table, the times, the undecided deals, the replays,
    what the figures depend on and how to make it again."""
    return "\n".join([*_opening(surveys), *_replays(surveys), *_closing()])


def _opening(surveys: list[Survey]) -> list[str]:
    return [
        "# How many deals of Yukon and Russian Solitaire can be won",
        "",
        "Made by `python benchmarks/winnability_report.py` from the survey files in `benchmarks/survey/`;",
        "do not edit it by hand (the commands that make it all again are at the end).",
        "",
        "The solver plays with full information: it may look at the face-down cards. So these are the",
        "shares a perfect player who could see every card would win, an upper bound for anyone playing",
        "the real game. Deals are the game's own deal numbers 1-10000 under each rule set:",
        "",
        "- **Yukon**: the standard rules: only a King (with what lies on it) goes into an empty column,",
        "  and cards on the foundations may come back to the table;",
        "- **no foundation return**: the same, but a card on a foundation stays there;",
        "- **any card in a space**: any face-up card, with the cards on it, may go into an empty column;",
        "- **Russian Solitaire**: Yukon's deal and moves, but cards build down by suit, not by",
        "  alternating colour.",
        "",
        "A deal is *winnable* only with a winning line that the engine replays to the end (every line",
        "is kept, and replayed again each time this page is made), *unwinnable* only when the solver's",
        "search is exhausted or a relaxation proves that some card can never get home, and *unknown*",
        "when its time runs out.",
        "",
        "## The table",
        "",
        *table(surveys),
        "",
        "The interval is the 95% Wilson score interval, with the unknown deals counted as losses for",
        "its low end and as wins for its high end (the convention of solitaire solver surveys): the",
        "low end is the Wilson low end of *winnable / deals*, the high end the Wilson high end of",
        "*(winnable + unknown) / deals*. Its width is split into the part from the unknown deals",
        "(*unknown / deals*: how far apart the two shares are) and the part from sampling (the rest:",
        "how far the Wilson ends reach beyond them).",
        "",
        "Against the aim of one percentage point in all:",
        "",
        *widths(surveys),
        "",
        "## Time to decide a deal",
        "",
        "CPU seconds of the solving thread for each decided deal, as recorded in the results file (the",
        "run that decided it), and how many decided deals fall in each band; the unknown deals ran",
        "out of the limit shown.",
        "",
        *times(surveys),
        "",
        "## Deals still undecided",
        "",
        *undecided(surveys),
        "## Every winning line replayed",
        "",
    ]


def _replays(surveys: list[Survey]) -> list[str]:
    lines: list[str] = []
    for s in surveys:
        lines.append(f"- {s.label}: {s.replayed} lines replayed from the dealt position to a won table "
                     f"(median {percentile([float(m) for m in s.moves], 0.5):.0f} moves, "
                     f"longest {max(s.moves, default=0)})"
                     + ("." if not s.lineless else
                        f"; {len(s.lineless)} winnable deals have no line kept, so are not replayed: an "
                        "earlier run that kept no lines won them, and they were not (yet) won again "
                        f"for one ({_deals(s.lineless)})."))
    return lines


def _closing() -> list[str]:
    return [
        "",
        "Each move is played through the engine's own legality check (`Position.play`); the script",
        "stops, naming the deal and the move, on any move that is illegal or unreadable, on a line",
        "that does not end in a won table, and on a line whose length differs from its result line.",
        "`tests/test_winnability.py` replays a sample of the kept",
        "lines on every test run.",
        "",
        "## What the figures depend on",
        "",
        "- **Time limits are CPU seconds**, not positions: a deal the solver decides just inside its",
        "  limit here might be unknown on a slower machine, and a faster one might decide some of the",
        "  unknown deals. Every verdict reached within the limit is the same on any machine (the",
        "  search is deterministic), and so are its node count and its line. `--nodes N` gives a",
        "  budget in positions instead, which no machine changes.",
        "- **Not one solver.** A deal's verdict is that of the last run that solved it. The unwinnable",
        "  and unknown verdicts of deals 1-10000 of Yukon and 1-5000 of the two options come partly from",
        "  earlier versions of the solver (issue 14's sessions; each later version solved only the",
        "  unknown deals again, under a longer limit, and every proof of loss is sound). The winnable",
        f"  deals were solved again, for their lines, by the solver of {SOLVER}, and the new deals of",
        "  the two options were solved by it: those lines are the ones replayed.",
        "",
        "## Making it again",
        "",
        "From the repository's top folder (each survey is resumable: run it again to go on; a longer",
        "`--timeout` solves the unknown deals again and keeps the decided ones):",
        "",
        "```sh",
        *run_commands(),
        "python benchmarks/winnability_report.py   # replays every line, writes docs/winnability.md",
        "```",
        "",
        "`benchmarks/survey/run.sh` holds the whole history of these runs, with the shorter limits the",
        "files were first made with. The same surveys run on a Dask cluster with `--cluster ADDRESS`",
        "instead of `--jobs 2` (see the README).",
        "",
    ]


def run_commands() -> list[str]:
    """The survey command that makes each file, at the limit its unknown deals last ran out of."""
    out = []
    for tag, _name in SURVEYS:
        rules = rules_from_tag(tag)
        limits = {r.limit for r in read_results(str(SURVEY / f"{tag}-{FIRST}-{LAST}.tsv"), tag).values()
                  if r.status == Verdict.UNKNOWN and r.limit is not None}
        timeout = f"{max(limits, default=6.0):g}"
        options = "".join([" --any-card-in-space" if rules.any_card_in_space else "",
                           " --no-foundation-return" if not rules.foundation_return else ""])
        base = f"benchmarks/survey/{tag}-{FIRST}-{LAST}"
        out.append(f"nice python -m yukon survey --deals {FIRST}-{LAST} --game {rules.variant}{options} "
                   f"--timeout {timeout} --jobs 2 --results {base}.tsv --lines {base}.lines")
    return out


def main(argv: list[str] | None = None) -> int:
    """Replay the lines and write (or, with --check, compare) the page; 1 on any failure."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="do not write: exit 1 if the page is not current")
    args = ap.parse_args(argv)
    try:
        surveys = [load(tag, name) for tag, name in SURVEYS]
    except (ReplayError, ValueError, OSError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    text = page(surveys)
    for s in surveys:
        lo, hi = s.interval()
        print(f"{s.label}: {pct(s.count(Verdict.WINNABLE) / s.n)} winnable, interval {pct(lo)}-{pct(hi)}, "
              f"{s.count(Verdict.UNKNOWN)} unknown, {s.replayed} lines replayed, {len(s.lineless)} winnable without a line")
    if args.check:
        current = PAGE.exists() and PAGE.read_text() == text
        print(f"{PAGE.relative_to(ROOT)} is {'current' if current else 'NOT current'}")
        return 0 if current else 1
    PAGE.parent.mkdir(exist_ok=True)
    PAGE.write_text(text)
    print(f"wrote {PAGE.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
