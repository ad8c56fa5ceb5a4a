"""The two "EXAMPLE OF A GAME TURN" boxes of the English rulebook, replayed as AP
arithmetic on a small board, one assertion per line of the example."""

from tests.mexica.scenario import assert_illegal, scenario, where

#: an 8-space district d4-g5 ringed by canals (corners left open: diagonal closure);
#: bridges X d3, Y e3, Z f3 side by side on the top canal. Start spaces b7, c7, d7.
BOARD = [
    "~~~~~~~~~~",  # 1
    "~........~",  # 2
    "~........~",  # 3
    "~........~",  # 4
    "~........~",  # 5
    "~........~",  # 6
    "~SSS.....~",  # 7
    "~~~~~~~~~~",  # 8
]
RING = [("d3", "e3"), ("f3", "g3"), ("d6", "e6"), ("f6", "g6"), ("c4", "c5"), ("h4", "h5")]
BRIDGES = {"d3": "ns", "e3": "ns", "f3": "ns"}


def table():
    return scenario(BOARD, 3, pilli={0: "d3", 1: "b2", 2: "g5"}, canals=RING,
                    bridges=BRIDGES, display=[8], hidden=[3], ap_tokens={0: 2})


def step(g, action, ap_left):
    g.apply(action)
    assert g.state.ap == ap_left, f"after {action!r}"


def test_example_turn_one():
    g = table()
    assert g.state.ap == 6
    step(g, "boat f3", 4)         # move along a canal, passing a bridge: 2 -> 4 left
    step(g, "move f4", 3)         # move onto a land space: 1 -> 3 left
    step(g, "found g4", 3)        # found a district: free -> 3 left
    assert g.scores == [4, 0, 2]  # founder 4; the Pilli present in the district 2
    step(g, "temple d4 3", 0)     # build a 3-level temple: 3 -> 0 left
    assert_illegal(g, "temple d5 2")
    step(g, "spend", 1)           # spend 2 AP tokens: +2 -> 2 left
    step(g, "spend", 2)
    assert g.state.ap_tokens[0] == 0
    step(g, "temple d5 2", 0)     # build a 2-level temple: 2 -> 0 left
    assert where(g, 0) == "f4"
    g.apply("end")
    assert g.current_player == 1 and g.state.ap == 6


def test_example_turn_two():
    g = table()
    for a in ("boat f3", "move f4", "found g4", "temple d4 3", "spend", "spend",
              "temple d5 2", "end"):
        g.apply(a)
    assert g.current_player == 1
    step(g, "move c2", 5)         # move onto a land space: 1 -> 5 left
    step(g, "move d2", 4)         # move onto a land space: 1 -> 4 left
    step(g, "move d3", 3)         # move onto a bridge: 1 -> 3 left
    step(g, "boat e3", 2)         # move along a canal to the next bridge: 1 -> 2 left
    step(g, "move e4", 1)         # move onto a land space: 1 -> 1 left
    step(g, "take", 0)            # take an Action Point token: 1 -> 0 left
    assert g.state.ap_tokens[1] == 1
    assert where(g, 1) == "e4"
    assert set(g.legal_actions()) <= {"end", "spend"}      # nothing else is affordable
