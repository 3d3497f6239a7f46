"""The keyboard cursor model: every legal move can be made with keys alone."""

from __future__ import annotations

import random

from yukon.core.notation import parse_move, parse_position
from yukon.core.rules import Rules
from yukon.core.state import FOUNDATION, Game, Move, Position
from yukon.ui.keyboard import KeyCursor


def apply(cursor: KeyCursor, game: Game, keys: list[str]) -> list[str]:
    kinds = []
    for k in keys:
        a = cursor.key(k, game.position)
        kinds.append(a.kind)
        if a.kind == "move":
            game.play(a.move)
            cursor.settle(game.position)
    return kinds


def go_to_card(cursor: KeyCursor, pos: Position, card: int) -> list[str]:
    """Keys that walk the cursor onto ``card`` (a face-up card or a foundation top), simulated."""
    keys: list[str] = []
    loc = pos.loc[card]
    if loc == FOUNDATION:
        if not cursor.on_foundations:
            while not cursor.on_foundations:
                keys.append("up")
                cursor.key("up", pos)
        while cursor.foundation != card // 13:
            keys.append("right")
            cursor.key("right", pos)
        return keys
    go_to_column(cursor, pos, loc, keys)
    while cursor.card(pos) != card:
        keys.append("up")
        cursor.key("up", pos)
        assert not cursor.on_foundations
    return keys


def go_to_column(cursor: KeyCursor, pos: Position, column: int, keys: list[str]) -> None:
    if cursor.on_foundations:
        keys.append("down")
        cursor.key("down", pos)
    while cursor.column != column:
        keys.append("right")
        cursor.key("right", pos)
    # back to the column's end card
    while cursor.card_index(pos) is not None and cursor.card_index(pos) != len(pos.columns[column]) - 1:
        keys.append("down")
        cursor.key("down", pos)


def keys_for(cursor: KeyCursor, pos: Position, move: Move) -> list[str]:
    """Plan keys for ``move`` by driving a copy of the cursor."""
    probe = KeyCursor(cursor.column, cursor.index, cursor.on_foundations, cursor.foundation,
                      cursor.selected, True)
    keys = go_to_card(probe, pos, move.card) + ["enter"]
    probe.selected = move.card
    if move.to == FOUNDATION:
        return keys + ["f"]
    go_to_column(probe, pos, move.to, keys)
    return keys + ["space"]


def test_random_games_played_by_keys_alone() -> None:
    for seed in range(12):
        rng = random.Random(seed)
        rules = [Rules(), Rules("russian"), Rules("yukon", True, True)][seed % 3]
        game = Game.deal(rng.randrange(2**64), rules)
        reference = game.position.copy()
        cursor = KeyCursor(shown=True)
        for _ in range(40):
            legal = game.position.legal_moves()
            if not legal:
                break
            move = rng.choice(legal)
            kinds = apply(cursor, game, keys_for(cursor, game.position, move))
            assert kinds.count("move") == 1 and kinds[-1] == "move", (move, kinds)
            reference.play(move)
            assert game.position == reference
            assert cursor.selected is None


def test_lesson_sized_endgame_by_keys() -> None:
    pos = parse_position("""
Foundations: S-T H-J D-Q C-J
: KD
: QS
: QH KH JS
: QC
: KS
: KC
:
""")
    game = Game(pos)
    cursor = KeyCursor()
    assert cursor.key("right", game.position).kind == "none" and cursor.column == 0  # first press shows
    for text in ["JS-F", "QS-F", "KS-F", "KH-7", "QH-F", "KH-F", "QC-F", "KC-F", "KD-F"]:
        move = parse_move(text)
        kinds = apply(cursor, game, keys_for(cursor, game.position, move))
        assert kinds[-1] == "move" and game.moves_made[-1] == move
    assert game.position.is_won()


def test_illegal_place_keeps_selection_and_esc_cancels() -> None:
    game = Game.deal(1)
    pos = game.position
    cursor = KeyCursor(shown=True)
    card = pos.columns[0][-1]
    assert cursor.key("enter", pos).kind == "select" and cursor.selected == card
    target = next(c for c in range(1, 7) if pos.why_illegal(Move.of(card, c)))
    for _ in range(target):
        cursor.key("right", pos)
    a = cursor.key("enter", pos)
    assert a.kind == "refuse" and a.reason and cursor.selected == card
    assert cursor.key("escape", pos).kind == "cancel" and cursor.selected is None
    assert cursor.key("escape", pos).kind == "none"


def test_f_needs_an_end_card() -> None:
    game = Game.deal(3)
    pos = game.position
    cursor = KeyCursor(shown=True, column=3)
    cursor.key("up", pos)
    cursor.key("enter", pos)
    assert cursor.selected == pos.columns[3][-2]
    a = cursor.key("f", pos)
    assert a.kind == "refuse" and "end card" in a.reason


def test_up_and_down_stay_on_face_up_cards() -> None:
    game = Game.deal(8)
    pos = game.position
    cursor = KeyCursor(shown=True, column=6)
    seen = [cursor.card(pos)]
    for _ in range(10):
        cursor.key("up", pos)
        if cursor.on_foundations:
            break
        seen.append(cursor.card(pos))
    assert cursor.on_foundations
    assert seen == list(reversed(pos.columns[6][pos.down[6]:]))
    cursor.key("down", pos)
    assert not cursor.on_foundations and cursor.card(pos) is not None and pos.is_face_up(cursor.card(pos))
