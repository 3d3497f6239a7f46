"""What the game says aloud: card names with their grammar, and the sentences of play by ear.

Every sentence here is for speech (issue 28): card names in words, never suit symbols,
short by default with a fuller form for ``Verbosity.FULL``. The inputs are the core's
own values (cards as ints, ``Position``, ``Undo``), so a table, a lesson, the Demo or a
test can say the same thing; nothing here keeps state or imports pygame.

Grammar: a card's name changes with its role in a Polish, Russian or German sentence
("положить даму бубен на короля треф", "na króla trefl", "auf den Herz-Buben"). The names are
the table's own (``yukon.text.i18n.card_name``, "the Queen of diamonds"), one table per case for
display and speech alike, and each translation asks for the case each slot takes:
``{target:acc}``; the TRANSLATORS notes say which case a slot is in. The Romance languages
include the article in the name ("la dame de carreau"), so sentences put no preposition before
a card that would contract with it (French "sur", never "à" or "de"; Italian "sopra", never "su").
"""

from __future__ import annotations

from enum import Enum
from typing import Final, Literal

from ..core.cards import KING, Card, make_card
from ..core.state import FOUNDATION, ON_FOUNDATION, Position, Undo
from ..solve.solver import Verdict
from ..text.i18n import NC_, _, capital, card_name, foundation_name, join_list, ngettext, pgettext


class Verbosity(Enum):
    """How much a sentence tells: SHORT for play, FULL when the player asks for more."""

    SHORT = "short"
    FULL = "full"


# The solver's word on a position, as the status line keeps it (yukon.ui.assist.verdict_line's
# LineState: a Verdict or "checking"); None where there is no verdict to tell.
Told = Verdict | Literal["checking"]

# A suit with nothing on its foundation yet, in the list of the foundations.
_NO_SUIT: Final[tuple[str, ...]] = (
    NC_("spoken foundation", "no spades"), NC_("spoken foundation", "no hearts"),
    NC_("spoken foundation", "no diamonds"), NC_("spoken foundation", "no clubs"),
)
_VERDICTS: Final[dict[Told, str]] = {
    # TRANSLATORS: the solver's verdict at the end of the spoken status ("12 moves, 3 minutes; can still be won").
    Verdict.WINNABLE: NC_("spoken verdict", "can still be won"),
    Verdict.LOST: NC_("spoken verdict", "can no longer be won"),
    Verdict.UNKNOWN: NC_("spoken verdict", "the solver cannot tell whether it can be won"),
    "checking": NC_("spoken verdict", "the solver is still thinking"),
}


def _join(items: list[str]) -> str:
    return join_list(items)


def _face_down(n: int) -> str:
    # TRANSLATORS: how many cards of a column lie face down, in a spoken list ("3 face down, then ...").
    return ngettext("{n} face down", "{n} face down", n).format(n=n)


def column_text(position: Position, column: int, verbosity: Verbosity = Verbosity.SHORT) -> str:
    """A column read out from its deepest card: "Column 4: 3 face down, then the 9 of hearts, the 8 of clubs".

    ``column`` counts from 0; the sentence counts from 1. Face-down cards are counted, never named.
    """
    cards = position.columns[column]
    down = position.down[column]
    number = column + 1
    if not cards:
        # TRANSLATORS: a column read out; {column} is its number, 1 to 7 from the left.
        return _("Column {column}: empty").format(column=number)
    up = _join([card_name(c) for c in cards[down:]])
    if verbosity is Verbosity.SHORT:
        if not down:
            # TRANSLATORS: a column read out; {cards} lists its face-up cards from the deepest
            # ("the 9 of hearts, the 8 of clubs").
            return _("Column {column}: {cards}").format(column=number, cards=up)
        # TRANSLATORS: {down} is "3 face down"; {cards} lists the face-up cards from the deepest.
        return _("Column {column}: {down}, {cards}").format(column=number, down=_face_down(down), cards=up)
    # TRANSLATORS: how many cards a column holds, spoken ("Column 4, 5 cards: ...").
    count = ngettext("{n} card", "{n} cards", len(cards)).format(n=len(cards))
    if not down:
        # TRANSLATORS: {count} is "5 cards"; {cards} lists the face-up cards from the deepest.
        return _("Column {column}, {count}: {cards}").format(column=number, count=count, cards=up)
    # TRANSLATORS: {count} is "5 cards", {down} "3 face down"; {cards} lists the face-up cards from the deepest.
    return _("Column {column}, {count}: {down}, then {cards}").format(
        column=number, count=count, down=_face_down(down), cards=up)


