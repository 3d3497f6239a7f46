"""The left-handed layout: foundations on the left, status on the right, nothing overlapping."""

from __future__ import annotations

import random

from yukon.core.state import Game, Position
from yukon.ui.layout import compute_layout


def test_left_handed_mirrors_the_top_row() -> None:
    rng = random.Random(2)
    for w, h in ((640, 400), (800, 600), (1280, 800), (1920, 1080), (3840, 2160)):
        game = Game.deal(rng.randrange(10**6))
        for _ in range(rng.randrange(30)):
            game.play(rng.choice(game.position.legal_moves()))
        pos: Position = game.position
        right = compute_layout(w, h, pos)
        left = compute_layout(w, h, pos, left_handed=True)
        assert [r.x for r in left.foundation_rects] == left.col_x[:4]
        assert left.status_rect.x >= left.foundation_rects[3].right
        assert left.status_rect.right <= left.view.right
        assert right.status_rect.right <= right.foundation_rects[0].x
        for r in left.foundation_rects:
            assert not r.colliderect(left.status_rect)
        # the columns do not move; foundation cards sit on their new places
        assert left.col_x == right.col_x and left.cols_y == right.cols_y
        for s, r in enumerate(left.foundation_rects):
            if pos.foundations[s]:
                assert left.card_xy[s * 13 + pos.foundations[s] - 1] == r.topleft
