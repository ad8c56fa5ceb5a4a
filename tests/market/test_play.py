"""The play: paid tile moves, the free messenger, purchases, end, and the take-back
(rulebook "Play"; RULINGS: one coin per move from a buyer of the player's choice, the
messenger moves free, at least one purchase)."""

import json

from game.api import load_game, new_game
from tests.market import assert_illegal, at, buyer, layout, play, scenario

# seat 0 (south): the red vendor on b1 is on column b (buyer 2), not on column a (buyer 1)
ROWS = layout({"a1": "messenger", "b1": "red", "c1": "king", "d1": "porter",
               "a2": ".", "b2": "governor", "a3": "blue", "a4": "black",
               "b3": "green", "b4": "ambassador"})


def test_a_tile_move_costs_a_coin_from_the_chosen_buyer():
    g = scenario(ROWS, coins={0: [1, 3]}, vendors={"red": 2})
    assert "buy 1 red" not in g.legal_actions()
    supply = g.state.supply
    play(g, "pay 3", "shift b1")                # red vendor b1 -> the hole a2
    assert at(g, "a2") == "red" and at(g, "b1") is None
    assert buyer(g, 0, 3)["coin"] is False and buyer(g, 0, 1)["coin"] is True
    assert g.state.supply == supply + 1
    play(g, "buy 1 red", "end")                 # now on buyer 1's column
    assert buyer(g, 0, 1) == {"coin": False, "colour": "red", "tokens": 2}
    assert g.current_player == 1


def test_moving_a_tile_needs_a_payment_first():
    g = scenario(ROWS, vendors={"red": 2})
    assert_illegal(g, "shift b1", match="costs a coin")
    assert_illegal(g, "pay 2", match="no coin")


def test_the_messenger_moves_free_as_often_as_you_like():
    g = scenario(ROWS, vendors={"red": 2})
    supply = g.state.supply
    play(g, "shift a1")                         # messenger a1 -> a2
    play(g, "shift a2")                         # and back
    play(g, "shift a1")
    assert at(g, "a2") == "messenger"
    assert g.state.supply == supply and buyer(g, 0, 1)["coin"]


def test_a_pending_payment_must_be_used_on_a_tile_other_than_the_messenger():
    g = scenario(ROWS, coins={0: [1, 2]}, vendors={"red": 2})
    play(g, "pay 1")
    legal = g.legal_actions()
    assert all(a.startswith("shift") for a in legal) and "shift a1" not in legal
    assert_illegal(g, "shift a1", match="messenger moves free")
    assert_illegal(g, "buy 2 red", match="shift a tile")
    assert_illegal(g, "pay 2", match="shift a tile")
    assert_illegal(g, "pass", match="shift a tile")
    play(g, "shift c1")
    assert not buyer(g, 0, 1)["coin"]


def test_end_needs_a_purchase_and_pass_is_gone_after_one():
    g = scenario(ROWS, coins={0: [2]}, vendors={"red": 2})
    assert_illegal(g, "end", match="at least one purchase")
    play(g, "buy 2 red")
    assert_illegal(g, "pass", match="finish it with end")
    play(g, "end")
    assert g.current_player == 1


def test_moves_and_purchases_interleave():
    g = scenario(ROWS, coins={0: [1, 2, 4]}, vendors={"red": 3})
    play(g, "buy 2 red")                        # the governor on b2 gives the king one
    assert buyer(g, 0, 2)["tokens"] == 2 and g.state.king["red"] == 1
    play(g, "pay 4", "shift a3")                # blue vendor a3 -> a2
    play(g, "shift a1")                         # messenger a1 -> a3, free
    assert at(g, "a2") == "blue" and at(g, "a3") == "messenger"
    play(g, "end")


def test_pass_before_any_purchase_takes_the_play_back():
    g = scenario(ROWS, coins={0: [1, 3]}, vendors={"red": 2})
    market = dict(g.view(None)["market"])
    supply = g.state.supply
    play(g, "shift a1", "pay 3", "shift b1")
    assert g.view(None)["market"] != market
    events = play(g, "pass")
    kinds = [e.kind for e in events]
    assert kinds[:2] == ["take_back", "pass"] and "draw" in kinds
    assert g.view(None)["market"] == market     # as at the start of the turn
    assert buyer(g, 0, 3)["coin"] and g.state.supply == supply
    assert g.state.phase == "move"


