"""Hard's rollout policy (``bot_search.hard.rollout_policy``): ``random`` plays the
variant's playout policy in every rollout, ``greedy`` its ``greedy_playout_action``. In
Aztlán the greedy policy places where the seat's domains gain most (so the two rivals of
a three-seat rollout play somewhat like the Normal players Hard meets). Hard's backup
(``bot_search.hard.backup``): ``maxn`` credits each seat's node with its own reward,
``paranoid`` a rival's with the deciding seat's loss."""

from __future__ import annotations

from typing import Any

import pytest

from game.ai import make_bot
from game.ai.mcts import MCTSBot
from game.api import Game, new_game
from game.core.errors import ConfigError
from game.core.rng import Rng
from variants.aztlan.playout import best_placements

GREEDY = {"bot_search": {"hard": {"rollout_policy": "greedy"}}}
#: the random rollouts, which Aztlán's file no longer uses, asked for by an option
RANDOM = {"bot_search": {"hard": {"rollout_policy": "random"}}}


def _at_first_placement(options: dict[str, Any] | None = None, seed: int = 1) -> Game:
    game = new_game("aztlan", 3, seed=seed, options=options)
    while game.state.step != "place":
        game.apply(game.legal_actions()[0])
    return game


def _counting_greedy_calls(game: Game) -> list[int]:
    calls = [0]
    policy = game.rules.greedy_playout_action

    def counted(state: Any, rng: Rng) -> str:
        calls[0] += 1
        return policy(state, rng)

    game.rules.greedy_playout_action = counted  # type: ignore[method-assign]
    return calls


@pytest.mark.parametrize(("options", "policy", "used"), [(GREEDY, "greedy", True),
                                                          (None, "greedy", True),
                                                          (RANDOM, "random", False)])
def test_hard_rolls_out_with_the_policy_its_variant_file_names(options, policy, used):
    game = _at_first_placement(options)
    calls = _counting_greedy_calls(game)
    bot = make_bot("hard", seed=1, iterations=20)
    assert isinstance(bot, MCTSBot)
    bot.choose(game.rules, game.view(game.current_player), game.legal_actions())
    assert bot.rollout_policy == policy
    assert bot.search_options()["rollout_policy"] == policy  # root-parallel workers too
    assert (calls[0] > 0) is used


def test_aztec_gods_keeps_the_default_search_that_its_strength_was_measured_with():
    """aztlan-2p extends aztlan.yaml, whose three-player Hard rolls out greedily for six
    turns; the two-player game's Hard searches as it did when it measured 80%."""
    hard = new_game("aztlan-2p", 2, seed=1).rules.search_settings("hard") or {}
    defaults = MCTSBot(seed=1).search_options()
    assert hard.get("rollout_policy", "random") == defaults["rollout_policy"] == "random"
    assert hard.get("rollout_turns", 2) == 2  # one change of seat per player
    assert new_game("aztlan", 3, seed=1).rules.search_settings("hard") == \
        {"rollout_policy": "greedy", "rollout_turns": 6}


def test_a_rollout_policy_the_search_does_not_know_is_refused_with_its_place_named():
    with pytest.raises(ConfigError) as err:
        new_game("aztlan", 3, seed=1,
                 options={"bot_search": {"hard": {"rollout_policy": "clever"}}})
    assert "bot_search.hard.rollout_policy" in str(err.value)
    with pytest.raises(ValueError, match="rollout_policy: must be one of random, greedy"):
        MCTSBot(seed=1, rollout_policy="clever")


def test_normal_plays_as_before_whatever_hards_rollout_policy():
    for seed in (1, 2, 3):
        picks = []
        for options in (RANDOM, GREEDY):
            game = _at_first_placement(options, seed)
            bot = make_bot("normal", seed=seed)
            picks.append(bot.choose(game.rules, game.view(game.current_player),
                                    game.legal_actions()))
        assert picks[0] == picks[1]


@pytest.mark.parametrize(("variant", "players"), [("aztlan", 3), ("aztlan-2p", 2)])
def test_the_greedy_playout_plays_only_legal_actions_to_the_end(variant, players):
    for seed in (1, 2):
        game = new_game(variant, players, seed=seed,
                        options={"playout_greedy_chance": 100})
        rng = Rng(seed)
        while not game.is_over:
            assert len(game.log) < game.rules.playout_limit
            action = game.rules.greedy_playout_action(game.state, rng)
            assert action in game.legal_actions()
            game.apply(action)


def test_a_greedy_pawn_grows_a_domain_of_its_cards_type_where_it_wins_the_conflict():
    """Seat 3 (Jungle card, strength 6) holds Maize Terraces (t1, fields). A jungle next
    to it makes a domain that scores; Jaguar Thicket (t2) and Ceiba Grove (t8) both do,
    but a rival with the City card (9) sits on t8 and would win that conflict, while the
    rival on t2 holds the wild card (4) and would lose it."""
    game = _at_first_placement()
    rules, state = game.rules, game.rules.clone(game.state)
    seat = rules.current_player(state)
    assert seat == 2
    ids, types = rules.table.island.ids, rules.table.island.types
    t1, t2, t8 = (ids.index(t) for t in ("t1", "t2", "t8"))
    assert (types[t1], types[t2], types[t8]) == ("fields", "jungle", "jungle")
    state.chosen = [9, 4, 6]
    mine, city, wild = state.control[2], state.control[0], state.control[1]
    state.board[t1][mine] = 1
    assert best_placements(rules.table, state, seat) == [t2, t8]
    state.board[t8][city] = 1
    state.board[t2][wild] = 1
    assert best_placements(rules.table, state, seat) == [t2]
    greedy = new_game("aztlan", 3, seed=1, options={"playout_greedy_chance": 100}).rules
    assert {greedy.greedy_playout_action(state, Rng(n)) for n in range(5)} == {"place t2"}


# -- the backup (bot_search.hard.backup) ------------------------------------------------
def test_hard_reads_a_paranoid_backup_from_its_variant_file():
    game = _at_first_placement({"bot_search": {"hard": {"backup": "paranoid"}}})
    bot = make_bot("hard", seed=1, iterations=5)
    assert isinstance(bot, MCTSBot)
    bot.choose(game.rules, game.view(game.current_player), game.legal_actions())
    assert bot.backup == "paranoid" and bot.search_options()["backup"] == "paranoid"
    with pytest.raises(ConfigError) as err:
        new_game("aztlan", 3, seed=1, options={"bot_search": {"hard": {"backup": "fair"}}})
    assert "bot_search.hard.backup" in str(err.value)


def test_a_paranoid_search_changes_nothing_with_two_players():
    """With two seats a rival's gain is the seat's loss already (the evaluation is the
    seat's value minus the other's), so crediting the rival with one minus the seat's
    reward is what max-n does: Hard in Aztec Gods decides exactly as before."""
    for seed in (1, 2):
        game = new_game("aztlan-2p", 2, seed=seed)
        for _ in range(12):
            game.apply(game.legal_actions()[seed % len(game.legal_actions())])
        assert len(game.legal_actions()) > 1
        picks, values = [], []
        for backup in ("maxn", "paranoid"):
            bot = make_bot("hard", seed=seed, iterations=60, backup=backup)
            picks.append(bot.choose(game.rules, game.view(game.current_player),
                                    game.legal_actions()))
            values.append(bot.stats["value"])
        assert picks[0] == picks[1]
        assert values[0] == pytest.approx(values[1])
