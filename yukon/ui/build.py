"""The program put together in one place: the window, its services and its parts.

This module is the only place that creates the services (the table's session, the records of
saves, settings and statistics, the sound board, the solver's link) and hands them to the
parts; no part builds its own. ``build_app`` makes the whole program:

  * ``open_window``: the main table's ``TableSession`` (on the injected clock) and the window
    (``App``) showing it;
  * ``add_extras``: the records (in the player's data folder, or a quiet stand-in that keeps
    nothing when there is none), which follow the session; sound (silent without a device),
    which listens to it; and the parts around the table: resume and saving, settings,
    statistics, Deal #, the keys list and the Rules screen, keyboard play, and the lessons;
  * ``add_assist``: the solver's child process through a ``SolverLink`` (started on the first
    tick; when processes cannot be started the table plays on without it and says so once):
    hints, Demo, Finish, winnable deals, following the same settings;
  * the voice (``voice.Voice``, its speaker started only once speech is on) and the speech part,
    which hears every table session, the keyboard's cursor, the screens as they open and the
    solver's verdict (``--speech`` or ``YUKON_SPEECH=1`` turn speech on before the first screen);
  * ``add_difficulty``: each deal's level (easy, medium, hard) in the status line and in Deal #,
    and New deal by level, through the assist's solver child;
  * a start-up report, when ``YUKON_STARTUP_REPORT`` asks for one.

From a click (or a tap) to a move: pygame event -> ``input.Translator`` -> an input for the top screen ->
``TableScreen.handle`` -> ``TableSession.move`` -> its events to every listener (records,
sound, the assist, the table's own view).
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

import pygame

from ..core.rules import YUKON, Rules
from ..core.state import Game
from ..play.clock import Now
from ..play.records import Records
from ..play.session import TableSession
from ..play.settings import SETTINGS_FILE
from .app import App
from .daily_part import DailyPart
from .deal_part import ChooseDeal
from .display_scale import DisplayScale
from .help_part import Help
from .keyboard_part import KeyboardPlay
from .lessons_part import Lessons
from .replay_part import ReplayPart
from .saving_part import Saving
from .settings_part import SettingsPart
from .share_part import ShareCodes
from .sound import SoundBoard, TableSounds
from .speech_part import SpeechPart
from .stats_part import StatsPart
from .voice import Voice

SPEECH_ENV = "YUKON_SPEECH"  # 1: speech on before the first screen, as --speech

if TYPE_CHECKING:
    from ..solve.solver_service import SolverService
    from .assist import Assist
    from .assist.deal_levels import Difficulty


@dataclass(frozen=True, slots=True)
class Options:
    """What the command line chose: a deal, a game, the window's size and mode."""

    seed: int | None = None
    rules: Rules | None = None  # None: the game the settings name
    size: tuple[int, int] | None = None
    fullscreen: bool = False
    report_path: str | None = None  # write a start-up report there once the solver judged the deal
    language: str | None = None  # --language: already in use for this run, instead of the saved setting
    speech: bool = False  # --speech (or YUKON_SPEECH=1): speech on before the first screen


@dataclass(frozen=True, slots=True)
class Extras:
    """What ``add_extras`` made: the records, the sound board and the parts around the table."""

    records: Records
    folder: str | None  # the data folder (None: nothing is kept)
    sound: SoundBoard
    saving: Saving
    settings: SettingsPart
    stats: StatsPart
    deals: ChooseDeal
    daily: DailyPart
    share: ShareCodes
    replay: ReplayPart
    keyboard: KeyboardPlay
    lessons: Lessons | None
    speech: SpeechPart


def data_folder() -> str | None:
    """The user's data folder for the game (created by SDL), or None when there is none.

    ``YUKON_DATA_DIR`` names another folder (a portable copy, a test's temporary folder).
    """
    chosen = os.environ.get("YUKON_DATA_DIR")
    if chosen:
        return chosen
    try:
        return pygame.system.get_pref_path("yukon", "yukon-solitaire") or None
    except Exception:  # noqa: BLE001 - no home folder, a read-only profile: play on without saving
        return None


def speech_asked(environ: Mapping[str, str] = os.environ) -> bool:
    """Does ``YUKON_SPEECH`` ask for speech (1, yes, on, true)?"""
    return environ.get(SPEECH_ENV, "").strip().lower() in ("1", "yes", "on", "true")


def open_window(seed: int | None = None, rules: Rules = YUKON, size: tuple[int, int] | None = None,
                fullscreen: bool = False, game: Game | None = None, now: Now = time.monotonic,
                display: DisplayScale | None = None, frame_clock: Now = time.perf_counter) -> App:
    """The window on a table playing ``game`` (else deal ``seed``, else a deal at random) under
    ``rules``, with nothing around it yet; ``now`` is the table's clock (tests pass a fake one),
    ``display`` the display's density to assume (tests pass one; None: measured), ``frame_clock``
    what the loop's fixed steps follow (a test that must decide how much time each frame makes
    passes a fake one)."""
    if game is None:
        game = Game.deal(seed if seed is not None else App.random_seed(), rules)
    return App(TableSession(game, now), rules=rules, size=size, fullscreen=fullscreen, display=display,
               frame_clock=frame_clock)


