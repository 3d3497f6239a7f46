"""Statistics per game and rule set: games played and won (clean and assisted), streaks, best time, fewest moves.

Each rule set has a record of its own, keyed by ``record_key`` ("yukon", "russian",
"yukon+no-foundation-return", ...): a win with foundation return off is no record for
standard Yukon. How games are counted (the window's session calls these at the matching
moments):

- A game counts as played once its first move is made (``count_played``); dealing and
  looking is free. The caller keeps a ``counted`` flag with the game (the saved game
  carries it), so a resumed game is not counted twice.
- A win (``record_win``) adds a win and extends the streak. A win with no help at all is a
  clean win; one where hints, the Demo or Finish helped is an assisted win, counted apart.
  Only a clean win may set a best time or a fewest-moves record. It returns what to tell
  the player ("New best time!").
- Abandoning a counted, unfinished game by New deal, by choosing another deal or by
  changing the rules (``record_loss``) is a loss: the streak ends. So is a game whose
  last move the Demo played (the session decides that; the Demo's win is not the player's).
- Restart deal is not a new game: the same deal goes on as the same attempt, so it is
  neither a loss nor a second game played (restarting must not cost a streak, and must
  not pad the games-played count either). The time recorded for a win is the time the
  table's clock shows, which starts again at a restart, so the best time and the time
  in the win message always agree. Fewest moves counts the moves of the winning line
  (moves taken back do not count).
- Quitting the program is not abandoning: the game is saved and resumed.
- Only dealt games count (a game with a deal number): a prepared position, such as a
  lesson's or one loaded from a file, sets no records.

The file (version 3) is ``{"version": 3, "records": {key: record}, "history": [entry],
"daily": {game: days}}``: the records, the finished games (``yukon.play.history``) and the
calendar of the deals of the day (``yukon.play.daily_calendar``). A version 2 file (the
records alone) is carried over whole, with an empty history and calendar; a version 1
file (one record per variant, whatever the options) too, each variant's record becoming
its standard rules' record, its wins neither clean nor assisted (that was not kept then).
The average time counts the clean wins since version 3 (``timed``, ``total_time``). Pure: no pygame. Stored in the data folder with the same care as the saved
game. Every number is checked against what a game can reach: a damaged record starts again
(its rule set only) and a damaged best time or fewest moves is cleared, with a copy of the
file kept aside first and a message for the player.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from datetime import date
from typing import Any, Literal

from ..core.rules import VARIANTS, Rules
from ..text.i18n import N_, NC_, _, join_list, ngettext, pgettext
from ..text.words import rules_line, variant_title
from .daily import DAILY_GAMES
from .daily_calendar import DailyCalendar
from .history import History, HistoryEntry
from .save import MAX_SAVED_MOVES, MAX_SECONDS, Store, file_fault, number_in

STATS_FILE = "stats.json"
# 1: {"variants": {variant: record}}; 2: {"records": {record_key: record}}; 3: also "history" and "daily"
STATS_VERSION = 3
STATS_LABEL = "The statistics file"  # its name for the player: a key of save.FILE_FAULTS
MAX_COUNT = 10**9  # more games than anyone plays; a larger count is damage
COUNTS = ("played", "won", "clean", "assisted", "current_streak", "best_streak")
# The options of a rule set that differ from the standard rules, as they are written in a key.
_OPTIONS = {"any-card-in-space": "any_card_in_space", "no-foundation-return": "foundation_return"}
Help = Literal["hint", "demo", "finish"]  # what can help the player win: a win with help is assisted
HELPS: tuple[Help, ...] = ("hint", "demo", "finish")
# Each help's name in the win summary's list ("An assisted win (hints, Finish): ..."), translated there.
_HELP_NAMES: dict[Help, str] = {"hint": NC_("help", "hints"), "demo": NC_("help", "Demo"),
                                "finish": NC_("help", "Finish")}
# What is wrong with a damaged count, one sentence per count (the record's own names).
_NOT_A_COUNT: dict[str, str] = {
    # TRANSLATORS: damage found in the statistics file; "played" is the number of games played.
    "played": N_("played is not a count"),
    # TRANSLATORS: damage found in the statistics file; "won" is the number of games won.
    "won": N_("won is not a count"),
    # TRANSLATORS: damage found in the statistics file; "clean" is the number of wins with no help.
    "clean": N_("clean is not a count"),
    # TRANSLATORS: damage found in the statistics file; "assisted" is the number of wins with help.
    "assisted": N_("assisted is not a count"),
    "current_streak": N_("current streak is not a count"),
    "best_streak": N_("best streak is not a count"),
}


def record_key(rules: Rules) -> str:
    """The key of a rule set's record: the variant, then each option that differs from the standard rules."""
    options = [name for name, attr in _OPTIONS.items() if getattr(rules, attr) != getattr(Rules(), attr)]
    return "+".join([rules.variant, *options])


