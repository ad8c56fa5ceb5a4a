"""Scoring: the rulebook's domain examples and table, the wild 4, the score stack (turn
order, counters landing on top) and the end of the game with its tie-break."""

from __future__ import annotations

import pytest

from game.api import IllegalAction
from tests.aztlan import kinds, position
from variants.aztlan.scoring import best_wild_type, domain_points, score_domains, type_points

BONUS = [1, 4, 9, 16, 25, 36]

# The rulebook's DOMAIN SCORING TABLE: territories in the domain -> value for 0, 1, 2...
# bonus territories ("-" cells left out).
TABLE = {
    1: [0, 2], 2: [0, 3], 3: [0, 4, 7], 4: [0, 5, 8, 13], 5: [0, 6, 9, 14],
    6: [0, 7, 10, 15, 22], 7: [0, 8, 11, 16, 23, 32], 8: [0, 9, 12, 17, 24, 33],
    9: [0, 10, 13, 18, 25, 34], 10: [0, 11, 14, 19, 26, 35, 46],
    11: [0, 12, 15, 20, 27, 36, 47], 12: [0, 13, 16, 21, 28, 37, 48],
    13: [0, 14, 17, 22, 29, 38, 49], 14: [0, 15, 18, 23, 30, 39, 50],
    15: [0, 16, 19, 24, 31, 40, 51],
}
CELLS = [(size, matching, value) for size, row in TABLE.items()
         for matching, value in enumerate(row)]


@pytest.mark.parametrize(("size", "matching", "value"), CELLS)
def test_domain_scoring_table(size, matching, value):
    assert domain_points(size, matching, BONUS) == value


def test_the_table_comes_from_the_yaml():
    g = position(3)
    assert g.rules.table.bonus == BONUS


def _types(g, *ids):
    isl = g.rules.table.island
    return [isl.types[isl.index[t]] for t in ids]


def test_rulebook_domains_score_5_7_2_0_with_card_9_city():
    """Card 9 (city); domains A (4 territories, 1 city), B (3 territories, 2 cities),
    C (1 city), D (1 territory, no city): 5 + 7 + 2 + 0 = 14."""
    a, b, c, d = ["t22", "t29", "t30", "t24"], ["t19", "t26", "t18"], ["t7"], ["t5"]
    board = {t: {0: 1} for t in a + b + c + d}
    g = position(3, chosen={0: 9, 1: 8, 2: 7}, board=board)
    assert g.rules.table.cards.power_type[9] == "city"
    assert _types(g, *a).count("city") == 1 and _types(g, *b).count("city") == 2
    assert _types(g, *c) == ["city"] and _types(g, *d) == ["mountains"]
    events = g.apply("stay")           # no conflicts, no cards: everyone is scored
    score = next(e for e in events if e.kind == "score" and e.seat == 0)
    domains = {tuple(sorted(x["territories"])): x["points"] for x in score.data["domains"]}
    assert domains == {tuple(sorted(a)): 5, tuple(sorted(b)): 7, ("t7",): 2, ("t5",): 0}
    assert score.points == 14
    assert g.scores == [14, 0, 0]


def test_rulebook_wild_four_scores_22_with_desert():
    """Card 4; domains of 2, 3 and 6 territories; desert chosen: 15 + 3 + 4 = 22."""
    six, three, two = ["t3", "t4", "t9", "t10", "t11", "t20"], ["t22", "t28", "t29"], [
        "t24", "t25"]
    assert _types(position(3), *six).count("desert") == 3
    g = position(3, order=[1, 2, 0], chosen={0: 4, 1: 8, 2: 7},
                 board={t: {0: 1} for t in six + three + two})
    assert _types(g, *three).count("desert") == 1 and _types(g, *two).count("desert") == 1
    g.apply("stay")
    assert g.current_player == 0       # seats 1 and 2 were scored; the 4 must pick a type
    assert g.legal_actions() == ["wild desert", "wild fields", "wild jungle",
                                 "wild mountains", "wild city"]
    with pytest.raises(IllegalAction, match="wild"):
        g.apply("score")
    events = g.apply("wild desert")
    score = next(e for e in events if e.kind == "score")
    assert sorted(x["points"] for x in score.data["domains"]) == [3, 4, 15]
    assert g.scores[0] == 22


