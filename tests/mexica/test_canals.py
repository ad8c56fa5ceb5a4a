"""Constructing canals and carving districts (rulebook 4A; Spielregel "Kanalteil legen",
"Bezirke bilden"; RULINGS Geometry)."""

from tests.mexica.scenario import (
    PALACE,
    assert_illegal,
    assert_legal,
    district_size,
    play,
    scenario,
)


def base(**kw):
    kw.setdefault("pilli", {0: "e3", 1: "e5"})
    return scenario(PALACE, **kw)


def test_single_and_double_canal_cost_one_ap_each_and_leave_the_supply():
    g = base()
    assert g.state.supply["single"] == 6 and g.state.supply["double"] == 37
    assert play(g, "canal b2") == [5]
    assert g.state.supply["single"] == 5
    assert play(g, "canal g2 h2") == [4]
    assert g.state.supply["double"] == 36
    assert play(g, "canal h6 h5") == [3]          # vertical double, any order
    assert g.log[-1] == "canal h5 h6"             # canonical order is reading order
    assert g.log[-2] == "canal g2 h2"


def test_canal_can_be_laid_anywhere_regardless_of_the_pilli():
    g = base(pilli={0: "b2", 1: "e5"})
    assert_legal(g, "canal h6")
    assert_legal(g, "canal g6 h6")


def test_double_canal_must_cover_two_orthogonally_adjacent_spaces():
    g = base()
    assert_illegal(g, "canal b2 c3", match="orthogonally adjacent")   # diagonal
    assert_illegal(g, "canal b2 d2", match="orthogonally adjacent")   # gap
    assert_illegal(g, "canal b2 b2")
    assert_illegal(g, "canal b2 c2 d2")


def test_no_canal_on_the_palace():
    g = base()
    assert_illegal(g, "canal e4", match="palace")      # centre
    assert_illegal(g, "canal d4", match="palace")      # empty start space
    assert_illegal(g, "canal c4 d4", match="palace")   # half on the palace


def test_no_canal_on_a_canal_or_on_the_lake():
    g = base(canals=[("c2",)])
    assert_illegal(g, "canal c2", match="already a canal")
    assert_illegal(g, "canal c2 d2", match="already a canal")
    assert_illegal(g, "canal a2", match="lake")
    assert_illegal(g, "canal a2 b2", match="lake")
    assert_illegal(g, "canal j2")                      # off the map


def test_no_canal_on_a_bridge_ramp_space():
    """A space holding up a bridge (its access ramp) takes no canal (4A remark D)."""
    g = base(canals=[("c2", "c3")], bridges={"c3": "ew"})
    assert_illegal(g, "canal b3", match="bridge")
    assert_illegal(g, "canal d3", match="bridge")
    assert_illegal(g, "canal b4 b3", match="bridge")
    assert_legal(g, "canal b4")


def test_no_canal_on_a_temple_a_token_or_a_pilli():
    g = base(pilli={0: "e3", 1: "g6"}, temples={"g2": (1, 2)})
    assert_illegal(g, "canal g2", match="temple")
    assert_illegal(g, "canal g6", match="Pilli")
    assert_illegal(g, "canal f6 g6", match="Pilli")
    assert_illegal(g, "canal e3")                      # own Pilli (and palace)


def test_no_canal_in_a_founded_district_but_unfounded_ones_can_be_cut():
    # canals d2, c3, b4 close the corner district {b2, c2, b3}
    closed = [("d2",), ("c3",), ("b4",)]
    g = base(canals=closed, tokens={"b2": 3})
    assert_illegal(g, "canal c2", match="founded")
    assert_illegal(g, "canal b3", match="founded")
    assert_illegal(g, "canal b2", match="calpulli token|founded")
    assert_legal(g, "canal f2")
    # the same district unfounded is not protected: it can be cut further
    g = base(canals=closed)
    assert district_size(g, "b2") == 3
    g.apply("canal c2")
    assert district_size(g, "b2") == 2
    assert district_size(g, "b3") == 2


def test_canal_supply_limits():
    g = base(supply={"single": 0})
    assert_illegal(g, "canal b2", match="single")
    assert_legal(g, "canal b2 c2")
    g = base(supply={"double": 0})
    assert_illegal(g, "canal b2 c2", match="double")
    assert_legal(g, "canal b2")
    g = base(supply={"single": 0, "double": 0})
    assert not any(a.startswith("canal") for a in g.legal_actions())


def test_canals_touching_only_at_a_corner_close_a_district():
    """d2, c3 and b4 touch only diagonally, yet with the lake they enclose b2, c2, b3."""
    g = base(pilli={0: "b2", 1: "e5"}, canals=[("d2",), ("c3",)], display=[3])
    assert district_size(g, "b2") > 3
    assert not any(a.startswith("found") for a in g.legal_actions())
    assert play(g, "canal b4") == [5]
    assert district_size(g, "b2") == 3
    assert district_size(g, "b3") == 3
    g.apply("found c2")
    assert g.scores == [2, 0]


def test_palace_spaces_count_toward_district_size():
    """A 3x3 block holding the whole palace is a 9-space district (4 land + 5 palace);
    the token may not go on the palace (4B remark)."""
    ring = [("d2", "e2"), ("f2",), ("d6", "e6"), ("f6",),
            ("c3", "c4"), ("c5",), ("g3", "g4"), ("g5",)]
    g = base(pilli={0: "e3", 1: "b2"}, canals=ring, display=[9])
    assert district_size(g, "e4") == 9
    assert_illegal(g, "found e4", match="palace")
    assert_illegal(g, "found d4", match="palace")
    assert sorted(a for a in g.legal_actions() if a.startswith("found")) == [
        "found d3", "found d5", "found f3", "found f5"]
    assert play(g, "found d3") == [6]
    assert g.scores == [5, 0]
