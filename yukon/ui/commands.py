"""What a key, a toolbar button or a menu item asks for: typed commands, and the one table of them.

``Command`` names every command of the program; ``Digit`` is a digit typed (the Deal # box).
``KEYMAP`` is the one table from keys to commands, ``COMMANDS`` the one table from a command to
its button label and the text of its key. A button (``widgets.ButtonSpec``) carries a command
and takes its label from ``COMMANDS``; a screen acts on the command, never on a name, so a
misspelt command is a type error, not a silent no-op.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, auto

import pygame

from ..text.i18n import NC_, pgettext


class Command(Enum):
    """Every command of the program; the keys, the buttons and tests use these."""

    UNDO = auto()
    REDO = auto()
    HINT = auto()
    PLAY_HINT = auto()
    BACK_TO_WINNABLE = auto()
    WHY = auto()
    ALL_HOME = auto()
    DEMO = auto()
    RESTART = auto()
    NEW_DEAL = auto()
    NEW_DEAL_CONFIRMED = auto()  # no game to ask about leaving: New deal on a stuck game
    CHOOSE_DEAL = auto()
    LESSONS = auto()
    LEAVE_LESSONS = auto()
    STATS = auto()
    DAILY = auto()  # play today's deal of the day
    CALENDAR = auto()  # the calendar of the deals of the day
    COPY_CODE = auto()  # the deal's share code (with the moves of a finished game) to the clipboard
    PASTE_CODE = auto()  # play the share code on the clipboard
    REPLAY = auto()  # watch the game on the table (won) again, move by move
    REPLAY_START = auto()
    REPLAY_BACK = auto()
    REPLAY_PLAY = auto()  # play the replay at its speed, or pause it
    REPLAY_FORWARD = auto()
    REPLAY_END = auto()
    REPLAY_SPEED = auto()  # the next speed
    LEAVE_REPLAY = auto()
    SETTINGS = auto()
    RULES = auto()
    KEYS = auto()
    FULLSCREEN = auto()
    QUIT = auto()
    CANCEL = auto()
    CONFIRM = auto()
    SELECT = auto()
    TO_FOUNDATION = auto()
    LEFT = auto()
    RIGHT = auto()
    UP = auto()
    DOWN = auto()
    PAGE_UP = auto()
    PAGE_DOWN = auto()
    HOME = auto()
    END = auto()
    MENU = auto()  # open the menu (F10, or the bar's menu button)
    # play by ear: the reading keys (they speak; they change nothing)
    READ_COLUMN = auto()
    READ_FOUNDATIONS = auto()
    READ_TABLE = auto()
    READ_STATUS = auto()
    READ_CHOICES = auto()
    REPEAT_SPEECH = auto()


@dataclass(frozen=True, slots=True)
class Digit:
    """A digit typed (the Deal # box)."""

    value: int


Asked = Command | Digit  # what a key press can ask for


class Mod(Enum):
    """The modifier keys that change what a key means."""

    NONE = auto()
    CTRL = auto()  # Ctrl (or Cmd)
    CTRL_SHIFT = auto()


@dataclass(frozen=True, slots=True)
class CommandInfo:
    """A command as the player meets it: its button label (an English ``button`` msgid, "" for
    none) and the text of its key (shown beside it)."""

    label: str = ""
    key: str = ""


# Every command's label and key text; the bar's order is BAR_ORDER.
COMMANDS: dict[Command, CommandInfo] = {
    Command.UNDO: CommandInfo(NC_("button", "Undo"), "Ctrl+Z"),
    Command.REDO: CommandInfo(NC_("button", "Redo"), "Ctrl+Y"),
    Command.HINT: CommandInfo(NC_("button", "Hint"), "H"),
    Command.PLAY_HINT: CommandInfo("", "P"),
    Command.BACK_TO_WINNABLE: CommandInfo("", "B"),
    Command.WHY: CommandInfo(NC_("button", "Why?"), "W"),
    Command.DEMO: CommandInfo(NC_("button", "Demo")),
    Command.ALL_HOME: CommandInfo(NC_("button", "All home"), "A"),
    Command.RESTART: CommandInfo(NC_("button", "Restart deal"), "Ctrl+R"),
    Command.NEW_DEAL: CommandInfo(NC_("button", "New deal"), "Ctrl+N"),
    Command.NEW_DEAL_CONFIRMED: CommandInfo(),
    Command.LESSONS: CommandInfo(NC_("button", "Lessons"), "L"),
    Command.LEAVE_LESSONS: CommandInfo(NC_("button", "Leave lessons")),
    Command.CHOOSE_DEAL: CommandInfo(NC_("button", "Deal #"), "D"),
    Command.STATS: CommandInfo(NC_("button", "Stats"), "T"),
    Command.DAILY: CommandInfo(NC_("button", "Deal of the day"), "Y"),
    Command.CALENDAR: CommandInfo(NC_("button", "Calendar"), "K"),
    Command.COPY_CODE: CommandInfo(NC_("button", "Copy code"), "Ctrl+C"),
    Command.PASTE_CODE: CommandInfo(NC_("button", "Paste code"), "Ctrl+V"),
    Command.REPLAY: CommandInfo(NC_("button", "Watch replay")),
    Command.REPLAY_START: CommandInfo(NC_("button", "|\u25c0 Start"), "Home"),
    Command.REPLAY_BACK: CommandInfo(NC_("button", "\u25c0 Back"), ","),
    Command.REPLAY_PLAY: CommandInfo(NC_("button", "Play / Pause"), "G"),
    Command.REPLAY_FORWARD: CommandInfo(NC_("button", "Forward \u25b6"), "."),
    Command.REPLAY_END: CommandInfo(NC_("button", "End \u25b6|"), "End"),
    Command.REPLAY_SPEED: CommandInfo(NC_("button", "Speed"), "V"),
    Command.LEAVE_REPLAY: CommandInfo(NC_("button", "Leave replay"), "Esc"),
    Command.SETTINGS: CommandInfo(NC_("button", "Settings"), "S"),
    Command.RULES: CommandInfo(NC_("button", "Rules"), "F1"),
    Command.KEYS: CommandInfo(NC_("button", "Keys"), "?"),
    # TRANSLATORS: "Window" is the Full screen button's label while the game is full screen.
    Command.FULLSCREEN: CommandInfo(NC_("button", "Full screen"), "F11"),
    Command.QUIT: CommandInfo(NC_("button", "Quit"), "Ctrl+Q"),
    Command.CANCEL: CommandInfo("", "Esc"),
    Command.CONFIRM: CommandInfo("", "Enter"),
    Command.SELECT: CommandInfo("", "Space"),
    Command.TO_FOUNDATION: CommandInfo("", "F"),
    Command.LEFT: CommandInfo("", "\u2190"),
    Command.RIGHT: CommandInfo("", "\u2192"),
    Command.UP: CommandInfo("", "\u2191"),
    Command.DOWN: CommandInfo("", "\u2193"),
    Command.PAGE_UP: CommandInfo("", "PgUp"),
    Command.PAGE_DOWN: CommandInfo("", "PgDn"),
    Command.HOME: CommandInfo("", "Home"),
    Command.END: CommandInfo("", "End"),
    # TRANSLATORS: the tooltip of the toolbar's menu button (three lines), which lists every other command.
    Command.MENU: CommandInfo(NC_("button", "Menu"), "F10"),
    Command.READ_COLUMN: CommandInfo("", "C"),
    Command.READ_FOUNDATIONS: CommandInfo("", "O"),
    Command.READ_TABLE: CommandInfo("", "E"),
    Command.READ_STATUS: CommandInfo("", "I"),
    Command.READ_CHOICES: CommandInfo("", "M"),
    Command.REPEAT_SPEECH: CommandInfo("", "R"),
}
WINDOW_LABEL = NC_("button", "Window")  # the Full screen button while the game is full screen

# The toolbar, left to right, then the menu, top to bottom: every part's buttons take their place by
# command. The commands in ICONS are the bar's icon buttons (the actions of every game); those in
# BAR_TEXT are text buttons in the bar (a lesson's way out); every other button is a menu item.
BAR_ORDER: tuple[Command, ...] = (Command.NEW_DEAL, Command.RESTART, Command.UNDO, Command.REDO, Command.HINT,
                                  Command.ALL_HOME, Command.LEAVE_LESSONS,
                                  Command.CHOOSE_DEAL, Command.DEMO, Command.WHY,
                                  Command.LESSONS, Command.STATS, Command.SETTINGS,
                                  Command.RULES, Command.KEYS,
                                  Command.FULLSCREEN, Command.QUIT)
ICONS: frozenset[Command] = frozenset({Command.NEW_DEAL, Command.RESTART, Command.UNDO, Command.REDO, Command.HINT,
                                       Command.ALL_HOME})
BAR_TEXT: frozenset[Command] = frozenset({Command.LEAVE_LESSONS})
# The menu's groups (a line between two groups): the game, the player's things, help, the window.
MENU_GROUPS: tuple[frozenset[Command], ...] = (
    frozenset({Command.NEW_DEAL, Command.RESTART, Command.UNDO, Command.REDO, Command.HINT, Command.ALL_HOME,
               Command.LEAVE_LESSONS, Command.CHOOSE_DEAL, Command.DEMO, Command.WHY}),
    frozenset({Command.LESSONS, Command.STATS, Command.SETTINGS}),
    frozenset({Command.RULES, Command.KEYS}),
    frozenset({Command.FULLSCREEN, Command.QUIT}),
)


def menu_group(command: Command) -> int:
    """The menu group ``command`` belongs to (a line is drawn between groups)."""
    return next((i for i, g in enumerate(MENU_GROUPS) if command in g), len(MENU_GROUPS))


# (key, modifiers) -> command: every key of the program, in one place.
KEYMAP: dict[tuple[int, Mod], Asked] = {
    (pygame.K_z, Mod.CTRL): Command.UNDO,
    (pygame.K_y, Mod.CTRL): Command.REDO,
    (pygame.K_z, Mod.CTRL_SHIFT): Command.REDO,
    (pygame.K_BACKSPACE, Mod.NONE): Command.UNDO,
    (pygame.K_h, Mod.NONE): Command.HINT,
    (pygame.K_p, Mod.NONE): Command.PLAY_HINT,
    (pygame.K_b, Mod.NONE): Command.BACK_TO_WINNABLE,
    (pygame.K_w, Mod.NONE): Command.WHY,
    (pygame.K_a, Mod.NONE): Command.ALL_HOME,
    (pygame.K_ESCAPE, Mod.NONE): Command.CANCEL,
    (pygame.K_RETURN, Mod.NONE): Command.CONFIRM,
    (pygame.K_KP_ENTER, Mod.NONE): Command.CONFIRM,
    (pygame.K_F11, Mod.NONE): Command.FULLSCREEN,
    (pygame.K_q, Mod.CTRL): Command.QUIT,
    (pygame.K_LEFT, Mod.NONE): Command.LEFT,
    (pygame.K_RIGHT, Mod.NONE): Command.RIGHT,
    (pygame.K_UP, Mod.NONE): Command.UP,
    (pygame.K_DOWN, Mod.NONE): Command.DOWN,
    (pygame.K_PAGEUP, Mod.NONE): Command.PAGE_UP,
    (pygame.K_PAGEDOWN, Mod.NONE): Command.PAGE_DOWN,
    (pygame.K_HOME, Mod.NONE): Command.HOME,
    (pygame.K_END, Mod.NONE): Command.END,
    (pygame.K_F1, Mod.NONE): Command.RULES,
    (pygame.K_SPACE, Mod.NONE): Command.SELECT,
    (pygame.K_f, Mod.NONE): Command.TO_FOUNDATION,
    (pygame.K_n, Mod.NONE): Command.NEW_DEAL,
    (pygame.K_n, Mod.CTRL): Command.NEW_DEAL,  # as in KPatience and Aisleriot
    (pygame.K_F10, Mod.NONE): Command.MENU,
    (pygame.K_r, Mod.CTRL): Command.RESTART,  # with Ctrl: a stray R must not throw a game's moves away
    (pygame.K_d, Mod.NONE): Command.CHOOSE_DEAL,
    (pygame.K_s, Mod.NONE): Command.SETTINGS,
    (pygame.K_t, Mod.NONE): Command.STATS,
    (pygame.K_y, Mod.NONE): Command.DAILY,
    (pygame.K_k, Mod.NONE): Command.CALENDAR,
    (pygame.K_c, Mod.CTRL): Command.COPY_CODE,
    (pygame.K_v, Mod.CTRL): Command.PASTE_CODE,
    (pygame.K_COMMA, Mod.NONE): Command.REPLAY_BACK,
    (pygame.K_PERIOD, Mod.NONE): Command.REPLAY_FORWARD,
    (pygame.K_g, Mod.NONE): Command.REPLAY_PLAY,
    (pygame.K_v, Mod.NONE): Command.REPLAY_SPEED,
    (pygame.K_l, Mod.NONE): Command.LESSONS,
    (pygame.K_SLASH, Mod.NONE): Command.KEYS,
    (pygame.K_QUESTION, Mod.NONE): Command.KEYS,
    (pygame.K_c, Mod.NONE): Command.READ_COLUMN,
    (pygame.K_o, Mod.NONE): Command.READ_FOUNDATIONS,
    (pygame.K_e, Mod.NONE): Command.READ_TABLE,
    (pygame.K_i, Mod.NONE): Command.READ_STATUS,
    (pygame.K_m, Mod.NONE): Command.READ_CHOICES,
    (pygame.K_r, Mod.NONE): Command.REPEAT_SPEECH,  # plain R; Ctrl+R restarts
}
_KEYPAD = (pygame.K_KP0, pygame.K_KP1, pygame.K_KP2, pygame.K_KP3, pygame.K_KP4,
           pygame.K_KP5, pygame.K_KP6, pygame.K_KP7, pygame.K_KP8, pygame.K_KP9)
for _d in range(10):  # digits type a deal number in the Deal # box
    KEYMAP[(pygame.K_0 + _d, Mod.NONE)] = Digit(_d)
    KEYMAP[(_KEYPAD[_d], Mod.NONE)] = Digit(_d)


def key_command(key: int, mod: int) -> Asked | None:
    """What a key press (``key`` with pygame's modifier bits ``mod``) asks for, if anything."""
    ctrl = bool(mod & (pygame.KMOD_CTRL | pygame.KMOD_META))
    shift = bool(mod & pygame.KMOD_SHIFT)
    if ctrl and shift:
        asked = KEYMAP.get((key, Mod.CTRL_SHIFT))
        if asked is not None:
            return asked
    if ctrl:
        return KEYMAP.get((key, Mod.CTRL))
    return KEYMAP.get((key, Mod.NONE))


def key_text(command: Command) -> str:
    """The key of ``command`` as the player reads it, in the player's language ("Strg+Z"), or ""."""
    key = COMMANDS[command].key
    if key.startswith("Ctrl+"):
        # TRANSLATORS: the Control key's name on a keyboard of your language, as in "Ctrl+Z".
        key = pgettext("key", "Ctrl") + key[4:]
    return key


def bar_position(command: Command) -> int:
    """Where a command's button goes in the bar (commands not in ``BAR_ORDER`` go last, in the order given)."""
    try:
        return BAR_ORDER.index(command)
    except ValueError:
        return len(BAR_ORDER)
