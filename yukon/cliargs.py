"""What every command of ``python -m yukon`` shares: exit codes, usage errors, deal numbers,
the rule and position options, reading a position, and one-line messages on stderr.

``yukon.cli`` (the engine's commands) and ``yukon.survey`` (the solver's) both build on it.
"""

from __future__ import annotations

import argparse
import sys
from typing import NoReturn, TextIO

from .core.cards import MAX_SEED
from .core.notation import PositionError, parse_position, shown, whole_number
from .core.state import Position

EXIT_OK, EXIT_ILLEGAL, EXIT_USAGE, EXIT_INTERRUPTED = 0, 1, 2, 130
# A position is a few hundred characters; reading stops here (``--position /dev/zero``).
MAX_POSITION_CHARS = 1 << 20


class UsageError(Exception):
    """Bad input or usage: printed as one line, exit status 2."""


class OneLineParser(argparse.ArgumentParser):
    """argparse that reports a usage error as one line instead of usage text + exit."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: {message} (try --help)")


def parse_seed(text: str) -> int:
    """A deal number from the command line (argparse ``type``)."""
    try:
        value = whole_number(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"deal number {shown(text)} is not a whole number "
                                         f"from 0 to {MAX_SEED}") from None
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


def read_text(stream: TextIO, source: str) -> str:
    """At most MAX_POSITION_CHARS of UTF-8 text from ``stream``; UsageError otherwise."""
    try:
        text = stream.read(MAX_POSITION_CHARS + 1)
    except UnicodeDecodeError as e:
        raise UsageError(f"{source} is not UTF-8 text (it holds the byte 0x{e.object[e.start]:02x}); "
                         "is it a position?") from None
    except OSError as e:
        raise UsageError(f"cannot read {source}: {e.strerror or e}") from None
    if len(text) > MAX_POSITION_CHARS:
        raise UsageError(f"{source} is too large for a position (over {MAX_POSITION_CHARS} "
                         "characters); is it a position file?")
    return text


def read_position(args: argparse.Namespace, stdin: TextIO | None) -> Position:
    """The position named by ``--position`` (or stdin) under the command's rule options."""
    if args.position == "-":
        source = "standard input"
        if stdin is None:
            raise UsageError("standard input is closed; give the position on it or with --position FILE")
        text = read_text(stdin, source)
    else:
        source = args.position
        try:
            with open(args.position, encoding="utf-8", errors="strict") as f:
                text = read_text(f, source)
        except OSError as e:
            raise UsageError(f"cannot read {args.position}: {e.strerror or e}") from None
    try:
        return parse_position(text, any_card_in_space=args.any_card_in_space,
                              foundation_return=not args.no_foundation_return)
    except PositionError as e:
        raise UsageError(f"{source}: {e}") from None


def say(line: str) -> None:
    """One line on stderr; nothing when stderr is closed or cannot be written."""
    if sys.stderr is None:
        return
    try:
        sys.stderr.write(line + "\n")
        sys.stderr.flush()
    except (OSError, ValueError):
        pass