def test_every_type_prices_the_rulebook_wild_four_domains_as_the_scoring_does():
    """The computer players price all five types from one search for the domains; each
    total is what the scoring would give with that type (desert: 22, as above)."""
    six, three, two = ["t3", "t4", "t9", "t10", "t11", "t20"], ["t22", "t28", "t29"], [
        "t24", "t25"]
    g = position(3)
    isl, types = g.rules.table.island, g.rules.table.types
    owned = {isl.index[t] for t in six + three + two}
    totals = type_points(isl, isl.components(owned), types, BONUS)
    assert totals == {t: sum(d.points for d in score_domains(isl, owned, t, BONUS))
                      for t in types}
    assert totals["desert"] == 22
    assert best_wild_type(isl, owned, types, BONUS) == max(types, key=totals.__getitem__)


def test_a_wild_card_tie_goes_to_the_first_type_in_order():
    g = position(3)
    isl, types = g.rules.table.island, g.rules.table.types
    assert best_wild_type(isl, set(), types, BONUS) == types[0]  # nothing scores: all 0


def test_the_wild_choice_applies_to_every_domain():
    g = position(3, chosen={0: 4, 1: 8, 2: 7}, board={"t7": {0: 1}, "t9": {0: 1}})
    g.apply("stay")
    g.apply("wild city")               # t7 city scores 2; t9 desert scores nothing
    assert g.scores[0] == 2


def test_score_is_refused_outside_the_scoring():
    g = position(3, chosen={0: 9, 1: 8, 2: 7}, board={"t7": {0: 1, 1: 1}})
    g.apply("stay")
    assert g.state.phase == "conflict"
    before = g.to_json()
    with pytest.raises(IllegalAction):
        g.apply("score")
    assert g.to_json() == before


# ---------------------------------------------------------------------------------------
# the score stack
# ---------------------------------------------------------------------------------------
def test_a_counter_landing_on_an_occupied_score_goes_on_top_and_plays_first():
    g = position(3, order=[0, 1, 2], chosen={0: 9, 1: 9, 2: 9},
                 board={"t7": {0: 1}, "t15": {1: 1}, "t4": {2: 1}, "t11": {2: 1}})
    events = g.apply("stay")
    assert g.scores == [2, 2, 3]
    assert g.state.ranking == [2, 1, 0]     # seat 1 reached 2 after seat 0: on top
    assert "age" in kinds(events)
    assert g.state.age == 2 and g.state.phase == "choose"
    assert g.state.order == [2, 1, 0]
    assert g.current_player == 2


def test_the_first_stacking_order_is_random_but_seeded():
    from game.api import new_game

    orders = {tuple(new_game("aztlan", 4, seed=s).state.order) for s in range(30)}
    assert len(orders) > 5
    assert new_game("aztlan", 4, seed=3).state.order == new_game("aztlan", 4,
                                                                   seed=3).state.order


def test_a_counter_that_gains_nothing_keeps_its_place():
    g = position(3, order=[0, 1, 2], scores=[5, 5, 5], chosen={0: 9, 1: 9, 2: 9},
                 board={"t7": {2: 1}})
    g.apply("stay")
    assert g.scores == [5, 5, 7]
    assert g.state.ranking == [2, 0, 1]


# ---------------------------------------------------------------------------------------
# the end of the game
# ---------------------------------------------------------------------------------------
def test_end_of_game_bonuses_and_the_lower_counter_wins_a_tie():
    """Seat 0 (30) adds 5 for his unused 8 and lands on 35; seat 1 (25) adds 6 for his
    unused 9 and 4 for prosperity cards, lands on 35 on top of seat 0: seat 0 wins."""
    g = position(3, age=5, order=[0, 1, 2], scores=[30, 25, 0], chosen={0: 9, 1: 8, 2: 9},
                 prosperity={1: ["rafts", "tlatoani", "sacred-games", "eagle-jaguar"]})
    assert g.state.hands == [[8], [9], [8]]
    events = g.apply("stay")
    assert g.is_over
    assert [f._asdict() for f in g.state.final] == [
        {"power_card": 5, "prosperity": 0, "offerings": 0},
        {"power_card": 6, "prosperity": 4, "offerings": 0},
        {"power_card": 5, "prosperity": 0, "offerings": 0}]
    assert g.scores == [35, 35, 5]
    assert g.state.ranking == [1, 0, 2]
    assert g.winners == [0]
    assert "game_over" in kinds(events)
    assert g.current_player is None and g.legal_actions() == []


def test_the_power_card_values_rise_with_strength():
    g = position(3)
    values = [g.rules.table.cards.power_value[c] for c in g.rules.table.cards.strengths]
    assert values == sorted(values) and len(set(values)) == len(values)
    types = g.rules.table.cards.power_type
    assert types[4] == "wild" and types[9] == "city" and types[7] == "mountains"
    assert {types[5], types[6], types[8]} == {"desert", "fields", "jungle"}
