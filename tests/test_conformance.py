"""Every installed variant passes the conformance kit; the kit catches broken engines.

The variant list comes from ``game.api.list_variants()``, so third-party variants
installed in this environment are checked too.
"""

from __future__ import annotations

import random
import sys
import types
from pathlib import Path

import pytest

from game import conformance
from game.api import list_variants, new_game
from game.conformance import ConformanceError, check_variant, play_random_game
from game.hookspecs import hookimpl
from game.plugins import Registry, reset_registry
from game.rng import Rng
from game.schema import Field, Int, Obj
from tests.race_rules import Race as SharedRace

CASES = [pytest.param(entry["id"], players, id=f"{entry['id']}-{players}p")
         for entry in list_variants()
         for players in range(entry["min_players"], entry["max_players"] + 1)]



def test_some_variants_are_installed():
    assert any(p.values[0] == "mexica" for p in CASES)


@pytest.mark.parametrize(("variant", "players"), CASES)
def test_variant_conforms(variant, players):
    check_variant(variant, players=players, games=2, seed=0)


@pytest.mark.parametrize(("variant", "players"), CASES)
def test_random_games_are_deterministic(variant, players):
    a = play_random_game(variant, players, seed=7)
    b = play_random_game(variant, players, seed=7)
    assert a.is_over and b.is_over
    assert a.to_json() == b.to_json()


def test_mexica_conforms_with_options():
    check_variant("mexica", players=2, games=1, seed=11, options={"ap_per_turn": 8})


def test_mexica_more_seeds():
    for players in (2, 3, 4):
        check_variant("mexica", players=players, games=1, seed=100 + players, samples=1)


def test_unknown_variant_is_a_config_error():
    from game.errors import ConfigError

    with pytest.raises(ConfigError, match="no-such-game"):
        check_variant("no-such-game")


# ---------------------------------------------------------------------------------------
# the kit itself: deliberately broken engines must be caught, with a useful message
# ---------------------------------------------------------------------------------------
class Race(SharedRace):
    engine_id = "conf-race"
    parameters = Obj({"target": Field(Int(min=1, max=1000), "Finish line.", default=6)})
    playout_limit = 500


class AcceptsJunk(Race):
    engine_id = "conf-junk"

    def apply(self, state, action):
        if action == "xyzzy":
            return "xyzzy", []
        return super().apply(state, action)


class ListsIllegal(Race):
    engine_id = "conf-lists-illegal"

    def legal_actions(self, state):
        return [*super().legal_actions(state), "step 3"] if not state["winners"] else []


class Unlisted(Race):
    """Accepts ``step 3`` without listing it."""

    engine_id = "conf-unlisted"

    def parse(self, state, action):
        if action == "step 3" and not state["winners"]:
            return 3
        return super().parse(state, action)


class DirtyRefusal(Race):
    """Changes the state before refusing."""

    engine_id = "conf-dirty"

    def apply(self, state, action):
        state["turn"] = state["turn"]
        state["rng"] += 1
        return super().apply(state, action)


class Shrinking(Race):
    engine_id = "conf-shrinking"

    def scores(self, state):
        return [-p for p in state["pos"]]


class Endless(Race):
    engine_id = "conf-endless"
    playout_limit = 50

    def legal_actions(self, state):
        return ["step 0"]

    def parse(self, state, action):
        if action == "step 0":
            return 0
        return super().parse(state, action)


class GlobalRandom(Race):
    engine_id = "conf-global-random"

    def new_state(self, seed):
        state = super().new_state(seed)
        state["rng"] = random.randrange(1 << 30)
        return state


class LossySave(Race):
    engine_id = "conf-lossy"

    def to_dict(self, state):
        data = super().to_dict(state)
        data["turn"] = 0
        return data


class NoWinner(Race):
    engine_id = "conf-no-winner"

    def winners(self, state):
        return []


class LeaksRng(Race):
    engine_id = "conf-leaks"

    def view(self, state, seat):
        return self.to_dict(state)


ENGINES = (Race, AcceptsJunk, ListsIllegal, Unlisted, DirtyRefusal, Shrinking, Endless,
           GlobalRandom, LossySave, NoWinner, LeaksRng)


@pytest.fixture
def toy_registry(tmp_path: Path):
    """A registry with Mexica plus one variant per toy engine (id == engine id)."""
    for engine in ENGINES:
        (tmp_path / f"{engine.engine_id}.yaml").write_text(
            f"id: {engine.engine_id}\nname: {engine.__name__}\nplayers: {{min: 1, max: 2}}\n"
            f"plugin: {engine.engine_id}\n", encoding="utf-8")
    module = types.ModuleType("conformance_toys")

    @hookimpl
    def register_rules(register):
        for engine in ENGINES:
            register(engine)

    @hookimpl
    def register_variants(register):
        for engine in ENGINES:
            register(tmp_path / f"{engine.engine_id}.yaml")

    module.register_rules = register_rules
    module.register_variants = register_variants
    registry = Registry(entry_points=False, extra_plugins=(module,))
    assert not registry.broken, registry.broken
    reset_registry(registry)
    yield registry
    sys.modules.pop("conformance_toys", None)


def test_kit_passes_a_correct_engine(toy_registry):
    check_variant("conf-race")
    game = play_random_game("conf-race", 2, seed=3)
    assert game.is_over and game.winners


@pytest.mark.parametrize(("variant", "expected"), [
    ("conf-junk", "'xyzzy'"),
    ("conf-lists-illegal", "step 3"),
    ("conf-unlisted", "does not list"),
    ("conf-dirty", "changed the state"),
    ("conf-shrinking", "never decrease"),
    ("conf-endless", "playout_limit"),
    ("conf-global-random", "to_json"),
    ("conf-lossy", "load_game"),
    ("conf-no-winner", "winners is empty"),
    ("conf-leaks", "random generator"),
])
def test_kit_catches_broken_engines(toy_registry, variant, expected):
    with pytest.raises(ConformanceError) as info:
        check_variant(variant, players=2, seed=5)
    message = str(info.value)
    assert expected in message
    assert f"variant {variant!r}" in message
    assert "seed 5" in message
    assert "step" in message


def test_kit_is_an_assertion_error_without_pytest():
    assert issubclass(ConformanceError, AssertionError)
    source = Path(conformance.__file__).read_text(encoding="utf-8")
    assert "import pytest" not in source


def test_play_random_game_uses_rng_of_seed():
    game = play_random_game("mexica", 2, seed=4)
    again = new_game("mexica", 2, seed=4)
    rng = Rng(4)
    while not again.is_over:
        again.apply(again.playout_action(rng))
    assert again.log == game.log
    assert len(game.log) <= game.rules.playout_limit
