"""Setup (rulebook "Preparation"): the market laid in turn or at random, first coins,
commodities removed unseen; every number comes from the YAML."""

from collections import Counter

import pytest

from game.api import ConfigError, new_game
from game.core.yamlload import load_yaml_file
from tests.market import BOX, VARIANT, assert_illegal, play, squares
from tests.shipped import variant_file

ROWS = [
    "red       crowd     porter    king",
    "governor  blue      crowd     messenger",
    "porter    crowd     .         black",
    "green     ambassador governor crowd",
]


def test_the_yaml_holds_the_numbers():
    raw, _ = load_yaml_file(variant_file("tlatelolco-market.yaml"))
    p = raw["parameters"]
    assert raw["players"] == {"min": 2, "max": 4}
    assert p["grid"] == 4 and p["tiles"] == BOX and sum(p["tiles"].values()) == 15
    assert p["commodities"] == {"black": 20, "blue": 20, "red": 20, "green": 20}
    assert p["coins"] == 16 and p["removed"] == 4
    assert p["pass"] == {"draw": 4, "moves": 2, "coins": 1, "king": 1}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_players_lay_the_tiles_in_turn_from_seat_zero(players):
    g = new_game(VARIANT, players, seed=1)
    assert g.state.phase == "place"
    seats = []
    for sq, tile in squares(ROWS):
        if tile == ".":
            continue
        seats.append(g.current_player)
        play(g, f"place {sq} {tile}")
    assert seats == [i % players for i in range(15)]    # clockwise, one tile each
    view = g.view(None)
    assert view["market"]["c3"] is None                 # the last empty square: the hole
    assert Counter(t for t in view["market"].values() if t) == Counter(BOX)
    assert g.state.phase == "coins" and g.current_player == 0


def test_placing_offers_every_empty_square_and_remaining_tile():
    g = new_game(VARIANT, 2, seed=1)
    assert len(g.legal_actions()) == 16 * 10
    play(g, "place a1 king")
    legal = g.legal_actions()
    assert len(legal) == 15 * 9 and not any(a.endswith(" king") for a in legal)
    assert_illegal(g, "place a2 king", match="no king tile is left")
    assert_illegal(g, "place a1 crowd", match="already holds the king")
    assert_illegal(g, "pass", match="setup")
    assert_illegal(g, "coin 1", match="setup")


def test_random_market_skips_the_placement():
    a = new_game(VARIANT, 3, seed=5, options={"random_market": True})
    assert a.state.phase == "coins" and a.current_player == 0
    market = a.view(None)["market"]
    assert list(market.values()).count(None) == 1
    assert Counter(t for t in market.values() if t) == Counter(BOX)
    b = new_game(VARIANT, 3, seed=5, options={"random_market": True})
    assert b.view(None)["market"] == market              # seeded
    layouts = {tuple(new_game(VARIANT, 3, seed=s, options={"random_market": True})
                     .view(None)["market"].values()) for s in range(10)}
    assert len(layouts) > 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_player_puts_a_first_coin_on_a_buyer_of_their_choice(players):
    g = new_game(VARIANT, players, seed=2, options={"random_market": True})
    for seat in range(players):
        assert g.current_player == seat
        assert g.legal_actions() == ["coin 1", "coin 2", "coin 3", "coin 4"]
        play(g, f"coin {seat + 1}")
    assert g.state.phase == "turn" and g.current_player == 0
    coins = [[b["coin"] for b in seat] for seat in g.view(None)["buyers"]]
    for seat in range(players):
        assert coins[seat] == [b == seat for b in range(4)]
    assert g.state.supply == 16 - players


def test_four_commodities_are_removed_unseen():
    g = new_game(VARIANT, 2, seed=3)
    assert sum(g.state.removed.values()) == 4
    assert sum(g.state.bag.values()) == 76
    view = g.view(0)
    assert view["removed"] == {"hidden": 4} and view["bag"] == {"hidden": 76}
    # different seeds remove different colours
    removed = {tuple(new_game(VARIANT, 2, seed=s).state.removed.values())
               for s in range(20)}
    assert len(removed) > 1


@pytest.mark.parametrize("removed", [0, 8, 12, 40, 80])
def test_any_multiple_of_four_may_be_removed(removed):
    g = new_game(VARIANT, 2, seed=3, options={"removed": removed})
    assert sum(g.state.removed.values()) == removed
    assert sum(g.state.bag.values()) == 80 - removed


@pytest.mark.parametrize("removed", [1, 2, 5, 6, 81, 84])
def test_other_removed_counts_are_a_config_error(removed):
    with pytest.raises(ConfigError, match="removed"):
        new_game(VARIANT, 2, seed=3, options={"removed": removed})


def test_removing_evenly_takes_the_same_number_of_each_colour():
    g = new_game(VARIANT, 2, seed=3, options={"removed": 8, "removed_evenly": True})
    assert g.state.removed == {"black": 2, "blue": 2, "red": 2, "green": 2}
    with pytest.raises(ConfigError, match="evenly"):
        new_game(VARIANT, 2, options={"removed": 8, "removed_multiple": 2,
                                      "removed_evenly": True, "commodities": {
                                          "black": 1, "blue": 20, "red": 20, "green": 20}})


def test_bad_tile_sets_are_config_errors():
    tiles = dict(BOX)
    tiles["crowd"] = 5
    with pytest.raises(ConfigError, match="15 tiles and one hole"):
        new_game(VARIANT, 2, options={"tiles": tiles})
    tiles = dict(BOX, king=0, crowd=5)
    with pytest.raises(ConfigError, match="exactly one king"):
        new_game(VARIANT, 2, options={"tiles": tiles})
    with pytest.raises(ConfigError, match="start coins"):
        new_game(VARIANT, 4, options={"coins": 3})


def test_the_numbers_are_parameters():
    """The mechanisms follow the parameters: a smaller draw, three moves, no king step."""
    g = new_game(VARIANT, 2, seed=4, options={"random_market": True, "coins": 2,
                                             "pass": {"draw": 2, "moves": 3, "king": 0}})
    play(g, "coin 1", "coin 1")
    assert g.state.supply == 0
    play(g, "pass")
    assert sum(g.state.vendors.values()) == 2
    for _ in range(3):
        assert g.state.phase == "move"
        g.apply(g.legal_actions()[0])
    assert g.current_player == 1                # no coin (supply empty), no king step
