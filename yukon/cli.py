"""The headless command line over the engine: ``python -m yukon deal|moves|apply|bench ...``.

Exit status: 0 on success, 1 for an illegal move, 2 for bad input or usage. Every
error is one line on stderr; no traceback reaches the user.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from typing import NoReturn, TextIO

from . import __version__
from .cards import MAX_SEED
from .notation import MoveTextError, PositionError, format_position, parse_move, parse_position
from .rules import VARIANTS, Rules
from .state import Position

EXIT_OK, EXIT_ILLEGAL, EXIT_USAGE = 0, 1, 2


class UsageError(Exception):
    """Bad input or usage: printed as one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    """argparse that reports a usage error as one line instead of usage text + exit."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: {message} (try --help)")


def _seed(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"deal number {text!r} is not a whole number") from None
    if not 0 <= value <= MAX_SEED:
        raise argparse.ArgumentTypeError(f"deal number must be between 0 and {MAX_SEED}")
    return value


def add_rule_options(parser: argparse.ArgumentParser) -> None:
    """The two rule options shared by every command that reads a position."""
    parser.add_argument("--any-card-in-space", action="store_true",
                        help="any face-up card (with its tail) may fill an empty column, not only a King")
    parser.add_argument("--no-foundation-return", action="store_true",
                        help="cards on the foundations may not come back to the table")


def add_position_option(parser: argparse.ArgumentParser) -> None:
    """``--position FILE`` (``-`` or absent: standard input)."""
    parser.add_argument("--position", metavar="FILE", default="-",
                        help="position text to read (default: standard input)")


def read_position(args: argparse.Namespace, stdin: TextIO) -> Position:
    """The position named by ``--position`` (or stdin) under the command's rule options."""
    if args.position == "-":
        text = stdin.read()
        source = "standard input"
    else:
        try:
            with open(args.position, encoding="utf-8") as f:
                text = f.read()
        except (OSError, UnicodeDecodeError) as e:
            raise UsageError(f"cannot read {args.position}: {getattr(e, 'strerror', None) or e}") from None
        source = args.position
    try:
        return parse_position(text, any_card_in_space=args.any_card_in_space,
                              foundation_return=not args.no_foundation_return)
    except PositionError as e:
        raise UsageError(f"{source}: {e}") from None


def _cmd_deal(args: argparse.Namespace, stdin: TextIO, out: TextIO) -> int:
    seed = args.seed
    if seed is None:
        seed = random.SystemRandom().randrange(1, 1_000_000_000)
    out.write(f"# deal {seed}\n")
    out.write(format_position(Position.deal(seed, Rules(args.game))))
    return EXIT_OK


def _cmd_moves(args: argparse.Namespace, stdin: TextIO, out: TextIO) -> int:
    position = read_position(args, stdin)
    for move in position.legal_moves():
        out.write(f"{move}\n")
    return EXIT_OK


def _cmd_apply(args: argparse.Namespace, stdin: TextIO, out: TextIO) -> int:
    position = read_position(args, stdin)
    for number, text in enumerate(args.move, start=1):
        try:
            move = parse_move(text)
        except MoveTextError as e:
            raise UsageError(str(e)) from None
        reason = position.why_illegal(move)
        if reason is not None:
            sys.stderr.write(f"move {number} ({move}) is illegal: {reason}\n")
            return EXIT_ILLEGAL
        position.push(move)
    out.write(format_position(position))
    return EXIT_OK


def _cmd_bench(args: argparse.Namespace, stdin: TextIO, out: TextIO) -> int:
    from .bench import run_bench

    run_bench(seconds=args.seconds, out=out)
    return EXIT_OK


def build_parser() -> argparse.ArgumentParser:
    """The parser for every command."""
    parser = _Parser(prog="python -m yukon", description="Yukon Solitaire from the command line.")
    parser.add_argument("--version", action="version", version=f"Yukon Solitaire {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    p = sub.add_parser("deal", help="print a dealt position", description="Print the position of a deal.")
    p.add_argument("seed", nargs="?", type=_seed, metavar="SEED",
                   help="deal number (random when left out; it is printed as a # comment)")
    p.add_argument("--game", choices=VARIANTS, default="yukon", help="variant (default yukon)")
    p.set_defaults(run=_cmd_deal)

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
    p.add_argument("--seconds", type=float, default=2.0, help="time per measurement (default 2)")
    p.set_defaults(run=_cmd_bench)

    # Commands from other modules are added here, each by its own add_commands(sub).
    from .survey import add_commands as add_solver_commands

    add_solver_commands(sub)
    return parser


def main(argv: Sequence[str] | None = None, stdin: TextIO | None = None, out: TextIO | None = None) -> int:
    """Run the command line; returns the exit status."""
    stdin = stdin or sys.stdin
    out = out or sys.stdout
    try:
        args = build_parser().parse_args(argv)
        if getattr(args, "run", None) is None:
            raise UsageError("python -m yukon: name a command: deal, moves, apply, bench ... (try --help)")
        return args.run(args, stdin, out)
    except UsageError as e:
        sys.stderr.write(f"error: {e}\n")
        return EXIT_USAGE
    except KeyboardInterrupt:
        sys.stderr.write("interrupted\n")
        return 130
    except BrokenPipeError:
        return EXIT_OK
