"""Plugins: documented hooks, drop-in folders, entry points and isolated failures.

Every test builds its own :class:`game.core.registry.Registry` (without entry points unless the
test is about them) and resets the process-wide one afterwards, so nothing leaks.
"""

from __future__ import annotations

import importlib.metadata
import inspect
import sys
import textwrap
import types
from pathlib import Path
from typing import Any

import pytest

from game.api import list_variants, new_game
from game.core import hookspecs
from game.core.engine import Rules
from game.core.hookspecs import hookimpl
from game.core.registry import ENTRY_POINT_GROUP, LOAD_ENV, Registry, reset_registry
from game.core.rng import Rng
from game.kit.conformance import check_variant
from tests.race_rules import Race

TESTS = Path(__file__).resolve().parent


@pytest.fixture(autouse=True)
def _isolated():
    before = set(sys.modules)
    yield
    for name in set(sys.modules) - before:
        if name.startswith(("aztec_arcade_dropin_", "plugtest_")):
            del sys.modules[name]


# ---------------------------------------------------------------------------------------
# the hooks themselves (after datasette's test_plugin_hooks_are_documented)
# ---------------------------------------------------------------------------------------
def _hook_names() -> list[str]:
    marker = f"{hookspecs.PROJECT}_spec"
    names = [name for name, fn in inspect.getmembers(hookspecs, inspect.isfunction)
             if hasattr(fn, marker)]
    assert names, "no hookspecs found"
    return names


def test_plugin_hooks_are_documented():
    marker = f"{hookspecs.PROJECT}_spec"
    for name, fn in inspect.getmembers(hookspecs, inspect.isfunction):
        if not hasattr(fn, marker):
            continue
        doc = inspect.getdoc(fn)
        assert doc and len(doc) > 40, f"hook {name} needs a docstring for plugin authors"
        assert "register" in inspect.signature(fn).parameters, name


def test_plugin_hooks_have_tests():
    """Every hook name appears in some test file other than in this scan itself."""
    texts = {p.name: p.read_text(encoding="utf-8") for p in TESTS.glob("test_*.py")}
    for name in _hook_names():
        assert any(f"def {name}(" in t or f".{name}" in t for t in texts.values()), (
            f"hook {name} is not exercised by any test in {TESTS}")


def test_builtin_plugins_implement_only_known_hooks():
    registry = Registry(entry_points=False)
    assert not [b for b in registry.broken if b.kind == "plugin"], registry.broken
    assert "mexica" in registry.rules
    assert "mexica" in registry.variants


# ---------------------------------------------------------------------------------------
# the race engine (tests/race_rules.py), and a second engine claiming its id
# ---------------------------------------------------------------------------------------
class OtherRace(Race):
    """A second engine claiming the same engine id."""


RACE_YAML = """\
id: {id}
name: Race to {target}
description: Step 1 or 2; first past the line wins.
players: {{min: 1, max: 2}}
plugin: race
parameters:
  target: {target}
"""


def plugin_module(name: str, **hooks: Any) -> types.ModuleType:
    """A plugin module with the given hook implementations (plain functions)."""
    module = types.ModuleType(name)
    for hook_name, fn in hooks.items():
        fn.__name__ = hook_name
        setattr(module, hook_name, hookimpl(fn))
    sys.modules[name] = module
    return module


def race_plugin(name: str, tmp_path: Path, engine: type[Rules] = Race,
                variants: tuple[str, ...] = ("race",)) -> types.ModuleType:
    paths = []
    for vid in variants:
        path = tmp_path / f"{name}-{vid}.yaml"
        path.write_text(RACE_YAML.format(id=vid, target=5), encoding="utf-8")
        paths.append(path)

    def register_rules(register):
        register(engine)

    def register_variants(register):
        for p in paths:
            register(p)

    return plugin_module(name, register_rules=register_rules,
                         register_variants=register_variants)


def test_race_engine_via_extra_plugin(tmp_path):
    registry = Registry(entry_points=False,
                        extra_plugins=(race_plugin("plugtest_race", tmp_path),))
    assert not registry.broken, registry.broken
    assert registry.rules["race"] == (Race, "plugtest_race")
    assert registry.variants["race"].provider == "plugtest_race"
    reset_registry(registry)
    assert "race" in [v["id"] for v in list_variants()]
    game = new_game("race", 1, seed=0)
    while not game.is_over:
        game.apply("step 2")
    assert game.winners == [0] and game.scores == [6]
    check_variant("race", games=1)


