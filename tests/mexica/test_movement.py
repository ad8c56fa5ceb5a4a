"""Moving the Pilli: on foot, by boat and by teleport (rulebook 4E; Spielregel
"Mexica ziehen" with its worked examples; RULINGS Actions)."""

from tests.mexica.scenario import PALACE, assert_illegal, play, scenario, where


def moves(g):
    return sorted(a for a in g.legal_actions() if a.startswith("move"))


def boats(g):
    return sorted(a for a in g.legal_actions() if a.startswith("boat"))


# =========================================================================================
# on foot
# =========================================================================================

def test_foot_moves_are_orthogonal_one_space_for_one_ap():
    g = scenario(PALACE, pilli={0: "c2", 1: "e5"})
    assert moves(g) == ["move b2", "move c3", "move d2"]     # c1 is lake
    assert_illegal(g, "move d3")                              # diagonal
    assert_illegal(g, "move e2")                              # two spaces away
    assert_illegal(g, "move c1")                              # lake
    assert play(g, "move d2", "move c2", "move c3") == [5, 4, 3]   # backtracking is fine
    assert where(g, 0) == "c3"


def test_pilli_temples_and_tokens_block_foot_moves():
    g = scenario(PALACE, pilli={0: "c2", 1: "d2"}, temples={"b2": (1, 1)},
                 tokens={"c3": 3})
    assert moves(g) == []
    assert_illegal(g, "move d2")      # another Pilli
    assert_illegal(g, "move b2")      # a temple (even one's own would block)
    assert_illegal(g, "move c3")      # a calpulli token


def test_own_temple_blocks_too():
    g = scenario(PALACE, pilli={0: "c2", 1: "e5"}, temples={"b2": (0, 1)})
    assert_illegal(g, "move b2")


def test_no_foot_move_onto_a_canal_without_bridge():
    g = scenario(PALACE, pilli={0: "c2", 1: "e5"}, canals=[("d2",)])
    assert_illegal(g, "move d2")


def test_palace_centre_can_be_entered_and_crossed():
    """The Pilli may stand on and walk over all five palace spaces."""
    g = scenario(PALACE, pilli={0: "d4", 1: "b2"})
    assert "move e4" in moves(g)
    assert play(g, "move e4", "move f4", "move e4", "move e3") == [5, 4, 3, 2]
    assert where(g, 0) == "e3"


def test_onto_a_bridge_only_from_its_ramp_spaces():
    g = scenario(PALACE, pilli={0: "b3", 1: "c2"}, canals=[("c3",)], bridges={"c3": "ew"})
    assert "move c3" in moves(g)
    g2 = scenario(PALACE, pilli={0: "c2", 1: "b3"}, canals=[("c3",)], bridges={"c3": "ew"})
    assert_illegal(g2, "move c3")       # c2 is beside the bridge, not at a ramp
    assert play(g, "move c3") == [5]
    assert where(g, 0) == "c3"


def test_off_a_bridge_only_onto_its_ramp_spaces():
    g = scenario(PALACE, pilli={0: "c3", 1: "e5"}, canals=[("c3",)], bridges={"c3": "ew"})
    assert moves(g) == ["move b3", "move d3"]
    assert_illegal(g, "move c2")
    assert_illegal(g, "move c4")
    assert play(g, "move d3") == [5]


def test_an_occupied_bridge_cannot_be_entered_or_crossed_on_foot():
    g = scenario(PALACE, pilli={0: "b3", 1: "c3"}, canals=[("c3",)], bridges={"c3": "ew"})
    assert_illegal(g, "move c3")


def test_stepping_off_a_bridge_onto_an_occupied_ramp_is_refused():
    g = scenario(PALACE, pilli={0: "c3", 1: "d3"}, canals=[("c3",)], bridges={"c3": "ew"},
                 temples={"b3": (1, 1)})
    assert moves(g) == []
    assert_illegal(g, "move d3")
    assert_illegal(g, "move b3")


# =========================================================================================
# by boat
# =========================================================================================

#: seat 0 starts b2, seat 1 b5; rows 1 and 6 and columns a and i are lake.
LANE = [
    "~~~~~~~~~",  # 1
    "~S......~",  # 2
    "~.......~",  # 3
    "~.......~",  # 4
    "~S......~",  # 5
    "~~~~~~~~~",  # 6
]
INLAND = [("c3", "d3"), ("e3", "f3"), ("g3",)]           # c3..g3, lake not reached
OPEN = [("b3",)] + INLAND + [("h3",)]                    # b3..h3, lake at both ends
THREE = {"c3": "ns", "e3": "ns", "g3": "ns"}


