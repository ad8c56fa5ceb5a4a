"""Neutral temples in the rankings: they take their place and score nothing.

Scenario board (see ``_util.scenario_board``): the palace district b2 c2 b3 c3 on the left,
where both Pilli wait on b3 and c3 (no palace bonus), and one district of open land from e2
on the right. Scorings are reached through ``end`` actions: a whole round of passes ends a
period.
"""

from __future__ import annotations

import pytest

from variants.mexica.scoring import score_period

from ._util import NEUTRAL, build, found, scenario_game


def end_period(game):
    """Both seats pass: a whole round without action scores the period."""
    assert game.state.turn == 0
    events = game.apply("end")
    events += game.apply("end")
    assert any(e.kind == "scoring" for e in events)
    return events


def district_places(events, size, founded=None):
    scored = [e for e in events if e.kind == "district_scored" and e.data["size"] == size
              and founded in (None, e.data["founded"])]
    assert len(scored) == 1, [e.data for e in events if e.kind == "district_scored"]
    return {p["owner"]: (p["levels"], p["place"], p["points"]) for p in scored[0].data["places"]}


def player_points(events):
    got = [0, 0]
    for e in events:
        if e.kind == "score":
            got[e.seat] += e.points
    return got


# A founded 6-space district (e2 f2 g2 / e3 f3 g3); the size-6 token pays 6 / 3 / 2.
# Token on g3; temples on the other five spaces as the case needs.
FOUNDED_CASES = {
    # name: (neutral layout, player temples [(seat, space, level)], scores, places)
    "neutral 1st alone": (
        {"e2": 4}, [(0, "f2", 3), (1, "g2", 2)],
        [3, 2], {NEUTRAL: (4, 1), 0: (3, 2), 1: (2, 3)}),
    "neutral tied 1st with a player": (
        {"e2": 3}, [(0, "f2", 1), (0, "e3", 2), (1, "g2", 2)],
        [6, 2], {NEUTRAL: (3, 1), 0: (3, 1), 1: (2, 3)}),
    "neutral 1st, players tied 2nd": (
        {"e2": 4}, [(0, "f2", 2), (1, "g2", 2)],
        [3, 3], {NEUTRAL: (4, 1), 0: (2, 2), 1: (2, 2)}),
    "neutral 2nd pushes a player to 3rd": (
        {"e2": 3}, [(0, "f2", 4), (1, "g2", 2)],
        [6, 2], {NEUTRAL: (3, 2), 0: (4, 1), 1: (2, 3)}),
    "neutral tied 2nd with a player: no 3rd": (
        {"e2": 2}, [(0, "f2", 4), (1, "g2", 2)],
        [6, 3], {NEUTRAL: (2, 2), 0: (4, 1), 1: (2, 2)}),
    "neutral 3rd": (
        {"e2": 1}, [(0, "f2", 4), (1, "g2", 3)],
        [6, 3], {NEUTRAL: (1, 3), 0: (4, 1), 1: (3, 2)}),
    "all three tied 1st": (
        {"e2": 3}, [(0, "f2", 3), (1, "g2", 3)],
        [6, 6], {NEUTRAL: (3, 1), 0: (3, 1), 1: (3, 1)}),
    "two neutral temples add up": (
        {"e2": 1, "e3": 2}, [(0, "f2", 2), (1, "g2", 1)],
        [3, 2], {NEUTRAL: (3, 1), 0: (2, 2), 1: (1, 3)}),
}


@pytest.mark.parametrize("case", list(FOUNDED_CASES))
def test_founded_district_period_one(case):
    neutral, temples, scores, places = FOUNDED_CASES[case]
    game = scenario_game(3, 2, neutral, period1=[6])
    for seat, space, level in temples:
        build(game, seat, space, level)
    found(game, "g3", 6)

    events = end_period(game)

    assert game.scores == scores
    assert player_points(events) == scores
    got = district_places(events, 6)
    assert {o: (lv, pl) for o, (lv, pl, _) in got.items()} == places
    assert got[NEUTRAL][2] == 0, "neutral scores nothing"
    assert game.state.period == 2, "period 1 scored, period 2 begins"


def test_founded_district_scores_again_in_period_two():
    game = scenario_game(3, 2, {"e2": 4}, period1=[6])
    build(game, 0, "f2", 3)
    build(game, 1, "g2", 2)
    found(game, "g3", 6)
    end_period(game)
    assert game.scores == [3, 2]
    events = end_period(game)
    assert game.is_over
    assert game.scores == [6, 4]
    places = district_places(events, 6)
    assert places[NEUTRAL] == (4, 1, 0)
    assert events[-1].kind == "game_over"
    assert game.winners == [0]


def test_scoring_called_directly_matches_the_table():
    """The same neutral-1st case through ``score_period`` on a copy of the state."""
    game = scenario_game(3, 2, {"e2": 4}, period1=[6])
    build(game, 0, "f2", 3)
    build(game, 1, "g2", 2)
    found(game, "g3", 6)
    state = game.rules.clone(game.state)
    events = score_period(game.rules.table, state)
    assert state.scores == [3, 2]
    assert district_places(events, 6) == {NEUTRAL: (4, 1, 0), 0: (3, 2, 3), 1: (2, 3, 2)}


