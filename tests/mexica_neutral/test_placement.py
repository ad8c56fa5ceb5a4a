"""Chapter 7 set-up: where the ten neutral temples go, fixed layouts, impossible maps."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.api import ConfigError, new_game

from ._util import VARIANT, kind_at, manhattan, neutral_layout, open_island, touches_lake

SEEDS = st.integers(min_value=0, max_value=2**63 - 1)


def assert_chapter7_layout(game, rows) -> dict[str, int]:
    layout = neutral_layout(game)
    assert len(layout) == 10, layout
    # only the neutral colour is on the board before the Pilli are placed
    assert game.state.phase == "start"
    assert len(game.state.temples) == 10
    for space in layout:
        assert kind_at(rows, space) == ".", f"{space} is not open land"
        assert not touches_lake(rows, space), f"{space} is next to the lake"
    for a, b in itertools.combinations(layout, 2):
        assert manhattan(a, b) >= 5, f"{a} and {b} are only {manhattan(a, b)} apart"
    return layout


@settings(max_examples=60, deadline=None, database=None)
@given(seed=SEEDS)
def test_random_layout_follows_chapter_7(seed):
    game = new_game(VARIANT, 2, seed=seed)
    rows = game.rules.params["board"]
    layout = assert_chapter7_layout(game, rows)
    assert Counter(layout.values()) == {1: 4, 2: 3, 3: 2, 4: 1}
    assert sum(layout.values()) == 20
    # seeded: the same seed lays the same temples on the same spaces
    assert neutral_layout(new_game(VARIANT, 2, seed=seed)) == layout


@settings(max_examples=60, deadline=None, database=None)
@given(seed=SEEDS)
def test_harder_layout_has_28_levels(seed):
    game = new_game("mexica-2p-harder", 2, seed=seed)
    rows = game.rules.params["board"]
    layout = assert_chapter7_layout(game, rows)
    assert sum(layout.values()) == 28
    assert max(layout.values()) <= 4
    assert min(layout.values()) >= 1
    assert neutral_layout(new_game("mexica-2p-harder", 2, seed=seed)) == layout


def test_different_seeds_usually_differ():
    layouts = {tuple(sorted(neutral_layout(new_game(VARIANT, 2, seed=s)).items()))
               for s in range(40)}
    assert len(layouts) >= 36
    spaces = Counter(space for lay in layouts for space, _ in lay)
    assert len(spaces) > 40, "the temples should be spread over much of the island"


def test_allowed_spaces_on_the_published_board_are_inland_only():
    """Spaces next to the lake never get a neutral temple, over many seeds."""
    rows = new_game(VARIANT, 2).rules.params["board"]
    used = set()
    for s in range(150):
        used |= set(neutral_layout(new_game(VARIANT, 2, seed=s)))
    assert not {sp for sp in used if touches_lake(rows, sp)}
    # the inlet at t7 makes s7, u7 and t8 lake-adjacent; palace and canals are never used
    assert not used & {"s7", "u7", "t8"}
    assert not used & {"i7", "h8", "i8", "j8", "i9", "p7", "p8", "p9", "p10"}
    # open inland spaces next to the palace are allowed, and some seed uses them
    assert used & {"h7", "h9", "j7", "j9", "g8", "k8", "i6", "i10"}


# -- fixed layout ------------------------------------------------------------------------
def test_fixed_layout_is_used_exactly():
    fixed = {"e5": 4, "k5": 1, "c12": 2, "h7": 3}
    for seed in (0, 1, 99):
        game = new_game(VARIANT, 2, seed=seed, options={"neutral_temples": fixed})
        assert neutral_layout(game) == fixed
        assert len(game.state.temples) == len(fixed)


def test_fixed_layout_survives_save_and_load():
    from game.api import load_game

    fixed = {"e5": 4, "k5": 1}
    game = new_game(VARIANT, 2, seed=3, options={"neutral_temples": fixed})
    game.apply("start i7")
    again = load_game(game.to_json())
    assert neutral_layout(again) == fixed


@pytest.mark.parametrize("space, why", [
    ("a1", "not a land space"),      # lake
    ("i8", "not a land space"),      # palace centre
    ("i7", "not a land space"),      # palace start space
    ("p7", "pre-printed canal"),     # pre-printed canal
    ("z16", "not a space on this board"),
])
def test_fixed_layout_bad_space_names_the_key(space, why):
    with pytest.raises(ConfigError) as info:
        new_game(VARIANT, 2, options={"neutral_temples": {"e5": 2, space: 1}})
    text = str(info.value)
    assert f"neutral_temples.{space}" in text
    assert why in text
    assert "neutral_temples.e5" not in text
    assert any(i.path.endswith(f"neutral_temples.{space}") for i in info.value.issues)


@pytest.mark.parametrize("layout", [{"e5": 0}, {"e5": "high"}, {"E5": 1}, {"5e": 1}])
def test_fixed_layout_bad_value_or_name_is_config_error(layout):
    with pytest.raises(ConfigError) as info:
        new_game(VARIANT, 2, options={"neutral_temples": layout})
    assert "neutral_temples" in str(info.value)


# -- impossible maps ---------------------------------------------------------------------
@pytest.mark.parametrize("size", [7, 10, 14])
def test_impossible_map_is_a_quick_clear_config_error(size):
    """7x7 and 10x10 islands are hopeless; on 14x14 at most 9 temples fit (checked by an
    exhaustive search), so the search has to give up rather than hang."""
    rows = open_island(size, size)
    with pytest.raises(ConfigError) as info:
        new_game(VARIANT, 2, seed=1, options={"board": rows})
    text = str(info.value)
    assert "neutral" in text
    assert "cannot place" in text or "cannot be placed" in text


def test_impossible_map_for_a_wider_spacing_is_a_config_error():
    with pytest.raises(ConfigError) as info:
        new_game(VARIANT, 2, options={"neutral": {"temples": [1] * 10, "min_distance": 30}})
    assert "neutral" in str(info.value)


def test_harder_total_out_of_reach_is_a_config_error():
    with pytest.raises(ConfigError) as info:
        new_game(VARIANT, 2, options={"neutral": {"temples": [1, 1, 1, 1, 2, 2, 2, 3, 3, 4],
                                                  "total_levels": 41}})
    assert "neutral.total_levels" in str(info.value)


def test_large_open_island_sets_up_for_every_seed():
    rows = open_island(18, 18)
    for seed in range(30):
        game = new_game(VARIANT, 2, seed=seed, options={"board": rows})
        assert_chapter7_layout(game, rows)


def test_map_accepted_by_validation_sets_up_for_every_seed():
    rows = open_island(15, 15)
    failed = []
    for seed in range(40):
        try:
            game = new_game(VARIANT, 2, seed=seed, options={"board": rows})
        except ConfigError:
            failed.append(seed)
        else:
            assert_chapter7_layout(game, rows)
    assert failed == []


def test_map_accepted_by_validation_has_a_layout():
    """Witness that the 15x15 island of the test above really admits a layout."""
    rows = open_island(15, 15)
    layout = {"c12": 4, "c6": 3, "e3": 3, "e9": 2, "h11": 2, "h6": 2, "j3": 1, "k8": 1,
              "m11": 1, "m5": 1}
    for space in layout:
        assert kind_at(rows, space) == "." and not touches_lake(rows, space)
    for a, b in itertools.combinations(layout, 2):
        assert manhattan(a, b) >= 5
