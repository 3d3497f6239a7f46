"""The rules of Yukon and the key list, as data, and the printable rules page.

Everything a player reads about the rules lives here once, so the Rules screen, the keys
overlay and the HTML page never drift apart. The text is our own wording of
``RULES.md``. Pure: no pygame.
"""

from __future__ import annotations

import html
import os
from pathlib import Path
from typing import TYPE_CHECKING

from ..text.i18n import N_, NC_, _, language, pgettext
from .save import atomic_write_text

if TYPE_CHECKING:
    import webbrowser

Section = tuple[str, list[str]]

# The data below is English, marked for the catalogue; ``rules_sections()``, ``key_list()`` and
# ``group_move_caption()`` give it in the player's language at the moment it is shown.

RULES_SECTIONS: list[Section] = [
    (N_("The goal"), [
        N_("Build four foundations, one for each suit, from the Ace up to the King. "
           "The game is won when all 52 cards have gone home."),
    ]),
    (N_("The deal"), [
        N_("One ordinary pack of 52 cards, no jokers. Every card is dealt at the start: "
           "there is no stock to draw from and no second pass through the pack."),
        N_("First the cards go out as in Klondike: seven columns of 1 to 7 cards, with "
           "only the last card of each column face up. Then the remaining 24 cards are "
           "dealt face up, four more on each column except the first. The columns end up "
           "holding 1, 6, 7, 8, 9, 10 and 11 cards, 21 of them face down."),
        N_("Every deal has a number. The same number always gives the same deal, so you "
           "can play a deal again or pass its number to a friend."),
    ]),
    (N_("Moving a tail"), [
        N_("This is the move that makes Yukon what it is. Pick any face-up card in a "
           "column, however deep it lies. It travels together with every card lying on "
           "top of it, its tail, and the tail does not have to be in any order."),
        N_("Only the card you picked has to fit: it must go onto the end card of another "
           "column that is one rank higher and of the other colour. A red 7 goes onto a "
           "black 8, a black Jack onto a red Queen."),
        N_("For example, the 7 of hearts lies in a column with the King of clubs and the "
           "9 of hearts on top of it. The 8 of clubs is the end card of another column. "
           "The 7 of hearts may move onto the 8 of clubs, and it takes the King and the 9 "
           "with it, even though they do not follow in order."),
        N_("Nothing can be placed on an Ace, because there is no rank below it."),
    ]),
    (N_("Empty columns"), [
        N_("When a column is emptied, only a King may start it again, alone or carrying "
           "its tail. Moving a card that already lies at the bottom of its column into "
           "another empty column changes nothing, so the game does not offer it."),
        N_("With the setting \"Any card in an empty column\" (in Settings) any face-up "
           "card, with its tail, may be moved into an empty column."),
    ]),
    (N_("Foundations"), [
        N_("Only the end card of a column can go to a foundation, one card at a time. An "
           "Ace starts its suit's foundation; after it come the 2, the 3 and so on up to "
           "the King, all of the same suit."),
        N_("The top card of a foundation may come back down onto a column, wherever it "
           "would fit as if it were on the table. Sometimes that is what frees a blocked "
           "card. This can be switched off with the option \"foundation cards may come "
           "back\"."),
    ]),
    (N_("Turning cards up"), [
        N_("When a move uncovers a face-down card at the end of a column, it is turned "
           "face up at once as part of that move. Undo turns it back down again."),
    ]),
    (N_("Winning and being stuck"), [
        N_("You win when all 52 cards are on the foundations. A table on which every card "
           "lies face up is often easy to finish, but it is not yet won."),
        N_("You are stuck when no legal move is left. The game also tells you when moves "
           "are still possible but none of them can ever put another card home or turn "
           "another card up: from there you could only shuffle cards back and forth. Undo, "
           "restart the deal or start a new one."),
    ]),
    (N_("How Yukon differs from Klondike"), [
        N_("Klondike keeps a stock of cards to draw from; Yukon deals every card at the "
           "start, so all your choices are on the table."),
        N_("In Klondike you may only move a run that is already in order; in Yukon any "
           "face-up card moves with whatever lies on top of it, in order or not."),
        N_("Yukon's columns start with many more face-up cards, so the work is to dig out "
           "the face-down cards beneath them."),
    ]),
    (N_("Russian Solitaire"), [
        N_("Russian Solitaire is dealt and played exactly like Yukon, with one change: a "
           "card must go onto the next higher card of its own suit, not of the other "
           "colour. The 7 of hearts goes only onto the 8 of hearts."),
        N_("With only one card that fits instead of two, Russian Solitaire is much harder "
           "and far fewer deals can be won. Choose it in the settings."),
    ]),
]