def test_boat_costs_one_ap_per_bridge_reached_including_passed_ones():
    g = scenario(LANE, pilli={0: "c3", 1: "b5"}, canals=INLAND, bridges=THREE)
    assert boats(g) == ["boat e3", "boat g3"]
    assert play(g, "boat g3") == [4]          # passes under e3 (1) and reaches g3 (1)
    assert where(g, 0) == "g3"
    assert play(g, "boat e3") == [3]


def test_passing_under_an_occupied_bridge_costs_one_too_but_cannot_stop_there():
    g = scenario(LANE, pilli={0: "c3", 1: "e3"}, canals=INLAND, bridges=THREE)
    assert boats(g) == ["boat g3"]
    assert_illegal(g, "boat e3", match="already stands")
    assert play(g, "boat g3") == [4]


def test_boat_trip_needs_enough_ap():
    g = scenario(LANE, pilli={0: "c3", 1: "b5"}, canals=INLAND, bridges=THREE, ap=1)
    assert boats(g) == ["boat e3"]
    assert_illegal(g, "boat g3", match="costs 2 AP")


def test_via_the_lake_is_cheaper():
    """Spielregel: 'kann der Spieler seinen Mexica auch über den See ziehen. Dieser Zug
    kostet nur 3 AP' - onto the bridge 1, by boat via the lake 1, off the bridge 1."""
    g = scenario(LANE, pilli={0: "c2", 1: "b5"}, canals=OPEN, bridges=THREE)
    assert play(g, "move c3", "boat g3", "move g4") == [5, 4, 3]
    assert where(g, 0) == "g4"


def test_along_the_canal_past_two_bridges_costs_four():
    """Spielregel: onto the bridge in front, then over 2 more bridges onto Y: 4 AP."""
    g = scenario(LANE, pilli={0: "c2", 1: "b5"}, canals=INLAND, bridges=THREE)
    assert play(g, "move c3", "boat g3", "move g4") == [5, 3, 2]


def test_laying_a_canal_to_the_lake_makes_the_trip_cheaper():
    """Opening the canal to the lake (1 AP each) lets the boat skip the middle bridge."""
    g = scenario(LANE, pilli={0: "c3", 1: "b5"}, canals=INLAND, bridges=THREE)
    g.apply("canal b3")                                 # only one end open: still 2
    trial = g.clone()
    assert play(trial, "boat g3") == [3]
    g.apply("canal h3")                                 # both ends open to the lake
    assert g.state.ap == 4
    assert play(g, "boat g3") == [3]                    # 1, not 2


def test_boat_only_from_a_bridge_and_only_to_a_bridge():
    g = scenario(LANE, pilli={0: "c2", 1: "b5"}, canals=INLAND, bridges=THREE)
    assert_illegal(g, "boat e3", match="starts from a bridge")
    g = scenario(LANE, pilli={0: "c3", 1: "b5"}, canals=INLAND, bridges=THREE)
    assert_illegal(g, "boat d3", match="no bridge")     # canal without a bridge
    assert_illegal(g, "boat c3")                        # where it already is
    assert_illegal(g, "boat c4")                        # land


#: all land; seat 0 starts a1, seat 1 a7
SQUARE = [
    "S......",
    ".......",
    ".......",
    ".......",
    ".......",
    ".......",
    "S......",
]


def test_canals_touching_only_diagonally_are_not_connected_for_boats():
    """Spielregel: 'Kanäle, die sich nur an den Ecken berühren, gelten nicht als
    durchgängig.' Then laying canal X makes it durchgängig: the whole move costs 3 AP."""
    g = scenario(SQUARE, pilli={0: "c2", 1: "a7"}, canals=[("c2", "c3"), ("d4", "d5")],
                 bridges={"c2": "ew", "d5": "ew"})
    assert boats(g) == []
    assert_illegal(g, "boat d5", match="no water route")
    assert play(g, "canal d3", "boat d5", "move e5") == [5, 4, 3]
    assert where(g, 0) == "e5"