def focus_text(position: Position, column: int, card: Card | None, verbosity: Verbosity = Verbosity.SHORT) -> str:
    """Where the keyboard's focus is: "Column 4, the 9 of hearts, 3 cards on it".

    ``card`` is the focused card of ``column`` (counted from 0), None for an empty column.
    """
    number = column + 1
    if card is None:
        if verbosity is Verbosity.SHORT:
            return capital(_("Column {column}, empty").format(column=number))
        if position.rules.any_card_in_space:
            return capital(_("Column {column}, empty: any card may go here").format(column=number))
        return capital(_("Column {column}, empty: only a King may go here").format(column=number))
    cards = position.columns[column]
    at = cards.index(card)
    if at < position.down[column]:
        # TRANSLATORS: the focus is on a card that lies face down (its name is not told).
        return capital(_("Column {column}, a face-down card").format(column=number))
    above = len(cards) - at - 1
    name = card_name(card)
    if not above:
        # TRANSLATORS: the focus; {card} (nominative) is the column's end card.
        text = _("Column {column}, {card}").format(column=number, card=name)
    else:
        # TRANSLATORS: the focus; {card} (nominative) has {n} cards lying on top of it.
        text = ngettext("Column {column}, {card}, {n} card on it", "Column {column}, {card}, {n} cards on it",
                        above).format(column=number, card=name, n=above)
    below = position.down[column]
    if verbosity is Verbosity.FULL and below:
        # TRANSLATORS: added to the focus; {down} is "3 face down" (the cards under the focused one).
        text = _("{focus}; {down} below").format(focus=text, down=_face_down(below))
    return capital(text)


def foundation_focus_text(position: Position, suit: int, verbosity: Verbosity = Verbosity.SHORT) -> str:
    """A foundation under the focus: "The spades foundation: the 5 of spades" (FULL adds which card goes next)."""
    name = foundation_name(suit)
    rank = position.foundations[suit]
    if rank == 0:
        if verbosity is Verbosity.SHORT:
            # TRANSLATORS: {foundation} is "the spades foundation".
            return capital(_("{foundation}: empty").format(foundation=name))
        # TRANSLATORS: {foundation} is "the spades foundation"; {next} (nominative) is its Ace.
        return capital(_("{foundation}: empty; {next} goes first").format(
            foundation=name, next=card_name(make_card(1, suit))))
    top = card_name(make_card(rank, suit))
    if verbosity is Verbosity.SHORT or rank == KING:
        # TRANSLATORS: {foundation} is "the spades foundation"; {card} (nominative) is its top card.
        return capital(_("{foundation}: {card}").format(foundation=name, card=top))
    # TRANSLATORS: {card} (nominative) is the foundation's top card, {next} (nominative) the one that goes on it.
    return capital(_("{foundation}: {card}; {next} goes next").format(
        foundation=name, card=top, next=card_name(make_card(rank + 1, suit))))


def foundations_text(position: Position, verbosity: Verbosity = Verbosity.SHORT) -> str:
    """The four foundations by their top cards: "Foundations: the 5 of spades, no hearts, ..."."""
    tops = [card_name(make_card(r, s)) if r else pgettext("spoken foundation", _NO_SUIT[s])
            for s, r in enumerate(position.foundations)]
    home = position.home_count()
    if verbosity is Verbosity.SHORT or home == 0:
        # TRANSLATORS: {tops} lists each suit's top card (nominative) or "no hearts".
        return capital(_("Foundations: {tops}").format(tops=_join(tops)))
    # TRANSLATORS: {tops} lists each suit's top card (nominative) or "no hearts"; {n} cards are home.
    return capital(ngettext("Foundations, {n} card home: {tops}", "Foundations, {n} cards home: {tops}",
                            home).format(n=home, tops=_join(tops)))


