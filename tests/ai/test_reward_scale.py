"""Hard's reward scale (``bot_search.hard.reward_scale``): how many points of advantage
the search's logistic reward spans. The default is the variant's ``evaluation_scale``;
a smaller one makes finishing ahead of the best rival count for more than the size of
the lead."""

from __future__ import annotations

from game.ai import make_bot
from game.ai.base import evaluate, reward
from game.api import Game, new_game


def _midgame(seed: int = 5) -> Game:
    game = new_game("mexica", 3, seed=seed)
    normal = make_bot("normal", seed=1)
    for _ in range(40):
        seat = game.current_player
        game.apply(normal.choose(game.rules, game.view(seat), list(game.legal_actions())))
    return game


def test_the_variants_own_scale_given_as_the_reward_scale_decides_as_the_default():
    game = _midgame()
    seat = game.current_player
    scale = game.rules.evaluation_scale
    picks = []
    for options in ({}, {"reward_scale": scale}):
        bot = make_bot("hard", seed=2, iterations=80, **options)
        picks.append((bot.choose(game.rules, game.view(seat), list(game.legal_actions())),
                      bot.stats["value"]))
    assert picks[0] == picks[1]


def test_a_smaller_scale_pushes_a_lead_further_towards_a_win():
    game = _midgame()
    state = game.state
    leads = {seat: evaluate(game.rules, state, seat) for seat in range(3)}
    ahead = max(leads, key=lambda s: leads[s])
    behind = min(leads, key=lambda s: leads[s])
    assert leads[ahead] > 0 > leads[behind]
    sharp = game.rules.evaluation_scale / 2
    assert reward(game.rules, state, ahead, scale=sharp) > reward(game.rules, state, ahead) > 0.5
    assert reward(game.rules, state, behind, scale=sharp) < reward(game.rules, state, behind) < 0.5


# read from the variant file and checked: test_tree_rounds.py, with tree_rounds
