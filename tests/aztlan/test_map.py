"""The shipped map: 30 territories, 6 of each type, symmetric borders, lakes, polygons,
one connected island; and a broken map is reported with its file, key and line."""

from __future__ import annotations

import textwrap
from collections import Counter

import pytest

from game.api import ConfigError, new_game
from game.core.registry import Registry
from game.core.yamlload import load_yaml_file
from tests.aztlan import VARIANT
from tests.shipped import variant_file

TYPES = {"desert", "fields", "jungle", "mountains", "city"}



@pytest.fixture(scope="module")
def island_map():
    raw, _ = load_yaml_file(variant_file("aztlan.yaml"))
    return raw["parameters"]["map"]


def test_thirty_territories_six_of_each_type(island_map):
    terr = island_map["territories"]
    assert list(terr) == [f"t{i}" for i in range(1, 31)]
    assert Counter(t["type"] for t in terr.values()) == {k: 6 for k in TYPES}
    assert all(t["name"] for t in terr.values())
    assert len({t["name"] for t in terr.values()}) == 30


def test_neighbours_are_symmetric_and_known(island_map):
    terr = island_map["territories"]
    for tid, info in terr.items():
        assert tid not in info["neighbours"]
        assert len(set(info["neighbours"])) == len(info["neighbours"])
        for other in info["neighbours"]:
            assert tid in terr[other]["neighbours"], f"{tid} -> {other} is one-way"


def test_the_island_is_connected(island_map):
    terr = island_map["territories"]
    seen = {"t1"}
    stack = ["t1"]
    while stack:
        for n in terr[stack.pop()]["neighbours"]:
            if n not in seen:
                seen.add(n)
                stack.append(n)
    assert seen == set(terr)


def test_most_inner_territories_have_four_to_six_neighbours(island_map):
    terr = island_map["territories"]
    # inner: every point of its outline is shared with another territory or a lake
    shared = Counter()
    outlines = [t["polygon"] for t in terr.values()] + [
        lake["polygon"] for lake in island_map["lakes"].values()]
    for poly in outlines:
        for p in poly:
            shared[tuple(p)] += 1
    inner = [t for t in terr.values() if all(shared[tuple(p)] >= 3 for p in t["polygon"])]
    assert len(inner) >= 10
    good = [t for t in inner if 4 <= len(t["neighbours"]) <= 6]
    assert len(good) >= 0.8 * len(inner)


def test_lakes_are_named_and_separate_territories(island_map):
    terr = island_map["territories"]
    lakes = island_map["lakes"]
    assert len(lakes) >= 2
    for lake_id, lake in lakes.items():
        assert lake["name"]
        shore = [t for t, info in terr.items() if lake_id in info["lakes"]]
        assert len(shore) >= 3, lake_id
        # some territories face each other across the lake without sharing a border
        across = [(a, b) for a in shore for b in shore
                  if a < b and b not in terr[a]["neighbours"]]
        assert across, lake_id
    # the Lake of Reeds, used by the Rafts and Canoes tests
    assert sorted(t for t, i in terr.items() if "reeds" in i["lakes"]) == sorted(
        ["t7", "t8", "t9", "t17", "t18", "t19"])
    assert "t19" not in terr["t7"]["neighbours"]


