"""Checks of the engine contract shared by the games' protocol tests.

Every game makes the same promises (a save loads back to the same game, the state is
plain JSON data that survives a copy), so they are checked by one helper rather than by
a copy per game that could drift.
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck

from game.api import Game, load_game

#: hypothesis settings for engine properties: games are slow to set up and replay, and a
#: failure prints the blob that reproduces it
SETTINGS: dict[str, Any] = {"deadline": None, "database": None, "print_blob": True,
                            "suppress_health_check": [HealthCheck.too_slow]}


def round_trip(g: Game) -> None:
    """``g`` survives ``to_json``/``load_game`` and its state survives
    ``to_dict``/``from_dict``/``clone`` unchanged."""
    text = g.to_json()
    again = load_game(text)
    assert again.to_json() == text
    assert again.legal_actions() == g.legal_actions()
    assert again.current_player == g.current_player
    state_round_trip(g)


def state_round_trip(g: Game) -> None:
    """A position a test wrote into the state survives ``to_dict``/``from_dict``/``clone``
    unchanged, and its copy offers the same decisions. (Such a position cannot be saved:
    its log does not lead to it, and ``load_game`` replays the log.)"""
    copy = g.clone()
    assert copy.legal_actions() == g.legal_actions()
    assert copy.current_player == g.current_player
    data = g.rules.to_dict(g.state)
    assert json.loads(json.dumps(data)) == data
    assert g.rules.to_dict(g.rules.from_dict(data)) == data
    assert g.rules.to_dict(g.rules.clone(g.state)) == data
