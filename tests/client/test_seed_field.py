"""The setup screen's seed field: what a person types there becomes ``new_game``'s seed."""

from __future__ import annotations

import pygame

from game.ui.scenes.play import PlayScene

from .test_scenes import choose


def test_the_seed_field_takes_ascii_digits_only(stub_ui):
    """``str.isdigit`` let a superscript in, and ``int('²')`` then raised at Start."""
    ui = stub_ui
    choose(ui, "New game")
    setup = ui.top
    setup.focus_on("seed")
    ui.frames(1)
    ui.type("1²٤３2")
    assert setup.seed.value == "12"
    setup.focus_on("start")
    ui.key(pygame.K_RETURN)
    assert isinstance(ui.top, PlayScene)
    assert ui.top.game.seed == 12
