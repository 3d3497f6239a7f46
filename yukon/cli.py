"""The headless command line over the engine: ``python -m yukon deal|daily|moves|apply|bench ...``.

Exit status: 0 on success, 1 for an illegal move, 2 for bad input or usage (input that
is not UTF-8 or too large, closed standard input or output, a full disk ...), 130 when
interrupted. Every error is one line on stderr; no traceback reaches the user.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import re
import sys
from collections.abc import Sequence
from datetime import date
from typing import TextIO

from . import __version__
from .cliargs import (
    EXIT_ILLEGAL,
    EXIT_INTERRUPTED,
    EXIT_OK,
    EXIT_USAGE,
    OneLineParser,
    UsageError,
    add_position_option,
    add_rule_options,
    parse_seed,
    read_position,
    say,
)
from .core.notation import (
    MoveTextError,
    format_position,
    parse_move,
    shown,
)
from .core.rules import VARIANTS, Rules
from .core.state import Position
from .text.words import refusal

MAX_BENCH_SECONDS = 600.0


def _cmd_deal(args: argparse.Namespace, stdin: TextIO | None, out: TextIO) -> int:
    seed = args.seed
    if seed is None:
        seed = random.SystemRandom().randrange(1, 1_000_000_000)
    out.write(f"# deal {seed}\n")
    out.write(format_position(Position.deal(seed, Rules(args.game))))
    return EXIT_OK


def daily_date(text: str) -> date:
    """``--date`` of daily: a calendar date written YYYY-MM-DD."""
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", text, re.ASCII):
        raise argparse.ArgumentTypeError(f"{shown(text)} is not a date written YYYY-MM-DD, such as 2026-03-01")
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"there is no day {shown(text)} in the calendar") from None


def _cmd_daily(args: argparse.Namespace, stdin: TextIO | None, out: TextIO) -> int:
    from .play.daily import DailyError, pick_daily
    from .play.share_code import encode

    day = args.date if args.date is not None else date.today()
    try:
        deal = pick_daily(day, args.game)
    except DailyError as e:
        raise UsageError(f"no deal of the day: {e}") from None
    out.write(f"# daily {day.isoformat()} {args.game}\n# rating {deal.level.value}\n"
              f"# code {encode(deal.rules, deal.seed)}\n# deal {deal.seed}\n")
    out.write(format_position(Position.deal(deal.seed, deal.rules)))
    return EXIT_OK


def _cmd_moves(args: argparse.Namespace, stdin: TextIO | None, out: TextIO) -> int:
    position = read_position(args, stdin)
    out.writelines(f"{move}\n" for move in position.legal_moves())
    return EXIT_OK


def _cmd_apply(args: argparse.Namespace, stdin: TextIO | None, out: TextIO) -> int:
    position = read_position(args, stdin)
    for number, text in enumerate(args.move, start=1):
        try:
            move = parse_move(text)
        except MoveTextError as e:
            raise UsageError(str(e)) from None
        illegal = position.why_illegal(move)
        if illegal is not None:
            say(f"move {number} ({move}) is illegal: {refusal(illegal)}")
            return EXIT_ILLEGAL
        position.push(move)
    out.write(format_position(position))
    return EXIT_OK


def bench_seconds(text: str) -> float:
    """``--seconds`` of bench: a finite number above 0, at most MAX_BENCH_SECONDS."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{shown(text)} is not a number of seconds") from None
    if not (math.isfinite(value) and 0 < value <= MAX_BENCH_SECONDS):
        raise argparse.ArgumentTypeError(f"seconds must be above 0 and at most {MAX_BENCH_SECONDS:g} "
                                         f"(each of the three measurements takes that long), not {text}")
    return value


def _cmd_bench(args: argparse.Namespace, stdin: TextIO | None, out: TextIO) -> int:
    from .solve.bench import run_bench

    run_bench(seconds=args.seconds, out=out)
    return EXIT_OK


