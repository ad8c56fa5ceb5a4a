"""Turns that forgive slips (issue 15): ending a turn that gives something up (AP left in
Mexica, buyers that could still buy in the Market) asks for one press more, the same in
every game; anything else in between cancels it; undo says truly why it cannot help."""

from __future__ import annotations

import pygame

from game.api import new_game
from game.rng import Rng
from game.ui.scenes.common import make_session
from game.ui.scenes.play import PlayScene


def start(ui, game):
    play = PlayScene(make_session(ui.app, game, ["Ana", "Ben", "Cy"]))
    ui.app.stack.clear_to(play)
    ui.frames(1)
    return play


def mexica_turn():
    """Seat 1's first turn of a two-player Mexica: both Pilli placed, 6 AP to spend."""
    g = new_game("mexica", 2, seed=11)
    g.apply(g.legal_actions()[0])
    g.apply(g.legal_actions()[0])
    return g


def test_ending_with_ap_left_takes_one_press_more(stub_ui):
    g = mexica_turn()
    play = start(stub_ui, g)
    seat = g.current_player
    stub_ui.key(pygame.K_e)
    assert g.current_player == seat and "end" not in g.log  # not yet
    status = " ".join(stub_ui.texts())
    assert "Sure? 6 AP left: E again (pad: X) ends the turn" in status
    stub_ui.key(pygame.K_e)
    assert g.log[-1] == "end" and g.current_player != seat
    # the turn has passed: undo says so, not "nothing to undo this turn"
    stub_ui.key(pygame.K_u)
    assert play.refusal == "Ana's turn is over: undo works only within a turn"


def test_anything_else_between_the_presses_cancels(stub_ui):
    g = mexica_turn()
    play = start(stub_ui, g)
    stub_ui.key(pygame.K_e)
    stub_ui.key(pygame.K_RIGHT)  # something else: the question is gone
    assert play.confirming is None
    assert "Sure?" not in " ".join(stub_ui.texts())
    stub_ui.key(pygame.K_e)  # asks again
    assert "end" not in g.log and play.confirming is not None


def test_ending_with_nothing_left_is_at_once(stub_ui):
    g = mexica_turn()
    g.state.ap = 0
    start(stub_ui, g)
    stub_ui.key(pygame.K_e)
    assert g.log[-1] == "end"


def test_the_market_asks_the_same_when_buyers_could_still_buy(stub_ui):
    g = new_game("tlatelolco-market", 2, seed=1)
    rng = Rng(1)
    while not ("end" in g.legal_actions() and g.forgoes("end")):
        g.apply(g.playout_action(rng))
    seat = g.current_player
    play = start(stub_ui, g)
    stub_ui.key(pygame.K_e)
    assert g.current_player == seat and play.confirming is not None
    assert "could still buy: E again (pad: X) ends the turn" in " ".join(stub_ui.texts())
    stub_ui.key(pygame.K_e)
    assert g.log[-1] == "end"


def test_a_computer_ends_without_asking(stub_ui):
    g = mexica_turn()
    play = start(stub_ui, g)
    assert play.apply("end")  # the screen's own apply (computers, redo) does not ask