def rules_of(key: str) -> Rules | None:
    """The rule set a record key stands for (None: not a key this version writes)."""
    variant, *options = key.split("+")
    if variant not in VARIANTS or len(set(options)) != len(options) or not set(options) <= set(_OPTIONS):
        return None
    standard = Rules()
    changed = {_OPTIONS[o]: not getattr(standard, _OPTIONS[o]) for o in options}
    rules = Rules(variant, **changed)
    return rules if record_key(rules) == key else None  # one key per rule set: the options in order


@dataclass
class RulesRecord:
    """The record for one rule set. ``won`` counts every win; ``clean`` and ``assisted`` those
    counted apart since version 2 (wins carried over from version 1 are in neither)."""

    played: int = 0
    won: int = 0
    clean: int = 0  # wins with no hint, Demo or Finish
    assisted: int = 0  # wins where one of them helped
    current_streak: int = 0
    best_streak: int = 0
    best_time: float | None = None  # seconds, of a clean win
    fewest_moves: int | None = None  # of a clean win
    timed: int = 0  # clean wins whose time is in total_time (those since version 3)
    total_time: float = 0.0  # seconds, of those clean wins

    @property
    def average_time(self) -> float | None:
        """The mean time of the clean wins timed, or None before the first."""
        return self.total_time / self.timed if self.timed else None

    @property
    def lost(self) -> int:
        """Games counted as played and not won (including the one under way, if any)."""
        return self.played - self.won

    @property
    def win_share(self) -> float | None:
        """Won / played, or None before the first game."""
        return self.won / self.played if self.played else None

    def fault(self) -> str | None:
        """What makes the counts impossible together, in words (None: they add up)."""
        if self.won > self.played or self.clean + self.assisted > self.won \
                or self.current_streak > self.best_streak or self.best_streak > self.won:
            return _("the counts do not add up")
        return None

    def check(self) -> None:
        """Raise ValueError if the numbers cannot be true together (or are out of range)."""
        for name in COUNTS:
            if not number_in(getattr(self, name), 0, MAX_COUNT, whole=True):
                raise ValueError(f"{name} is not a count")
        fault = self.fault()
        if fault:
            raise ValueError(fault)
        if self.best_time is not None and not number_in(self.best_time, 0, MAX_SECONDS):
            raise ValueError("best_time is not a time")
        if self.fewest_moves is not None and not number_in(self.fewest_moves, 1, MAX_SAVED_MOVES, whole=True):
            raise ValueError("fewest_moves is not a count")
        if not _average_sound(self.timed, self.total_time, self.clean):
            raise ValueError("the average time is not a time")

    @classmethod
    def read(cls, record: Any) -> tuple[RulesRecord | None, list[str]]:
        """A record from its JSON, and what was wrong with it.

        None when the counts cannot be used (the rule set starts again); a best time or
        fewest moves out of range is cleared and named in the list.
        """
        if not isinstance(record, dict):
            # TRANSLATORS: damage found in the statistics file, in one game's record.
            return None, [_("the record is not an object")]
        if set(record) - {f.name for f in fields(cls)}:
            return None, [_("the record has entries this version does not know")]
        s = cls()
        for name in COUNTS:
            value = record.get(name, 0)
            if not number_in(value, 0, MAX_COUNT, whole=True):
                return None, [_(_NOT_A_COUNT[name])]
            setattr(s, name, value)
        fault = s.fault()
        if fault:
            return None, [fault]
        problems: list[str] = []
        best_time = record.get("best_time")
        if best_time is not None:
            if number_in(best_time, 0, MAX_SECONDS):
                s.best_time = float(best_time)
            else:
                problems.append(_("the best time is not a time"))
        fewest = record.get("fewest_moves")
        if fewest is not None:
            if number_in(fewest, 1, MAX_SAVED_MOVES, whole=True):
                s.fewest_moves = fewest
            else:
                problems.append(_("the fewest moves is not a count"))
        timed, total = record.get("timed", 0), record.get("total_time", 0.0)
        if _average_sound(timed, total, s.clean):
            s.timed, s.total_time = timed, float(total)
        else:
            # TRANSLATORS: damage found in the statistics file, in one game's record (its wins' mean time).
            problems.append(_("the average time is not a time"))
        return s, problems


