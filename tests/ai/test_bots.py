"""Computer players: reproducibility, plans, the arena, games without hooks (legal moves
and whole games between every pair of levels are in ``test_loops``).

The variant list comes from ``game.api.list_variants()``, so third-party variants
installed here are played too. Budgets are small: these tests check behaviour, not
strength (``aztec-arcade simulate --bots`` measures that) or speed (``benchmarks/ai.py``).
"""

from __future__ import annotations

from collections import Counter

import pytest

from game.ai import EasyBot, GreedyBot, MCTSBot, make_bot
from game.ai.arena import play_game, seat_levels, tournament, wilson
from game.ai.base import split_plan
from game.api import new_game
from game.core.engine import PLAN_SEP
from game.core.rng import mix_seed
from tests.ai.helpers import variants_at_fewest_players

VARIANTS = variants_at_fewest_players()


#: actions of each game the reproducibility test compares: past the set-up, with at least
#: a dozen real choices (more than one legal action) for every bot; whole games took minutes
SAME_SEED_ACTIONS = 40


@pytest.mark.parametrize(("variant", "players"), VARIANTS)
def test_the_same_seed_gives_the_same_moves(variant, players):
    levels = ["hard", "normal", "easy", "normal"][:players]

    def play() -> tuple[list[str], Counter[int]]:
        game = new_game(variant, players, seed=5)
        bots = [make_bot(level, seed=100 + seat, iterations=10)
                for seat, level in enumerate(levels)]
        choices: Counter[int] = Counter()
        while not game.is_over and len(game.log) < SAME_SEED_ACTIONS:
            seat = game.current_player
            legal = game.legal_actions()
            choices[seat] += len(legal) > 1
            game.apply(bots[seat].choose(game.rules, game.view(seat), legal))
        return game.log, choices

    first, choices = play()
    assert play()[0] == first
    assert len(first) == SAME_SEED_ACTIONS
    assert all(choices[seat] >= 10 for seat in range(players)), choices


def test_different_seeds_play_different_games():
    def log(seed: int) -> list[str]:
        game = new_game("tlatelolco-market", 2, seed=3)
        play_game(game, [make_bot("easy", seed=seed), make_bot("easy", seed=seed + 1)])
        return game.log

    assert log(1) != log(2)


def test_a_decision_is_a_pure_function_of_seed_view_and_history():
    game = new_game("mexica", 2, seed=4)
    bot_a = make_bot("hard", seed=9, iterations=40)
    bot_b = make_bot("hard", seed=9, iterations=40)
    view, legal = game.view(0), game.legal_actions()
    assert bot_a.choose(game.rules, view, legal) == bot_b.choose(game.rules, view, legal)
    other = make_bot("easy", seed=9)
    assert other.choose(game.rules, view, legal) in legal


def test_make_bot_levels_and_budgets():
    assert isinstance(make_bot("easy"), EasyBot)
    assert isinstance(make_bot("Normal"), GreedyBot)
    hard = make_bot("hard", iterations=7)
    assert isinstance(hard, MCTSBot) and hard.budget.iterations == 7
    timed = make_bot("hard", seconds=0.5)
    assert timed.budget.seconds == 0.5 and timed.budget.iterations is None
    with pytest.raises(ValueError):
        make_bot("grandmaster")


def test_hard_search_reports_its_iterations():
    game = new_game("tlatelolco-market", 2, seed=2)
    while game.state.phase != "turn":
        game.apply(game.legal_actions()[0])
    bot = make_bot("hard", seed=1, iterations=25)
    action = bot.choose(game.rules, game.view(game.current_player), game.legal_actions())
    assert action in game.legal_actions()
    assert bot.stats["iterations"] == 25
    assert bot.stats["root_moves"] >= 1


def test_a_wall_clock_budget_stops_the_search():
    game = new_game("mexica", 2, seed=2)
    bot = make_bot("hard", seed=1, seconds=0.05)
    bot.choose(game.rules, game.view(0), game.legal_actions())
    assert 1 <= bot.stats["iterations"]


def test_a_cancelled_search_still_answers_legally():
    game = new_game("mexica", 2, seed=2)
    for action in ("start i7", "start i9"):
        game.apply(action)
    bot = make_bot("hard", seed=1, iterations=10_000)
    bot.cancelled = True
    assert bot.choose(game.rules, game.view(0), game.legal_actions()) in game.legal_actions()


# ---------------------------------------------------------------------------------------
# plans (macro-actions)
# ---------------------------------------------------------------------------------------
def _mexica_in_play(seed: int = 3, actions: int = 30):
    game = new_game("mexica", 2, seed=seed)
    bots = [make_bot("easy", seed=1), make_bot("easy", seed=2)]
    while len(game.log) < actions or game.state.phase != "play":
        seat = game.current_player
        game.apply(bots[seat].choose(game.rules, game.view(seat), game.legal_actions()))
    return game


def test_mexica_candidates_are_whole_turn_plans_that_apply():
    game = _mexica_in_play()
    rules, state = game.rules, game.state
    seat = game.current_player
    plans = rules.candidates(state, seat)
    assert plans and all(PLAN_SEP in p for p in plans)
    legal = set(game.legal_actions())
    for plan in plans:
        steps = split_plan(plan)
        assert steps[0] in legal and steps[-1] == "end"
        clone = rules.clone(state)
        for step in steps:
            rules.apply(clone, step)  # raises if a step is illegal
        assert rules.current_player(clone) != seat or rules.is_over(clone)


