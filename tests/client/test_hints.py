"""The hint key in the client: H shows the Normal player's choice on the board with a
reason, counts it for the seat, and the count survives a save."""

from __future__ import annotations

import json
import threading

import pygame

from game.api import load_game, new_game
from game.ui.scenes.play import PlayScene
from game.ui.sessions import make_session

from .conftest import Driver, said_keys


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
    assert ("H", "Hint") in said_keys(scene.shortcuts)
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


def test_enter_plays_a_hint_the_board_cannot_point_at(ui):
    """The group's report: the hint said "end — the only move there is" and Enter did
    nothing. A hint the board cannot show as a cursor (ending the turn) is played by
    Enter, and the status line says so."""
    scene = start(ui)
    while scene.session.legal() != ["end"]:  # spend the AP until ending is all there is
        assert scene.apply(next(a for a in scene.session.legal() if a != "end"))
    seat = scene.game.current_player
    ui.key(pygame.K_h)
    wait_hint(ui, scene)
    assert scene.hinter.hint is not None and scene.hinter.hint.action == "end"
    assert scene.hint_text.endswith("(Enter: do it)") and scene.hint_text in ui.texts()
    ui.key(pygame.K_RETURN)
    assert scene.game.log[-1] == "end" and scene.game.current_player != seat


def test_a_hint_asked_while_an_old_search_winds_down_comes_without_a_second_press(ui):
    """H pressed while the worker still winds down a search the game moved past used to
    be dropped: nothing showed until H was pressed again. Now it waits and starts."""
    scene = start(ui)
    hinter = scene.hinter
    release = threading.Event()
    old = threading.Thread(target=release.wait)  # a search still winding down
    old.start()
    hinter.worker._abandoned = old
    try:
        ui.key(pygame.K_h)
        assert hinter.thinking and hinter.waiting == scene.game.current_player
        ui.frames(3)
        assert "Looking for a hint…" in ui.texts() and not scene.hint_text
    finally:
        release.set()
        old.join()
    wait_hint(ui, scene)  # no second press
    assert scene.hint_text.startswith("Hint: ") and scene.session.hints == [1, 0]


def test_the_next_hint_goes_on_with_the_plan_the_last_one_began(ui):
    """A hint is the first step of a plan ("... then pass, shift d3"). Played as hinted,
    the next hint is the plan's next step, not a fresh search that may undo it: the
    Market's free messenger was hinted from a4 to a1 and back, 400 actions long."""
    scene = start(ui, "tlatelolco-market", 2)
    for _ in range(40):  # find a hint whose plan has more than one step
        ui.key(pygame.K_h)
        wait_hint(ui, scene)
        hint = scene.hinter.hint
        assert hint is not None
        if len(hint.plan) > 1 and scene.hints.enter_action() is None:
            break
        scene.apply(hint.action)  # played as hinted
        ui.frames(1)
    else:
        raise AssertionError("no hint with a plan of several steps")
    scene.apply(hint.action)  # the first step, as the hint said
    ui.frames(1)
    ui.key(pygame.K_h)
    assert scene.hinter._bot is None  # no search: the plan goes on
    wait_hint(ui, scene)
    assert scene.hinter.hint is not None and scene.hinter.hint.action == hint.plan[1]
    assert scene.hinter.hint.plan == hint.plan[1:]


def test_a_plan_is_not_followed_after_another_move(ui):
    scene = start(ui, "mexica", 2)
    ui.key(pygame.K_h)
    wait_hint(ui, scene)
    hint = scene.hinter.hint
    assert hint is not None
    other = next(a for a in scene.session.legal() if a != hint.action)
    scene.apply(other)  # the player did something else: a fresh search
    ui.frames(1)
    assert scene.hinter.follow is None


def test_the_plans_next_step_is_hinted_with_its_own_reason_never_the_step_twice(ui):
    """Aztlán for three: the hint "You place a pawn in t20 — then you move a pawn from
    t20 to t11", played as hinted, was followed by "You move a pawn from t20 to t11 —
    then you move a pawn from t20 to t11": the next step kept the first one's reason.
    The next step's hint gives the reason of what is left of the plan, never its own
    move again after "then"."""
    game = new_game("aztlan", 3, seed=11)
    while game.legal_actions()[0].startswith("choose"):  # the tribes, chosen in secret
        game.apply(game.legal_actions()[0])
    scene = PlayScene(make_session(ui.app, game, ["Ana", "Ben", "Cy"]))
    ui.app.stack.push(scene)
    ui.frames(2)
    for _ in range(60):  # a hint whose plan goes on after its first step
        while ui.app.stack.top is not scene:  # a screen handed over: Enter when ready
            ui.key(pygame.K_RETURN)
        ui.key(pygame.K_h)
        wait_hint(ui, scene)
        hint = scene.hinter.hint
        assert hint is not None
        if len(hint.plan) > 1 and scene.hints.enter_action() is None:
            break
        scene.apply(hint.action)
        ui.frames(1)
    else:
        raise AssertionError("no hint with a plan of several steps")
    scene.apply(hint.action)  # played as hinted
    ui.frames(1)
    ui.key(pygame.K_h)
    wait_hint(ui, scene)
    text = str(scene.hint_text)
    move, _dash, why = text.removeprefix("Hint: ").partition(" — ")
    assert scene.hinter.hint is not None and scene.hinter.hint.action == hint.plan[1]
    assert why and move.lower() not in why.lower(), text
