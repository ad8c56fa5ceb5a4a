"""Computer players never go round in circles within a turn (issue 12 §2).

A bot recognises a position by its seat's view. Its own searches run on states that the
rules' ``determinize`` sampled from the real view, so the two are comparable only because
a determinization shows exactly the view it came from (the conformance kit checks that
for every variant after every action). The Market's Hard player once moved its messenger
to and fro 1,251 times because they were not.
"""

from __future__ import annotations

from typing import Any, ClassVar

import pytest

from game.ai import make_bot
from game.ai.base import position_key, view_digest
from game.ai.greedy import best_turn
from game.api import new_game
from game.core.engine import Rules
from game.core.errors import IllegalAction
from game.core.events import Event
from game.core.rng import Rng
from game.core.schema import Obj
from tests.ai.helpers import play_turn, variants_at_fewest_players

#: issue 12: after these, seat 1 (Hard, 300 iterations) shuffled the messenger for ever
SEED_17 = (
    "place b3 green | place a1 black | place d1 governor | place b1 blue | "
    "place d4 messenger | place c1 red | place d3 governor | place a2 crowd | "
    "place b4 porter | place b2 crowd | place a4 crowd | place c2 crowd | "
    "place a3 porter | place c3 king | place d2 ambassador | coin 4 | coin 1 | shift d4 | "
    "pay 4 | shift c1 | shift c4 | pass | shift b4 | shift d1 | coin 1 | king skip | pass | "
    "shift c3 | shift b3 | coin 3 | king b1 | shift d4 | pay 4 | shift a3 | shift b3 | "
    "pay 1 | shift b1 | pass | shift a1 | shift b2 | coin 2 | king skip | buy 3 black | pay 1"
).split(" | ")


VARIANTS = variants_at_fewest_players()
#: each level plays every variant, and Hard meets the strongest other level (the pair
#: easy-hard added a third whole game per variant and found nothing the two do not)
PAIRS = [("easy", "normal"), ("normal", "hard")]
#: small, reproducible budgets (no clock) for the games between levels: Hard's iterations
#: and a narrower Normal (one sample, a beam of 3 partial turns of up to 16 moves each)
ITERATIONS = 12
OPTIONS: dict[str, dict[str, int]] = {"normal": {"samples": 1, "width": 3, "branching": 16}}
#: The usual length of a game between computer players, in actions, at the variant's
#: smallest player count: the longest of 18 measured games (seeds 0-5 x the 3 pairs of
#: levels, with the budgets above) plus a third, rounded up to ten. A bot going round in
#: circles plays on to its patience, hundreds of decisions more. A variant not listed
#: (a third party's) is held to its playout_limit.
USUAL_LENGTH = {
    "aztlan": 450,              # longest measured 333 (3 players)
    "aztlan-2p": 390,           # 291
    "mexica": 390,              # 286 (2 players)
    "mexica-2p-neutral": 350,   # 258
    "mexica-2p-harder": 360,    # 266
    "mexica-festival": 360,     # 268 (2 players)
    "tlatelolco-market": 260,   # 194 (2 players)
}


@pytest.mark.parametrize("pair", PAIRS, ids="-".join)
@pytest.mark.parametrize(("variant", "players"), VARIANTS)
def test_every_level_plays_a_usual_game_without_repeating_a_position(
        variant, players, pair):
    game = new_game(variant, players, seed=11)
    levels = [pair[seat % 2] for seat in range(players)]
    bots = [make_bot(level, seed=seat, iterations=ITERATIONS, **OPTIONS.get(level, {}))
            for seat, level in enumerate(levels)]
    bound = USUAL_LENGTH.get(variant, game.rules.playout_limit)
    decided = dict.fromkeys(pair, 0)
    while not game.is_over:
        bot = bots[game.current_player]
        decided[bot.level] += len(play_turn(game, bot, limit=bound - len(game.log)))
    assert game.winners
    assert len(game.log) <= bound
    assert all(decided.values()), decided


@pytest.mark.parametrize("level", ["hard", "normal"])
def test_the_seed_17_market_turn_ends_in_a_few_moves(level):
    game = new_game("tlatelolco-market", players=2, seed=17)
    for action in SEED_17:
        game.apply(action)
    assert game.current_player == 1 and game.state.paid == 1
    played = play_turn(game, make_bot(level, seed=0, iterations=300), limit=8)
    assert played[-1] == "end"                  # the play after the purchase is finished