KEYS: list[tuple[str, str]] = [
    (NC_("key", "Left / Right"), N_("move the keyboard cursor to the next column or foundation")),
    (NC_("key", "Up / Down"), N_("pick a deeper or shallower face-up card (its tail goes along)")),
    (NC_("key", "Enter or Space"), N_("select the card under the cursor, or place the selection there")),
    ("F", N_("send the selected card, or the end card under the cursor, home")),
    (NC_("key", "Esc"), N_("cancel the selection, or close a screen")),
    (NC_("key", "Ctrl+Z or Backspace"), N_("undo the last move")),
    (NC_("key", "Ctrl+Y"), N_("redo a move you undid (Ctrl+Shift+Z too)")),
    ("H", N_("show a hint; press again for the next one")),
    ("P", N_("play the move the hint shows (with no hint on show, the next move of the winning line)")),
    ("B", N_("back to the last position of this game the solver knows can be won")),
    ("W", N_("why the position cannot be won, once the solver has proved it")),
    ("A", N_("all home: send every card that can go to its foundation, one after another "
             "(a click or any key stops it)")),
    (NC_("key", "Ctrl+N or N"), N_("new deal")),
    (NC_("key", "Ctrl+R"), N_("restart this deal from the beginning")),
    ("D", N_("choose a deal by its number")),
    ("S", N_("settings")),
    ("T", N_("statistics")),
    ("Y", N_("play today's deal of the day")),
    ("K", N_("the calendar of the deals of the day")),
    (NC_("key", "Ctrl+C"), N_("copy the deal's share code (with the moves, once the game is over)")),
    (NC_("key", "Ctrl+V"), N_("play the share code on the clipboard")),
    ("L", N_("the lessons")),
    ("F1", N_("the rules")),
    ("?", N_("this list of keys")),
    ("F10", N_("the menu: every command with its key (arrow keys choose, Enter runs one, Esc closes it)")),
    ("C", N_("speech: read the column under the cursor, from its deepest card")),
    ("O", N_("speech: read the foundations")),
    ("E", N_("speech: read the whole table")),
    ("I", N_("speech: read the moves, the time and the solver's verdict")),
    ("M", N_("speech: what the card under the cursor can do")),
    ("R", N_("speech: say the last words again")),
    (NC_("key", "Home / End"), N_("scroll a table wider than the window to its left or right end")),
    (NC_("key", "Page Up / Page Down"), N_("scroll the rules a page at a time")),
    ("F11", N_("full screen on or off")),
    (NC_("key", "Ctrl+Q"), N_("quit (the game is kept for next time)")),
]

# A small prepared position for the group-move picture: the 7 of hearts in column 2
# carries the King of clubs and the 9 of hearts (no order at all) onto the 8 of clubs
# that ends column 1. Everything not on the table is already home.
GROUP_MOVE_POSITION = """\
Game: yukon
Foundations: S-K H-6 D-K C-7
: (KH) 8C
: (QC) 7H KC 9H
: (QH) JC
: (9C) 8H
: TH
: (TC) JH
:
"""
GROUP_MOVE = "7H-1"
GROUP_MOVE_COLUMNS = (0, 1)  # the columns the picture shows (0-based)
GROUP_MOVE_CAPTION = N_("The 7 of hearts carries the King of clubs and the 9 of hearts with it "
                        "onto the 8 of clubs. Only the 7 has to fit. The card it uncovers, "
                        "the Queen of clubs, turns face up.")
