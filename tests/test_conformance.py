"""Every installed variant passes the conformance kit; the kit catches broken engines.

The variant list comes from ``game.api.list_variants()``, so third-party variants
installed in this environment are checked too.
"""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path

import pytest

from game.api import list_variants, load_game, new_game
from game.core.errors import SaveError
from game.core.facets import BotHooks
from game.core.registry import get_registry
from game.core.rng import Rng
from game.core.schema import Field, Int, Obj
from game.kit import conformance
from game.kit.conformance import (
    ConformanceError,
    check_uniform_game,
    check_variant,
    play_random_game,
    play_uniform_game,
)
from game.kit.conformance import probes as conformance_probes
from game.kit.conformance import uniform as conformance_uniform
from tests.race_rules import Race as SharedRace
from tests.toy_registry import toy_registry as registry_of_toys

CASES = [pytest.param(entry["id"], players, id=f"{entry['id']}-{players}p")
         for entry in list_variants()
         for players in range(entry["min_players"], entry["max_players"] + 1)]


def _first_of_engine() -> set[tuple[str, int]]:
    """The (variant, players) that get the kit's full games: per engine and player count,
    the first variant by name. Others of the same engine at that count (YAML variants
    such as mexica-festival) differ in numbers, not mechanisms: one checked playout game
    and one uniform game each."""
    registry = get_registry()
    covered: set[tuple[str, int]] = set()
    first: set[tuple[str, int]] = set()
    for entry in sorted(list_variants(), key=lambda e: e["id"]):
        engine = registry.spec(entry["id"]).engine_id
        for players in range(entry["min_players"], entry["max_players"] + 1):
            if (engine, players) not in covered:
                covered.add((engine, players))
                first.add((entry["id"], players))
    return first



def test_some_variants_are_installed():
    assert any(p.values[0] == "mexica" for p in CASES)


@pytest.mark.parametrize(("variant", "players"), CASES)
def test_variant_conforms(variant, players):
    full = (variant, players) in _first_of_engine()
    check_variant(variant, players=players, games=2 if full else 1, seed=0,
                  uniform=2 if full else 1)


@pytest.mark.parametrize(("variant", "players"), CASES)
def test_random_games_are_deterministic(variant, players):
    a = play_random_game(variant, players, seed=7)
    b = play_random_game(variant, players, seed=7)
    assert a.is_over and b.is_over
    assert a.to_json() == b.to_json()


def test_mexica_conforms_with_options():
    check_variant("mexica", players=2, games=1, seed=11, options={"ap_per_turn": 8},
                  uniform=1)


def test_mexica_more_seeds():
    for players in (2, 3, 4):
        check_variant("mexica", players=players, games=1, seed=100 + players, samples=1,
                      uniform=0)


def test_unknown_variant_is_a_config_error():
    from game.core.errors import ConfigError

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


class LossyOffPolicy(Race):
    """Like the Market's bug of issue 12: a state that only moves the playout policy
    never makes can reach does not load (the policy always steps 2, a save refuses odd
    positions)."""

    engine_id = "conf-lossy-off-policy"

    def playout_action(self, state, rng):
        return "step 2"

    def from_dict(self, data):
        if any(p % 2 for p in data["pos"]):
            raise ValueError("odd position")
        return super().from_dict(data)


class Forgetful(Race):
    """Keeps a bonus step that the save forgets: a loaded game plays on differently."""

    engine_id = "conf-forgetful"

    def apply(self, state, action):
        bonus = state.pop("bonus", 0)
        text, events = super().apply(state, action)
        if not state["winners"] and action == "step 1":
            state["bonus"] = 1
            state["pos"][state["turn"]] += bonus
        return text, events


class Unfaithful(Race, BotHooks[dict]):
    """Samples a state its seat can tell from the real one (everybody back at the start)."""

    engine_id = "conf-unfaithful"

    def determinize(self, view, seat, rng):
        state = super().determinize(view, seat, rng)
        state["pos"] = [0] * self.players
        return state


class DeterminizeRaises(Race):
    engine_id = "conf-determinize-raises"

    def determinize(self, view, seat, rng):
        return self.from_dict({"pos": view["pos"]})


class TupleView(Race):
    engine_id = "conf-tuple-view"

    def view(self, state, seat):
        data = super().view(state, seat)
        data["pos"] = tuple(data["pos"])
        return data


class HidesOwnMoves(Race, BotHooks[dict]):
    """Determinizes a state in which the deciding seat may not step 2."""

    engine_id = "conf-hides-moves"

    def determinize(self, view, seat, rng):
        state = super().determinize(view, seat, rng)
        state["tired"] = True
        return state

    def legal_actions(self, state):
        legal = super().legal_actions(state)
        return legal[:1] if state.get("tired") else legal


