"""Reduce motion: in every game the pieces get where they go sooner (issue 16 §2), by one
rule shared by the three board views (``game.kit.client.anim.sooner``)."""

from __future__ import annotations

import pytest

from game.api import new_game
from game.core.rng import Rng
from game.kit.client.fx import REDUCED_SPAN
from game.ui import showcase


def motions(make_app, variant: str, players: int, reduced: bool) -> list[tuple[float, float]]:
    """(delay, duration) of every motion the first 40 actions of a seeded game start."""
    app = make_app(size=(1280, 720), fullscreen=False)
    app.settings["reduce_motion"] = reduced
    game = new_game(variant, players, seed=3)
    play = showcase.start_play(app, game)
    rng = Rng(3)
    seen: list[tuple[float, float]] = []
    for _ in range(40):
        play.apply(play.game.playout_action(rng))
        seen.extend((a.delay, a.dur) for a in play.view.anims)
        play.view.anims.clear()
    return seen


@pytest.mark.parametrize(("variant", "players"), [("mexica", 2), ("tlatelolco-market", 2),
                                                  ("aztlan", 3)])
def test_every_motion_is_shorter_under_reduce_motion(make_app, variant, players):
    full = motions(make_app, variant, players, False)
    short = motions(make_app, variant, players, True)
    assert full and len(short) == len(full)  # the same motions, only quicker
    for (delay, dur), (rdelay, rdur) in zip(full, short, strict=True):
        assert rdur == pytest.approx(dur * REDUCED_SPAN)
        assert rdelay == pytest.approx(delay * REDUCED_SPAN)