def _inside(x: float, y: float, poly: list[list[int]]) -> bool:
    inside = False
    for (x1, y1), (x2, y2) in zip(poly, poly[1:] + poly[:1], strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def test_polygons_are_drawable_and_do_not_overlap(island_map):
    width, height = island_map["width"], island_map["height"]
    assert (width, height) == (1000, 700)
    shapes = [t["polygon"] for t in island_map["territories"].values()]
    shapes += [lake["polygon"] for lake in island_map["lakes"].values()]
    for poly in shapes:
        assert len(poly) >= 3
        assert all(0 <= x <= width and 0 <= y <= height for x, y in poly)
    covered = 0
    for i in range(100):
        for j in range(70):
            x, y = i * 10 + 3.7, j * 10 + 4.3
            hits = sum(1 for poly in shapes if _inside(x, y, poly))
            assert hits <= 1, f"({x}, {y}) lies in {hits} shapes"
            covered += hits
    # an island: most of the drawing space, but not all of it
    assert 0.4 * 7000 < covered < 0.9 * 7000


def test_the_engine_reads_the_map():
    g = new_game(VARIANT, 3, seed=0)
    isl = g.rules.table.island
    assert isl.size == 30
    assert isl.ids[0] == "t1" and isl.names[0] == "Maize Terraces"
    assert isl.adjacent(isl.index["t1"], isl.index["t2"])
    assert not isl.adjacent(isl.index["t7"], isl.index["t19"])
    assert isl.share_lake(isl.index["t7"], isl.index["t19"])


# ---------------------------------------------------------------------------------------
# broken maps
# ---------------------------------------------------------------------------------------
BROKEN = """\
    id: broken-island
    extends: aztlan
    name: Broken island
    parameters:
      map:
        territories:
          t1:
            neighbours: [t2, t7, t8, t30]
    """


def test_an_asymmetric_neighbour_is_reported_with_file_key_and_line(tmp_path):
    path = tmp_path / "broken-island.yaml"
    path.write_text(textwrap.dedent(BROKEN), encoding="utf-8")
    registry = Registry(entry_points=False)
    issues = registry.validate_file(path)
    assert len(issues) == 1
    issue = issues[0]
    assert issue.file == str(path)
    assert issue.path == "parameters.map.territories.t1.neighbours[3]"
    assert issue.line == 8
    assert "symmetric" in issue.message and "t30" in issue.message
    text = str(issue)
    assert f"{path}:8: parameters.map.territories.t1.neighbours[3]" in text


def test_a_broken_map_in_the_drop_in_folder_disables_only_that_variant(tmp_path):
    path = tmp_path / "broken-island.yaml"
    path.write_text(textwrap.dedent(BROKEN), encoding="utf-8")
    registry = Registry(plugin_folder=str(tmp_path), entry_points=False)
    assert "broken-island" not in registry.variants
    assert "aztlan" in registry.variants
    broken = [b for b in registry.broken if b.name == "broken-island"]
    assert broken and "t1.neighbours[3]" in broken[0].message


def test_an_asymmetric_neighbour_in_options_is_a_config_error():
    g = new_game(VARIANT, 3, seed=0)
    island = {k: v for k, v in g.rules.params["map"].items()}
    terr = {k: dict(v) for k, v in island["territories"].items()}
    terr["t5"]["neighbours"] = [n for n in terr["t5"]["neighbours"] if n != "t6"]
    island["territories"] = terr
    with pytest.raises(ConfigError) as err:
        new_game(VARIANT, 3, seed=0, options={"map": island})
    message = str(err.value)
    assert "options.map.territories.t6.neighbours" in message
    assert "t6 lists t5, but t5 does not list t6" in message


@pytest.mark.parametrize(("change", "key", "words"), [
    (lambda t: t["t2"].update(type="swamp"), "t2.type", "unknown territory type"),
    (lambda t: t["t2"].update(lakes=["sea"]), "t2.lakes[0]", "unknown lake"),
    (lambda t: t["t2"].update(neighbours=["t99", "t1", "t3", "t8", "t10"]),
     "t2.neighbours[0]", "unknown territory"),
    (lambda t: t["t2"].update(polygon=[[0, 0], [1200, 0], [0, 5]]), "t2.polygon[1]",
     "outside the map"),
])
def test_other_map_mistakes_name_the_key(change, key, words):
    g = new_game(VARIANT, 3, seed=0)
    island = dict(g.rules.params["map"])
    terr = {k: dict(v) for k, v in island["territories"].items()}
    change(terr)
    island["territories"] = terr
    with pytest.raises(ConfigError) as err:
        new_game(VARIANT, 3, seed=0, options={"map": island})
    assert f"options.map.territories.{key}" in str(err.value)
    assert words in str(err.value)


def test_the_shipped_files_are_valid():
    registry = Registry(entry_points=False)
    for name in ("aztlan.yaml", "aztlan-2p.yaml"):
        assert registry.validate_file(variant_file(name)) == []
    assert {"aztlan", "aztlan-2p"} <= set(registry.variants)
