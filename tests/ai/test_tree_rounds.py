"""Hard's tree depth (``bot_search.hard.tree_rounds``) and rollouts that play whole plans.

With no limit (the default) Hard's tree grows wherever its iterations lead, and each
iteration is scored at the move it adds; with ``tree_rounds`` N every iteration goes on
to N rounds (a move of every seat) below the root and is scored there (after its
rollout), so more iterations sharpen the values at one horizon instead of mixing
positions just after the seat's own move with positions after its rivals' replies.
A rollout policy may answer with a whole plan (``;``-separated steps of one seat, as the
``candidates`` hook does): the rollout plays it at once. Mexica's greedy policy does so.
"""

from __future__ import annotations

from typing import Any

import pytest

from game.ai import make_bot
from game.ai.mcts import MCTSBot, Node
from game.ai.policy import determinize
from game.api import Game, new_game
from game.core.errors import ConfigError
from game.core.rng import Rng


def _mexica_turn_start(players: int = 3, seed: int = 11) -> Game:
    """A Mexica game a few turns in, at the start of a turn with several plans."""
    game = new_game("mexica", players, seed=seed)
    normal = make_bot("normal", seed=1)
    while True:
        seat, s = game.current_player, game.state
        if (len(game.log) > 20 and s.phase == "play" and s.turn == seat and not s.acted
                and len(game.rules.candidates(s, seat) or []) > 4):
            return game
        game.apply(normal.choose(game.rules, game.view(seat), list(game.legal_actions())))


def _grown(game: Game, iterations: int, **options: Any) -> Node:
    bot = make_bot("hard", seed=3, iterations=iterations, **options)
    assert isinstance(bot, MCTSBot)
    seat = game.current_player
    view, rng = game.view(seat), Rng(5)
    first = determinize(game.rules, view, seat, rng)
    return bot.grow(game.rules, view, list(game.legal_actions()), seat, rng, first,
                    bot.budget)


def _leaf_depths(node: Node, depth: int = 0) -> set[int]:
    if not node.children:
        return {depth}
    return set().union(*(_leaf_depths(c, depth + 1) for c in node.children.values()))


def test_every_iteration_is_scored_a_whole_round_below_the_root():
    """Three seats: with one round, every leaf is three plans down (the two rivals have
    replied, the seat is to move again); with no limit the leaves lie at every depth,
    some beyond the seat's own next turn."""
    game = _mexica_turn_start()
    free = _leaf_depths(_grown(game, 600))
    assert len(free) > 1 and max(free) > 3
    for rounds in (1, 2):
        root = _grown(game, 300, tree_rounds=rounds)
        assert _leaf_depths(root) == {3 * rounds}
        assert sum(c.visits for c in root.children.values()) >= 300  # every iteration


@pytest.mark.parametrize(("name", "value"), [("tree_rounds", 1), ("reward_scale", 4)])
def test_a_search_setting_is_read_from_the_variant_file_and_checked(name, value):
    """Mexica's file may set Hard's search (``bot_search``): this session's two settings
    (``tree_rounds`` here, ``reward_scale`` in test_reward_scale.py) reach the bot and
    its root-parallel workers, and a value out of bounds is refused with its place."""
    game = new_game("mexica", 3, seed=1, options={"bot_search": {"hard": {name: value}}})
    assert game.rules.search_settings("hard") == {name: value}
    bot = make_bot("hard", seed=1, iterations=5)
    assert isinstance(bot, MCTSBot)
    bot.choose(game.rules, game.view(game.current_player), game.legal_actions())
    assert getattr(bot, name) == value and bot.search_options()[name] == value
    with pytest.raises(ConfigError) as err:
        new_game("mexica", 3, seed=1, options={"bot_search": {"hard": {name: -1}}})
    assert f"bot_search.hard.{name}" in str(err.value)


def test_a_greedy_rollout_in_mexica_plays_the_seats_best_looking_turn_whole():
    """At the start of a turn the greedy policy answers with the plan the quick estimate
    puts first; a rollout of one change of seat plays all of it: the turn passes, with
    every step of that plan in the seat's moves."""
    game = _mexica_turn_start()
    rules, seat = game.rules, game.current_player
    state = rules.clone(game.state)
    plan = rules.greedy_playout_action(state, Rng(1))
    assert plan == rules.candidates(state, seat)[0]
    steps = plan.split(";")
    assert len(steps) > 1 and steps[-1] == "end"
    bot = make_bot("hard", seed=1, iterations=1, rollout_policy="greedy")
    assert isinstance(bot, MCTSBot)
    replay = rules.clone(state)
    for step in steps:
        rules.apply(replay, step)
    bot._rollout(rules, state, Rng(1), 1)
    assert rules.current_player(state) != seat
    assert rules.view(state, seat) == rules.view(replay, seat)
