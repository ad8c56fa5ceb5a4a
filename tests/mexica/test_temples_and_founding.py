"""Building temples and founding districts (rulebook 4B, 4D, 5A; Spielregel "Gebäude
errichten", "Bezirke gründen"; RULINGS Actions)."""

from tests.mexica.scenario import PALACE, assert_illegal, assert_legal, play, scenario

#: canals d2, c3 and b4 close the corner district {b2, c2, b3} (size 3)
CORNER = [("d2",), ("c3",), ("b4",)]


def temples_offered(g):
    return sorted(a for a in g.legal_actions() if a.startswith("temple"))


def founds_offered(g):
    return sorted(a for a in g.legal_actions() if a.startswith("found"))


# =========================================================================================
# temples
# =========================================================================================

def test_temple_costs_its_level_in_ap_and_leaves_the_hand():
    g = scenario(PALACE, pilli={0: "b2", 1: "e5"}, hands={0: [1, 2, 3, 4], 1: [1]})
    assert play(g, "temple c2 3") == [3]
    assert g.state.hands[0] == [1, 2, 4]
    assert g.state.temples[g.rules.table.board.index["c2"]] == (0, 3)
    assert_illegal(g, "temple d2 4", match="costs 4 AP")
    assert play(g, "temple d2 2", "temple b3 1") == [1, 0]
    assert g.state.hands[0] == [4]


def test_temple_only_in_the_district_the_pilli_stands_in():
    g = scenario(PALACE, pilli={0: "b2", 1: "e5"}, canals=CORNER)
    assert_illegal(g, "temple h6 1", match="not in the district")
    assert_legal(g, "temple c2 1")
    assert {a.split()[1] for a in temples_offered(g)} == {"c2", "b3"}
    g = scenario(PALACE, pilli={0: "h6", 1: "e5"}, canals=CORNER)
    assert_illegal(g, "temple c2 1", match="not in the district")


def test_temple_in_founded_and_unfounded_districts_alike():
    g = scenario(PALACE, pilli={0: "b2", 1: "e5"}, canals=CORNER, tokens={"b3": 3})
    assert play(g, "temple c2 2") == [4]
    g = scenario(PALACE, pilli={0: "h6", 1: "e5"}, canals=CORNER)
    assert play(g, "temple g6 2") == [4]          # the big unfounded district


def test_temple_only_on_empty_land_outside_the_palace():
    g = scenario(PALACE, pilli={0: "d2", 1: "e5"}, canals=[("g2",)],
                 temples={"b2": (1, 1)}, tokens={"h6": 3})
    assert_illegal(g, "temple e4 1", match="palace")    # centre
    assert_illegal(g, "temple d4 1", match="palace")    # empty start space
    assert_illegal(g, "temple e5 1")                    # Pilli (and palace)
    assert_illegal(g, "temple d2 1")                    # own Pilli
    assert_illegal(g, "temple b2 1")                    # temples are never stacked
    assert_illegal(g, "temple h6 1")                    # calpulli token
    assert_illegal(g, "temple g2 1")                    # canal
    assert_illegal(g, "temple a2 1")                    # lake


def test_temple_from_a_pilli_standing_on_the_palace():
    """A Pilli on a palace space stands in the palace's district."""
    g = scenario(PALACE, pilli={0: "d4", 1: "e5"})
    assert play(g, "temple b2 1") == [5]


def test_pilli_on_a_bridge_stands_in_no_district_and_cannot_build():
    g = scenario(PALACE, pilli={0: "c3", 1: "e5"}, canals=[("c3",)], bridges={"c3": "ew"})
    assert_illegal(g, "temple b3 1", match="bridge")
    assert_illegal(g, "temple d3 1", match="bridge")
    assert temples_offered(g) == []


def test_no_temple_from_an_empty_hand_or_a_missing_level():
    g = scenario(PALACE, pilli={0: "b2", 1: "e5"}, hands={0: [], 1: [1]})
    assert_illegal(g, "temple c2 1", match="no level-1")
    assert temples_offered(g) == []
    g = scenario(PALACE, pilli={0: "b2", 1: "e5"}, hands={0: [1, 1], 1: [1]})
    assert_illegal(g, "temple c2 2", match="no level-2")
    assert {a.split()[2] for a in temples_offered(g)} == {"1"}


# =========================================================================================
# founding
# =========================================================================================

