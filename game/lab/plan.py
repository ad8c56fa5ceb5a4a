"""What a balance run plays: arms (a variant with its options, or one point of a parameter
sweep), the computer players on the seats, and one task per game.

Everything a person can get wrong is checked here, before the first game, and reported as
a :class:`~game.core.errors.ConfigError` naming the argument (the command turns it into a
one-line message and exit code 2).

Sweep names are either a variant parameter (``ap_per_turn``, or a dotted path into a
nested one such as ``costs.canal``), checked against the variant's schema like ``-o``, or
``LEVEL:OPTION`` (``hard:exploration``), an option handed to every bot of that level, so
that a sweep over the bots' own settings is a balance run too.
"""

from __future__ import annotations

import inspect
import itertools
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from game.core.errors import ConfigError

if TYPE_CHECKING:
    from game.ai.arena import BotMaker
    from game.ai.base import Bot

#: bot options that the lab sets itself and a sweep may not override
RESERVED_BOT_OPTIONS = ("seed", "iterations", "seconds", "self")


@dataclass(frozen=True)
class Sweep:
    name: str
    values: tuple[Any, ...]
    level: str | None = None  # set for a bot option (LEVEL:OPTION)
    option: str = ""  # the option or the dotted parameter path

    def describe(self, value: Any) -> str:
        return f"{self.name}={format_value(value)}"


@dataclass(frozen=True)
class Arm:
    """One column of the comparison: a variant with fixed options and bot options."""

    label: str
    variant: str
    options: dict[str, Any] | None
    bot_options: dict[str, dict[str, Any]]
    #: the swept names and this arm's values (empty without --sweep)
    point: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Task:
    """One game: everything a worker (another process, another machine) needs."""

    arm: int
    label: str
    variant: str
    levels: tuple[str, ...]
    index: int
    seed: int
    options: dict[str, Any] | None
    iterations: int
    bot_options: dict[str, dict[str, Any]]
    #: the guest levels of the run and what makes their players (see
    #: :data:`game.ai.arena.BotMaker`: module-level, so a task pickles to a worker)
    guests: Mapping[str, BotMaker] = field(default_factory=dict)

    def describe(self) -> str:
        """The game for a person: which, in which arm, and the seed that repeats it."""
        return (f"game {self.index + 1} of {self.label or self.variant} "
                f"(seed {self.seed + self.index})")


@dataclass
class Plan:
    arms: list[Arm]
    levels: list[str]
    players: int
    games: int
    seed: int
    iterations: int
    sweeps: list[Sweep]
    guests: Mapping[str, BotMaker] = field(default_factory=dict)

    def tasks(self) -> list[Task]:
        """Arm by arm, game by game: the order of the records in the results."""
        return [Task(a, arm.label, arm.variant, tuple(self.levels), i, self.seed,
                     arm.options, self.iterations, arm.bot_options, dict(self.guests))
                for a, arm in enumerate(self.arms) for i in range(self.games)]

    @property
    def total(self) -> int:
        return len(self.arms) * self.games


def format_value(value: Any) -> str:
    if isinstance(value, str):
        return value
    return json.dumps(value, separators=(",", ":"))


def split_values(text: str) -> list[str]:
    """Split ``V1,V2,...`` at commas that are not inside brackets or quotes, so that a
    value may be a YAML list (``[1,2],[3,4]``)."""
    parts: list[str] = []
    depth, quote = 0, ""
    current: list[str] = []
    for ch in text:
        if quote:
            if ch == quote:
                quote = ""
        elif ch in "'\"":
            quote = ch
        elif ch in "[{":
            depth += 1
        elif ch in "]}":
            depth -= 1
        elif ch == "," and depth == 0:
            parts.append("".join(current))
            current = []
            continue
        current.append(ch)
    parts.append("".join(current))
    return [p.strip() for p in parts]


def read_value(text: str, what: str) -> Any:
    """A value as YAML reads it, within the limits every file gets (an alias bomb on the
    command line is refused like one in a file)."""
    from game.core.yamlload import load_yaml_text

    try:
        return load_yaml_text(text)[0]
    except ConfigError:
        raise ConfigError(f"cannot read the value {text!r} of {what}") from None


