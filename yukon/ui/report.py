"""The start-up report: with ``YUKON_STARTUP_REPORT=path`` set, the window writes a small JSON
file once the solver has judged the deal (``packaging/check_onefile.py`` reads it)."""

from __future__ import annotations

import json
import os
import sys
import time
from typing import TYPE_CHECKING

from .. import __version__
from ..text import i18n
from ..text.i18n import _
from .parts import Part

if TYPE_CHECKING:
    from .app import App
    from .assist import Assist

REPORT_ENV = "YUKON_STARTUP_REPORT"


class StartupReport(Part):
    """With ``YUKON_STARTUP_REPORT=path`` set, write a JSON start-up report once the solver judged the deal.

    A check from outside (packaging/check_onefile.py) reads it to know that the window is up
    and that the solver's child process answered; nothing is written without the variable.
    """

    def __init__(self, app: App, path: str, assist: Assist) -> None:
        self.app = app
        self.path = path
        self.assist = assist
        self.written = False

    def tick(self) -> float | None:
        """Once a loop iteration: write the report once the status line shows the solver's verdict."""
        if self.written:
            return None
        verdict = self.assist.solver_note
        waiting = verdict.endswith("\u2026") or verdict == _("Solver: checking\u2026")  # whatever the translation ends with
        first_frame = self.app.loop.first_frame_at
        if first_frame is None or not verdict or waiting:
            return 0.1  # not yet: look again soon even when the table is idle
        from ..core.resources import asset_path

        # Machine-readable, so not translated; "solver" is the status line's text, in "language".
        report = {"version": __version__, "pid": os.getpid(), "executable": sys.executable,
                  "seed": self.app.session.game.seed, "solver": verdict, "language": i18n.language(),
                  "assets": str(asset_path()),
                  "first_frame_s": round(first_frame - self.app.t0, 4),
                  "verdict_s": round(time.perf_counter() - self.app.t0, 4)}
        self.written = True
        try:
            with open(self.path, "w", encoding="utf-8") as f:
                json.dump(report, f)
        except OSError as e:
            print(f"yukon: cannot write the start-up report: {e}", file=sys.stderr)
        return None
