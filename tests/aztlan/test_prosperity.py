"""Each prosperity card: when it can be played, what it does, and its refusal at any
other time (with the state unchanged)."""

from __future__ import annotations

import pytest

from game.api import IllegalAction, new_game
from tests.aztlan import VARIANT, hand_sizes, kinds, pawns, position


def refused(g, action: str, match: str | None = None) -> None:
    before = g.to_json()
    with pytest.raises(IllegalAction, match=match):
        g.apply(action)
    assert g.to_json() == before


def test_the_deck_holds_the_thirty_cards():
    g = new_game(VARIANT, 3, seed=5)
    deck = sorted(g.state.deck)
    counts = {c: deck.count(c) for c in set(deck)}
    assert counts == {"mixcoatl": 3, "tepeyollotl": 3, "xipe-totec": 3, "offering": 9,
                      "sacred-games": 3, "rafts": 3, "tlatoani": 3, "eagle-jaguar": 3}
    assert g.state.deck != sorted(g.state.deck)   # shuffled


def developing(seed: int = 2, card: str | None = None, players: int = 3):
    """A fresh game after every seat chose; the first player holds ``card``."""
    g = new_game(VARIANT, players, seed=seed)
    first = g.current_player
    if card:
        g.state.deck.remove(card)
        g.state.prosperity[first].append(card)
    while g.state.phase == "choose":
        g.apply(g.legal_actions()[-1])
    assert g.current_player == first and g.legal_actions()[0] == "place t1"
    return g, first


# ---------------------------------------------------------------------------------------
# Blessings
# ---------------------------------------------------------------------------------------
def test_blessing_adds_two_per_controlled_territory_of_its_type():
    # jungles t2, t8 (one domain, no city) and t18: card 9 (city) alone scores nothing
    g = position(3, chosen={0: 9, 1: 8, 2: 7}, prosperity={0: ["mixcoatl"]},
                 board={"t2": {0: 1}, "t8": {0: 1}, "t18": {0: 1}, "t7": {1: 1}})
    g.apply("stay")
    assert g.state.phase == "score" and g.current_player == 0
    assert g.legal_actions() == ["bless jungle", "score"]
    refused(g, "bless mountains", "no blessing for Mountains")
    events = g.apply("bless jungle")
    assert events[0].data["points"] == 6
    assert g.state.prosperity[0] == [] and g.state.discard == ["mixcoatl"]
    assert g.legal_actions() == ["score"]
    g.apply("score")
    assert g.scores[0] == 6


def test_two_blessings_of_different_gods():
    g = position(3, chosen={0: 9, 1: 8, 2: 7},
                 prosperity={0: ["tepeyollotl", "xipe-totec"]},
                 board={"t3": {0: 1}, "t5": {0: 1}, "t1": {0: 1}})
    g.apply("stay")
    assert g.legal_actions() == ["bless fields", "bless mountains", "score"]
    g.apply("bless mountains")
    g.apply("bless fields")
    g.apply("score")
    assert g.scores[0] == 2 * 2 + 2 * 1


def test_blessing_is_refused_outside_the_scoring():
    g, _ = developing(card="mixcoatl")
    refused(g, "bless jungle", "first places a pawn")
    g.apply("place t2")
    refused(g, "bless jungle")


# ---------------------------------------------------------------------------------------
# Offerings
# ---------------------------------------------------------------------------------------
def test_offerings_count_as_squares_at_the_end():
    g = position(3, age=5, order=[0, 1, 2], chosen={0: 9, 1: 9, 2: 9},
                 prosperity={0: ["offering"] * 3, 1: ["offering"] * 5, 2: ["offering"]})
    g.apply("stay")
    assert [f.offerings for f in g.state.final] == [9, 25, 1]
    assert [f.prosperity for f in g.state.final] == [3, 5, 1]
    assert g.scores == [5 + 3 + 9, 5 + 5 + 25, 5 + 1 + 1]


def test_offerings_are_never_played():
    g = position(3, chosen={0: 9, 1: 8, 2: 7}, prosperity={0: ["offering"]},
                 board={"t7": {0: 1}})
    refused(g, "offering", "unknown action")
    g.apply("stay")                    # nothing to decide with an Offering: auto-scored
    assert g.state.age == 2 and g.state.prosperity[0] == ["offering"]


# ---------------------------------------------------------------------------------------
# Sacred Games
# ---------------------------------------------------------------------------------------
def sacred_position(**kw):
    # seat 0 (9) beats seats 1 (5) and 2 (6) in t11
    return position(3, order=[0, 1, 2], chosen={0: 9, 1: 5, 2: 6},
                    board={"t11": {0: 1, 1: 1, 2: 1}}, **kw)


