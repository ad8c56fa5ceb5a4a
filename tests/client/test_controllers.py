"""A seat can claim a controller: A on a seat's row in the setup claims the pad; in the game
a claimed pad plays only while its seat decides (keyboard and mouse always work); plugging
a pad in or out shows a toast. Synthetic controller events, no real pad needed."""

from __future__ import annotations

import pygame

from game.ui.scenes.pause import PauseScene
from game.ui.scenes.play import PlayScene
from game.ui.scenes.setup import SetupScene

from .conftest import Driver, said_keys

A = pygame.CONTROLLER_BUTTON_A
B = pygame.CONTROLLER_BUTTON_B
UP = pygame.CONTROLLER_BUTTON_DPAD_UP
DOWN = pygame.CONTROLLER_BUTTON_DPAD_DOWN
ANA_PAD, BEN_PAD, SPARE_PAD = 3, 5, 9


def open_setup(ui: Driver) -> SetupScene:
    ui.key(pygame.K_RETURN)  # "New game"
    setup = ui.top
    assert isinstance(setup, SetupScene)
    return setup


def focus(ui: Driver, setup: SetupScene, key: str) -> None:
    for _ in range(len(setup.rows)):
        if setup.current.key == key:
            return
        ui.key(pygame.K_DOWN)
    raise AssertionError(f"no row {key}")


def claimed_setup(ui: Driver) -> SetupScene:
    setup = open_setup(ui)
    focus(ui, setup, "name0")
    ui.pad(A, ANA_PAD)
    focus(ui, setup, "colour1")
    ui.pad(A, BEN_PAD)
    return setup


def test_a_on_a_seat_row_claims_the_pad(ui):
    setup = open_setup(ui)
    focus(ui, setup, "variant")
    ui.pad(A, ANA_PAD)  # on the "Game" row A is just Enter: no claim
    assert setup.claims == {}
    focus(ui, setup, "name0")
    names = [f.value for f in setup.names]
    ui.pad(A, ANA_PAD)
    assert setup.claims == {ANA_PAD: 0}
    assert setup.current.key == "name0"  # the claim did not move the focus...
    assert [f.value for f in setup.names] == names  # ...nor type anything
    assert "Pad 4" in ui.texts()  # shown on Player 1's card
    assert ("Pad A", "Claim seat") in said_keys(setup.shortcuts)
    focus(ui, setup, "colour1")
    colours = list(setup.colour_index)
    ui.pad(A, BEN_PAD)
    assert setup.claims == {ANA_PAD: 0, BEN_PAD: 1}
    assert setup.colour_index == colours
    # Ana's pad moves to seat 2; a second press on the same seat lets go of it
    ui.pad(A, ANA_PAD)
    assert setup.claims == {ANA_PAD: 1, BEN_PAD: 1}
    ui.pad(A, ANA_PAD)
    assert setup.claims == {BEN_PAD: 1}
    assert "Pad 4" not in ui.texts() and "Pad 6" in ui.texts()
    # the claims go into the game
    ui.pad(A, ANA_PAD)
    focus(ui, setup, "name0")
    ui.pad(A, ANA_PAD)
    focus(ui, setup, "start")
    ui.key(pygame.K_RETURN)
    play = ui.top
    assert isinstance(play, PlayScene)
    assert play.session.controllers == {ANA_PAD: 0, BEN_PAD: 1}


def test_a_claimed_pad_plays_only_for_its_seat(ui):
    claimed_setup(ui)
    ui.top.focus_on("start")
    ui.key(pygame.K_RETURN)
    play = ui.top
    assert isinstance(play, PlayScene)
    view, board = play.view, play.game.rules.table.board
    assert play.session.controllers == {ANA_PAD: 0, BEN_PAD: 1}
    assert play.game.current_player == 0

    # Ben's pad while Ana decides: refused, nothing moves
    cursor = view.cursor
    ui.pad(UP, BEN_PAD)
    ui.pad(A, BEN_PAD)
    assert view.cursor == cursor and play.game.log == []
    assert play.refusal == "Pad 6 is Ben's controller; Ana decides now"
    assert "Not allowed: Pad 6 is Ben's controller; Ana decides now" in ui.texts()
    # Ana's pad plays
    ui.pad(UP, ANA_PAD)
    assert board.names[view.cursor] == "i7"
    ui.pad(A, ANA_PAD)
    assert play.game.log == ["start i7"] and not play.refusal
    # now Ben decides: Ana's pad is refused, Ben's plays
    ui.pad(A, ANA_PAD)
    assert play.game.log == ["start i7"] and "Pad 4 is Ana's" in play.refusal
    ui.pad(DOWN, BEN_PAD)
    ui.pad(DOWN, BEN_PAD)
    ui.pad(A, BEN_PAD)
    assert play.game.log == ["start i7", "start i9"]
    # an unclaimed pad and the keyboard work for whoever decides
    ui.pad(UP, SPARE_PAD)
    assert not play.refusal and board.names[view.cursor] == "i8"
    ui.key(pygame.K_UP)
    assert board.names[view.cursor] == "i7"
    # any pad may open the pause menu (it is not a move)
    ui.pad(B, BEN_PAD)
    assert isinstance(ui.top, PauseScene)
    ui.pad(B, BEN_PAD)
    assert ui.top is play


def shown(ui) -> str:
    """Every text of a frame on one line (a toast may wrap)."""
    return " ".join(ui.texts())


def test_plugging_pads_in_and_out_shows_a_toast(ui):
    setup = claimed_setup(ui)
    ui.app.step([pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=0)], 1 / 60)
    assert any(t.startswith("Controller connected") for t in ui.texts())
    # unplugged during the setup: the seat's claim goes
    ui.app.step([pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=ANA_PAD)],
                1 / 60)
    assert setup.claims == {BEN_PAD: 1}
    assert "Pad 4 disconnected; Ana plays on with keyboard or mouse" in shown(ui)
    # unplugged during the game, under the pause menu
    setup.focus_on("start")
    ui.key(pygame.K_RETURN)
    play = ui.top
    ui.key(pygame.K_ESCAPE)
    assert isinstance(ui.top, PauseScene)
    ui.app.step([pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=BEN_PAD)],
                1 / 60)
    assert play.session.controllers == {}
    # nothing draws over the menu; the message waits for it to close
    assert "Pad 6 disconnected" not in shown(ui)
    ui.frames(60, 1 / 6)  # ten seconds under the menu (a toast lasts far less)
    ui.key(pygame.K_ESCAPE)
    assert ui.top is play
    assert "Pad 6 disconnected; Ben plays on with keyboard or mouse" in shown(ui)
    # a pad nobody claimed
    ui.app.step([pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=SPARE_PAD)],
                1 / 60)
    assert "Pad 10 disconnected" in shown(ui)
    ui.frames(50, 1 / 10)  # five seconds: toasts fade
    assert not ui.app.toasts