# The heading after which the group-move picture is shown (the English, as in RULES_SECTIONS).
TAIL_SECTION = "Moving a tail"


def rules_sections() -> list[Section]:
    """The rules' sections, headings and paragraphs in the player's language."""
    return [(_(heading), [_(p) for p in paragraphs]) for heading, paragraphs in RULES_SECTIONS]


def key_name(key: str) -> str:
    """A key's name as the keys list shows it, in the player's language ("Ctrl+Z or Backspace")."""
    if len(key) == 1 or (key[0] == "F" and key[1:].isdigit()):
        return key  # a bare letter, ? or F1: the same in every language (and not marked)
    return pgettext("key", key)


def key_list() -> list[tuple[str, str]]:
    """The keys list, each key's name and what it does, in the player's language."""
    return [(key_name(k), _(what)) for k, what in KEYS]


def group_move_caption() -> str:
    """The caption under the group-move picture, in the player's language."""
    return _(GROUP_MOVE_CAPTION)

RULES_PAGE_NAME = "yukon-rules.html"

_CSS = """
body { font-family: Georgia, 'DejaVu Serif', serif; max-width: 44em; margin: 2em auto;
       padding: 0 1em; line-height: 1.5; color: #1b1b1b; background: #fff; }
h1 { font-size: 1.9em; border-bottom: 3px solid #1f6b3a; padding-bottom: .2em; }
h2 { font-size: 1.25em; color: #1f6b3a; margin-top: 1.6em; break-after: avoid; }
p { margin: .5em 0; }
table.keys { border-collapse: collapse; margin-top: .5em; }
table.keys td { padding: .2em .8em .2em 0; vertical-align: top; }
table.keys td.key { font-family: 'DejaVu Sans Mono', monospace; white-space: nowrap; font-weight: bold; }
figure { margin: 1em 0; } figcaption { font-size: .95em; color: #333; margin-top: .3em; }
svg { max-width: 100%; height: auto; }
footer { margin-top: 2.5em; font-size: .85em; color: #666; }
@media print { body { margin: 0; max-width: none; font-size: 11pt; }
               h2 { break-after: avoid; } section { break-inside: avoid; } }
"""


_SUIT_SIGNS = "\u2660\u2665\u2666\u2663"


def column_label(column: int) -> str:
    """The label under a column of the group-move picture ("column 2"); ``column`` is 0-based."""
    # TRANSLATORS: under a column of the group-move picture; {number} is 1 to 7.
    return _("column {number}").format(number=column + 1)


