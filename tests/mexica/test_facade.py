"""Mexica's facade keeps one copy of what its parameters fix: its table (issue 35).

What a player would notice if it broke: a rule variant (Mexica for two, a YAML variant
with other costs) whose board or costs the views read from a second copy on the rules,
so a preview says one cost and ``apply`` charges another.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from game.api import new_game
from variants.mexica import queries as q

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(("variant", "players"), [("mexica", 4), ("mexica-2p-neutral", 2)])
def test_the_rules_hold_their_parameters_and_their_table_only(variant, players):
    rules = new_game(variant, players, seed=0, options={"costs": {"step": 2}}).rules
    assert set(vars(rules)) == {"params", "players", "table"}
    assert rules.table.c_step == 2 and rules.table.board.size > 0


def test_the_previews_read_the_table_a_variant_changed():
    """A walk's cost on the television comes from the table the game was built with."""
    game = new_game("mexica", 2, seed=0, options={"costs": {"step": 2}})
    for _seat in range(2):
        game.apply(game.legal_actions()[0])  # each Pilli placed
    costs = q.walk_costs(game.rules.table, game.state)
    assert costs and {cost % 2 for cost in costs.values()} == {0}
    assert max(costs.values()) >= 4  # two steps and more cost 2 each


def test_the_views_and_queries_read_no_copy_of_the_table_on_the_rules():
    legacy = {"board", "token_info", "c_canal", "c_bridge", "c_relocate", "c_step",
              "c_teleport", "c_take", "c_level", "ap_per_turn", "codec"}
    found = []
    for path in sorted((ROOT / "variants" / "mexica").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Attribute) and node.attr in legacy
                    and isinstance(node.value, ast.Attribute | ast.Name)
                    and getattr(node.value, "attr", getattr(node.value, "id", "")) == "rules"):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}: rules.{node.attr}")
    assert not found, found
