"""Aztec Gods (2 players): factions of two tribes whose control swaps every age; pawns
10/9/8/7/6; cards and scores belong to the players, pawns to the factions."""

from __future__ import annotations

import pytest

from game.api import ConfigError, new_game
from game.core.rng import Rng
from tests.aztlan import VARIANT, VARIANT_2P, pawns, position


def test_factions_and_their_reserves():
    g = new_game(VARIANT_2P, 2, seed=4)
    assert g.rules.table.army_names == ["Coyote and Quetzal", "Ocelot and Serpent"]
    assert g.state.control == [0, 1]
    assert g.state.supply == [10, 10]          # age I
    assert g.state.reserve == [50, 50]         # two tribes of 30 pawns, 10 taken


def test_player_counts_are_checked():
    with pytest.raises(ConfigError):
        new_game(VARIANT_2P, 3, seed=0)
    with pytest.raises(ConfigError):
        new_game(VARIANT, 2, seed=0)
    for players, first in ((3, 8), (4, 7)):
        assert new_game(VARIANT, players, seed=0).state.supply == [first] * players


def test_control_swaps_every_age_and_the_pawns_shrink():
    g = new_game(VARIANT_2P, 2, seed=11)
    rng = Rng(11)
    seen = {}
    while not g.is_over:
        s = g.state
        if s.phase == "choose" and s.turn == 0 and s.age not in seen:
            seen[s.age] = (list(s.control), list(s.supply))
        g.apply(g.playout_action(rng))
    assert seen == {1: ([0, 1], [10, 10]), 2: ([1, 0], [9, 9]), 3: ([0, 1], [8, 8]),
                    4: ([1, 0], [7, 7]), 5: ([0, 1], [6, 6])}


def test_per_age_pawns_of_the_standard_game():
    for players, counts in ((3, [8, 7, 6, 5, 4]), (4, [7, 6, 5, 4, 3])):
        g = new_game(VARIANT, players, seed=1)
        rng = Rng(1)
        seen = {}
        while not g.is_over:
            s = g.state
            if s.phase == "choose" and s.turn == 0 and s.age not in seen:
                seen[s.age] = s.supply[0]
            g.apply(g.playout_action(rng))
        assert [seen[a] for a in range(1, 6)] == counts


def test_the_player_scores_with_the_faction_he_commands_now():
    # age II: seat 0 commands faction 1, whose pawn sits in the city t7
    g = position(2, variant=VARIANT_2P, age=2, chosen={0: 9, 1: 8},
                 board={"t7": {1: 1}, "t9": {0: 1}})
    assert g.state.control == [1, 0]
    g.apply("stay")
    assert g.scores == [2, 2]                  # seat 1: desert t9 with his 8 (desert)
    assert g.state.control == [0, 1]           # age III: swapped back


def test_faction_pawns_add_up_and_the_commander_decides():
    # age II: seat 1 commands faction 0 (2 pawns x 5 = 10) against faction 1 (9 x 1)
    g = position(2, variant=VARIANT_2P, age=2, order=[0, 1], chosen={0: 9, 1: 5},
                 board={"t11": {0: 2, 1: 1}})
    g.apply("stay")
    assert g.current_player == 1
    g.apply("battle t11")
    assert pawns(g, "t11") == [2, 0]
    assert g.state.removed == [0, 1]


def test_prosperity_cards_stay_with_the_player_across_the_swap():
    g = position(2, variant=VARIANT_2P, chosen={0: 9, 1: 5},
                 board={"t11": {0: 1, 1: 1}}, deck_top=["offering"])
    g.apply("stay")
    g.apply("coexist t11")                     # seat 0 (faction 0) draws
    assert g.state.prosperity == [["offering"], []]
    assert g.state.age == 2 and g.state.control == [1, 0]
    assert g.state.prosperity == [["offering"], []]
