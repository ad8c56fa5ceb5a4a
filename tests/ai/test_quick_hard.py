"""Hard answers within a second in the window (issue 38): its trees keep the decision's
deadline however late they start, its processes start before its first turn, it stops
searching when there is nothing to weigh, and it scores a leaf for every seat with one
evaluation. Work is counted, never timed."""

from __future__ import annotations

import time

import pytest

from game import ai
from game.ai import make_bot, parallel
from game.ai.base import Budget, level_weights, moves_for, reward, rewards
from game.ai.mcts import search_root
from game.ai.parallel import RootJob
from game.ai.policy import determinize
from game.api import new_game
from game.core.facets import bot_hooks
from game.core.rng import Rng


def _mexica(actions: int):
    game = new_game("mexica", 2, seed=3)
    bots = [make_bot("normal", seed=seat) for seat in range(2)]
    while len(game.log) < actions:
        seat = game.current_player
        game.apply(bots[seat].choose(game.rules, game.view(seat), game.legal_actions()))
    return game


def test_with_one_plan_to_weigh_hard_stops_after_one_iteration():
    """In the middle of a Mexica turn the candidates hook offers one plan: Hard plays
    its first step after one iteration instead of a whole budget's."""
    game = _mexica(25)
    seat = game.current_player
    view = game.view(seat)
    plans, _ = moves_for(game.rules, determinize(game.rules, view, seat, Rng(1)), seat)
    assert len(plans) == 1 and len(game.legal_actions()) > 100
    bot = make_bot("hard", seed=5, iterations=300)
    action = bot.choose(game.rules, view, game.legal_actions())
    assert bot.stats["iterations"] == 1
    assert action == plans[0].split(";")[0].strip()


def test_with_plans_to_weigh_hard_spends_its_whole_budget():
    game = _mexica(28)
    bot = make_bot("hard", seed=5, iterations=60)
    bot.choose(game.rules, game.view(game.current_player), game.legal_actions())
    assert bot.stats["iterations"] == 60 and bot.stats["root_moves"] > 1


def test_a_tree_that_starts_after_the_deadline_grows_one_iteration():
    """A job that reaches its process late (a pool still starting, a busy machine) keeps
    the decision's deadline rather than its own seconds: it answers after one
    iteration, so the window's player is not kept waiting."""
    game = _mexica(28)
    seat = game.current_player
    job = RootJob(game.view(seat), game.legal_actions(), seat, seed=11, iterations=None,
                  seconds=30.0, options=make_bot("hard").search_options(), weights=None,
                  history=[], until=time.time() - 1.0)
    totals, iterations = search_root(job, game.rules)
    assert iterations == 1 and totals
    budget = Budget(None, 30.0, until=time.time() - 1.0)
    budget.begin()
    assert budget.more()  # one iteration always, so there is an answer
    budget.done = 1
    assert not budget.more()


def _processes(bot) -> list:
    pool = bot._pool
    return [] if pool is None else list((pool.executor._processes or {}).values())


def test_the_window_s_hard_player_starts_its_process_before_its_first_turn():
    """The client calls ``prepare`` when a seat gets its computer player: an offloaded
    Hard player's process is then running before any decision (its first answer would
    otherwise wait for a fresh interpreter to start), and ends with the player."""
    assert ai.CLIENT_SECONDS <= 1.0
    game = _mexica(0)
    bot = make_bot("hard", seed=1, seconds=ai.CLIENT_SECONDS, offload=True)
    try:
        bot.prepare(game.rules)
        until = time.monotonic() + parallel.PATIENCE
        while not _processes(bot) and time.monotonic() < until:
            time.sleep(0.05)
        running = _processes(bot)
        assert len(running) == 1 and running[0].is_alive()
        assert bot.decisions == 0
    finally:
        bot.close()
    until = time.monotonic() + parallel.PATIENCE
    while running[0].is_alive() and time.monotonic() < until:
        time.sleep(0.05)
    assert not running[0].is_alive()


