"""Plans (``Rules.device_plans``) in the state a deciding phone gets: Mexica's walks of
several steps, each one the engine plays step by step, and only for the seat deciding."""

from __future__ import annotations

import json

from game.api import new_game
from game.core.rng import Rng
from game.remote.snapshot import Publisher, default_table


def states(game, roles):
    snap = Publisher().prepare(game, [], default_table(game.players), roles, picture=False)
    return {role: json.loads(snap.states[role]) for role in roles}


def test_a_mexica_turn_offers_every_walk_of_several_steps_and_each_plays():
    game = new_game("mexica", 3, seed=5)
    rng = Rng(5)
    for _ in range(8):
        game.apply(game.playout_action(rng))
    seat = game.current_player
    other = (seat + 1) % 3
    got = states(game, [seat, other, None])
    assert got[other]["plans"] == [] and got[None]["plans"] == []
    plans = got[seat]["plans"]
    ap = game.state.ap
    board = game.rules.table.board
    # every space a foot walk of 2..AP steps reaches, once, at its walking cost
    from variants.mexica.queries import walk_costs

    want = {board.names[c]: cost for c, cost in walk_costs(game.rules.table, game.state).items()
            if 1 < cost <= ap}
    assert {p["actions"][-1].split()[1]: len(p["actions"]) for p in plans} == want
    for plan in plans:
        where = plan["actions"][-1].split()[1]
        assert plan["text"] == f"Walk to {where}: {len(plan['actions'])} AP"
        assert plan["verb"] == "move"
        walk = game.clone()
        for step in plan["actions"]:
            assert step in walk.legal_actions()
            walk.apply(step)
        assert board.names[walk.state.pilli[seat]] == where
        assert walk.state.ap == ap - len(plan["actions"])


def test_games_without_plans_and_a_failing_hook_send_none(monkeypatch, capsys):
    game = new_game("aztlan", 3, seed=1)
    seat = game.current_player
    assert states(game, [seat])[seat]["plans"] == []
    from variants.mexica.rules import MexicaRules

    def broken(self, state, seat):
        raise RuntimeError("no plans today")

    monkeypatch.setattr(MexicaRules, "device_plans", broken)
    game = new_game("mexica", 2, seed=3)
    for _ in range(2):
        game.apply(game.legal_actions()[0])
    seat = game.current_player
    state = states(game, [seat])[seat]
    assert state["plans"] == [] and state["actions"]  # the turn is still playable
    assert "device plans failed" in capsys.readouterr().err


def test_plans_that_do_not_start_with_a_legal_action_are_dropped(monkeypatch):
    from variants.mexica.rules import MexicaRules

    game = new_game("mexica", 2, seed=3)
    for _ in range(2):
        game.apply(game.legal_actions()[0])
    legal = next(a for a in game.legal_actions() if a.startswith("move "))
    offered = [{"text": "Fly", "actions": ["fly a1", "move a2"]},
               {"text": "One step", "actions": [legal]},
               {"text": "Odd", "actions": [legal, 7]},
               {"text": "Player 1 goes", "actions": [legal, "end"]}]
    monkeypatch.setattr(MexicaRules, "device_plans", lambda self, state, seat: offered)
    seat = game.current_player
    plans = states(game, [seat])[seat]["plans"]
    assert plans == [{"verb": "move", "text": "Player 1 goes".replace(
        "Player 1", default_table(2)[0].name), "actions": [legal, "end"]}]