def _average_sound(timed: Any, total: Any, clean: int) -> bool:
    """Can ``timed`` clean wins (of ``clean``) have taken ``total`` seconds?"""
    return number_in(timed, 0, clean, whole=True) and number_in(total, 0, MAX_SECONDS * max(1, timed)) \
        and (timed > 0 or total == 0)


def _standard_records() -> dict[str, RulesRecord]:
    return {record_key(Rules(v)): RulesRecord() for v in VARIANTS}


@dataclass
class Statistics:
    """Every rule set's record, by ``record_key`` (the standard rules of each game always there)."""

    records: dict[str, RulesRecord] = field(default_factory=_standard_records)
    history: History = field(default_factory=History)  # the finished games, newest last
    daily: DailyCalendar = field(default_factory=DailyCalendar)  # the deals of the day played

    def of(self, rules: Rules) -> RulesRecord:
        """The record of ``rules`` (an empty one, not kept, for rules never played)."""
        return self.records.get(record_key(rules)) or RulesRecord()

    def _record(self, rules: Rules) -> RulesRecord:
        """The record of ``rules`` to change (created empty if new)."""
        return self.records.setdefault(record_key(rules), RulesRecord())

    def count_played(self, rules: Rules) -> None:
        """The first move of a game was made: one more game played."""
        self._record(rules).played += 1

    def record_loss(self, rules: Rules) -> None:
        """A counted game was abandoned unfinished (or the Demo won it): the winning streak ends."""
        self._record(rules).current_streak = 0

    def record_win(self, rules: Rules, seconds: float, moves: int, counted: bool = True,
                   helps: frozenset[Help] = frozenset()) -> list[str]:
        """A win (``helps``: what helped; none for a clean win): returns the news for the player,
        how it counts first, then any record it set."""
        s = self._record(rules)
        if not counted:
            s.played += 1
        s.won += 1
        s.current_streak += 1
        news = [win_kind(helps)]
        if helps:
            s.assisted += 1
        else:
            s.clean += 1
        first = s.won == 1
        if first and rules == Rules(rules.variant):
            # TRANSLATORS: {game} is "Yukon" or "Russian Solitaire".
            news.append(_("Your first win at {game}!").format(game=variant_title(rules.variant)))
        elif first:
            # TRANSLATORS: {rules} is the game and its options, such as "Yukon, no foundation return".
            news.append(_("Your first win under these rules ({rules})!").format(rules=rules_line(rules)))
        if not helps:
            news += _clean_records(s, max(0.0, float(seconds)), moves, first)
        if s.current_streak > s.best_streak:
            s.best_streak = s.current_streak
            if s.current_streak > 1:
                news.append(ngettext("Best streak yet: {n} win in a row!", "Best streak yet: {n} wins in a row!",
                                     s.current_streak).format(n=s.current_streak))
        return news

    def record_finished(self, entry: HistoryEntry, begun: date) -> None:
        """A dealt game ended, won, lost or abandoned: keep it in the history and, when it was the deal
        of the day ``entry.daily`` under its game's standard rules, in the calendar (``begun``: the
        date the game was begun, for the streak). Its counts are ``count_played``'s and ``record_win``'s."""
        self.history.add(entry)
        variant = entry.rules.variant
        if entry.daily is not None and variant in DAILY_GAMES and entry.rules == Rules(variant):
            self.daily.record(variant, entry.daily, begun, entry.outcome, entry.seconds, entry.moves)

    def reset(self) -> None:
        """Forget every record, the history and the calendar."""
        self.records = _standard_records()
        self.history.clear()
        self.daily.clear()

    def to_dict(self) -> dict[str, Any]:
        """The JSON-ready record."""
        return {"version": STATS_VERSION, "records": {k: asdict(s) for k, s in self.records.items()},
                "history": self.history.to_list(), "daily": self.daily.to_dict()}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Statistics:
        """Rebuild from a record; ValueError when any of it is damaged."""
        stats, damage = cls.read(data)
        if damage:
            raise ValueError("; ".join(damage))
        return stats

    @classmethod
    def read(cls, data: dict[str, Any]) -> tuple[Statistics, list[str]]:
        """Rebuild from a record of any version, keeping what is sound; the second item lists
        the damage ("Yukon: the counts do not add up"). ValueError when there is no record at all."""
        stats = cls()
        damage: list[str] = []
        old = data.get("version") == 1
        raw = data.get("variants" if old else "records")
        if not isinstance(raw, dict):
            raise ValueError("no variants" if old else "no records")  # noqa: TRY004 - damage of any shape is a ValueError
        # version 1: a record per variant, whatever its options (another variant's: ignored, as then)
        found = {record_key(Rules(v)): r for v, r in raw.items() if v in VARIANTS} if old else raw
        for key, record in found.items():
            rules = rules_of(key)
            # TRANSLATORS: damage found in the statistics file: a record names rules this version does not have.
            s, problems = RulesRecord.read(record) if rules is not None else (None, [_("unknown rules")])
            title = rules_line(rules) if rules is not None else key
            if s is None:
                # TRANSLATORS: damage in the statistics file; {game} is a game and its rules ("Yukon",
                # "Russian Solitaire, no foundation return"), {problem} what is wrong, such as "the counts do not add up".
                damage.append(_("{game}: {problem}, so its counts start again").format(game=title, problem=problems[0]))
                continue
            # TRANSLATORS: damage in the statistics file; {game} is a game and its rules ("Yukon",
            # "Russian Solitaire, no foundation return"), {problem} what is wrong with a record, such as
            # "the best time is not a time".
            damage += [_("{game}: {problem}, so it is cleared").format(game=title, problem=p) for p in problems]
            stats.records[key] = s
        version = data.get("version")
        if isinstance(version, int) and version >= 3:
            damage += stats._read_history(data.get("history"), data.get("daily"))
        return stats, damage

    def _read_history(self, history: Any, daily: Any) -> list[str]:
        """Read a version 3 file's history and calendar into this record; returns the damage."""
        damage: list[str] = []
        try:
            self.history, bad = History.read(history)
            if bad:
                # TRANSLATORS: damage found in the statistics file: games of the list of finished games.
                damage.append(ngettext("{n} game of the history is damaged, so it is left out",
                                       "{n} games of the history are damaged, so they are left out", bad).format(n=bad))
        except ValueError:
            # TRANSLATORS: damage found in the statistics file: the list of finished games.
            damage.append(_("the history of games is damaged, so it starts again"))
        try:
            self.daily, bad = DailyCalendar.read(daily)
            if bad:
                # TRANSLATORS: damage found in the statistics file: days of the calendar of deals of the day.
                damage.append(ngettext("{n} day of the daily deals' calendar is damaged, so it is left out",
                                       "{n} days of the daily deals' calendar are damaged, so they are left out",
                                       bad).format(n=bad))
        except ValueError:
            # TRANSLATORS: damage found in the statistics file: the calendar of deals of the day.
            damage.append(_("the daily deals' calendar is damaged, so it starts again"))
        return damage