def test_sacred_games_after_a_battle_forces_coexistence():
    g = sacred_position(prosperity={1: ["sacred-games"]}, deck_top=["offering"])
    g.apply("stay")
    assert g.legal_actions() == ["battle t11", "coexist t11"]
    g.apply("battle t11")
    # decided out of turn: seat 0 is still the one resolving his conflicts
    assert g.current_player == 1 and g.state.order[g.state.turn] == 0
    assert g.legal_actions() == ["sacred t11", "decline"]
    events = g.apply("sacred t11")
    assert pawns(g, "t11") == [1, 1, 0]       # seat 2 is still removed
    assert g.state.removed == [0, 0, 1]
    assert g.state.prosperity == [["offering"], [], []]  # the winner draws one card
    assert g.state.discard == ["sacred-games"]
    assert "coexist" in kinds(events)


def test_declining_sacred_games_loses_the_pawns():
    g = sacred_position(prosperity={1: ["sacred-games"]})
    g.apply("stay")
    g.apply("battle t11")
    g.apply("decline")
    assert pawns(g, "t11") == [1, 0, 0]
    assert hand_sizes(g) == [0, 1, 0]         # seat 1 keeps his card


def test_every_defeated_holder_is_asked_in_turn_order():
    g = sacred_position(prosperity={1: ["sacred-games"], 2: ["sacred-games"]})
    g.apply("stay")
    g.apply("battle t11")
    assert g.current_player == 1
    g.apply("decline")
    assert g.current_player == 2
    g.apply("sacred t11")
    assert pawns(g, "t11") == [1, 0, 1]
    assert hand_sizes(g) == [1, 1, 0]


def test_no_sacred_games_without_a_battle_or_against_a_tie():
    g = sacred_position(prosperity={1: ["sacred-games"]})
    g.apply("stay")
    g.apply("coexist t11")                    # no battle: nobody is asked
    assert g.state.phase == "score"
    # a weaker player beside a tie is removed without a chance to play it
    g = position(3, chosen={0: 8, 1: 4, 2: 5}, prosperity={2: ["sacred-games"]},
                 board={"t5": {0: 1, 1: 2, 2: 1}})
    g.apply("stay")
    assert pawns(g, "t5") == [1, 2, 0]
    assert hand_sizes(g) == [0, 0, 1]


def test_sacred_games_is_refused_at_other_times():
    g, _ = developing(card="sacred-games")
    refused(g, "sacred t1", "first places a pawn")
    g = sacred_position(prosperity={1: ["sacred-games"]})
    g.apply("stay")
    refused(g, "sacred t11")                  # before the battle is declared


def test_a_card_drawn_in_the_conflict_phase_can_be_used_in_it():
    # seat 1 plays first, coexists in t1 and draws Sacred Games; then seat 0 beats him
    g = position(3, order=[1, 0, 2], chosen={0: 9, 1: 5, 2: 4},
                 board={"t1": {1: 1, 2: 1}, "t11": {0: 1, 1: 1}},
                 deck_top=["sacred-games"])
    g.apply("stay")
    assert g.current_player == 1
    g.apply("coexist t1")
    assert g.state.prosperity[1] == ["sacred-games"]
    assert g.current_player == 0
    g.apply("battle t11")
    assert g.current_player == 1
    g.apply("sacred t11")
    assert pawns(g, "t11") == [1, 1, 0]


# ---------------------------------------------------------------------------------------
# Great Tlatoani
# ---------------------------------------------------------------------------------------
def tie_position(**kw):
    # seat 0: 8 x 1, seat 1: 4 x 2 tie at 8 in t5; seat 2 is weaker (5)
    return position(3, order=[0, 1, 2], chosen={0: 8, 1: 4, 2: 5},
                    board={"t5": {0: 1, 1: 2, 2: 1}}, **kw)


def test_great_tlatoani_wins_a_tie_then_the_player_decides():
    g = tie_position(prosperity={1: ["tlatoani"]})
    g.apply("stay")
    assert g.current_player == 1              # out of turn: it is seat 0's conflict turn
    assert g.legal_actions() == ["tlatoani t5", "decline"]
    g.apply("tlatoani t5")
    assert g.current_player == 1
    assert g.legal_actions() == ["battle t5", "coexist t5"]
    g.apply("battle t5")
    assert pawns(g, "t5") == [0, 2, 0]
    assert g.state.removed == [1, 0, 1]
    assert g.state.discard == ["tlatoani"]


