"""The hint key's suggestion: the Normal player's choice for the deciding seat, worded
with a reason, and never built on what that seat cannot see.

The hidden-information tests poison the hidden part of a real game (values no honest
game could hold) and check that the hint is the same as on the honest game, whose view
is the same, and that its reason never names the poison.
"""

from __future__ import annotations

import pytest

from game.ai import make_bot
from game.ai.hint import derived_reason, suggest
from game.api import new_game
from game.core.facets import has_hidden

POISON = 99


def advance(game, actions: int, seed: int = 1) -> None:
    bots = [make_bot("easy", seed=seed + s) for s in range(game.players)]
    while len(game.log) < actions and not game.is_over:
        seat = game.current_player
        game.apply(bots[seat].choose(game.rules, game.view(seat), game.legal_actions()))


def hint_of(game, seed: int = 5):
    seat = game.current_player
    return suggest(game.rules, game.view(seat), game.legal_actions(), seed=seed)


def test_a_hint_is_the_normal_players_choice_with_a_reason():
    game = new_game("mexica", 2, seed=3)
    advance(game, 12)
    seat = game.current_player
    hint = hint_of(game)
    bot = make_bot("normal", seed=5)
    assert hint.seat == seat
    assert hint.action == bot.choose(game.rules, game.view(seat), game.legal_actions())
    assert hint.action in game.legal_actions() and hint.plan[0] == hint.action
    assert hint.reason and "…" not in hint.reason and "\n" not in hint.reason


@pytest.mark.parametrize("variant", ["mexica", "mexica-2p-neutral"])
def test_a_mexica_hint_never_uses_the_face_down_tokens(variant):
    honest = new_game(variant, 2, seed=3)
    advance(honest, 20)
    poisoned = honest.clone()
    assert honest.state.hidden
    poisoned.state.hidden = [POISON] * len(honest.state.hidden)
    seat = honest.current_player
    assert honest.view(seat) == poisoned.view(seat) and has_hidden(honest.view(seat))
    for seed in range(3):
        a, b = hint_of(honest, seed), hint_of(poisoned, seed)
        assert a == b
        assert str(POISON) not in b.reason


def test_a_market_hint_never_uses_the_bag():
    honest = new_game("tlatelolco-market", 2, seed=4, options={"random_market": True})
    advance(honest, 6)
    poisoned = honest.clone()
    bag = dict(honest.state.bag)
    total = sum(bag.values())
    assert total
    # the same number of tokens, all of one colour: a bag no honest draw order could leave
    poisoned.state.bag = {colour: (total if colour == "black" else 0) for colour in bag}
    seat = honest.current_player
    assert honest.view(seat) == poisoned.view(seat)
    for seed in range(3):
        assert hint_of(honest, seed) == hint_of(poisoned, seed)


def test_the_reason_without_an_explain_hook_comes_from_points_and_plan():
    game = new_game("aztlan", 3, seed=2)
    state = game.rules.clone(game.state)
    seat = game.current_player
    text = derived_reason(game.rules, state, seat, [game.legal_actions()[0]])
    assert text and "\n" not in text


def test_the_rest_of_a_plan_reads_in_words_not_in_notation():
    """A hint's "then ..." says the plan's later steps as the player reads them ("then
    you move ..."), never the notation ("then move t12 t5", seen on the television)."""
    game = new_game("mexica", 2, seed=1)
    while game.current_player is not None and game.state.phase != "play":
        game.apply(game.legal_actions()[0])  # the leaders placed
    seat = game.current_player
    work = game.rules.clone(game.state)
    plan = []
    for _ in range(2):  # two walks by the same seat
        step = next(a for a in game.rules.legal_actions(work) if a.startswith("move"))
        plan.append(step)
        game.rules.apply(work, step)
    text = derived_reason(game.rules, game.rules.clone(game.state), seat, plan)
    assert "then " in text
    assert plan[1] not in text
    assert "then you " in text.lower()
