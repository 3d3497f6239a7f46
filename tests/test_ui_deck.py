"""The decks (issue 24, part 1): every face of every deck at several sizes, kept per size, drawn
ahead without stalling, a damaged deck falling back to the Simple cards with a sentence, the
shipped files with their licences; and the card backs and table felts drawn by code.

Faces are checked by their pixels: the size, ink in the corner index (red on red cards only),
no two faces alike, and the index ending inside the strip the deck says it needs.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import itertools
import re
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest

from yukon.core.cards import CARD_TEXT, RED
from yukon.core.resources import asset_path
from yukon.text import i18n
from yukon.ui import art, card_backs, deck, felts
from yukon.ui.deck import PicturedDeck, SimpleDeck, choose_deck

SIZES = ((36, 50), (60, 84), (118, 165), (301, 421))
Rect = tuple[int, int, int, int]


@pytest.fixture(autouse=True)
def pygame_ready() -> Iterator[None]:
    pygame.init()
    yield


def all_decks() -> list[deck.Deck]:
    return [SimpleDeck(), *(PicturedDeck(s) for s in deck.SOURCES)]


Pixel = tuple[int, ...]


def pixels(surf: pygame.Surface, rect: Rect) -> list[Pixel]:
    x0, y0, w, h = rect
    return [tuple(surf.get_at((x, y))) for y in range(y0, y0 + h) for x in range(x0, x0 + w)]


def is_ink(p: Pixel) -> bool:
    return p[3] > 128 and min(p[:3]) < 150


def is_red(p: Pixel) -> bool:
    return p[3] > 128 and p[0] > 150 and p[1] < 110 and p[2] < 110


def index_rect(d: deck.Deck, size: tuple[int, int]) -> Rect:
    """The corner that holds the rank and suit, from the top to the deck's index height: a narrow column
    on pictured cards (their court pictures start beside it), rank and suit side by side on the Simple's."""
    w = size[0]
    x0 = max(1, round(w * 0.03))
    x1 = round(w * (0.45 if isinstance(d, SimpleDeck) else 0.12))
    return (x0, 1, max(2, x1 - x0), min(d.index_height(size), size[1] - 2))


# -- faces ------------------------------------------------------------------------------------

@pytest.mark.parametrize("size", SIZES)
def test_every_face_of_every_deck_has_its_size_an_index_and_the_right_colour(size: tuple[int, int]) -> None:
    for d in all_decks():
        seen: set[bytes] = set()
        for card in range(52):
            face = d.face(card, size)
            assert face.get_size() == size, (d.key, CARD_TEXT[card])
            corner = pixels(face, index_rect(d, size))
            assert sum(map(is_ink, corner)) >= 3, f"{d.key} {CARD_TEXT[card]} at {size}: no index in the corner"
            reds = sum(map(is_red, corner))
            assert (reds >= 2) == RED[card], f"{d.key} {CARD_TEXT[card]} at {size}: {reds} red pixels in the index"
            seen.add(pygame.image.tobytes(face, "RGBA"))
        assert len(seen) == 52, f"{d.key} at {size}: two faces are the same picture"
        assert d.problem is None


def test_a_pictured_index_ends_inside_the_strip_the_deck_declares() -> None:
    size = (300, 420)
    for source in deck.SOURCES:
        d = PicturedDeck(source)
        for card in range(52):
            face = d.face(card, size)
            x0, _y, w, h = index_rect(d, size)
            below = pixels(face, (x0, h + 1, w, round(size[1] * 0.04)))
            assert not any(map(is_ink, below)), f"{source.key} {CARD_TEXT[card]}: the index reaches below its strip"


def test_the_simple_deck_draws_todays_faces() -> None:
    for size in ((91, 127), (118, 165)):
        simple = SimpleDeck(four_colour=True)
        today = art.CardArt(*size, four_colour=True)
        for card in (0, 12, 14, 27, 39, 51):
            assert pygame.image.tobytes(simple.face(card, size), "RGBA") == pygame.image.tobytes(today.face(card), "RGBA")


