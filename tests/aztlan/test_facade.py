"""Aztlán's facade keeps one copy of what its parameters fix: its table (issue 35).

What a player would notice if it broke: a variant (Aztec Gods for two, a YAML variant
with other domain bonuses or fewer ages) whose island, armies or bonuses the views read
from a second copy on the rules, so the preview of a scoring says one total and the
scoring counts another.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from game.api import new_game
from game.core.rng import Rng

ROOT = Path(__file__).resolve().parents[2]

#: the table's fields the rules once copied
LEGACY = {"island", "cards", "types", "type_names", "ages", "bonus", "factions",
          "army_names", "army_pawns", "armies", "codec"}


@pytest.mark.parametrize(("variant", "players"), [("aztlan", 4), ("aztlan", 3),
                                                  ("aztlan-2p", 2)])
def test_the_rules_hold_their_parameters_and_their_table_only(variant, players):
    rules = new_game(variant, players, seed=0).rules
    assert set(vars(rules)) == {"params", "players", "table"}
    assert rules.table.armies == len(rules.table.army_names) > 0


def test_the_armies_of_a_two_player_game_are_the_tables_factions():
    """In Aztec Gods the players command factions: the new game's reserves are the
    table's factions' pawns."""
    game = new_game("aztlan-2p", 2, seed=0)
    table = game.rules.table
    assert table.factions and table.armies == 2
    assert len(game.state.board[0]) == 2
    assert sum(game.state.reserve) + sum(game.state.supply) == sum(table.army_pawns)


def test_a_variant_changes_what_the_table_fixes_for_the_rules_and_the_views_alike():
    """Three ages and other domain bonuses: the table holds them, the new game follows."""
    rows = new_game("aztlan", 3, seed=0).rules.params["pawns_per_age"]
    pawns = [{**row, "pawns": row["pawns"][:3]} for row in rows]
    game = new_game("aztlan", 3, seed=0, options={
        "ages": 3, "pawns_per_age": pawns, "domain_bonus": [0, 2, 5, 9, 14, 20]})
    table = game.rules.table
    assert table.ages == 3 and table.bonus == [0, 2, 5, 9, 14, 20]
    assert len(table.pawns_per_age) == 3
    assert game.state.hands == [list(table.cards.strengths)] * 3
    assert game.rules.action_vocabulary()  # words from the table's island and cards


def test_a_state_round_trips_through_the_tables_codec():
    game = new_game("aztlan", 4, seed=5)
    rng = Rng(5)
    for _ in range(20):
        game.apply(game.playout_action(rng))
    rules = game.rules
    data = rules.to_dict(game.state)
    assert rules.table.codec.dump(rules.from_dict(data)) == data


def test_the_views_and_helpers_read_no_copy_of_the_table_on_the_rules():
    found = []
    for path in sorted((ROOT / "variants" / "aztlan").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Attribute) and node.attr in LEGACY
                    and isinstance(node.value, ast.Attribute | ast.Name)
                    and getattr(node.value, "attr", getattr(node.value, "id", "")) == "rules"):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}: rules.{node.attr}")
    assert not found, found
