"""A question's text is wrapped into even lines: no word (nor a Chinese or Japanese character with
its full stop) is left alone on the last line, in any shipped language. Checked on the welcome a
newcomer meets first, opened as the game opens it, and then answered with a real key."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from player_input import press
from yukon.text import i18n
from yukon.ui import art
from yukon.ui.build import add_extras, open_window
from yukon.ui.screen import QuestionDialog

SHORTEST = 0.5  # no line of the question narrower than this share of its widest


@pytest.mark.parametrize("size", [(800, 600), (1280, 800)])
@pytest.mark.parametrize("code", i18n.LANGUAGES)
def test_the_welcomes_lines_are_even(tmp_path: Path, code: str, size: tuple[int, int]) -> None:
    assert i18n.set_language(code) == code  # as --language sets it before the window opens
    try:
        app = open_window(seed=5, size=size)
        add_extras(app, folder=str(tmp_path), resume=False, welcome=True, language=code)
        assert i18n.language() == code
        app.frame()
        dialog = app.top
        assert isinstance(dialog, QuestionDialog)
        _, text_size, lines, _ = dialog.layout(*size)
        widths = [art.font(text_size).size(line)[0] for line in lines]
        assert len(lines) > 1 and "".join(lines).replace(" ", "") == dialog.question.replace(" ", "")
        assert min(widths) >= SHORTEST * max(widths), (code, lines)
        press(app, pygame.K_ESCAPE)  # "just play"
        assert app.top is app.table
    finally:
        i18n.set_language(i18n.ENGLISH)
