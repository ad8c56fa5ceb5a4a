"""The computer players' evaluation weights and Hard's search settings: numbers of the
variant file, one set per level, so that Hard is tuned with the balance lab (a sweep over
``bot_weights.hard.NAME`` or ``bot_search.hard.NAME``) while Normal and the hints keep
theirs."""

from __future__ import annotations

import pytest

from game.ai import make_bot
from game.ai.base import advantage, level_weights
from game.ai.mcts import SEARCH_DEFAULTS, MCTSBot
from game.api import new_game
from game.core.errors import ConfigError


def _weights(**changed: float) -> dict[str, float]:
    rules = new_game("mexica", 2, seed=1).rules
    base = rules.evaluation_weights("normal")
    assert base is not None
    return {**base, **changed}


def test_a_banked_ap_token_is_worth_token_value_points_in_period_1():
    game = new_game("mexica", 2, seed=1)
    state = game.rules.clone(game.state)
    assert state.period == 1 and not state.end_triggered
    state.ap_tokens[0] = 3
    cheap = game.rules.evaluate(state, 0, _weights(token_value=0.5))
    dear = game.rules.evaluate(state, 0, _weights(token_value=2.0))
    assert dear - cheap == pytest.approx(3 * 1.5)
    # the rival's tokens count against the seat in the same measure
    state.ap_tokens[0], state.ap_tokens[1] = 0, 3
    assert game.rules.evaluate(state, 0, _weights(token_value=2.0)) - \
        game.rules.evaluate(state, 0, _weights(token_value=0.5)) == pytest.approx(-4.5)


def test_each_level_reads_its_own_weights_from_the_variant_file():
    game = new_game("mexica", 2, seed=1, options={"bot_weights": {"hard": {
        "token_value": 1.4}}})
    rules = game.rules
    assert level_weights(rules, "hard")["token_value"] == 1.4
    assert level_weights(rules, "normal")["token_value"] == 0.6  # Normal keeps its own
    # a weight left out of the override keeps the variant file's value
    assert level_weights(rules, "hard")["sigma_hand"] == level_weights(
        rules, "normal")["sigma_hand"]
    # a bot's own option goes over the file's, for that bot only
    assert level_weights(rules, "hard", {"token_value": 3.0})["token_value"] == 3.0


def test_the_bots_evaluate_with_their_levels_weights():
    game = new_game("mexica", 2, seed=1, options={"bot_weights": {"hard": {
        "token_value": 1.4}}})
    hard, normal = make_bot("hard", seed=1, iterations=5), make_bot("normal", seed=1)
    for bot in (hard, normal):
        seat = game.current_player
        bot.choose(game.rules, game.view(seat), game.legal_actions())
    assert hard.weights is not None and hard.weights["token_value"] == 1.4
    assert normal.weights is not None and normal.weights["token_value"] == 0.6


def test_an_engine_without_weights_is_evaluated_with_two_arguments():
    calls = []

    class TwoArguments:
        evaluation_scale = 10.0

        def is_over(self, state):
            return False

        def evaluate(self, state, seat):  # the hook as older mods wrote it
            calls.append(seat)
            return 1.0

    assert advantage(TwoArguments(), object(), 1, None) == 1.0
    assert calls == [1]


@pytest.mark.parametrize(("value", "message"), [
    (-1, "must be at least 0"),
    ("lots", "expected a number, got text"),
    (float("nan"), "must be a finite number, got nan"),
    (float("inf"), "must be a finite number, got inf"),
    (True, "expected a number, got true/false"),
])
def test_a_bad_weight_is_refused_with_its_place_named(value, message):
    with pytest.raises(ConfigError) as err:
        new_game("mexica", 2, seed=1,
                 options={"bot_weights": {"hard": {"token_value": value}}})
    text = str(err.value)
    assert "bot_weights.hard.token_value" in text and message in text


def test_aztlan_counts_a_pawn_still_to_place_at_its_levels_weight():
    game = new_game("aztlan-2p", 2, seed=1)
    rules = game.rules
    hard = level_weights(rules, "hard")
    assert hard is not None and set(hard) >= {"pawn_to_place", "tactical_card"}
    state = rules.clone(game.state)
    mine, theirs = state.control[0], state.control[1]
    state.supply[mine] = state.supply[theirs] + 3  # three pawns more to place
    cheap = rules.evaluate(state, 0, {**hard, "pawn_to_place": 0.5})
    dear = rules.evaluate(state, 0, {**hard, "pawn_to_place": 1.5})
    assert dear - cheap == pytest.approx(3 * 1.0)