def group_move_svg() -> str:
    """The group-move example as an inline SVG picture: the two columns before and after."""
    from ..core.cards import RANK_LETTERS, RED
    from ..core.notation import parse_move, parse_position

    before = parse_position(GROUP_MOVE_POSITION)
    move = parse_move(GROUP_MOVE)
    after = before.copy()
    after.play(move)
    cw, ch, up, down, gap = 60, 84, 24, 8, 14
    scene_w = 2 * cw + gap
    arrow_w = 90
    width = 2 * scene_w + arrow_w + 40
    bottom = 0
    for pos in (before, after):
        for column in GROUP_MOVE_COLUMNS:
            n = len(pos.columns[column])
            d = min(pos.down[column], n)
            bottom = max(bottom, 34 + d * down + max(0, n - d - 1) * up + ch)
    height = bottom + 30
    out = [(f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" role="img" aria-label="{html.escape(group_move_caption())}">'),
           f'<rect width="{width}" height="{height}" fill="#1f6b3a" rx="8"/>']
    # TRANSLATORS: the two halves of the group-move picture: the columns before and after the move.
    scenes = ((before, pgettext("picture", "Before")), (after, pgettext("picture", "After")))
    for k, (pos, title) in enumerate(scenes):
        x0 = 10 + k * (scene_w + arrow_w + 20)
        out.append(f'<text x="{x0}" y="22" fill="#ffce40" font-family="sans-serif" font-weight="bold" '
                   f'font-size="16">{html.escape(title)}</text>')
        for j, column in enumerate(GROUP_MOVE_COLUMNS):
            x = x0 + j * (cw + gap)
            y = 34
            col = pos.columns[column]
            tail_top = None
            for i, card in enumerate(col):
                if i < pos.down[column]:
                    out.append(f'<rect x="{x}" y="{y}" width="{cw}" height="{ch}" rx="5" fill="#1e3e8a" '
                               f'stroke="#eeeeee" stroke-width="1.5"/>')
                else:
                    colour = "#c41626" if RED[card] else "#181820"
                    label = ("10" if RANK_LETTERS[card % 13] == "T" else RANK_LETTERS[card % 13]) + _SUIT_SIGNS[card // 13]
                    out.append(f'<rect x="{x}" y="{y}" width="{cw}" height="{ch}" rx="5" fill="#fcfbf6" '
                               f'stroke="#787876" stroke-width="1"/>')
                    out.append(f'<text x="{x + 5}" y="{y + 17}" fill="{colour}" font-family="sans-serif" '
                               f'font-weight="bold" font-size="15">{label}</text>')
                if card == move.card:
                    tail_top = y
                if i < len(col) - 1:
                    y += down if i < pos.down[column] else up
            if tail_top is not None:
                out.append(f'<rect x="{x - 3}" y="{tail_top - 3}" width="{cw + 6}" height="{y + ch - tail_top + 6}" '
                           f'rx="7" fill="none" stroke="#ffce40" stroke-width="3"/>')
            out.append(f'<text x="{x + cw // 2}" y="{height - 10}" fill="#dfe8df" font-family="sans-serif" '
                       f'font-size="12" text-anchor="middle">{html.escape(column_label(column))}</text>')
    ax = 10 + scene_w + 10
    ay = 34 + ch // 2
    out.append(f'<path d="M {ax} {ay} H {ax + arrow_w - 14}" stroke="#ffce40" stroke-width="4"/>')
    out.append(f'<path d="M {ax + arrow_w} {ay} l -16 -10 v 20 z" fill="#ffce40"/>')
    out.append("</svg>")
    return "\n".join(out)


def rules_html() -> str:
    """The rules page as one self-contained HTML document (inline CSS, no scripts)."""
    esc = html.escape
    title = _("Yukon Solitaire: the rules")
    # The language's code as HTML writes it (pt-BR); the pseudo-language has none of its own.
    lang = language().replace("_", "-")
    parts = ["<!DOCTYPE html>", f'<html lang="{esc(lang)}">', "<head>", '<meta charset="utf-8">',
             f"<title>{esc(title)}</title>", f"<style>{_CSS}</style>", "</head>",
             "<body>", f"<h1>{esc(title)}</h1>"]
    for heading, paragraphs in RULES_SECTIONS:
        parts.append("<section>")
        parts.append(f"<h2>{esc(_(heading))}</h2>")
        parts.extend(f"<p>{esc(_(p))}</p>" for p in paragraphs)
        if heading == TAIL_SECTION:
            # The picture and its caption say it all; the position's raw text is for programs, not print.
            parts.append(f'<figure>{group_move_svg()}<figcaption>{esc(group_move_caption())}</figcaption></figure>')
        parts.append("</section>")
    parts.append("<section>")
    parts.append(f"<h2>{esc(_('Keys'))}</h2>")
    parts.append('<table class="keys">')
    parts.extend(f'<tr><td class="key">{esc(k)}</td><td>{esc(what)}</td></tr>' for k, what in key_list())
    parts.append("</table>")
    parts.append("</section>")
    footer = _("Written by the Yukon Solitaire program. Print this page or save it as PDF from your browser.")
    parts.append(f"<footer>{esc(footer)}</footer>")
    parts.append("</body>")
    parts.append("</html>")
    return "\n".join(parts) + "\n"


def write_rules_html(folder: str | os.PathLike[str]) -> Path:
    """Write the rules page into ``folder`` (created if missing); returns its path.

    Raises OSError when the folder cannot be written.
    """
    base = Path(folder)
    base.mkdir(parents=True, exist_ok=True)
    path = base / RULES_PAGE_NAME
    atomic_write_text(path, rules_html())
    return path


# The browsers that open a window of their own, as ``webbrowser`` names them, in the order they
# are tried after its first choice. Left out on purpose: the openers that go by the file's type
# (xdg-open, gio, gvfs-open, kfmclient), which for an .html file start whatever program is set to
# handle HTML, a text editor in a terminal as readily as a browser; and the text-mode browsers
# (www-browser, links, elinks, lynx, w3m), which would take over the terminal the game was
# started from, or run where nobody sees them.
BROWSER_NAMES = ("x-www-browser", "firefox", "google-chrome", "chromium", "chromium-browser", "chrome",
                 "microsoft-edge", "opera", "epiphany", "iceweasel", "seamonkey", "safari", "macosx",
                 "windows-default")
# Commands that start a graphical browser when ``webbrowser`` runs them in the background:
# Debian's x-www-browser (only graphical browsers provide it) and browsers found on Windows.
_BROWSER_COMMANDS = frozenset({"x-www-browser", "firefox", "firefox.exe", "chrome", "chrome.exe", "msedge.exe",
                               "opera", "opera.exe", "iexplore.exe", "seamonkey", "mozilla"})


def is_graphical_browser(controller: webbrowser.BaseBrowser) -> bool:
    """Does this ``webbrowser`` controller start a browser with a window of its own?"""
    import webbrowser

    kind = type(controller).__name__
    if kind in ("WindowsDefault", "MacOSXOSAScript"):  # the system's own way to its default browser
        return True
    if isinstance(controller, webbrowser.UnixBrowser):  # Firefox, Chrome, Opera, Epiphany, Edge...
        return bool(controller.background)  # ... but not elinks, which runs in the terminal
    if isinstance(controller, webbrowser.BackgroundBrowser):
        return os.path.basename(controller.name).lower() in _BROWSER_COMMANDS
    return False  # a text-mode browser, or a command from $BROWSER that runs in the foreground


def graphical_browser() -> webbrowser.BaseBrowser | None:
    """The system's web browser, when it is one with a window of its own; else None.

    ``webbrowser``'s own first choice comes first ($BROWSER, or the desktop's default browser
    when it knows it by name), then the browsers of ``BROWSER_NAMES`` that it found.
    """
    import webbrowser  # only when asked: it is slow to import and the window starts without it

    for name in (None, *BROWSER_NAMES):
        try:
            controller = webbrowser.get(name)
        except webbrowser.Error:  # none at all, or not this one
            continue
        if is_graphical_browser(controller):
            return controller
    return None


def open_in_browser(path: str | os.PathLike[str]) -> bool:
    """Open a local file in the system's web browser; True if a browser took it.

    Only a graphical browser is asked (``graphical_browser``); without one nothing is started
    and the caller tells the player where the file is. Never raises.
    """
    try:
        browser = graphical_browser()
        return browser is not None and bool(browser.open(Path(path).resolve().as_uri()))
    except Exception:  # noqa: BLE001 - no browser, no display, odd platform: the game goes on
        return False


def save_and_open_rules(folder: str | os.PathLike[str]) -> tuple[Path | None, str]:
    """Write the rules page and try to open it; returns (path or None, a message for the player)."""
    try:
        path = write_rules_html(folder).resolve()  # the full path, to tell the player
    except OSError as e:
        # TRANSLATORS: {error} is the system's reason, e.g. "Permission denied" (often in English).
        return None, _("Could not save the rules page: {error}").format(error=e.strerror or e)
    if open_in_browser(path):
        # TRANSLATORS: {path} is the full path of the saved HTML file.
        return path, _("The rules are saved as {path} and your browser was asked to open them.").format(path=path)
    # TRANSLATORS: {path} is the full path of the saved HTML file.
    return path, _("The rules are saved as {path}; open that file in a browser to print it.").format(path=path)
