"""The engine contract: JSON round trips, determinism, hidden information, refused
actions, exact legal_actions (hypothesis), the conformance kit and the playout policy."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.api import IllegalAction, new_game
from game.core.rng import Rng
from tests.aztlan import VARIANT, VARIANT_2P, position
from tests.protocol_helpers import SETTINGS, round_trip, state_round_trip


def play(variant: str, players: int, seed: int, until=None):
    g = new_game(variant, players, seed=seed)
    rng = Rng(seed)
    while not g.is_over and not (until and until(g)):
        g.apply(g.playout_action(rng))
    return g


# ---------------------------------------------------------------------------------------
# JSON and determinism
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(("variant", "players"), [(VARIANT, 3), (VARIANT, 4),
                                                  (VARIANT_2P, 2)])
def test_round_trip_at_every_phase(variant, players):
    g = new_game(variant, players, seed=9)
    rng = Rng(9)
    seen = set()
    while not g.is_over:
        seen.add((g.state.phase, g.state.step, getattr(g.state.pending, "kind", None)))
        if len(g.log) % 7 == 0 or g.state.pending:
            round_trip(g)
        g.apply(g.playout_action(rng))
    round_trip(g)
    phases = {p for p, _, _ in seen}
    assert phases == {"choose", "develop", "conflict", "score"}


def test_round_trip_with_a_pending_decision_and_a_scoring_in_progress():
    g = position(3, order=[0, 1, 2], chosen={0: 9, 1: 5, 2: 6},
                 prosperity={1: ["sacred-games"], 0: ["rafts", "mixcoatl"]},
                 board={"t11": {0: 1, 1: 1}, "t7": {0: 1}, "t19": {0: 1}, "t2": {0: 1}})
    g.apply("stay")
    g.apply("battle t11")
    assert g.state.pending.kind == "sacred"
    state_round_trip(g)
    g.apply("decline")
    g.apply("rafts t7 t19")
    g.apply("bless jungle")
    assert (g.state.scoring.bonus, g.state.scoring.links) == (2, [(6, 18)])
    state_round_trip(g)
    again = g.clone()
    g.apply("score")
    again.apply("score")
    assert again.to_json() == g.to_json()


def test_same_seed_same_game_and_the_log_replays():
    a = play(VARIANT, 4, seed=21)
    b = play(VARIANT, 4, seed=21)
    assert a.to_json() == b.to_json()
    fresh = new_game(VARIANT, 4, seed=21)
    for action in a.log:
        fresh.apply(action)
    assert fresh.to_json() == a.to_json()
    assert play(VARIANT, 4, seed=22).log != a.log


def test_bad_saves_are_refused():
    g = play(VARIANT, 3, seed=3, until=lambda g: g.state.phase == "conflict")
    rules = g.rules
    good = rules.to_dict(g.state)

    def broken(**change):
        data = json.loads(json.dumps(good))
        data.update(change)
        return data

    for data in (broken(phase="lunch"), broken(age=6), broken(order=[0, 0, 1]),
                 broken(scores=[1, 2]), broken(board={"t99": [1, 0, 0]}),
                 broken(board={"t1": [1, 0]}), broken(hands=[[4], [4], [4]]),
                 broken(deck=["joker"]), broken(control=[0, 0, 1]), broken(rng="x"),
                 broken(pending={"kind": "vote"}), broken(step="place"),
                 broken(winners=[0]), {"phase": "choose"}, []):
        with pytest.raises((ValueError, TypeError, KeyError)):
            rules.from_dict(data)


# ---------------------------------------------------------------------------------------
# hidden information
# ---------------------------------------------------------------------------------------
POISON = "POISON-7f3a"


def test_view_hides_the_chosen_cards_until_the_reveal():
    g = new_game(VARIANT, 3, seed=6)
    first = g.current_player
    g.apply("choose 7")
    other = (first + 1) % 3
    assert g.view(first)["chosen"][first] == 7
    assert g.view(other)["chosen"][first] == {"hidden": 1}
    assert g.view(None)["chosen"][first] == {"hidden": 1}
    assert g.view(other)["hands"][first] == [4, 5, 6, 7, 8, 9]  # nothing face up yet
    assert g.view(first)["hands"][first] == [4, 5, 6, 8, 9]
    # poison: a chosen value never reaches another seat's view
    g.state.chosen[first] = 987654321
    for seat in (other, None):
        assert "987654321" not in json.dumps(g.view(seat))
    g.state.chosen[first] = 7
    while g.state.phase in ("choose", "develop"):
        g.apply(g.legal_actions()[0] if g.state.step != "move" else "stay")
    assert g.state.revealed
    assert g.view(other)["chosen"][first] == 7


def test_view_hides_prosperity_hands_the_deck_and_the_rng():
    g = position(3, prosperity={0: ["rafts"], 1: ["offering", "tlatoani"]})
    g.state.prosperity[1].append(POISON)
    g.state.deck.insert(0, POISON + "-deck")
    for seat in (0, 2, None):
        view = g.view(seat)
        text = json.dumps(view)
        assert POISON not in text
        assert view["prosperity"][1] == {"hidden": 3}
        assert view["deck"] == {"hidden": len(g.state.deck)}
        assert "rng" not in view
    assert g.view(0)["prosperity"][0] == ["rafts"]
    assert g.view(1)["prosperity"][1] == ["offering", "tlatoani", POISON]
    assert POISON + "-deck" not in json.dumps(g.view(1))


def test_a_draw_is_private_but_its_count_is_public():
    g = position(3, order=[0, 1, 2], chosen={0: 9, 1: 5, 2: 6},
                 board={"t11": {0: 1, 1: 1}}, deck_top=["tlatoani"])
    g.apply("stay")
    events = g.apply("coexist t11")
    public = [e for e in events if e.visible(1)]
    assert all("Great Tlatoani" not in str(e.text) for e in public)
    assert any("Great Tlatoani" in str(e.text) for e in events if e.visible(0))
    assert g.view(1)["prosperity"][0] == {"hidden": 1}


def test_redact_hides_the_chosen_card_from_the_others():
    g = new_game(VARIANT, 3, seed=1)
    assert g.rules.redact("choose 7", 0, 0) == "choose 7"
    assert g.rules.redact("choose 7", 0, 1) == "choose ?"
    assert g.rules.redact("choose 7", 0, None) == "choose ?"
    assert g.rules.redact("place t3", 0, 1) == "place t3"
    events = g.apply("choose 7")
    assert all("7" not in str(e.text) for e in events if e.visible_to is None)


def test_views_are_plain_json_at_every_step():
    g = new_game(VARIANT_2P, 2, seed=2)
    rng = Rng(2)
    while not g.is_over:
        for seat in (0, 1, None):
            json.dumps(g.view(seat))
        g.apply(g.playout_action(rng))


# ---------------------------------------------------------------------------------------
# refused actions
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(("action", "reason"), [
    ("", "empty"), ("fly t3", "unknown action"), ("choose", "argument"),
    ("choose x", "not a power card"), ("choose 3", "does not hold power card 3"),
    ("place t3", "choosing phase"), ("place t31", "not a territory"),
    ("move t3 t3", "another territory"), ("bless swamp", "not a territory type"),
])
def test_refusals_give_a_reason_and_change_nothing(action, reason):
    g = new_game(VARIANT, 3, seed=1)
    before = g.to_json()
    with pytest.raises(IllegalAction, match=reason):
        g.apply(action)
    assert g.to_json() == before


def test_development_refusals():
    g = new_game(VARIANT, 3, seed=1)
    while g.state.phase == "choose":
        g.apply(g.legal_actions()[0])
    seat = g.current_player
    g.apply("place t7")
    for action, reason in (("place t8", "has placed"), ("move t8 t9", "has no pawn in t8"),
                           ("move t7 t19", "lake lies between"),
                           ("move t7 t30", "does not border")):
        before = g.to_json()
        with pytest.raises(IllegalAction, match=reason):
            g.apply(action)
        assert g.to_json() == before
    g.apply("Move  T7 t8")
    assert g.log[-1] == "move t7 t8"
    assert g.state.board[7][seat] == 1


# Random strings from the notation's own words: whatever apply accepts is listed.
WORDS = ["choose", "place", "eagle", "move", "stay", "battle", "coexist", "sacred",
         "tlatoani", "decline", "bless", "rafts", "score", "wild"]
ARGS = [f"t{i}" for i in range(0, 32)] + ["4", "7", "9", "10", "jungle", "desert", "x"]


@settings(max_examples=60, **SETTINGS)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 260),
       junk=st.lists(st.tuples(st.sampled_from(WORDS),
                               st.lists(st.sampled_from(ARGS), max_size=2)),
                     min_size=5, max_size=25))
def test_legal_actions_list_exactly_what_apply_accepts(seed, steps, junk):
    g = new_game(VARIANT, 3, seed=seed)
    rng = Rng(seed)
    for _ in range(steps):
        if g.is_over:
            return
        g.apply(g.playout_action(rng))
    if g.is_over:
        return
    legal = g.legal_actions()
    before = g.to_json()
    for verb, args in junk:
        text = " ".join([verb, *args])
        copy = g.clone()
        try:
            copy.apply(text)
        except IllegalAction as exc:
            assert str(exc)
            assert copy.to_json() == before
            continue
        assert copy.log[-1] in legal, text
    for action in legal:
        g.clone().apply(action)
    assert g.to_json() == before


# ---------------------------------------------------------------------------------------
# the playout (the conformance kit runs on both games, at every player count, in
# tests/test_conformance.py with the same seeds this file once repeated)
# ---------------------------------------------------------------------------------------
def test_a_playout_ends_within_the_limit_with_one_winner():
    for variant, players in ((VARIANT, 3), (VARIANT, 4), (VARIANT_2P, 2)):
        g = play(variant, players, seed=5)
        assert g.is_over and len(g.log) < g.rules.playout_limit
        assert len(g.winners) == 1


def test_describe_every_action_of_a_game():
    g = new_game(VARIANT, 4, seed=8)
    rng = Rng(8)
    while not g.is_over:
        for action in g.legal_actions()[:5]:
            assert g.describe(action)
        g.apply(g.playout_action(rng))