def build_parser() -> argparse.ArgumentParser:
    """The parser for every command."""
    parser = OneLineParser(prog="python -m yukon", description="Yukon Solitaire from the command line.")
    parser.add_argument("--version", action="version", version=f"Yukon Solitaire {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=OneLineParser)

    p = sub.add_parser("deal", help="print a dealt position", description="Print the position of a deal.")
    p.add_argument("seed", nargs="?", type=parse_seed, metavar="SEED",
                   help="deal number (random when left out; it is printed as a # comment)")
    p.add_argument("--game", choices=VARIANTS, default="yukon", help="variant (default yukon)")
    p.set_defaults(run=_cmd_deal)

    p = sub.add_parser("daily", help="print the deal of the day",
                       description="Print the deal of the day (the same on every machine): its number, "
                                   "difficulty, share code and position.")
    p.add_argument("--date", type=daily_date, default=None, metavar="YYYY-MM-DD",
                   help="the day (default today)")
    p.add_argument("--game", choices=VARIANTS, default="yukon", help="variant (default yukon)")
    p.set_defaults(run=_cmd_daily)

    p = sub.add_parser("moves", help="list the legal moves of a position",
                       description="Print every legal move of a position, one per line, in move text.")
    add_position_option(p)
    add_rule_options(p)
    p.set_defaults(run=_cmd_moves)

    p = sub.add_parser("apply", help="print the position after some moves",
                       description="Apply moves (move text such as 7H-3 or AS-F) in turn and print the position.")
    p.add_argument("move", nargs="+", metavar="MOVE", help="a move in move text")
    add_position_option(p)
    add_rule_options(p)
    p.set_defaults(run=_cmd_apply)

    p = sub.add_parser("bench", help="measure the engine's speed",
                       description="Legal-move generations and random playout moves per second.")
    p.add_argument("--seconds", type=bench_seconds, default=2.0,
                   help=f"time per measurement (default 2, at most {MAX_BENCH_SECONDS:g})")
    p.set_defaults(run=_cmd_bench)

    # Commands from other modules are added here, each by its own add_commands(sub).
    from .survey import add_commands as add_solver_commands

    add_solver_commands(sub)
    return parser


def _system_stdin() -> TextIO | None:
    """Standard input read as strict UTF-8 whatever the locale; None when it is closed."""
    if sys.stdin is None:
        return None
    try:
        return open(sys.stdin.fileno(), encoding="utf-8", errors="strict", closefd=False)
    except (OSError, ValueError):  # no file descriptor (an embedding program's stdin)
        return sys.stdin


def _silence_stdout() -> None:
    """Point file descriptor 1 at the null device so the flush at exit cannot fail again."""
    if sys.stdout is None:
        return
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):
        pass


def main(argv: Sequence[str] | None = None, stdin: TextIO | None = None, out: TextIO | None = None) -> int:
    """Run the command line; returns the exit status.

    ``stdin`` and ``out`` default to the process's standard input (read as UTF-8) and
    output. An OSError that reaches this level comes from writing the output: every
    command turns its own file errors into a UsageError naming the file.
    """
    own_stdout = out is None
    if stdin is None:
        stdin = _system_stdin()
    try:
        args = build_parser().parse_args(argv)
        if getattr(args, "run", None) is None:
            raise UsageError("python -m yukon: name a command: deal, daily, moves, apply, bench ... (try --help)")
        if out is None:
            if sys.stdout is None:
                raise UsageError("standard output is closed; nothing could be printed")
            out = sys.stdout
        code: int = args.run(args, stdin, out)
        out.flush()
        return code
    except UsageError as e:
        say(f"error: {e}")
        return EXIT_USAGE
    except KeyboardInterrupt:
        say("interrupted")
        return EXIT_INTERRUPTED
    except BrokenPipeError:  # the reader went away (``| head``): not an error
        if own_stdout:
            _silence_stdout()
        return EXIT_OK
    except OSError as e:
        if own_stdout:
            _silence_stdout()
        say(f"error: cannot write to standard output: {e.strerror or e}")
        return EXIT_USAGE
