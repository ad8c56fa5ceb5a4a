"""A game built at a position for a test is never saved by the client: no autosave after
its actions, and the save screen says why instead of writing a file (issue 35)."""

from __future__ import annotations

import json

import pygame

from game.api import new_game
from game.i18n import say
from game.ui import showcase
from game.ui.scenes.pause import NOT_SAVED, SaveScene
from game.ui.session import Session


def a_position():
    game = new_game("mexica", 2, seed=3)
    return game.at_position(json.loads(json.dumps(game.rules.to_dict(game.state))))


def test_a_position_game_is_never_autosaved_and_the_save_screen_says_why(stub_ui):
    app = stub_ui.app
    play = showcase.start_play(app, a_position())
    stub_ui.frames(5)
    stub_ui.key(pygame.K_RETURN)  # the stub view plays the first legal action
    assert len(play.session.game.log) == 1 and play.session.game.is_position
    app.saves.flush()
    assert app.saves.folder.is_dir() is False or not list(app.saves.folder.glob("*.json"))
    app.stack.push(SaveScene(play.session))
    stub_ui.frames(2)
    assert say(NOT_SAVED) in stub_ui.texts()
    stub_ui.type("Puzzle")
    stub_ui.key(pygame.K_RETURN)
    assert isinstance(stub_ui.top, SaveScene) and say(NOT_SAVED) in stub_ui.texts()
    assert not app.saves.path("Puzzle").exists()


def test_undo_in_a_position_game_keeps_it_a_position():
    session = Session(a_position(), autosave=lambda game: None)
    assert session.autosave is None
    start = session.game.position
    session.apply(session.legal()[0])
    session.undo()
    assert session.game.is_position and session.game.position == start
    assert session.game.log == []
