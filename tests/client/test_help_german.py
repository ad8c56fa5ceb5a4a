"""The rules help in German on a handheld's 1280x800: German runs longer than English,
and no page of any game's aid may set a text over another, cut one, or draw one below
the floor (seen on a Steam Deck's screen: Aztlán's phases, "eine Machtkarte, geheim"
running into "Figuren einsetzen, eine pro Zug")."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from game.i18n import say
from game.kit.client.layers import Snapshot
from game.kit.client.screen import Screen
from game.ui.scenes.help import HelpScene
from game.ui.shell import laid_out

from .conftest import Driver
from .test_help import MAIN, page_problems


@pytest.fixture
def handheld_in_german(make_app) -> Iterator[Driver]:
    """A 1280x800 window reading German (set once the window has read its settings)."""
    from game.i18n import language, set_language

    ui = Driver(make_app(size=(1280, 800)))
    before = language()
    set_language("de")
    try:
        yield ui
    finally:
        set_language(before)


@pytest.mark.parametrize("variant", MAIN)
def test_every_page_reads_in_german_on_a_handheld(handheld_in_german, variant):
    ui = handheld_in_german
    ui.app.stack.push("rules", ui.app.registry.spec(variant))
    ui.frames(20)  # the panel has grown in
    scene = ui.top
    assert isinstance(scene, HelpScene) and scene.painter is not None
    problems = []
    for page in range(len(scene.pages)):
        problems += page_problems(ui, scene, page)
        problems += [f"page {page + 1}: clipped: {words}" for words in clipped(ui, scene)]
    assert not problems, "\n".join(problems)


def clipped(ui: Driver, scene: HelpScene) -> list[str]:
    """The texts of the page shown that its picture's clip cuts through (part shown, part
    not: "gewinnt bei Gleich" of "gewinnt bei Gleichstand")."""
    window = ui.app.screen.surface
    out: list[str] = []
    draw = Screen.text

    def text(self: Screen, words: Any, *args: Any, **kwargs: Any) -> pygame.Rect:
        rect = draw(self, words, *args, **kwargs)
        clip = self.surface.get_clip()
        shown = rect.clip(clip)  # a letter's edge on the rim of a board is no cut
        if self.surface is window and shown.w and (rect.w - shown.w > max(4, rect.w * 0.1)
                                                   or rect.h - shown.h > rect.h * 0.3):
            out.append(say(words))
        return rect

    Screen.text = text  # type: ignore[method-assign]
    Snapshot.paint_always = True  # the page is painted, not its kept pixels blitted
    try:
        scene.draw(laid_out(ui.app.screen, scene))
    finally:
        Screen.text = draw  # type: ignore[method-assign]
        Snapshot.paint_always = False
    return out
