"""The window's command line: sizes it can really have, and Ctrl+C before the window opens."""

from __future__ import annotations

import argparse
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest

from yukon.ui import build, launch
from yukon.ui.window import MIN_SIZE


def test_a_size_below_the_windows_smallest_is_refused_with_the_real_minimum() -> None:
    assert MIN_SIZE == (launch.MIN_WINDOW, launch.MIN_WINDOW)
    assert launch.parse_size(f"{launch.MIN_WINDOW}x{launch.MIN_WINDOW}") == MIN_SIZE
    for text in ("100x100", f"{launch.MIN_WINDOW - 1}x600", f"800x{launch.MIN_WINDOW - 1}"):
        with pytest.raises(argparse.ArgumentTypeError, match=f"smallest size is {launch.MIN_WINDOW}x"):
            launch.parse_size(text)


def test_ctrl_c_while_the_window_opens_is_one_line(monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    def interrupted(options: build.Options) -> object:
        raise KeyboardInterrupt

    monkeypatch.setattr(build, "build_app", interrupted)
    assert launch.main(["--seed", "5"]) == 130
    err = capsys.readouterr().err
    assert err.strip() == "Stopped before the window opened." and "Traceback" not in err
