"""Fixtures for the modding tests: a private user folder with a plugin folder, a dummy
display, and a clean module table after every test (the root conftest resets the
registry)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "patolli"
DT = 1 / 60


@pytest.fixture(autouse=True)
def _isolated():
    """Every test ends with no leftover mod modules (the root conftest resets the
    registry)."""
    before = set(sys.modules)
    path_before = list(sys.path)
    yield
    sys.path[:] = path_before
    for name in set(sys.modules) - before:
        if name.startswith(("aztec_arcade_dropin_", "aztec_patolli", "modtest_")):
            del sys.modules[name]


@pytest.fixture
def home(tmp_path, monkeypatch):
    """A user folder whose settings name ``plugins/`` as the plugin folder."""
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    folder = tmp_path / "home"
    (folder / "plugins").mkdir(parents=True)
    (folder / "settings.yaml").write_text("plugin_folder: plugins\n", encoding="utf-8")
    monkeypatch.setenv("AZTEC_ARCADE_HOME", str(folder))
    return folder


@pytest.fixture
def make_app(home, tmp_path):
    """Build client Apps on the dummy display (saves in tmp_path/saves)."""
    import pygame

    from game.ui.app import App
    from game.ui.saves import SaveStore

    def build(**kwargs):
        kwargs.setdefault("size", (1280, 720))
        kwargs.setdefault("saves", SaveStore(tmp_path / "saves"))
        return App(**kwargs)

    yield build
    pygame.display.quit()


def frames(app, n: int = 1, events=None) -> None:
    """Step the app ``n`` frames (the first one with ``events``)."""
    for i in range(n):
        app.step(list(events or []) if i == 0 else [], DT)


def key(app, k: int, unicode: str = "") -> None:
    import pygame

    frames(app, 1, [pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=unicode)])


def start_play(app, game, names=("Ana", "Ben", "Cy", "Dee")):
    """Open the play screen on ``game`` the way the setup screen does."""
    from game.ui.scenes.play import PlayScene
    from game.ui.sessions import make_session

    session = make_session(app, game, list(names[:game.players]))
    scene = PlayScene(session)
    app.stack.push(scene)
    frames(app, 2)
    return scene