def test_outside_a_pass_there_is_no_coin_or_king_step():
    g = scenario(ROWS, vendors={"red": 2})
    assert_illegal(g, "coin 2", match="only possible")
    assert_illegal(g, "king c1", match="only possible")
    assert_illegal(g, "king skip", match="only possible")
    assert_illegal(g, "place a2 crowd", match="only possible")


#: issue 12's game: two players, seed 17, up to a purchase in a play
ISSUE_12 = ("place b3 green | place a1 black | place d1 governor | place b1 blue | "
            "place d4 messenger | place c1 red | place d3 governor | place a2 crowd | "
            "place b4 porter | place b2 crowd | place a4 crowd | place c2 crowd | "
            "place a3 porter | place c3 king | place d2 ambassador | coin 4 | coin 1 | "
            "shift d4 | pay 4 | shift c1 | shift c4 | pass | shift b4 | shift d1 | coin 1 | "
            "king skip | pass | shift c3 | shift b3 | coin 3 | king b1 | shift d4 | pay 4 | "
            "shift a3 | shift b3 | pay 1 | shift b1 | pass | shift a1 | shift b2 | coin 2 | "
            "king skip | buy 3 black | pay 1").split(" | ")


def test_a_play_saved_after_a_purchase_loads_again():
    # issue 12: a paid move or the messenger after a purchase left a take-back snapshot
    # beside the purchase, and the autosave of that moment did not load
    g = new_game("tlatelolco-market", 2, seed=17)
    for action in ISSUE_12:
        g.apply(action)
    for _ in range(3):  # the paid move, then the free messenger there and back
        action = next(a for a in g.legal_actions() if a.startswith("shift"))
        g.apply(action)
        again = load_game(g.to_json())           # the autosave of this moment loads
        assert again.to_json() == g.to_json()
        assert g.state.undo is None             # a purchase is never taken back
    again = load_game(g.to_json())
    play(again, "end")
    play(g, "end")
    assert again.to_json() == g.to_json()


def test_a_state_with_the_old_snapshot_after_a_purchase_still_reads():
    # states written before the fix hold that snapshot: the rules read them, without it
    g = scenario(ROWS, coins={0: [1, 2, 4]}, vendors={"red": 3})
    play(g, "buy 2 red", "shift a1")
    data = g.rules.to_dict(g.state)
    data["undo"] = {"market": dict(data["market"]), "coins": [False, False, False, True],
                    "supply": data["supply"]}
    state = g.rules.from_dict(json.loads(json.dumps(data)))
    assert state.undo is None and g.rules.to_dict(state) == g.rules.to_dict(g.state)
    legal = g.rules.legal_actions(state)
    assert "end" in legal and "pass" not in legal


def test_the_messenger_there_and_back_is_the_position_before_the_play():
    # nothing is left to take back, so the table is exactly as at the start of the turn
    # (the computer players recognise a position they were in by what the table shows)
    g = scenario(ROWS, vendors={"red": 2})
    start = g.view(0)
    play(g, "shift a1")                         # messenger a1 -> a2
    assert g.state.undo is not None
    play(g, "shift a2")                         # and back
    assert g.view(0) == start and g.state.undo is None
    kinds = [e.kind for e in play(g, "pass")]
    assert "take_back" not in kinds and "pass" in kinds


def test_paying_alone_changes_no_table_but_the_paid_move_can_be_taken_back():
    g = scenario(ROWS, coins={0: [1, 3]}, vendors={"red": 2})
    market = dict(g.view(None)["market"])
    play(g, "pay 3")
    assert g.state.undo is None and g.state.paid == 3
    play(g, "shift b1")
    assert g.state.undo is not None and not buyer(g, 0, 3)["coin"]
    kinds = [e.kind for e in play(g, "pass")]
    assert kinds[:2] == ["take_back", "pass"]
    assert g.view(None)["market"] == market and buyer(g, 0, 3)["coin"]