def test_aztlan_for_three_measures_a_seat_against_its_rivals_mean_at_rival_mean_1():
    """``rival_mean`` 0 (Normal's): a seat's value is its own minus the best rival's;
    at 1, minus the rivals' mean, so gaining on the trailing rival counts too."""
    game = new_game("aztlan", 3, seed=1)
    rules = game.rules
    normal = level_weights(rules, "normal")
    assert normal is not None and normal["rival_mean"] == 0.0
    state = rules.clone(game.state)
    state.scores = [10, 20, 0]
    best = rules.evaluate(state, 0, normal)
    mean = rules.evaluate(state, 0, {**normal, "rival_mean": 1.0})
    half = rules.evaluate(state, 0, {**normal, "rival_mean": 0.5})
    assert best - mean == pytest.approx(-10.0)  # 20 for the best, 10 for the mean
    assert half == pytest.approx((best + mean) / 2)
    state.scores = [10, 20, 6]  # the trailing rival gains 6: only the mean sees it
    assert rules.evaluate(state, 0, normal) == pytest.approx(best)
    assert rules.evaluate(state, 0, {**normal, "rival_mean": 1.0}) == pytest.approx(mean - 3)


def test_rival_mean_changes_nothing_with_two_players():
    game = new_game("aztlan-2p", 2, seed=1)
    rules = game.rules
    hard = level_weights(rules, "hard")
    assert hard is not None
    state = rules.clone(game.state)
    state.scores = [4, 9]
    assert rules.evaluate(state, 0, {**hard, "rival_mean": 1.0}) == \
        rules.evaluate(state, 0, {**hard, "rival_mean": 0.0})


def test_aztlans_file_has_hard_weigh_every_rival_and_normal_the_best_one():
    rules = new_game("aztlan", 3, seed=1).rules
    assert level_weights(rules, "hard")["rival_mean"] == 1.0
    assert level_weights(rules, "normal")["rival_mean"] == 0.0


# -- Hard's search settings per variant (bot_search) ------------------------------------
def _decided_hard(options: dict | None = None, **given: float) -> MCTSBot:
    game = new_game("aztlan", 3, seed=1, options=options)
    bot = make_bot("hard", seed=1, iterations=3, **given)
    assert isinstance(bot, MCTSBot)
    seat = game.current_player
    bot.choose(game.rules, game.view(seat), game.legal_actions())
    return bot


def test_hard_searches_with_the_variant_files_settings_for_its_level():
    bot = _decided_hard({"bot_search": {"hard": {"exploration": 0.25, "rollout_turns": 1}}})
    assert (bot.exploration, bot.rollout_turns) == (0.25, 1)
    # a setting the file leaves out keeps the default every variant plays with
    assert bot.widening == SEARCH_DEFAULTS["widening"]
    assert bot.prior_visits == SEARCH_DEFAULTS["prior_visits"]


def test_a_setting_given_to_the_bot_wins_over_the_variant_files():
    """A lab sweep over ``hard:exploration`` (a bot option) means that value, whatever
    the file says; so does the setting a root-parallel worker is handed."""
    bot = _decided_hard({"bot_search": {"hard": {"exploration": 0.25, "rollout_turns": 1}}},
                        exploration=1.5)
    assert (bot.exploration, bot.rollout_turns) == (1.5, 1)
    assert bot.search_options()["exploration"] == 1.5


def test_a_variant_without_search_settings_plays_with_the_defaults():
    game = new_game("mexica", 2, seed=1)
    assert game.rules.search_settings("hard") is None
    bot = make_bot("hard", seed=1, iterations=3)
    assert isinstance(bot, MCTSBot)
    bot.choose(game.rules, game.view(game.current_player), game.legal_actions())
    assert {k: getattr(bot, k) for k in SEARCH_DEFAULTS} == SEARCH_DEFAULTS


@pytest.mark.parametrize(("setting", "value", "message"), [
    ("exploration", -0.5, "must be at least 0"),
    ("rollout_turns", 1.5, "expected a whole number"),
    ("speed", 2, "unknown key"),
])
def test_a_bad_search_setting_is_refused_with_its_place_named(setting, value, message):
    with pytest.raises(ConfigError) as err:
        new_game("aztlan", 3, seed=1, options={"bot_search": {"hard": {setting: value}}})
    text = str(err.value)
    assert f"bot_search.hard.{setting}" in text and message in text


def test_a_narrower_widening_in_the_file_has_hard_weigh_fewer_placements():
    """At an Aztlán placement (30 territories) 300 iterations at the default widening
    try every territory a few times; at widening 1 Hard tries about sqrt(300) of them,
    the evaluation's best first, each more deeply."""
    game = new_game("aztlan", 3, seed=1)
    while game.state.step != "place":
        game.apply(game.legal_actions()[0])
    seat, legal = game.current_player, game.legal_actions()
    assert len(legal) == 30
    tried = {}
    for label, options in (("narrow", {"bot_search": {"hard": {"widening": 1.0}}}),
                           ("defaults", None)):
        g = new_game("aztlan", 3, seed=1, options=options)
        for action in game.log:
            g.apply(action)
        bot = make_bot("hard", seed=1, iterations=300)
        bot.choose(g.rules, g.view(seat), legal)
        tried[label] = bot.stats["root_moves"]
    assert tried["narrow"] <= int(1.0 * 300 ** 0.5) + 1 < tried["defaults"] == 30
