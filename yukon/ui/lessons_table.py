"""The guided lessons at the table: a lesson is a session with a guide, shown by the table's own view.

``choose_lesson(app, book)`` (the Lessons part's button, ``yukon.ui.lessons_part``) lists the
lessons, each marked finished or under way (``yukon.ui.lesson_list``); the one picked opens
(``open_lessons``): the lessons' table on the screen stack, over the game in play, which stays
as it was; a lesson left half done is taken up again where it was left. The lesson bar's
Lessons button (and L) brings the list back to go to another lesson. The lessons' table is the ordinary
table (same click-to-select, click-to-place, drag, double-click and slides) on a
``TableSession`` of the lesson's own ``Game`` led by a ``LessonGuide``
(``yukon.play.lesson_guide``: it refuses the moves the step does not make, in the runner's
words, and keeps the runner in step with undo, redo and restart). ``LessonMode`` is what the
table shows of it: the step's cards and destinations lit, the panel (the lesson, the step,
the last feedback and the Restart lesson / Next lesson / Deal a full game buttons), its own
bar and status lines; Hint shows the step's own move.

The Lessons part keeps which lessons are finished. A lesson file that cannot be used is left
out, and only it: the table says which file and what is wrong, the panel says a file was left
out; the other lessons play as usual.

The lessons speak the player's language (``yukon.play.lessons.localize``); a translation that
cannot be used is named on opening and that lesson plays in English. A change of language
while the lessons are open shows at the next redraw of the panel: the step on the table
keeps its place, only its words change (the lesson's own words in the last feedback stay as
they were said).
"""

from __future__ import annotations

from typing import Protocol

from ..core.state import Game
from ..play import lessons as lesson_files
from ..play import pseudo
from ..play.events import Listener, Tone
from ..play.lesson_guide import FEEDBACK_TIME, LessonGuide
from ..play.lessons import Lesson, LessonRun, load_lesson_set, localize
from ..play.session import TableSession
from ..text import i18n
from ..text.i18n import NC_, _, capital, ngettext, pgettext
from .commands import WINDOW_LABEL, Command
from .table import TableHost, TableScreen, describe_move
from .table.wording import answer_text
from .widgets import ButtonSpec, Panel

GOOD, BAD = "\u2713 ", "\u2717 "  # check mark, cross


class LessonBook(Protocol):
    """What the lessons' table uses of the Lessons part (``yukon.ui.lessons_part``): the lessons kept
    from last time and which lessons are finished. Named here so this module need not import it."""

    @property
    def kept(self) -> LessonMode | None: ...

    def keep(self, lessons: LessonMode) -> None: ...

    def finished(self) -> set[str]: ...

    def remember_finished(self, key: str) -> None: ...


# -- the way in ------------------------------------------------------------------------
def in_language(english: Lesson, code: str) -> tuple[Lesson, str | None]:
    """A lesson in language ``code`` (the pseudo-language made from the English), and what is wrong
    with its translation, if anything (``yukon.play.lessons.localize``)."""
    if code == pseudo.CODE:
        return pseudo.pseudo_lesson(english), None
    return localize(english, code, lesson_files.LESSON_DIR)


def under_way(lessons: LessonMode | None) -> bool:
    """Is the lesson on ``lessons``' table begun and not finished (worth taking up again where it was left)?"""
    return lessons is not None and not lessons.run.finished and (
        lessons.run.step_index > 0 or bool(lessons.session.game.history))


def _load(app: TableHost) -> tuple[list[Lesson], list[str]]:
    """The lessons that can be used and, for each file left out, what is wrong (said on the table
    when none can be used)."""
    lessons, problems = load_lesson_set(lesson_files.LESSON_DIR)
    if not lessons and app.table is not None:
        # TRANSLATORS: {problems} names each lesson file and what is wrong with it.
        app.table.session.tell(_("The lessons cannot be opened: {problems}.").format(
            problems="; ".join(problems)), Tone.ERROR, 8.0)
    return lessons, problems


def choose_lesson(app: TableHost, book: LessonBook, over: LessonMode | None = None,
                  sounds: Listener | None = None) -> None:
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
            open_lessons(app, book, index, sounds)

    app.push(SheetScreen(app, LessonList(entries, focus, picked)))


