"""Scoring: founding points, spiritual grandeur, ties, unfounded districts, the palace
bonus and the winner (rulebook ch. 5, 6; Spielregel "Die erste Wertung", "Die zweite
Wertung", "Spielende"; RULINGS Periods and scoring)."""

import pytest

from tests.mexica.scenario import PALACE, end_round, play, scenario

#: left: a 13-space district (a1-e1, a2-e2, a3-c3) cut off by the lake;
#: right: the palace column g1-g4 and the land column h1-h4 (8 spaces).
GERMAN = [
    ".....~S.",  # 1
    ".....~S.",  # 2
    "...~~~S.",  # 3
    "~~~~~~S.",  # 4
]
OUTSIDE = {0: "h1", 1: "h2", 2: "h3", 3: "h4"}             # land, no palace bonus
SPACES = ["b1", "c1", "d1", "e1", "a2", "b2", "c2", "d2", "e2", "a3", "b3", "c3"]
SPLIT = {1: [1], 2: [2], 3: [3], 4: [4], 5: [4, 1], 6: [3, 3], 7: [4, 3], 10: [4, 3, 1, 1, 1]}


def temples_for(levels, spaces=SPACES):
    """Lay temples giving seat i the total levels[i], one temple per free space."""
    out, free = {}, iter(spaces)
    for seat, total in enumerate(levels):
        for lv in SPLIT.get(total, []):
            out[next(free)] = (seat, lv)
    return out


def german(levels, *, founded=True, period=1, **kw):
    players = len(levels)
    return scenario(GERMAN, players, pilli={i: OUTSIDE[i] for i in range(players)},
                    tokens={"a1": 13} if founded else {}, temples=temples_for(levels),
                    hands={i: [1] for i in range(players)}, period=period,
                    display=[5], hidden=[6], **kw)


def test_german_rulebook_example_13_district():
    """Spielregel example: in a 13-district A has 7 levels, B 10, C 6, D 1:
    'Spieler A erhält 7, Spieler B 13, Spieler C 4 Wertungspunkte. Spieler D geht leer
    aus.'"""
    g = german([7, 10, 6, 1])
    end_round(g)                                  # a round of passes: period-1 scoring
    assert g.state.period == 2
    assert g.scores == [7, 13, 4, 0]


def test_founding_the_13_district_scores_7_and_4():
    """Rulebook 4B example: founding the 13-space district advances the marker 7; another
    Pilli in the district would score 4."""
    g = scenario(GERMAN, 3, pilli={0: "a1", 1: "c3", 2: "h1"}, display=[13])
    assert play(g, "found e2") == [6]
    assert g.scores == [7, 4, 0]


@pytest.mark.parametrize("levels, points, rule", [
    ([5, 5, 2, 1], [13, 13, 4, 0], "two tied 1st: no 2nd place, but a 3rd"),
    ([4, 4, 4, 2], [13, 13, 13, 0], "three tied 1st: no 2nd or 3rd place"),
    ([6, 3, 3, 1], [13, 7, 7, 0], "tied 2nd: no 3rd place"),
    ([4, 4, 4, 4], [13, 13, 13, 13], "everybody tied 1st"),
    ([6, 3, 1, 1], [13, 7, 4, 4], "tied 3rd: both score 3rd"),
    ([2, 1, 0, 0], [13, 7, 0, 0], "no levels, no place"),
    ([0, 0, 0, 3], [0, 0, 0, 13], "a lone builder is 1st"),
])
def test_ties_share_the_full_points_and_skip_places(levels, points, rule):
    g = german(levels)
    end_round(g)
    assert g.scores == points, rule


def test_a_player_without_levels_does_not_take_second_place():
    g = german([4, 0])
    end_round(g)
    assert g.scores == [13, 0]


def test_unfounded_districts_are_ignored_in_period_one():
    g = german([7, 10, 6, 1], founded=False)
    end_round(g)
    assert g.state.period == 2
    assert g.scores == [0, 0, 0, 0]


def test_unfounded_districts_score_size_then_halves_rounded_up_in_period_two():
    """13 spaces: 1st 13, 2nd 7 (6.5 up), 3rd 4 (3.5 up), 4th nothing."""
    g = german([7, 10, 6, 1], founded=False, period=2)
    end_round(g)
    assert g.is_over
    assert g.scores == [7, 13, 4, 0]


#: the 3x3 block around the palace closed by canals: 9 spaces, 4 of them land
PALACE_RING = [("d2", "e2"), ("f2",), ("d6", "e6"), ("f6",),
               ("c3", "c4"), ("c5",), ("g3", "g4"), ("g5",)]


@pytest.mark.parametrize("temples, points", [
    ({"d3": (0, 3), "f3": (1, 2), "d5": (2, 1)}, [9, 5, 3]),
    ({"d3": (0, 2), "f3": (1, 2), "d5": (2, 1)}, [9, 9, 3]),
    ({"d3": (0, 2), "f3": (1, 1), "d5": (2, 1)}, [9, 5, 5]),
])
def test_unfounded_palace_district_of_nine(temples, points):
    """Palace spaces count: 9 spaces -> 9, 5 (4.5 up), 3 (2.5 up)."""
    g = scenario(PALACE, 3, pilli={0: "b2", 1: "h2", 2: "b6"}, canals=PALACE_RING,
                 temples=temples, period=2, display=[3])
    end_round(g)
    assert g.scores == points


def test_founded_districts_score_again_in_period_two():
    g = german([1, 0])
    end_round(g)
    assert g.scores == [13, 0]
    end_round(g)
    assert g.is_over
    assert g.scores == [26, 0]


def test_palace_bonus_for_a_pilli_on_a_start_space_at_each_scoring():
    """+5 for standing on one of the 4 start spaces; the centre does not count."""
    g = scenario(PALACE, 3, pilli={0: "e3", 1: "e4", 2: "b2"}, display=[3], hidden=[4])
    end_round(g)
    assert g.state.period == 2
    assert g.scores == [5, 0, 0]
    end_round(g)
    assert g.is_over
    assert g.scores == [10, 0, 0]


def test_palace_bonus_counts_where_the_pilli_stands_at_the_scoring():
    g = scenario(PALACE, pilli={0: "d3", 1: "b2"}, display=[3], hidden=[4])
    play(g, "move e3", "end", "end")                  # seat 0 steps onto a start space
    # seat 0 acted this round, so no scoring yet; the next round of passes scores
    assert g.state.period == 1
    end_round(g)
    assert g.scores == [5, 0]


# =========================================================================================
# winner
# =========================================================================================

def final(scores, ap_tokens=None, players=2):
    g = scenario(GERMAN, players, pilli={i: OUTSIDE[i] for i in range(players)}, period=2,
                 display=[5], scores=scores, ap_tokens=ap_tokens)
    end_round(g)
    assert g.is_over
    return g


def test_most_prestige_wins():
    g = final([10, 12])
    assert g.scores == [10, 12]
    assert g.winners == [1]


def test_tie_broken_by_most_ap_tokens_left():
    g = final([10, 10], ap_tokens=[1, 3])
    assert g.winners == [1]
    g = final([10, 10, 11], ap_tokens=[0, 0, 0], players=3)
    assert g.winners == [2]
    g = final([11, 11, 10], ap_tokens=[1, 2, 5], players=3)   # only the tied count
    assert g.winners == [1]


def test_still_tied_is_a_shared_win():
    g = final([10, 10, 4], ap_tokens=[2, 2, 0], players=3)
    assert g.winners == [0, 1]
    g = final([0, 0])
    assert g.winners == [0, 1]
