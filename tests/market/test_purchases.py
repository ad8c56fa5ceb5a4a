"""Purchases and the tiles between buyer and vendor (rulebook "Buy commodities";
RULINGS: "between", porters/governors in order, the ambassador, crowds, the hole).

Seat 0 sits south: its buyer 1 stands below column a, so its line runs a4, a3, a2, a1.
"""

from tests.market import assert_illegal, buyer, layout, play, scenario


def column_a(a1, a2, a3, a4, **kw):
    """Seat 0 (south) to play, with column a as given."""
    return scenario(layout({"a1": a1, "a2": a2, "a3": a3, "a4": a4}), **kw)


def test_a_purchase_takes_all_tokens_for_one_coin():
    g = column_a("red", "king", "messenger", "black", vendors={"red": 3})
    supply = g.state.supply
    play(g, "buy 1 red")
    assert buyer(g, 0, 1) == {"coin": False, "colour": "red", "tokens": 3}
    assert g.state.vendors["red"] == 0
    assert g.state.supply == supply + 1          # one coin per purchase, not per token
    # no coin left for another purchase or a paid move: only the messenger and end
    assert g.legal_actions() == ["shift a3", "end"]


def test_porter_returns_one_token_to_the_vendor():
    g = column_a("red", "porter", "king", "messenger", vendors={"red": 3})
    play(g, "buy 1 red")
    assert buyer(g, 0, 1)["tokens"] == 2
    assert g.state.vendors["red"] == 1
    assert g.state.king["red"] == 0


def test_governor_puts_one_token_on_the_king():
    g = column_a("red", "governor", "king", "messenger", vendors={"red": 3})
    play(g, "buy 1 red")
    assert buyer(g, 0, 1)["tokens"] == 2
    assert g.state.king["red"] == 1
    assert g.state.vendors["red"] == 0


def test_ambassador_lets_the_buyer_keep_its_coin():
    g = column_a("red", "ambassador", "king", "messenger", vendors={"red": 3})
    supply = g.state.supply
    events = play(g, "buy 1 red")
    assert buyer(g, 0, 1) == {"coin": True, "colour": "red", "tokens": 3}
    assert g.state.supply == supply
    assert "ambassador" in [e.kind for e in events]


def test_a_buyer_without_a_coin_cannot_buy_even_with_an_ambassador():
    g = column_a("red", "ambassador", "king", "messenger", vendors={"red": 3},
                 coins={0: [2]})
    assert_illegal(g, "buy 1 red", match="no coin")


def test_porters_and_governors_act_in_order_from_the_vendor():
    # from the vendor toward the buyer: governor (a2), porter (a3), porter (a4)
    g = column_a("red", "governor", "porter", "porter", vendors={"red": 2})
    play(g, "buy 1 red")
    assert g.state.king["red"] == 1              # the governor acted first
    assert g.state.vendors["red"] == 1           # then one porter; the other found none
    assert buyer(g, 0, 1) == {"coin": False, "colour": None, "tokens": 0}

    # the same tokens with the porters next to the vendor: both go back
    g = column_a("red", "porter", "porter", "governor", vendors={"red": 2})
    play(g, "buy 1 red")
    assert g.state.vendors["red"] == 2
    assert g.state.king["red"] == 0
    assert buyer(g, 0, 1)["tokens"] == 0


def test_every_porter_and_governor_acts_while_tokens_remain():
    g = column_a("red", "porter", "porter", "governor", vendors={"red": 5})
    events = play(g, "buy 1 red")
    assert g.state.vendors["red"] == 2
    assert g.state.king["red"] == 1
    assert buyer(g, 0, 1) == {"coin": False, "colour": "red", "tokens": 2}
    acted = [(e.kind, e.data["square"]) for e in events if e.kind in ("porter", "governor")]
    assert acted == [("porter", "a2"), ("porter", "a3"), ("governor", "a4")]


def test_tokens_running_out_stop_the_tiles():
    # one token: the governor next to the vendor takes it, the porter gets nothing
    g = column_a("red", "governor", "porter", "messenger", vendors={"red": 1})
    events = play(g, "buy 1 red")
    assert g.state.king["red"] == 1 and g.state.vendors["red"] == 0
    assert [e.kind for e in events].count("porter") == 0
    # a purchase that keeps nothing still spends the coin and counts as the purchase
    assert buyer(g, 0, 1) == {"coin": False, "colour": None, "tokens": 0}
    assert "end" in g.legal_actions() and "pass" not in g.legal_actions()