def test_player_behind_neutral_gets_nothing_when_only_two_places_pay():
    """With a token that pays only 1st and 2nd, neutral's 2nd place leaves the player
    behind it (3rd) with nothing."""
    tokens = [{"size": 6, "count": 1, "founder": 3, "presence": 2, "places": [6, 3]}]
    game = scenario_game(3, 2, {"e2": 3}, period1=[6], calpulli_tokens=tokens)
    build(game, 0, "f2", 4)
    build(game, 1, "g2", 2)
    found(game, "g3", 6)
    events = end_period(game)
    assert game.scores == [6, 0]
    assert district_places(events, 6) == {NEUTRAL: (3, 2, 0), 0: (4, 1, 6), 1: (2, 3, 0)}


def test_neutral_alone_in_a_district_scores_for_nobody():
    game = scenario_game(3, 2, {"e2": 4, "f3": 1}, period1=[6])
    found(game, "g3", 6)
    events = end_period(game)
    assert game.scores == [0, 0]
    assert district_places(events, 6) == {NEUTRAL: (5, 1, 0)}


def test_unfounded_district_ignored_in_period_one():
    game = scenario_game(5, 1, {"e2": 4})
    build(game, 0, "f2", 3)
    events = end_period(game)
    assert game.scores == [0, 0]
    assert not [e for e in events if e.kind == "district_scored"]


# Period 2, unfounded district of `size` spaces in one row from e2: pays size, half up,
# half of that up (5 -> 5/3/2, 11 -> 11/6/3, 13 -> 13/7/4).
UNFOUNDED_CASES = {
    "size 5, neutral 1st": (
        5, {"e2": 4}, [(0, "f2", 3), (1, "g2", 1)], [3, 2],
        {NEUTRAL: (4, 1, 0), 0: (3, 2, 3), 1: (1, 3, 2)}),
    "size 11, neutral 1st": (
        11, {"e2": 4}, [(0, "g2", 3), (1, "i2", 2)], [6, 3],
        {NEUTRAL: (4, 1, 0), 0: (3, 2, 6), 1: (2, 3, 3)}),
    "size 13, neutral tied 1st": (
        13, {"e2": 3}, [(0, "g2", 3), (1, "i2", 2)], [13, 4],
        {NEUTRAL: (3, 1, 0), 0: (3, 1, 13), 1: (2, 3, 4)}),
    "size 13, neutral 2nd": (
        13, {"e2": 3}, [(0, "g2", 4), (1, "i2", 1)], [13, 4],
        {NEUTRAL: (3, 2, 0), 0: (4, 1, 13), 1: (1, 3, 4)}),
    "size 7, neutral 3rd": (
        7, {"e2": 1}, [(0, "g2", 3), (1, "i2", 2)], [7, 4],
        {NEUTRAL: (1, 3, 0), 0: (3, 1, 7), 1: (2, 2, 4)}),
}


@pytest.mark.parametrize("case", list(UNFOUNDED_CASES))
def test_unfounded_district_period_two(case):
    size, neutral, temples, scores, places = UNFOUNDED_CASES[case]
    game = scenario_game(size, 1, neutral)
    for seat, space, level in temples:
        build(game, seat, space, level)
    end_period(game)                       # period 1: nothing is founded, nothing scores
    assert game.scores == [0, 0]
    assert game.state.period == 2
    events = end_period(game)              # period 2: unfounded districts score too
    assert game.is_over
    assert game.scores == scores
    scored = [e for e in events if e.kind == "district_scored" and e.data["size"] == size]
    assert scored and scored[0].data["founded"] is False
    assert district_places(events, size) == places


def test_period_two_scores_founded_and_unfounded_with_neutral():
    """Two districts split by a canal row: a founded 4-space one and an unfounded
    4-space one, neutral present in both; scored through the period-end trigger."""
    game = scenario_game(9, 1, {"e2": 2, "l2": 3}, period1=[4])
    board = game.rules.table.board
    state = game.state
    state.tiles.append((board.index["i2"],))
    state.supply["single"] -= 1
    state.rebuild(board)
    build(game, 0, "f2", 2)       # founded e2-h2: neutral 2, P0 2, P1 1
    build(game, 1, "g2", 1)
    found(game, "h2", 4)          # token 4 pays 4 / 2 / 1
    build(game, 0, "j2", 1)       # unfounded j2 k2 l2 m2
    build(game, 1, "k2", 4)
    events = end_period(game)
    assert game.scores == [4, 1]  # period 1: P0 tied 1st with neutral (4), P1 3rd (1)
    # period 2 ends by the trigger (as if the display were used up and a hand empty),
    # at the end of the last seat's turn
    state.end_triggered = True
    state.turn = 1
    events = game.apply("end")
    assert game.is_over
    assert district_places(events, 4, founded=True) == {
        NEUTRAL: (2, 1, 0), 0: (2, 1, 4), 1: (1, 3, 1)}
    # unfounded j2 k2 l2 m2 pays 4 / 2 / 1: P1 4 levels 1st, neutral 3 2nd, P0 1 3rd
    assert district_places(events, 4, founded=False) == {
        1: (4, 1, 4), NEUTRAL: (3, 2, 0), 0: (1, 3, 1)}
    assert game.scores == [4 + 4 + 1, 1 + 1 + 4]
