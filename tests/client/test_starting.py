"""Getting a group playing (issue 15): two presses from the title to a game, Rematch
on the results and on the title keep every seat as it was (names, colours, who plays it),
Rematch survives a restart in the user folder, and the empty Load screen reads clearly."""

from __future__ import annotations

import json

import pygame

from game.api import new_game
from game.core.rng import Rng
from game.kit.client.layers import Snapshot
from game.ui.lastsetup import FILE
from game.ui.scenes.load import LoadScene
from game.ui.scenes.play import PlayScene
from game.ui.scenes.results import CALM_AFTER, ResultsScene
from game.ui.scenes.setup import SetupScene
from game.ui.scenes.title import TitleScene
from game.ui.sessions import make_session


def choose(ui, label: str) -> None:
    menu = ui.top.menu
    menu.focus = next(i for i, item in enumerate(menu.items) if str(item.label) == label)
    ui.key(pygame.K_RETURN)


def labels(ui) -> list[str]:
    return [str(item.label) for item in ui.top.menu.items]


def test_two_presses_from_the_title_start_a_game(ui):
    assert isinstance(ui.top, TitleScene)
    ui.key(pygame.K_RETURN)  # New game
    assert isinstance(ui.top, SetupScene) and ui.top.current.key == "start"
    ui.key(pygame.K_RETURN)  # Start
    assert isinstance(ui.top, PlayScene)


def test_play_again_keeps_every_seat_as_it_was(stub_ui):
    g = new_game("mexica", 3, seed=3)
    rng = Rng(3)
    while not g.is_over:
        g.apply(g.playout_action(rng))
    session = make_session(stub_ui.app, g, ["Ana", "Ben", "Cy"], [4, 0, 2])
    session.set_kinds(["human", "hard", "easy"])
    stub_ui.app.stack.push(ResultsScene(session))
    stub_ui.frames(round(CALM_AFTER * 60) + 1)  # the results settle
    stub_ui.key(pygame.K_RETURN)  # the first press shows the focus, on Rematch
    stub_ui.key(pygame.K_RETURN)
    play = stub_ui.top
    assert isinstance(play, PlayScene) and play.game.log == []
    assert play.session.kinds == ["human", "hard", "easy"]  # computers stay computers
    assert play.seats.labels() == ["", "CPU Hard", "CPU Easy"]
    assert play.session.names == ["Ana", "Ben", "Cy"]
    assert play.session.colour_index == [4, 0, 2]


def start_from_setup(ui) -> SetupScene:
    """New game: Aztlán for three, Cy played by the computer (Normal), Ana named."""
    ui.key(pygame.K_RETURN)
    setup = ui.top
    while setup.spec.id != "aztlan":
        setup.focus_on("variant")
        ui.key(pygame.K_RIGHT)
    assert setup.players == 3  # Aztlán's smallest count
    setup.names[0].value = "Ana"
    setup.kinds[2] = "normal"
    setup.focus_on("start")
    ui.key(pygame.K_RETURN)
    playing(ui)
    return setup


def playing(ui) -> PlayScene:
    """The game on the stack (a "Pass to" screen may stand over it)."""
    return next(s for s in ui.app.stack.scenes if isinstance(s, PlayScene))


def test_rematch_repeats_the_last_setup_even_after_a_restart(make_app, home):
    from .conftest import Driver

    ui = Driver(make_app())
    assert "Rematch" not in labels(ui)  # nothing set up yet
    start_from_setup(ui)
    kept = json.loads((home / FILE).read_text())
    assert kept["variant"] == "aztlan" and kept["meta"]["seats"] == ["human", "human",
                                                                    "normal"]
    assert not [p for p in home.iterdir() if p.name.endswith(".tmp")]  # written atomically
    # a new start of the program: the title offers it, named
    ui = Driver(make_app())
    assert labels(ui)[0] == "Rematch"
    assert str(ui.top.menu.items[0].detail) == "Aztlán · Ana, Ben, Cy"
    choose(ui, "Rematch")
    play = playing(ui)
    assert (play.game.variant, play.game.players) == ("aztlan", 3)
    assert play.session.names == ["Ana", "Ben", "Cy"]
    assert play.session.kinds == ["human", "human", "normal"]


def test_a_damaged_last_setup_means_no_rematch_and_no_error(make_app, home):
    from .conftest import Driver

    for junk in ("{not json", json.dumps({"variant": "nonexistent", "players": 2,
                                          "options": None, "meta": {}}),
                 json.dumps({"variant": "aztlan", "players": 9, "options": None,
                             "meta": {}}), json.dumps([1, 2])):
        (home / FILE).write_text(junk)
        ui = Driver(make_app())
        assert "Rematch" not in labels(ui) and not ui.top.error


def test_the_empty_load_screen_says_so_clear_of_back(ui):
    ui.app.stack.push("load")
    load = ui.top
    assert isinstance(load, LoadScene) and labels(ui) == ["Back"]
    texts = []
    draw_text = ui.app.screen.text

    def record(text, x, y, size=None, *args, **kwargs):
        texts.append((str(text), y, size))
        return draw_text(text, x, y, size, *args, **kwargs) if size is not None \
            else draw_text(text, x, y, *args, **kwargs)

    ui.app.screen.text = record
    Snapshot.paint_always = True  # kept parts' words too
    try:
        ui.app.draw()
    finally:
        del ui.app.screen.text
        Snapshot.paint_always = False
    _, y, size = next(t for t in texts if t[0].startswith("No saved games yet"))
    _, back_y, _, _ = load.menu.row_rect(0)
    assert y + size / 2 < back_y  # the sentence ends above the Back button
