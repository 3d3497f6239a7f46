"""Why a position cannot be won, in the player's words: the table's "Why?" sheet.

``yukon.solve.explain`` finds the facts (which cards can never go home, what holds them, which
move closed their way); ``sentences`` says them, one paragraph per string, through
``yukon.text.i18n``. No pygame.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.cards import KING, RANK, Card
from ..core.state import Move
from ..solve.explain import Explanation, Stuck, Target
from .i18n import _, capital, card_name, join_sentences, ngettext


def _move_sentence(number: int | None, moves: Sequence[Move]) -> str:
    if not moves:
        return ""  # a fresh deal: the status line says already that it cannot be won
    if number is None or not 1 <= number <= len(moves):
        # TRANSLATORS: after a card's explanation: it was stuck from the first position of the game.
        return _("Its way was closed from the start of the game.")
    # TRANSLATORS: {number} is the move's number in the game, {move} its text such as 7H-3.
    return _("Move {number} ({move}) closed its way.").format(number=number, move=str(moves[number - 1]))


def _twins_move_sentence(number: int | None, moves: Sequence[Move]) -> str:
    if not moves:
        return ""
    if number is None or not 1 <= number <= len(moves):
        return _("They were in each other's way from the start of the game.")
    # TRANSLATORS: {number} is the move's number in the game, {move} its text such as 7H-3.
    return _("Move {number} ({move}) put them in each other's way.").format(number=number, move=str(moves[number - 1]))


def _target_sentence(t: Target, blocker: Card) -> str:
    name = card_name(t.card)
    if t.way == "on":
        return _("It lies on {target} already.").format(target=name)
    if t.way == "tail":
        # TRANSLATORS: the target card lies further up the same column, on top of the stuck card.
        return _("But {target} lies on top of it, in its own column.").format(target=name)
    if t.way == "home":
        return _("But {target} is on its foundation, and cards may not come back from there.").format(target=name)
    if t.by == blocker:
        return _("But {target} lies under it.").format(target=name)
    return _("But {target} lies under {other}, which can never move either.").format(
        target=name, other=card_name(t.by if t.by is not None else blocker))


def _stuck_sentences(s: Stuck, told: set[Card], moves: Sequence[Move], dated: bool = True) -> list[str]:
    card, blocker = card_name(s.card), card_name(s.blocker)
    out: list[str] = []
    if s.blocker in told:
        # TRANSLATORS: the second card was explained in an earlier paragraph.
        out.append(_("Nothing can uncover {card} either: {blocker} lies over it.").format(card=card, blocker=blocker))
        if dated:
            out.append(_move_sentence(s.since, moves))
        return out
    told.add(s.blocker)
    out.append(_("Nothing can uncover {card}: {blocker} lies over it and can never move.").format(
        card=card, blocker=blocker))
    ts = s.targets
    if not ts:
        out.append(capital(_("{blocker} fits onto no other card.").format(blocker=blocker)))
    elif len(ts) == 1:
        out.append(_("It fits only onto {target}.").format(target=card_name(ts[0].card)))
    elif len(ts) == 2 and ts[0].way == ts[1].way == "under" and ts[0].by == ts[1].by:
        first, second = card_name(ts[0].card), card_name(ts[1].card)
        if ts[0].by == s.blocker:
            out.append(_("It fits only onto {first} or {second}, and both lie under it.").format(
                first=first, second=second))
        else:
            out.append(_("It fits only onto {first} or {second}, and both lie under {other}, which can never "
                         "move either.").format(first=first, second=second, other=card_name(ts[0].by or s.blocker)))
        ts = ()  # said
    else:
        out.append(_("It fits only onto {first} or {second}.").format(
            first=card_name(ts[0].card), second=card_name(ts[1].card)))
    out += [_target_sentence(t, s.blocker) for t in ts]
    if not s.leader:
        if RANK[s.blocker] != KING and KING not in told:
            told.add(KING)  # said once is enough
            out.append(_("Only a King may go into an empty column."))
    elif not s.space:
        out.append(_("No column can ever be emptied for it."))
    if s.home_after == s.card:
        # TRANSLATORS: the blocking card's own suit needs the card it covers to go home first.
        out.append(_("And it cannot go home before {card}, the card it covers.").format(card=card))
    elif s.home_after != s.blocker:
        out.append(_("It cannot go home before {card}, which is stuck too.").format(card=card_name(s.home_after)))
    if dated:
        out.append(_move_sentence(s.since, moves))
    return out


def sentences(e: Explanation) -> list[str]:
    """The explanation in the player's language: one paragraph per string."""
    out: list[str] = []
    if e.kind == "winnable":
        return [_("This position can still be won.")]
    if e.kind == "undecided":
        n = e.nodes
        return [ngettext("The solver looked at {n} position but could not finish its proof in time.",
                         "The solver looked at {n} positions but could not finish its proof in time.", n).format(n=n)]
    if e.lost_at is not None and 1 <= e.lost_at <= len(e.moves):
        # TRANSLATORS: {number} is the move's number in the game, {move} its text such as 7H-3.
        out.append(_("Move {number} ({move}) lost the game: before it, the game could still be won.").format(
            number=e.lost_at, move=str(e.moves[e.lost_at - 1])))
    if e.kind == "exhausted":
        n = e.nodes
        out.append(ngettext("No sequence of moves wins from here: the solver tried every way, {n} position in all.",
                            "No sequence of moves wins from here: the solver tried every way, {n} positions in all.",
                            n).format(n=n))
        return out
    if e.kind == "twins" and e.twins is not None:
        tw = e.twins
        c, d = tw.cards
        x1, x2 = tw.targets
        other = x1 if tw.closed == x2 else x2
        out.append(join_sentences(
            capital(_("{first} and {second} fit only onto {target1} or {target2}, and neither can go home or "
                      "into an empty column before the other one has moved.").format(
                first=card_name(c), second=card_name(d), target1=card_name(x1), target2=card_name(x2))),
            capital(_("{closed} cannot be reached before both have moved, so whichever moves first must go onto "
                      "{other}, and then its twin has nowhere to go.").format(
                closed=card_name(tw.closed), other=card_name(other))),
            _twins_move_sentence(tw.since, e.moves)))
    else:
        n = len(e.stuck)
        # TRANSLATORS: {n} is how many suits are held up; the paragraphs after this one name their cards.
        out.append(ngettext("In {n} suit a card can never reach its foundation, and so neither can the cards "
                            "above it.",
                            "In {n} suits a card can never reach its foundation, and so neither can the cards "
                            "above it.", n).format(n=n))
        told: set[Card] = set()
        same = len({s.since for s in e.stuck}) == 1 and len(e.stuck) > 1  # one move closed every way
        for s in e.stuck:
            out.append(join_sentences(*_stuck_sentences(s, told, e.moves, not same)))
        if same and e.moves:
            since = e.stuck[0].since
            if since is None:
                out.append(_("All these ways were closed from the start of the game."))
            else:
                # TRANSLATORS: {number} is the move's number in the game, {move} its text such as 7H-3.
                out.append(_("Move {number} ({move}) closed all these ways.").format(
                    number=since, move=str(e.moves[since - 1])))
    if e.hidden:
        out.append(_("Some of these cards are still face down: the solver sees every card."))
    return out
