"""The replay viewer: a finished game watched again, move by move, on a table of its own.

A replay is a ``TableSession`` of its own (``deals=False``) shown by the ordinary table, over
the game in play, which stays as it was: its moves are the recorded line's
(``yukon.play.replay.Replay`` keeps the cursor), made through the session so that the cards
slide as in play. Nothing else listens to it: the records follow only the main table, so a
replay never touches the saved game or the statistics. The player's own moves are refused
(the guide says why); the bar steps forward and back, jumps to the start or the end, plays
at a speed (1, 2, 4 or 8 moves a second, after each slide has landed) and leaves.

``ReplayPart`` opens it: after a win (the win question's Watch replay, ``Command.REPLAY``), from
the history (the Stats screen's recent games) and for a share code that carries moves.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.state import Game, Move
from ..play.events import Actor, Event, Refused, Tone
from ..play.history import HistoryEntry
from ..play.replay import Replay
from ..play.session import TableSession
from ..play.share_code import ShareCode, ShareCodeError
from ..text.i18n import NC_, _, ngettext, pgettext
from .commands import Command
from .parts import Part
from .table import TableScreen
from .table.mode import BaseMode
from .widgets import ButtonSpec

if TYPE_CHECKING:
    from .app import App

SPEEDS = (1.0, 2.0, 4.0, 8.0)  # moves a second


class ReplayGuide:
    """Refuses every move the viewer does not make itself."""

    allow: bool

    def __init__(self) -> None:
        self.allow = False

    def veto(self, game: Game, move: Move) -> Refused | None:
        """Only the viewer's own moves (``allow``) are made."""
        if self.allow:
            return None
        return Refused(move, None, guide=True, guide_text=_("This is a replay: its buttons move the cards."))

    def heard(self, event: Event, session: TableSession) -> None:
        """Nothing to follow."""


class ReplayMode(BaseMode):
    """One replay on its own table: the cursor, the session it moves and what the table shows."""

    app: App
    replay: Replay
    seed: int | None
    guide: ReplayGuide
    session: TableSession
    table: TableScreen
    playing: bool
    speed: int  # index into SPEEDS
    due: float  # the session's time of the next move while playing

    def __init__(self, app: App, replay: Replay, seed: int | None) -> None:
        self.app = app
        self.replay = replay
        self.seed = seed
        self.guide = ReplayGuide()
        self.session = TableSession(Game(replay.start.copy(), seed), app.session.now, guide=self.guide, deals=False)
        self.playing = False
        self.speed = 1
        self.due = 0.0
        self.replay.to_start()
        self.table = TableScreen(app, self.session, self)  # last: it reads the buttons and the status

    # -- stepping ------------------------------------------------------------------------------
    def forward(self) -> None:
        """The next move, with its slide (at the end: playing stops)."""
        move = self.replay.next_move()
        if move is None:
            self.playing = False
            return
        self.guide.allow = True
        try:
            self.session.move(move, Actor.DEMO)
        finally:
            self.guide.allow = False
        self.replay.forward()

    def back(self) -> None:
        """Take the last move back, with its slide."""
        if self.replay.at_start:
            return
        self.session.undo()
        self.replay.back()

    def jump(self, index: int) -> None:
        """To the position after ``index`` moves at once (playing stops)."""
        self.playing = False
        self.replay.seek(index)
        game = Game(self.replay.start.copy(), self.seed)
        for move in self.replay.moves[:self.replay.index]:
            game.play(move)
        self.session.deal(game, resumed=True)

    def toggle_play(self) -> None:
        """Play at the chosen speed, or pause (from the end: from the start again)."""
        if not self.playing and self.replay.at_end:
            self.jump(0)
        self.playing = not self.playing
        self.due = self.session.now()

    def next_speed(self) -> None:
        """The next speed, round again after the fastest."""
        self.speed = (self.speed + 1) % len(SPEEDS)

    def tick(self) -> float | None:
        """While playing: the next move once the last slide has landed and its time has come."""
        if not self.playing:
            return None
        if self.app.top is not self.table or self.table.busy():
            return 0.05
        now = self.session.now()
        if now < self.due:
            return self.due - now
        self.forward()
        self.due = now + 1.0 / SPEEDS[self.speed]
        return 1.0 / SPEEDS[self.speed]

    def leave(self) -> None:
        """Back to the game in play (as it was)."""
        self.playing = False
        self.app.pop(self.table)

    # -- what the table shows ------------------------------------------------------------------
    def command(self, command: Command) -> bool:
        """The replay's buttons and keys (Home and End jump; Esc leaves)."""
        actions = {
            Command.REPLAY_FORWARD: self.forward, Command.REPLAY_BACK: self.back,
            Command.REPLAY_START: lambda: self.jump(0), Command.HOME: lambda: self.jump(0),
            Command.REPLAY_END: lambda: self.jump(self.replay.length),
            Command.END: lambda: self.jump(self.replay.length),
            Command.REPLAY_PLAY: self.toggle_play, Command.SELECT: self.toggle_play,
            Command.REPLAY_SPEED: self.next_speed,
            Command.LEAVE_REPLAY: self.leave, Command.CANCEL: self.leave,
        }
        act = actions.get(command)
        if act is None:
            return command not in (Command.RULES, Command.KEYS, Command.STATS, Command.SETTINGS, Command.QUIT)
        if command in (Command.REPLAY_FORWARD, Command.REPLAY_BACK):
            self.playing = False  # a step by hand stops the play
        act()
        return True

    def buttons(self) -> list[ButtonSpec]:
        """Start, Back, Play or Pause, Forward, End, the speed, Leave replay."""
        return [
            ButtonSpec(Command.REPLAY_START, lambda: not self.replay.at_start),
            ButtonSpec(Command.REPLAY_BACK, lambda: not self.replay.at_start),
            ButtonSpec(Command.REPLAY_PLAY, shown=lambda: NC_("button", "\u258c\u258c Pause") if self.playing
                       else NC_("button", "\u25b6 Play")),
            ButtonSpec(Command.REPLAY_FORWARD, lambda: not self.replay.at_end),
            ButtonSpec(Command.REPLAY_END, lambda: not self.replay.at_end),
            ButtonSpec(Command.REPLAY_SPEED, shown=lambda: SPEED_LABELS[self.speed]),
            ButtonSpec(Command.LEAVE_REPLAY),
        ]

    def status_text(self) -> tuple[str, str, str]:
        """Which game, which move, how fast."""
        # TRANSLATORS: the status line of the replay viewer; {number} is the deal's number.
        line1 = _("Replay of deal {number}").format(number=self.seed) if self.seed is not None else _("Replay")
        line2 = _("Move {index} of {count}").format(index=self.replay.index, count=self.replay.length)
        speed = SPEEDS[self.speed]
        line3 = (ngettext("Playing, {n} move a second", "Playing, {n} moves a second", int(speed)).format(n=int(speed))
                 if self.playing else pgettext("replay", "Paused"))
        return line1, line2, line3

    def quiet_end(self) -> bool:
        """The end of a replayed win only celebrates."""
        return True


