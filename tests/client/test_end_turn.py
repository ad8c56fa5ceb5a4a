"""Turns that forgive slips (issue 15): ending a turn that gives something up (AP left in
Mexica, buyers that could still buy in the Market) asks for one press more, the same in
every game; anything else in between cancels it; undo says truly why it cannot help."""

from __future__ import annotations

import pygame

from game.api import new_game
from game.core.rng import Rng
from game.ui.scenes.play import PlayScene
from game.ui.sessions import make_session


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
    start(stub_ui, g)
    seat = g.current_player
    stub_ui.key(pygame.K_e)
    assert g.current_player == seat and "end" not in g.log  # not yet
    status = " ".join(stub_ui.texts())
    assert "Sure? 6 AP left: E again (pad: X) ends the turn" in status
    stub_ui.key(pygame.K_e)
    assert g.log[-1] == "end" and g.current_player != seat


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


def status_line(ui) -> str:
    """The status line's words as drawn (under the board)."""
    return " ".join(t for t in ui.texts() if t.startswith(("Sure?", "Not allowed")))


def test_the_question_shows_even_right_after_a_refusal(stub_ui):
    """The group's report: U refused at the start of a turn, then E showed nothing (the
    red refusal kept the place of the question), and E again lost 6 AP unwarned."""
    g = mexica_turn()
    play = start(stub_ui, g)
    stub_ui.key(pygame.K_u)
    assert play.refusal  # nothing to undo: refused, in red
    assert "Not allowed" in status_line(stub_ui)
    stub_ui.key(pygame.K_e)
    shown = status_line(stub_ui)
    assert "Sure? 6 AP left: E again (pad: X) ends the turn" in shown
    assert "Not allowed" not in shown and "end" not in g.log


def test_a_question_outranks_a_refusal_that_comes_with_it(stub_ui):
    g = mexica_turn()
    play = start(stub_ui, g)
    stub_ui.key(pygame.K_e)
    play.refusal = "something refused"  # however a refusal arrives while it is asked
    assert "Sure? 6 AP left" in status_line(stub_ui)


def test_an_ended_turn_can_be_taken_back_until_the_next_player_acts(stub_ui):
    g = mexica_turn()
    play = start(stub_ui, g)
    ana = g.current_player
    stub_ui.press(pygame.K_e, pygame.K_e)  # ended with 6 AP left
    assert g.log[-1] == "end" and g.current_player != ana
    stub_ui.key(pygame.K_u)  # whoever sits at the keys now is asked first
    assert g.log[-1] == "end"
    assert "Sure? U again gives the turn back to Ana" in status_line(stub_ui)
    stub_ui.key(pygame.K_u)
    g = play.game  # an undo restores the game as it was
    assert g.current_player == ana and g.state.ap == 6 and "end" not in g.log[-1:]
    assert play.note == "Undone: Ana's turn again"
    assert play.banner.text == "Ana's turn"  # the turn came back: said as a turn is


def test_once_the_next_player_has_acted_the_ended_turn_stays_ended(stub_ui):
    g = mexica_turn()
    play = start(stub_ui, g)
    stub_ui.press(pygame.K_e, pygame.K_e)
    ben = g.current_player
    assert play.apply(next(a for a in play.session.legal() if a != "end"))
    stub_ui.key(pygame.K_u)  # Ben's own action: undone at once, no question
    assert play.game.current_player == ben and play.game.log[-1] == "end"
    stub_ui.key(pygame.K_u)
    assert play.game.current_player == ben  # Ana's end stays: Ben had acted
    assert play.refusal == "Ana's turn is over: undo goes back only until the next " \
        "player acts"


def test_anything_else_cancels_taking_a_turn_back(stub_ui):
    g = mexica_turn()
    play = start(stub_ui, g)
    stub_ui.press(pygame.K_e, pygame.K_e)
    stub_ui.press(pygame.K_u, pygame.K_RIGHT, pygame.K_u)  # asked, cancelled, asked again
    assert g.log[-1] == "end" and play.confirming is not None


def test_a_refusal_goes_with_the_next_press_or_when_the_pointer_moves_on(stub_ui):
    g = mexica_turn()
    play = start(stub_ui, g)
    stub_ui.key(pygame.K_u)
    assert play.refusal
    stub_ui.key(pygame.K_RIGHT)  # the cursor moved: the status says what it is over
    assert not play.refusal and "Not allowed" not in status_line(stub_ui)
    stub_ui.click(600, 500)
    stub_ui.key(pygame.K_u)
    assert play.refusal
    stub_ui.app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=stub_ui.pixel(610, 505),
                                         rel=(0, 0), buttons=())], 1 / 60)
    assert play.refusal  # a jiggle keeps it
    stub_ui.app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=stub_ui.pixel(900, 500),
                                         rel=(0, 0), buttons=())], 1 / 60)
    assert not play.refusal


def test_a_refusal_showing_is_said_anew_in_a_language_chosen_meanwhile(stub_ui):
    """Played in the real window: a refusal showed, the group switched the language to
    German in the pause menu's Settings, and back in the game the status line still
    said the refusal in English until the next press. It is kept as the message."""
    from game.i18n import language, set_language

    g = mexica_turn()
    play = start(stub_ui, g)
    stub_ui.key(pygame.K_u)  # nothing to undo: refused
    english = play.refusal
    assert english and english in " ".join(stub_ui.texts())
    before = language()
    set_language("de")
    try:
        german = play.refusal
        assert german and german != english
        stub_ui.frames(1)
        drawn = " ".join(stub_ui.texts())
        assert german in drawn and english not in drawn
    finally:
        set_language(before)


def test_the_action_log_is_said_anew_in_a_language_chosen_meanwhile(stub_ui):
    """The log's lines are words said when the log was built: after the language was
    switched in Settings they stayed in the old one until the next action."""
    from game.i18n import language, set_language

    g = mexica_turn()
    play = start(stub_ui, g)
    english = list(play.log.lines)
    assert english
    before = language()
    set_language("de")
    try:
        stub_ui.frames(1)
        assert play.log.lines != english  # the same actions, in German
        assert len(play.log.lines) == len(english)
    finally:
        set_language(before)
