"""Constructing and relocating bridges (rulebook 4C; Spielregel "Brücken bauen")."""

from tests.mexica.scenario import PALACE, assert_illegal, assert_legal, play, scenario, where

#: all land; seat 0 starts a1, seat 1 a5. Row 3 becomes one canal right across.
FIELD = [
    "S......",  # 1
    ".......",  # 2
    ".......",  # 3
    ".......",  # 4
    "S......",  # 5
]
ROW3 = [("a3", "b3"), ("c3", "d3"), ("e3", "f3"), ("g3",)]


def field(**kw):
    kw.setdefault("pilli", {0: "a1", 1: "a5"})
    kw.setdefault("canals", ROW3)
    return scenario(FIELD, **kw)


def bridge_actions(g):
    return sorted(a for a in g.legal_actions() if a.startswith("bridge"))


def test_bridge_crosses_the_canal_and_costs_one_ap():
    """A bridge goes on a canal tile so that both ramps face land."""
    g = field()
    assert g.state.supply["bridges"] == 11
    assert "bridge c3 ns" in bridge_actions(g)
    assert "bridge c3 ew" not in bridge_actions(g)       # would end on the canal
    assert play(g, "bridge c3 ns") == [5]
    assert g.state.supply["bridges"] == 10
    assert_illegal(g, "bridge c3 ew", match="already a bridge")
    assert_illegal(g, "bridge c3 ns", match="already a bridge")


def test_bridge_only_on_a_canal():
    g = field()
    assert_illegal(g, "bridge c2 ns", match="canal")
    assert_illegal(g, "bridge c2 ew", match="canal")
    assert_illegal(g, "bridge c3 up", match="ns|ew")


def test_both_axes_are_offered_when_both_fit():
    g = scenario(PALACE, pilli={0: "e3", 1: "e5"}, canals=[("c3",)])
    assert bridge_actions(g) == ["bridge c3 ew", "bridge c3 ns"]
    g.apply("bridge c3 ew")
    assert g.state.bridges == {g.rules.table.board.index["c3"]: "ew"}


def test_bridge_never_ends_in_the_lake_or_a_canal():
    # b2 is surrounded by lake on the north and west
    g = scenario(PALACE, pilli={0: "e3", 1: "e5"}, canals=[("b2",)])
    assert_illegal(g, "bridge b2 ns", match="water")
    assert_illegal(g, "bridge b2 ew", match="water")
    assert bridge_actions(g) == []
    # the edge of the map is lake too; along the canal the ramps are canal
    g = field()
    assert_illegal(g, "bridge a3 ew", match="water")
    assert_illegal(g, "bridge d3 ew", match="water")


def test_bridges_cannot_be_chained_over_a_double_width_canal():
    """(4C remark C) at least one land space must separate the ramps."""
    g = field(canals=ROW3 + [("a4", "b4"), ("c4", "d4"), ("e4", "f4"), ("g4",)])
    assert_illegal(g, "bridge c3 ns", match="water")
    assert_illegal(g, "bridge c4 ns", match="water")
    assert bridge_actions(g) == []


def test_two_bridges_side_by_side_over_the_same_canal_are_allowed():
    """(4C remark B) two bridges can span the same canal side by side."""
    g = field()
    assert play(g, "bridge c3 ns", "bridge d3 ns") == [5, 4]
    assert len(g.state.bridges) == 2


def test_ramps_may_be_occupied():
    """(4C remark A) temples, tokens or Pilli may stand on the ramp spaces."""
    g = field(pilli={0: "a1", 1: "c4"}, temples={"c2": (0, 3)})
    assert play(g, "bridge c3 ns") == [5]


def test_no_bridge_from_an_empty_supply():
    g = field(bridges={"c3": "ns"}, supply={"bridges": 0})
    assert_illegal(g, "bridge e3 ns", match="no bridges")
    assert bridge_actions(g) == []


def test_relocation_only_once_the_supply_is_empty():
    g = field(bridges={"c3": "ns"})
    assert g.state.supply["bridges"] == 10
    assert_illegal(g, "relocate c3 e3 ns", match="only once")
    g = field(bridges={"c3": "ns"}, supply={"bridges": 0})
    assert_legal(g, "relocate c3 e3 ns")
    assert play(g, "relocate c3 e3 ns") == [5]
    names = g.rules.table.board.names
    assert {names[c]: a for c, a in g.state.bridges.items()} == {"e3": "ns"}
    assert g.state.supply["bridges"] == 0


def test_relocation_never_moves_a_bridge_with_a_pilli_on_it():
    g = field(pilli={0: "a1", 1: "c3"}, bridges={"c3": "ns", "f3": "ns"},
              supply={"bridges": 0})
    assert_illegal(g, "relocate c3 e3 ns", match="Pilli")
    assert not any(a.startswith("relocate c3") for a in g.legal_actions())
    assert_legal(g, "relocate f3 e3 ns")


def test_relocation_follows_the_building_rules():
    g = field(bridges={"c3": "ns", "f3": "ns"}, supply={"bridges": 0})
    assert_illegal(g, "relocate c3 e3 ew", match="water")    # ramps on the canal
    assert_illegal(g, "relocate c3 e2 ns", match="canal")    # onto land
    assert_illegal(g, "relocate c3 f3 ns", match="already")  # onto another bridge
    assert_illegal(g, "relocate d3 e3 ns", match="no bridge")  # nothing to relocate
    assert_illegal(g, "bridge e3 ns", match="no bridges")


def test_turning_a_bridge_round_on_its_own_space_is_no_relocation():
    """RULINGS.md: relocating demolishes a bridge and rebuilds it on another canal space."""
    # Single canal spaces b3, d3, f3 with land all round: both axes fit on each.
    g = scenario(FIELD, pilli={0: "a1", 1: "a5"}, canals=[("b3",), ("d3",), ("f3",)],
                 bridges={"d3": "ns", "f3": "ns"}, supply={"bridges": 0})
    assert_illegal(g, "relocate d3 d3 ew", match="another canal space")
    assert_illegal(g, "relocate d3 d3 ns", match="another canal space")
    relocations = [a for a in g.legal_actions() if a.startswith("relocate")]
    assert relocations, "the other canal space still takes the bridge"
    assert not any(a.split()[1] == a.split()[2] for a in relocations)
    before = g.to_json()
    assert_illegal(g, "relocate d3 d3 ew")
    assert g.to_json() == before


def test_walking_over_a_new_bridge():
    """After building a bridge the Pilli can cross the canal on foot: 1 AP per step."""
    g = field(pilli={0: "c2", 1: "a5"})
    assert_illegal(g, "move c3")
    assert play(g, "bridge c3 ns", "move c3", "move c4") == [5, 4, 3]
    assert where(g, 0) == "c4"