SPEED_LABELS = (NC_("button", "Speed 1\u00d7"), NC_("button", "Speed 2\u00d7"), NC_("button", "Speed 4\u00d7"),
                NC_("button", "Speed 8\u00d7"))


class ReplayPart(Part):
    """Opens replays (after a win, from the history, for a code with moves) and paces the one playing."""

    app: App
    viewer: ReplayMode | None

    def __init__(self, app: App) -> None:
        self.app = app
        self.viewer = None

    def command(self, table: TableScreen, command: Command) -> bool:
        """Watch replay: the game on the main table, from its deal."""
        if command is Command.REPLAY:
            game = self.app.session.game
            self.open(Replay(game.start, game.moves_made), game.seed)
            return True
        return False

    def open(self, replay: Replay, seed: int | None) -> ReplayMode:
        """Show ``replay`` on a table of its own over the game in play."""
        if self.viewer is not None and self.viewer.table in self.app.screens:
            self.app.pop(self.viewer.table)
        while self.app.table is not None and self.app.top is not self.app.table and len(self.app.screens) > 1:
            self.app.pop()  # a sheet, a question: the replay goes over the table itself
        self.viewer = ReplayMode(self.app, replay, seed)
        self.app.push(self.viewer.table)
        return self.viewer

    def open_entry(self, entry: HistoryEntry) -> None:
        """Replay a game of the history (one that kept no moves is said so)."""
        try:
            self.open(Replay.of_entry(entry), entry.seed)
        except (ValueError, ShareCodeError):
            self.app.session.tell(_("That game kept no moves to replay."), Tone.ERROR)

    def open_code(self, code: ShareCode) -> None:
        """Replay the moves a share code carries."""
        self.open(Replay.of_code(code), code.seed)

    def tick(self) -> float | None:
        """Pace the replay that is playing."""
        viewer = self.viewer
        if viewer is None:
            return None
        if viewer.table not in self.app.screens:
            self.viewer = None
            return None
        return viewer.tick()
