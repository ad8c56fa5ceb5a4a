"""The rules help in German on a handheld's 1280x800: German runs longer than English,
and no page of any game's aid may set a text over another, cut one, or draw one below
the floor (seen on a Steam Deck's screen: Aztlán's phases, "eine Machtkarte, geheim"
running into "Figuren einsetzen, eine pro Zug")."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from game.ui.scenes.help import HelpScene

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
    assert not problems, "\n".join(problems)
