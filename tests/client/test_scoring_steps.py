"""The scoring overlay counts every point once: its steps add up to the engine's.

Played in the real window, Aztlán for three showed Ana's age scoring as her domains,
step by step (+2, ..., 26 in all), then one more step, "Age", that gave her the same 26
again: the overlay's totals counted up to 46 while her card and the score track said
26. The overlay adds a step for the points the view's steps leave out, and took the
age's points as left out because the view's steps were not labelled with that reason.
"""

from __future__ import annotations

import pygame
import pytest

from game.ui.scenes.scoring import ScoringScene
from game.ui.showcase import playout, start_play
from tests.client.conftest import Driver


def opens(variant: str):
    """Whether an action opens the overlay, as the play screen decides: a scoring, or
    (Aztlán and the Market, whose views ask for the overlay for points scored) a score."""
    by_points = variant.startswith(("aztlan", "tlatelolco"))

    def scored(game, events) -> bool:
        return any(e.kind == "scoring" or by_points and e.kind == "score" and e.points
                   for e in events)
    return scored


def ends(variant: str):
    return lambda game, events: game.is_over


def a_scoring(ui: Driver, variant: str, players: int, seed: int, until) -> ScoringScene:
    """The overlay of the game's first scoring (or of its end), opened by its action on
    the play screen."""
    game, rest = playout(until, seed=seed, players=players, before=True, variant=variant)
    play = start_play(ui.app, game)
    ui.frames(5)
    play.apply(rest[0])
    ui.frames(1)
    scene = ui.top
    assert isinstance(scene, ScoringScene)
    return scene


@pytest.mark.parametrize("variant, players, seed", [
    ("aztlan", 3, 3), ("aztlan", 4, 5), ("aztlan-2p", 2, 3), ("mexica", 3, 3),
    ("mexica-2p-neutral", 2, 4), ("mexica-festival", 4, 3), ("mexica-2p-harder", 2, 5),
    ("tlatelolco-market", 4, 2), ("tlatelolco-market", 2, 3)])
@pytest.mark.parametrize("until", [opens, ends], ids=["first", "last"])
def test_the_overlays_steps_add_up_to_the_points_scored(ui, variant, players, seed, until):
    scene = a_scoring(ui, variant, players, seed, until(variant))
    game = scene.session.game
    scored = [0] * players
    for e in scene.events:
        if e.kind == "score" and e.seat is not None:
            scored[e.seat] += e.points
    gains = [sum(step["gains"][seat] for step in scene.steps) for seat in range(players)]
    assert gains == scored, [step["title"] for step in scene.steps]
    for _press in range(len(scene.steps)):  # each step in turn, as Enter shows them
        if scene.finished:
            break
        ui.key(pygame.K_RETURN)
    assert scene.finished and ui.top is scene
    assert scene.shown_scores() == [float(s) for s in game.scores]


def test_a_score_of_nothing_makes_no_step_of_its_own(ui):
    """The prosperity cards' lesson ended its last age on a step "Age: Ana +0": Ana's
    score event of the age had no points, so no step of the view showed it, and the
    overlay made one of its own for it, which gave nobody anything. (This seed's first
    scoring has such an event: another seat's age score of nothing.)"""
    scene = a_scoring(ui, "aztlan", 3, 3, opens("aztlan"))
    assert any(e.kind == "score" and not e.points for e in scene.events)
    assert [step["title"] for step in scene.steps] == ["Ana: 1 territory, 1 matching"]