def test_extra_plugin_by_module_name(tmp_path):
    race_plugin("plugtest_named", tmp_path)
    registry = Registry(entry_points=False, extra_plugins=("plugtest_named",))
    assert "race" in registry.variants
    broken = Registry(entry_points=False, extra_plugins=("plugtest_not_there",))
    assert [b.name for b in broken.broken] == ["plugtest_not_there"]
    assert "failed to import" in broken.broken[0].message
    assert "mexica" in broken.variants


# ---------------------------------------------------------------------------------------
# the drop-in folder
# ---------------------------------------------------------------------------------------
DROPIN = '''\
"""A drop-in plugin: a counting game and one variant file shipped beside it."""
from pathlib import Path

from game.core.engine import Rules
from game.core.errors import IllegalAction
from game.core.events import Event
from game.core.hookspecs import hookimpl
from game.core.schema import Field, Int, Obj

HERE = Path(__file__).parent


class Count(Rules):
    engine_id = "count"
    parameters = Obj({"goal": Field(Int(min=1), "Count to this.", default=3)})

    def new_state(self, seed):
        return {"n": 0, "turn": 0, "winner": None}

    def current_player(self, state):
        return None if state["winner"] is not None else state["turn"]

    def legal_actions(self, state):
        return [] if state["winner"] is not None else ["count"]

    def apply(self, state, action):
        if action != "count" or state["winner"] is not None:
            raise IllegalAction("say: count")
        state["n"] += 1
        if state["n"] >= self.params["goal"]:
            state["winner"] = state["turn"]
        state["turn"] = (state["turn"] + 1) % self.players
        return "count", [Event("count", str(state["n"]))]

    def is_over(self, state):
        return state["winner"] is not None

    def scores(self, state):
        return [int(state["winner"] == i) for i in range(self.players)]

    def winners(self, state):
        return [] if state["winner"] is None else [state["winner"]]

    def to_dict(self, state):
        return dict(state)

    def from_dict(self, data):
        return {"n": int(data["n"]), "turn": int(data["turn"]), "winner": data["winner"]}


@hookimpl
def register_rules(register):
    register(Count)


@hookimpl
def register_variants(register):
    register(HERE / "variants" / "count-long.yaml")
'''

COUNT_YAML = """\
id: {id}
name: Count
players: {{min: 1, max: 3}}
plugin: count
parameters:
  goal: {goal}
"""


def write_dropin(folder: Path, stem: str = "counting") -> None:
    (folder / f"{stem}.py").write_text(DROPIN, encoding="utf-8")
    (folder / "variants").mkdir(exist_ok=True)
    (folder / "variants" / "count-long.yaml").write_text(
        COUNT_YAML.format(id="count-long", goal=7), encoding="utf-8")
    (folder / "count.yaml").write_text(COUNT_YAML.format(id="count", goal=3),
                                       encoding="utf-8")


def test_dropin_folder_plugin_and_variant_are_playable(tmp_path):
    write_dropin(tmp_path)
    registry = Registry(plugin_folder=str(tmp_path), entry_points=False)
    assert not registry.broken, registry.broken
    assert {"count", "count-long", "mexica"} <= set(registry.variants)
    assert registry.variants["count"].provider.startswith("drop-in folder")
    reset_registry(registry)
    game = new_game("count", 2, seed=1)
    while not game.is_over:
        game.apply(game.playout_action(Rng(1)))
    assert game.log == ["count"] * 3 and game.winners == [0]
    long = new_game("count-long", 3)
    assert long.rules.params["goal"] == 7
    check_variant("count", games=1)


def test_dropin_package_directory(tmp_path):
    package = tmp_path / "countpkg"
    package.mkdir()
    write_dropin(package, "__init__")
    (package / "count.yaml").unlink()  # only the hook's variant, not a folder file
    registry = Registry(plugin_folder=str(tmp_path), entry_points=False)
    assert not registry.broken, registry.broken
    assert "count-long" in registry.variants


