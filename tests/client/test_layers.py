"""Pieces layers repaint only what changed, and the pixels are those of painting it all.

With :attr:`PiecesLayer.verify` on, every repaint piece by piece is compared with a
layer painted afresh, piece after piece; a piece painting outside the bounds it states
(which would leave old pixels behind on the board) fails the comparison. The games'
boards are played here through their views, frame after frame with their animations,
and a layer made of overlapping pieces checks the mechanism itself.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.api import new_game  # noqa: E402
from game.core.rng import Rng  # noqa: E402
from game.kit.client.layers import Layer, Piece, PiecesLayer  # noqa: E402
from game.kit.client.screen import Screen  # noqa: E402
from game.ui.session import Session  # noqa: E402
from tests.client.view_helpers import ServicesStub, play  # noqa: E402

pytestmark = pytest.mark.usefixtures("pygame_display")

AREA = (16.0, 128.0, 1344.0, 812.0)  # the play scene's board area


@pytest.fixture
def verified(monkeypatch):
    monkeypatch.setattr(PiecesLayer, "verify", True)


def test_only_changed_pieces_are_painted_and_the_layer_is_as_if_painted_whole():
    screen = Screen(pygame.Surface((1920, 1080)))
    ground = Layer()
    ground.fresh(screen, (0, 0, 400, 300)).fill((30, 60, 90))
    painted: list[int] = []

    def square(n: int, colour: tuple[int, int, int]):
        def paint(scr: Screen) -> None:
            painted.append(n)
            scr.box(40 * n, 20 + 10 * n, 90, 90, (0, 0, 0, 90), radius=12)  # overlapping
            scr.box(40 * n + 4, 16 + 10 * n, 80, 80, colour, radius=10)
            scr.text(str(n), 40 * n + 44, 56 + 10 * n, 40, (255, 255, 255), "center")
        return Piece((n, colour), (40 * n, 16 + 10 * n, 94, 94), paint)

    colours = [(200, 40, 40)] * 8
    layer = PiecesLayer()
    layer.sync(ground, screen, (0, 0, 400, 300), "size", [square(n, c)
                                                          for n, c in enumerate(colours)])
    assert painted == list(range(8))
    painted.clear()
    colours[3] = (40, 200, 40)  # one piece changes: it and its overlapping neighbours
    layer.sync(ground, screen, (0, 0, 400, 300), "size", [square(n, c)
                                                          for n, c in enumerate(colours)])
    assert painted == [1, 2, 3, 4, 5]  # 0, 6 and 7 do not reach piece 3
    whole = PiecesLayer()
    whole.sync(ground, screen, (0, 0, 400, 300), "size", [square(n, c)
                                                          for n, c in enumerate(colours)])
    assert whole.scr is not None and layer.scr is not None
    assert pygame.image.tobytes(layer.scr.surface, "RGB") == \
        pygame.image.tobytes(whole.scr.surface, "RGB")
    painted.clear()
    layer.sync(ground, screen, (0, 0, 400, 300), "size", [square(n, c)
                                                          for n, c in enumerate(colours)])
    assert painted == []  # nothing changed: nothing painted


def test_when_many_pieces_change_at_once_each_is_painted_once():
    """Pieces that overlap their neighbours, all changed at once (an age's conflicts
    begin): the layer paints every piece once, over a fresh copy of the ground, rather
    than each changed area with every piece reaching into it; the same pixels."""
    screen = Screen(pygame.Surface((1920, 1080)))
    ground = Layer()
    ground.fresh(screen, (0, 0, 400, 300)).fill((30, 60, 90))
    painted: list[int] = []

    def square(n: int, colour: tuple[int, int, int]) -> Piece:
        def paint(scr: Screen) -> None:
            painted.append(n)
            scr.box(40 * n, 20 + 10 * n, 90, 90, (0, 0, 0, 90), radius=12)
            scr.box(40 * n + 4, 16 + 10 * n, 80, 80, colour, radius=10)
        return Piece((n, colour), (40 * n, 16 + 10 * n, 94, 94), paint)

    layer = PiecesLayer()
    layer.sync(ground, screen, (0, 0, 400, 300), "size",
               [square(n, (200, 40, 40)) for n in range(8)])
    painted.clear()
    colours = [(40, 200, 40) if n % 2 else (200, 40, 40) for n in range(8)]
    layer.sync(ground, screen, (0, 0, 400, 300), "size",
               [square(n, c) for n, c in enumerate(colours)])
    assert painted == list(range(8))  # not 1, 2, 3 for piece 2, then 3, 4, 5 for 4...
    whole = PiecesLayer()
    whole.sync(ground, screen, (0, 0, 400, 300), "size",
               [square(n, c) for n, c in enumerate(colours)])
    assert whole.scr is not None and layer.scr is not None
    assert pygame.image.tobytes(layer.scr.surface, "RGB") == \
        pygame.image.tobytes(whole.scr.surface, "RGB")


def test_a_piece_painting_outside_its_bounds_is_caught(verified):
    screen = Screen(pygame.Surface((1920, 1080)))
    ground = Layer()
    ground.fresh(screen, (0, 0, 400, 300)).fill((30, 60, 90))

    def piece(x: float) -> Piece:
        return Piece(x, (x, 10, 20, 20), lambda scr: scr.box(x, 10, 60, 20, (250, 250, 0)))

    layer = PiecesLayer()
    layer.sync(ground, screen, (0, 0, 400, 300), "size", [piece(10), piece(200)])
    with pytest.raises(AssertionError, match="outside its bounds"):
        layer.sync(ground, screen, (0, 0, 400, 300), "size", [piece(30), piece(200)])


def play_through(variant: str, players: int, view_class, actions: int, seed: int,
                 size: tuple[int, int] = (1920, 1080)) -> int:
    """Play ``actions`` playout actions through the view, drawing a frame after each and
    a few more while its animations run; returns the frames drawn."""
    session = Session(new_game(variant, players, seed=seed))
    view = view_class(session, ServicesStub())
    screen = Screen(pygame.Surface(size))  # another size rounds to other pixels
    rng = Rng(seed)
    frames = 0
    for n in range(actions):
        if session.game.is_over:
            break
        view.update(1 / 60)
        view.draw(screen, AREA)
        play(session, view, session.game.playout_action(rng))
        for _ in range(1 + n % 4):  # mid-animation frames: tiles and goods in flight
            view.update(0.12)
            view.draw(screen, AREA)
            frames += 1
    return frames


@pytest.mark.parametrize(("players", "size"), [(4, (1920, 1080)), (2, (1280, 720)),
                                                  (3, (1280, 800))])
def test_the_market_board_repainted_piece_by_piece_is_the_whole_board(verified, size,
                                                                       players):
    from variants.market.view import MarketView

    assert play_through("tlatelolco-market", players, MarketView, 150, 7, size) > 150


@pytest.mark.parametrize(("players", "size"), [(4, (1920, 1080)), (3, (1280, 720)),
                                                  (4, (1280, 800))])
def test_the_aztlan_board_repainted_territory_by_territory_is_the_whole_board(verified, size,
                                                                             players):
    from variants.aztlan.view import AztlanView

    assert play_through("aztlan", players, AztlanView, 220, 7, size) > 200
