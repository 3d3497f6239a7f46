"""The rules data, the prepared group-move position and the printable rules page."""

from __future__ import annotations

import html
import itertools
import webbrowser
from pathlib import Path

import pytest

from browser_helpers import SystemBrowsers, text_mode_and_by_file_type
from yukon.core.notation import parse_move, parse_position
from yukon.play import help_text


def test_sections_cover_the_rules() -> None:
    headings = [h for h, _ in help_text.RULES_SECTIONS]
    for needed in ("goal", "deal", "tail", "empty", "foundation", "turning", "winning",
                   "klondike", "russian"):
        assert any(needed in h.lower() for h in headings), needed
    for heading, paragraphs in help_text.RULES_SECTIONS:
        assert paragraphs and all(p.strip() for p in paragraphs), heading


def test_group_move_position_shows_an_unordered_tail_moving() -> None:
    pos = parse_position(help_text.GROUP_MOVE_POSITION)
    move = parse_move(help_text.GROUP_MOVE)
    assert pos.why_illegal(move) is None
    tail = pos.tail(move.card)
    assert len(tail) >= 3
    # the tail is not a built sequence: some neighbour pair does not fit
    assert any(not pos.rules.fits(b, a) for a, b in itertools.pairwise(tail))
    before = pos.columns[move.to][:]
    undo = pos.push(move)
    assert pos.columns[move.to] == before + tail
    assert undo.flipped
    for col in help_text.GROUP_MOVE_COLUMNS:
        assert 0 <= col < 7
    assert move.to in help_text.GROUP_MOVE_COLUMNS


def test_keys_list_every_shortcut_once() -> None:
    keys = [k for k, _ in help_text.KEYS]
    assert len(keys) == len(set(keys))
    for needed in ("Ctrl+Z", "Ctrl+Y", "Esc", "F11", "?", "Backspace", "F1"):
        assert any(needed in k.replace("/", " ").replace(" or ", " ").split() or needed == k for k in keys), needed


def test_rules_page_is_written_with_every_section(tmp_path: Path) -> None:
    path = help_text.write_rules_html(tmp_path / "data")
    text = path.read_text(encoding="utf-8")
    assert text.startswith("<!DOCTYPE html>")
    assert "<style>" in text and "@media print" in text
    assert "<script" not in text and "src=" not in text and "href=" not in text  # self-contained
    assert "<svg" in text and text.count("<rect") > 10  # the group-move picture, drawn inline
    for heading, paragraphs in help_text.RULES_SECTIONS:
        assert f"<h2>{html.escape(heading)}</h2>" in text
        for p in paragraphs:
            assert html.escape(p) in text
    for key, _ in help_text.KEYS:
        assert html.escape(key) in text
    assert [p.name for p in path.parent.iterdir()] == [help_text.RULES_PAGE_NAME]  # no temp left


def test_rules_page_to_unwritable_folder_reports(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    path, message = help_text.save_and_open_rules(blocker / "sub")
    assert path is None and "Could not" in message


def test_the_page_opens_only_in_a_graphical_browser(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """xdg-open comes first here, as on most Linux desktops: for an .html file it starts whatever
    handles HTML (a terminal editor on the playtest machine). Firefox is asked instead."""
    found = text_mode_and_by_file_type()
    found["firefox"] = webbrowser.Mozilla("firefox")
    browsers = SystemBrowsers(monkeypatch, found, first="xdg-open")
    path, message = help_text.save_and_open_rules(tmp_path)
    assert path is not None and browsers.opened == [("firefox", path.as_uri())]
    assert message == f"The rules are saved as {path} and your browser was asked to open them."


def test_the_desktop_s_default_browser_comes_first(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    found = {"x-www-browser": webbrowser.BackgroundBrowser("x-www-browser"), "firefox": webbrowser.Mozilla("firefox"),
             "chromium": webbrowser.Chrome("chromium")}
    browsers = SystemBrowsers(monkeypatch, found, first="chromium")  # what xdg-settings names
    assert help_text.graphical_browser() is found["chromium"]
    browsers.first = "xdg-open"  # webbrowser's first choice is not a browser: the list's order
    assert help_text.graphical_browser() is found["x-www-browser"]


@pytest.mark.parametrize("first", ["xdg-open", "lynx", "elinks", "vim"])
def test_without_a_graphical_browser_nothing_opens_and_the_path_is_said(
        first: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    browsers = SystemBrowsers(monkeypatch, text_mode_and_by_file_type(), first=first)
    assert help_text.graphical_browser() is None
    path, message = help_text.save_and_open_rules(tmp_path)
    assert path is not None and path.exists() and browsers.opened == []
    assert message == f"The rules are saved as {path}; open that file in a browser to print it."


def test_open_never_raises(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    firefox = webbrowser.Mozilla("firefox")
    SystemBrowsers(monkeypatch, {"firefox": firefox})

    def broken(url: str, new: int = 0, autoraise: bool = True) -> bool:
        raise OSError("no such program")

    monkeypatch.setattr(firefox, "open", broken)
    assert help_text.open_in_browser(tmp_path / "page.html") is False
    path, message = help_text.save_and_open_rules(tmp_path)
    assert path is not None and "open that file in a browser" in message


def test_the_printable_page_has_no_raw_position_text(tmp_path: Path) -> None:
    text = help_text.write_rules_html(tmp_path).read_text(encoding="utf-8")
    assert "<pre" not in text and "Foundations:" not in text and ": (QC) 7H KC 9H" not in text
    assert html.escape(help_text.GROUP_MOVE_CAPTION) in text  # the cards spelled out under the picture
