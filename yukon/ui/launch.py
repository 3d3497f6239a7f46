"""Start the Yukon Solitaire table: ``yukon-solitaire`` (installed) or ``python main.py``.

Options: ``[--seed N] [--game russian] [--fullscreen] [--size WxH] [--language CODE] [--version]``.

Messages follow the system's language until the saved settings are read (then the player's
choice in Settings); ``--language`` chooses for this run only (``pseudo``: the developers'
pseudo-language, every message accented and longer), and the choice is not saved.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import sys

from .. import __version__
from ..text import i18n
from ..text.i18n import _

MIN_WINDOW = 240  # pixels each way: the app's MIN_SIZE (kept here so --help needs no pygame)


def parse_size(text: str) -> tuple[int, int]:
    """``1280x800`` as (1280, 800)."""
    try:
        w, h = text.lower().split("x")
        size = (int(w), int(h))
    except ValueError:
        # TRANSLATORS: --size was given something else than a size; {text} is what was given.
        raise argparse.ArgumentTypeError(_("{text} is not a size like 1280x800").format(text=repr(text))) from None
    low = MIN_WINDOW
    if not (low <= size[0] <= 16384 and low <= size[1] <= 16384):
        raise argparse.ArgumentTypeError(
            _("width and height must be between {low} and 16384 (the window's smallest size is {low}x{low})").format(
                low=low))
    return size


def system_locales() -> list[str]:
    """The system's preferred languages, best first, as SDL reports them: ``["pt_BR", "en"]``.

    On Windows and macOS this is the list in the system's language settings (macOS may
    add a script: ``zh_Hans_CN``); on Linux SDL reads ``LANG`` and ``LANGUAGE``. The call
    needs no ``pygame.init`` and opens nothing; a failure is an empty list.
    """
    import pygame

    try:
        found = pygame.system.get_pref_locales()
    except pygame.error:  # SDL cannot tell (an old SDL, an odd platform): the environment decides
        return []
    return ["_".join(filter(None, (entry["language"], entry["country"]))) for entry in found]


def use_language(code: str) -> None:
    """Use the language ``code`` (one of ``i18n.LANGUAGES``, ``i18n.SYSTEM`` or ``pseudo``) from now on."""
    from ..play import pseudo

    if code == pseudo.CODE:
        pseudo.install_pseudo()
    else:
        i18n.set_language(code)


def main(argv: list[str] | None = None) -> int:
    """Parse the options and run the window."""
    # In the one-file build the solver's child process starts this same program: this
    # turns it into the child (elsewhere it does nothing).
    multiprocessing.freeze_support()
    from ..core.cards import MAX_SEED
    from ..core.rules import VARIANTS, Rules
    from ..play import pseudo

    i18n.use_preferred_locales(system_locales)
    use_language(i18n.SYSTEM)  # until the settings are read: the system's language
    ap = argparse.ArgumentParser(description=_("Play Yukon Solitaire in a window."))
    ap.add_argument("--version", action="version", version=f"Yukon Solitaire {__version__}")
    ap.add_argument("--seed", type=int, help=_("deal number (0 to {max}); a saved game under way is only replaced "
                                               "if you say so").format(max=MAX_SEED))
    ap.add_argument("--game", choices=VARIANTS, default="yukon", help=_("yukon (default) or russian"))
    ap.add_argument("--fullscreen", action="store_true", help=_("start in full screen (F11 toggles)"))
    ap.add_argument("--size", type=parse_size, help=_("window size, e.g. 1280x800"))
    codes = ", ".join(i18n.LANGUAGES)
    ap.add_argument("--language", metavar="CODE",
                    help=_("the language for this run, not saved: one of {codes}").format(codes=codes))
    args = ap.parse_args(argv)
    if args.seed is not None and not 0 <= args.seed <= MAX_SEED:
        ap.error(_("--seed must be between 0 and {max}").format(max=MAX_SEED))
    if args.language is not None:
        if args.language not in i18n.LANGUAGES and args.language != pseudo.CODE:
            # TRANSLATORS: {code} is what was given after --language, {codes} the codes it may be.
            ap.error(_("--language {code} is not a language of the game: choose one of {codes}").format(
                code=args.language, codes=codes))
        use_language(args.language)
    given = sys.argv[1:] if argv is None else argv
    game_given = any(a == "--game" or a.startswith("--game=") for a in given)
    try:
        from .build import Options, build_app
        from .report import REPORT_ENV

        app = build_app(Options(seed=args.seed, rules=Rules(args.game) if game_given else None, size=args.size,
                                fullscreen=args.fullscreen, report_path=os.environ.get(REPORT_ENV) or None,
                                language=args.language))
    except KeyboardInterrupt:  # Ctrl+C while the window opens: nothing to save yet
        print(_("Stopped before the window opened."), file=sys.stderr)
        return 130
    except Exception as e:  # noqa: BLE001 - no display and the like: a plain message, not a traceback
        # TRANSLATORS: {error} says why (no display was found ...).
        print(_("Cannot open the Yukon window: {error}").format(error=e), file=sys.stderr)
        return 1
    app.run()
    return 0

