"""Scoring, the end of the game and the tie-breaks (rulebook "End of the game" and its
example table; RULINGS: end after the last seat of a round with the bag empty)."""

import pytest

from tests.market import STANDARD, play, scenario
from variants.market import scoring

EMPTY = dict.fromkeys(("black", "blue", "red", "green"), 0)

# The rulebook's table. Yolanda + Victor (seats 0 + 2) against Laura + Raquel (1 + 3).
YOLANDA = {"black": 9, "blue": 0, "red": 0, "green": 6}
LAURA = {"black": 3, "blue": 6, "red": 4, "green": 4}
VICTOR = {"black": 5, "blue": 5, "red": 3, "green": 0}
RAQUEL = {"black": 0, "blue": 0, "red": 8, "green": 6}
KING = {"black": 2, "blue": 4, "red": 3, "green": 1}
TEAMS = [(0, 2), (1, 3)]


def on_buyers(holding):
    """One buyer per colour held: {buyer number: (colour, tokens)}."""
    return {i + 1: (c, n) for i, (c, n) in enumerate((c, n) for c, n in holding.items() if n)}


def finish_turn(g):
    """Play the current seat's turn out as a pass (skipping the king)."""
    seat = g.current_player
    if g.state.phase == "turn":
        g.apply("pass")
    while not g.is_over and g.current_player == seat and g.state.phase != "turn":
        g.apply("king skip" if g.state.phase == "king" else g.legal_actions()[0])


def test_rulebook_example_through_the_scoring_function():
    held = [YOLANDA, LAURA, VICTOR, RAQUEL]
    assert scoring.team_points(held, KING, (0, 2)) == 53
    assert scoring.team_points(held, KING, (1, 3)) == 60
    # each player's share, as in the table (the asterisked 0s go to the partner)
    assert [scoring.seat_points(held, KING, s, TEAMS[s % 2]) for s in range(4)] == [
        24, 30, 29, 30]
    assert scoring.scores(held, KING, TEAMS) == [53, 60, 53, 60]
    assert scoring.winners(held, KING, [1, 1, 1, 1], TEAMS) == [1, 3]


def test_rulebook_example_as_a_finished_game():
    g = scenario(STANDARD, 4, king=KING, bag=EMPTY, turn=3,
                 held={0: on_buyers(YOLANDA), 1: on_buyers(LAURA), 2: on_buyers(VICTOR),
                       3: on_buyers(RAQUEL)})
    holdings = scoring.holdings(g.state.buyers)
    assert holdings == [YOLANDA, LAURA, VICTOR, RAQUEL]
    assert g.scores == [53, 60, 53, 60]            # kept live during the game
    events = []
    g.apply("pass")                                # the bag is empty: no draw
    while not g.is_over:
        events += g.apply("king skip" if g.state.phase == "king" else g.legal_actions()[0])
    assert g.scores == [53, 60, 53, 60]
    assert g.winners == [1, 3]                     # Laura and Raquel win
    assert "53" in str(events[-1].text) and "60" in str(events[-1].text)
    assert g.current_player is None and g.legal_actions() == []


def test_the_game_ends_after_the_last_seat_of_the_round_with_the_bag_empty():
    g = scenario(STANDARD, 2, bag={"black": 4, "blue": 0, "red": 0, "green": 0})
    finish_turn(g)                                 # seat 0 draws the last four
    assert sum(g.state.bag.values()) == 0
    assert not g.is_over and g.current_player == 1  # the round goes on
    finish_turn(g)
    assert g.is_over


def test_four_players_finish_the_round():
    g = scenario(STANDARD, 4, bag={"black": 0, "blue": 2, "red": 0, "green": 0}, turn=1)
    finish_turn(g)                                 # seat 1 empties the bag
    for seat in (2, 3):
        assert not g.is_over and g.current_player == seat
        finish_turn(g)
    assert g.is_over


def test_a_full_bag_at_the_end_of_the_round_goes_on():
    g = scenario(STANDARD, 3, turn=2)
    rnd = g.state.round
    finish_turn(g)
    assert not g.is_over and g.current_player == 0 and g.state.round == rnd + 1


def test_a_play_can_end_the_game_too():
    g = scenario(STANDARD, 2, bag=EMPTY, turn=1, vendors={"blue": 2},
                 coins={1: [2]})                   # west buyer 2: row 2, blue on b2
    play(g, "buy 2 blue", "end")
    assert g.is_over


def test_tie_on_points_goes_to_more_coins():
    held = [{"black": 0, "blue": 0, "red": 2, "green": 0},
            {"black": 0, "blue": 0, "red": 0, "green": 2}]
    king = {"black": 0, "blue": 0, "red": 1, "green": 1}
    teams = [(0,), (1,)]
    assert scoring.scores(held, king, teams) == [2, 2]
    assert scoring.winners(held, king, [1, 2], teams) == [1]
    assert scoring.winners(held, king, [3, 2], teams) == [0]


def test_then_more_commodity_tokens():
    held = [{"black": 5, "blue": 0, "red": 2, "green": 0},
            {"black": 0, "blue": 1, "red": 0, "green": 2}]
    king = {"black": 0, "blue": 0, "red": 1, "green": 1}
    teams = [(0,), (1,)]
    assert scoring.winners(held, king, [1, 1], teams) == [0]


def test_a_persisting_tie_is_shared():
    held = [{"black": 0, "blue": 0, "red": 2, "green": 0},
            {"black": 0, "blue": 0, "red": 0, "green": 2},
            {"black": 0, "blue": 0, "red": 0, "green": 0}]
    king = {"black": 0, "blue": 0, "red": 1, "green": 1}
    teams = [(0,), (1,), (2,)]
    assert scoring.winners(held, king, [1, 1, 4], teams) == [0, 1]


def test_partnership_ties_look_at_the_player_with_more_coins():
    held = [{"black": 2, "blue": 0, "red": 0, "green": 0},
            {"black": 0, "blue": 2, "red": 0, "green": 0},
            {"black": 0, "blue": 0, "red": 0, "green": 0},
            {"black": 0, "blue": 0, "red": 0, "green": 0}]
    king = {"black": 1, "blue": 1, "red": 0, "green": 0}
    # team 0+2 has 4 coins in all, but team 1+3 has the single player with most (3)
    assert scoring.winners(held, king, [2, 3, 2, 0], TEAMS) == [1, 3]


@pytest.mark.parametrize("coins", [{0: [1], 1: [1, 2]}, {0: [1], 1: [1]}])
def test_ties_in_a_finished_game(coins):
    g = scenario(STANDARD, 2, bag=EMPTY, turn=1, king={"red": 1, "green": 1},
                 held={0: {1: ("red", 2)}, 1: {1: ("green", 2)}}, coins=coins,
                 options={"pass": {"coins": 0}})
    finish_turn(g)
    assert g.is_over and g.scores == [2, 2]
    expected = [1] if len(coins[1]) == 2 else [0, 1]
    assert g.winners == expected
