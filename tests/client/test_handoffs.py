"""Hand-offs only when a secret is at stake (issue 15): whole scripted games in the real
play screen, counting the "Pass to" screens.

A "Pass to" screen appears only before a decision that needs the decider's secrets in
view (``Game.secret_decision``: in Aztlán the power-card choice; a prosperity card is
played by its holder, who asks for it with the peek key), and only when another person
could see the screen. With one person
and computers there is never one, and a computer's secrets never show.
"""

from __future__ import annotations

import pygame
import pytest

from game.api import new_game
from game.core.rng import Rng
from game.ui.scenes.handoff import HandoffScene
from game.ui.scenes.play import PlayScene
from game.ui.scenes.scoring import ScoringScene
from game.ui.sessions import make_session

from .conftest import unseen

NAMES = ["Ana", "Ben", "Cy", "Dee"]


def scripted_game(ui, variant: str, kinds: list[str], seed: int) -> dict[str, int]:
    """Play a whole game by the playout policy through the play screen: every action is
    applied as the screen applies a person's (a computer seat's too, so the game does not
    wait for its thinking); the "Pass to" screen is dismissed with Enter and the scoring
    overlays are closed. Counts the hand-offs, the secret decisions made by people, and
    checks at every hand-off that it is for that secret decision."""
    with unseen(ui.app):
        return _scripted_game(ui, variant, kinds, seed)


def _scripted_game(ui, variant: str, kinds: list[str], seed: int) -> dict[str, int]:
    g = new_game(variant, len(kinds), seed=seed)
    session = make_session(ui.app, g, NAMES[:len(kinds)])
    session.set_kinds(kinds)
    play = PlayScene(session)
    ui.app.stack.clear_to(play)
    rng = Rng(seed)
    counts = {"handoffs": 0, "secret decisions": 0, "actions": 0}
    while not g.is_over:
        top = ui.app.stack.top
        if isinstance(top, ScoringScene):
            ui.app.stack.pop()
            continue
        if isinstance(top, HandoffScene):
            # only ever for a person here about to make a secret decision
            assert top.seat == g.current_player and kinds[top.seat] == "human"
            assert g.secret_decision(), g.log[-3:]
            counts["handoffs"] += 1
            ui.key(pygame.K_RETURN)
            continue
        assert top is play
        seat = g.current_player
        if g.secret_decision() and kinds[seat] == "human":
            counts["secret decisions"] += 1
        # whose secrets the screen shows: only a person's, never a computer's
        assert session.shown is None or kinds[session.shown] == "human"
        assert play.apply(g.playout_action(rng))
        counts["actions"] += 1
    return counts


@pytest.mark.parametrize("variant, kinds", [
    ("aztlan", ["human", "easy", "normal"]),
    ("aztlan", ["easy", "human", "hard", "easy"]),
    ("aztlan-2p", ["human", "easy"]),
])
def test_no_hand_off_with_one_person(ui, variant, kinds):
    counts = scripted_game(ui, variant, kinds, seed=3)
    assert counts["secret decisions"] > 0  # the person did choose cards in secret
    assert counts["handoffs"] == 0


@pytest.mark.parametrize("variant, players", [("aztlan", 3), ("aztlan", 4),
                                              ("aztlan-2p", 2)])
def test_people_get_at_most_one_hand_off_per_secret_decision(ui, variant, players):
    counts = scripted_game(ui, variant, ["human"] * players, seed=5)
    # every age begins with a secret choice of a power card by each player
    ages = 5
    assert counts["handoffs"] >= ages * players
    assert counts["handoffs"] <= counts["secret decisions"]
    # placements and battles are public: far fewer hand-offs than decisions
    assert counts["handoffs"] < counts["actions"] / 2


@pytest.mark.parametrize("variant", ["mexica", "tlatelolco-market"])
def test_games_without_private_secrets_never_hand_off(ui, variant):
    counts = scripted_game(ui, variant, ["human"] * 3, seed=2)
    assert counts["handoffs"] == 0 and counts["actions"] > 0
