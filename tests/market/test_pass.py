"""The pass: draw, move two tiles, take a coin, utilize the king (rulebook "Pass";
RULINGS: draw skipped when the bag is empty, any tile into the hole, a coin only if a
buyer has none and the supply has one, the king's row and column, crowds do not block).
"""

from tests.market import STANDARD, assert_illegal, at, layout, play, scenario


def vendor_total(g):
    return sum(g.state.vendors.values())


def test_pass_draws_four_at_once_onto_the_vendors_and_is_a_barrier():
    g = scenario()
    bag = sum(g.state.bag.values())
    events = play(g, "pass")
    assert sum(g.state.bag.values()) == bag - 4
    assert vendor_total(g) == 4
    draws = [e for e in events if e.kind == "draw"]
    assert len(draws) == 1 and draws[0].barrier
    assert sum(draws[0].data["drawn"].values()) == 4
    for colour, n in draws[0].data["drawn"].items():
        assert g.state.vendors[colour] == n     # each token on its own colour's vendor
    assert g.state.phase == "move"


def test_fewer_tokens_are_drawn_when_fewer_remain():
    g = scenario(bag={"black": 0, "blue": 2, "red": 0, "green": 1})
    events = play(g, "pass")
    assert sum(g.state.bag.values()) == 0
    assert g.state.vendors == {"black": 0, "blue": 2, "red": 0, "green": 1}
    assert [e.kind for e in events].count("draw") == 1


def test_no_draw_when_the_bag_is_empty():
    g = scenario(bag=dict.fromkeys(("black", "blue", "red", "green"), 0))
    events = play(g, "pass")
    kinds = [e.kind for e in events]
    assert "draw" not in kinds and "no_draw" in kinds
    assert not any(e.barrier for e in events)
    assert vendor_total(g) == 0
    assert g.state.phase == "move"              # the rest of the pass still happens


def test_any_tile_moves_into_the_hole_twice():
    g = scenario()                              # hole on c3
    play(g, "pass")
    shifts = [a for a in g.legal_actions() if a.startswith("shift")]
    assert len(shifts) == 15 and "shift c3" not in shifts   # any tile, not only neighbours
    assert_illegal(g, "shift c3", match="hole")
    play(g, "shift a1")                         # the red vendor jumps across the market
    assert at(g, "c3") == "red" and at(g, "a1") is None
    # moving the red vendor straight back would undo the first move
    assert_illegal(g, "shift c3", match="straight back")
    play(g, "shift d4")
    assert at(g, "a1") == "crowd" and at(g, "d4") is None
    assert g.state.phase in ("coin", "king", "turn")


def test_the_coin_goes_on_an_empty_buyer_of_the_players_choice():
    g = scenario(coins={0: [2]})
    play(g, "pass", "shift a1", "shift b1")
    assert g.state.phase == "coin"
    assert g.legal_actions() == ["coin 1", "coin 3", "coin 4"]
    assert_illegal(g, "coin 2", match="already has a coin")
    supply = g.state.supply
    play(g, "coin 4")
    assert g.state.supply == supply - 1
    assert [b[0] for b in g.state.buyers[0]] == [False, True, False, True]


def test_no_coin_when_the_supply_is_empty():
    # 16 coins: seat 0 holds 4, seat 1 holds 4 ... give the rest away with options
    g = scenario(coins={0: [1], 1: [1, 2, 3]}, options={"coins": 4})
    assert g.state.supply == 0
    events = play(g, "pass", "shift a1", "shift b1")
    assert "no_coin" in [e.kind for e in events]
    assert "empty" in next(str(e.text) for e in events if e.kind == "no_coin")
    assert not any(a.startswith("coin") for a in g.legal_actions())
    assert [b[0] for b in g.state.buyers[0]] == [True, False, False, False]


def test_the_king_takes_one_token_from_a_vendor_in_his_row_or_column():
    # king on d1; row 1: a1 red, b1 crowd (does not block); column d: d3 black.
    rows = layout({"a1": "red", "b1": "crowd", "c1": "porter", "d1": "king",
                   "d2": "messenger", "d3": "black", "d4": "crowd", "b2": "blue",
                   "c3": "."})
    g = scenario(rows, vendors={"red": 2, "black": 1, "blue": 5})
    play(g, "pass", "shift a2", "shift a3", "coin 2")
    assert g.state.phase == "king"
    options = g.legal_actions()
    assert options == ["king a1", "king d3", "king skip"]   # not the blue vendor on b2
    assert_illegal(g, "king b2", match="king's row or column")
    red = g.state.vendors["red"]
    play(g, "king a1")                          # across the crowd on b1
    assert g.state.king["red"] == 1 and g.state.vendors["red"] == red - 1
    assert g.current_player == 1                # one token only; the turn is over


def test_the_king_may_be_skipped():
    rows = layout({"a1": "red", "d1": "king", "c3": "."})
    g = scenario(rows, vendors={"red": 2})
    play(g, "pass", "shift a2", "shift a3", "coin 2", "king skip")
    assert g.state.king == dict.fromkeys(("black", "blue", "red", "green"), 0)
    assert g.current_player == 1


def test_the_king_step_is_skipped_when_no_vendor_can_give():
    # no vendor in the king's row or column holds a token (bag empty: no draw)
    g = scenario(STANDARD, bag=dict.fromkeys(("black", "blue", "red", "green"), 0))
    play(g, "pass", "shift b2", "shift b3", "coin 2")
    assert g.current_player == 1 and g.state.phase == "turn"


def test_pass_steps_refuse_other_actions():
    g = scenario()
    play(g, "pass")
    assert_illegal(g, "end", match="middle of a pass")
    assert_illegal(g, "buy 1 red", match="middle of a pass")
    assert_illegal(g, "pass", match="middle of a pass")
