"""Verdicts that keep coming (issue 30, part 2), where the player meets them: the window headless,
real pygame events, a real solver child, speech on through a recording speaker.

The first search of each position gets no time at all here (``FIRST``: the child answers
"undecided" after its first few hundred positions, for any deal not decided within them), and
the search after it has all the CPU seconds it needs: so a deal that takes the solver a few
tenths of a second is undecided at first and decided in the background, on any machine. No
test waits on a clock: each runs frames until what it waits for has come.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import itertools
import time
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from player_input import click, press
from window_helpers import hint_move, play_by_clicks, run_until, shown_message
from yukon.core.state import Position
from yukon.play.save import Store
from yukon.play.settings import Settings, save_settings
from yukon.solve.solver import Verdict
from yukon.solve.solver_service import SolverService
from yukon.ui.app import App
from yukon.ui.assist import Assist
from yukon.ui.assist.knowledge import position_key
from yukon.ui.assist.link import Pending
from yukon.ui.assist.verdict_line import LineState
from yukon.ui.build import add_assist, add_extras, open_window
from yukon.ui.speech_output import RecordingSpeaker
from yukon.ui.voice import Voice

FIRST = 0.0  # the first search's seconds: undecided after its first slice
DEEP = (600.0,)  # the search after it: more CPU seconds than any deal here needs (a net, not a measure)
QUICK = 28  # the solver wins deal 28 after about 13,000 positions (0.65 s), not within the first slice
# Deal 320 is still undecided after 120 CPU seconds (2 million positions): far more than the child
# can search during the frames of the test that uses it, however fast the machine.
HARD = 320


class Table:
    """A window on one deal with speech on, the assist on the shared child, every request seen."""

    app: App
    assist: Assist
    rec: RecordingSpeaker
    asked: list[Pending]  # every request the assist sent, oldest first

    def __init__(self, folder: Path, service: SolverService, seed: int, monkeypatch: pytest.MonkeyPatch,
                 frame_clock: Callable[[], float] = time.perf_counter) -> None:
        assert save_settings(Store(str(folder)), Settings(lessons_offered=True, animation="off")) is None
        self.rec = RecordingSpeaker()
        self.app = open_window(size=(1024, 700), seed=seed, frame_clock=frame_clock)
        extras = add_extras(self.app, folder=str(folder), resume=False, lessons=False,
                            voice=Voice(lambda code: self.rec, probe=lambda code: True), speech=True)
        self.assist = add_assist(self.app, service, records=extras.records, solve_timeout=FIRST,
                                 hint_patience=600.0, budgets=DEEP)
        extras.speech.follow_verdict(lambda: self.assist.status)  # as the builder wires it
        self.asked = []
        link = self.assist.link
        send = link.ask

        def ask(req: Pending) -> bool:
            self.asked.append(req)
            return send(req)

        monkeypatch.setattr(link, "ask", ask)

    def kinds(self, position: Position) -> list[str]:
        """The kinds of the requests sent about ``position``, in order."""
        key = position_key(position)
        return [r.kind for r in self.asked if r.key == key]

    @property
    def position(self) -> Position:
        return self.app.session.position


def decided(t: Table) -> bool:
    return verdict(t.assist) in (Verdict.WINNABLE, Verdict.LOST)


def verdict(a: Assist) -> LineState:
    """The assist's verdict now (read afresh: it changes as frames run)."""
    return a.status


def test_an_undecided_deal_gets_its_verdict_later_a_move_starts_again_and_an_undo_reuses_it(
        tmp_path: Path, service: SolverService, monkeypatch: pytest.MonkeyPatch) -> None:
    t = Table(tmp_path, service, QUICK, monkeypatch)
    start = t.position.copy()
    app, a = t.app, t.assist
    # The first search runs out at once: the status says so, and the search goes on in the child.
    run_until(app, lambda: a.link.pending is not None and a.link.pending.kind == "deepen")
    assert verdict(a) == Verdict.UNKNOWN
    run_until(app, lambda: a.solver_note != "")
    assert a.solver_note == "Solver: undecided so far, still searching\u2026"
    said = len(t.rec.spoken)
    # The verdict comes while the window runs on: shown and said, as any verdict is.
    run_until(app, lambda: decided(t))
    app.frame()
    assert verdict(a) == Verdict.WINNABLE and a.solver_note == "Solver: this deal can be won"
    assert "Can still be won" in t.rec.spoken[said:]
    assert t.kinds(start) == ["status", "deepen"]
    deep = next(r for r in t.asked if r.kind == "deepen")
    assert deep.budget == DEEP[0] and app.top is app.table  # no question: the status line says it
    known = a.knowledge.lookup(start)
    assert known is not None and known.line
    # A move off the winning line: the new position's own search starts at once, short first.
    move = next(m for m in start.legal_moves() if m != known.line[0])
    play_by_clicks(app, move)
    moved = t.position.copy()
    assert a.link.pending is not None and a.link.pending.kind == "status"
    assert a.link.pending.key == position_key(moved) and a.link.pending.budget is None
    run_until(app, lambda: decided(t))
    assert t.kinds(moved)[0] == "status" and set(t.kinds(moved)) <= {"status", "deepen"}
    # Back: the verdict found before comes from what the assist knows, with no request.
    asked = len(t.asked)
    while app.top is not app.table:  # a loss the first search proved asks whether to go back
        press(app, pygame.K_ESCAPE)
    press(app, pygame.K_BACKSPACE)
    assert t.position == start
    assert verdict(a) == Verdict.WINNABLE and a.solver_note == "Solver: this deal can be won"
    assert len(t.asked) == asked and a.link.pending is None
    # And the line it found is the one the hint shows.
    press(app, pygame.K_h)
    assert app.table is not None and hint_move(app.table) == known.line[0]


def test_frames_keep_coming_while_the_search_goes_on(tmp_path: Path, service: SolverService,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    steps = itertools.count()
    reads: list[float] = []

    def frame_clock() -> float:
        reads.append(next(steps) / 60.0)  # a sixtieth of a second each look, whatever the machine
        return reads[-1]

    t = Table(tmp_path, service, HARD, monkeypatch, frame_clock)
    app, a = t.app, t.assist
    run_until(app, lambda: a.link.pending is not None and a.link.pending.kind == "deepen")
    deep = a.link.pending
    assert deep is not None
    looked = len(reads)
    # While the child searches: a hint and a card picked up and put back, each in the frame of its
    # key or click; 240 frames in all, none of them waiting for the search.
    table = app.table
    assert table is not None and table.layout is not None
    press(app, pygame.K_h)
    assert hint_move(table) is not None
    assert shown_message(table).startswith("The solver has not decided this position yet; it is still searching.")
    card = t.position.columns[6][-1]
    click(app, *table.layout.strip_rect(card).center)
    assert app.session.selection == card
    click(app, *table.layout.strip_rect(card).center)
    for _ in range(237):
        app.frame()
    assert len(reads) - looked == 240  # each frame looked at the loop's clock once: 240 frames drawn
    assert a.link.pending is deep and verdict(a) == Verdict.UNKNOWN  # and the search still runs
    assert a.solver_note == "Solver: undecided so far, still searching\u2026"
