"""Statistics per variant: games played and won, win share, streaks, best time, fewest moves.

How games are counted (the window calls these at the matching moments):

- A game counts as played once its first move is made (``count_played``); dealing and
  looking is free. The caller keeps a ``counted`` flag with the game (the saved game
  carries it), so a resumed game is not counted twice.
- A win (``record_win``) adds a win, extends the streak and may set a best time or a
  fewest-moves record; it returns what to tell the player ("New best time!").
- Abandoning a counted, unfinished game by New deal, by choosing another deal or by
  changing the rules (``record_loss``) is a loss: the streak ends.
- Restart deal is not a new game: the same deal goes on as the same attempt, so it is
  neither a loss nor a second game played (restarting must not cost a streak, and must
  not pad the games-played count either). The time recorded for a win is the time the
  table's clock shows, which starts again at a restart, so the best time and the time
  in the win message always agree. Fewest moves counts the moves of the winning line
  (moves taken back do not count).
- Quitting the program is not abandoning: the game is saved and resumed.
- Only dealt games count (a game with a deal number): a prepared position, such as a
  lesson's or one loaded from a file, sets no records.

Pure: no pygame. Stored in the data folder with the same care as the saved game. Every
number is checked against what a game can reach: a damaged record starts again (its
variant only) and a damaged best time or fewest moves is cleared, with a copy of the file
kept aside first and a message for the player.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from typing import Any

from .i18n import N_, _, ngettext
from .rules import VARIANTS
from .save import MAX_SAVED_MOVES, MAX_SECONDS, SAVE_VERSION, Store, file_fault, number_in
from .text.words import variant_title

STATS_FILE = "stats.json"
STATS_LABEL = "The statistics file"  # its name for the player: a key of save.FILE_FAULTS
MAX_COUNT = 10**9  # more games than anyone plays; a larger count is damage
COUNTS = ("played", "won", "current_streak", "best_streak")
# What is wrong with a damaged count, one sentence per count (the record's own names).
_NOT_A_COUNT: dict[str, str] = {
    # TRANSLATORS: damage found in the statistics file; "played" is the number of games played.
    "played": N_("played is not a count"),
    # TRANSLATORS: damage found in the statistics file; "won" is the number of games won.
    "won": N_("won is not a count"),
    "current_streak": N_("current streak is not a count"),
    "best_streak": N_("best streak is not a count"),
}


@dataclass
class VariantStats:
    """The record for one variant."""

    played: int = 0
    won: int = 0
    current_streak: int = 0
    best_streak: int = 0
    best_time: float | None = None  # seconds
    fewest_moves: int | None = None

    @property
    def lost(self) -> int:
        """Games counted as played and not won (including the one under way, if any)."""
        return self.played - self.won

    @property
    def win_share(self) -> float | None:
        """Won / played, or None before the first game."""
        return self.won / self.played if self.played else None

    def check(self) -> None:
        """Raise ValueError if the numbers cannot be true together (or are out of range)."""
        for name in COUNTS:
            if not number_in(getattr(self, name), 0, MAX_COUNT, whole=True):
                raise ValueError(f"{name} is not a count")
        if self.won > self.played or self.current_streak > self.best_streak or self.best_streak > self.won:
            raise ValueError("the counts do not add up")
        if self.best_time is not None and not number_in(self.best_time, 0, MAX_SECONDS):
            raise ValueError("best_time is not a time")
        if self.fewest_moves is not None and not number_in(self.fewest_moves, 1, MAX_SAVED_MOVES, whole=True):
            raise ValueError("fewest_moves is not a count")

    @classmethod
    def read(cls, record: Any) -> tuple[VariantStats | None, list[str]]:
        """A record from its JSON, and what was wrong with it.

        None when the counts cannot be used (the variant starts again); a best time or
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
        if s.won > s.played or s.current_streak > s.best_streak or s.best_streak > s.won:
            return None, [_("the counts do not add up")]
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
        return s, problems


@dataclass
class Statistics:
    """All variants' records."""

    variants: dict[str, VariantStats] = field(default_factory=lambda: {v: VariantStats() for v in VARIANTS})

    def of(self, variant: str) -> VariantStats:
        """The record of ``variant`` (created empty if new)."""
        return self.variants.setdefault(variant, VariantStats())

    def count_played(self, variant: str) -> None:
        """The first move of a game was made: one more game played."""
        self.of(variant).played += 1

    def record_loss(self, variant: str) -> None:
        """A counted game was abandoned unfinished: the winning streak ends."""
        self.of(variant).current_streak = 0

    def record_win(self, variant: str, seconds: float, moves: int, counted: bool = True) -> list[str]:
        """A win: returns the news for the player (first win, new best time, ...)."""
        s = self.of(variant)
        if not counted:
            s.played += 1
        s.won += 1
        s.current_streak += 1
        seconds = max(0.0, float(seconds))
        news: list[str] = []
        first = s.won == 1
        if first:
            # TRANSLATORS: {game} is "Yukon" or "Russian Solitaire".
            news.append(_("Your first win at {game}!").format(game=variant_title(variant)))
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
        if s.current_streak > s.best_streak:
            s.best_streak = s.current_streak
            if s.current_streak > 1:
                news.append(ngettext("Best streak yet: {n} win in a row!", "Best streak yet: {n} wins in a row!",
                                     s.current_streak).format(n=s.current_streak))
        return news

    def reset(self, variant: str | None = None) -> None:
        """Forget the record of one variant, or of all of them."""
        if variant is None:
            self.variants = {v: VariantStats() for v in VARIANTS}
        else:
            self.variants[variant] = VariantStats()

    def to_dict(self) -> dict[str, Any]:
        """The JSON-ready record."""
        return {"version": SAVE_VERSION, "variants": {v: asdict(s) for v, s in self.variants.items()}}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Statistics:
        """Rebuild from a record; ValueError when any of it is damaged."""
        stats, damage = cls.read(data)
        if damage:
            raise ValueError("; ".join(damage))
        return stats

    @classmethod
    def read(cls, data: dict[str, Any]) -> tuple[Statistics, list[str]]:
        """Rebuild from a record, keeping what is sound; the second item lists the damage
        ("Yukon: the counts do not add up"). ValueError when there is no record at all."""
        raw = data.get("variants")
        if not isinstance(raw, dict):
            raise ValueError("no variants")  # noqa: TRY004 - damage of any shape is a ValueError to callers
        stats = cls()
        damage: list[str] = []
        for variant, record in raw.items():
            if variant not in VARIANTS:
                continue  # a variant this version does not know: ignore it
            s, problems = VariantStats.read(record)
            title = variant_title(variant)
            if s is None:
                # TRANSLATORS: damage in the statistics file; {game} is "Yukon" or "Russian Solitaire",
                # {problem} what is wrong, such as "the counts do not add up".
                damage.append(_("{game}: {problem}, so its counts start again").format(game=title, problem=problems[0]))
                continue
            # TRANSLATORS: damage in the statistics file; {game} is "Yukon" or "Russian Solitaire",
            # {problem} what is wrong with a record, such as "the best time is not a time".
            damage += [_("{game}: {problem}, so it is cleared").format(game=title, problem=p) for p in problems]
            stats.variants[variant] = s
        return stats, damage


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
    found = store.read(STATS_FILE, STATS_LABEL)
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
