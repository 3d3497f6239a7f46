"""The table's typed values put into the player's words: notices, refusals, hints, moves, the time played."""

from __future__ import annotations

from ...core.cards import SUIT
from ...core.state import FOUNDATION, ON_FOUNDATION, Illegal, Move, Position
from ...play.events import HintShown, Notice, Refused, Said, Spoken
from ...text.i18n import Name, _, join_sentences, ngettext
from ...text.words import refusal, sentence
from .. import art
from .style import SYMBOL


def short_name(card: int) -> Name:
    """A card as the table prints it: 7♥, 10♠, K♣ (a name that stays the same in every case)."""
    return Name(art.rank_label(card) + SYMBOL[SUIT[card]])


def describe_move(position: Position, move: Move) -> str:
    """A move in words for a hint: '7♥ (with 3 cards) onto column 4'.

    Each kind of move is one whole phrase in the catalogue; ``{card}`` and ``{target}`` are
    cards as the table prints them (7♥), ``{column}`` a column's number, 1 to 7 from the left.
    """
    card = move.card
    name = short_name(card)
    if move.to == FOUNDATION:
        # TRANSLATORS: a hinted move, as all the phrases below; {card} is a card as the table prints it, "7♥".
        return _("{card} to its foundation").format(card=name)
    column = move.to + 1
    dest = position.columns[move.to]
    target = short_name(dest[-1]) if dest else Name("")
    s = position.loc[card]
    n = 1
    if s < ON_FOUNDATION:
        n = len(position.columns[s]) - position.columns[s].index(card)
    if s == ON_FOUNDATION:
        text = (_("{card} back from its foundation onto {target} in column {column}") if dest
                else _("{card} back from its foundation into empty column {column}"))
    elif n == 2:
        text = (_("{card} (with the card on it) onto {target} in column {column}") if dest
                else _("{card} (with the card on it) into empty column {column}"))
    elif n > 2:
        # TRANSLATORS: {n} is how many cards lie on the card moved (2 or more).
        text = (ngettext("{card} (with the {n} card on it) onto {target} in column {column}",
                         "{card} (with the {n} cards on it) onto {target} in column {column}", n - 1) if dest
                else ngettext("{card} (with the {n} card on it) into empty column {column}",
                              "{card} (with the {n} cards on it) into empty column {column}", n - 1))
    else:
        text = (_("{card} onto {target} in column {column}") if dest
                else _("{card} into empty column {column}"))
    return text.format(card=name, target=target, column=column, n=n - 1)


def notice_text(said: Said) -> str:
    """A notice of the table's own in words."""
    n = said.notice
    if n is Notice.NOTHING_TO_UNDO:
        return _("Nothing to undo.")
    if n is Notice.NOTHING_TO_REDO:
        return _("Nothing to redo.")
    if n is Notice.DEAL_RESTARTED:
        return _("The deal is back as it was dealt.")
    if n is Notice.LESSON_RESTARTED:
        return _("The lesson starts again.")
    if n is Notice.NEW_DEAL:
        # TRANSLATORS: said when a new deal is on the table; {number} is the deal's number.
        return _("Deal {number}.").format(number=said.number)
    if n is Notice.NO_MOVE_LEFT:
        return _("No move is left. Undo, restart the deal or start a new one.")
    if n is Notice.ALL_HOME_ALREADY:
        return _("All the cards are home already.")
    if n is Notice.NONE_CAN_GO_HOME:
        return _("No card can go home right now.")
    if n is Notice.SENT_HOME:
        # TRANSLATORS: after All home; {n} is how many cards went home.
        return ngettext("{n} card sent home; no other card can go yet.",
                        "{n} cards sent home; no other card can go yet.", said.number).format(n=said.number)
    return _("This table plays a set position; leave it to deal again.")


def answer_text(illegal: Illegal | None, text: str = "", over: bool = False) -> str:
    """An answer to a move tried: the rules' reason (``illegal``) as a sentence, then a lesson's own
    words (``text``); for a lesson ``over`` already, that it is finished."""
    if over:
        return _("This lesson is finished.")
    reason = sentence(refusal(illegal)) if illegal is not None else ""
    return join_sentences(reason, text)


def refused_text(refused: Refused) -> str:
    """Why a move was refused (by the rules, or by a lesson in its own words)."""
    return answer_text(refused.illegal, refused.guide_text, refused.over)


def hint_text(hint: HintShown, position: Position) -> str:
    """The words of a hint on show: its chooser's own, else the table's "Hint 1 of 3: ..."."""
    if hint.text:
        return hint.text
    # TRANSLATORS: {number} of {count} hints is on show; {move} says the move ("7♥ onto 8♠ in column 4").
    return _("Hint {number} of {count}: {move}").format(number=hint.index + 1, count=len(hint.moves),
                                                        move=describe_move(position, hint.move))


def spoken_text(spoken: Spoken, position: Position) -> str:
    """What a message says (``position``: the one a hint is for)."""
    if isinstance(spoken, Said):
        return notice_text(spoken)
    if isinstance(spoken, Refused):
        return refused_text(spoken)
    if isinstance(spoken, HintShown):
        return hint_text(spoken, position)
    return spoken.text


def clock_text(seconds: float) -> str:
    """The time played as m:ss (h:mm:ss past an hour)."""
    s = int(seconds)
    if s < 3600:
        # TRANSLATORS: the time played, minutes and seconds ("4:07"); {seconds} has two digits.
        return _("{minutes}:{seconds}").format(minutes=s // 60, seconds=f"{s % 60:02d}")
    # TRANSLATORS: the time played past an hour ("1:04:07"); {minutes} and {seconds} have two digits.
    return _("{hours}:{minutes}:{seconds}").format(hours=s // 3600, minutes=f"{s // 60 % 60:02d}",
                                                    seconds=f"{s % 60:02d}")
