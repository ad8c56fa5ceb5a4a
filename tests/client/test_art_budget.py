"""The art cache's budget holds what a 1080p play screen keeps, with room (issue 37).

What the play screen keeps is the art its frames draw from while play goes on (the wall,
the panels and their pieces, tiles) and the art it paints ahead for the frames to come
(the status line's frames and Aztlán's side panels in each seat's colour). When that did
not fit, the least recently used went first: the panels painted ahead, so each seat's
first decision painted its panel's stone again, an 11-15 ms frame at 1080p
(``test_aztlan_frame_cost``). The textures a board's kept layers are painted from are
not counted: they are painted once with the board and may go first.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

import pygame
import pytest

from game.kit.client.art import frames
from game.kit.client.art.cache import ART, ART_BYTES, ArtCache
from game.ui import showcase
from game.ui.scenes.handoff import HandoffScene
from tests.client.art_helpers import held

#: the room left: what a play screen keeps is at most this share of the budget
ROOM = 0.8


@pytest.mark.parametrize("variant", ["aztlan", "mexica", "tlatelolco-market"])
def test_the_art_budget_holds_what_a_1080p_play_screen_keeps(make_app, monkeypatch, variant):
    kept: dict[Hashable, int] = {}
    recording = [False]

    def recorded(get: Callable[..., Any]) -> Callable[..., Any]:
        def look_up(self: ArtCache, key: Hashable, make: Callable[..., Any],
                    *args: Any) -> Any:
            art = get(self, key, make, *args)
            if self is ART and recording[0]:
                kept[key] = held(art)
            return art
        return look_up

    warm = frames.warm_panels

    def ahead(*args: Any, **kwargs: Any) -> None:  # what is painted ahead is kept
        was, recording[0] = recording[0], True
        try:
            warm(*args, **kwargs)
        finally:
            recording[0] = was

    monkeypatch.setattr(ArtCache, "get", recorded(ArtCache.get))
    monkeypatch.setattr(ArtCache, "get_pieces", recorded(ArtCache.get_pieces))
    monkeypatch.setattr(frames, "warm_panels", ahead)
    ART.clear()
    app = make_app(size=(1920, 1080))
    play, following = showcase.late_game(app, variant)
    recording[0] = True  # the frames of play: every seat's decision in turn
    for action in following[:12]:
        play.apply(action)
        showcase.frames(app, 2)
        if isinstance(app.stack.top, HandoffScene):
            showcase.key(app, pygame.K_RETURN)
            showcase.frames(app, 2)
    assert any(key[0] == "wall" for key in kept if isinstance(key, tuple))
    total = sum(kept.values())
    print(f"{variant}: {total / 2**20:.2f} MB kept of {ART_BYTES / 2**20:.0f} MB")
    assert total <= ROOM * ART_BYTES, (
        f"{variant}'s play screen keeps {total / 2**20:.1f} MB of art, more than "
        f"{ROOM:.0%} of the art cache's {ART_BYTES / 2**20:.0f} MB")
