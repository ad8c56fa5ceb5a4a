"""Hard's pairwise reward (``bot_search.hard.reward: pairwise``): a seat's reward is the
share of its rivals it is ahead of, each pair's difference of the ``seat_values`` hook
through the logistic, instead of its lead over the best rival. With three seats, a seat
far behind the leader still tells apart the moves that keep it ahead of the third."""

from __future__ import annotations

import pytest

from game.ai import make_bot
from game.ai.base import logistic, pairwise_rewards, reward, rewards
from game.api import Game, new_game
from game.core.errors import ConfigError
from game.core.facets import bot_hooks


def _played(players: int, actions: int, seed: int = 5) -> Game:
    game = new_game("mexica", players, seed=seed)
    normal = make_bot("normal", seed=1)
    for _ in range(actions):
        if game.is_over:
            break
        seat = game.current_player
        game.apply(normal.choose(game.rules, game.view(seat), list(game.legal_actions())))
    return game


def test_a_seats_reward_is_its_expected_share_of_rivals_beaten():
    game = _played(3, 40)
    rules, state = game.rules, game.state
    values = bot_hooks(rules).seat_values(state)
    scale = rules.evaluation_scale
    got = pairwise_rewards(rules, state)
    for seat in range(3):
        expected = sum(logistic((values[seat] - values[r]) / scale)
                       for r in range(3) if r != seat) / 2
        assert got[seat] == pytest.approx(expected)
    # each pair shares one whole: three seats share 1.5 between them
    assert sum(got) == pytest.approx(1.5)
    assert rewards(rules, state, how="pairwise") == got
    assert [reward(rules, state, s, how="pairwise") for s in range(3)] == got


def test_far_behind_the_leader_the_third_place_still_counts():
    """By the lead over the best rival, the second and the last seat have both lost
    (rewards near 0, a search could not tell their moves apart); pairwise, the second
    keeps the half it holds by being ahead of the last."""
    game = _played(3, 60)
    rules, state = game.rules, game.state
    values = bot_hooks(rules).seat_values(state)
    last, middle, best = sorted(range(3), key=lambda s: values[s])
    assert values[best] - values[middle] > 2 and values[middle] - values[last] > 2
    sharp = 0.5  # two points are a clear lead
    assert reward(rules, state, middle, scale=sharp) < 0.02
    assert reward(rules, state, last, scale=sharp) < 0.02
    assert reward(rules, state, middle, scale=sharp, how="pairwise") > 0.45
    assert reward(rules, state, last, scale=sharp, how="pairwise") < 0.05
    assert reward(rules, state, best, scale=sharp, how="pairwise") > 0.95


def test_a_finished_game_counts_the_rivals_each_seat_finished_ahead_of():
    game = _played(3, 10_000)
    assert game.is_over
    scores = game.rules.scores(game.state)
    got = pairwise_rewards(game.rules, game.state)
    for seat in range(3):
        beaten = sum(1.0 if scores[seat] > scores[r] else 0.5 if scores[seat] == scores[r]
                     else 0.0 for r in range(3) if r != seat)
        assert got[seat] == beaten / 2
    assert sum(got) == 1.5


def test_with_two_seats_it_is_the_lead():
    game = _played(2, 30)
    assert pairwise_rewards(game.rules, game.state) == pytest.approx(
        rewards(game.rules, game.state))
    seat = game.current_player
    picks = []
    for options in ({}, {"reward": "pairwise"}):
        bot = make_bot("hard", seed=2, iterations=60, **options)
        picks.append(bot.choose(game.rules, game.view(seat), list(game.legal_actions())))
    assert picks[0] == picks[1]


def test_an_unknown_reward_is_refused_with_the_choices():
    with pytest.raises(ConfigError, match="lead"):
        make_bot("hard", reward="best")