def _clean_records(s: RulesRecord, seconds: float, moves: int, first: bool) -> list[str]:
    """A clean win's best time, average time and fewest moves, and the news of any record it beat."""
    news: list[str] = []
    seconds = min(seconds, float(MAX_SECONDS))
    s.timed += 1
    s.total_time += seconds
    if s.best_time is None or seconds < s.best_time:
        if not first:
            # TRANSLATORS: {time} and {old} are times such as 4:05 (minutes:seconds).
            news.append(_("New best time: {time} (was {old}).").format(
                time=format_time(seconds), old=format_time(s.best_time))
                if s.best_time is not None else _("New best time!"))
        s.best_time = seconds
    if moves > 0 and (s.fewest_moves is None or moves < s.fewest_moves):
        if not first and s.fewest_moves is not None:
            # TRANSLATORS: {n} and {old} are numbers of moves.
            news.append(_("Fewest moves yet: {n} (was {old}).").format(n=moves, old=s.fewest_moves))
        s.fewest_moves = moves
    return news


def win_kind(helps: frozenset[Help]) -> str:
    """The win summary's word on how the game was won: clean, or assisted and by what."""
    if not helps:
        return _("A clean win: no hints, no Demo, no Finish.")
    names = join_list([pgettext("help", _HELP_NAMES[h]) for h in HELPS if h in helps])
    # TRANSLATORS: {helps} lists what helped: hints, Demo, Finish (comma-separated).
    return _("An assisted win ({helps}): best times and fewest moves count clean wins only.").format(helps=names)