def add_extras(app: App, folder: str | None | bool = True, resume: bool = True, rules: Rules | None = None,
               welcome: bool | None = None, solver_settings: bool = False, lessons: bool = True,
               language: str | None = None, sound: SoundBoard | None = None, voice: Voice | None = None,
               speech: bool = False, local_now: Callable[[], datetime] = datetime.now) -> Extras:
    """Add the records and the parts around the table to ``app``, and start them.

    ``folder=True`` takes the user's data folder from SDL. ``resume=False`` (a deal or game
    given on the command line) keeps the table's game, but when a saved game is under way it is
    resumed and the player is asked first; ``rules`` (a game given on the command line)
    overrides the settings' rules. ``welcome``: on the very first start (no settings kept yet)
    point the player to the lessons, once; by default only in the player's own data folder.
    ``solver_settings``: the settings show the solver's rows; ``lessons``: add the Lessons part,
    its finished lessons kept in the records' settings. ``language``: the language given on the
    command line, already in use. ``sound``: the board to play on (tests pass a recorder).
    ``voice``: the game's one voice (tests pass one on a recording speaker; by default one on the
    machine's speech output, started only when speech is on); ``speech``: turn speech on now.
    ``local_now``: the local date and time (the deal of the day's date; tests pass a fixed one).
    """
    if welcome is None:
        welcome = folder is True
    if folder is True:
        folder = data_folder()
    where = folder or None
    # Looked at before reading: a damaged settings file is moved aside as it is read.
    first_start = where is not None and not os.path.exists(os.path.join(where, SETTINGS_FILE))
    records = Records(where, background=True, local_now=local_now)
    board = sound if sound is not None else SoundBoard()
    records.follow(app.session)
    app.session.listen(TableSounds(board).heard)
    voice = voice if voice is not None else Voice()
    settings = SettingsPart(app, records, board, solver_settings, language, voice, speech)
    if board.enabled:
        board.open()  # a few ms now rather than a stutter on the first move
    keyboard = KeyboardPlay(app)
    spoken = SpeechPart(app, voice, lambda: keyboard.cursor,
                        hide_verdicts=lambda: records.settings.hide_verdicts)
    keyboard.listen_focus(spoken.focus_moved)
    replay = ReplayPart(app)
    deals = ChooseDeal(app, records, replay.open_code)
    extras = Extras(records, where, board, Saving(app, records), settings, StatsPart(app, records, replay.open_entry),
                    deals, DailyPart(app, records, lambda: local_now().date()), ShareCodes(app, deals.play_code),
                    replay, keyboard,
                    Lessons(app, records, TableSounds(board, moves_only=True).heard) if lessons else None, spoken)
    for part in (spoken, extras.saving, settings, extras.deals, extras.daily, extras.share, replay, extras.stats,
                 Help(app, where), extras.keyboard, extras.lessons):
        if part is not None:
            app.add_part(part)
    extras.saving.start(resume, rules, newcomer=welcome and first_start)
    spoken.opening()  # the game on the table, before any question that start-up puts over it
    if welcome and first_start and extras.lessons is not None:
        extras.lessons.welcome()
    return extras


def add_assist(app: App, service: SolverService | None = None, records: Records | None = None,
               solve_timeout: float | None = None, hint_patience: float | None = None,
               demo_pause: float | None = None) -> Assist:
    """Add the solver's features to ``app`` through a link to ``service`` (None: the link starts a
    child of its own on the first tick). ``records`` hold the settings the assist follows.

    ``hint_patience`` is how long a hint waits for the solver before a heuristic hint stands
    in (tests pass their own, so none depends on the machine's speed); ``demo_pause`` is the
    Demo's pause between moves.
    """
    from .assist import DEMO_PAUSE, HINT_PATIENCE, SOLVE_TIMEOUT, Assist
    from .assist.link import SolverLink

    link = SolverLink(service, SOLVE_TIMEOUT if solve_timeout is None else solve_timeout)
    assist = Assist(app, link, records, HINT_PATIENCE if hint_patience is None else hint_patience,
                    DEMO_PAUSE if demo_pause is None else demo_pause)
    app.add_part(assist)
    return assist


def add_difficulty(app: App, assist: Assist) -> Difficulty:
    """Add each deal's level to ``app`` (after the assist, whose solver child it shares)."""
    from .assist.deal_levels import Difficulty

    part = Difficulty(app, assist)
    app.add_part(part)
    return part


def build_app(options: Options) -> App:
    """Open the window and give it every part; the caller runs it (``app.run()``)."""
    from .report import StartupReport

    app = open_window(seed=options.seed, rules=options.rules or YUKON, size=options.size,
                      fullscreen=options.fullscreen)
    extras = add_extras(app, resume=options.seed is None and options.rules is None, rules=options.rules,
                        solver_settings=True, lessons=True, language=options.language,
                        speech=options.speech or speech_asked())
    assist = add_assist(app, records=extras.records)
    extras.speech.follow_verdict(lambda: assist.status)
    add_difficulty(app, assist)
    if options.report_path:
        app.add_part(StartupReport(app, options.report_path, assist))
    return app
