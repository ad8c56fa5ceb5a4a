"""First round only: nobody may pen in another Pilli (rulebook 4D remark C and 4E
"Teleport" remark; Spielregel 'In der ersten Runde darf ein Spieler nicht vollständig ...
eingeschlossen werden'; RULINGS Actions)."""

import pytest

from game.api import new_game
from tests.mexica.scenario import PALACE, assert_illegal, assert_legal, play, scenario

# seat 1 in the corner b2: lake north and west, a temple on c2, so b3 is its only step


def corner(round_, **kw):
    kw.setdefault("pilli", {0: "d3", 1: "b2"})
    kw.setdefault("temples", {"c2": (0, 1)})
    return scenario(PALACE, round=round_, **kw)


@pytest.mark.parametrize("action", ["temple b3 1", "canal b3", "canal b3 b4",
                                    "teleport b3"])
def test_first_round_no_action_may_leave_another_pilli_without_a_move(action):
    g = corner(1)
    assert_illegal(g, action, match="first round")


def test_first_round_walking_into_the_last_free_space_is_refused():
    g = corner(1, pilli={0: "c3", 1: "b2"})
    assert_illegal(g, "move b3", match="first round")
    assert play(g, "move d3") == [5]                     # other moves are fine


def test_first_round_founding_with_the_token_on_the_last_free_space_is_refused():
    # district {b2, c2, b3, b4} closed by d2, c3, c4, b5; seat 0 founds from b4
    g = corner(1, pilli={0: "b4", 1: "b2"}, canals=[("d2",), ("c3",), ("c4",), ("b5",)],
               display=[4])
    assert_illegal(g, "found b3", match="first round")
    g = corner(2, pilli={0: "b4", 1: "b2"}, canals=[("d2",), ("c3",), ("c4",), ("b5",)],
               display=[4])
    assert_legal(g, "found b3")


def test_first_round_other_actions_stay_legal():
    g = corner(1)
    assert_legal(g, "temple h6 1")
    assert_legal(g, "canal h6")
    assert play(g, "temple b4 1") == [5]                 # b3 stays free


def test_first_round_bridge_ramp_counts_as_the_only_move():
    """A Pilli on a bridge whose other ramp is blocked keeps its last ramp free."""
    g = scenario(PALACE, round=1, pilli={0: "b4", 1: "c3"}, canals=[("c3",)],
                 bridges={"c3": "ew"}, temples={"d3": (0, 1)})
    assert_illegal(g, "temple b3 1", match="first round")
    assert_illegal(g, "move b3", match="first round")


def test_first_round_relocating_the_only_bridge_away_is_refused():
    g = scenario(PALACE, round=1, pilli={0: "h6", 1: "b3"}, canals=[("c3",), ("g3",)],
                 bridges={"c3": "ew"}, temples={"b2": (0, 1), "b4": (0, 1)},
                 supply={"bridges": 0})
    assert_illegal(g, "relocate c3 g3 ns", match="first round")
    g = scenario(PALACE, round=2, pilli={0: "h6", 1: "b3"}, canals=[("c3",), ("g3",)],
                 bridges={"c3": "ew"}, temples={"b2": (0, 1), "b4": (0, 1)},
                 supply={"bridges": 0})
    assert play(g, "relocate c3 g3 ns") == [5]


@pytest.mark.parametrize("action", ["temple b3 1", "canal b3", "teleport b3"])
def test_from_round_two_penning_in_is_allowed(action):
    """4D remark C: '(except in the 1st round) you are allowed to trap an opponent'."""
    g = corner(2)
    assert_legal(g, action)
    g.apply(action)
    g.apply("end")
    assert g.current_player == 1
    assert not any(a.startswith("move") for a in g.legal_actions())   # seat 1 is penned in


def test_penning_in_is_allowed_in_the_first_round_of_period_two():
    """Only the first round of the game is protected."""
    g = corner(1, period=2)
    assert_legal(g, "temple b3 1")


def test_first_round_rule_in_a_real_opening():
    """From the real start: seat 0 may not wall in seat 1 on its start space."""
    g = new_game("mexica", 2, options={"board": ["~.~", "~S~", "~.~", "~S~"],
                                       "calpulli": {"period1": [3], "period2": [4]}})
    g.apply("start b2")
    g.apply("start b4")                    # b3 is seat 1's only way out
    assert g.state.round == 1
    assert_illegal(g, "temple b3 1", match="first round")
    assert_illegal(g, "move b3", match="first round")
    assert_illegal(g, "canal b3", match="first round")
    assert play(g, "move b1") == [5]
