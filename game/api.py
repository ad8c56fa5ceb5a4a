"""The stable scripting API used by tests, bots, the CLI, the client and mods.

>>> from game.api import new_game
>>> g = new_game("mexica", players=2, seed=1)
>>> g.apply(g.legal_actions()[0])  # doctest: +SKIP
"""

from __future__ import annotations

import json
from typing import Any

from game.engine import Rules
from game.errors import ConfigError, IllegalAction, SaveError, quote
from game.events import Event
from game.notation import MAX_ACTION_CHARS
from game.plugins import VariantSpec, get_registry
from game.rng import Rng

__all__ = ["Game", "ConfigError", "IllegalAction", "SaveError", "list_variants",
           "broken_variants", "new_game", "load_game", "SAVE_FORMAT"]

SAVE_FORMAT = "aztec-arcade-game"
SAVE_VERSION = 1
#: Seeds are 0 <= seed < SEED_LIMIT: a 64-bit signed integer, which every JSON reader,
#: database and other language keeps exactly; games mix the seed into 64-bit generators
#: anyway, so larger seeds would add nothing but ways to fail.
SEED_LIMIT = 2**63


def seed_problem(seed: object) -> str:
    """Why ``seed`` is not a seed ("" if it is one)."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        return f"the seed must be a whole number, got {quote(seed)}"
    if not 0 <= seed < SEED_LIMIT:
        return (f"the seed must be a whole number from 0 to {SEED_LIMIT - 1}, got "
                f"{quote(seed)}")
    return ""


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
    problem = seed_problem(seed)
    if problem:
        raise ConfigError(problem)
    spec, rules = get_registry().make_rules(variant, players, options)
    return Game(spec, rules, rules.new_state(seed), seed, options, [])


def load_game(text: str | bytes) -> Game:
    """Restore a game saved with :meth:`Game.to_json`; bad input raises SaveError."""
    try:
        data = json.loads(text)
    except (ValueError, TypeError, RecursionError) as exc:
        raise SaveError(f"this is not a saved game (not JSON: {exc})") from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SaveError("this is not an Aztec Arcade saved game")
    if data.get("version") != SAVE_VERSION:
        raise SaveError(f"this save is format version {data.get('version')!r}; "
                        f"this program reads version {SAVE_VERSION}")
    try:
        variant, players, seed = data["variant"], data["players"], data["seed"]
        options, log, engine_id = data["options"], data["log"], data["engine"]
        params, state_data = data["params"], data["state"]
        if not (isinstance(log, list) and all(isinstance(a, str) for a in log)):
            raise TypeError("log must be a list of actions")
        if seed_problem(seed):
            raise TypeError(seed_problem(seed))
        if not (isinstance(variant, str) and isinstance(engine_id, str)):
            raise TypeError("variant and engine must be names")
        if isinstance(players, bool) or not isinstance(players, int) or players < 1:
            raise TypeError("players must be a positive whole number")
        if options is not None and not isinstance(options, dict):
            raise TypeError("options must be a mapping")
    except (KeyError, TypeError) as exc:
        raise SaveError(f"this saved game is damaged ({exc})") from None
    registry = get_registry()
    try:
        engine = registry.engine(engine_id)
    except ConfigError:
        raise SaveError(f"this save needs the '{engine_id}' rules, which are not installed"
                        ) from None
    spec = registry.variants.get(variant) or VariantSpec(
        id=str(variant), name=str(variant), description="", min_players=players,
        max_players=players, engine_id=engine_id, params=params, source="save",
        provider="save")
    from game.schema import Context

    ctx = Context("save", base=("params",))
    checked = engine.parameters.check(params, (), ctx)
    if not ctx.issues:
        engine.check_params(checked, ctx)
    issues = list(ctx.issues) or engine.check_players(checked, players)
    if issues:
        raise SaveError("this saved game has invalid variant parameters: "
                        + "; ".join(str(i) for i in issues))
    try:
        rules = engine(checked, players)
        state = rules.from_dict(state_data)
    except Exception as exc:  # noqa: BLE001 - whatever the engine raises, the save is bad
        raise SaveError(f"this saved game is damaged ({type(exc).__name__}: {exc})") from None
    return Game(spec, rules, state, seed, options, list(log))


class Game:
    """One game in progress: the rules, the state and the log of applied actions."""

    def __init__(self, spec: VariantSpec, rules: Rules, state: Any, seed: int,
                 options: dict[str, Any] | None, log: list[str]) -> None:
        self.spec = spec
        self.rules = rules
        self.state = state
        self.seed = seed
        self.options = options
        self._log = log

    @property
    def variant(self) -> str:
        return self.spec.id

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def current_player(self) -> int | None:
        return self.rules.current_player(self.state)

    def legal_actions(self) -> list[str]:
        if self.rules.is_over(self.state):
            return []
        return self.rules.legal_actions(self.state)

    def apply(self, action: str) -> list[Event]:
        """Apply one action; on IllegalAction nothing has changed."""
        if not isinstance(action, str):
            raise IllegalAction(f"an action is a line of text, not {type(action).__name__}")
        if len(action) > MAX_ACTION_CHARS:
            raise IllegalAction(f"{quote(action)} is not an action: actions are at most "
                                f"{MAX_ACTION_CHARS} characters long")
        if self.rules.is_over(self.state):
            raise IllegalAction("the game is over")
        canonical, events = self.rules.apply(self.state, action)
        self._log.append(canonical)
        return events

    @property
    def is_over(self) -> bool:
        return self.rules.is_over(self.state)

    @property
    def scores(self) -> list[int]:
        return list(self.rules.scores(self.state))

    @property
    def winners(self) -> list[int]:
        return list(self.rules.winners(self.state))

    @property
    def log(self) -> list[str]:
        return list(self._log)

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know (None: a spectator). Safe to hand to a bot."""
        if seat is not None and not (isinstance(seat, int) and 0 <= seat < self.players):
            raise ValueError(f"seat must be 0..{self.players - 1} or None")
        data = self.rules.view(self.state, seat)
        data["seat"] = seat
        return data

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": SAVE_FORMAT, "version": SAVE_VERSION, "variant": self.spec.id,
            "engine": self.rules.engine_id, "players": self.players, "seed": self.seed,
            "options": self.options, "params": self.rules.params, "log": list(self._log),
            "state": self.rules.to_dict(self.state),
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), separators=(",", ":"))

    def clone(self) -> Game:
        return Game(self.spec, self.rules, self.rules.clone(self.state), self.seed,
                    self.options, list(self._log))

    def playout_action(self, rng: Rng) -> str:
        """The variant's cheap random-playout choice for the current decision."""
        return self.rules.playout_action(self.state, rng)

    def describe(self, action: str) -> str:
        return self.rules.describe_action(self.state, action)
