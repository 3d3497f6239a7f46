"""The guided lessons in the window: the table on a lesson's position, a panel beside it.

``choose_lesson(app, book)`` (the Lessons part's button, ``yukon.ui.lessons_part``) lists the
lessons, each marked finished or under way (``yukon.ui.lesson_list``); the one picked opens
(``open_lessons``): a ``LessonScreen`` on the screen stack, over the game in play, which stays
as it was; a lesson left half done is taken up again where it was left. The lesson bar's
Lessons button (and L) brings the list back to go to another lesson. The lesson screen
is the ordinary table (same click-to-select, click-to-place, drag, double-click and
slides) on the lesson's own ``Game``, with a ``LessonMode`` in the table's mode seam:

* a move the current step does not make is vetoed with the runner's words (the
  rules' reason for an illegal move, the step's hint for a legal one), so it is
  never made; a ``try`` step's refused move moves the lesson on;
* a move that is made, an undo, a redo or a restart is passed to the runner
  (``yukon.lessons.LessonRun``), which keeps step with the table's game;
* the step's cards and destinations light up, and the panel shows the lesson, the
  step, the last feedback and the Restart lesson / Next lesson / Deal a full game
  buttons.

Hint shows the step's own move. The Lessons part keeps which lessons are finished.
A lesson file that cannot be used is left out, and only it: the screen says which file
and what is wrong, the panel says a file was left out; the other lessons play as usual.

The lessons speak the player's language (``yukon.lessons.localize``); a translation that
cannot be used is named on opening and that lesson plays in English. A change of language
while the lessons are open shows at the next redraw of the panel: the step on the table
keeps its place, only its words change (the last feedback stays as it was said).
"""

from __future__ import annotations

from typing import Protocol

from .. import i18n, pseudo
from .. import lessons as lesson_files
from ..i18n import NC_, _, capital, ngettext, pgettext
from ..lessons import Lesson, LessonReply, LessonRun, load_lesson_set, localize
from ..state import Game, Move
from ..text.words import refusal, sentence
from .table import BaseMode, TableHost, TableScreen, describe_move
from .widgets import ButtonSpec, Panel

FEEDBACK_TIME = 6.0  # seconds the feedback box stays on the table (the panel keeps it)
GOOD, BAD = "\u2713 ", "\u2717 "  # check mark, cross


class LessonBook(Protocol):
    """What the lesson screens use of the Lessons part (``yukon.ui.lessons_part``): the lesson screen
    kept from last time and which lessons are finished. Named here so this module need not import it."""

    @property
    def kept(self) -> LessonScreen | None: ...

    def keep(self, screen: LessonScreen) -> None: ...

    def finished(self) -> set[str]: ...

    def remember_finished(self, key: str) -> None: ...


# -- the way in ------------------------------------------------------------------------
def in_language(english: Lesson, code: str) -> tuple[Lesson, str | None]:
    """A lesson in language ``code`` (the pseudo-language made from the English), and what is wrong
    with its translation, if anything (``yukon.lessons.localize``)."""
    if code == pseudo.CODE:
        return pseudo.pseudo_lesson(english), None
    return localize(english, code, lesson_files.LESSON_DIR)


def under_way(screen: LessonScreen | None) -> bool:
    """Is ``screen``'s lesson begun and not finished (worth taking up again where it was left)?"""
    return screen is not None and not screen.run.finished and (screen.run.step_index > 0 or bool(screen.game.history))


def _load(app: TableHost) -> tuple[list[Lesson], list[str]]:
    """The lessons that can be used and, for each file left out, what is wrong (said on the table
    when none can be used)."""
    lessons, problems = load_lesson_set(lesson_files.LESSON_DIR)
    if not lessons and app.table is not None:
        # TRANSLATORS: {problems} names each lesson file and what is wrong with it.
        app.table.say(_("The lessons cannot be opened: {problems}.").format(problems="; ".join(problems)),
                      "error", 8.0)
    return lessons, problems


def choose_lesson(app: TableHost, book: LessonBook, over: LessonScreen | None = None) -> None:
    """The list of lessons, each marked finished or under way (over the table, or over ``over``,
    the lesson on show); the one picked opens, a lesson under way where it was left."""
    from .lesson_list import LessonEntry, LessonList
    from .sheet import SheetScreen

    lessons, _problems = _load(app)
    if not lessons:
        return
    done = book.finished()
    kept = book.kept if under_way(book.kept) else None
    entries: list[LessonEntry] = []
    for english in lessons:
        title = in_language(english, i18n.language())[0].title
        if kept is not None and kept.lesson.key == english.key:
            state = _("Step {number} of {count}").format(number=kept.run.step_index + 1, count=kept.run.step_count)
        elif english.key in done:
            state = GOOD + pgettext("lesson", "Finished")
        else:
            state = ""
        entries.append(LessonEntry(title, state, english.key in done))
    keys = [lesson.key for lesson in lessons]
    if over is not None:
        focus = keys.index(over.lesson.key) if over.lesson.key in keys else 0
    elif kept is not None and kept.lesson.key in keys:
        focus = keys.index(kept.lesson.key)
    else:
        focus = next((i for i, lesson in enumerate(lessons) if lesson.key not in done), 0)

    def picked(index: int) -> None:
        if over is not None:
            over.pick(keys[index])
        else:
            open_lessons(app, book, index)

    app.push(SheetScreen(app, LessonList(entries, focus, picked)))