def test_normal_does_not_shuffle_the_messenger_before_a_pass():
    # issue 12: Normal's beam search filled up with the messenger's there-and-back moves
    # and its plan played them (actions 22-26 of this game) before passing
    game = new_game("tlatelolco-market", players=2, seed=0)
    bots = [make_bot("easy", seed=0), make_bot("normal", seed=1)]
    turns = 0
    while not game.is_over:
        play_turn(game, bots[game.current_player], limit=40)
        turns += 1
    assert turns > 20


# ---------------------------------------------------------------------------------------
# the mechanism, on a small game of its own
# ---------------------------------------------------------------------------------------
class Lamp(Rules):
    """A player may flip the lamp as often as they like (free), then ends the turn and
    scores a point if it is on. Three turns each. Flipping twice is the same position."""

    engine_id: ClassVar[str] = "lamp"
    parameters: ClassVar[Obj] = Obj({})
    plans: ClassVar[list[str] | None] = None

    def new_state(self, seed: int) -> dict[str, Any]:
        return {"on": False, "turn": 0, "ends": 0, "score": [0, 0], "rng": seed}

    def current_player(self, s):
        return None if self.is_over(s) else s["turn"]

    def legal_actions(self, s):
        return [] if self.is_over(s) else ["flip", "end"]

    def apply(self, s, action):
        if action not in self.legal_actions(s):
            raise IllegalAction("flip or end")
        if action == "flip":
            s["on"] = not s["on"]
        else:
            s["score"][s["turn"]] += s["on"]
            s["turn"], s["ends"] = 1 - s["turn"], s["ends"] + 1
        return action, [Event(action, action)]

    def candidates(self, s, seat):
        return list(self.plans) if self.plans else None

    def is_over(self, s):
        return s["ends"] >= 6

    def scores(self, s):
        return list(s["score"])

    def winners(self, s):
        best = max(s["score"])
        return [i for i, v in enumerate(s["score"]) if v == best] if self.is_over(s) else []

    def to_dict(self, s):
        return {**s, "score": list(s["score"])}

    def from_dict(self, data):
        return {**data, "score": list(data["score"])}


def lamp_view(rules: Rules, state: Any) -> dict[str, Any]:
    view = rules.view(state, state["turn"])
    view["seat"] = state["turn"]
    return view


def test_a_plan_that_passes_a_position_twice_loops():
    rules = Lamp({}, 2)
    state = rules.new_state(0)
    bot = make_bot("normal")
    bot.history.append(view_digest(lamp_view(rules, state)))
    assert not bot.loops(rules, state, 0, "flip")
    assert not bot.loops(rules, state, 0, "flip;end")
    assert bot.loops(rules, state, 0, "flip;flip")       # back where it decided
    assert bot.loops(rules, state, 0, "flip;flip;end")
    rules.apply(state, "flip")
    bot.history.append(view_digest(lamp_view(rules, state)))
    assert bot.loops(rules, state, 0, "flip")            # flipping back: decided there


def test_hard_leaves_out_a_whole_turn_plan_that_goes_round_in_circles():
    class Plans(Lamp):
        plans = ["flip;flip;end", "end"]             # the same turn, once with a detour

    rules = Plans({}, 2)
    state = rules.new_state(0)
    bot = make_bot("hard", seed=2, iterations=40)
    assert bot.choose(rules, lamp_view(rules, state), rules.legal_actions(state)) == "end"


def test_a_beam_never_comes_back_to_a_position_it_has_seen():
    rules = Lamp({}, 2)
    root = rules.new_state(0)
    seen = {position_key(rules, root, 0)}
    firsts: dict[str, tuple[float, list[str]]] = {}
    best_turn(rules, rules.clone(root), 0, Rng(1), ["flip", "end"], width=4, depth=6,
              firsts=firsts, seen=seen)
    assert firsts
    for _value, plan in firsts.values():
        state, keys = rules.clone(root), [position_key(rules, root, 0)]
        for step in plan[:-1]:
            rules.apply(state, step)
            keys.append(position_key(rules, state, 0))
        assert len(set(keys)) == len(keys), plan
    assert firsts["flip"][1] == ["flip", "end"]
