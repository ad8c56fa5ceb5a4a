"""The Market's facade keeps one copy of what its parameters fix: its table (issue 35).

What a player would notice if it broke: a variant (a 5x5 market, partnerships off) whose
geometry, sides or teams the views read from a second copy on the rules, so the board
the television draws and the purchases the rules allow disagree.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from game.api import new_game
from game.core.rng import Rng

ROOT = Path(__file__).resolve().parents[2]

#: the table's fields the rules once copied (``codec`` and ``parsed`` now live there too)
LEGACY = {"geo", "n", "sides", "lines", "line_names", "codec", "parsed", "from_own_dict"}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_rules_hold_their_parameters_their_table_and_their_own_parts_only(players):
    rules = new_game("tlatelolco-market", players, seed=0).rules
    # besides params, players and table: the contract's answers callers knowing no game
    # read (teams, playout_limit) and the bots' memory of the last view they sampled
    assert set(vars(rules)) == {"params", "players", "table", "teams", "playout_limit",
                                "sampled_views"}
    assert rules.teams is rules.table.teams  # the contract's answer is the table's list
    assert rules.table.n == 4 and len(rules.table.sides) == players


def test_a_variant_changes_the_board_the_table_gives_the_views_and_the_rules_alike():
    """A 5x5 market without partners: the table the views read and the rules' own
    moves and scores agree on it."""
    tiles = dict(new_game("tlatelolco-market", 4, seed=0).rules.params["tiles"])
    tiles["crowd"] += 25 - 16
    game = new_game("tlatelolco-market", 4, seed=0,
                    options={"grid": 5, "tiles": tiles, "partnerships": False})
    table = game.rules.table
    assert table.n == 5 and table.geo.size == 25 and table.geo.names[-1] == "e5"
    assert [len(table.lines[seat]) for seat in range(4)] == [5] * 4
    assert table.teams == [(0,), (1,), (2,), (3,)] and game.rules.teams is table.teams
    squares = {a.split()[1] for a in game.legal_actions() if a.startswith("place ")}
    assert squares == set(table.geo.names)


def test_a_state_round_trips_through_the_tables_codec_and_the_bots_samples():
    game = new_game("tlatelolco-market", 4, seed=3)
    rng = Rng(3)
    for _ in range(12):
        game.apply(game.playout_action(rng))
    rules, table = game.rules, game.rules.table
    data = rules.to_dict(game.state)
    assert table.codec.dump(rules.from_dict(data)) == data
    sampled = rules.determinize(rules.view(game.state, 0), 0, Rng(1))
    assert sampled.market == game.state.market and sampled.buyers == game.state.buyers


def test_the_views_and_helpers_read_no_copy_of_the_table_on_the_rules():
    found = []
    for path in sorted((ROOT / "variants" / "market").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Attribute) and node.attr in LEGACY | {"teams"}
                    and isinstance(node.value, ast.Attribute | ast.Name)
                    and getattr(node.value, "attr", getattr(node.value, "id", "")) == "rules"):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}: rules.{node.attr}")
    assert not found, found