def open_lessons(app: TableHost, book: LessonBook, index: int | None = None,
                 sounds: Listener | None = None) -> LessonMode | None:
    """Open lesson ``index``; by default where the player left a lesson half done, else at the
    first lesson not finished yet. A lesson left half done is taken up again where it was left
    (``sounds`` hears the lessons' table)."""
    kept = book.kept
    lessons, problems = _load(app)
    if kept is not None and under_way(kept) and (index is None or (
            0 <= index < len(lessons) and lessons[index].key == kept.lesson.key)):
        kept.session.drop_message()
        app.push(kept.table)
        return kept
    if not lessons:
        return None
    if index is None:
        done = book.finished()
        index = next((i for i, lesson in enumerate(lessons) if lesson.key not in done), 0)
    mode = LessonMode(app, book, lessons, max(0, min(index, len(lessons) - 1)), problems)
    if sounds is not None:
        mode.session.listen(sounds)
    book.keep(mode)
    app.push(mode.table)
    said = [refused_text(problems)] if problems else []
    if mode.untranslated:
        said.append(untranslated_text(list(mode.untranslated.values())))
    if said:
        mode.session.tell(i18n.join_sentences(*said), Tone.ERROR, 12.0)
    return mode


def refused_text(problems: list[str]) -> str:
    """What to tell the player about lesson files left out (each names its file and fault)."""
    left_out = ngettext("That lesson is left out; the others play as usual.",
                        "Those lessons are left out; the others play as usual.", len(problems))
    return i18n.join_sentences(*(i18n.full_stop(capital(p)) for p in problems), left_out)


def untranslated_text(problems: list[str]) -> str:
    """What to tell the player about lesson translations refused (each names its file and fault)."""
    in_english = ngettext("That lesson plays in English.", "Those lessons play in English.", len(problems))
    return i18n.join_sentences(*(i18n.full_stop(capital(p)) for p in problems), in_english)


