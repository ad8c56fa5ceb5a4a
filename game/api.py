"""The stable scripting API used by tests, bots, the CLI, the client and mods.

>>> from game.api import new_game
>>> g = new_game("mexica", players=2, seed=1)
>>> g.apply(g.legal_actions()[0])  # doctest: +SKIP

A public face: the names below keep their import path whatever module of the kernel
implements them (:mod:`game.core.game`, where a save's format and checks are explained;
:mod:`game.core.errors`).
"""

from __future__ import annotations

from game.core.errors import ConfigError, IllegalAction, SaveError
from game.core.game import (
    MAX_LOG_ACTIONS,
    MAX_SAVE_BYTES,
    MAX_SAVE_DEPTH,
    READS_VERSIONS,
    SAVE_FORMAT,
    SAVE_VERSION,
    SEED_LIMIT,
    Game,
    ReplayError,
    SaveFile,
    broken_variants,
    list_variants,
    load_game,
    new_game,
    read_save,
    seed_problem,
)

__all__ = ["Game", "ConfigError", "IllegalAction", "SaveError", "list_variants",
           "broken_variants", "new_game", "load_game", "read_save", "SaveFile",
           "ReplayError", "SAVE_FORMAT", "SAVE_VERSION", "READS_VERSIONS", "SEED_LIMIT",
           "MAX_SAVE_BYTES", "MAX_SAVE_DEPTH", "MAX_LOG_ACTIONS", "seed_problem"]
