"""The rules' typed values in the player's language: why a move is refused, the rules' names.

``yukon.core.state`` says why the rules refuse a move as an ``Illegal`` value and
``yukon.core.rules`` knows its variants by code; this module words both for the window, the
lessons and the command line (which never sets a language, so it prints the English).
A reason is a sentence without its capital and full stop ("the 7 of hearts is face
down"): ``sentence`` adds them where a reason stands alone. No pygame.
"""

from __future__ import annotations

from typing import Final

from ..core.cards import RANK, RED
from ..core.rules import Rules
from ..core.state import Illegal, Refusal
from .i18n import N_, SENTENCE_ENDS, Name, _, capital, card_name, foundation_name

# The variants' names in English, marked for the catalogue: show them through
# ``variant_title`` (or ``_()``), which gives the player's language.
VARIANT_TITLES: Final[dict[str, str]] = {"yukon": N_("Yukon"), "russian": N_("Russian Solitaire")}

# Why a card cannot go onto a Yukon end card: it wants the other colour, one rank higher.
# One whole sentence per colour and rank (indexed by the wanted rank, 2..13), so that each
# language can make the colour agree with the rank word.
_NEEDS_RED: Final[tuple[str, ...]] = (
    "", "",
    # TRANSLATORS: {card} is the card moved, {target} the end card it was dropped on ("the 8 of
    # clubs"); it needs a red card one rank higher. One sentence per rank, so the colour can agree.
    N_("{card} needs a red 2, not {target}"), N_("{card} needs a red 3, not {target}"),
    N_("{card} needs a red 4, not {target}"), N_("{card} needs a red 5, not {target}"),
    N_("{card} needs a red 6, not {target}"), N_("{card} needs a red 7, not {target}"),
    N_("{card} needs a red 8, not {target}"), N_("{card} needs a red 9, not {target}"),
    N_("{card} needs a red 10, not {target}"), N_("{card} needs a red Jack, not {target}"),
    N_("{card} needs a red Queen, not {target}"), N_("{card} needs a red King, not {target}"),
)
_NEEDS_BLACK: Final[tuple[str, ...]] = (
    "", "",
    # TRANSLATORS: {card} is the card moved, {target} the end card it was dropped on ("the 8 of
    # clubs"); it needs a black card one rank higher. One sentence per rank, so the colour can agree.
    N_("{card} needs a black 2, not {target}"), N_("{card} needs a black 3, not {target}"),
    N_("{card} needs a black 4, not {target}"), N_("{card} needs a black 5, not {target}"),
    N_("{card} needs a black 6, not {target}"), N_("{card} needs a black 7, not {target}"),
    N_("{card} needs a black 8, not {target}"), N_("{card} needs a black 9, not {target}"),
    N_("{card} needs a black 10, not {target}"), N_("{card} needs a black Jack, not {target}"),
    N_("{card} needs a black Queen, not {target}"), N_("{card} needs a black King, not {target}"),
)


def _card(card: int | None) -> Name:
    return card_name(card) if card is not None else Name("?")


def refusal(illegal: Illegal) -> str:
    """Why the rules refuse a move, in the player's language: a sentence without its capital
    and full stop ("the 7 of hearts is face down")."""
    kind = illegal.refusal
    name = _card(illegal.card)
    if kind is Refusal.NOT_A_MOVE:
        # TRANSLATORS: a reason a move is refused, as all the reasons below: the window
        # starts it with a capital and ends it with a full stop.
        return _("that is not a move")
    if kind is Refusal.FACE_DOWN:
        # TRANSLATORS: {card} is a whole card name with its article, "the 7 of hearts", as every
        # card and foundation in these reasons: in the nominative as {card}, in another case as
        # {card:acc}, {card:gen}, {card:dat}, {card:ins} or {card:loc} where your grammar needs it.
        return _("{card} is face down").format(card=name)
    if kind is Refusal.ALREADY_HOME:
        return _("{card} is already on its foundation").format(card=name)
    if kind is Refusal.NOT_END_CARD:
        return _("only the end card of a column can go to a foundation")
    if kind is Refusal.FOUNDATION_STARTS_WITH_ACE:
        # TRANSLATORS: {foundation} is "the hearts foundation" (or spades, ...).
        return _("{foundation} starts with its Ace").format(foundation=foundation_name(illegal.suit or 0))
    if kind is Refusal.FOUNDATION_NEEDS:
        # TRANSLATORS: {card} and {wanted} are whole card names of one suit, "the 5 of
        # hearts" needs "the 4 of hearts".
        return _("{card} needs {wanted} on its foundation first").format(card=name, wanted=_card(illegal.wanted))
    if kind is Refusal.NO_FOUNDATION_RETURN:
        return _("in this game foundation cards may not come back")
    if kind is Refusal.NOT_FOUNDATION_TOP:
        return _("only the top card of a foundation can come back")
    if kind is Refusal.ALREADY_IN_COLUMN:
        # TRANSLATORS: {column} is the column's number, 1 to 7 from the left.
        return _("{card} is already in column {column}").format(card=name, column=(illegal.column or 0) + 1)
    if kind is Refusal.ONLY_KING_IN_SPACE:
        return _("only a King can fill an empty column")
    if kind is Refusal.HEADS_OWN_COLUMN:
        return _("{card} already heads its own column; moving it changes nothing").format(card=name)
    if kind is Refusal.NOTHING_ONTO_ACE:
        return _("nothing can go onto an Ace")
    if kind is Refusal.KING_ONLY_TO_SPACE:
        return _("a King can only go into an empty column")
    target = _card(illegal.target)
    if illegal.wanted is not None:
        # TRANSLATORS: Russian Solitaire; {card} is the card moved, {wanted} the one card it
        # fits on (same suit, one higher), {target} the card it was dropped on.
        return _("{card} needs {wanted}, not {target}").format(card=name, wanted=card_name(illegal.wanted),
                                                                target=target)
    card = illegal.card or 0
    needs = _NEEDS_BLACK if RED[card] else _NEEDS_RED
    return _(needs[min(RANK[card] + 1, 13)]).format(card=name, target=target)


def sentence(reason: str) -> str:
    """A reason (``refusal``'s words, or any such clause) as a sentence: capital and full stop."""
    text = capital(reason.strip())
    if not text or text.endswith(SENTENCE_ENDS):
        return text
    # TRANSLATORS: {reason} is why a move is refused, a sentence without its capital and full
    # stop ("the hearts foundation starts with its Ace"): end it as your language ends a sentence.
    return _("{reason}.").format(reason=text)


def variant_title(variant: str) -> str:
    """A variant's name in the player's language (an unknown variant's code as it is)."""
    title = VARIANT_TITLES.get(variant)
    return _(title) if title is not None else variant


def rules_line(rules: Rules) -> str:
    """The variant and any option that differs from the default, for the status line."""
    title = variant_title(rules.variant)
    if rules.any_card_in_space and not rules.foundation_return:
        # TRANSLATORS: the status line's rules; {game} is "Yukon" or "Russian Solitaire".
        text = _("{game}, any card in an empty column, no foundation return")
    elif rules.any_card_in_space:
        # TRANSLATORS: the status line's rules; {game} is "Yukon" or "Russian Solitaire".
        text = _("{game}, any card in an empty column")
    elif not rules.foundation_return:
        # TRANSLATORS: the status line's rules; {game} is "Yukon" or "Russian Solitaire".
        text = _("{game}, no foundation return")
    else:
        return title
    return text.format(game=title)
