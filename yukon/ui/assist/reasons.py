"""Why a move of a winning line helps, in a player's words: ``move_reason`` and its helpers (pure).

Each reason is one whole clause in the catalogue ("it turns up a card in column 3"): the hint
puts it after the move ("Hint: {move} – {reason}."). A reason says what the move opens up, never
again what the move's own words say ("2♠ to its foundation – it sends 2♠ home"): a move with
nothing more to it has no reason ("Hint: 2♠ to its foundation.").
"""

from __future__ import annotations

from collections.abc import Callable

from ...core.cards import RANK
from ...core.state import FACE_DOWN, FOUNDATION, ON_FOUNDATION, Move, Position
from ...text.i18n import NC_, Name, _, ngettext
from ..table import short_name

Freed = tuple[str, int, int]  # how a card just uncovered is used soon: ("home" | "move" | "uncovers", it, the mover)


def move_reason(position: Position, line: list[Move] | tuple[Move, ...]) -> str:
    """Why the first move of the winning ``line`` helps, in a player's words: a clause starting "it",
    or "" when the move says it all ("2♠ to its foundation").

    A reason never says again what the move's own words say (where the card goes, that it goes
    home, that it starts a foundation or takes an empty column): it names what the move opens up."""
    m = line[0]
    card = m.card

    def seen(c: int) -> Name:
        # The solver sees face-down cards; a hint must not show the player one.
        if position.loc[c] != FACE_DOWN:
            return short_name(c)
        # TRANSLATORS: stands for a card still face down in a hint's reason, "it empties column 3 for a King";
        # a name, so it has a form per case ("hint, accusative"...) for {other:acc} and the like.
        if RANK[c] == 13:
            return Name.of("hint", NC_("hint", "a King"))
        return Name.of("hint", NC_("hint", "a card that is still face down"))

    p = position.copy()
    src = p.loc[card]
    turns = empties = False
    under: int | None = None
    if src < ON_FOUNDATION:
        col = p.columns[src]
        i = col.index(card)
        turns = i > 0 and i == p.down[src]
        empties = i == 0
        if i > 0 and not turns:
            under = col[i - 1]
    home = m.to == FOUNDATION
    p.play(m)
    rest = list(line[1:])
    if turns:
        # TRANSLATORS: why a hinted move helps, as all the clauses below: it follows "Hint: 7♥ onto 8♠ in
        # column 4 – ", "it" being the move; {column} is a column's number.
        return _("it turns up a card in column {column}").format(column=src + 1)
    if empties:
        user = _first_into(p, rest, src)
        if user is not None:
            # TRANSLATORS: why a hinted move helps, after "Hint: {move} – "; "it" is the move; {other} is a
            # card as the table prints it (7♥) or "a King".
            return _("it empties column {column} for {other}").format(column=src + 1, other=seen(user))
        if not home:  # a column emptied in the end game is no news
            # TRANSLATORS: why a hinted move helps, after "Hint: {move} – "; "it" is the move.
            return _("it empties column {column}").format(column=src + 1)
    if under is not None:
        freed = _frees(p, rest, under)
        if freed is not None:
            return _freed_reason(freed, seen)
    if home:
        return ""  # "7♥ to its foundation" says it all
    if src == ON_FOUNDATION:
        onto = _first_onto(p, rest, card)
        if onto is not None:
            # TRANSLATORS: why a hinted move helps, after "Hint: 7♥ back from its foundation onto 8♠ in
            # column 4 – "; "it" is the move, {other} the card that goes onto the one brought back (6♠).
            return _("it gives {other} a card to go onto").format(other=seen(onto))
    return _towards(p, rest, seen)


def _freed_reason(freed: Freed, seen: Callable[[int], Name]) -> str:
    """The clause for a card uncovered and used soon."""
    kind, under, mover = freed
    names = {"under": short_name(under), "other": seen(mover)}
    if kind == "home":
        # TRANSLATORS: why a hinted move helps, after "Hint: {move} – "; "it" is the move.
        text = _("it frees {under} to go home")
    elif kind == "move":
        # TRANSLATORS: why a hinted move helps, after "Hint: {move} – "; "it" is the move.
        text = _("it frees {under} to move")
    else:
        # TRANSLATORS: why a hinted move helps, after "Hint: {move} – "; "it" is the move.
        text = _("it uncovers {under} for {other}")
    return text.format(**names)


def _first_into(p: Position, rest: list[Move], column: int, look: int = 12) -> int | None:
    """The card the line puts into the now empty ``column`` (before anything else uses it)."""
    q = p.copy()
    for m in rest[:look]:
        if m.to == column and not q.columns[column]:
            return m.card
        q.play(m)
    return None


def _frees(p: Position, rest: list[Move], under: int, look: int = 8) -> Freed | None:
    """How the card ``under`` (just uncovered) is used soon: moved, sent home, or built on (None: not soon)."""
    q = p.copy()
    for m in rest[:look]:
        if m.card == under:
            return ("home" if m.to == FOUNDATION else "move", under, m.card)
        s = q.loc[under]
        if m.to == s and s < ON_FOUNDATION and q.columns[s] and q.columns[s][-1] == under:
            return ("uncovers", under, m.card)
        q.play(m)
    return None


def _first_onto(p: Position, rest: list[Move], card: int, look: int = 6) -> int | None:
    """The first card the line lays onto ``card``."""
    q = p.copy()
    for m in rest[:look]:
        s = q.loc[card]
        if s < ON_FOUNDATION and m.to == s and q.columns[s] and q.columns[s][-1] == card:
            return m.card
        q.play(m)
    return None


def _towards(p: Position, rest: list[Move], seen: Callable[[int], Name]) -> str:
    """The next gain the line makes (a card turned up or sent home), for a preparing move."""
    q = p.copy()
    for n, m in enumerate(rest, start=1):
        u = q.play(m)
        if u.flipped:
            if n == 1:
                # TRANSLATORS: why a hinted move helps, after "Hint: {move} – "; "it" is the move.
                return _("it prepares to turn up a card in column {column} (next)").format(column=u.source + 1)
            # TRANSLATORS: {n} is how many moves later (2 or more).
            return ngettext("it prepares to turn up a card in column {column} ({n} move later)",
                            "it prepares to turn up a card in column {column} ({n} moves later)",
                            n).format(column=u.source + 1, n=n)
        if m.to == FOUNDATION:
            if n == 1:
                # TRANSLATORS: why a hinted move helps, after "Hint: {move} – "; "it" is the move.
                return _("it prepares to send {card} home (next)").format(card=seen(m.card))
            # TRANSLATORS: why a hinted move helps, after "Hint: {move} – "; "it" is the move.
            return ngettext("it prepares to send {card} home ({n} move later)",
                            "it prepares to send {card} home ({n} moves later)", n).format(card=seen(m.card), n=n)
    # TRANSLATORS: why a hinted move helps, after "Hint: {move} – "; "it" is the move.
    return _("it keeps to the winning line")
