"""The game kept across runs, as a part of the app: resumed at start, saved on quit, a word when saving fails.

The bookkeeping itself is ``yukon.play.records.Records`` (it follows the main table's
session and saves after every change); this part puts the saved game back on the table at
start (asking first when the command line chose another game over one under way), adds
the win's records to the win summary, keeps a note in the status line once a save has
failed, and saves the game and the settings before the window closes.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ..core.rules import Rules
from ..core.state import Game
from ..play.records import Records
from ..solve.difficulty import first_deal
from ..text.i18n import _, join_sentences, ngettext, pgettext
from ..text.words import variant_title
from .parts import Part, StatusNote, WinRecord
from .screen import QuestionDialog

if TYPE_CHECKING:
    from .app import App


class Saving(Part):
    """Resume, the win's records, the failed-save note and the save on quit."""

    app: App
    records: Records
    _save_note: str  # the status line's note once a save has failed

    def __init__(self, app: App, records: Records) -> None:
        self.app = app
        self.records = records
        self._save_note = ""

    def start(self, resume: bool = True, rules: Rules | None = None, newcomer: bool = False) -> None:
        """Resume the saved game (or ask). ``resume=False``: the command line chose a deal or a game
        (``rules``, which win over the settings'); a saved game under way is still not replaced
        without a word. A ``newcomer``'s very first deal (unless the command line gave one) is one
        proved winnable and rated easy."""
        app, records, session = self.app, self.records, self.app.session
        if rules is not None:
            app.set_rules(rules)
        saved = records.resume()
        chosen: Game | None = None  # the command line's game, waiting for the player's answer
        if saved is not None and not resume:
            same = saved.game.seed is not None and saved.game.seed == session.game.seed \
                and saved.game.rules == app.rules
            if same:
                pass  # the deal asked for is the one under way: go on with it, nothing to ask
            elif records.under_way(saved.game):
                chosen = session.game  # the saved game stays on the table until the player says
            else:  # nothing played in it: nothing is lost by replacing it
                records.leaving(saved.game)
                saved = None
        first = first_deal(app.rules, random.Random()) if saved is None and newcomer and resume else None
        game = session.game
        if saved is not None:
            session.deal(saved.game, resumed=True, elapsed=saved.elapsed)  # new deals still follow the settings
        elif first is not None:
            session.deal(Game.deal(first, app.rules), resumed=True)  # the very first deal here: winnable, easy
        elif game.rules != app.rules and not game.history and game.seed is not None:
            session.deal(Game.deal(game.seed, app.rules), resumed=True)  # the same number under the settings' game
        if saved is None:
            records.started(session.game)
        records.tell()
        if chosen is not None and saved is not None:
            self._ask_command_line(saved.game, chosen)

    def _ask_command_line(self, saved: Game, chosen: Game) -> None:
        """A game given on the command line while a saved game is under way: ask, replace nothing yet."""
        if chosen.seed is not None:
            label = pgettext("button", "Play deal {number}").format(number=chosen.seed)
        else:
            label = pgettext("button", "Play the new game")
        moves = len(saved.history)
        if saved.seed is not None:
            # TRANSLATORS: {number} is the saved game's deal number, {n} the moves made in it.
            under_way = ngettext("Your saved game is under way (deal {number}, {n} move).",
                                 "Your saved game is under way (deal {number}, {n} moves).", moves).format(
                number=saved.seed, n=moves)
        else:
            under_way = ngettext("Your saved game is under way ({n} move).",
                                 "Your saved game is under way ({n} moves).", moves).format(n=moves)
        variant = self.app.rules.variant
        game = variant_title(variant)
        other_game = variant != saved.rules.variant
        if chosen.seed is not None and other_game:
            # TRANSLATORS: {number} is a deal number, {game} the game's name (Yukon, Russian Solitaire).
            play = _("Play deal {number} of {game} instead?").format(number=chosen.seed, game=game)
        elif chosen.seed is not None:
            play = _("Play deal {number} instead?").format(number=chosen.seed)
        elif other_game:
            play = _("Play the game of {game} given on the command line instead?").format(game=game)
        else:
            play = _("Play the game given on the command line instead?")
        question = join_sentences(under_way, play, _("Leaving your game counts as a loss."))
        self.app.push(QuestionDialog(self.app, question, [(label, lambda: self._play(chosen)),
                                                          (pgettext("button", "Keep my game"), None)]))

    def _play(self, game: Game) -> None:
        """Replace the game on the table by ``game`` (a new game: the one left counts as a loss)."""
        table = self.app.table
        if game.seed is not None and table is not None:
            table.new_deal(ask=False, seed=game.seed)  # under the rules new deals follow; it slides in
            return
        self.app.session.deal(game)

    # -- what the part adds to the table ---------------------------------------------------
    def win_notes(self) -> list[str]:
        """The records the last win set (or that it does not count)."""
        return self.records.win_news

    def win_record(self) -> WinRecord:
        """The best time and streak of the won game's rules, and the hints used in it."""
        records = self.records
        kept = records.stats.of(self.app.session.game.rules)
        return WinRecord(kept.best_time, kept.current_streak, records.hints)

    def status_notes(self) -> list[StatusNote]:
        """Once a save has failed: that nothing is being saved (bad news)."""
        return [StatusNote(self._save_note, alert=True)] if self._save_note else []

    def tick(self) -> float | None:
        """Once a loop iteration: tell a failed save at once.

        Saves after a move run on a writer thread, whose failure the records would only hear of at
        the next change. The message comes now, and a note stays in the status line, where the
        Demo's messages do not cover it."""
        store = self.records.store
        if not store.write_failed or self._save_note:
            return None
        self.records.flush()  # collects the writer's message, so it is told once, here
        # TRANSLATORS: the status line once a save failed; {problem} says why.
        self._save_note = _("Not saving: {problem}").format(
            problem=store.last_error or _("the data folder cannot be written"))
        self.records.tell()
        if self.app.table is not None:
            self.app.table.invalidate()
        return None

    def quitting(self) -> None:
        """Save the game and the settings before the window closes."""
        self.records.quitting(self.app.session.game, self.app.session.elapsed())
