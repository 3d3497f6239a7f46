"""Why a move is refused: a typed value from the rules, worded by the text layer in every language.

Over many random positions of every rule set, each move of each card to each place is checked
against a second, independent reading of the rules (written from the columns, face-down
counts and foundations, not from the engine's ``loc`` index): a legal move gets None, a refused
one the same ``Illegal`` (its kind and every card and place it names). Then every kind met is
worded in every language the game ships (and the pseudo-language), as a whole sentence.
"""

from __future__ import annotations

import pytest

from test_i18n_core import positions
from yukon.core.cards import ACE, KING, RANK, RED, SUIT
from yukon.core.rules import Rules
from yukon.core.state import FOUNDATION, Illegal, Move, Position, Refusal
from yukon.play.pseudo import install_pseudo
from yukon.text import i18n
from yukon.text.words import refusal, sentence

ALL_RULES = [Rules(v, a, b) for v in ("yukon", "russian") for a in (False, True) for b in (True, False)]
# The refusals whose sentence names the cards the Illegal carries (the others state a rule).
NAMES_CARDS = {Refusal.FACE_DOWN, Refusal.ALREADY_HOME, Refusal.FOUNDATION_NEEDS, Refusal.ALREADY_IN_COLUMN,
               Refusal.HEADS_OWN_COLUMN, Refusal.WRONG_TARGET}
EVERY_MOVE = [Move.of(card, to) for card in range(52) for to in range(FOUNDATION + 1)]


def expected(p: Position, move: Move) -> Illegal | None:
    """The rules of RULES.md read afresh: None for a legal move, else why it is refused."""
    card, to = move.card, move.to
    rules = p.rules
    rank, suit = RANK[card], SUIT[card]
    home = rank <= p.foundations[suit]
    column = next((i for i, col in enumerate(p.columns) if card in col), None)
    if column is not None and p.columns[column].index(card) < p.down[column]:
        return Illegal(Refusal.FACE_DOWN, card)
    if to == FOUNDATION:
        if home:
            return Illegal(Refusal.ALREADY_HOME, card)
        assert column is not None
        if p.columns[column][-1] != card:
            return Illegal(Refusal.NOT_END_CARD, card)
        if p.foundations[suit] == rank - 1:
            return None
        if p.foundations[suit] == 0:
            return Illegal(Refusal.FOUNDATION_STARTS_WITH_ACE, card, suit=suit)
        return Illegal(Refusal.FOUNDATION_NEEDS, card, wanted=card - 1)
    if home:
        if not rules.foundation_return:
            return Illegal(Refusal.NO_FOUNDATION_RETURN, card)
        if p.foundations[suit] != rank:
            return Illegal(Refusal.NOT_FOUNDATION_TOP, card)
    elif column == to:
        return Illegal(Refusal.ALREADY_IN_COLUMN, card, column=to)
    dest = p.columns[to]
    if not dest:
        if rank != KING and not rules.any_card_in_space:
            return Illegal(Refusal.ONLY_KING_IN_SPACE, card)
        if column is not None and p.columns[column][0] == card:
            return Illegal(Refusal.HEADS_OWN_COLUMN, card)
        return None
    target = dest[-1]
    one_higher = RANK[target] == rank + 1
    if one_higher and (SUIT[target] == suit if rules.variant == "russian" else RED[target] != RED[card]):
        return None
    if RANK[target] == ACE:
        return Illegal(Refusal.NOTHING_ONTO_ACE, card, target)
    if rank == KING:
        return Illegal(Refusal.KING_ONLY_TO_SPACE, card, target)
    return Illegal(Refusal.WRONG_TARGET, card, target, wanted=card + 1 if rules.variant == "russian" else None)


def examples() -> dict[tuple[str, Refusal], Illegal]:
    """One refusal of each kind met, per variant (checked against ``expected`` on the way)."""
    met: dict[tuple[str, Refusal], Illegal] = {}
    for rules in ALL_RULES:
        for p in positions(rules, range(4), 120):
            for move in EVERY_MOVE:
                illegal = p.why_illegal(move)
                if illegal is not None:
                    met.setdefault((rules.variant, illegal.refusal), illegal)
    met[("yukon", Refusal.NOT_A_MOVE)] = Illegal(Refusal.NOT_A_MOVE)
    return met


@pytest.mark.parametrize("rules", ALL_RULES, ids=lambda r: r.describe())
def test_why_illegal_agrees_with_an_independent_reading_of_the_rules(rules: Rules) -> None:
    kinds: set[Refusal] = set()
    checked = 0
    for p in positions(rules, range(12 if rules.variant == "yukon" else 40), 160):  # Russian deals block sooner
        legal = set(p.legal_moves())
        for move in EVERY_MOVE:
            got = p.why_illegal(move)
            assert got == expected(p, move), (str(move), got)
            assert (got is None) == (move in legal), (str(move), got)  # the generator agrees too
            if got is not None:
                kinds.add(got.refusal)
            checked += 1
    assert checked > 30_000  # some seventy positions or more, each asked about all 416 moves
    # Every kind but the ones these rules cannot give was met: the walk reaches every corner.
    cannot = {Refusal.NOT_A_MOVE}
    if rules.any_card_in_space:
        cannot.add(Refusal.ONLY_KING_IN_SPACE)
    if rules.foundation_return:
        cannot.add(Refusal.NO_FOUNDATION_RETURN)
    else:
        cannot.add(Refusal.NOT_FOUNDATION_TOP)
    assert kinds == set(Refusal) - cannot, set(Refusal) - cannot - kinds


def test_not_a_move_and_illegal_move_carry_the_refusal() -> None:
    p = Position.deal(1)
    assert p.why_illegal(Move(52, 0)) == Illegal(Refusal.NOT_A_MOVE)
    assert p.why_illegal(Move(0, 9)) == Illegal(Refusal.NOT_A_MOVE)
    face_down = p.columns[6][0]
    with pytest.raises(ValueError) as e:  # IllegalMove is a ValueError
        p.play(Move.of(face_down, 0))
    assert getattr(e.value, "illegal", None) == Illegal(Refusal.FACE_DOWN, face_down)


@pytest.mark.parametrize("code", [*i18n.LANGUAGES, "pseudo"])
def test_every_refusal_is_worded_in_every_language(code: str) -> None:
    """Each kind of refusal (of both variants) comes out as a sentence of the language: every
    placeholder filled, the cards it names named in that language (in any case), and not the English words."""
    cases = examples()
    assert {kind for _variant, kind in cases} == set(Refusal)
    english = {key: refusal(illegal) for key, illegal in cases.items()}
    try:
        if code == "pseudo":
            install_pseudo()
        else:
            assert i18n.set_language(code) == code
        for key, illegal in cases.items():
            text = refusal(illegal)
            assert text and "{" not in text and "}" not in text, (code, key, text)
            said = sentence(text)
            assert said[0] == said[0].upper() and len(said) > len(text), (code, key, said)
            if key[1] in NAMES_CARDS:
                for card in (illegal.card, illegal.target, illegal.wanted):
                    if card is not None:
                        name = i18n.card_name(card)  # in the case the sentence asks for
                        assert any(format(name, case) in text for case in i18n.CASES), (code, key, text)
            if key[1] is Refusal.FOUNDATION_STARTS_WITH_ACE:
                assert i18n.foundation_name(illegal.suit or 0) in text, (code, key, text)
            if code != i18n.ENGLISH:
                assert text != english[key], (code, key, text)
    finally:
        i18n.set_language(i18n.ENGLISH)