def table_text(position: Position, verbosity: Verbosity = Verbosity.SHORT) -> str:
    """The whole table in one go: the foundations, then each column from the left."""
    parts = [foundations_text(position, verbosity)]
    parts += [capital(column_text(position, c, verbosity)) for c in range(len(position.columns))]
    return ". ".join(parts)


def opening_text(position: Position, seed: int | None, verbosity: Verbosity = Verbosity.SHORT) -> str:
    """What a new game says first: the deal and its rules, then the table."""
    if seed is None:
        # TRANSLATORS: said when a game starts from a set position; {rules} is "Yukon" or "Russian Solitaire, ...".
        head = _("Set position: {rules}").format(rules=position.rules.describe())
    else:
        # TRANSLATORS: said when a deal starts; {number} is the deal's number, {rules} "Yukon" or "Russian Solitaire".
        head = _("Deal {number}: {rules}").format(number=seed, rules=position.rules.describe())
    return f"{capital(head)}. {table_text(position, verbosity)}"


def pick_up_text(position: Position, card: Card, verbosity: Verbosity = Verbosity.SHORT) -> str:
    """A card taken up to be moved: "Picked up the 9 of hearts" (FULL tells how many cards come with it)."""
    name = card_name(card)
    column = position.column_of(card)
    above = 0 if column is None else len(position.tail(card)) - 1
    if verbosity is Verbosity.SHORT or not above:
        # TRANSLATORS: the player picked up a card to move it; {card} is in the accusative ({card:acc})
        # ("Взяли девятку червей").
        return capital(_("Picked up {card}").format(card=name))
    # TRANSLATORS: {card} is in the accusative ({card:acc}); {n} cards lie on it and move with it.
    return capital(ngettext("Picked up {card} with {n} card on it", "Picked up {card} with {n} cards on it",
                            above).format(card=name, n=above))


def put_back_text(card: Card) -> str:
    """The card picked up was let go without a move: "Put back the 9 of hearts"."""
    # TRANSLATORS: the player let go of the card without moving it; {card} is in the accusative ({card:acc}).
    return capital(_("Put back {card}").format(card=card_name(card)))


def _under(position: Position, column: int, card: Card) -> Card | None:
    """The face-up card that ``card`` lies on in ``column``; None at the bottom or on a face-down card."""
    cards = position.columns[column]
    at = cards.index(card)
    return cards[at - 1] if at > position.down[column] else None


def _move_core(after: Position, undo: Undo, verbosity: Verbosity) -> str:
    """The move itself, from the position after it: "the 8 of spades onto the 9 of hearts"."""
    card, to, source = undo.move.card, undo.move.to, undo.source
    name = card_name(card)
    full = verbosity is Verbosity.FULL
    if to == FOUNDATION:
        if full:
            # TRANSLATORS: a move to a foundation; {card} (nominative) left column {source}.
            return _("{card} from column {source} to the foundation").format(card=name, source=source + 1)
        # TRANSLATORS: a move to a foundation; {card} is in the nominative.
        return _("{card} to the foundation").format(card=name)
    target = _under(after, to, card)
    fields = {"card": name, "column": to + 1, "source": source + 1}
    if target is not None:
        fields["target"] = card_name(target)
    if source == ON_FOUNDATION:
        if target is None:
            # TRANSLATORS: a card came back from its foundation into an empty column; {card} is in the nominative.
            return _("{card} from the foundation into column {column}").format_map(fields)
        if full:
            # TRANSLATORS: {card} (nominative) came back from its foundation onto {target} (accusative: {target:acc}).
            return _("{card} from the foundation onto {target} in column {column}").format_map(fields)
        # TRANSLATORS: {card} (nominative) came back from its foundation onto {target} (accusative: {target:acc}).
        return _("{card} from the foundation onto {target}").format_map(fields)
    if target is None:
        if full:
            # TRANSLATORS: {card} (nominative) went from column {source} into the empty column {column}.
            return _("{card} from column {source} into column {column}").format_map(fields)
        # TRANSLATORS: {card} (nominative) went into the empty column {column}.
        return _("{card} into column {column}").format_map(fields)
    if full:
        # TRANSLATORS: {card} (nominative) went from column {source} onto {target} (accusative:
        # {target:acc}) in column {column}.
        return _("{card} from column {source} onto {target} in column {column}").format_map(fields)
    # TRANSLATORS: the move made; {card} is in the nominative, {target} in the accusative ({target:acc}):
    # "восьмёрка пик на девятку червей".
    return _("{card} onto {target}").format_map(fields)


