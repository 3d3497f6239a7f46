"""The README points only at what a reader of the repository has, and says what the code does.

It names files of the repository that exist (no path out of it), says in its first section
which Python is needed (as pyproject.toml requires), puts the rules page where "Save the
rules" writes it, and its position example is what ``python -m yukon deal 1`` prints.
"""

from __future__ import annotations

import io
import re
from pathlib import Path

from yukon.cli import main as cli_main
from yukon.play import help_text

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


def sections() -> dict[str, str]:
    """The README's "## " sections by heading ("" for the part above the first)."""
    parts = re.split(r"^## (.+)$", README, flags=re.MULTILINE)
    return {"": parts[0], **{parts[i].strip(): parts[i + 1] for i in range(1, len(parts), 2)}}


def test_no_path_leads_out_of_the_repository() -> None:
    assert "../" not in README and "..\\" not in README
    for target in re.findall(r"\]\(([^)\s]+)\)", README):  # the Markdown links and pictures
        if not re.match(r"[a-z]+:", target):
            assert (ROOT / target).resolve().is_relative_to(ROOT) and (ROOT / target).exists(), target


def test_every_module_the_readme_names_is_there() -> None:
    named = set(re.findall(r"`((?:yukon|benchmarks|packaging|tests|assets)/[\w./-]*)`", README))
    assert len(named) > 10
    # not in a clone: the installed package's copy of assets/, and the example of a new language
    elsewhere = {"yukon/assets"}
    missing = [n for n in named - elsewhere if "<" not in n and "/sv/" not in n and not (ROOT / n).exists()]
    assert missing == []


def test_the_first_section_says_which_python() -> None:
    # (tomllib is 3.11's: the tests run on 3.10 too)
    required = re.search(r'^requires-python = "(.+)"$', (ROOT / "pyproject.toml").read_text(encoding="utf-8"),
                         re.MULTILINE)
    assert required is not None and required.group(1) == ">=3.10"
    assert "Python 3.10 or newer" in sections()["On a new machine"]


def test_the_rules_page_is_where_save_the_rules_writes_it() -> None:
    saves = sections()["Where saves live"]
    assert f"`{help_text.RULES_PAGE_NAME}`" in saves and "data folder" in saves
    game = sections()["The game in one paragraph"]
    assert "Rules screen" in game and "`yukon/play/help_text.py`" in game


def test_the_position_example_is_what_the_command_line_prints() -> None:
    example = sections()["The command line"].split("`python -m yukon deal 1` prints:\n\n", 1)[1]
    block = [line[4:] for line in example.split("\n\n", 1)[0].splitlines()]
    out = io.StringIO()
    assert cli_main(["deal", "1"], out=out) == 0
    assert out.getvalue().splitlines() == block
