"""Laying a canal mends the districts in place, exactly as labelling them afresh would.

A canal tile can only change the district it lies in: it stays whole (the usual case,
found by a search that stops early) or falls into pieces. Either way the state must equal
what ``rebuild`` (run on every load and every determinization) makes of the same canals,
in the canonical form both keep: each district labelled by its lowest cell, its cells in
ascending order, the districts listed by label.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.api import new_game
from game.core.rng import Rng
from variants.mexica.state import MexicaState

SETTINGS = {"deadline": None, "database": None, "print_blob": True, "max_examples": 25,
            "suppress_health_check": [HealthCheck.too_slow]}


def districts(s: MexicaState) -> tuple[list[int], list[tuple[int, list[int]]]]:
    """Everything the district bookkeeping holds, its order included."""
    return list(s.label), list(s.dcells.items())


def recomputed(board, s: MexicaState) -> tuple[list[int], list[tuple[int, list[int]]]]:
    fresh = MexicaState(tiles=list(s.tiles), bridges=dict(s.bridges))
    fresh.rebuild(board)  # the districts come from the canals alone
    return districts(fresh)


@settings(**SETTINGS)
@given(seed=st.integers(0, 2**32 - 1), players=st.sampled_from([2, 3, 4]),
       doubles=st.floats(0, 1))
def test_any_canal_anywhere_leaves_the_districts_a_full_recompute_gives(seed, players,
                                                                        doubles):
    """Canals on random land cells (singles and doubles, rules or not: the mechanism
    must hold for any cut) until the island is water; after every one, the districts
    equal a full recompute."""
    game = new_game("mexica", players, seed=seed % 1000)
    board, s = game.rules.table.board, game.state
    rng = Rng(seed)
    land = [c for c in board.island if not s.canal[c]]
    cuts = splits = 0
    while land:
        c = rng.choice(land)
        pair = [n for n in board.nbrs[c] if n in land and s.label[n] == s.label[c]]
        cells = (c, rng.choice(pair)) if pair and rng.random() < doubles else (c,)
        before = len(s.dcells)
        s.tiles.append(cells)
        s.cut(board, cells)
        cuts += 1
        splits += len(s.dcells) > before
        assert districts(s) == recomputed(board, s), f"after canals {s.tiles}"
        land = [x for x in land if x not in cells]
    assert s.dcells == {} and cuts > 20
    assert splits, "no cut split a district: the pieces were never checked"


@pytest.mark.parametrize(("variant", "players"), [("mexica", 2), ("mexica", 4),
                                                  ("mexica-2p-neutral", 2),
                                                  ("mexica-festival", 3)])
def test_the_districts_of_played_games_equal_a_full_recompute(variant, players):
    """Games of playout and uniform moves: after every canal the state's districts are
    those of the same state loaded afresh."""
    canals = 0
    for seed in (1, 2):
        game = new_game(variant, players, seed=seed)
        rng = Rng(seed)
        while not game.is_over and len(game.log) < 600:
            action = game.playout_action(rng) if rng.randbelow(2) else \
                rng.choice(game.legal_actions())
            game.apply(action)
            if action.startswith("canal"):
                canals += 1
                assert districts(game.state) == recomputed(game.rules.table.board, game.state)
        loaded = game.rules.from_dict(game.rules.to_dict(game.state))
        assert districts(loaded) == districts(game.state)
    assert canals > 20