ENGINES = (Race, AcceptsJunk, ListsIllegal, Unlisted, DirtyRefusal, Shrinking, Endless,
           GlobalRandom, LossySave, NoWinner, LeaksRng, LossyOffPolicy, Forgetful,
           Unfaithful, DeterminizeRaises, TupleView, HidesOwnMoves)


@pytest.fixture
def toy_registry(tmp_path: Path):
    """A registry with Mexica plus one variant per toy engine (id == engine id)."""
    yield from registry_of_toys(tmp_path, ENGINES, "conformance_toys")


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
    ("conf-lossy-off-policy", "load_game(to_json()) failed"),
    ("conf-unfaithful", "another view"),
    ("conf-determinize-raises", "determinize(view(0), 0, rng) raised"),
    ("conf-tuple-view", "plain JSON"),
    ("conf-hides-moves", "a bot could never choose them"),
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
    for module in (conformance, conformance_probes, conformance_uniform):
        source = Path(module.__file__).read_text(encoding="utf-8")
        assert "import pytest" not in source


def test_play_random_game_uses_rng_of_seed():
    game = play_random_game("mexica", 2, seed=4)
    again = new_game("mexica", 2, seed=4)
    rng = Rng(4)
    while not again.is_over:
        again.apply(again.playout_action(rng))
    assert again.log == game.log
    assert len(game.log) <= game.rules.playout_limit


# ---------------------------------------------------------------------------------------
# uniform games: every action drawn from legal_actions(), every step saved and loaded
# ---------------------------------------------------------------------------------------
def test_uniform_moves_reach_what_the_playout_policy_never_does(toy_registry):
    # the playout games of this engine all pass; uniform moves find the save that fails
    check_variant("conf-lossy-off-policy", players=2, seed=5, uniform=0)
    with pytest.raises(ConformanceError) as info:
        check_uniform_game("conf-lossy-off-policy", 2, seed=5)
    message = str(info.value)
    assert "load_game(to_json()) failed" in message and "odd position" in message
    # the message names the call that replays the failing position
    steps = int(message.split("steps=")[1].split(",")[0])
    game = play_uniform_game("conf-lossy-off-policy", 2, 5, steps=steps)
    assert len(game.log) == steps and any(p % 2 for p in game.state["pos"])
    with pytest.raises(SaveError, match="odd position"):
        load_game(game.to_json())


def test_a_loaded_game_must_play_on_like_the_original(toy_registry):
    with pytest.raises(ConformanceError, match="saved and loaded before it differs"):
        check_uniform_game("conf-forgetful", 2, seed=1)


def test_uniform_games_stop_at_the_step_cap(toy_registry):
    game = check_uniform_game("conf-race", 2, seed=3, max_steps=3)
    assert len(game.log) == 3 and not game.is_over
    finished = check_uniform_game("conf-race", 2, seed=3)
    assert finished.is_over and len(finished.log) < conformance.UNIFORM_STEPS


def test_uniform_moves_are_drawn_from_the_legal_actions(toy_registry):
    policy = play_random_game("conf-lossy-off-policy", 1, seed=2)
    assert set(policy.log) == {"step 2"}
    game = play_uniform_game("conf-lossy-off-policy", 1, seed=2)
    assert set(game.log) == {"step 1", "step 2"}
    checked = check_uniform_game("conf-race", 1, seed=2)
    assert checked.log == play_uniform_game("conf-race", 1, seed=2).log


def test_a_warm_up_of_playout_moves_comes_first(toy_registry):
    game = check_uniform_game("conf-race", 2, seed=5, max_steps=2, warmup=3)
    assert game.log[:3] == play_random_game("conf-race", 2, seed=5).log[:3]
    assert len(game.log) == 5
    assert play_uniform_game("conf-race", 2, 5, steps=5, warmup=3).log == game.log


def _save_roundtrip_tool():
    spec = importlib.util.spec_from_file_location(
        "save_roundtrip", Path(__file__).resolve().parents[1] / "tools" / "save_roundtrip.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_save_sweep_counts_games_actions_and_failures(toy_registry, capsys):
    tool = _save_roundtrip_tool()
    assert tool.main(["--games", "3", "--variant", "conf-race", "--players", "2"]) == 0
    row = next(line for line in capsys.readouterr().out.splitlines()
               if line.startswith("conf-race"))
    name, players, games, ended, actions, failures = row.split()[:6]
    assert (players, games, ended, failures) == ("2", "3", "3", "0") and int(actions) > 0
    # a variant whose saves fail off the playout policy's path: every game is a failure,
    # shown with the call that replays it, and the exit code says so
    assert tool.main(["--games", "2", "--variant", "conf-lossy-off-policy",
                      "--players", "2"]) == 1
    out = capsys.readouterr().out
    row = next(line for line in out.splitlines() if line.startswith("conf-lossy"))
    assert row.split()[5] == "2"
    assert "load_game(to_json()) failed" in out and "play_uniform_game(" in out