def move_text(after: Position, undo: Undo, verbosity: Verbosity = Verbosity.SHORT) -> str:
    """A move just made and what it turned up: "The 8 of spades onto the 9 of hearts; turned
    up the King of clubs".

    ``after`` is the position after the move, ``undo`` the record ``push``/``play`` returned.
    """
    return capital(_move_told(after, undo, verbosity))


def _move_told(after: Position, undo: Undo, verbosity: Verbosity) -> str:
    """``move_text`` without its capital, to stand inside another sentence ("Redone: the 8 of ...")."""
    text = _move_core(after, undo, verbosity)
    if verbosity is Verbosity.FULL and undo.carried > 1:
        # TRANSLATORS: added to a move that carried a pile; {n} cards moved together.
        text = ngettext("{move}, {n} card in all", "{move}, {n} cards in all", undo.carried).format(
            move=text, n=undo.carried)
    if undo.source != ON_FOUNDATION:
        left = after.columns[undo.source]
        if undo.flipped:
            # TRANSLATORS: added to a move; the move turned a face-down card face up: {card} is in the
            # accusative, {card:acc} ("открыли короля треф", "odkryto króla trefl").
            text = _("{move}; turned up {card}").format(move=text, card=card_name(left[-1]))
        elif not left and verbosity is Verbosity.FULL:
            # TRANSLATORS: added to a move that emptied the column it came from.
            text = _("{move}; column {column} is empty now").format(move=text, column=undo.source + 1)
    return text


def undo_text(after: Position, undo: Undo, verbosity: Verbosity = Verbosity.SHORT) -> str:
    """A move taken back, told by what came back: "Undone: the 8 of spades back onto the 9 of diamonds".

    ``after`` is the position once the move is undone, ``undo`` the record of the move.
    """
    card, source = undo.move.card, undo.source
    name = card_name(card)
    if source == ON_FOUNDATION:
        # TRANSLATORS: a move was taken back and {card} (nominative) went back to its foundation.
        text = _("Undone: {card} back to the foundation").format(card=name)
    else:
        target = _under(after, source, card)
        if target is None:
            # TRANSLATORS: a move was taken back; {card} (nominative) is back in column {column} (at its
            # bottom, or on a face-down card).
            text = _("Undone: {card} back into column {column}").format(card=name, column=source + 1)
        elif verbosity is Verbosity.FULL:
            # TRANSLATORS: a move was taken back; {card} (nominative) is back on {target} (accusative: {target:acc}).
            text = _("Undone: {card} back onto {target} in column {column}").format(
                card=name, target=card_name(target), column=source + 1)
        else:
            # TRANSLATORS: a move was taken back; {card} (nominative) is back on {target} (accusative: {target:acc}).
            text = _("Undone: {card} back onto {target}").format(
                card=name, target=card_name(target))
        if undo.flipped:
            cards = after.columns[source]
            turned = cards[cards.index(card) - 1]
            # TRANSLATORS: added when taking back a move turns a card face down again; {card} is in the nominative.
            text = _("{undo}; {card} is face down again").format(undo=text, card=card_name(turned))
    return capital(text)


def redo_text(after: Position, undo: Undo, verbosity: Verbosity = Verbosity.SHORT) -> str:
    """A move made again: "Redone: the 8 of spades onto the 9 of hearts"."""
    # TRANSLATORS: an undone move was made again; {move} is the move as it is told when made.
    return capital(_("Redone: {move}").format(move=_move_told(after, undo, verbosity)))


