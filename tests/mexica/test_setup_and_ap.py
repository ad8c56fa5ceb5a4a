"""Starting placement, the 6 AP of a turn and the AP tokens (rulebook ch. 2, 4, 4F, 4G)."""

from game.api import IllegalAction, new_game
from tests.mexica.scenario import PALACE, assert_illegal, play, scenario, where

OPTS = {"board": PALACE, "calpulli": {"period1": [3], "period2": [4]}}


def test_starting_placement_goes_in_seat_order_on_free_start_spaces_only():
    """Each player in turn order puts the Pilli on a free palace start space; then seat 0
    begins with 6 AP."""
    g = new_game("mexica", 3, options=OPTS)
    assert g.current_player == 0
    assert sorted(g.legal_actions()) == ["start d4", "start e3", "start e5", "start f4"]
    assert_illegal(g, "move b2")          # nothing but placement before play
    assert_illegal(g, "start e4")         # the palace centre is not a start space
    assert_illegal(g, "start b2")         # ordinary land is not a start space
    g.apply("start e3")
    assert g.current_player == 1
    assert_illegal(g, "start e3")         # occupied
    assert "start e3" not in g.legal_actions()
    g.apply("start d4")
    assert g.current_player == 2
    g.apply("start f4")
    assert [where(g, i) for i in range(3)] == ["e3", "d4", "f4"]
    assert g.current_player == 0
    assert g.state.ap == 6
    assert g.state.period == 1 and g.state.round == 1


def test_six_ap_per_turn_and_unused_ap_are_lost():
    """Every turn brings exactly 6 AP; AP left at 'end' do not carry over."""
    g = scenario(PALACE, pilli={0: "b2", 1: "h6"})
    assert g.state.ap == 6
    assert play(g, "move c2") == [5]
    g.apply("end")
    assert g.current_player == 1 and g.state.ap == 6
    g.apply("end")
    assert g.current_player == 0 and g.state.ap == 6   # not 11


def test_cannot_spend_more_ap_than_left():
    """An action costing more AP than left is refused and changes nothing."""
    g = scenario(PALACE, pilli={0: "b2", 1: "h6"}, ap=2)
    assert_illegal(g, "temple c2 3", match="costs 3 AP")
    g.apply("temple c2 2")
    assert g.state.ap == 0
    assert_illegal(g, "move b3")
    assert g.legal_actions() == ["end"]


def test_take_ap_token_costs_one_ap_and_at_most_two_per_turn():
    g = scenario(PALACE, pilli={0: "b2", 1: "h6"})
    assert g.state.supply["ap_tokens"] == 12
    assert play(g, "take", "take") == [5, 4]
    assert g.state.ap_tokens[0] == 2
    assert g.state.supply["ap_tokens"] == 10
    assert_illegal(g, "take", match="at most 2")
    g.apply("end")
    g.apply("end")
    # a new turn: taking is allowed again
    assert play(g, "take") == [5]
    assert g.state.ap_tokens[0] == 3


def test_take_only_while_the_supply_has_a_token():
    g = scenario(PALACE, pilli={0: "b2", 1: "h6"}, ap_tokens={1: 12})
    assert g.state.supply["ap_tokens"] == 0
    assert_illegal(g, "take", match="no AP tokens")


def test_take_needs_an_ap_to_pay():
    g = scenario(PALACE, pilli={0: "b2", 1: "h6"}, ap=0)
    assert_illegal(g, "take")


def test_spend_any_number_of_tokens_for_one_ap_each_back_to_supply():
    """Spending is free, gives +1 AP each (above 6), any number a turn; tokens go back."""
    g = scenario(PALACE, pilli={0: "b2", 1: "h6"}, ap_tokens={0: 3})
    assert g.state.supply["ap_tokens"] == 9
    assert play(g, "spend", "spend", "spend") == [7, 8, 9]
    assert g.state.ap_tokens[0] == 0
    assert g.state.supply["ap_tokens"] == 12
    assert_illegal(g, "spend", match="no AP tokens")


def test_spent_tokens_do_not_count_against_the_take_limit():
    g = scenario(PALACE, pilli={0: "b2", 1: "h6"}, ap_tokens={0: 1})
    assert play(g, "spend", "take", "take") == [7, 6, 5]
    assert g.state.ap_tokens[0] == 2


def test_unknown_or_malformed_actions_are_refused():
    g = scenario(PALACE, pilli={0: "b2", 1: "h6"})
    for bad in ("fly c2", "move", "move z9", "canal", "temple c2", "temple c2 x", ""):
        before = g.to_json()
        try:
            g.apply(bad)
        except IllegalAction:
            pass
        else:  # pragma: no cover - reported below
            raise AssertionError(f"{bad!r} was accepted")
        assert g.to_json() == before


def test_published_setup_components_and_board():
    """Chapter 2 + RULINGS: 8 tokens face up in ascending order, 7 set aside; 9 temples in
    hand (3x1, 3x2, 2x3, 1x4) and 9 for period 2; 6 single and 35 double canal tiles left
    after the two pre-printed doubles; 11 bridges; 12 AP tokens; 4 start spaces."""
    g = new_game("mexica", 4, seed=7)
    s = g.state
    assert s.supply == {"single": 6, "double": 35, "bridges": 11, "ap_tokens": 12}
    assert len(s.display) == 8 and s.display == sorted(s.display)
    assert len(s.hidden) == 7
    assert sorted(s.display + s.hidden) == [3, 3, 4, 4, 5, 5, 6, 6, 7, 8, 9, 10, 11, 12, 13]
    assert all(h == [1, 1, 1, 2, 2, 2, 3, 3, 4] for h in s.hands)
    assert all(sorted(r) == [1, 1, 1, 2, 2, 3, 3, 4, 4] for r in s.reserve)
    assert sorted(g.legal_actions()) == ["start h8", "start i7", "start i9", "start j8"]
    board = g.rules.table.board
    assert sum(k == "." for k in board.kind) == 187
    assert len(board.palace) == 5
    for seat, cell in enumerate(["i7", "h8", "j8", "i9"]):
        assert g.current_player == seat
        g.apply(f"start {cell}")
    assert g.current_player == 0 and s.ap == 6
    assert_illegal(g, "canal p7")                 # pre-printed canal already lies there
    assert_illegal(g, "canal i8")                 # palace centre
    assert "bridge p8 ew" in g.legal_actions()    # the pre-printed canal takes bridges


def test_different_seeds_draw_different_displays_but_a_seed_is_reproducible():
    a = new_game("mexica", 2, seed=1).state.display
    assert new_game("mexica", 2, seed=1).state.display == a
    assert any(new_game("mexica", 2, seed=k).state.display != a for k in range(2, 8))