# -- the mode --------------------------------------------------------------------------
class LessonMode:
    """The lessons at the table: their session and guide, and what the table shows of them."""

    app: TableHost
    book: LessonBook
    english: list[Lesson]  # as loaded; ``lessons`` is in the player's language
    lessons: list[Lesson]
    language: str  # the language ``lessons`` is in
    untranslated: dict[str, str]  # lesson key -> why its translation is refused (it plays in English)
    problems: list[str]  # lesson files left out, each in words
    index: int
    guide: LessonGuide
    session: TableSession
    table: TableScreen

    def __init__(self, app: TableHost, book: LessonBook, lessons: list[Lesson], index: int = 0,
                 problems: list[str] | None = None) -> None:
        self.app = app
        self.book = book
        self.english = list(lessons)
        self.lessons = list(lessons)
        self.language = ""
        self.untranslated = {}
        self.problems = list(problems or [])
        self.index = index
        self._translate()
        self.guide = LessonGuide(self.lessons[index], book.remember_finished)
        # The lesson's own table keeps time on the main table's clock (a lesson's clock never runs).
        self.session = TableSession(self.guide.start_game(), app.session.now, guide=self.guide, deals=False)
        self.table = TableScreen(app, self.session, self)

    @property
    def run(self) -> LessonRun:
        """The lesson's runner."""
        return self.guide.run

    @property
    def lesson(self) -> Lesson:
        """The lesson on the table."""
        return self.lessons[self.index]

    @property
    def feedback(self) -> str:
        """The runner's last answer in words ("" when there is none on show)."""
        reply = self.guide.reply
        return "" if reply is None else answer_text(reply.illegal, reply.text, reply.over)

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

    # -- what the table shows ---------------------------------------------------------------
    def highlights(self, game: Game) -> tuple[set[int], set[int]]:
        """The step's cards and destinations (none while a hint is on show: it would hide it)."""
        if self.session.hint is not None:
            return set(), set()
        cards, targets = self.run.highlights()
        return set(cards), set(targets)

    def panel(self, game: Game) -> Panel:
        """The lesson, its step, the last feedback and the lesson buttons."""
        self.follow_language()
        run, guide = self.run, self.guide
        n = len(self.lessons)
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
            feedback = self.feedback
            if run.step_index == 0 and not feedback:
                # Once the player has tried something the answer matters more than the opening
                # words, and a longer language needs the room for it (the buttons stay on the panel).
                paragraphs.append(self.lesson.intro)
            if feedback:
                mark = "" if guide.feedback_good is None else GOOD if guide.feedback_good else BAD
                paragraphs.append(mark + feedback)
            # TRANSLATORS: {instruction} is what the step asks the player to do.
            paragraphs.append(_("Step {number} of {count}: {instruction}").format(
                number=run.step_index + 1, count=run.step_count, instruction=run.instruction))
        paragraphs += self._tally(run.finished)
        buttons = [(pgettext("button", "Restart lesson"), self.restart)]
        if self.index + 1 < n:
            buttons.append((pgettext("button", "Next lesson"), self.next_lesson))
        elif run.finished:
            buttons.append((pgettext("button", "Deal a full game"), self.deal_full_game))
        return Panel(title, paragraphs, buttons)

    def _tally(self, finished_one: bool) -> list[str]:
        """The panel's last lines: lessons finished (once this one is: while it is under way the room
        is the step's, and the Lessons list ticks the rest), and any lesson or translation left out."""
        lines: list[str] = []
        if finished_one:
            finished = len(self.book.finished() & {lesson.key for lesson in self.lessons})
            lines.append(ngettext("Lessons finished: {n} of {count}.", "Lessons finished: {n} of {count}.",
                                  finished).format(n=finished, count=len(self.lessons)))
        if self.lesson.key in self.untranslated:
            lines.append(_("This lesson's text in your language cannot be used; it plays in English."))
        if self.problems:  # the message on opening names each file and its fault
            left_out = len(self.problems)
            lines.append(ngettext("One lesson file cannot be used and is left out.",
                                  "{n} lesson files cannot be used and are left out.",
                                  left_out).format(n=left_out))
        return lines

    def status_text(self) -> tuple[str, str, str]:
        """The lesson and the step instead of the deal number and the clock."""
        run = self.run
        # The title is on the panel.
        line1 = _("Lesson {number} of {count}").format(number=self.index + 1, count=len(self.lessons))
        line2 = (pgettext("lesson", "Finished") if run.finished
                 else _("Step {number} of {count}").format(number=run.step_index + 1, count=run.step_count))
        return line1, line2, ""

    def buttons(self) -> list[ButtonSpec]:
        """Undo, Hint, Lessons (the list), Rules, Full screen, Leave lessons (Restart lesson is on the panel)."""
        app = self.app
        return [
            ButtonSpec(Command.UNDO, lambda: self.session.game.can_undo()),
            ButtonSpec(Command.HINT),
            ButtonSpec(Command.LESSONS),
            ButtonSpec(Command.RULES),
            ButtonSpec(Command.FULLSCREEN,
                       shown=lambda: WINDOW_LABEL if app.fullscreen else NC_("button", "Full screen")),
            ButtonSpec(Command.LEAVE_LESSONS),
        ]

    def quiet_end(self) -> bool:
        """A won lesson gets the victory lap; no win or stuck question in a lesson."""
        return True

    # -- commands, lesson style -------------------------------------------------------------
    def command(self, command: Command) -> bool:
        """Hint shows the step's move; Restart needs no question; New deal leaves the lessons;
        Lessons (the bar's button, L) lists the lessons to go to another."""
        if command is Command.HINT:
            self.hint()
        elif command is Command.LESSONS:
            self.choose()
        elif command is Command.RESTART:
            self.restart()
        elif command in (Command.NEW_DEAL, Command.NEW_DEAL_CONFIRMED):
            self.deal_full_game()
        elif command is Command.LEAVE_LESSONS:
            self.leave()
        else:
            return False
        return True

    def hint(self) -> None:
        """Show the move the step asks for."""
        move = self.run.hint()
        if move is None:
            self.session.tell(_("This lesson is finished: choose Next lesson or Restart lesson."))
            return
        what = describe_move(self.session.position, move)
        step = self.run.step
        if step is not None and step.kind == "try":  # the step wants a refused move: say so
            # TRANSLATORS: {move} describes the move ("the 9 of spades onto the 10 of spades").
            text = _("Hint: try {move}. The rules will refuse it and say why.").format(move=what)
        else:
            # TRANSLATORS: {move} describes the move ("the 9 of spades onto the 10 of hearts").
            text = _("Hint: {move}.").format(move=what)
        self.session.show_hint([move], 0, text, FEEDBACK_TIME)

    def restart(self) -> None:
        """The lesson from its start."""
        self.session.restart()

    def go_to(self, index: int) -> None:
        """Put lesson ``index`` on the table; the cards slide to their new places."""
        index = max(0, min(index, len(self.lessons) - 1))
        self.index = index
        self.guide.begin(self.lessons[index])
        self.table.scroll_home()
        self.session.deal(self.guide.start_game())
        self.session.drop_message()

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
        self.app.pop(self.table)

    def deal_full_game(self) -> None:
        """Leave the lessons and deal on the table the way its New deal does (it asks first if a game
        is under way, and for a level with the solver)."""
        self.leave()
        table = self.app.table
        if table is not None:
            table.run(Command.NEW_DEAL)
