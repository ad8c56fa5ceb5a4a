"""The Mexica client's read-only rule queries (variants.mexica.queries)."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.api import new_game
from game.core.rng import Rng
from variants.mexica import queries as q
from variants.mexica.geometry import first_round

# 7 x 5: a ring of lake around 15 land spaces, start spaces b3 and f3
OPEN = ["~~~~~~~",
        "~.....~",
        "~S...S~",
        "~.....~",
        "~~~~~~~"]
# the same with a pre-printed canal down column d (d2-d3 double, d4 single)
SPLIT = ["~~~~~~~",
         "~..=..~",
         "~S.=.S~",
         "~..=..~",
         "~~~~~~~"]
FIXED = {"period1": [6, 3], "period2": [4]}


def game(rows: list[str], *actions: str, **extra):
    g = new_game("mexica", 2, seed=3, options={"board": rows, "calpulli": FIXED, **extra})
    for a in actions:
        g.apply(a)
    return g


def cells(g, *names: str) -> set[int]:
    return {g.rules.table.board.index[n] for n in names}


def snapshot(g) -> str:
    s = g.state
    return json.dumps(g.rules.to_dict(s)) + repr((bytes(s.canal), s.label, s.dcells, s.ramps))


def test_walk_costs_go_around_another_pilli():
    g = game(OPEN, "start b3", "start f3")
    idx = g.rules.table.board.index
    costs = q.walk_costs(g.rules.table, g.state)
    assert costs[idx["b3"]] == 0
    assert costs[idx["c3"]] == 1 and costs[idx["b2"]] == 1
    assert costs[idx["e3"]] == 3
    assert costs[idx["f2"]] == 5 and costs[idx["f4"]] == 5
    assert idx["f3"] not in costs  # the other Pilli blocks its space
    assert all(c not in g.rules.table.board.lake for c in costs)


def test_walk_path_is_a_chain_of_legal_steps():
    g = game(OPEN, "start b3", "start f3")
    b = g.rules.table.board
    path = q.walk_path(g.rules.table, g.state, b.index["f2"])
    assert path is not None and len(path) == 5 and path[-1] == b.index["f2"]
    assert b.index["f3"] not in path
    prev = b.index["b3"]
    for c in path:
        assert b.distance(prev, c) == 1
        prev = c
    assert q.walk_path(g.rules.table, g.state, b.index["b3"]) == []
    assert q.walk_path(g.rules.table, g.state, b.index["f3"]) is None
    assert q.walk_path(g.rules.table, g.state, b.index["a1"]) is None
    # every step of the path is accepted by the engine
    clone, why, done = q.simulate(g.rules, g.state, [f"move {b.names[c]}" for c in path[:4]])
    assert why is None and done == 4 and clone.ap == 2


def test_walking_over_a_bridge_and_by_boat():
    g = game(SPLIT, "start b3", "start f3", "bridge d3 ew", "bridge d2 ew")
    b = g.rules.table.board
    idx = b.index
    costs = q.walk_costs(g.rules.table, g.state)
    assert costs[idx["c3"]] == 1
    assert costs[idx["d3"]] == 2  # onto the bridge from its ramp
    assert costs[idx["e3"]] == 3  # off at the other end
    assert costs[idx["d2"]] == 3  # via c2
    assert idx["d4"] not in costs  # a canal without a bridge
    assert q.boat_costs(g.rules.table, g.state) == {}  # not standing on a bridge
    g.apply("move c3")
    g.apply("move d3")
    assert q.boat_costs(g.rules.table, g.state) == {idx["d2"]: 1}
    # from the bridge the Pilli can only step off at the two ramps
    costs = q.walk_costs(g.rules.table, g.state)
    assert {c for c, v in costs.items() if v == 1} == cells(g, "c3", "e3")


def test_teleport_targets():
    g = game(SPLIT, "start b3", "start f3", "bridge d3 ew")
    idx = g.rules.table.board.index
    assert q.teleport_ok(g.rules.table, g.state, idx["c2"])
    assert q.teleport_ok(g.rules.table, g.state, idx["d3"])  # an empty bridge
    assert not q.teleport_ok(g.rules.table, g.state, idx["d4"])  # plain canal
    assert not q.teleport_ok(g.rules.table, g.state, idx["f3"])  # a Pilli
    assert not q.teleport_ok(g.rules.table, g.state, idx["a1"])  # lake


def test_canal_preview_closes_a_district_of_the_right_size():
    g = game(OPEN, "start b3", "start f3", "canal d2 d3")
    before = snapshot(g)
    pieces = q.canal_preview(g.rules.table, g.state, [g.rules.table.board.index["d4"]])
    assert snapshot(g) == before  # ran on a clone
    assert [p["size"] for p in pieces] == [6, 6]
    assert all(p["new"] and p["token"] for p in pieces)
    assert set(pieces[0]["cells"]) | set(pieces[1]["cells"]) == cells(
        g, "b2", "c2", "b3", "c3", "b4", "c4", "e2", "f2", "e3", "f3", "e4", "f4")
    # the preview matches what the engine then does
    g.apply("canal d4")
    after = sorted(sorted(v) for v in g.state.dcells.values())
    assert after == sorted(p["cells"] for p in pieces)


def test_canal_preview_without_a_split():
    g = game(OPEN, "start b3", "start f3")
    idx = g.rules.table.board.index
    pieces = q.canal_preview(g.rules.table, g.state, (idx["d2"], idx["d3"]))
    assert len(pieces) == 1 and pieces[0]["size"] == 13 and not pieces[0]["new"]
    assert not pieces[0]["token"]
    assert q.canal_preview(g.rules.table, g.state, [idx["a1"]]) == []  # lake


def test_founding_options_and_temple_spots():
    g = game(SPLIT, "start b3", "start f3")
    f = q.founding(g.rules.table, g.state)
    assert f is not None and f["size"] == 6 and f["available"] and not f["founded"]
    assert set(f["spots"]) == cells(g, "b2", "c2", "c3", "b4", "c4")  # not the palace
    assert (f["founder"], f["presence"]) == (3, 2) and f["present"] == []
    assert set(q.temple_spots(g.rules.table, g.state)) == set(f["spots"])
    found = q.foundable_districts(g.state)
    assert sorted(d["size"] for d in found) == [6, 6]
    g.apply("found c2")
    f = q.founding(g.rules.table, g.state, seat=0)
    assert f["founded"] and not f["available"] and f["spots"] == []
    assert q.foundable_districts(g.state) == []  # the only 6 token is used


def test_founding_on_a_bridge_is_none():
    g = game(SPLIT, "start b3", "start f3", "bridge d3 ew", "move c3", "move d3")
    assert q.founding(g.rules.table, g.state) is None
    assert q.temple_spots(g.rules.table, g.state) == []


def test_bridge_axes_and_explain():
    g = game(SPLIT, "start b3", "start f3")
    idx = g.rules.table.board.index
    assert q.bridge_axes(g.rules.table, g.state, idx["d3"]) == ["ew"]
    assert q.bridge_axes(g.rules.table, g.state, idx["c3"]) == []
    before = snapshot(g)
    assert q.explain(g.rules, g.state, "bridge d3 ew") is None
    assert "water" in str(q.explain(g.rules, g.state, "bridge d3 ns"))
    assert "cannot step" in str(q.explain(g.rules, g.state, "move f3"))
    assert snapshot(g) == before


def test_district_cells_and_levels():
    g = game(SPLIT, "start b3", "start f3", "temple c2 2")
    idx = g.rules.table.board.index
    left = q.district_cells(g.state, idx["b2"])
    assert len(left) == 6 and q.district_cells(g.state, idx["d2"]) == []
    assert q.district_levels(g.rules.table, g.state, left) == {0: 2}


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), steps=st.integers(2, 120))
def test_queries_agree_with_the_engine_and_never_mutate(seed, steps):
    g = new_game("mexica", 3, seed=seed)
    rng = Rng(seed)
    for _ in range(steps):
        if g.is_over:
            return
        g.apply(g.playout_action(rng))
    if g.state.phase != "play":
        return
    before = snapshot(g)
    rules, s = g.rules, g.state
    names = rules.table.board.names
    legal = set(g.legal_actions())
    costs = q.walk_costs(rules.table, s)
    if s.ap >= rules.table.c_step:
        steps_ok = {c for c, v in costs.items() if v == rules.table.c_step}
        moves = {a.split()[1] for a in legal if a.startswith("move ")}
        assert moves <= {names[c] for c in steps_ok}
    for c, cost in q.boat_costs(rules.table, s).items():
        assert (f"boat {names[c]}" in legal) == (cost <= s.ap) or first_round(rules.table, s)
    for c in list(costs)[:10]:
        path = q.walk_path(rules.table, s, c)
        assert path is not None and len(path) * rules.table.c_step == costs[c]
    for tile in s.tiles[:3]:
        q.canal_preview(rules.table, s, tile)
    for a in sorted(legal)[:20]:
        if a.startswith("canal "):
            cells_ = [rules.table.board.index[n] for n in a.split()[1:]]
            pieces = q.canal_preview(rules.table, s, cells_)
            label = s.label[cells_[0]]
            assert sum(p["size"] for p in pieces) == len(s.dcells[label]) - len(cells_)
        assert q.explain(rules, s, a) is None
    q.founding(rules.table, s)
    q.foundable_districts(s)
    assert snapshot(g) == before


def test_district_standing_ranks_neutral_and_gives_it_no_points():
    """The hover preview shows neutral's place (taken from the players) and 0 points."""
    from game.api import new_game
    from variants.mexica.queries import district_standing
    from variants.mexica.state import NEUTRAL

    rows = ["~~~~~~~", "~.....~", "~.S.S.~", "~.....~", "~~~~~~~"]
    game = new_game("mexica", 2, seed=1, options={
        "board": rows, "calpulli": {"period1": [13], "period2": [3]}})
    game.apply("start c3")
    game.apply("start e3")
    s, rules = game.state, game.rules
    b = rules.table.board
    s.temples[b.index["b2"]] = (NEUTRAL, 4)
    s.temples[b.index["f2"]] = (0, 2)
    s.temples[b.index["b4"]] = (1, 4)
    s.tokens[b.index["f4"]] = 13
    s.display.remove(13)
    standing = district_standing(rules.table, s, b.index["d2"])
    assert standing["size"] == 15 and standing["founded"]
    by_owner = {r["owner"]: r for r in standing["rows"]}
    assert by_owner[NEUTRAL]["place"] == 1 and by_owner[NEUTRAL]["points"] == 0
    assert by_owner[1]["place"] == 1 and by_owner[1]["points"] == 13
    assert by_owner[0]["place"] == 3 and by_owner[0]["points"] == 4
    assert district_standing(rules.table, s, b.index["a1"]) is None  # lake