def test_plugin_that_fails_to_import_is_reported(tmp_path):
    (tmp_path / "exploding.py").write_text("raise RuntimeError('boom at import')\n",
                                           encoding="utf-8")
    (tmp_path / "badsyntax.py").write_text("def (:\n", encoding="utf-8")
    write_dropin(tmp_path)
    registry = Registry(plugin_folder=str(tmp_path), entry_points=False)
    broken = {b.name: b for b in registry.broken}
    assert set(broken) == {"exploding", "badsyntax"}
    assert "boom at import" in broken["exploding"].message
    assert "failed to import" in broken["exploding"].message
    assert "SyntaxError" in broken["badsyntax"].message
    assert broken["exploding"].source.endswith("exploding.py")
    assert broken["exploding"].kind == "plugin"
    assert str(broken["exploding"]).startswith("plugin exploding")
    assert {"mexica", "count"} <= set(registry.variants)
    assert "aztec_arcade_dropin_exploding" not in sys.modules


def test_missing_plugin_folder_is_reported(tmp_path):
    registry = Registry(plugin_folder=str(tmp_path / "nowhere"), entry_points=False)
    assert [b.name for b in registry.broken] == ["nowhere"]
    assert "does not exist" in registry.broken[0].message
    assert "mexica" in registry.variants


def test_register_rules_that_raises_is_reported_and_skipped(tmp_path):
    def register_rules(register):
        register(Race)
        raise ValueError("kaput")

    bad = plugin_module("plugtest_raises", register_rules=register_rules)
    registry = Registry(entry_points=False, extra_plugins=(bad,))
    [entry] = registry.broken
    assert entry.name == "plugtest_raises"
    assert "register_rules raised" in entry.message and "kaput" in entry.message
    assert "mexica" in registry.variants


def test_register_variants_that_raises_is_reported_and_skipped():
    def register_variants(register):
        raise OSError("disk on fire")

    bad = plugin_module("plugtest_variants_raise", register_variants=register_variants)
    registry = Registry(entry_points=False, extra_plugins=(bad,))
    [entry] = registry.broken
    assert entry.name == "plugtest_variants_raise"
    assert "register_variants raised" in entry.message and "disk on fire" in entry.message
    assert "mexica" in registry.variants


def test_registering_something_that_is_not_rules():
    def register_rules(register):
        register(object)

    bad = plugin_module("plugtest_not_rules", register_rules=register_rules)
    registry = Registry(entry_points=False, extra_plugins=(bad,))
    [entry] = registry.broken
    assert "Rules subclass" in entry.message
    assert "mexica" in registry.rules


def test_misspelled_hook_is_reported_and_the_plugin_skipped(tmp_path):
    module = race_plugin("plugtest_typo", tmp_path)

    def register_variant(register):  # sic: the hook is register_variants
        register(tmp_path / "never.yaml")

    module.register_variant = hookimpl(register_variant)
    registry = Registry(entry_points=False, extra_plugins=(module,))
    [entry] = registry.broken
    assert entry.name == "plugtest_typo"
    assert "register_variant" in entry.message
    assert "invalid hooks" in entry.message
    # the whole plugin is skipped, its good hooks too
    assert "race" not in registry.rules and "race" not in registry.variants
    assert not registry.pm.is_registered(module)
    assert "mexica" in registry.variants


def test_misspelled_hook_in_a_dropin_file(tmp_path):
    (tmp_path / "typo.py").write_text(textwrap.dedent("""\
        from game.core.hookspecs import hookimpl

        @hookimpl
        def register_rule(register):
            pass
        """), encoding="utf-8")
    registry = Registry(plugin_folder=str(tmp_path), entry_points=False)
    [entry] = registry.broken
    assert entry.name == "typo" and "register_rule" in entry.message


def test_same_variant_id_from_two_providers(tmp_path):
    copy = tmp_path / "my-mexica.yaml"
    copy.write_text("id: mexica\nextends: mexica-festival\nname: Impostor\n",
                    encoding="utf-8")
    registry = Registry(plugin_folder=str(tmp_path), entry_points=False)
    [entry] = [b for b in registry.broken if b.name == "mexica"]
    assert entry.kind == "variant"
    assert "provided twice" in entry.message
    assert "by mexica (" in entry.message  # the built-in game's plugin, its file
    assert str(copy) in entry.message
    assert str(Path("variants") / "mexica" / "mexica.yaml") in entry.message
    assert "drop-in folder" in entry.message
    assert registry.variants["mexica"].name == "Mexica"  # the first one is kept
    assert registry.variants["mexica"].provider == "mexica"


