"""``why_not``: a view asks why a move is refused instead of trying it on a copy.

The answer is ``apply``'s own: None for an action ``apply`` takes, its refusal message
otherwise, and asking never changes the game. Engines with their own check (Aztlán, the
Market) answer without copying the state; the default (any other engine) tries the
action on a clone.
"""

from __future__ import annotations

import pytest

from game.api import IllegalAction, list_variants, new_game
from game.core.rng import Rng
from tests.race_rules import Race

VARIANTS = [(v["id"], v["min_players"]) for v in list_variants()]


def refusal(game, action):
    try:
        game.clone().apply(action)
    except IllegalAction as exc:
        return str(exc)
    return None


@pytest.mark.parametrize(("variant", "players"), VARIANTS, ids=[v for v, _ in VARIANTS])
def test_why_not_says_what_apply_would(variant, players):
    g = new_game(variant, players, seed=5)
    rng = Rng(5)
    others = ["end", "pass", "stay", "score", "decline", "shift a1", "move t1 t2",
              "place t3", "choose 4", "coin 1", "buy 1 red", "teleport d4", "take"]
    steps = 0
    while not g.is_over and steps < 120:
        if steps % 6 == 0:
            before = g.to_json()
            for action in g.legal_actions()[:5]:
                assert g.why_not(action) is None, action
            for action in others:
                why = g.why_not(action)  # a message or a text; its English is apply's
                assert (None if why is None else str(why)) == refusal(g, action), action
            assert g.to_json() == before  # asking changed nothing
        g.apply(g.playout_action(rng))
        steps += 1


def test_a_reason_is_a_sentence_about_the_move():
    g = new_game("aztlan", 3, seed=2)
    assert str(g.why_not("choose 77")) == ("Player 1 does not hold power card 77; the cards "
                                           "in hand are 4, 5, 6, 7, 8, 9")
    assert g.why_not("choose 9") is None
    assert str(g.why_not("dance")) == ("unknown action 'dance'; actions are: choose, place, "
                                  "eagle, move, stay, battle, coexist, sacred, tlatoani, "
                                  "decline, bless, rafts, score, wild")
    market = new_game("tlatelolco-market", 2, seed=2)
    assert str(market.why_not("end")) == "setup: lay the market tiles first, one each in turn"


@pytest.mark.parametrize("variant", ["aztlan", "tlatelolco-market"])
def test_engines_with_their_own_check_need_no_copy(variant, monkeypatch):
    g = new_game(variant, 3, seed=1)
    rules = type(g.rules)

    def no_copy(self, state):
        raise AssertionError("why_not copied the state")

    monkeypatch.setattr(rules, "clone", no_copy)
    assert g.why_not(g.legal_actions()[0]) is None
    assert g.why_not("end end") is not None


def test_the_default_tries_the_action_on_a_copy():
    rules = Race({"target": 3}, 2)
    state = rules.new_state(0)
    assert rules.why_not(state, "step 2") is None
    assert rules.why_not(state, "step 3") == "write it as: step 1 or step 2"
    assert rules.to_dict(state) == rules.to_dict(rules.new_state(0))  # nothing moved
    for _ in range(3):
        rules.apply(state, "step 2")
    assert rules.is_over(state)
    assert rules.why_not(state, "step 1") == "the game is over"


def test_the_game_refuses_what_is_not_an_action_before_the_rules_see_it():
    g = new_game("aztlan", 3, seed=1)
    assert g.why_not(7) == "an action is a line of text, not int"
    assert "at most" in str(g.why_not("x" * 10_000))
