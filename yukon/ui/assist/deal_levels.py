"""How hard a deal is, at the table: the level in the status line, in Deal #, and New deal by level.

Two pieces:

  * ``DealLevels`` belongs to the assist and shares its solver child (one request in
    flight at a time, asked only while the child is idle). Its "level" requests have the
    child rate a deal (``yukon.solve.difficulty``): the deal on the table when nothing is known
    of it yet, a number typed in Deal #, and random deals while the player waits for a
    deal of a chosen level (and afterwards, to keep one of that level ready). Only those
    random deals make the pool New deal by level draws from, and only deals this machine's
    table has never had (``Context.played``): never the deal on the table, one played
    before, or a number typed (or half typed) in Deal #.
  * ``Difficulty`` is a part (``yukon.ui.parts``) the builder adds: the status note
    ("Difficulty: easy"), the question New deal asks (Easy, Medium, Hard, Any deal), and
    the Deal # box's word on the number typed. The window never waits for the solver: a
    deal of the chosen level is dealt once the child has found one.

With "hide whether the deal can be won" on, the level is not shown either (a level says
the deal can be won).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from ...core.rules import Rules
from ...core.state import Position
from ...solve.difficulty import PLAYABLE, RATE_NODES, Level, Rating
from ...text.i18n import N_, _, pgettext
from ..commands import Command
from ..parts import Part, StatusNote
from ..screen import Answer, QuestionDialog
from .context import Context, SettingName
from .knowledge import Key, RulesKey, position_key, rules_key
from .link import POLL, Pending, new_request

if TYPE_CHECKING:
    from ...solve.solver_service import Reply
    from ..app import App
    from ..table import TableScreen

DealId = tuple[RulesKey, int]  # (rules key, deal number)

# The status line's word on the deal on the table, per level.
NOTES: dict[Level, str] = {
    Level.EASY: N_("Difficulty: easy"),
    Level.MEDIUM: N_("Difficulty: medium"),
    Level.HARD: N_("Difficulty: hard"),
}
# The Deal # box's word on a typed deal number ({number}), per level.
DEAL_NOTES: dict[Level, str] = {
    Level.EASY: N_("Deal {number} is easy."),
    Level.MEDIUM: N_("Deal {number} is of medium difficulty."),
    Level.HARD: N_("Deal {number} is hard."),
    Level.UNWINNABLE: N_("Deal {number} cannot be won."),
    Level.UNKNOWN: N_("The solver could not tell how hard deal {number} is."),
}
# While the player waits for a deal of a level.
LOOKING: dict[Level, str] = {
    Level.EASY: N_("Looking for an easy deal\u2026"),
    Level.MEDIUM: N_("Looking for a medium deal\u2026"),
    Level.HARD: N_("Looking for a hard deal\u2026"),
}


class DealLevels:
    """Ratings of deals (by rules and number), deals of a level kept ready, and what to ask next."""

    _ctx: Context
    ratings: dict[DealId, Rating]
    ready: dict[tuple[tuple, Level], int]  # (rules key, level) -> a deal number of that level (the pool)
    candidate: DealId | None  # the random deal last asked about for the pool (only such deals join it)
    wanted: Level | None  # the player waits for a deal of this level
    keep_ready: Level | None  # the level last asked for: one more of it is kept ready
    asked_about: int | None  # a number typed in Deal #, rated under the rules new deals follow
    enabled: bool  # a part shows the levels (``Difficulty``): only then does the child rate deals

    def __init__(self, ctx: Context) -> None:
        self._ctx = ctx
        self.ratings = {}
        self.ready = {}
        self.candidate = None
        self.wanted = None
        self.keep_ready = None
        self.asked_about = None
        self.enabled = False

    def enable(self) -> None:
        """A part shows the levels from now on: ask the child to rate deals."""
        self.enabled = True

    def rating(self, rules: Rules, seed: int) -> Rating | None:
        """What is known of deal ``seed`` under ``rules``."""
        return self.ratings.get((rules_key(rules), seed))

    def table_rating(self) -> Rating | None:
        """What is known of the deal on the table (None for a set position)."""
        game = self._ctx.game
        return None if game.seed is None else self.rating(game.rules, game.seed)

    def take_ready(self, level: Level) -> int | None:
        """A deal number of ``level`` under the rules new deals follow, if one is ready (it is used up).
        Never a deal the table has had since it was found (typed in Deal #, say): a new deal is another one."""
        rules = self._ctx.app.rules
        seed = self.ready.pop((rules_key(rules), level), None)
        game = self._ctx.game
        if seed is None or seed == game.seed or self._ctx.played(seed):
            return None
        return seed

    def quiet(self) -> bool:
        """Is the main table on top and still (a good moment to deal)?"""
        return self._ctx.quiet()

    # -- what to ask the solver ---------------------------------------------------------------
    def look(self) -> Pending | None:
        """The next request while the child is idle: the table's deal, a typed number, a candidate."""
        app = self._ctx.app
        game = self._ctx.game
        if not self.enabled:
            return None
        if game.seed is not None and self.table_rating() is None:
            return self._request(game.seed, game.rules)
        if self.asked_about is not None and self.rating(app.rules, self.asked_about) is None:
            return self._request(self.asked_about, app.rules)
        level = self.wanted or self.keep_ready
        if level is not None and (rules_key(app.rules), level) not in self.ready:
            seed = app.random_seed()
            while self._ctx.played(seed):  # one in a billion per deal played: a loop of one, nearly always
                seed = app.random_seed()
            self.candidate = (rules_key(app.rules), seed)
            return self._request(seed, app.rules)
        return None

    @staticmethod
    def _request(seed: int, rules: Rules) -> Pending:
        pos = Position.deal(seed, rules)
        return new_request("level", position_key(pos), pos, seed=seed, node_limit=RATE_NODES)

    # -- what the solver said -----------------------------------------------------------------
    def heard(self, req: Pending, reply: Reply) -> None:
        """The child's rating of a deal: kept, and a deal of a wanted level kept ready."""
        rating = reply.stats.get("rating")
        if req.kind != "level" or req.seed is None or not isinstance(rating, Rating):
            return  # a bad position text ("error") has no rating
        did = (rules_key(req.position.rules), req.seed)
        self.ratings[did] = rating
        candidate = did == self.candidate
        if candidate:
            self.candidate = None
        if (candidate and rating.level in PLAYABLE and did[0] == rules_key(self._ctx.app.rules)
                and not self._ctx.played(req.seed)):
            self.ready.setdefault((did[0], rating.level), req.seed)
        self._show_news()

    def _show_news(self) -> None:
        """Something new is known: the status line and a Deal # box on top show it."""
        t = self._ctx.table
        if t is not None:
            t.invalidate()
        screens = self._ctx.app.screens
        if screens:
            self._ctx.app.top.invalidate()


class SolverHelp(Protocol):
    """What the part needs of the assist (``yukon.ui.assist.Assist``)."""

    levels: DealLevels

    @property
    def failed(self) -> bool:
        """Is the solver off for the rest of this run?"""

    def setting(self, name: SettingName) -> bool:
        """One of the solver's settings."""


class Difficulty(Part):
    """The level at the table: status note, New deal's question, the Deal # box's note."""

    app: App
    assist: SolverHelp
    left: Key | None  # the position the player chose to leave while waiting for a deal of a level

    def __init__(self, app: App, assist: SolverHelp) -> None:
        self.app = app
        self.assist = assist
        self.left = None
        assist.levels.enable()

    @property
    def levels(self) -> DealLevels:
        """The assist's ratings."""
        return self.assist.levels

    def status_notes(self) -> list[StatusNote]:
        """The level of the deal on the table once known, or which deal is being looked for."""
        notes: list[StatusNote] = []
        wanted = self.levels.wanted
        if wanted is not None:
            notes.append(StatusNote(_(LOOKING[wanted])))
        r = self.levels.table_rating()
        if r is None or self.assist.setting("hide_verdicts"):
            return notes
        if r.level in PLAYABLE:  # an unwinnable deal is the solver's verdict's to say, once
            notes.append(StatusNote(_(NOTES[r.level])))
        return notes

    def command(self, table: TableScreen, command: Command) -> bool:
        """New deal on the main table asks which kind of deal (while the solver is there); so does
        NEW_DEAL_CONFIRMED (the Stuck question's New deal), whose player has already chosen to leave the game."""
        if command not in (Command.NEW_DEAL, Command.NEW_DEAL_CONFIRMED) or table is not self.app.table \
                or table.mode is not None or not table.session.deals or self.assist.failed:
            return False
        self.ask_level(table, table.session.position.key() if command is Command.NEW_DEAL_CONFIRMED else None)
        return True

    def ask_level(self, table: TableScreen, left: Key | None = None) -> None:
        """The question: Easy, Medium, Hard (a winnable deal of that level), Any deal, Cancel.

        ``left``: the position the player has already chosen to leave; while it is still on the
        table, the deal replaces it without asking "Replace the game under way?" again.
        """
        answers: list[Answer] = [
            (pgettext("button", "Easy"), lambda: self.choose(Level.EASY, left)),
            (pgettext("button", "Medium"), lambda: self.choose(Level.MEDIUM, left)),
            (pgettext("button", "Hard"), lambda: self.choose(Level.HARD, left)),
            (pgettext("button", "Any deal"), lambda: self._deal(None, left)),
            (pgettext("button", "Cancel"), None),
        ]
        self.app.push(QuestionDialog(
            self.app, _("Which deal? Easy, medium and hard deals can all be won: the solver has won "
                        "each one, and rates it by how much search that took."),
            answers, title=_("New deal")))

    def choose(self, level: Level, left: Key | None = None) -> None:
        """Deal one of ``level`` now if one is ready, else once the solver has found one (``left``: see
        ``ask_level``)."""
        levels = self.levels
        levels.keep_ready = level
        seed = levels.take_ready(level)
        if seed is not None:
            levels.wanted = None
            self._deal(seed, left)
            return
        levels.wanted = level
        self.left = left
        t = self.app.table
        if t is not None:
            t.invalidate()

    def _deal(self, seed: int | None, left: Key | None) -> None:
        t = self.app.table
        self.left = None
        if seed is None:
            self.levels.wanted = None
        if t is not None:
            t.new_deal(ask=left is None or left != t.session.position.key(), seed=seed)

    def tick(self) -> float | None:
        """Deal the wanted deal once one is ready and the table is quiet."""
        levels = self.levels
        if levels.wanted is None:
            return None
        if self.assist.failed:
            levels.wanted = None
            return None
        if not levels.quiet():
            return None
        seed = levels.take_ready(levels.wanted)
        if seed is None:
            return POLL
        levels.wanted = None
        self._deal(seed, self.left)
        return None

    def deal_note(self, seed: int) -> str | None:
        """The Deal # box's word on deal ``seed`` under the rules new deals follow (asked for when unknown)."""
        if self.assist.setting("hide_verdicts") or self.assist.failed:
            return None
        levels = self.levels
        r = levels.rating(self.app.rules, seed)
        if r is None:
            levels.asked_about = seed
            return _("Finding out how hard deal {number} is\u2026").format(number=seed)
        return _(DEAL_NOTES[r.level]).format(number=seed)
