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

from pathlib import Path
from typing import Any

from game.core.errors import ConfigError, IllegalAction, SaveError
from game.core.game import (
    READS_VERSIONS,
    SAVE_FORMAT,
    SAVE_VERSION,
    SEED_LIMIT,
    Game,
    seed_problem,
    start_game,
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


def load_lesson(path: str | Path, provider: str = "") -> Lesson:
    """Read and check the lesson file ``path`` against the installed variants (its game
    replayed on them); ConfigError with every problem (file, line, key path and step)
    if it cannot be played. The lesson then starts its games on those same variants."""
    return book.load_lesson(path, get_registry(), provider)


__all__ = ["Game", "ConfigError", "IllegalAction", "SaveError", "list_variants",
           "broken_variants", "new_game", "load_game", "read_save", "SaveFile",
           "ReplayError", "SAVE_FORMAT", "SAVE_VERSION", "READS_VERSIONS", "SEED_LIMIT",
           "MAX_SAVE_BYTES", "MAX_SAVE_DEPTH", "MAX_LOG_ACTIONS", "seed_problem",
           "load_lesson"]
