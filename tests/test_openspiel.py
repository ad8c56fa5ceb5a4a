"""The OpenSpiel bridge (game.bridges.openspiel): every variant, the example mod included, plays
through OpenSpiel's own MCTS; actions keep their numbers from state to state; returns
and declarations say what the game is."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import mcts

from game.api import new_game
from game.bridges import openspiel as bridge
from game.core.errors import AztecArcadeError
from game.core.registry import Registry, get_registry, reset_registry
from game.core.rng import Rng

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "patolli"

#: Mexica's random play does not end a game (see CutRolloutEvaluator): its games through
#: MCTS are cut at this many actions and scored there; every other game runs to its end.
CUT = {"mexica": 60, "mexica-neutral": 60}


@pytest.fixture
def names():
    """Built-in variants and the example mod (patolli), registered with OpenSpiel (once per
    process: a second registration is skipped), with the registry that holds the mod
    installed for this test (the root conftest forgets it after every test)."""
    sys.path.insert(0, str(EXAMPLE))
    reset_registry(Registry(extra_plugins=("aztec_patolli.plugin",)))
    try:
        yield bridge.register_variants()
    finally:
        reset_registry()
        sys.path.remove(str(EXAMPLE))


def _variants() -> list[str]:
    sys.path.insert(0, str(EXAMPLE))
    try:
        registry = Registry(extra_plugins=("aztec_patolli.plugin",))
        return sorted(registry.variants)
    finally:
        sys.path.remove(str(EXAMPLE))


VARIANTS = _variants()


def test_the_example_mod_is_among_the_games():
    assert {"patolli", "mexica", "tlatelolco-market", "aztlan"} <= set(VARIANTS)


@pytest.mark.parametrize("variant", VARIANTS)
def test_openspiels_mcts_plays_a_game_of_every_variant(names, variant):
    spec = get_registry().spec(variant)
    cut = CUT.get(spec.engine_id, 0)
    game = pyspiel.load_game(names[variant], {"players": spec.min_players, "seed": 3,
                                              "max_length": cut})
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=3,
                       evaluator=bridge.CutRolloutEvaluator(6, random_state=np.random
                                                            .RandomState(1)),
                       random_state=np.random.RandomState(2))
    state = game.new_initial_state()
    texts = []
    while not state.is_terminal():
        action = bot.step(state)
        assert action in state.legal_actions()
        texts.append(state.action_to_string(action))
        state.apply_action(action)
    # the same moves, as text, replay in the engine to the same scores
    replay = new_game(variant, spec.min_players, seed=3)
    for text in texts:
        replay.apply(text)
    assert replay.scores == state.core.rules.scores(state.core.state)
    returns = state.returns()
    assert sum(returns) == pytest.approx(0.0)
    if replay.is_over:
        best = max(returns)
        assert [s for s, r in enumerate(returns) if r == best] == replay.winners
    else:  # cut: the game ended at the limit and the leaders share the win
        assert len(texts) == cut
        top = max(replay.scores)
        assert [s for s, r in enumerate(returns) if r == max(returns)] == [
            s for s, v in enumerate(replay.scores) if v == top]


@pytest.mark.parametrize("variant", ["mexica", "tlatelolco-market", "aztlan"])
def test_an_action_keeps_its_number_in_every_state(names, variant):
    """The number of an action is its place in the engine's vocabulary, whatever else is
    legal; every legal action of a seeded game has one."""
    spec = get_registry().spec(variant)
    game = pyspiel.load_game(names[variant], {"players": spec.max_players, "seed": 5})
    vocabulary = game.rules.action_vocabulary()
    assert game.num_distinct_actions() == len(vocabulary) == len(set(vocabulary))
    state = game.new_initial_state()
    seen: dict[str, int] = {}
    rng = Rng(5)
    while not state.is_terminal() and len(state.history()) < 600:
        legal = state.legal_actions()
        for number in legal:
            text = state.action_to_string(number)
            assert seen.setdefault(text, number) == number
            assert vocabulary[number] == text
        engine_legal = state.core.rules.legal_actions(state.core.state)
        assert sorted(state.number(t) for t in engine_legal) == legal
        state.apply_action(state.number(state.core.rules.playout_action(state.core.state,
                                                                         rng)))


def test_a_mod_without_a_vocabulary_gets_stable_hashed_numbers(names):
    game = pyspiel.load_game(names["patolli"], {"players": 2})
    assert game.codec.hashed and game.num_distinct_actions() == bridge.HASH_SPACE
    state = game.new_initial_state()
    for number in state.legal_actions():
        text = state.action_to_string(number)
        assert bridge.Codec(game.rules, "patolli").number(text) == number


def test_two_legal_actions_on_one_number_are_an_error_not_a_merge(names, monkeypatch):
    game = pyspiel.load_game(names["patolli"], {"players": 2})
    monkeypatch.setattr(bridge, "HASH_SPACE", 1)
    with pytest.raises(AztecArcadeError, match="hash to the same number"):
        bridge.Codec(game.rules, "patolli").legal(["throw", "pass"])


def test_returns_are_win_loss_tie_or_the_score_difference(names):
    won = pyspiel.load_game(names["tlatelolco-market"], {"players": 3, "seed": 1})
    points = pyspiel.load_game(names["tlatelolco-market"], {"players": 3, "seed": 1,
                                                           "utility": "score"})
    finished = []
    for game in (won, points):
        state = game.new_initial_state()
        rng = Rng(1)
        while not state.is_terminal():
            core = state.core
            state.apply_action(state.number(core.rules.playout_action(core.state, rng)))
        finished.append(state)
    rules, engine = finished[0].core.rules, finished[0].core.state
    winners, scores = rules.winners(engine), rules.scores(engine)
    share = [1 / len(winners) if s in winners else 0.0 for s in range(3)]
    assert finished[0].returns() == pytest.approx([1.5 * (x - 1 / 3) for x in share])
    mean = sum(scores) / 3
    assert finished[1].returns() == pytest.approx([s - mean for s in scores])
    assert won.min_utility() == -0.5 and won.max_utility() == 1.0


def test_declarations_say_what_the_games_hide(names):
    for variant in ("mexica", "tlatelolco-market", "aztlan"):
        kind = pyspiel.load_game(names[variant]).get_type()
        assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
        assert kind.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    state = pyspiel.load_game(names["tlatelolco-market"], {"players": 2}).new_initial_state()
    assert '"bag": {"hidden":' in state.observation_string(1)


def test_a_determinized_state_shows_the_seat_what_it_saw(names):
    """Searching from a sampled state never reads the other seats' secrets: the seat's
    view is kept, the hidden parts are drawn afresh."""
    live = new_game("aztlan", 3, seed=2)
    rng = Rng(2)
    for _ in range(2):  # two seats choose their power cards face down
        live.apply(live.playout_action(rng))
    seat = live.current_player
    assert live.view(seat)["chosen"][:2] == [{"hidden": 1}, {"hidden": 1}]
    game = pyspiel.load_game(names["aztlan"], {"players": 3, "seed": 2})
    sampled = bridge.determinized(game, live.view(seat), seat, Rng(9), len(live.log))
    assert sampled.view(seat) == live.view(seat)
    assert sampled.current_player() == seat