def time_text(seconds: float) -> str:
    """Time played, spoken: "3 minutes and 5 seconds" (hours and minutes past an hour)."""
    whole = int(seconds)
    hours, minutes, secs = whole // 3600, whole // 60 % 60, whole % 60
    # TRANSLATORS: parts of a spoken time ("3 minutes and 5 seconds").
    h = ngettext("{n} hour", "{n} hours", hours).format(n=hours)
    m = ngettext("{n} minute", "{n} minutes", minutes).format(n=minutes)
    s = ngettext("{n} second", "{n} seconds", secs).format(n=secs)
    if hours:
        parts = [h, m] if minutes else [h]
    elif minutes:
        parts = [m, s] if secs else [m]
    else:
        parts = [s]
    if len(parts) == 1:
        return parts[0]
    # TRANSLATORS: a spoken time of two parts: {larger} is "3 minutes", {smaller} "5 seconds".
    return _("{larger} and {smaller}").format(larger=parts[0], smaller=parts[1])


def status_text(moves: int, seconds: float, home: int, verdict: Told | None,
                verbosity: Verbosity = Verbosity.SHORT) -> str:
    """The status: "12 moves, 3 minutes and 5 seconds; can still be won" (FULL adds the cards home)."""
    # TRANSLATORS: the spoken status: how many moves were made.
    parts = [ngettext("{n} move", "{n} moves", moves).format(n=moves), time_text(seconds)]
    if verbosity is Verbosity.FULL:
        # TRANSLATORS: the spoken status: how many of the 52 cards are on the foundations.
        parts.append(ngettext("{n} card home", "{n} cards home", home).format(n=home))
    text = _join(parts)
    if verdict is not None:
        # TRANSLATORS: the spoken status and the solver's verdict: "12 moves, 3 minutes; can still be won".
        text = _("{status}; {verdict}").format(status=text, verdict=pgettext("spoken verdict", _VERDICTS[verdict]))
    return capital(text)


def _place(position: Position, to: int, verbosity: Verbosity) -> str:
    """Where a move of the card would go, for choices_text: "onto the 10 of spades"."""
    if to == FOUNDATION:
        return pgettext("spoken place", "to the foundation")
    target = position.end_card(to)
    if target is None:
        # TRANSLATORS: a place the card can go: the empty column {column}.
        return pgettext("spoken place", "into column {column}").format(column=to + 1)
    name = card_name(target)
    if verbosity is Verbosity.FULL:
        # TRANSLATORS: a place the card can go: onto {target} (accusative: {target:acc}), the end card of
        # column {column}.
        return pgettext("spoken place", "onto {target} in column {column}").format(target=name, column=to + 1)
    # TRANSLATORS: a place the card can go: onto {target}, in the accusative ({target:acc}).
    return pgettext("spoken place", "onto {target}").format(target=name)


def choices_text(position: Position, card: Card, verbosity: Verbosity = Verbosity.SHORT) -> str:
    """What the card can do ("what can I do"): "The 9 of hearts can go onto the 10 of spades or
    to the foundation".

    A face-down card is not named: the player has not seen it.
    """
    if position.loc[card] > ON_FOUNDATION:
        return capital(_("That card is face down"))
    name = card_name(card)
    places = [_place(position, m.to, verbosity) for m in position.legal_moves() if m.card == card]
    if not places:
        # TRANSLATORS: "what can I do" for a card with no legal move; {card} is in the nominative.
        return capital(_("{card} cannot move").format(card=name))
    if len(places) == 1:
        where = places[0]
    else:
        # TRANSLATORS: the last two places in a list of places a card can go: "onto the 10 of spades or to the foundation".
        where = _("{places} or {last}").format(places=_join(places[:-1]), last=places[-1])
    # TRANSLATORS: "what can I do": {card} (nominative) can go to {places} ("onto the 10 of spades or to the foundation").
    return capital(_("{card} can go {places}").format(card=name, places=where))