def test_tiles_combined_ambassador_porter_governor():
    g = column_a("red", "porter", "ambassador", "governor", vendors={"red": 4})
    supply = g.state.supply
    play(g, "buy 1 red")
    assert (g.state.vendors["red"], g.state.king["red"]) == (1, 1)
    assert buyer(g, 0, 1) == {"coin": True, "colour": "red", "tokens": 2}
    assert g.state.supply == supply
    # the coin stayed, so the buyer may buy again from the replenished vendor
    play(g, "buy 1 red")
    assert (g.state.vendors["red"], g.state.king["red"]) == (1, 1)
    assert buyer(g, 0, 1)["tokens"] == 2


def test_tiles_beyond_the_vendor_do_nothing():
    # vendor next to the buyer's edge; the porter and the crowd stand beyond it
    g = column_a("crowd", "porter", "governor", "red", vendors={"red": 3})
    play(g, "buy 1 red")
    assert buyer(g, 0, 1)["tokens"] == 3
    assert g.state.vendors["red"] == 0 and g.state.king["red"] == 0


def test_a_crowd_between_blocks_the_purchase():
    g = column_a("red", "messenger", "crowd", "king", vendors={"red": 3})
    assert "buy 1 red" not in g.legal_actions()
    assert_illegal(g, "buy 1 red", match="crowd")


def test_the_hole_between_has_no_effect():
    g = column_a("red", ".", "porter", "king", vendors={"red": 3})
    assert g.view(None)["market"]["a2"] is None
    play(g, "buy 1 red")
    assert buyer(g, 0, 1)["tokens"] == 2        # bought across the hole; the porter acted
    assert g.state.vendors["red"] == 1


def test_the_vendor_must_be_on_the_buyers_line():
    g = column_a("red", "king", "messenger", "black", vendors={"red": 3, "blue": 2},
                 coins={0: [1, 2]})
    assert_illegal(g, "buy 1 blue", match="not in buyer 1's column a")
    assert "buy 2 red" not in g.legal_actions()
    assert_illegal(g, "buy 2 red", match="column b")


def test_the_vendor_needs_a_token():
    g = column_a("red", "king", "messenger", "black", vendors={"black": 2})
    assert_illegal(g, "buy 1 red", match="no commodities")
    assert "buy 1 black" in g.legal_actions()   # the black vendor on a4 has some


def test_a_buyer_holds_one_colour_only():
    g = column_a("red", "king", "messenger", "black", vendors={"red": 3, "black": 1},
                 held={0: {1: ("blue", 2)}})
    assert_illegal(g, "buy 1 red", match="holds blue")
    assert_illegal(g, "buy 1 black", match="holds blue")

    g = column_a("red", "king", "messenger", "black", vendors={"red": 3},
                 held={0: {1: ("red", 2), 2: ("red", 4)}})
    play(g, "buy 1 red")                        # same colour: the tokens add up
    assert buyer(g, 0, 1) == {"coin": False, "colour": "red", "tokens": 5}
    assert buyer(g, 0, 2)["colour"] == "red"    # two buyers may hold the same colour


def test_a_buyer_never_holds_two_coins():
    g = column_a("red", "ambassador", "king", "messenger", vendors={"red": 1},
                 coins={0: [1, 2, 3, 4]})
    play(g, "buy 1 red")
    assert [b["coin"] for b in g.view(None)["buyers"][0]] == [True] * 4
    play(g, "end")
    # seat 1 passes, then seat 0 passes with coins on every buyer: no coin step
    g.apply("pass")
    for _ in range(2):
        g.apply(next(a for a in g.legal_actions() if a.startswith("shift")))
    while g.current_player == 1:
        g.apply(g.legal_actions()[0])
    assert g.current_player == 0
    g.apply("pass")
    assert g.state.phase == "move"
    g.apply(g.legal_actions()[0])
    events = g.apply(g.legal_actions()[0])
    assert "no_coin" in [e.kind for e in events]
    assert not any(a.startswith("coin") for a in g.legal_actions())
    assert sum(b["coin"] for b in g.view(None)["buyers"][0]) == 4
