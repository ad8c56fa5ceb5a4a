"""What several commands read the same way: ``-o`` options, seeds, a new game.

Kept apart from the commands so that ``host`` (:mod:`game.cli.host`) and ``play``,
``simulate`` and ``replay`` (:mod:`game.cli.commands`) share them through public names.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.core.errors import ConfigError, quote
from game.core.schema import deep_merge

if TYPE_CHECKING:
    from game.api import Game


def parse_options(pairs: list[str] | None) -> dict[str, Any] | None:
    """``-o name=value`` pairs; values are read as YAML (numbers, true/false, lists). A
    dotted name (``costs.canal=1``, ``bot_search.hard.exploration=0.5``) sets one key
    inside a parameter and keeps the rest of it, as ``balance --sweep`` does."""
    if not pairs:
        return None
    from game.core.yamlload import load_yaml_text

    out: dict[str, Any] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        name = name.strip()
        if not sep or not name or any(not part for part in name.split(".")):
            raise ConfigError(f"write an option as NAME=VALUE, e.g. ap_per_turn=5 or "
                              f"costs.canal=1; got {quote(pair)}")
        # the same loader as variant files: the same limits, and the line of a problem
        where = f"-o {name if len(name) <= 40 else quote(name)}"
        loaded, _lines = load_yaml_text(value, where)
        for part in reversed(name.split(".")[1:]):
            loaded = {part: loaded}
        top = name.split(".")[0]
        out[top] = deep_merge(out[top], loaded) if top in out else loaded
    return out


def check_seeds(seed: int, games: int) -> None:
    """Game i of a run uses seed + i: the last one must be a seed too."""
    from game.api import SEED_LIMIT

    if seed + games - 1 >= SEED_LIMIT:
        raise ConfigError(f"{games} games from seed {seed} would need seeds up to "
                          f"{seed + games - 1}; seeds stop at {SEED_LIMIT - 1}")


def start_game(variant: str, players: int, seed: int, options: dict[str, Any] | None) -> Game:
    from game.api import new_game

    return new_game(variant, players=players, seed=seed, options=options)
