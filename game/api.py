"""The stable scripting API used by tests, bots, the CLI, the client and mods.

>>> from game.api import new_game
>>> g = new_game("mexica", players=2, seed=1)
>>> g.apply(g.legal_actions()[0])  # doctest: +SKIP

A public face: the names below keep their import path whatever module of the kernel
implements them (:mod:`game.core.game`, :mod:`game.core.saves`, where a save's format and
checks are explained; :mod:`game.core.errors`). What the kernel takes as an argument (the
catalog of variants a game is started on) the face fills in with the process's registry.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from game.core.errors import ConfigError, IllegalAction, SaveError
from game.core.game import (
    POSITION_FORMAT,
    READS_VERSIONS,
    SAVE_FORMAT,
    SAVE_VERSION,
    SEED_LIMIT,
    Game,
    seed_problem,
    start_game,
    start_position,
)
from game.core.lessons import book
from game.core.lessons.model import Lesson
from game.core.registry import get_registry
from game.core.saves import (
    MAX_LOG_ACTIONS,
    MAX_SAVE_BYTES,
    MAX_SAVE_DEPTH,
    ReplayError,
    SaveFile,
    load_game,
    load_position,
    read_save,
)


def list_variants() -> list[dict[str, Any]]:
    """One entry per playable variant: id, name, description, min/max players."""
    return [spec.summary() for spec in get_registry().variants.values()]


def broken_variants() -> list[dict[str, str]]:
    """Plugins and variant files that failed to load, with the reason."""
    return [{"kind": b.kind, "name": b.name, "source": b.source, "message": b.message}
            for b in get_registry().broken]


def new_game(variant: str, players: int, seed: int = 0,
             options: dict[str, Any] | None = None) -> Game:
    """Start a game. ``options`` override the variant's YAML parameters (same schema).

    ``seed`` is a whole number, 0 <= seed < 2**63 (``SEED_LIMIT``)."""
    return start_game(get_registry(), variant, players, seed, options)


def from_position(variant: str, players: int, state: Mapping[str, Any], *, seed: int = 0,
                  options: Mapping[str, Any] | None = None) -> Game:
    """A game at a position described as data (for tests and puzzles), with no log before
    it: ``state`` is what the rules' ``to_dict`` writes, usually a real game's state with
    some parts changed. It is checked by the engine's codec and must come back unchanged
    from ``to_dict``; otherwise ConfigError("not a position of '<engine>': ..."). The game
    is marked (``Game.position``, ``Game.is_position``): ``load_game`` refuses what its
    ``to_json`` writes, and ``load_position`` reads it back."""
    return start_position(get_registry(), variant, players, state, seed, options)


def load_lesson(path: str | Path, provider: str = "") -> Lesson:
    """Read and check the lesson file ``path`` against the installed variants (its game
    replayed on them); ConfigError with every problem (file, line, key path and step)
    if it cannot be played. The lesson then starts its games on those same variants."""
    return book.load_lesson(path, get_registry(), provider)


__all__ = ["Game", "ConfigError", "IllegalAction", "SaveError", "list_variants",
           "broken_variants", "new_game", "from_position", "load_game", "load_position",
           "read_save", "SaveFile", "ReplayError", "SAVE_FORMAT", "POSITION_FORMAT",
           "SAVE_VERSION", "READS_VERSIONS", "SEED_LIMIT",
           "MAX_SAVE_BYTES", "MAX_SAVE_DEPTH", "MAX_LOG_ACTIONS", "seed_problem",
           "load_lesson"]
