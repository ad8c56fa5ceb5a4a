"""OpenSpiel's MCTS held to ten times Hard's CPU over a whole game, not decision by
decision: the budget's arithmetic replayed on a recorded Aztec Gods game (whose per-decision
budget ended at 6.95x), its bounds, and the multiple a tournament prints per game."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from game.bridges.budget import REACH, CpuBudget
from game.lab.stats import summarise

RECORDED = Path(__file__).resolve().parent.parent / "fixtures" / "mcts-budget-aztlan2p.json"


def replay(budget: CpuBudget) -> float:
    """Plays the recorded game's decisions again: Hard's CPU as recorded, MCTS's as the
    budget's simulations times the recorded CPU per simulation of that decision; MCTS's
    mean CPU per decision over Hard's, at the game's end."""
    game = json.loads(RECORDED.read_text())
    hard_ms, per_sim = iter(game["hard_ms"]), iter(game["mcts_ms_per_simulation"])
    hard: list[float] = []
    mcts: list[float] = []
    for who in game["order"]:
        if who == "h":
            hard.append(next(hard_ms) / 1000)
            continue
        reference = math.fsum(hard) / len(hard) if hard else None
        sims = budget.simulations(reference, mcts)
        spent = sims * next(per_sim) / 1000
        budget.measured(sims, spent)
        mcts.append(spent)
    return (math.fsum(mcts) / len(mcts)) / (math.fsum(hard) / len(hard))


def test_over_a_recorded_game_mcts_spends_ten_times_hards_cpu_per_decision():
    # Hard's decisions grew dearer over the game and MCTS's simulations cheaper: budgeted
    # from the means so far, decision by decision, MCTS got 6.95x; held over the game, 10x
    assert replay(CpuBudget(10.0)) == pytest.approx(10.0, rel=0.05)


def test_any_multiple_is_held_not_only_ten():
    assert replay(CpuBudget(3.0)) == pytest.approx(3.0, rel=0.05)


def test_before_hard_has_decided_mcts_runs_its_start_simulations():
    budget = CpuBudget(10.0, start=7)
    assert budget.simulations(None, []) == 7
    budget.measured(7, 0.07)
    assert budget.simulations(None, [0.07]) == 7  # Hard has still not searched


def test_one_decision_never_gets_more_than_its_reach_of_a_share():
    budget = CpuBudget(10.0)
    budget.measured(100, 0.1)  # 1 ms a simulation
    # far behind (nine decisions that cost nothing): one decision makes up at most REACH
    # shares of 10 x 20 ms, not the nine shares owed
    assert budget.simulations(0.02, [0.0] * 9) == round(REACH * 0.2 / 0.001)


def test_one_decision_still_searches_after_an_overspend():
    budget = CpuBudget(10.0)
    budget.measured(100, 0.1)
    # far ahead (one decision spent twenty shares): the next still gets 1/REACH of a share
    assert budget.simulations(0.02, [4.0]) == round(0.2 / REACH / 0.001)


def test_a_tournament_says_how_many_times_hards_cpu_mcts_got_in_each_game():
    records = [{"arm": 0, "label": "aztlan-2p", "game": i, "seats": seats, "first": 0,
                "scores": [10, 20], "winners": [1], "length": 100, "turns": 40,
                "points": [{}, {}], "cpu": {"hard": 0.05, "openspiel-mcts": spent}}
               for i, (seats, spent) in enumerate([
                   (["hard", "openspiel-mcts"], 0.49), (["openspiel-mcts", "hard"], 0.52)])]
    (arm,) = summarise(records, ["aztlan-2p"])
    assert arm.multiples["openspiel-mcts"] == pytest.approx([9.8, 10.4])
    assert arm.multiples["hard"] == [1.0, 1.0]