def test_a_plan_is_played_step_by_step_without_thinking_again():
    game = _mexica_in_play()
    seat = game.current_player
    bot = make_bot("normal", seed=3)
    first = bot.choose(game.rules, game.view(seat), game.legal_actions())
    game.apply(first)
    steps = 1
    while game.current_player == seat and not game.is_over:
        action = bot.choose(game.rules, game.view(seat), game.legal_actions())
        assert bot.stats.get("reused") or bot.stats.get("forced")
        game.apply(action)
        steps += 1
    assert steps >= 2  # at least one step and the end


def test_an_unexpected_view_drops_the_plan():
    game = _mexica_in_play()
    seat = game.current_player
    bot = make_bot("normal", seed=3)
    bot.choose(game.rules, game.view(seat), game.legal_actions())
    game.apply("take" if "take" in game.legal_actions() else "end")  # not the bot's step
    if game.current_player == seat:
        bot.choose(game.rules, game.view(seat), game.legal_actions())
        assert not bot.stats.get("reused")


# ---------------------------------------------------------------------------------------
# the arena and the statistics
# ---------------------------------------------------------------------------------------
def test_seats_rotate_between_games():
    assert seat_levels(["normal", "easy"], 0) == ["normal", "easy"]
    assert seat_levels(["normal", "easy"], 1) == ["easy", "normal"]
    assert seat_levels(["a", "b", "c"], 1) == ["b", "c", "a"]


def test_wilson_interval():
    lo, hi = wilson(90, 100)
    assert 0.82 < lo < 0.83 and 0.94 < hi < 0.95
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0
    assert wilson(0, 0) == (0.0, 1.0)


def test_tournament_counts_every_game_once_per_level():
    table, lengths = tournament("tlatelolco-market", ["normal", "easy"], 4, seed=1)
    assert len(lengths) == 4
    assert table["normal"].games == table["easy"].games == 4
    assert 0 <= table["normal"].wins <= 4
    assert table["normal"].wins + table["easy"].wins == pytest.approx(4)


def test_bot_seeds_differ_per_seat_and_game():
    assert mix_seed(1, "bot", 0) != mix_seed(1, "bot", 1) != mix_seed(2, "bot", 1)


# ---------------------------------------------------------------------------------------
# a third-party game with no bot hooks at all
# ---------------------------------------------------------------------------------------
class Nim:
    """Take 1-3 from a pile; whoever takes the last one wins. No hooks for the bots: the
    default evaluate (score difference), determinize (the view plus a fresh generator)
    and the uniform playout policy."""

    @staticmethod
    def rules():
        from typing import ClassVar

        from game.core.engine import Rules
        from game.core.errors import IllegalAction
        from game.core.events import Event
        from game.core.schema import Obj

        class NimRules(Rules):
            engine_id: ClassVar[str] = "nim"
            parameters: ClassVar[Obj] = Obj({})

            def new_state(self, seed):
                return {"pile": 10, "turn": 0, "winner": None, "rng": seed}

            def current_player(self, s):
                return None if s["winner"] is not None else s["turn"]

            def legal_actions(self, s):
                if s["winner"] is not None:
                    return []
                return [f"take {k}" for k in (1, 2, 3) if k <= s["pile"]]

            def apply(self, s, action):
                if action not in self.legal_actions(s):
                    raise IllegalAction("take 1, 2 or 3")
                s["pile"] -= int(action.split()[1])
                if s["pile"] == 0:
                    s["winner"] = s["turn"]
                s["turn"] = 1 - s["turn"]
                return action, [Event("take", action)]

            def is_over(self, s):
                return s["winner"] is not None

            def scores(self, s):
                return [int(s["winner"] == i) for i in range(2)]

            def winners(self, s):
                return [] if s["winner"] is None else [s["winner"]]

            def to_dict(self, s):
                return dict(s)

            def from_dict(self, data):
                return {k: data[k] for k in ("pile", "turn", "winner", "rng")}

        return NimRules({}, 2)


@pytest.mark.parametrize("pile", [5, 6, 7, 9, 10, 11])
def test_generic_hard_finds_the_winning_nim_move(pile):
    rules = Nim.rules()
    state = rules.new_state(0)
    state["pile"] = pile
    view = rules.view(state, 0)
    view["seat"] = 0
    assert "rng" not in view
    bot = make_bot("hard", seed=1, iterations=400)
    action = bot.choose(rules, view, rules.legal_actions(state))
    assert (pile - int(action.split()[1])) % 4 == 0  # leave a multiple of four


def test_generic_bots_finish_a_game_without_hooks():
    rules = Nim.rules()
    for levels in (["easy", "normal"], ["hard", "easy"]):
        state = rules.new_state(3)
        bots = [make_bot(lv, seed=i, iterations=30) for i, lv in enumerate(levels)]
        while not rules.is_over(state):
            seat = rules.current_player(state)
            view = rules.view(state, seat)
            view["seat"] = seat
            action = bots[seat].choose(rules, view, rules.legal_actions(state))
            rules.apply(state, action)
        assert rules.winners(state)


def test_normal_takes_the_last_stones():
    rules = Nim.rules()
    state = rules.new_state(0)
    state["pile"] = 3
    view = rules.view(state, 0)
    view["seat"] = 0
    assert make_bot("normal").choose(rules, view, rules.legal_actions(state)) == "take 3"