def test_same_variant_id_in_two_plugins(tmp_path):
    first = race_plugin("plugtest_first", tmp_path)

    def register_variants(register):
        path = tmp_path / "second.yaml"
        path.write_text(RACE_YAML.format(id="race", target=50), encoding="utf-8")
        register(path)

    second = plugin_module("plugtest_second", register_variants=register_variants)
    registry = Registry(entry_points=False, extra_plugins=(first, second))
    [entry] = registry.broken
    assert "plugtest_first" in entry.message and "plugtest_second" in entry.message
    assert "second.yaml" in entry.message and "plugtest_first-race.yaml" in entry.message
    assert registry.variants["race"].params["target"] == 5


def test_two_engines_with_the_same_id(tmp_path):
    first = race_plugin("plugtest_engine_a", tmp_path, variants=())
    second = race_plugin("plugtest_engine_b", tmp_path, engine=OtherRace, variants=())
    registry = Registry(entry_points=False, extra_plugins=(first, second))
    [entry] = registry.broken
    assert "race" in entry.message
    assert "plugtest_engine_a" in entry.message and "plugtest_engine_b" in entry.message
    assert entry.name == "plugtest_engine_b"
    assert registry.rules["race"][0] is Race


def test_engine_id_clash_with_a_builtin():
    class FakeMexica(Race):
        engine_id = "mexica"

    def register_rules(register):
        register(FakeMexica)

    module = plugin_module("plugtest_fake_mexica", register_rules=register_rules)
    registry = Registry(entry_points=False, extra_plugins=(module,))
    [entry] = registry.broken
    assert "by mexica and by plugtest_fake_mexica" in entry.message
    assert registry.rules["mexica"][0] is not FakeMexica


def test_register_views_hook_is_accepted():
    def factory(session, app):  # pragma: no cover - the client would call it
        return None

    def register_views(register):
        register("race", factory)

    module = plugin_module("plugtest_views", register_views=register_views)
    registry = Registry(entry_points=False, extra_plugins=(module,))
    assert not registry.broken
    found = {}
    for impl in registry.pm.hook.register_views.get_hookimpls():
        if impl.plugin_name == "plugtest_views":
            impl.function(register=lambda engine_id, f: found.__setitem__(engine_id, f))
    assert found == {"race": factory}


# ---------------------------------------------------------------------------------------
# YAML-only variants: extends
# ---------------------------------------------------------------------------------------
def test_yaml_only_variant_extends_mexica(tmp_path):
    (tmp_path / "mexica-eight.yaml").write_text(textwrap.dedent("""\
        id: mexica-eight
        extends: mexica
        name: Mexica with eight action points
        description: More happens each turn.
        parameters:
          ap_per_turn: 8
        """), encoding="utf-8")
    registry = Registry(plugin_folder=str(tmp_path), entry_points=False)
    assert not registry.broken, registry.broken
    spec = registry.variants["mexica-eight"]
    assert spec.engine_id == "mexica"
    assert (spec.min_players, spec.max_players) == (2, 4)
    assert spec.params["ap_per_turn"] == 8
    assert spec.params["board"] == registry.variants["mexica"].params["board"]
    assert spec.exposed == registry.variants["mexica"].exposed
    reset_registry(registry)
    game = new_game("mexica-eight", 3, seed=2)
    while game.state.phase == "start":
        game.apply(game.legal_actions()[0])
    assert game.state.ap == 8
    game.apply("end")
    assert game.state.ap == 8
    check_variant("mexica-eight", players=2, games=1)


def test_extends_chain_and_nested_override(tmp_path):
    (tmp_path / "a.yaml").write_text(
        "id: chain-a\nextends: mexica\nname: A\nparameters:\n  costs: {teleport: 3}\n",
        encoding="utf-8")
    (tmp_path / "b.yaml").write_text(
        "id: chain-b\nextends: chain-a\nname: B\nplayers: {min: 2, max: 2}\n"
        "parameters:\n  costs: {step: 2}\n", encoding="utf-8")
    registry = Registry(plugin_folder=str(tmp_path), entry_points=False)
    assert not registry.broken, registry.broken
    costs = registry.variants["chain-b"].params["costs"]
    assert costs["teleport"] == 3 and costs["step"] == 2 and costs["canal"] == 1
    assert registry.variants["chain-b"].max_players == 2