def test_a_player_without_processes_has_nothing_to_prepare():
    game = _mexica(0)
    for bot in (make_bot("hard", seed=1, iterations=10), make_bot("normal")):
        bot.prepare(game.rules)
        assert getattr(bot, "_pool", None) is None


@pytest.mark.parametrize(("variant", "players"), [
    ("tlatelolco-market", 4), ("aztlan", 3), ("aztlan-2p", 2), ("mexica", 3),
    ("mexica-2p-neutral", 2)])
def test_a_leaf_is_scored_for_every_seat_by_one_evaluation_of_the_same_values(
        variant, players, monkeypatch):
    """Hard scores each leaf for every seat: the variant's ``evaluate_seats`` answers all
    of them at the cost of one ``evaluate``, with exactly each seat's ``evaluate``."""
    game = new_game(variant, players, seed=4)
    bots = [make_bot("normal", seed=seat) for seat in range(players)]
    rules = game.rules
    hooks = bot_hooks(rules)
    weights = level_weights(rules, "hard")
    checked = 0
    while len(game.log) < 40 and not game.is_over:
        if len(game.log) % 8 == 0:
            state = determinize(rules, game.view(0), 0, Rng(len(game.log)))
            one_by_one = [reward(rules, state, p, weights) for p in range(players)]
            calls = _counted(monkeypatch, type(hooks))
            assert rewards(rules, state, weights) == one_by_one
            monkeypatch.undo()
            assert calls == [1]
            checked += 1
        seat = game.current_player
        game.apply(bots[seat].choose(rules, game.view(seat), game.legal_actions()))
    assert checked >= 3


def _counted(monkeypatch, cls) -> list[int]:
    """``cls.evaluate_seats`` noting each call in the list returned."""
    calls: list[int] = []
    every = cls.evaluate_seats
    monkeypatch.setattr(cls, "evaluate_seats",
                        lambda self, *a: calls.append(1) or every(self, *a))
    return calls


def test_trees_stop_earlier_when_their_answers_came_back_late():
    """A busy machine (or a slow frame thread beside the search) delays the answers'
    way back: the next decision's trees stop earlier by that much, so the wait keeps
    its budget; never by more than half of it, and by GRACE on a quiet machine."""
    assert parallel.margin(1.0, 0.0) == parallel.GRACE
    assert parallel.margin(1.0, 0.3) == 0.3 + parallel.SLACK
    assert parallel.margin(1.0, 5.0) == 0.5


def test_an_answer_that_waited_for_its_process_to_start_is_not_a_late_way_back():
    bot = make_bot("hard", seed=1, seconds=1.0, offload=True)
    parallel._note_late(bot, 2.4, 1.0)  # the first decision, its process starting
    assert bot.late == 0.0
    parallel._note_late(bot, 0.2, 1.0)
    parallel._note_late(bot, 0.1, 1.0)
    assert bot.late == (0.2 + 0.1) / 2


def test_with_no_tree_back_in_time_hard_plays_normals_choice_instead_of_waiting(
        monkeypatch):
    """An offloaded decision whose process does not answer (still starting on a busy
    machine, the first turn of a game) waits a moment past its budget, then plays
    Normal's choice made here: the table is not kept waiting for seconds."""
    from concurrent.futures import Future

    never: list[Future] = []

    def hand_out(bot, rules, seeds, job, split):
        never.append(Future())
        return never

    monkeypatch.setattr(parallel, "_hand_out", hand_out)
    game = _mexica(28)
    bot = make_bot("hard", seed=5, seconds=0.2, offload=True)
    try:
        action = bot.choose(game.rules, game.view(game.current_player),
                            game.legal_actions())
    finally:
        bot.close()
    assert action in game.legal_actions()
    assert bot.stats["fallback"] == "normal"
    assert "no answer within" in bot.stats["tree_error"]
    assert never and not never[0].done()
