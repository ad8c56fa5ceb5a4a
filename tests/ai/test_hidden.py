"""Bots never read what their seat may not know.

Each test poisons the hidden part of a real game (face-down tokens, the bag, the deck,
other hands) with values no sample could produce, then checks that the bot's samples
never contain them and that the bot plays exactly as it does on the honest game, whose
view is the same.
"""

from __future__ import annotations

import json
from typing import Any, ClassVar

import pytest

from game.ai import make_bot
from game.ai.policy import determinize
from game.api import list_variants, new_game
from game.core.engine import Rules
from game.core.errors import IllegalAction
from game.core.events import Event
from game.core.facets import bot_hooks, has_hidden, has_own
from game.core.rng import Rng
from game.core.schema import Obj

POISON = 99


def _advance(game, actions: int, seed: int = 1) -> None:
    bots = [make_bot("easy", seed=seed + s) for s in range(game.players)]
    while len(game.log) < actions and not game.is_over:
        seat = game.current_player
        game.apply(bots[seat].choose(game.rules, game.view(seat), game.legal_actions()))


def _lockstep(honest, poisoned, levels: list[str], decisions: int,
              until: Any = None) -> int:
    """Play the same bots on both games; they must choose alike while the views agree."""
    kwargs = {"iterations": 20}
    bots_a = [make_bot(lv, seed=7 + s, **kwargs) for s, lv in enumerate(levels)]
    bots_b = [make_bot(lv, seed=7 + s, **kwargs) for s, lv in enumerate(levels)]
    played = 0
    for _ in range(decisions):
        if honest.is_over or (until is not None and until(honest)):
            break
        seat = honest.current_player
        view_a, view_b = honest.view(seat), poisoned.view(seat)
        assert view_a == view_b, "the poison must not show in the view"
        legal = honest.legal_actions()
        assert legal == poisoned.legal_actions()
        a = bots_a[seat].choose(honest.rules, view_a, legal)
        b = bots_b[seat].choose(poisoned.rules, view_b, legal)
        assert a == b
        honest.apply(a)
        poisoned.apply(b)
        played += 1
    return played


# ---------------------------------------------------------------------------------------
# Mexica: the face-down period-2 calpulli tokens
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("variant", ["mexica", "mexica-2p-neutral"])
def test_mexica_samples_never_hold_the_poisoned_face_down_tokens(variant):
    game = new_game(variant, 2, seed=3)
    _advance(game, 20)
    truth = list(game.state.hidden)
    assert truth and game.state.period == 1
    game.state.hidden = [POISON] * len(truth)
    view = game.view(0)
    assert view["hidden"] == {"hidden": len(truth)} and has_hidden(view)
    box = sorted(t["size"] for t in game.rules.params["calpulli_tokens"]
                 for _ in range(t["count"]))
    for seed in range(40):
        state = game.rules.determinize(view, 0, Rng(seed))
        assert POISON not in state.hidden
        assert len(state.hidden) == len(truth)
        seen = state.display + list(state.tokens.values()) + state.removed + state.hidden
        assert sorted(seen) == box  # the box minus what is visible
    assert sorted(truth) == sorted(game.rules.determinize(view, 0, Rng(1)).hidden)


def test_mexica_bots_play_alike_whatever_lies_face_down():
    honest = new_game("mexica", 2, seed=6)
    _advance(honest, 12)
    poisoned = honest.clone()
    poisoned.state.hidden = [POISON] * len(honest.state.hidden)
    played = _lockstep(honest, poisoned, ["hard", "normal"], 40,
                       until=lambda g: g.state.period != 1)
    assert played >= 10


def test_a_bigger_box_is_sampled_not_read():
    # 15 tokens in the box, 6 drawn face up and only 5 set aside: 4 stay in the box
    game = new_game("mexica", 2, seed=2, options={"calpulli_draw": 6})
    state = game.state
    state.hidden = state.hidden[:5]
    truth = list(state.hidden)
    state.hidden = [POISON] * 5
    samples = {tuple(game.rules.determinize(game.view(1), 1, Rng(s)).hidden)
               for s in range(60)}
    assert all(POISON not in s and len(s) == 5 for s in samples)
    assert len(samples) > 1  # really sampled
    del truth


# ---------------------------------------------------------------------------------------
# the market: the bag and the tokens removed at setup
# ---------------------------------------------------------------------------------------
def test_market_samples_never_hold_the_poisoned_bag():
    game = new_game("tlatelolco-market", 2, seed=4)
    _advance(game, 40)
    s = game.state
    total_bag, total_removed = sum(s.bag.values()), sum(s.removed.values())
    # impossible counts with the same totals: negative and far too many
    s.bag = {"black": -50, "blue": total_bag + 50, "red": 0, "green": 0}
    s.removed = {"black": total_removed + 3, "blue": -3, "red": 0, "green": 0}
    view = game.view(0)
    assert view["bag"] == {"hidden": total_bag}
    for seed in range(30):
        sample = game.rules.determinize(view, 0, Rng(seed))
        assert all(v >= 0 for v in sample.bag.values())
        assert all(v >= 0 for v in sample.removed.values())
        assert sum(sample.bag.values()) == total_bag
        assert sum(sample.removed.values()) == total_removed


