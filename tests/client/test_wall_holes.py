"""The wall is not laid under a board that covers its area: a frame is then the same,
pixel for pixel, as one that lays the whole wall first (the board's layer is opaque to
its edge in every variant)."""

from __future__ import annotations

import pygame
import pytest

from game.api import new_game
from game.core.rng import Rng
from game.kit.client.art.scenery import around
from game.ui import showcase
from game.ui.scenes.play import PlayScene

MAGENTA = (255, 0, 255)


@pytest.mark.parametrize("variant, players", [("aztlan", 4), ("mexica", 3),
                                              ("mexica-2p-neutral", 2),
                                              ("tlatelolco-market", 3)])
def test_a_frame_without_the_wall_under_the_board_is_the_frame_with_it(make_app, variant,
                                                                        players,
                                                                        monkeypatch):
    app = make_app(size=(1920, 1080))
    play = showcase.start_play(app, new_game(variant, players, seed=3))
    rng = Rng(3)
    for _ in range(5):
        play.apply(play.game.playout_action(rng))
    for _ in range(8):
        showcase.frames(app, 10)
        if app.stack.top is not play:  # "Pass to": the next player takes the screen
            showcase.key(app, pygame.K_RETURN)
    assert app.stack.visible() == [play]
    holes = play.opaque_rects(app.screen)
    assert len(holes) == 1 and holes[0].w * holes[0].h > 0.25 * 1920 * 1080
    app.screen.surface.fill(MAGENTA)  # a pixel the board did not cover would stay so
    app.draw_whole()
    spared = pygame.image.tobytes(app.screen.surface, "RGB")
    monkeypatch.setattr(PlayScene, "opaque_rects", lambda self, screen: [])
    app.screen.surface.fill(MAGENTA)
    app.draw_whole()
    assert spared == pygame.image.tobytes(app.screen.surface, "RGB")


def test_the_parts_around_holes_cover_the_rest_once():
    whole = pygame.Rect(0, 0, 40, 30)
    holes = [pygame.Rect(5, 5, 10, 10), pygame.Rect(12, 8, 20, 30), pygame.Rect(-5, -5, 8, 8)]
    parts = around(whole, holes)
    for x in range(whole.w):
        for y in range(whole.h):
            inside = sum(p.collidepoint(x, y) for p in parts)
            assert inside == (0 if any(h.collidepoint(x, y) for h in holes) else 1), (x, y)
    assert around(whole, []) == [whole]