def open_lessons(app: TableHost, book: LessonBook, index: int | None = None) -> LessonScreen | None:
    """Open lesson ``index``; by default where the player left a lesson half done, else at the
    first lesson not finished yet. A lesson left half done is taken up again where it was left."""
    kept = book.kept
    lessons, problems = _load(app)
    if kept is not None and under_way(kept) and (index is None or (
            0 <= index < len(lessons) and lessons[index].key == kept.lesson.key)):
        kept.drop_message()
        app.push(kept)
        return kept
    if not lessons:
        return None
    if index is None:
        done = book.finished()
        index = next((i for i, lesson in enumerate(lessons) if lesson.key not in done), 0)
    screen = LessonScreen(app, book, lessons, max(0, min(index, len(lessons) - 1)), problems)
    book.keep(screen)
    app.push(screen)
    said = [refused_text(problems)] if problems else []
    if screen.untranslated:
        said.append(untranslated_text(list(screen.untranslated.values())))
    if said:
        screen.say(" ".join(said), "error", 12.0)
    return screen


def refused_text(problems: list[str]) -> str:
    """What to tell the player about lesson files left out (each names its file and fault)."""
    said = " ".join(capital(p) + ("" if p.endswith(".") else ".") for p in problems)
    left_out = ngettext("That lesson is left out; the others play as usual.",
                        "Those lessons are left out; the others play as usual.", len(problems))
    return f"{said} {left_out}"


def untranslated_text(problems: list[str]) -> str:
    """What to tell the player about lesson translations refused (each names its file and fault)."""
    said = " ".join(capital(p) + ("" if p.endswith(".") else ".") for p in problems)
    in_english = ngettext("That lesson plays in English.", "Those lessons play in English.", len(problems))
    return f"{said} {in_english}"


def reply_text(reply: LessonReply) -> str:
    """What the lesson says to a move: the rules' reason as a sentence, then the lesson's own words."""
    if reply.over:
        return _("This lesson is finished.")
    reason = sentence(refusal(reply.illegal)) if reply.illegal is not None else ""
    return " ".join(t for t in (reason, reply.text) if t)


# -- the mode --------------------------------------------------------------------------
class LessonMode(BaseMode):
    """The table's mode seam, answered by the lesson runner of ``screen``."""

    def __init__(self, screen: LessonScreen) -> None:
        self.screen = screen

    def veto(self, game: Game, move: Move) -> str | None:
        """Let the step's move through; answer anything else with the runner's words."""
        run = self.screen.run
        if run.would_accept(move) and game.position.is_legal(move):
            return None
        reply = run.play(move)  # refused or a ``try``: the position does not change
        self.screen.note(reply)
        return reply_text(reply)

    def after_move(self, game: Game, move: Move) -> None:
        """The table made the step's move: the runner makes it too and moves on."""
        reply = self.screen.run.play(move)
        if not reply.made:  # out of step (cannot happen through veto): follow the table
            self.screen.resync()
            return
        self.screen.note(reply)

    def after_change(self, game: Game, kind: str) -> None:
        """Undo, redo and restart at the table are followed by the runner."""
        run = self.screen.run
        if kind == "undo":
            run.undo()
        elif kind == "redo" and game.history:
            if not run.play(game.history[-1].move).made:
                self.screen.resync()
        elif kind == "restart":
            run.restart()
        if run.position.key() != game.position.key():
            self.screen.resync()
        self.screen.clear_feedback()

    def highlights(self, game: Game) -> tuple[set[int], set[int]]:
        """The step's cards and destinations (none while a hint is on show: it would hide it)."""
        if self.screen.hint_move is not None:
            return set(), set()
        cards, targets = self.screen.run.highlights()
        return set(cards), set(targets)

    def panel(self, game: Game) -> Panel | None:
        """The lesson, its step, the last feedback and the lesson buttons."""
        return self.screen.lesson_panel()

    def buttons(self) -> list[ButtonSpec] | None:
        """Undo, Hint, Lessons (the list), Rules, Full screen, Leave lessons (Restart lesson is on the panel)."""
        s = self.screen
        # The labels are the English msgids (context "button"): the bar translates them as it draws.
        return [
            ButtonSpec(NC_("button", "Undo"), "undo", "Ctrl+Z", lambda: s.game.can_undo()),
            ButtonSpec(NC_("button", "Hint"), "hint", "H"),
            ButtonSpec(NC_("button", "Lessons"), s.choose, "L"),
            ButtonSpec(NC_("button", "Rules"), "rules", "F1"),
            ButtonSpec(NC_("button", "Full screen"), "fullscreen", "F11",
                       shown=lambda: NC_("button", "Window") if s.app.fullscreen else NC_("button", "Full screen")),
            ButtonSpec(NC_("button", "Leave lessons"), s.leave),
        ]


