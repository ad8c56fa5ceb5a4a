"""The conflict phase: the rulebook's examples, battle and coexistence, ties, the order.

Four players: seat 0 Quetzal (blue), 1 Coyote (green), 2 Serpent (red), 3 Ocelot (yellow).
"""

from __future__ import annotations

import pytest

from game.api import IllegalAction
from tests.aztlan import hand_sizes, kinds, pawns, position
from variants.aztlan.conflicts import outcome

BLUE, GREEN, RED, YELLOW = 0, 1, 2, 3



def test_rulebook_ten_against_nine():
    """Ocelot 5 x 2 pawns = 10 beats Serpent 9 x 1 pawn = 9."""
    o = outcome([0, 0, 1, 2], [6, 7, 9, 5])
    assert o.power == {RED: 9, YELLOW: 10}
    assert o.winner == YELLOW
    g = position(4, order=[RED, YELLOW, BLUE, GREEN],
                 chosen={BLUE: 6, GREEN: 7, RED: 9, YELLOW: 5},
                 board={"t11": {YELLOW: 2, RED: 1}, "t1": {BLUE: 1}, "t3": {GREEN: 1}})
    events = g.apply("stay")
    assert "reveal" in kinds(events)
    # Serpent plays first but is not the strongest: the Ocelot decides
    assert g.current_player == YELLOW
    assert g.legal_actions() == ["battle t11", "coexist t11"]
    events = g.apply("battle t11")
    assert pawns(g, "t11") == [0, 0, 0, 2]
    assert g.state.removed[RED] == 1
    assert "removed" in kinds(events)
    assert hand_sizes(g) == [0, 0, 0, 0]


def test_rulebook_tie_at_the_top_coexists_and_the_weaker_is_removed():
    """Coyote 8 and Quetzal 8 coexist without a card; the Ocelot's 5 is removed."""
    g = position(4, order=[BLUE, GREEN, RED, YELLOW],
                 chosen={BLUE: 4, GREEN: 8, RED: 9, YELLOW: 5},
                 board={"t5": {BLUE: 2, GREEN: 1, YELLOW: 1}, "t20": {RED: 1}})
    deck = len(g.state.deck)
    events = g.apply("stay")
    assert {"tie", "removed"} <= set(kinds(events))
    assert pawns(g, "t5") == [2, 1, 0, 0]
    assert g.state.removed[YELLOW] == 1
    assert hand_sizes(g) == [0, 0, 0, 0] and len(g.state.deck) == deck
    assert g.state.phase == "score"   # nobody had anything to decide


def test_a_tie_between_two_only_removes_nobody():
    """Rulebook: Coyote 8 and Quetzal 8 alone coexist, neither draws a card."""
    g = position(4, chosen={BLUE: 8, GREEN: 4, RED: 9, YELLOW: 5},
                 board={"t5": {BLUE: 1, GREEN: 2}})
    g.apply("stay")
    assert pawns(g, "t5") == [1, 2, 0, 0]
    assert hand_sizes(g) == [0, 0, 0, 0]


def test_rulebook_ten_against_eight_and_four_coexisting_draws_one_card():
    """Ocelot 10 against Quetzal 8 and Coyote 4: coexistence with both, one card."""
    g = position(4, order=[YELLOW, BLUE, GREEN, RED],
                 chosen={BLUE: 8, GREEN: 4, RED: 9, YELLOW: 5},
                 board={"t12": {YELLOW: 2, BLUE: 1, GREEN: 1}}, deck_top=["offering"])
    g.apply("stay")
    assert g.current_player == YELLOW
    events = g.apply("coexist t12")
    assert pawns(g, "t12") == [1, 1, 0, 2]
    assert hand_sizes(g) == [0, 0, 0, 1]
    assert g.state.prosperity[YELLOW] == ["offering"]
    draws = [e for e in events if e.kind in ("draw", "drawn")]
    assert all(e.barrier for e in draws)
    assert [e.visible_to for e in draws] == [None, (YELLOW,)]


def test_or_removes_both_opponents_in_one_battle():
    g = position(4, order=[YELLOW, BLUE, GREEN, RED],
                 chosen={BLUE: 8, GREEN: 4, RED: 9, YELLOW: 5},
                 board={"t12": {YELLOW: 2, BLUE: 1, GREEN: 1}})
    g.apply("stay")
    g.apply("battle t12")
    assert pawns(g, "t12") == [0, 0, 0, 2]
    assert g.state.removed == [1, 1, 0, 0]
    assert hand_sizes(g) == [0, 0, 0, 0]


def test_rulebook_five_conflicts_in_score_order():
    """Serpent (first) wins A; Ocelot wins B and C, in the order he likes; Quetzal wins
    D; E is a tie, so the Coyote decides nothing."""
    g = position(4, order=[RED, YELLOW, BLUE, GREEN],
                 chosen={RED: 9, YELLOW: 8, BLUE: 6, GREEN: 4},
                 board={"t1": {RED: 1, GREEN: 2},                  # A: 9 against 8
                        "t3": {YELLOW: 1, BLUE: 1},                # B: 8 against 6
                        "t5": {RED: 1, YELLOW: 2},                 # C: 9 against 16
                        "t17": {YELLOW: 1, BLUE: 2},               # D: 8 against 12
                        "t28": {BLUE: 2, GREEN: 3}})               # E: 12 and 12
    g.apply("stay")
    assert g.current_player == RED
    assert g.legal_actions() == ["battle t1", "coexist t1"]
    g.apply("battle t1")
    assert g.current_player == YELLOW
    assert g.legal_actions() == ["battle t3", "coexist t3", "battle t5", "coexist t5"]
    before = g.to_json()
    with pytest.raises(IllegalAction, match="not the strongest in t17"):
        g.apply("battle t17")
    assert g.to_json() == before
    g.apply("battle t5")                  # his own order: C before B
    assert g.legal_actions() == ["battle t3", "coexist t3"]
    g.apply("battle t3")
    assert g.current_player == BLUE
    assert g.legal_actions() == ["battle t17", "coexist t17"]
    events = g.apply("battle t17")
    assert "tie" in kinds(events)         # E settles itself: nobody draws, nobody leaves
    assert pawns(g, "t28") == [2, 3, 0, 0]
    # the Coyote decided no conflict; with the wild 4 he now picks his scoring type
    assert g.state.phase == "score" and g.current_player == GREEN
    assert all(a.startswith("wild ") for a in g.legal_actions())
    assert hand_sizes(g) == [0, 0, 0, 0]


def test_a_resolved_conflict_is_not_resolved_twice():
    g = position(3, chosen={0: 9, 1: 5, 2: 4}, board={"t11": {0: 1, 1: 1}, "t4": {0: 1, 2: 1}})
    g.apply("stay")
    g.apply("coexist t11")
    assert g.legal_actions() == ["battle t4", "coexist t4"]
    with pytest.raises(IllegalAction, match="already resolved"):
        g.apply("battle t11")


def test_no_conflict_no_decision():
    g = position(3, chosen={0: 9, 1: 5, 2: 4}, board={"t11": {0: 1, 1: 1}, "t4": {2: 1}})
    g.apply("stay")
    with pytest.raises(IllegalAction, match="no conflict"):
        g.apply("battle t4")
