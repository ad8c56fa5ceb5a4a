"""Saving through the pause menu, then a damaged save file: the Load screen says so, never
touches the file, and the other saves still load. Real Mexica view, real input events."""

from __future__ import annotations

import pygame

from game.ui.dialogs import Confirm
from game.ui.scenes.load import LoadScene
from game.ui.scenes.pause import PauseScene, SaveScene
from game.ui.scenes.play import PlayScene
from game.ui.scenes.title import TitleScene

from .conftest import Driver

GARBAGE = b"\x89not a save at all{{{\x00\xff"


def choose(ui: Driver, label: str) -> None:
    """Walk the focused menu to ``label`` with the arrow keys and press Enter."""
    menu = ui.top.menu
    for _ in range(len(menu.items) + 1):
        if str(menu.current.label) == label:
            ui.key(pygame.K_RETURN)
            return
        ui.key(pygame.K_DOWN)
    raise AssertionError(f"no menu item {label!r}")


def test_save_from_the_pause_menu_then_a_damaged_file(ui):
    app = ui.app
    choose(ui, "New game")
    setup = ui.top
    setup.focus_on("start")
    ui.key(pygame.K_RETURN)
    play = ui.top
    assert isinstance(play, PlayScene)
    ui.frames(10)
    # a few actions by keyboard: both Pilli, then an AP token from the tokens tool
    ui.key(pygame.K_UP)
    ui.key(pygame.K_RETURN)  # start i7
    ui.press(pygame.K_DOWN, pygame.K_DOWN)
    ui.key(pygame.K_RETURN)  # start i9
    ui.key(pygame.K_TAB, pygame.KMOD_SHIFT)
    assert play.view.tool == "tokens"
    ui.key(pygame.K_RETURN)  # take
    log = list(play.game.log)
    assert log == ["start i7", "start i9", "take"]

    # -- save under a typed name through the pause menu -----------------------------
    ui.key(pygame.K_ESCAPE)
    assert isinstance(ui.top, PauseScene)
    choose(ui, "Save game")
    save = ui.top
    assert isinstance(save, SaveScene)
    for _ in save.field.value:
        ui.key(pygame.K_BACKSPACE)
    ui.type("Round trip")
    ui.key(pygame.K_RETURN)
    assert isinstance(ui.top, PauseScene)
    # the message waits until the menu closes: nothing draws over a menu
    assert "Saved as 'Round trip'" in [m for m, _ in app.toasts]
    assert "Saved as 'Round trip'" not in " ".join(ui.texts())
    path = app.saves.path("Round trip")
    saved, meta = app.saves.read(path)
    assert saved.log == log and meta["names"] == ["Ana", "Ben"]

    # -- the file gets damaged while the game goes on --------------------------------
    path.write_bytes(GARBAGE)
    choose(ui, "Quit to title")
    assert isinstance(ui.top, Confirm)
    ui.key(pygame.K_RETURN)  # yes: the game is autosaved
    assert isinstance(ui.top, TitleScene)

    choose(ui, "Load")
    load = ui.top
    assert isinstance(load, LoadScene)
    ui.frames(30)
    labels = [str(item.label) for item in load.menu.items]
    assert labels[0] == "Autosave (last game)"
    assert "Round trip.json  (damaged)" in labels
    texts = ui.texts()
    assert "1 saved game, 1 damaged file" in texts
    assert any(t.startswith("Cannot be loaded:") and "Round trip.json" in t for t in texts)
    # the keyboard skips the damaged row; a click on it is refused with a message
    x, y, w, h = load.menu.row_rect(labels.index("Round trip.json  (damaged)"))
    ui.click(x + w / 2, y + h / 2)
    assert ui.top is load
    assert "This file is damaged and cannot be loaded; it is left as it is." in ui.texts()
    assert path.read_bytes() == GARBAGE

    # -- the autosave still loads, with the whole game -------------------------------
    choose(ui, "Autosave (last game)")
    resumed = ui.top
    assert isinstance(resumed, PlayScene)
    assert resumed.game.log == log
    assert resumed.game.current_player == 0 and resumed.game.state.ap == 5
    assert path.read_bytes() == GARBAGE