def test_faces_are_kept_per_size_for_the_newest_sizes_only() -> None:
    d = PicturedDeck(deck.SOURCES[0])
    first = d.face(5, (60, 84))
    assert d.face(5, (60, 84)) is first and d.ready(5, (60, 84))
    other = d.face(5, (61, 85))
    assert other is not first and other.get_size() == (61, 85)
    for w in range(62, 62 + deck.MAX_SIZES):
        d.face(5, (w, round(w * 1.4)))
    assert not d.ready(5, (60, 84)) and d.face(5, (60, 84)) is not first  # the oldest size was let go


def test_old_sizes_are_let_go_past_the_byte_bound_but_never_the_newest(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(deck, "MAX_BYTES", 7 * 101 * 141 * 2)  # three and a half faces of about 100x140
    d = PicturedDeck(deck.SOURCES[0])
    d.face(0, (100, 140))
    d.face(1, (100, 140))
    d.face(0, (101, 141))  # within the bound: both sizes kept
    assert d.ready(0, (100, 140)) and d.ready(1, (100, 140))
    d.face(1, (101, 141))  # past it: the older size goes
    assert not d.ready(0, (100, 140)) and d.ready(0, (101, 141))
    for card in range(2, 8):  # the newest size alone may pass the bound
        d.face(card, (101, 141))
    assert all(d.ready(c, (101, 141)) for c in range(8))
    assert d.kept_bytes() == 8 * art.surface_bytes(d.face(0, (101, 141)))


class Ticks:
    """A clock that moves on a second at each look."""

    def __init__(self) -> None:
        self.looks = itertools.count()

    def __call__(self) -> float:
        return float(next(self.looks))


def test_a_face_not_ready_has_a_stand_in_at_once_and_is_drawn_within_the_budget() -> None:
    d = PicturedDeck(deck.SOURCES[0])
    size = (118, 165)
    stand_ins = [d.quick_face(card, size) for card in (10, 11, 12)]  # nothing kept yet: the Simple faces
    assert all(s.get_size() == size for s in stand_ins) and not any(d.ready(c, size) for c in (10, 11, 12))
    simple = SimpleDeck()
    assert pygame.image.tobytes(stand_ins[2], "RGBA") == pygame.image.tobytes(simple.face(12, size), "RGBA")
    clock = Ticks()
    assert d.render_queued(0.5, clock) == 2  # a second per look: one face per frame's budget
    assert d.ready(10, size) and not d.ready(11, size)
    assert d.quick_face(10, size) is d.face(10, size)
    assert d.render_queued(0.5, clock) == 1 and d.render_queued(0.5, clock) == 0
    assert d.render_queued(0.5, clock) == 0


def test_a_new_size_stands_in_with_the_face_scaled_from_the_last_size() -> None:
    d = PicturedDeck(deck.SOURCES[1])
    d.face(51, (118, 165))
    scaled = d.quick_face(51, (100, 140))
    assert scaled.get_size() == (100, 140) and not d.ready(51, (100, 140))
    simple = SimpleDeck().face(51, (100, 140))
    assert pygame.image.tobytes(scaled, "RGBA") != pygame.image.tobytes(simple, "RGBA")
    assert d.quick_face(51, (100, 140)) is scaled  # the stand-in is kept until the face is drawn


def test_only_the_newest_size_asked_for_is_drawn_ahead() -> None:
    d = PicturedDeck(deck.SOURCES[0])
    d.queue(range(52), (90, 126))
    d.queue(range(4), (120, 168))  # the window was resized before the first set was drawn
    assert d.render_queued(1e9, Ticks()) == 0
    assert all(d.ready(c, (120, 168)) for c in range(4)) and not d.ready(4, (120, 168))
    assert not any(d.ready(c, (90, 126)) for c in range(52))


def test_the_simple_deck_never_stands_in() -> None:
    d = SimpleDeck()
    assert d.quick_face(3, (80, 112)) is d.face(3, (80, 112))


def test_the_memory_kept_is_counted() -> None:
    d = PicturedDeck(deck.SOURCES[0])
    for card in range(4):
        d.face(card, (100, 140))
    assert d.kept_bytes() >= 4 * 100 * 140 * 4


# -- choosing, and what goes wrong --------------------------------------------------------------

def test_four_colour_and_high_contrast_use_the_simple_deck_and_say_so() -> None:
    for four, contrast in ((True, False), (False, True), (True, True)):
        choice = choose_deck("classic", four_colour=four, high_contrast=contrast)
        assert isinstance(choice.deck, SimpleDeck) and choice.deck.can_recolour
        assert (choice.deck.four_colour, choice.deck.high_contrast) == (four, contrast)
        assert choice.note and "Simple" in choice.note
    plain = choose_deck("classic")
    assert isinstance(plain.deck, PicturedDeck) and plain.note is None and not plain.deck.can_recolour
    assert isinstance(choose_deck("no such deck").deck, SimpleDeck) and choose_deck("no such deck").note is None
    assert choose_deck("simple", four_colour=True).note is None


@pytest.fixture
def copied_assets(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The shipped decks copied to a folder the test may spoil, which the deck module then reads."""
    shutil.copytree(asset_path("cards"), tmp_path / "cards")
    monkeypatch.setattr(deck, "asset_path", lambda *parts: tmp_path.joinpath(*parts))
    return tmp_path / "cards"


def test_a_missing_face_file_falls_back_to_the_simple_deck_with_a_message(copied_assets: Path) -> None:
    (copied_assets / "classic" / "QH.svg").unlink()
    choice = choose_deck("classic")
    assert isinstance(choice.deck, SimpleDeck)
    assert choice.note is not None and "QH.svg" in choice.note and "Classic" in choice.note
    assert choice.deck.face(0, (90, 126)).get_size() == (90, 126)


def folder_instead(path: Path) -> None:
    path.unlink()
    path.mkdir()


SPOILERS: dict[str, Callable[[Path], object]] = {
    "garbage": lambda p: p.write_bytes(b"\x89PNG not a picture"),
    "empty": lambda p: p.write_bytes(b""),
    "draws nothing": lambda p: p.write_text('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="14"/>'),
    "a folder": folder_instead,
}


@pytest.mark.parametrize("how", SPOILERS)
def test_a_damaged_face_file_falls_back_to_the_simple_deck_with_a_message(copied_assets: Path, how: str) -> None:
    SPOILERS[how](copied_assets / "vintage" / "7D.svg")
    choice = choose_deck("vintage")
    d = choice.deck
    size = (118, 165)
    before = d.face(0, size)  # a good file draws
    assert d.problem is None
    if how == "a folder":  # seen before the deck is used
        assert isinstance(d, SimpleDeck) and choice.note and "7D.svg" in choice.note
        return
    assert isinstance(d, PicturedDeck)
    fallback = d.face(CARD_TEXT.index("7D"), size)  # the damaged one: no error, the Simple face, a sentence
    simple = SimpleDeck()
    assert pygame.image.tobytes(fallback, "RGBA") == pygame.image.tobytes(simple.face(CARD_TEXT.index("7D"), size),
                                                                          "RGBA")
    assert d.problem is not None and "7D.svg" in d.problem and "Vintage" in d.problem
    again = d.face(0, size)  # from then on every face is the Simple deck's, not a mix
    assert again is not before
    assert pygame.image.tobytes(again, "RGBA") == pygame.image.tobytes(simple.face(0, size), "RGBA")
    assert d.index_height(size) == simple.index_height(size)


# -- the shipped files --------------------------------------------------------------------------

def test_every_shipped_deck_has_its_faces_source_and_licence() -> None:
    for source in deck.SOURCES:
        folder = asset_path("cards", source.folder)
        faces = {p.stem for p in folder.glob("*.svg")}
        assert faces == set(CARD_TEXT), source.key
        licence = (folder / source.licence).read_text(encoding="utf-8")
        assert "CC0" in licence[:200] or "GNU LESSER GENERAL PUBLIC LICENSE" in licence[:200], source.key
        about = (folder / source.source).read_text(encoding="utf-8")
        assert source.licence in about and "What was changed" in about and "sha256" in about


def test_no_shipped_face_uses_what_the_renderer_leaves_out() -> None:
    for source in deck.SOURCES:
        for card in range(52):
            text = source.path(card).read_text(encoding="utf-8")
            assert not re.search(r"<(use|text|symbol|pattern|image)\b", text), (source.key, CARD_TEXT[card])


# -- backs and felts ----------------------------------------------------------------------------

def test_every_back_has_its_size_and_its_own_look() -> None:
    assert len(card_backs.BACK_STYLES) >= 3
    for size in ((36, 50), (118, 165), (300, 420)):
        looks = set()
        for style in card_backs.BACK_STYLES:
            back = SimpleDeck().back(style, size)
            assert back.get_size() == size
            middle = pixels(back, (size[0] // 4, size[1] // 4, size[0] // 2, size[1] // 2))
            assert len(set(middle)) > 1, style  # a pattern, not a flat fill
            looks.add(pygame.image.tobytes(back, "RGBA"))
        assert len(looks) == len(card_backs.BACK_STYLES)


def test_the_blue_back_is_todays_and_high_contrast_changes_its_edge() -> None:
    size = (91, 127)
    assert pygame.image.tobytes(SimpleDeck().back("blue", size), "RGBA") == \
        pygame.image.tobytes(art.CardArt(*size).back(), "RGBA")
    for style in card_backs.BACK_STYLES:
        plain, strong = SimpleDeck().back(style, size), SimpleDeck(high_contrast=True).back(style, size)
        assert strong.get_at((size[0] // 2, 2))[:3] == art.HC_BACK_EDGE != plain.get_at((size[0] // 2, 2))[:3]


def test_backs_are_kept() -> None:
    d = PicturedDeck(deck.SOURCES[0])
    assert d.back("red", (90, 126)) is d.back("red", (90, 126))
    assert d.back("unknown", (90, 126)).get_size() == (90, 126)


def test_every_felt_has_the_window_size_its_colour_and_a_grain() -> None:
    assert len(felts.FELTS) >= 3
    size = (400, 300)
    middles = {}
    for style, (_title, colour) in felts.FELTS.items():
        felt = felts.draw_felt(style, size)
        assert felt.get_size() == size
        centre = pixels(felt, (190, 140, 20, 20))
        assert len(set(centre)) > 3, style  # grain, not a flat colour
        mean = [sum(p[i] for p in centre) / len(centre) for i in range(3)]
        assert all(abs(m - c) < 30 for m, c in zip(mean, colour, strict=True)), (style, mean)
        edge = felt.get_at((2, 2))
        assert sum(edge[:3]) < sum(mean), style  # darker towards the corners
        middles[style] = tuple(round(m) for m in mean)
    assert len(set(middles.values())) == len(felts.FELTS)


def test_felts_are_the_same_on_every_draw_and_kept_for_the_newest_sizes() -> None:
    assert pygame.image.tobytes(felts.draw_felt("blue", (200, 150)), "RGB") == \
        pygame.image.tobytes(felts.draw_felt("blue", (200, 150)), "RGB")
    first = felts.table_felt("green", (320, 200))
    assert felts.table_felt("green", (320, 200)) is first
    felts.table_felt("green", (330, 200))
    felts.table_felt("burgundy", (330, 200))
    assert felts.table_felt("green", (320, 200)) is not first  # let go after KEEP others
    assert felts.table_felt("nonsense", (20, 10)).get_size() == (20, 10)


# -- names in the player's language ---------------------------------------------------------------

def test_names_and_sentences_are_in_the_players_language(copied_assets: Path) -> None:
    english = ([deck.deck_title(k) for k in deck.deck_keys()], [card_backs.back_title(s) for s in card_backs.BACK_STYLES],
               [felts.felt_title(s) for s in felts.FELTS])
    assert english[0] == ["Simple", "Classic", "Vintage"]
    for code in ("de", "es", "fr", "it", "pl", "pt_BR", "ru"):
        i18n.set_language(code)
        names = ([deck.deck_title(k) for k in deck.deck_keys()], [card_backs.back_title(s) for s in card_backs.BACK_STYLES],
                 [felts.felt_title(s) for s in felts.FELTS])
        for mine, theirs in zip(names[1:], english[1:], strict=True):
            assert all(a != b for a, b in zip(mine, theirs, strict=True)), (code, mine)
        assert len(set(names[0])) == 3, code
        assert choose_deck("classic", four_colour=True).note != deck.RECOLOUR_NOTE, code
        (copied_assets / "classic" / "AS.svg").unlink(missing_ok=True)
        note = choose_deck("classic").note
        assert note is not None and "AS.svg" in note and deck.deck_title("classic") in note, code
        assert not note.startswith("The "), code
