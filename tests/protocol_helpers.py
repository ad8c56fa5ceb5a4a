"""Checks of the engine contract shared by the games' protocol tests.

Every game makes the same promises (a save loads back to the same game, the state is
plain JSON data that survives a copy), so they are checked by one helper rather than by
a copy per game that could drift.
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck

from game.api import Game, load_game, load_position

#: hypothesis settings for engine properties: games are slow to set up and replay, and a
#: failure prints the blob that reproduces it
SETTINGS: dict[str, Any] = {"deadline": None, "database": None, "print_blob": True,
                            "suppress_health_check": [HealthCheck.too_slow]}


def round_trip(g: Game) -> None:
    """``g`` survives ``to_json`` and loading it again (``load_game``, or ``load_position``
    for a game built at a position), and its state survives ``at_position``/``clone``
    unchanged."""
    text = g.to_json()
    again = (load_position if g.is_position else load_game)(text)
    assert again.to_json() == text
    assert again.legal_actions() == g.legal_actions()
    assert again.current_player == g.current_player
    state_round_trip(g)


def state_round_trip(g: Game) -> None:
    """``g``'s state survives ``at_position`` (the codec reads it and writes the same data
    back) and ``clone`` unchanged, and each copy offers the same decisions; a game built
    at a position survives its save, ``load_position``, too."""
    data = g.rules.to_dict(g.state)
    assert json.loads(json.dumps(data)) == data
    for copy in (g.clone(), g.at_position(data)):
        assert copy.legal_actions() == g.legal_actions()
        assert copy.current_player == g.current_player
        assert copy.rules.to_dict(copy.state) == data
    if g.is_position:
        assert load_position(g.to_json()).to_json() == g.to_json()