def test_extends_unknown_variant(tmp_path):
    (tmp_path / "orphan.yaml").write_text("id: orphan\nextends: no-such-base\nname: O\n",
                                          encoding="utf-8")
    registry = Registry(plugin_folder=str(tmp_path), entry_points=False)
    [entry] = registry.broken
    assert entry.name == "orphan" and entry.kind == "variant"
    assert "no-such-base" in entry.message and "extends" in entry.message
    assert "orphan.yaml:2" in entry.message
    assert "orphan" not in registry.variants and "mexica" in registry.variants


def test_extends_loop(tmp_path):
    (tmp_path / "x.yaml").write_text("id: loop-x\nextends: loop-y\nname: X\n",
                                     encoding="utf-8")
    (tmp_path / "y.yaml").write_text("id: loop-y\nextends: loop-x\nname: Y\n",
                                     encoding="utf-8")
    (tmp_path / "self.yaml").write_text("id: loop-self\nextends: loop-self\nname: S\n",
                                        encoding="utf-8")
    registry = Registry(plugin_folder=str(tmp_path), entry_points=False)
    assert sorted(b.name for b in registry.broken) == ["loop-self", "loop-x", "loop-y"]
    broken = {b.name: b.message for b in registry.broken}
    assert any("loops" in m for m in broken.values())
    assert "loop-x -> loop-y -> loop-x" in " ".join(broken.values())
    assert "loops" in broken["loop-self"]
    assert not {"loop-x", "loop-y", "loop-self"} & set(registry.variants)
    assert "mexica" in registry.variants


def test_extends_a_broken_variant(tmp_path):
    (tmp_path / "base.yaml").write_text(
        "id: bad-base\nextends: mexica\nname: B\nparameters:\n  ap_per_turn: -3\n",
        encoding="utf-8")
    (tmp_path / "child.yaml").write_text("id: child\nextends: bad-base\nname: C\n",
                                         encoding="utf-8")
    registry = Registry(plugin_folder=str(tmp_path), entry_points=False)
    broken = {b.name: b.message for b in registry.broken}
    assert "ap_per_turn" in broken["bad-base"]
    assert "bad-base" in broken["child"] and "broken" in broken["child"]


def test_variant_for_an_engine_nobody_provides(tmp_path):
    (tmp_path / "chess.yaml").write_text(
        "id: chess\nname: Chess\nplayers: {min: 2, max: 2}\nplugin: chess\n",
        encoding="utf-8")
    registry = Registry(plugin_folder=str(tmp_path), entry_points=False)
    [entry] = registry.broken
    assert "no installed plugin provides rules engine 'chess'" in entry.message
    assert "chess.yaml:4" in entry.message


# ---------------------------------------------------------------------------------------
# entry points (installed packages)
# ---------------------------------------------------------------------------------------
@pytest.fixture
def fake_entry_points(monkeypatch, tmp_path):
    race_plugin("plugtest_ep_race", tmp_path)
    plugin_module("plugtest_ep_empty")
    eps = [importlib.metadata.EntryPoint("race", "plugtest_ep_race", ENTRY_POINT_GROUP),
           importlib.metadata.EntryPoint("empty", "plugtest_ep_empty", ENTRY_POINT_GROUP),
           importlib.metadata.EntryPoint("missing", "plugtest_ep_missing",
                                         ENTRY_POINT_GROUP)]

    def entry_points(**kwargs):
        assert kwargs == {"group": ENTRY_POINT_GROUP}
        return eps

    monkeypatch.setattr(importlib.metadata, "entry_points", entry_points)
    monkeypatch.delenv(LOAD_ENV, raising=False)


def test_entry_points_are_loaded(fake_entry_points):
    registry = Registry()
    assert "race" in registry.variants
    [entry] = registry.broken
    assert entry.name == "missing" and "failed to import" in entry.message


def test_entry_points_can_be_limited(fake_entry_points, monkeypatch):
    monkeypatch.setenv(LOAD_ENV, "")
    registry = Registry()
    assert not registry.broken and "race" not in registry.variants
    assert "mexica" in registry.variants  # built-ins always load
    monkeypatch.setenv(LOAD_ENV, "race, empty")
    registry = Registry()
    assert not registry.broken and "race" in registry.variants


def test_entry_points_off(fake_entry_points):
    registry = Registry(entry_points=False)
    assert "race" not in registry.variants and not registry.broken
