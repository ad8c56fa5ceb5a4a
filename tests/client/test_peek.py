"""Hold to peek (issue 15): on a shared screen a person holds P (or a controller's left
trigger) to see their own secrets (the power card, the prosperity cards), hidden again
on release. Whose secrets must be clear: a claimed controller peeks for its seat, the
shared keyboard for the person deciding; never a computer's, never over another
person's secret decision."""

from __future__ import annotations

import pygame

from game.api import new_game
from game.kit.client.intent import Intent
from game.ui.input import InputMapper
from game.ui.scenes.pause import PauseScene
from game.ui.scenes.play import PlayScene
from game.ui.sessions import make_session
from tests.client.conftest import said_keys

NAMES = ["Ana", "Ben", "Cy"]
LT = pygame.CONTROLLER_AXIS_TRIGGERLEFT


def hold(ui, key=pygame.K_p):
    ui.key(key)


def release(ui, key=pygame.K_p):
    ui.app.step([pygame.event.Event(pygame.KEYUP, key=key, mod=0)], 1 / 60)


def trigger(ui, value: int, instance_id: int):
    ui.app.step([pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=instance_id,
                                    axis=LT, value=value)], 1 / 60)


def placing(ui, kinds=None):
    """Three people choose power cards 9, 8, 7; the first to develop places in public."""
    g = new_game("aztlan", 3, seed=8)
    for card in (9, 8, 7):
        g.apply(f"choose {card}")
    g.state.prosperity[g.current_player] = ["mixcoatl"]
    session = make_session(ui.app, g, NAMES)
    session.set_kinds(kinds)
    play = PlayScene(session)
    ui.app.stack.clear_to(play)
    ui.frames(1)
    assert play.privacy is None and play.view.decision.kind == "place"
    return g, play


def secrets_drawn(ui, play, seat: int) -> bool:
    """Whether a full frame draws ``seat``'s power card and prosperity card."""
    play.view.on_reset()
    texts = " | ".join(ui.texts())
    card = play.game.state.chosen[seat]
    return "Mixcoatl" in texts and "power card" in texts and f"{card}" in texts


def test_the_mapper_turns_the_key_and_the_trigger_into_a_peek_and_its_end():
    m = InputMapper()
    down = m.translate(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_p, mod=0, unicode="p"))
    up = m.translate(pygame.event.Event(pygame.KEYUP, key=pygame.K_p, mod=0))
    assert [i.kind for i in down + up] == ["peek", "peek_end"]
    pulls = [m.translate(pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=3,
                                            axis=LT, value=v))
             for v in (30000, 32000, 200)]
    assert pulls == [[Intent("peek", device="controller:3")], [],
                     [Intent("peek_end", device="controller:3")]]
    lost = m.translate(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    assert [i.kind for i in lost] == ["peek_end"]  # its release may never come
    m.text_mode = True  # typing a name: p is a letter
    assert m.translate(pygame.event.Event(pygame.KEYUP, key=pygame.K_p, mod=0)) == []


def test_holding_p_shows_the_deciders_own_secrets_until_released(ui):
    g, play = placing(ui)
    seat = g.current_player
    assert not secrets_drawn(ui, play, seat)  # placing in public: no one's card shows
    assert ("P / LT", "Hold: peek") in said_keys(play.shortcuts)
    hold(ui)
    assert play.session.shown == seat and secrets_drawn(ui, play, seat)
    assert any("secrets show while P is held" in t for t in ui.texts())
    release(ui)
    assert play.session.shown is None and not secrets_drawn(ui, play, seat)


def test_a_peek_ends_with_the_decision_and_under_a_menu(ui):
    g, play = placing(ui)
    hold(ui)
    assert play.session.shown == g.current_player
    ui.key(pygame.K_ESCAPE)  # the pause menu covers the board: the peek ends
    assert isinstance(ui.top, PauseScene) and play.session.shown is None
    ui.key(pygame.K_ESCAPE)
    hold(ui)
    ui.key(pygame.K_RETURN)  # a pawn placed: the peek does not outlive the decision
    assert g.log[-1].startswith("place") and play.seats.peeking is None


def test_a_claimed_controller_peeks_for_its_own_seat_whoever_decides(ui):
    g, play = placing(ui, kinds=["human", "human", "human"])
    other = next(s for s in range(3) if s != g.current_player)
    play.session.controllers = {4: other}
    trigger(ui, 30000, 4)  # a claimed pad peeks for its own seat, whoever decides
    assert play.session.shown == other
    trigger(ui, 0, 4)
    assert play.session.shown is None


def test_nobody_peeks_at_a_computer_or_over_a_secret_decision(ui):
    g = new_game("aztlan", 3, seed=8)
    session = make_session(ui.app, g, NAMES)
    first = g.current_player
    session.set_kinds(["human" if s == first else "easy" if s == (first + 1) % 3
                       else "human" for s in range(3)])
    play = PlayScene(session)
    ui.app.stack.clear_to(play)
    ui.key(pygame.K_RETURN)  # Pass to the first chooser: ready
    assert play.session.shown == first
    third = next(s for s in range(3) if session.kinds[s] == "human" and s != first)
    play.session.controllers = {2: third}
    trigger(ui, 30000, 2)  # the first chooser's cards are on the screen
    assert play.session.shown == first
    assert play.refusal == "Another player's secret decision is on the screen"
    trigger(ui, 0, 2)
    play.refusal = ""
    play.apply(g.legal_actions()[0])  # now the computer chooses
    hold(ui)  # whose would the keyboard show? not the computer's, and not a guess
    assert play.session.shown is None and "Peek while you decide" in play.refusal


def test_games_without_secrets_have_nothing_to_peek_at(ui):
    g = new_game("mexica", 2, seed=1)
    play = PlayScene(make_session(ui.app, g, NAMES[:2]))
    ui.app.stack.clear_to(play)
    ui.frames(1)
    assert all(key != "P / LT" for key, _ in said_keys(play.shortcuts))
    hold(ui)
    assert play.session.shown is None and play.refusal == "Nothing in this game is secret"
