"""Settings' "Player colours" can change in the middle of a game (the pause menu's
Settings): what the board keeps painted in the seats' colours must take the new ones at
once, not only what changes next."""

from __future__ import annotations

import pygame
import pytest

from game.ui import showcase
from game.ui.scenes.play import PlayScene
from tests.client.test_damage import shown_of, spread_frame, where_they_differ


@pytest.mark.parametrize("variant", ["mexica", "aztlan", "tlatelolco-market"])
def test_other_player_colours_repaint_every_piece_in_them(make_app, variant):
    app = make_app(size=(1280, 720))
    play, _following = showcase.late_game(app, variant, players=3, seed=7, quiet=30)
    assert isinstance(play, PlayScene)
    for _ in range(3):
        spread_frame(app)
    app.settings["palette"] = "high-contrast"  # as Settings sets it
    settled = False
    for _ in range(12):  # the board first, then its words and panels within the budget
        settled = spread_frame(app)
        if settled:
            break
    assert settled, "the window never came to equal a whole repaint"
    seen = shown_of(pygame.display.get_surface())
    kept = play.view
    play.view = play._make_view(app)  # a view that keeps nothing: every layer anew
    for clock in ("time", "t"):  # at the same moment of its ambient motion (the glints)
        if hasattr(kept, clock):
            setattr(play.view, clock, getattr(kept, clock))
    play._lay_out()
    app.draw_whole()
    fresh = shown_of(pygame.display.get_surface())
    size = pygame.display.get_surface().get_size()
    assert fresh == seen, f"kept old colours at {where_they_differ(seen, fresh, size)}"