def parse_sweep(text: str, levels: Sequence[str],
                guests: Mapping[str, BotMaker] | None = None) -> Sweep:
    """``NAME=V1,V2,...`` (values read as YAML); ``LEVEL:OPTION=...`` for a bot option."""
    example = "write it as NAME=V1,V2,..., e.g. --sweep ap_per_turn=5,6,7"
    name, sep, rest = text.partition("=")
    name = name.strip()
    if not sep or not name or not rest.strip():
        raise ConfigError(f"--sweep {text!r}: {example}")
    raw = split_values(rest)
    if any(not v for v in raw):
        raise ConfigError(f"--sweep {text!r}: a value is empty; {example}")
    values = tuple(read_value(v, f"--sweep {name}") for v in raw)
    if len({json.dumps(v, sort_keys=True, default=str) for v in values}) != len(values):
        raise ConfigError(f"--sweep {text!r}: a value is repeated")
    level, colon, option = name.partition(":")
    if colon:
        check_bot_option(level.strip().lower(), option.strip(), levels, f"--sweep {name}",
                         guests)
        return Sweep(name, values, level.strip().lower(), option.strip())
    if any(not part for part in name.split(".")):
        raise ConfigError(f"--sweep {text!r}: {name!r} is not a parameter name; {example}")
    return Sweep(name, values, None, name)


def parse_bot_option(text: str, levels: Sequence[str],
                     guests: Mapping[str, BotMaker] | None = None) -> tuple[str, str, Any]:
    """``--bot-option LEVEL:NAME=VALUE``."""
    head, sep, value = text.partition("=")
    level, colon, name = head.partition(":")
    if not sep or not colon or not name.strip() or not value.strip():
        raise ConfigError(f"--bot-option {text!r}: write it as LEVEL:NAME=VALUE, e.g. "
                          "--bot-option hard:exploration=0.5")
    level, name = level.strip().lower(), name.strip()
    check_bot_option(level, name, levels, f"--bot-option {head}", guests)
    return level, name, read_value(value, f"--bot-option {head}")


def bot_class(level: str, guests: Mapping[str, BotMaker] | None = None
              ) -> Callable[..., Bot]:
    """What makes the bots of ``level``: a guest's maker, or a level's class."""
    from game.ai import EasyBot, GreedyBot, MCTSBot

    if guests and level in guests:
        return guests[level]
    return {"easy": EasyBot, "normal": GreedyBot, "hard": MCTSBot}[level]


def check_bot_option(level: str, name: str, levels: Sequence[str], what: str,
                     guests: Mapping[str, BotMaker] | None = None) -> None:
    from game.ai import LEVELS

    known_levels = [*LEVELS, *(guests or {})]
    if level not in known_levels:
        raise ConfigError(f"{what}: unknown computer level {level!r}; choose from "
                          f"{', '.join(known_levels)}")
    if level not in levels:
        raise ConfigError(f"{what}: no {level} bot plays (--bots {','.join(levels)})")
    known = [p for p in inspect.signature(bot_class(level, guests)).parameters
             if p not in RESERVED_BOT_OPTIONS]
    if name not in known:
        offer = f"its options are {', '.join(known)}" if known else "it takes no options"
        raise ConfigError(f"{what}: the {level} bot has no option {name!r}; {offer}")


def nest(path: str, value: Any) -> dict[str, Any]:
    """``costs.canal`` = 2 -> ``{"costs": {"canal": 2}}`` (options merge key by key)."""
    out: dict[str, Any] = {}
    node = out
    parts = path.split(".")
    for part in parts[:-1]:
        node[part] = {}
        node = node[part]
    node[parts[-1]] = value
    return out


def merge(base: dict[str, Any] | None, extra: dict[str, Any]) -> dict[str, Any]:
    from game.core.schema import deep_merge

    merged: dict[str, Any] = deep_merge(base or {}, extra)
    return merged


