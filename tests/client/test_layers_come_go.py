"""A pieces layer whose pieces come and go (a temple built, a bridge taken up) paints
again only where they did, and the pixels are those of painting them all (Mexica's
board, whose pieces' number changes with nearly every action, uses the kit's layer)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.kit.client.layers import Layer, Piece, PiecesLayer  # noqa: E402
from game.kit.client.screen import Screen  # noqa: E402

pytestmark = pytest.mark.usefixtures("pygame_display")

RECT = (0.0, 0.0, 400.0, 300.0)


def _board() -> tuple[Screen, Layer, list[int], object]:
    screen = Screen(pygame.Surface((1920, 1080)))
    ground = Layer()
    ground.fresh(screen, RECT).fill((30, 60, 90))
    painted: list[int] = []

    def square(n: int) -> Piece:
        def paint(scr: Screen) -> None:
            painted.append(n)
            scr.box(40 * n, 20 + 10 * n, 90, 90, (0, 0, 0, 90), radius=12)  # overlapping
            scr.box(40 * n + 4, 16 + 10 * n, 80, 80, (200, 40 + 20 * n, 40), radius=10)
        return Piece(n, (40 * n, 16 + 10 * n, 94, 94), paint)
    return screen, ground, painted, square


def _same(layer: PiecesLayer, ground: Layer, screen: Screen, pieces: list[Piece]) -> None:
    whole = PiecesLayer()
    whole.sync(ground, screen, RECT, "size", pieces)
    assert whole.scr is not None and layer.scr is not None
    assert pygame.image.tobytes(layer.scr.surface, "RGB") == \
        pygame.image.tobytes(whole.scr.surface, "RGB")


def test_a_piece_come_or_gone_paints_again_only_its_neighbours():
    screen, ground, painted, square = _board()
    layer = PiecesLayer()
    on = [0, 1, 2, 4, 5, 6, 7]
    layer.sync(ground, screen, RECT, "size", [square(n) for n in on])
    assert layer.painted is None  # painted whole
    painted.clear()
    on = [0, 1, 2, 3, 4, 5, 6, 7]  # one comes, in its place among the others
    layer.sync(ground, screen, RECT, "size", [square(n) for n in on])
    assert painted == [1, 2, 3, 4, 5]  # 0, 6 and 7 do not reach piece 3
    assert layer.painted is not None and len(layer.painted) == 1
    _same(layer, ground, screen, [square(n) for n in on])
    painted.clear()
    on = [0, 1, 2, 3, 4, 5, 7]  # one goes
    layer.sync(ground, screen, RECT, "size", [square(n) for n in on])
    assert painted == [4, 5, 7]  # those reaching where 6 was
    _same(layer, ground, screen, [square(n) for n in on])
    painted.clear()
    layer.sync(ground, screen, RECT, "size", [square(n) for n in on])
    assert painted == [] and layer.painted == []


def test_pieces_that_stay_but_change_their_order_are_all_painted_anew():
    """Two pieces swapped as one comes: a rectangle painted again would lay them one
    over the other the other way round, so every piece is painted anew."""
    screen, ground, painted, square = _board()
    layer = PiecesLayer()
    layer.sync(ground, screen, RECT, "size", [square(n) for n in (0, 1, 2, 3)])
    painted.clear()
    on = [0, 2, 1, 3, 4]
    layer.sync(ground, screen, RECT, "size", [square(n) for n in on])
    assert painted == on and layer.painted is None
    _same(layer, ground, screen, [square(n) for n in on])