def test_market_bots_play_alike_whatever_the_bag_holds():
    honest = new_game("tlatelolco-market", 2, seed=8)
    _advance(honest, 30)
    poisoned = honest.clone()
    s = poisoned.state
    # the same totals, another split between the bag and the removed pile
    a = next(c for c in s.bag if s.bag[c] > 0)
    b = next(c for c in s.removed if s.removed[c] > 0 and c != a)
    s.bag[a] -= 1
    s.removed[a] += 1
    s.removed[b] -= 1
    s.bag[b] += 1

    start = len(honest.log)

    def after_a_draw(g) -> bool:  # the bags differ, so the draws may too
        return "pass" in g.log[start:]

    assert honest.view(0) == poisoned.view(0)
    assert _lockstep(honest, poisoned, ["hard", "normal"], 30, until=after_a_draw) >= 1


# ---------------------------------------------------------------------------------------
# Aztlán: the deck, the other prosperity hands and the chosen power cards
# ---------------------------------------------------------------------------------------
AZTLAN = [v["id"] for v in list_variants() if v["id"].startswith("aztlan")]


@pytest.mark.skipif(not AZTLAN, reason="the Aztlán engine is not installed")
@pytest.mark.parametrize("variant", AZTLAN)
def test_aztlan_samples_never_hold_poisoned_cards(variant):
    spec = next(v for v in list_variants() if v["id"] == variant)
    game = new_game(variant, spec["min_players"], seed=5)
    rules = game.rules
    if not has_own(bot_hooks(rules), "determinize"):
        pytest.skip("the Aztlán rules offer no determinize hook yet")
    _advance(game, 60)
    s = game.state
    s.deck = ["xyzzy"] * len(s.deck)
    for i in range(1, game.players):
        s.prosperity[i] = ["xyzzy"] * len(s.prosperity[i])
    view = game.view(0)
    text = json.dumps(view)
    assert "xyzzy" not in text
    for seed in range(20):
        sample = rules.determinize(view, 0, Rng(seed))
        assert "xyzzy" not in json.dumps(rules.to_dict(sample))


@pytest.mark.skipif(not AZTLAN, reason="the Aztlán engine is not installed")
def test_aztlan_hidden_power_cards_are_guessed_not_read():
    variant = AZTLAN[0]
    spec = next(v for v in list_variants() if v["id"] == variant)
    game = new_game(variant, spec["min_players"], seed=9)
    rules = game.rules
    if not has_own(bot_hooks(rules), "determinize"):
        pytest.skip("the Aztlán rules offer no determinize hook yet")
    seat = game.current_player
    game.apply(game.legal_actions()[-1])  # the first seat chooses its strongest card
    other = game.current_player
    view = game.view(other)
    assert view["chosen"][seat] == {"hidden": 1}
    guesses = {rules.determinize(view, other, Rng(s)).chosen[seat] for s in range(40)}
    assert len(guesses) > 1  # sampled among the cards not yet face up


# ---------------------------------------------------------------------------------------
# a game that hides something but offers no determinize hook
# ---------------------------------------------------------------------------------------
class SecretNumber(Rules):
    """Seat 0 writes a secret digit; seat 1 guesses it; a right guess wins."""

    engine_id: ClassVar[str] = "secret-number"
    parameters: ClassVar[Obj] = Obj({})

    def new_state(self, seed):
        return {"secret": None, "guess": None}

    def current_player(self, state):
        if state["guess"] is not None:
            return None
        return 0 if state["secret"] is None else 1

    def legal_actions(self, state):
        return [str(d) for d in range(10)] if self.current_player(state) is not None else []

    def apply(self, state, action):
        if action not in self.legal_actions(state):
            raise IllegalAction("a digit")
        key = "secret" if state["secret"] is None else "guess"
        state[key] = int(action)
        return action, [Event("digit", "a digit")]

    def is_over(self, state):
        return state["guess"] is not None

    def scores(self, state):
        hit = state["guess"] == state["secret"]
        return [0, 1] if hit else [1, 0]

    def winners(self, state):
        return [1] if state["guess"] == state["secret"] else [0] if self.is_over(state) \
            else []

    def to_dict(self, state):
        return dict(state)

    def from_dict(self, data):
        return {"secret": data["secret"], "guess": data["guess"]}

    def view(self, state, seat):
        data = dict(state)
        if seat != 0 and state["secret"] is not None:
            data["secret"] = {"hidden": 1}
        return data


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_without_a_determinize_hook_bots_fall_back_and_never_peek(level):
    rules = SecretNumber({}, 2)
    guesses = set()
    for secret in range(10):
        state = rules.new_state(0)
        rules.apply(state, str(secret))
        view = rules.view(state, 1)
        view["seat"] = 1
        assert determinize(rules, view, 1, Rng(1)) is None
        bot = make_bot(level, seed=3, iterations=5)
        guesses.add(bot.choose(rules, view, rules.legal_actions(state)))
    assert len(guesses) == 1  # the same view, the same guess: the secret made no difference
