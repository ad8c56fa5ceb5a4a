"""The computer players make the same moves and reach the same games, to the byte.

Why: moving code between modules (issue 35's new house), splitting the ``Rules``
contract into facets or rewriting an engine into handlers must change nothing a player
could see. For every variant and player count, one seeded game is played by the three
levels (Hard at a small fixed iteration budget, so it stays quick and reproducible):
``fixtures/golden-plays.json`` records each game's log and the sha256 of its final
``to_json``. A different move, a different random draw or a different saved state
fails at once, naming the game and the first action that differs.

When a change of play is *meant* (a better bot, a rule fixed by a ruling), regenerate
the fixture on purpose and say so in the commit::

    AZTEC_ARCADE_REGEN_GOLDEN=1 .venv/bin/python -m pytest -n 0 tests/test_golden_plays.py
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

import pytest

from game.ai import make_bot
from game.ai.arena import play_game
from game.api import list_variants, new_game

FIXTURE = Path(__file__).parent / "fixtures" / "golden-plays.json"
REGEN = os.environ.get("AZTEC_ARCADE_REGEN_GOLDEN") == "1"
#: the level of each seat, in seat order; every game has a Hard player in seat 0
LEVELS = ("hard", "normal", "easy", "normal")
#: Hard's iteration budget: small, so that 15 whole games take seconds
HARD_ITERATIONS = 20
SEED = 35

#: the variant ids (and so the ids saves name) that the program ships
VARIANT_IDS = {"mexica", "mexica-festival", "mexica-2p-neutral", "mexica-2p-harder",
               "tlatelolco-market", "aztlan", "aztlan-2p"}


def cases() -> list[tuple[str, int]]:
    return [(v["id"], players) for v in list_variants()
            for players in range(v["min_players"], v["max_players"] + 1)]


def play(variant: str, players: int) -> dict[str, Any]:
    game = new_game(variant, players=players, seed=SEED)
    levels = LEVELS[:players]
    bots = [make_bot(level, seed=SEED + seat, iterations=HARD_ITERATIONS)
            if level == "hard" else make_bot(level, seed=SEED + seat)
            for seat, level in enumerate(levels)]
    play_game(game, bots)
    return {"levels": list(levels), "log": list(game.log),
            "sha256": hashlib.sha256(game.to_json().encode("utf-8")).hexdigest()}


def recorded() -> dict[str, Any]:
    return dict(json.loads(FIXTURE.read_text("utf-8"))) if FIXTURE.exists() else {}


def test_the_shipped_variants_are_the_recorded_ones():
    """Saves name their variant by id: an id that changes strands every old save."""
    assert {v["id"] for v in list_variants()} == VARIANT_IDS
    if not REGEN:
        assert {key.rsplit("/", 1)[0] for key in recorded()} == VARIANT_IDS


def test_regenerate_on_request():
    """The fixture is rewritten only when asked (the switch in the module's docstring)."""
    if REGEN:
        data = {f"{variant}/{players}": play(variant, players)
                for variant, players in cases()}
        FIXTURE.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", "utf-8")
        pytest.skip(f"rewrote {FIXTURE.name}: look at the diff before committing")


@pytest.mark.parametrize(("variant", "players"), cases())
def test_the_bots_play_the_recorded_game(variant: str, players: int):
    if REGEN:
        pytest.skip("regenerating")
    expected = recorded()[f"{variant}/{players}"]
    got = play(variant, players)
    assert got["levels"] == expected["levels"]
    for index, (mine, theirs) in enumerate(zip(got["log"], expected["log"], strict=False)):
        assert mine == theirs, f"action {index} differs: {mine!r}, recorded {theirs!r}"
    assert len(got["log"]) == len(expected["log"])
    assert got["sha256"] == expected["sha256"], "same moves, but the final state differs"
