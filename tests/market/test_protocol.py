"""The engine contract: JSON round trips at every phase, determinism, hidden
information, refused actions, exact legal_actions (hypothesis), the conformance kit and
the playout policy."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.api import IllegalAction, new_game
from game.core.registry import get_registry
from game.core.rng import Rng
from tests.market import VARIANT, all_actions, layout, play, scenario
from tests.protocol_helpers import SETTINGS, round_trip, state_round_trip


def random_game(players: int, seed: int, options=None):
    g = new_game(VARIANT, players, seed=seed, options=options)
    rng = Rng(seed)
    while not g.is_over:
        g.apply(g.playout_action(rng))
    return g


# ---------------------------------------------------------------------------------------
# JSON
# ---------------------------------------------------------------------------------------
def test_round_trip_at_every_phase():
    g = new_game(VARIANT, 3, seed=9)
    seen = set()
    rng = Rng(1)
    while not g.is_over:
        seen.add(g.state.phase)
        round_trip(g)
        g.apply(g.playout_action(rng))
    seen.add(g.state.phase)
    round_trip(g)
    assert seen == {"place", "coins", "turn", "move", "coin", "king", "over"}


def test_round_trip_in_the_middle_of_a_play():
    rows = layout({"a1": "messenger", "a2": "."})
    g = scenario(rows, coins={0: [1, 2]})
    play(g, "shift a1")                          # the take-back snapshot exists
    state_round_trip(g)
    play(g, "pay 2")                             # a payment is pending
    assert g.view(None)["paid"] == 2
    state_round_trip(g)


def test_bad_saves_are_refused():
    g = scenario()
    data = g.rules.to_dict(g.state)
    rules = g.rules

    def broken(**change):
        d = json.loads(json.dumps(data))
        d.update(change)
        return d

    bad = [
        broken(phase="dancing"),
        broken(turn=7),
        broken(supply=data["supply"] + 1),                       # a coin too many
        broken(vendors=dict(data["vendors"], red=30)),           # tokens from nowhere
        broken(market=dict(data["market"], c3="king")),          # two kings, no hole
        broken(market=dict(data["market"], c3="dragon")),
        broken(buyers=data["buyers"][:1]),
        broken(paid=9),
        broken(rng=-1),
        broken(winners=[0]),                                     # winners while running
        broken(extra=1),
        broken(supply="3"),
        {k: v for k, v in data.items() if k != "bag"},
        "not a mapping",
    ]
    for d in bad:
        with pytest.raises((ValueError, TypeError, KeyError)):
            rules.from_dict(d)


# ---------------------------------------------------------------------------------------
# determinism and hidden information
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_same_seed_same_game(players):
    a = random_game(players, 21)
    b = random_game(players, 21)
    assert a.to_json() == b.to_json()
    c = random_game(players, 22)
    assert c.to_json() != a.to_json()


def test_replaying_the_log_reproduces_the_draws():
    a = random_game(4, 5)
    b = new_game(VARIANT, 4, seed=5)
    for action in a.log:
        b.apply(action)
    assert b.to_json() == a.to_json()


def test_view_hides_the_bag_the_removed_tokens_and_the_generator():
    g = scenario(players=3)
    play(g, "pass")
    for seat in (0, 1, 2, None):
        view = g.view(seat)
        assert "rng" not in view
        assert view["bag"] == {"hidden": sum(g.state.bag.values())}
        assert view["removed"] == {"hidden": sum(g.state.removed.values())}
        json.dumps(view)
        # the table is public: vendors, king, buyers, market
        assert view["vendors"] == g.state.vendors
    # two games that differ only in the bag's contents look the same
    a = scenario(bag={"black": 3, "blue": 0, "red": 0, "green": 0})
    b = scenario(bag={"black": 0, "blue": 0, "red": 3, "green": 0})
    assert a.view(0) == b.view(0)


# ---------------------------------------------------------------------------------------
# refusals
# ---------------------------------------------------------------------------------------
JUNK = ["", "   ", "xyzzy", "buy", "buy 2", "buy 5 red", "buy 0 red", "buy 2 purple",
        "buy 2 red now", "shift", "shift e1", "shift a0", "shift a10", "coin", "coin 0",
        "coin ²", "coin 1 2", "pay x", "pass now", "end 1", "king", "king z9",
        "place a1", "place a1 dragon", "place q1 king"]


def test_illegal_actions_leave_the_state_unchanged_in_every_phase():
    g = new_game(VARIANT, 2, seed=12)
    rng = Rng(12)
    phases = set()
    while not g.is_over:
        legal = set(g.legal_actions())
        before = g.to_json()
        for junk in JUNK + [a for a in all_actions(g) if a not in legal][:40]:
            with pytest.raises(IllegalAction) as info:
                g.apply(junk)
            assert str(info.value).strip()
            assert g.to_json() == before
        phases.add(g.state.phase)
        g.apply(g.playout_action(rng))
    assert {"place", "coins", "turn", "move", "coin", "king"} <= phases
    for junk in ("pass", "end", "king skip"):
        with pytest.raises(IllegalAction, match="over"):
            g.apply(junk)


def test_input_is_case_and_space_insensitive_and_logged_canonically():
    g = scenario(layout({"a1": "red", "a2": "king", "a3": "messenger", "a4": "black"}),
                 vendors={"red": 2})
    g.apply("  BUY 1   Red ")
    assert g.log[-1] == "buy 1 red"


# ---------------------------------------------------------------------------------------
# legal_actions is exact (hypothesis drives games among the legal actions)
# ---------------------------------------------------------------------------------------
def check_exact(g) -> None:
    legal = g.legal_actions()
    assert len(legal) == len(set(legal))
    listed = set(legal)
    for action in all_actions(g):
        copy = g.clone()
        try:
            copy.apply(action)
        except IllegalAction:
            assert action not in listed, f"{action!r} is listed but refused"
            assert copy.to_json() == g.to_json()
        else:
            assert action in listed, f"{action!r} applies but is not listed"
            assert copy.log[-1] == action


@settings(max_examples=25, **SETTINGS)
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 2**32 - 1),
       random_market=st.booleans(), data=st.data())
def test_legal_actions_are_exactly_what_apply_accepts(players, seed, random_market, data):
    g = new_game(VARIANT, players, seed=seed, options={"random_market": random_market})
    for _ in range(data.draw(st.integers(0, 80))):
        if g.is_over:
            break
        legal = g.legal_actions()
        g.apply(data.draw(st.sampled_from(legal)))
    if not g.is_over:
        check_exact(g)


@settings(max_examples=25, **SETTINGS)
@given(seed=st.integers(0, 2**32 - 1), steps=st.integers(0, 200))
def test_legal_actions_are_exact_along_playouts(seed, steps):
    g = new_game(VARIANT, 4, seed=seed, options={"random_market": True})
    rng = Rng(seed)
    for _ in range(steps):
        if g.is_over:
            return
        g.apply(g.playout_action(rng))
    check_exact(g)


@settings(max_examples=20, **SETTINGS)
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 2**32 - 1))
def test_components_are_conserved_and_scores_never_drop(players, seed):
    g = new_game(VARIANT, players, seed=seed)
    rng = Rng(seed)
    last = g.scores
    while not g.is_over:
        g.apply(g.playout_action(rng))
        s = g.state
        coins = s.supply + sum(b[0] for seat in s.buyers for b in seat)
        assert coins == 16
        tokens = sum(s.bag.values()) + sum(s.removed.values()) + sum(s.vendors.values()) \
            + sum(s.king.values()) + sum(b[2] for seat in s.buyers for b in seat)
        assert tokens == 80
        assert all(b[2] >= 0 and (b[1] is None) == (b[2] == 0)
                   for seat in s.buyers for b in seat)
        scores = g.scores
        assert all(n >= o for n, o in zip(scores, last, strict=True))
        last = scores
    assert g.winners


# ---------------------------------------------------------------------------------------
# the conformance kit and the playout policy
# ---------------------------------------------------------------------------------------
def test_conformance_kit_with_options():
    """The options' games (tests/test_conformance.py plays the default ones)."""
    from game.kit.conformance import check_variant

    check_variant(VARIANT, games=1, seed=40, options={"random_market": True})
    check_variant(VARIANT, players=2, games=1, seed=41, options={"removed": 0})


def test_playouts_finish_well_within_the_limit():
    """Their speed is measured by benchmarks/playouts.py, not here."""
    spec, rules = get_registry().make_rules(VARIANT, 4, None)
    longest = 0
    games = 100
    for seed in range(games):
        s = rules.new_state(seed)
        rng = Rng(seed)
        steps = 0
        while not rules.is_over(s):
            rules.apply(s, rules.playout_action(s, rng))
            steps += 1
        longest = max(longest, steps)
    assert longest * 4 < rules.playout_limit
