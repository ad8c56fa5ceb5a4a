"""Sides, buyers' lines and teams for 2, 3 and 4 players (rulebook "Introduction";
RULINGS: one side per player, 4 buyers one per line, partners face each other).

Seat 0 south, seat 1 west, seat 2 north, seat 3 east; buyers 1-4 from the player's
left (variants/market/NOTATION.md)."""

import pytest

from tests.market import layout, play, scenario

#: red vendor on b1 (column b, row 1), a porter on b2 and one on c1
ROWS = layout({"b1": "red", "b2": "porter", "c1": "porter", "a1": "king", "b4": "blue",
               "d1": "messenger"})


def buyers_for_red(g):
    return [a for a in g.legal_actions() if a.endswith(" red")]


@pytest.mark.parametrize(("players", "sides", "teams"), [
    (2, ["south", "west"], [[0], [1]]),
    (3, ["south", "west", "north"], [[0], [1], [2]]),
    (4, ["south", "west", "north", "east"], [[0, 2], [1, 3]]),
])
def test_sides_and_teams(players, sides, teams):
    g = scenario(ROWS, players)
    view = g.view(0)
    assert view["sides"] == sides
    assert view["teams"] == teams


def test_two_players_sit_on_adjacent_sides():
    g = scenario(ROWS, 2)
    assert g.view(None)["sides"] == ["south", "west"]


@pytest.mark.parametrize(("seat", "number"), [(0, 2), (1, 1), (2, 3), (3, 4)])
def test_each_side_reaches_b1_with_the_right_buyer(seat, number):
    """b1 is on column b (south buyer 2, north buyer 3) and row 1 (west buyer 1,
    east buyer 4)."""
    g = scenario(ROWS, 4, vendors={"red": 3}, coins={s: [1, 2, 3, 4] for s in range(4)},
                 turn=seat)
    assert buyers_for_red(g) == [f"buy {number} red"]


def test_between_depends_on_the_buyers_side():
    """The porter on b2 stands between south's buyer 2 and b1, but north's buyer 3
    reaches b1 directly from the top edge; the porter on c1 is between east's buyer 4
    (coming from column d) but not west's buyer 1 (coming from column a)."""
    outcomes = {}
    for seat, number in ((0, 2), (1, 1), (2, 3), (3, 4)):
        g = scenario(ROWS, 4, vendors={"red": 3},
                     coins={s: [1, 2, 3, 4] for s in range(4)}, turn=seat)
        play(g, f"buy {number} red")
        outcomes[seat] = g.state.buyers[seat][number - 1][2]
    assert outcomes == {0: 2, 1: 3, 2: 3, 3: 2}


def test_partners_share_the_team_score_and_best_holder_counts():
    g = scenario(ROWS, 4, king={"red": 2, "blue": 1},
                 held={0: {1: ("red", 3)}, 2: {1: ("red", 5), 2: ("blue", 4)},
                       1: {3: ("red", 6)}})
    # seats 0 + 2: red 5 (seat 2 holds most) x 2 + blue 4 x 1 = 14; seats 1 + 3: 12
    assert g.scores == [14, 12, 14, 12]


@pytest.mark.parametrize("players", [2, 3])
def test_without_partnerships_everyone_scores_alone(players):
    held = {0: {1: ("red", 3)}, 1: {1: ("red", 5)}}
    if players == 3:
        held[2] = {4: ("blue", 2)}
    g = scenario(ROWS, players, king={"red": 2, "blue": 3}, held=held)
    assert g.scores == [6, 10, 6][:players]
