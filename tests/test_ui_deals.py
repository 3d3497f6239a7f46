"""What a new deal brings, headless, with real pygame events and a real solver child: a status
line that says nothing of the deal before it, a level pool of deals never played here, and,
on a new machine, a first deal the solver has proved winnable and rated easy.

The tests wait on what the window shows and on the solver's answers, never on the clock.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import random

from window_helpers import click, play_by_clicks, press_button, run_until
from yukon.solver_service import SolverService
from yukon.state import Game
from yukon.ui.app import App
from yukon.ui.assist import Assist, install
from yukon.ui.parts import TablePrefs
from yukon.ui.screen import QuestionDialog


def status_line(app: App) -> str:
    """The status line's third row, as drawn: the notes of the parts (the solver's verdict among them)."""
    t = app.table
    assert t is not None
    return t.status_text()[2]


def answer(app: App, label: str) -> None:
    """Click the answer ``label`` of the question on top."""
    dialog = app.top
    assert isinstance(dialog, QuestionDialog)
    labels = [lb for lb, _act in dialog.answers]
    click(app, *dialog.layout(*app.size)[3][labels.index(label)].center)


def solver_app(game: Game, service: SolverService) -> tuple[App, Assist]:
    app = App(size=(1280, 800), game=game)
    app.apply_prefs(TablePrefs(animation_speed=0.25))
    app.draw()
    return app, install(app, service, solve_timeout=1e6)


def test_a_new_deal_never_shows_the_last_deals_verdict(service: SolverService) -> None:
    random.seed(20)  # the new deals' numbers: three deals the solver wins within a few thousand positions
    app, a = solver_app(Game.deal(2), service)
    run_until(app, lambda: "Solver: this deal can be won" in status_line(app))
    for _round in range(3):
        play_by_clicks(app, a.line_here()[0])
        run_until(app, lambda: "Solver: still winnable" in status_line(app))
        old = app.game
        press_button(app, "New deal")
        answer(app, "New deal")  # replace the game under way
        assert app.game is not old and not app.game.history
        # From the deal's own frame until the solver's words on the new deal, nothing of the last one.
        lines = [status_line(app)]

        def judged(lines: list[str] = lines) -> bool:
            lines.append(status_line(app))
            return "Solver: " in lines[-1]

        run_until(app, judged)
        assert not any("still winnable" in line for line in lines), lines
        run_until(app, lambda: "Solver: this deal can be won" in status_line(app))
    assert not app.errors
    a.close()
