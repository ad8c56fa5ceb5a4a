"""The board views load when a board is first needed, not at start: the title shows no
board, so its first frame imports no game's view (``tests/test_startup.py`` checks the
modules in a fresh process). What a modder checks here: a plugin's view hook that
raises is still reported as broken, as soon as New game opens (which lists what could
not load where it has room), and every other game still has its board."""

from __future__ import annotations

import sys
import types
from collections.abc import Callable

import pytest

from game.core.hookspecs import hookimpl
from game.core.registry import Registry, reset_registry
from game.ui.scenes.setup import SetupScene
from game.ui.scenes.title import TitleScene
from tests.client.conftest import Driver

pytestmark = pytest.mark.usefixtures("pygame_display")


def _failing_view_plugin() -> types.ModuleType:
    module = types.ModuleType("lazyviews_bad")

    def register_views(register: Callable[..., None]) -> None:
        raise RuntimeError("no view today")

    module.register_views = hookimpl(register_views)  # type: ignore[attr-defined]
    sys.modules[module.__name__] = module
    return module


def test_a_view_hook_that_fails_is_reported_as_soon_as_new_game_opens(make_app):
    reset_registry(Registry(extra_plugins=(_failing_view_plugin(),)))
    ui = Driver(make_app(size=(1920, 1080), fullscreen=False,
                         first_scene=TitleScene(attract=False)))
    ui.frames(2)
    assert not [b for b in ui.app.registry.broken if b.name == "lazyviews_bad"]
    ui.app.stack.push(SetupScene())
    ui.frames(2)
    [broken] = [b for b in ui.app.registry.broken if b.name == "lazyviews_bad"]
    assert "no view today" in broken.message
    assert {"mexica", "aztlan", "tlatelolco-market"} <= set(ui.app.views)  # the rest load