def make_plan(variants: Sequence[str], levels: Sequence[str], players: int | None,
              games: int, seed: int, iterations: int, options: dict[str, Any] | None,
              sweeps: Sequence[str], bot_options: Sequence[str],
              guests: Mapping[str, BotMaker] | None = None) -> Plan:
    """Check every argument and build the arms: each variant times each combination of
    swept values. ``guests`` maps levels from outside :mod:`game.ai` (the command line
    hands in OpenSpiel's MCTS) to what makes their players. Raises ConfigError naming the
    bad argument."""
    from game.ai import LEVELS
    from game.api import new_game

    guests = dict(guests or {})
    levels = list(levels)
    unknown = [lv for lv in levels if lv not in LEVELS and lv not in guests]
    if unknown:
        raise ConfigError(f"--bots: unknown computer level {unknown[0]!r}; choose from "
                          f"{', '.join([*LEVELS, *guests])}")
    if players is None:
        players = len(levels) if len(levels) > 1 else _smallest_common(variants)
    if len(levels) == 1:
        levels = levels * players
    elif len(levels) != players:
        raise ConfigError(f"--bots names {len(levels)} seats but --players is {players}; "
                          "name one level per seat, or one level for every seat")
    fixed: dict[str, dict[str, Any]] = {}
    for text in bot_options:
        level, name, value = parse_bot_option(text, levels, guests)
        fixed.setdefault(level, {})[name] = value
    parsed = [parse_sweep(text, levels, guests) for text in sweeps]
    if len({s.name for s in parsed}) != len(parsed):
        raise ConfigError("--sweep names the same parameter twice")
    arms: list[Arm] = []
    for variant in dict.fromkeys(variants):
        for values in itertools.product(*(s.values for s in parsed)) if parsed else [()]:
            arm_options = dict(options) if options else None
            arm_bots = {level: dict(opts) for level, opts in fixed.items()}
            point: dict[str, Any] = {}
            for sweep, value in zip(parsed, values, strict=True):
                point[sweep.name] = value
                if sweep.level is not None:
                    arm_bots.setdefault(sweep.level, {})[sweep.option] = value
                else:
                    arm_options = merge(arm_options, nest(sweep.option, value))
            parts = [variant] if len(set(variants)) > 1 or not parsed else []
            parts += [s.describe(v) for s, v in zip(parsed, values, strict=True)]
            arm = Arm(" ".join(parts), variant, arm_options, arm_bots, point)
            where = ", ".join(s.describe(v) for s, v in zip(parsed, values, strict=True))
            try:
                new_game(variant, players, seed, arm_options)
            except ConfigError as exc:
                if where:
                    raise ConfigError(f"{variant} with {where}: {exc}") from None
                raise
            for level, opts in arm_bots.items():
                _try_bot(level, iterations, opts, guests)
            arms.append(arm)
    return Plan(arms, levels, players, games, seed, iterations, parsed, guests)


def _try_bot(level: str, iterations: int, opts: dict[str, Any],
             guests: Mapping[str, BotMaker]) -> None:
    """A bot of ``level`` with ``opts``, made and closed: a ConfigError if it refuses."""
    from functools import partial

    from game.ai import make_bot

    make = guests[level] if level in guests else partial(make_bot, level)
    try:
        make(seed=0, iterations=iterations, **opts).close()
    except (TypeError, ValueError) as exc:
        raise ConfigError(f"the {level} bot refuses {opts}: {exc}") from None


def _smallest_common(variants: Sequence[str]) -> int:
    """With a single level and no --players: the smallest player count every variant
    allows (unknown variants are reported by the caller's checks)."""
    from game.core.registry import get_registry

    registry = get_registry()
    specs = [registry.variants[v] for v in variants if v in registry.variants]
    if not specs:
        return 2
    low = max(s.min_players for s in specs)
    high = min(s.max_players for s in specs)
    if low > high:
        ranges = ", ".join(f"{s.id} {s.min_players}-{s.max_players}" for s in specs)
        raise ConfigError(f"these variants have no player count in common ({ranges}); "
                          "compare them in separate runs")
    return low