# -- the screen ------------------------------------------------------------------------
class LessonScreen(TableScreen):
    """The table playing one lesson after another; see the module docstring."""

    confirm_restart = False

    def __init__(self, app: TableHost, book: LessonBook, lessons: list[Lesson], index: int = 0,
                 problems: list[str] | None = None) -> None:
        self.book = book
        self.english: list[Lesson] = list(lessons)  # as loaded; ``lessons`` is in the player's language
        self.lessons: list[Lesson] = list(lessons)
        self.language = ""  # the language ``lessons`` is in
        self.untranslated: dict[str, str] = {}  # lesson key -> why its translation is refused (it plays in English)
        self.problems: list[str] = list(problems or [])  # lesson files left out, each in words
        self.index = index
        self._translate()
        self.run = LessonRun(self.lessons[index])
        self.feedback = ""
        self.feedback_good: bool | None = False  # None: a refused try, shown without a mark
        super().__init__(app, game=Game(self.run.lesson.start()), mode=LessonMode(self))

    def follow_language(self) -> None:
        """Put the lessons in the language in use, if they are not in it already (the step in
        play keeps its place: only its words change)."""
        if i18n.language() != self.language:
            self._translate()
            self.run.relabel(self.lessons[self.index])

    def _translate(self) -> None:
        code = i18n.language()
        self.language = code
        self.untranslated = {}
        self.lessons = []
        for english in self.english:
            lesson, problem = in_language(english, code)
            self.lessons.append(lesson)
            if problem is not None:
                self.untranslated[english.key] = problem

    @property
    def lesson(self) -> Lesson:
        """The lesson on the table."""
        return self.lessons[self.index]

    def note(self, reply: LessonReply) -> None:
        """Keep the runner's latest answer for the panel."""
        self.feedback = reply_text(reply)
        # A refused ``try`` is what the step asked for, but a tick beside a refusal reads oddly.
        self.feedback_good = reply.right if reply.made or not reply.right else None
        if reply.finished:
            self.book.remember_finished(self.lesson.key)
        self.full = True
        if reply.made:
            self.t_start = None  # no clock in a lesson (and no redraw every second)
            if self.feedback:
                self.say(self.feedback, "lesson", FEEDBACK_TIME)

    def clear_feedback(self) -> None:
        """Forget the last answer (the position changed by undo, redo or restart)."""
        self.feedback = ""
        self.full = True

    def resync(self) -> None:
        """Bring the runner back in step with the table's game (replaying its moves)."""
        self.run.restart()
        for u in self.game.history:
            if not self.run.play(u.move).made:
                self.game.restart()
                self.run.restart()
                self.relayout()
                break

    # -- the panel and the status ---------------------------------------------------------
    def lesson_panel(self) -> Panel:
        """What the panel beside the table shows."""
        self.follow_language()
        run = self.run
        n = len(self.lessons)
        done = self.book.finished()
        # TRANSLATORS: the lesson panel's heading; {title} is the lesson's own title.
        title = _("Lesson {number} of {count}: {title}").format(number=self.index + 1, count=n,
                                                               title=self.lesson.title)
        paragraphs: list[str] = []
        if run.finished:
            # TRANSLATORS: {outro} is the lesson's closing sentence or two.
            paragraphs.append(GOOD + _("Lesson finished. {outro}").format(outro=self.lesson.outro))
            if self.index + 1 < n:
                # TRANSLATORS: {title} is the next lesson's title.
                paragraphs.append(_("Next: {title}.").format(title=self.lessons[self.index + 1].title))
        else:
            if run.step_index == 0 and not self.feedback:
                # Once the player has tried something the answer matters more than the opening
                # words, and a longer language needs the room for it (the buttons stay on the panel).
                paragraphs.append(self.lesson.intro)
            if self.feedback:
                mark = "" if self.feedback_good is None else GOOD if self.feedback_good else BAD
                paragraphs.append(mark + self.feedback)
            # TRANSLATORS: {instruction} is what the step asks the player to do.
            paragraphs.append(_("Step {number} of {count}: {instruction}").format(
                number=run.step_index + 1, count=run.step_count, instruction=run.instruction))
        if run.finished:  # while a lesson is under way the room is the step's (the Lessons list ticks the rest)
            finished = len(done & {l.key for l in self.lessons})
            paragraphs.append(ngettext("Lessons finished: {n} of {count}.", "Lessons finished: {n} of {count}.",
                                       finished).format(n=finished, count=n))
        if self.lesson.key in self.untranslated:
            paragraphs.append(_("This lesson's text in your language cannot be used; it plays in English."))
        if self.problems:  # the message on opening names each file and its fault
            left_out = len(self.problems)
            paragraphs.append(ngettext("One lesson file cannot be used and is left out.",
                                       "{n} lesson files cannot be used and are left out.",
                                       left_out).format(n=left_out))
        buttons = [(pgettext("button", "Restart lesson"), self.restart)]
        if self.index + 1 < n:
            buttons.append((pgettext("button", "Next lesson"), self.next_lesson))
        elif run.finished:
            buttons.append((pgettext("button", "Deal a full game"), self.deal_full_game))
        return Panel(title, paragraphs, buttons)

    def status_text(self) -> tuple[str, str, str]:
        """The lesson and the step instead of the deal number and the clock."""
        run = self.run
        # The title is on the panel.
        line1 = _("Lesson {number} of {count}").format(number=self.index + 1, count=len(self.lessons))
        line2 = (pgettext("lesson", "Finished") if run.finished
                 else _("Step {number} of {count}").format(number=run.step_index + 1, count=run.step_count))
        return line1, line2, ""

    # -- table commands, lesson style ---------------------------------------------------
    def hint(self) -> None:
        """Show the move the step asks for."""
        move = self.run.hint()
        if move is None:
            self.say(_("This lesson is finished: choose Next lesson or Restart lesson."))
            return
        what = describe_move(self.position, move)
        step = self.run.step
        if step is not None and step.kind == "try":  # the step wants a refused move: say so
            # TRANSLATORS: {move} describes the move ("the 9 of spades onto the 10 of spades").
            self.show_hints([move], 0, _("Hint: try {move}. The rules will refuse it and say why.").format(
                move=what), FEEDBACK_TIME)
        else:
            # TRANSLATORS: {move} describes the move ("the 9 of spades onto the 10 of hearts").
            self.show_hints([move], 0, _("Hint: {move}.").format(move=what), FEEDBACK_TIME)

    def restart(self) -> None:
        """The lesson from its start."""
        self.selection = None
        self.change("restart", self.game.restart)
        self.t_start = self.t_end = None
        self._after_change("restart", None)
        self.say(_("The lesson starts again."))

    def new_deal(self, ask: bool = True, seed: int | None = None) -> None:
        """A lesson plays its own position, so New deal (the N key, "Deal a full game") leaves the
        lessons and deals on the table the way its New deal does (or deals ``seed`` there)."""
        self.leave()
        table = self.app.table
        if table is None:
            return
        if seed is None:
            table.action("new")  # asks first if a game is under way, and for a level with the solver
        else:
            table.new_deal(ask=ask, seed=seed)

    def _check_end(self) -> None:
        """A won lesson gets the victory lap; no win or stuck dialog in a lesson."""
        key = self.position.key()
        if self.position.is_won() and key != self._ended_key:
            self._ended_key = key
            if self.app.prefs.animation_speed > 0:
                self.celebrate()

    # -- moving between lessons ----------------------------------------------------------
    def go_to(self, index: int) -> None:
        """Put lesson ``index`` on the table; the cards slide to their new places."""
        index = max(0, min(index, len(self.lessons) - 1))

        def swap() -> None:
            self.index = index
            self.run = LessonRun(self.lessons[index])
            self._own_game = Game(self.run.lesson.start())

        self.selection = None
        self.feedback = ""
        self.scroll_x = 0
        self.change("new", swap)
        self._known_game = self.game
        self.t_start = self.t_end = None
        self._ended_key = None
        self.message = None

    def next_lesson(self) -> None:
        """On to the next lesson."""
        if self.index + 1 < len(self.lessons):
            self.go_to(self.index + 1)

    def choose(self) -> None:
        """The list of lessons over this one, to go to another."""
        choose_lesson(self.app, self.book, self)

    def pick(self, key: str) -> None:
        """The lesson ``key`` was picked from the list: on to it (the one on show goes on as it is)."""
        keys = [lesson.key for lesson in self.lessons]
        if key in keys and keys.index(key) != self.index:
            self.go_to(keys.index(key))

    def leave(self) -> None:
        """Back to the game in play."""
        self.app.pop(self)

    def deal_full_game(self) -> None:
        """Leave the lessons and deal a new game (see ``new_deal``)."""
        self.new_deal()
