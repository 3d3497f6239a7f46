"""The program put together in one place: the window, its services and its parts.

``build_app`` is the only place that decides what the game is made of. It opens the
window (``App``), then adds the parts, each handed what it needs:

  * ``Extras``: the session (saves, settings, statistics, in the player's data folder, or
    a quiet stand-in that keeps nothing when there is none), sound (silent without a
    device), the settings, statistics, keys and deal-number screens, keyboard play;
  * ``Lessons``: the Lessons button, finished lessons kept in the session's settings;
  * ``Assist``: the solver's child process (started on the first tick; when processes
    cannot be started the table plays on without it and says so once), hints, Demo,
    Finish, winnable deals, following the same settings;
  * ``Difficulty``: each deal's level (easy, medium, hard) in the status line and in Deal #,
    and New deal by level, through the assist's solver child;
  * a start-up report, when ``YUKON_STARTUP_REPORT`` asks for one.

From a click to a move: pygame event -> ``input.translate`` -> a command for the top
screen -> ``TableScreen.handle`` -> ``Game.play`` -> ``App.notify`` -> every part's
``changed`` (saving, sound, statistics, the solver's status).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..rules import Rules
from .app import App


@dataclass(frozen=True, slots=True)
class Options:
    """What the command line chose: a deal, a game, the window's size and mode."""

    seed: int | None = None
    rules: Rules | None = None  # None: the game the settings name
    size: tuple[int, int] | None = None
    fullscreen: bool = False
    report_path: str | None = None  # write a start-up report there once the solver judged the deal
    language: str | None = None  # --language: already in use for this run, instead of the saved setting


def build_app(options: Options) -> App:
    """Open the window and give it every part; the caller runs it (``app.run()``)."""
    from . import assist, extras_app
    from .assist import deal_levels
    from .report import StartupReport

    app = App(seed=options.seed, rules=options.rules or Rules("yukon"), size=options.size,
              fullscreen=options.fullscreen)
    extras = extras_app.install(app, resume=options.seed is None and options.rules is None,
                                rules=options.rules, solver_settings=True, lessons=True,
                                language=options.language)
    solver = assist.install(app, session=extras.session)
    deal_levels.install(app, solver)
    if options.report_path:
        app.add_part(StartupReport(app, options.report_path, solver))
    return app