def test_founding_is_free_scores_founder_and_present_pilli():
    """Founder scores the founder number, every other Pilli in the district the presence
    number; the token leaves the display and lies in the district."""
    g = scenario(PALACE, pilli={0: "b2", 1: "b3"}, canals=CORNER, display=[3, 5])
    assert founds_offered(g) == ["found c2"]            # b2/b3 hold Pilli
    assert play(g, "found c2") == [6]
    assert g.scores == [2, 1]
    assert g.state.display == [5]
    assert g.state.tokens == {g.rules.table.board.index["c2"]: 3}


def test_pilli_outside_or_on_a_bridge_get_no_presence_points():
    g = scenario(PALACE, pilli={0: "b2", 1: "h6"}, canals=CORNER, display=[3])
    g.apply("found c2")
    assert g.scores == [2, 0]
    # seat 1 on a bridge whose ramp b3 lies in the district: not in the district
    g = scenario(PALACE, pilli={0: "b2", 1: "c3"}, canals=CORNER, bridges={"c3": "ew"},
                 display=[3])
    g.apply("found c2")
    assert g.scores == [2, 0]


def test_presence_points_for_every_other_pilli_in_the_district():
    # canals d2, c3, c4, b5 close the 4-space corner {b2, c2, b3, b4}
    g = scenario(PALACE, 3, pilli={0: "b2", 1: "c2", 2: "b3"},
                 canals=[("d2",), ("c3",), ("c4",), ("b5",)], display=[4])
    assert play(g, "found b4") == [6]
    assert g.scores == [2, 1, 1]


def test_no_founding_without_an_empty_land_space_for_the_token():
    g = scenario(PALACE, 3, pilli={0: "b2", 1: "c2", 2: "b3"}, canals=CORNER, display=[3])
    assert founds_offered(g) == []
    assert_illegal(g, "found c2")


def test_found_needs_an_available_token_of_exactly_the_district_size():
    g = scenario(PALACE, pilli={0: "b2", 1: "h6"}, canals=CORNER, display=[4, 5])
    assert_illegal(g, "found c2", match="no calpulli token of size 3")
    assert founds_offered(g) == []


def test_found_only_the_district_the_pilli_stands_in():
    g = scenario(PALACE, pilli={0: "h6", 1: "e5"}, canals=CORNER, display=[3])
    assert_illegal(g, "found c2")
    assert founds_offered(g) == []
    # standing in the district but naming a space elsewhere
    g = scenario(PALACE, pilli={0: "b2", 1: "e5"}, canals=CORNER, display=[3])
    assert_illegal(g, "found h6", match="not in your Pilli's district")


def test_pilli_on_a_bridge_cannot_found():
    g = scenario(PALACE, pilli={0: "c3", 1: "e5"}, canals=CORNER, bridges={"c3": "ew"},
                 display=[3])
    assert_illegal(g, "found b3", match="must stand in the district")


def test_token_goes_on_an_empty_land_space():
    g = scenario(PALACE, pilli={0: "b2", 1: "b3"}, canals=CORNER, display=[3],
                 temples={"c2": (0, 1)})
    assert_illegal(g, "found c2", match="empty land")    # temple
    assert_illegal(g, "found b3", match="empty land")    # other Pilli
    assert_illegal(g, "found b2", match="empty land")    # own Pilli


def test_a_founded_district_cannot_be_founded_again():
    g = scenario(PALACE, pilli={0: "b2", 1: "e5"}, canals=CORNER, tokens={"b3": 3},
                 display=[3])
    assert_illegal(g, "found c2", match="already founded")


def test_token_blocks_movement_and_canals_after_founding():
    g = scenario(PALACE, pilli={0: "b2", 1: "e5"}, canals=CORNER, display=[3])
    g.apply("found c2")
    assert_illegal(g, "move c2")
    assert_illegal(g, "canal b3", match="founded")
    assert play(g, "move b3") == [5]


def test_two_tokens_of_one_size_found_two_districts():
    g = scenario(PALACE, pilli={0: "b2", 1: "e5"}, canals=CORNER, display=[3, 3])
    g.apply("found c2")
    assert g.state.display == [3]


def test_carve_and_found_in_the_same_turn():
    """4B remark: carving and founding may happen in the same turn."""
    g = scenario(PALACE, pilli={0: "b2", 1: "e5"}, canals=CORNER[:2], display=[3])
    assert play(g, "canal b4", "found b3") == [5, 5]
    assert g.scores == [2, 0]