def format_time(seconds: float | None) -> str:
    """``m:ss`` (or ``h:mm:ss``) for a time, ``-`` for none."""
    if seconds is None:
        return "-"
    total = int(seconds)
    h, rest = divmod(total, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"


def format_share(share: float | None) -> str:
    """A win share as a whole percentage, ``-`` before the first game."""
    # TRANSLATORS: a share of games won; {percent} is a whole number (write "{percent} %" where usual).
    return "-" if share is None else _("{percent}%").format(percent=round(share * 100))


def load_stats(store: Store) -> tuple[Statistics, str | None]:
    """The saved statistics (empty on a first run) and a problem to tell the player, if any."""
    found = store.read(STATS_FILE, STATS_LABEL, newest=STATS_VERSION)
    if found.data is None:
        return Statistics(), found.problem
    try:
        stats, damage = Statistics.read(found.data)
    except (TypeError, ValueError) as e:
        # TRANSLATORS: {problem} is a sentence such as "The statistics file is damaged (no variants)".
        problem = _("{problem}; the counts start again").format(problem=file_fault(STATS_LABEL, "damaged", why=str(e)))
        result = store.reject(STATS_FILE, problem)
        return Statistics(), result.problem
    if not damage:
        return stats, None
    copy = store.keep_copy(STATS_FILE)
    # TRANSLATORS: {damage} lists what is damaged, separated by semicolons.
    partly = _("The statistics file is partly damaged ({damage})").format(damage="; ".join(damage))
    if copy is None:
        # TRANSLATORS: {problem} is a sentence such as "The statistics file is partly damaged (...)".
        return stats, _("{problem}; it is left as it is and nothing is saved over it this time").format(problem=partly)
    # TRANSLATORS: {problem} is a sentence such as "The statistics file is partly damaged (...)",
    # {copy} the name of the copy kept, such as stats.json.broken-20260101-120000.
    problem = _("{problem}; a copy was kept as {copy}").format(problem=partly, copy=copy.name)
    failed = save_stats(store, stats)  # the sound part at once: the next start finds nothing to say
    return stats, problem + (f". {failed}" if failed else "")


def save_stats(store: Store, stats: Statistics) -> str | None:
    """Write the statistics; a message for the player on the first failure only."""
    return store.write(STATS_FILE, stats.to_dict())
