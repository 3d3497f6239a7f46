"""What the decks cost: drawing faces, keeping them, standing in while they are drawn; backs and felts.

    python benchmarks/deck_bench.py [--repeat N]

For each deck (yukon/ui/deck.py), in one run so the figures compare on a busy machine:
  * choose_deck: making the deck object (what start-up pays before the first frame);
  * the first face drawn (a two and a king, each the first of its deck at that size);
  * all 52 faces at 60, 118 (the issue's card width at 1152x704), 250 and 450 px wide
    (450: cards at 3840x2160), best of N, and the memory they keep at that size;
  * a resize while 31 faces are up: drawing the 31 faces at the new size, against
    ``quick_face`` (31 stand-ins scaled from the old size) then ``render_queued`` at a
    12 ms budget a frame: the longest frame and the frames until all are drawn;
and the card backs at 118 px and 450 px, the felts at 1152x704 and 3840x2160.
Times are wall-clock milliseconds (time.perf_counter); no display is needed.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from yukon.core.cards import CARD_TEXT
from yukon.ui import card_backs, deck, felts

WIDTHS = (60, 118, 250, 450)
UP_CARDS = 31  # face-up cards on the table after the deal
FRAME_BUDGET = 0.012


def ms(seconds: float) -> str:
    return f"{seconds * 1000:7.1f}"


def timed(fn: Callable[..., object], *args: object) -> float:
    """Seconds that ``fn(*args)`` took."""
    start = time.perf_counter()
    fn(*args)
    return time.perf_counter() - start


def size_of(w: int) -> tuple[int, int]:
    return (w, round(w * 1.4))


def all_faces(d: deck.Deck, size: tuple[int, int]) -> None:
    for card in range(52):
        d.face(card, size)


def main() -> int:
    """Print the table of figures."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=3, help="best of N for the 52-face sets")
    args = parser.parse_args()
    pygame.init()
    pygame.display.set_mode((64, 64))  # faces are converted for the display, as in the game

    for key in deck.deck_keys():
        made = timed(deck.choose_deck, key)
        d = deck.choose_deck(key).deck
        first_two = timed(d.face, CARD_TEXT.index("2S"), size_of(118))
        first_king = timed(d.face, CARD_TEXT.index("KH"), size_of(118))
        print(f"\n{key}: choose_deck {ms(made)} ms, first face 2S {ms(first_two)} ms, first KH {ms(first_king)} ms")
        for w in WIDTHS:
            best, kept = float("inf"), 0
            for _ in range(args.repeat):
                fresh = deck.choose_deck(key).deck
                best = min(best, timed(all_faces, fresh, size_of(w)))
                kept = fresh.kept_bytes()
            print(f"  52 faces at {w:3d} px: {ms(best)} ms, {ms(best / 52)} ms a face, keeps {kept / 2**20:5.1f} MB")
        resize(key)

    print("\ncard backs (first draw):")
    for style in card_backs.BACK_STYLES:
        small = timed(card_backs.draw_back, style, size_of(118))
        large = timed(card_backs.draw_back, style, size_of(450))
        print(f"  {style:9s} 118 px {ms(small)} ms, 450 px {ms(large)} ms")
    print("felts (first draw; kept after):")
    for style in felts.FELTS:
        small = timed(felts.draw_felt, style, (1152, 704))
        large = timed(felts.draw_felt, style, (3840, 2160))
        print(f"  {style:9s} 1152x704 {ms(small)} ms, 3840x2160 {ms(large)} ms ({3840 * 2160 * 4 / 2**20:.0f} MB)")
    return 0


def faces_up(key: str, size: tuple[int, int]) -> deck.Deck:
    """A fresh deck with the last UP_CARDS cards (the courts among them, the slowest) kept at ``size``."""
    d = deck.choose_deck(key).deck
    for card in range(52 - UP_CARDS, 52):
        d.face(card, size)
    return d


def resize(key: str) -> None:
    """31 faces up at 118 px, the window grows so cards are 124 px: draw them all at once, or stand in
    (``quick_face``) and draw ahead at FRAME_BUDGET a frame (``render_queued``)."""
    old, new = size_of(118), size_of(124)
    cards = range(52 - UP_CARDS, 52)
    d = faces_up(key, old)
    at_once = timed(lambda: [d.face(c, new) for c in cards])
    d = faces_up(key, old)
    stand_ins = timed(lambda: [d.quick_face(c, new) for c in cards])
    frames: list[float] = []
    left = 1
    while left:
        start = time.perf_counter()
        left = d.render_queued(FRAME_BUDGET)
        frames.append(time.perf_counter() - start)
    print(f"  resize with {UP_CARDS} faces up: all drawn in one frame {ms(at_once)} ms; stand-ins {ms(stand_ins)} ms, "
          f"then {len(frames)} frames of at most {ms(max(frames))} ms")


if __name__ == "__main__":
    sys.exit(main())
