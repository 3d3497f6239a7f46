"""The left-handed layout: foundations on the left, status beside or over the columns, nothing overlapping."""

from __future__ import annotations

import random

from yukon.core.state import Game, Position
from yukon.ui.layout import compute_layout


def test_left_handed_puts_the_foundations_on_the_left() -> None:
    rng = random.Random(2)
    for w, h in ((640, 400), (800, 600), (1280, 800), (1920, 1080), (3840, 2160), (600, 900), (1080, 1920)):
        game = Game.deal(rng.randrange(10**6))
        for _ in range(rng.randrange(30)):
            game.play(rng.choice(game.position.legal_moves()))
        pos: Position = game.position
        right = compute_layout(w, h, pos)
        left = compute_layout(w, h, pos, left_handed=True)
        assert left.side == right.side == (w > h)
        if left.side:  # beside the columns: on their left, the status over the columns
            assert all(r.right < left.col_x[0] for r in left.foundation_rects)
            assert all(r.x > right.col_x[6] + right.cw for r in right.foundation_rects)
            assert left.status_rect.x >= left.col_x[0] and left.status_rect.bottom < left.cols_y
            assert right.status_rect.right <= right.col_x[6] + right.cw
        else:  # over the first four columns, the status over the last three
            assert [r.x for r in left.foundation_rects] == left.col_x[:4]
            assert left.status_rect.x >= left.foundation_rects[3].right
            assert right.status_rect.right <= right.foundation_rects[0].x
            assert left.col_x == right.col_x
        assert left.status_rect.right <= left.view.right
        for r in left.foundation_rects:
            assert not r.colliderect(left.status_rect)
        # the cards keep their size and height; foundation cards sit on their new places
        assert (left.cw, left.cols_y) == (right.cw, right.cols_y)
        for s, r in enumerate(left.foundation_rects):
            if pos.foundations[s]:
                assert left.card_xy[s * 13 + pos.foundations[s] - 1] == r.topleft
