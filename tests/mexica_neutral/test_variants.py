"""Player counts, the YAML-only variants, and neutral temples as obstacles."""

from __future__ import annotations

import pytest

from game.api import ConfigError, IllegalAction, list_variants, new_game
from game.core.rng import Rng

from ._util import NEUTRAL, VARIANT, build, neutral_layout, scenario_game


# -- player counts -----------------------------------------------------------------------
@pytest.mark.parametrize("variant", [VARIANT, "mexica-2p-harder"])
@pytest.mark.parametrize("players", [1, 3, 4])
def test_exactly_two_players(variant, players):
    with pytest.raises(ConfigError) as info:
        new_game(variant, players)
    assert str(players) in str(info.value)


def test_two_player_variants_are_listed_for_two_only():
    listed = {v["id"]: v for v in list_variants()}
    for vid in (VARIANT, "mexica-2p-harder"):
        assert (listed[vid]["min_players"], listed[vid]["max_players"]) == (2, 2)
    assert "mexica-festival" in listed
    assert listed["mexica-festival"]["max_players"] == 4


# -- playouts ----------------------------------------------------------------------------
def play_out(game, seed):
    rng = Rng(seed)
    events = []
    for _ in range(game.rules.playout_limit):
        if game.is_over:
            break
        events.extend(game.apply(game.playout_action(rng)))
    return events


def check_rankings(game, events):
    """Every district scoring follows standard competition ranking, neutral included, and
    neutral's places pay nobody."""
    for e in (e for e in events if e.kind == "district_scored"):
        places = e.data["places"]
        for p in places:
            assert p["place"] == 1 + sum(1 for q in places if q["levels"] > p["levels"])
            if p["owner"] == NEUTRAL:
                assert p["points"] == 0
    period_scores = [0] * game.players
    for e in events:
        if e.kind == "score":
            period_scores[e.seat] += e.points
    assert period_scores == game.scores


@pytest.mark.parametrize("variant, players", [
    (VARIANT, 2), ("mexica-2p-harder", 2), ("mexica-festival", 2), ("mexica-festival", 3),
    ("mexica-festival", 4)])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_playable_to_the_end(variant, players, seed):
    game = new_game(variant, players, seed=seed)
    events = play_out(game, seed)
    assert game.is_over
    assert len(game.scores) == players
    assert game.winners and set(game.winners) <= set(range(players))
    assert max(game.scores[w] for w in game.winners) == max(game.scores)
    assert sum(1 for e in events if e.kind == "scoring") == 2
    check_rankings(game, events)
    if variant != "mexica-festival":
        # neutral temples never move and never leave the board
        layout = neutral_layout(new_game(variant, players, seed=seed))
        assert neutral_layout(game) == layout


def test_neutral_shows_up_in_real_rankings():
    """Over a few playouts the neutral colour takes places in district scorings."""
    seen = set()
    for seed in range(8):
        game = new_game(VARIANT, 2, seed=seed)
        for e in play_out(game, seed):
            if e.kind == "district_scored":
                seen |= {p["place"] for p in e.data["places"] if p["owner"] == NEUTRAL}
    assert 1 in seen and seen - {1}


def test_base_game_has_no_neutral_temples():
    game = new_game("mexica", 2, seed=5)
    assert game.state.temples == {}


# -- festival ----------------------------------------------------------------------------
def started(variant, players=2, seed=0):
    game = new_game(variant, players, seed=seed)
    for _ in range(players):
        game.apply(game.legal_actions()[0])
    return game


def test_festival_turn_has_eight_ap():
    game = started("mexica-festival")
    assert game.state.ap == 8
    game.apply("end")
    assert game.state.ap == 8
    assert started("mexica").state.ap == 6


def test_festival_three_ap_tokens_a_turn_not_four():
    game = started("mexica-festival")
    for _ in range(3):
        assert "take" in game.legal_actions()
        game.apply("take")
    assert game.state.ap_tokens[0] == 3
    assert game.state.ap == 5
    assert "take" not in game.legal_actions()
    before = game.to_json()
    with pytest.raises(IllegalAction, match="3"):
        game.apply("take")
    assert game.to_json() == before
    # the limit is per turn: next turn the other player may take three again
    game.apply("end")
    for _ in range(3):
        game.apply("take")
    assert game.state.ap_tokens == [3, 3]


def test_base_game_still_limits_two_tokens():
    game = started("mexica")
    game.apply("take")
    game.apply("take")
    with pytest.raises(IllegalAction):
        game.apply("take")


# -- neutral temples as obstacles on the published board ----------------------------------
def obstacle_game():
    """Neutral temples on h7 (next to start space i7) and on g10."""
    game = new_game(VARIANT, 2, seed=0, options={"neutral_temples": {"h7": 2, "g10": 1}})
    game.apply("start i7")
    game.apply("start i9")
    return game


def test_pilli_cannot_step_onto_a_neutral_temple():
    game = obstacle_game()
    legal = game.legal_actions()
    assert "move h7" not in legal
    assert "move i6" in legal  # the other neighbours are open
    before = game.to_json()
    with pytest.raises(IllegalAction):
        game.apply("move h7")
    assert game.to_json() == before
    assert "teleport h7" not in legal
    assert "teleport g10" not in legal
    with pytest.raises(IllegalAction):
        game.apply("teleport g10")


def test_nothing_is_built_on_a_neutral_temple():
    game = obstacle_game()
    legal = game.legal_actions()
    for action in ("canal h7", "canal g7 h7", "canal h7 h6", "temple h7 1", "temple g10 1",
                   "canal g10", "canal g10 g11"):
        assert action not in legal
        with pytest.raises(IllegalAction):
            game.apply(action)
    assert "canal g7" in legal and "temple g7 1" in legal
    assert game.state.temples[game.rules.table.board.index["h7"]] == (NEUTRAL, 2)


def test_walled_in_by_neutral_temples_and_the_palace():
    """A Pilli on i7 with neutral temples on h7 and i6 and the other player on j7 can step
    only into the palace."""
    game = new_game(VARIANT, 2, seed=0, options={"neutral_temples": {"h7": 1, "i6": 1}})
    game.apply("start i7")
    game.apply("start j8")
    idx = game.rules.table.board.index
    game.state.pilli[1] = idx["j7"]
    moves = sorted(a for a in game.legal_actions() if a.startswith("move "))
    assert moves == ["move i8"]


def test_calpulli_token_cannot_go_on_a_neutral_temple():
    game = scenario_game(3, 2, {"e2": 2}, period1=[6])
    idx = game.rules.table.board.index
    game.state.pilli[0] = idx["f3"]
    build(game, 1, "g2", 1)
    legal = game.legal_actions()
    assert "found e2" not in legal and "found g2" not in legal
    assert "found e3" in legal
    with pytest.raises(IllegalAction):
        game.apply("found e2")
    game.apply("found e3")
    assert game.state.tokens == {idx["e3"]: 6}
    assert game.scores == [3, 0]
