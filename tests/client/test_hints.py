"""The hint key in the client: H shows the Normal player's choice on the board with a
reason, counts it for the seat, and the count survives a save."""

from __future__ import annotations

import json

import pygame

from game.api import load_game, new_game
from game.ui.scenes.common import make_session
from game.ui.scenes.play import PlayScene

from .conftest import Driver


def start(ui: Driver, variant: str = "mexica", players: int = 2) -> PlayScene:
    game = new_game(variant, players, seed=11)
    session = make_session(ui.app, game, ["Ana", "Ben", "Cy"][:players])
    scene = PlayScene(session)
    ui.app.stack.push(scene)
    ui.frames(2)
    return scene


def wait_hint(ui: Driver, scene: PlayScene) -> None:
    for _ in range(2000):
        ui.frames(1)
        if scene.hint_text:
            return
    raise AssertionError("no hint came")


def test_h_shows_the_hint_on_the_board_and_counts_it(ui):
    scene = start(ui)
    assert ("H", "Hint") in scene.shortcuts
    ui.key(pygame.K_h)
    wait_hint(ui, scene)
    hint = scene.hinter.hint
    assert hint is not None and hint.action in scene.session.legal()
    assert scene.hint_text.startswith("Hint: ")
    assert scene.hint_text in ui.texts()
    # the Mexica view puts its cursor on the move: the preview is the ghost, Enter plays it
    assert scene.view.preview.action == hint.action
    assert scene.session.hints == [1, 0]
    ui.key(pygame.K_h)  # H again hides it, and showing it again does not count twice
    assert not scene.hint_text
    ui.key(pygame.K_h)
    assert scene.hint_text and scene.session.hints == [1, 0]
    log = list(scene.game.log)
    ui.key(pygame.K_RETURN)
    assert scene.game.log == [*log, hint.action]


def test_the_count_of_hints_is_kept_in_the_saves_meta(ui):
    scene = start(ui)
    ui.key(pygame.K_h)
    wait_hint(ui, scene)
    meta = scene.session.meta()
    assert meta["hints"] == [1, 0]
    data = scene.game.to_dict()
    data["meta"] = meta
    other = make_session(ui.app, load_game(json.dumps(data)), ["Ana", "Ben"])
    other.apply_meta(data["meta"])
    assert other.hints == [1, 0]
    other.apply_meta({"hints": ["x", -1]})  # damaged: ignored, never a crash
    assert other.hints == [1, 0]


def test_every_view_names_a_hint_without_hooks(stub_ui):
    scene = start(stub_ui, "tlatelolco-market", 2)
    stub_ui.key(pygame.K_h)
    wait_hint(stub_ui, scene)
    assert scene.hint_text.startswith("Hint: ")
    assert scene.view.status.startswith("Suggested: ")