def test_great_tlatoani_then_coexistence_draws_a_card():
    g = tie_position(prosperity={1: ["tlatoani"]}, deck_top=["rafts"])
    g.apply("stay")
    g.apply("tlatoani t5")
    g.apply("coexist t5")
    assert pawns(g, "t5") == [1, 2, 1]        # he coexists with everyone there
    assert g.state.prosperity[1] == ["rafts"]


def test_declining_great_tlatoani_leaves_the_tie():
    g = tie_position(prosperity={1: ["tlatoani"]})
    g.apply("stay")
    events = g.apply("decline")
    assert "tie" in kinds(events)
    assert pawns(g, "t5") == [1, 2, 0]
    assert hand_sizes(g) == [0, 1, 0]


def test_great_tlatoani_is_refused_without_a_tie():
    g = position(3, chosen={0: 9, 1: 5, 2: 4}, prosperity={0: ["tlatoani"],
                                                             1: ["tlatoani"]},
                 board={"t11": {0: 1, 1: 1}})
    g.apply("stay")
    assert g.current_player == 0              # the weaker holder is not asked
    refused(g, "tlatoani t11")
    g2, _ = developing(card="tlatoani")
    refused(g2, "tlatoani t1")


# ---------------------------------------------------------------------------------------
# Rafts and Canoes
# ---------------------------------------------------------------------------------------
def test_rafts_join_two_shores_of_a_lake_into_one_domain():
    # t7 and t19 are cities on the Lake of Reeds, not neighbours: 2 + 2, or 2 + 4 joined
    g = position(3, chosen={0: 9, 1: 8, 2: 7}, prosperity={0: ["rafts"]},
                 board={"t7": {0: 1}, "t19": {0: 1}, "t3": {0: 1}})
    g.apply("stay")
    assert g.legal_actions() == ["rafts t7 t19", "score"]
    refused(g, "rafts t7 t3", "do not border the same lake")
    refused(g, "rafts t7 t8", "needs pawns in both")
    g.apply("rafts t19 t7")                   # either order
    assert g.log[-1] == "rafts t7 t19"
    assert g.legal_actions() == ["score"]
    events = g.apply("score")
    score = next(e for e in events if e.kind == "score")
    assert sorted(x["points"] for x in score.data["domains"]) == [0, 6]
    assert g.scores[0] == 6


def test_without_rafts_the_lake_separates():
    g = position(3, chosen={0: 9, 1: 8, 2: 7}, board={"t7": {0: 1}, "t19": {0: 1}})
    g.apply("stay")
    assert g.scores[0] == 4


def test_rafts_are_refused_outside_the_scoring():
    g, first = developing(card="rafts")
    g.apply("place t7")
    refused(g, "rafts t7 t19")


# ---------------------------------------------------------------------------------------
# Eagle and Jaguar Warriors
# ---------------------------------------------------------------------------------------
def test_eagle_places_an_extra_pawn_with_a_placement():
    g, seat = developing(card="eagle-jaguar")
    refused(g, "eagle t7", "first places a pawn")
    supply, reserve = g.state.supply[seat], g.state.reserve[seat]
    g.apply("place t1")
    assert "eagle t30" in g.legal_actions()
    g.apply("eagle t7")
    assert pawns(g, "t7")[seat] == 1 and pawns(g, "t1")[seat] == 1
    assert g.state.supply[seat] == supply - 1       # only the placed pawn
    assert g.state.reserve[seat] == reserve - 1     # the extra one came from the reserve
    assert g.state.discard == ["eagle-jaguar"]
    assert not any(a.startswith("eagle") for a in g.legal_actions())
    refused(g, "eagle t8")
    g.apply("move t7 t8")                           # the move still follows
    assert g.current_player != seat


def test_eagle_takes_a_removed_pawn_when_the_reserve_is_empty():
    g, seat = developing(card="eagle-jaguar")
    g.state.reserve[seat], g.state.removed[seat] = 0, 2
    g.apply("place t1")
    events = g.apply("eagle t7")
    assert events[0].data["source"] == "removed"
    assert g.state.removed[seat] == 1


def test_eagle_needs_a_pawn_somewhere():
    g, seat = developing(card="eagle-jaguar")
    g.state.reserve[seat], g.state.removed[seat] = 0, 0
    g.apply("place t1")
    assert not any(a.startswith("eagle") for a in g.legal_actions())
    refused(g, "eagle t7", "no pawn is left")


def test_eagle_is_refused_without_the_card_and_outside_development():
    g, _ = developing()
    g.apply("place t1")
    refused(g, "eagle t7", "holds no Eagle")
    g = position(3, chosen={0: 9, 1: 8, 2: 7}, prosperity={0: ["eagle-jaguar"]},
                 board={"t11": {0: 1, 1: 1}})
    g.apply("stay")
    refused(g, "eagle t7")
