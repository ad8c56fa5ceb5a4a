"""A plugin that raises during play does not take the program down.

A drop-in plugin (loaded from the plugin folder named in the settings, as a player would
install it) provides two engines: ``fragile``, whose rules raise in ``apply`` after a
few actions, and ``steady``. Both are played through the real client App under the dummy
video driver.
"""

from __future__ import annotations

import json

import pygame

from game.api import new_game
from game.ui.scenes.play import ActionListView, PlayScene
from game.ui.scenes.results import ResultsScene
from game.ui.scenes.title import TitleScene

from .conftest import frames, key, start_play

PLUGIN = '''\
"""Two tiny engines: one that breaks on purpose, one that does not."""
from game.core.engine import Rules
from game.core.errors import IllegalAction
from game.core.events import Event
from game.core.hookspecs import hookimpl
from game.core.schema import Field, Int, Obj


class Steady(Rules):
    engine_id = "steady"
    parameters = Obj({"goal": Field(Int(min=1), "Ticks to the end.", default=4),
                      "breaks_after": Field(Int(min=0), "Unused here.", default=0)})

    def new_state(self, seed):
        return {"n": 0, "turn": 0}

    def current_player(self, state):
        return None if self.is_over(state) else state["turn"]

    def legal_actions(self, state):
        return [] if self.is_over(state) else ["tick", "tock"]

    def apply(self, state, action):
        if action not in self.legal_actions(state):
            raise IllegalAction("say tick or tock")
        self.before_change(state)
        state["n"] += 1
        state["turn"] = (state["turn"] + 1) % self.players
        return action, [Event("tick", f"{action} {state['n']}")]

    def before_change(self, state):
        pass

    def is_over(self, state):
        return state["n"] >= self.params["goal"]

    def scores(self, state):
        return [state["n"] if seat == 0 else 0 for seat in range(self.players)]

    def winners(self, state):
        return [0] if self.is_over(state) else []

    def to_dict(self, state):
        return dict(state)

    def from_dict(self, data):
        return {"n": int(data["n"]), "turn": int(data["turn"])}


class Fragile(Steady):
    engine_id = "fragile"

    def before_change(self, state):
        if state["n"] >= self.params["breaks_after"]:
            raise RuntimeError(f"fragile rules broke on purpose after {state['n']} actions")


@hookimpl
def register_rules(register):
    register(Steady)
    register(Fragile)
'''

VARIANT = """\
id: {id}
name: {name}
players: {{min: 2, max: 2}}
plugin: {engine}
parameters:
  goal: 10
  breaks_after: 3
"""


def install(home):
    plugins = home / "plugins"
    (plugins / "wobbly.py").write_text(PLUGIN, encoding="utf-8")
    (plugins / "fragile.yaml").write_text(
        VARIANT.format(id="fragile", name="Fragile", engine="fragile"), encoding="utf-8")
    (plugins / "steady.yaml").write_text(
        VARIANT.format(id="steady", name="Steady", engine="steady"), encoding="utf-8")


def test_a_plugin_raising_in_apply_autosaves_tells_the_player_and_returns_to_the_title(
        home, make_app, capsys):
    install(home)
    app = make_app()
    assert {"fragile", "steady"} <= set(app.registry.variants), app.registry.broken
    assert app.registry.variants["fragile"].origin.startswith("drop-in folder")
    engine_provider = app.registry.rules["fragile"][1]
    assert app.registry.origin_of(engine_provider).startswith("drop-in plugin wobbly (")
    play = start_play(app, new_game("fragile", 2, seed=4))
    assert isinstance(play.view, ActionListView)  # the plugin has no board view
    for _ in range(3):
        key(app, pygame.K_RETURN)
    assert app.stack.top is play and len(play.game.log) == 3

    key(app, pygame.K_RETURN)  # the fourth action: the rules raise
    frames(app, 2)
    assert app.running
    assert isinstance(app.stack.top, TitleScene) and len(app.stack) == 1
    [message] = [m for m, _ in app.toasts if m.startswith("Plugin ")]
    # which plugin (by the name it was installed under), which part of it, what it said
    assert message.startswith("Plugin 'wobbly' failed: the 'fragile' rules raised ")
    assert "RuntimeError in apply(): fragile rules broke on purpose after 3 actions" in message
    assert ("Your game is autosaved: choose Continue to resume.", ) == tuple(
        m for m, _ in app.toasts if "autosave" in m)
    assert "fragile rules broke on purpose" in capsys.readouterr().err  # the traceback
    # the game is autosaved as it was before the failing action: JSON, three actions
    assert app.saves.has_autosave()
    autosave = app.saves.path("autosave")
    data = json.loads(autosave.read_text(encoding="utf-8"))
    assert data["variant"] == "fragile" and len(data["log"]) == 3
    game, meta = app.saves.read(autosave)
    assert game.log == data["log"] and meta["names"] == ["Ana", "Ben"]

    # the program goes on: the other engine of the same plugin plays to the end
    steady = start_play(app, new_game("steady", 2, seed=1))
    for _ in range(10):
        key(app, pygame.K_RETURN)
    frames(app, 3)
    assert steady.game.is_over and len(app.failures) == 1
    assert isinstance(app.stack.top, ResultsScene)
    # and so do the built-in games
    assert "mexica" in app.registry.variants
    mexica = new_game("mexica", 2, seed=1)
    mexica.apply(mexica.legal_actions()[0])


def test_a_plugin_failing_in_a_loaded_game_fails_the_same_way(home, make_app):
    install(home)
    app = make_app()
    game = new_game("fragile", 2, seed=2)
    for _ in range(3):
        game.apply("tock")
    play = start_play(app, game)
    assert isinstance(app.stack.top, PlayScene)
    key(app, pygame.K_RETURN)
    frames(app, 2)
    assert play.done and isinstance(app.stack.top, TitleScene)
    assert any(m.startswith("Plugin 'wobbly' failed") for m, _ in app.toasts)