def test_everything_off_the_map_is_lake_for_boats():
    """Two canals that only reach the map edge are joined by the lake around the map."""
    g = scenario(SQUARE, pilli={0: "b2", 1: "a7"}, canals=[("b1", "b2"), ("f1", "f2")],
                 bridges={"b2": "ew", "f2": "ew"})
    assert boats(g) == ["boat f2"]
    assert play(g, "boat f2") == [5]


def test_cheapest_route_is_taken_over_all_water_routes():
    """Both ends open to the lake and extra bridges at b3 and h3: going round the lake
    would reach b3 and h3 (cost 3), along the canal only e3 and g3 (cost 2)."""
    g = scenario(LANE, pilli={0: "c3", 1: "b5"}, canals=OPEN,
                 bridges={"b3": "ns", "c3": "ns", "e3": "ns", "g3": "ns", "h3": "ns"})
    assert play(g, "boat g3") == [4]
    # from h3 the lake route to b3 reaches only b3 itself
    g = scenario(LANE, pilli={0: "h3", 1: "b5"}, canals=OPEN,
                 bridges={"b3": "ns", "c3": "ns", "e3": "ns", "g3": "ns", "h3": "ns"})
    assert play(g, "boat b3") == [5]


def test_occupied_bridge_forces_a_detour_over_a_new_bridge_beside_it():
    """Spielregel: A cannot use the bridge B stands on (that would have cost 2 AP); A builds
    a new bridge beside it and walks to Y for 4 AP of moves."""
    g = scenario(LANE, pilli={0: "e2", 1: "e3"}, canals=INLAND, bridges={"e3": "ns"})
    assert_illegal(g, "move e3")
    assert play(g, "bridge d3 ns") == [5]
    assert play(g, "move d2", "move d3", "move d4", "move e4") == [4, 3, 2, 1]
    assert where(g, 0) == "e4"


def test_new_canal_and_bridge_reached_over_the_lake():
    """Spielregel: canal X (1), a bridge on it (1), onto the first bridge (1), over the
    lake to the new bridge (1), onto Y (1): 5 AP."""
    g = scenario(LANE, pilli={0: "c2", 1: "b5"}, canals=OPEN, bridges={"c3": "ns"})
    assert play(g, "canal g5", "bridge g5 ew", "move c3", "boat g5", "move h5") == [
        5, 4, 3, 2, 1]
    assert where(g, 0) == "h5"


# =========================================================================================
# teleport
# =========================================================================================

def test_teleport_costs_five_ap_to_any_empty_land_or_palace_space():
    g = scenario(PALACE, pilli={0: "b2", 1: "e5"})
    assert play(g, "teleport h6") == [1]
    assert where(g, 0) == "h6"
    g = scenario(PALACE, pilli={0: "b2", 1: "e5"})
    assert play(g, "teleport e4") == [1]                 # palace centre


def test_teleport_onto_an_empty_bridge_but_not_an_occupied_space():
    g = scenario(PALACE, pilli={0: "b2", 1: "e5"}, canals=[("c3",), ("g3",)],
                 bridges={"c3": "ew"}, temples={"h6": (1, 1)}, tokens={"h2": 3})
    assert_illegal(g, "teleport e5")     # Pilli
    assert_illegal(g, "teleport h6")     # temple
    assert_illegal(g, "teleport h2")     # calpulli token
    assert_illegal(g, "teleport g3")     # canal without bridge
    assert_illegal(g, "teleport a2")     # lake
    assert_illegal(g, "teleport b2")     # where it stands
    assert play(g, "teleport c3") == [1]
    assert where(g, 0) == "c3"


def test_teleport_onto_an_occupied_bridge_is_refused():
    g = scenario(PALACE, pilli={0: "b2", 1: "c3"}, canals=[("c3",)], bridges={"c3": "ew"})
    assert_illegal(g, "teleport c3")


def test_teleport_needs_five_ap():
    g = scenario(PALACE, pilli={0: "b2", 1: "e5"}, ap=4)
    assert_illegal(g, "teleport h6", match="costs 5 AP")
    assert not any(a.startswith("teleport") for a in g.legal_actions())
    g.state.ap_tokens[0] = 1      # one AP token turns 4 AP into 5
    g.state.supply["ap_tokens"] -= 1
    assert play(g, "spend", "teleport h6") == [5, 0]
