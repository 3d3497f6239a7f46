"""The command line: deal, moves, apply, bench; every bad input is exit 2 and one line."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest

from yukon.cli import main
from yukon.core.notation import format_position, parse_move, parse_position
from yukon.core.state import Position

ROOT = Path(__file__).resolve().parent.parent


def run(*args: str, stdin: str = "") -> tuple[int, str, str]:
    """Run ``python -m yukon`` as a user would, in a child process."""
    r = subprocess.run([sys.executable, "-m", "yukon", *args], input=stdin, capture_output=True,
                       text=True, cwd=ROOT, timeout=60, check=False)
    return r.returncode, r.stdout, r.stderr


def call(*args: str, stdin: str = "") -> tuple[int, str]:
    out = io.StringIO()
    code = main(list(args), io.StringIO(stdin), out)
    return code, out.getvalue()


def test_deal_prints_the_golden_position() -> None:
    code, out, err = run("deal", "12345")
    assert code == 0 and err == ""
    assert out.splitlines()[0] == "# deal 12345"
    assert out.split("\n", 1)[1] == (ROOT / "tests/golden/deal_12345.txt").read_text()


def test_deal_without_a_number_prints_the_one_it_chose() -> None:
    code, out = call("deal", "--game", "russian")
    assert code == 0
    seed = int(out.splitlines()[0].removeprefix("# deal "))
    assert out.split("\n", 1)[1] == format_position(Position.deal(seed, parse_position(out).rules))
    assert "Game: russian" in out


def test_moves_lists_the_engine_moves(tmp_path: Path) -> None:
    text = format_position(Position.deal(1))
    code, out = call("moves", stdin=text)
    assert code == 0
    assert out.split() == [str(m) for m in Position.deal(1).legal_moves()]
    f = tmp_path / "p.txt"
    f.write_text(text)
    code2, out2 = call("moves", "--position", str(f))
    assert (code2, out2) == (code, out)


def test_rule_options_change_the_moves() -> None:
    text = """\
Foundations: S-9 H-9 D-K C-K
: KS QS JS TS
: KH QH JH TH
:
:
:
:
:
"""
    _, with_return = call("moves", stdin=text)
    _, without = call("moves", "--no-foundation-return", stdin=text)
    assert "9S-2" in with_return.split() and "9S-2" not in without.split()
    _, anycard = call("moves", "--any-card-in-space", stdin=text)
    assert "TS-3" in anycard.split() and "TS-3" not in with_return.split()


def test_apply_plays_moves_in_turn() -> None:
    text = format_position(Position.deal(1))
    code, out, err = run("apply", "AD-5", "2C-4", stdin=text)
    assert code == 0 and err == ""
    p = Position.deal(1)
    for m in ("AD-5", "2C-4"):
        p.play(parse_move(m))
    assert out == format_position(p)


def test_an_illegal_move_is_exit_1_with_the_reason() -> None:
    code, out, err = run("apply", "AD-5", "7D-2", stdin=format_position(Position.deal(1)))
    assert code == 1 and out == ""
    assert err == "move 2 (7D-2) is illegal: the 7 of diamonds is face down\n"


BAD_POSITIONS = {
    "missing card": (": 5H\n" + ":\n" * 6, "line 7: 51 card(s) missing"),
    "card twice": ("Foundations: S-K H-K D-K C-Q\n: KC KC\n" + ":\n" * 6, "line 2: KC appears twice"),
    "unknown token": ("Foundations: S-K H-K D-K C-Q\n: KX\n" + ":\n" * 6, "line 2: 'KX' is not a card"),
    "face-down above face-up": ("Foundations: S-K H-K D-Q C-Q\n: KC (KD)\n" + ":\n" * 6, "line 2: face-down (KD) lies above"),
    "face-down end card": ("Foundations: S-K H-K D-K C-Q\n: (KC)\n" + ":\n" * 6, "line 2: column 1 ends in a face-down card"),
    "too few columns": ("Foundations: S-K H-K D-K C-Q\n: KC\n" + ":\n" * 5, "line 7: only 6 column lines"),
    "too many columns": ("Foundations: S-K H-K D-K C-Q\n: KC\n" + ":\n" * 7, "line 9: an eighth column"),
    "unknown game": ("Game: klondike\n" + ":\n" * 7, "line 1: unknown game 'klondike'"),
    "bad foundation": ("Foundations: S-Z\n" + ":\n" * 7, "line 1: 'S-Z' has an unknown rank"),
    "unknown line": ("Stock: 3H\n" + ":\n" * 7, "line 1: unknown line"),
    "card also on its foundation": ("Foundations: S-K H-K D-K C-K\n: KC\n" + ":\n" * 6, "line 2: KC is on the table but also on its foundation"),
}


@pytest.mark.parametrize("kind", sorted(BAD_POSITIONS))
def test_every_bad_position_is_exit_2_and_one_line(kind: str) -> None:
    text, expected = BAD_POSITIONS[kind]
    code, out, err = run("moves", stdin=text)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "Traceback" not in err
    assert expected in err, err


@pytest.mark.parametrize("args", [
    ("deal", "minus"), ("deal", "-5"), ("deal", "99999999999999999999999"), ("frobnicate",), (),
    ("apply",), ("apply", "7H-9"), ("apply", "ZZ-1"), ("moves", "--position", "/no/such/file"),
    ("moves", "--bogus"), ("deal", "1", "--game", "klondike"),
])
def test_usage_errors_are_exit_2_and_one_line(args: tuple[str, ...]) -> None:
    code, _out, err = run(*args, stdin=format_position(Position.deal(1)))
    assert code == 2, (args, err)
    assert err.count("\n") == 1 and "Traceback" not in err, err


@pytest.mark.parametrize("command", ["deal", "moves", "apply", "bench"])
def test_each_command_has_help(command: str) -> None:
    code, out, err = run(command, "--help")
    assert code == 0 and "usage:" in out and err == ""


def test_bench_reports_the_figures() -> None:
    code, out = call("bench", "--seconds", "0.05")
    assert code == 0
    assert "legal-move generations/s" in out and "random playout moves/s" in out


def test_the_core_never_imports_pygame() -> None:
    code = ("import sys, yukon.core.cards, yukon.core.rules, yukon.core.state, yukon.core.notation, yukon.cli, yukon.solve.bench\n"
            "import importlib.util\n"
            "for name in ('yukon.play.lessons', 'yukon.solve.solver', 'yukon.play.save', 'yukon.play.settings', 'yukon.play.stats', 'yukon.play.help_text'):\n"
            "    if importlib.util.find_spec(name): __import__(name)\n"
            "assert 'pygame' not in sys.modules, sorted(m for m in sys.modules if 'pygame' in m)\n")
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60, check=False)
    assert r.returncode == 0, r.stderr
