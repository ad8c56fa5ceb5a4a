"""Games: :class:`Game`, one game in progress, and :func:`start_game` on a catalog.

The implementation behind :mod:`game.api`, the public face that tests, bots, the CLI,
the client and mods import (it re-exports what is stable here, and its ``new_game``
starts a game on the process's registry); kernel modules import this one so that the
kernel never reaches up to a face. Reading a save back is :mod:`game.core.saves`.

A game may also start at a *position* described as data (:func:`start_position`,
:meth:`Game.at_position`): a state checked by the engine's codec, with no log before it,
for tests and puzzles. Such a game is marked (:attr:`Game.position`), saves in a format of
its own (``POSITION_FORMAT``, with the start beside the log) and is never taken for a
saved game: ``load_game`` refuses it, and ``load_position`` replays its log from its start.

Why a game is started on a :class:`~game.core.catalog.Catalog` that is handed in: a
lesson checked against one registry starts its game on that registry, and this module
must not import the registry (which checks lessons, which start games).

>>> from game.api import new_game
>>> g = new_game("mexica", players=2, seed=1)
>>> g.apply(g.legal_actions()[0])  # doctest: +SKIP
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from game.core.engine import Rules
from game.core.errors import ConfigError, IllegalAction, quote
from game.core.events import Event
from game.core.facets import bot_hooks, presentation
from game.core.jsondiff import first_difference, same_json, short
from game.core.notation import MAX_ACTION_CHARS
from game.core.rng import Rng
from game.core.variantfile import VariantSpec
from game.i18n.message import Msg, Text

if TYPE_CHECKING:
    from game.core.catalog import Catalog

__all__ = ["Game", "start_game", "start_position", "position_state", "seed_problem",
           "SAVE_FORMAT", "POSITION_FORMAT", "SAVE_VERSION", "READS_VERSIONS", "SEED_LIMIT"]

SAVE_FORMAT = "aztec-arcade-game"
#: the format a game started at a position writes: never a saved game (its log does not
#: lead to its start from the rules' own start), so ``load_game`` refuses it
POSITION_FORMAT = "aztec-arcade-position"
#: Version 2: states became typed data (issue 14). Its JSON form kept the keys of version
#: 1, but an engine may now write a part differently (a record's keys, its order).
SAVE_VERSION = 2
#: The versions this program loads. A save of an older version is replayed from its log
#: alone: its stored state is not read or compared (see :mod:`game.core.saves`).
READS_VERSIONS = (1, 2)
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


def start_game(catalog: Catalog, variant: str, players: int, seed: int = 0,
               options: dict[str, Any] | None = None) -> Game:
    """Start a game of ``catalog``'s ``variant``. ``options`` override the variant's YAML
    parameters (same schema).

    ``seed`` is a whole number, 0 <= seed < 2**63 (``SEED_LIMIT``)."""
    problem = seed_problem(seed)
    if problem:
        raise ConfigError(problem)
    spec, rules = catalog.make_rules(variant, players, options)
    return Game(spec, rules, rules.new_state(seed), seed, options, [])


def start_position(catalog: Catalog, variant: str, players: int, state: Mapping[str, Any],
                   seed: int = 0, options: Mapping[str, Any] | None = None) -> Game:
    """A game of ``catalog``'s ``variant`` at the position ``state`` (data, as the rules'
    ``to_dict`` writes it), with no log before it; see :func:`position_state` for the
    checks. ``seed`` and ``options`` are those of :func:`start_game`."""
    problem = seed_problem(seed)
    if problem:
        raise ConfigError(problem)
    chosen = dict(options) if isinstance(options, Mapping) else options
    spec, rules = catalog.make_rules(variant, players, chosen)
    start, data = position_state(rules, state)
    return Game(spec, rules, start, seed, chosen, [], position=data)


def position_state(rules: Rules, state: object) -> tuple[Any, dict[str, Any]]:
    """The rules' state for the position ``state``, and ``state`` as JSON data (the start a
    position game keeps and saves).

    The data is normalised as a save's is (through JSON), read by the rules' ``from_dict``
    (whose codec checks every part) and written again by ``to_dict``, which must give the
    same data back, so a key the codec silently drops is refused too. Otherwise
    ConfigError("not a position of '<engine>': <the first problem>"). A finished game is
    a position like any other.
    """
    def refuse(problem: str) -> ConfigError:
        return ConfigError(f"not a position of '{rules.engine_id}': {problem}")

    if not isinstance(state, Mapping):
        raise refuse(f"a position is a mapping of the state's parts, not "
                     f"{type(state).__name__}")
    try:
        text = json.dumps(state, allow_nan=False)
    except (TypeError, ValueError, RecursionError) as exc:
        raise refuse(f"it is not plain JSON data ({short(str(exc), 120)})") from None
    data = json.loads(text)
    try:  # the rules get a copy of their own: what they keep must not be the start
        made = rules.from_dict(json.loads(text))
        again = json.loads(json.dumps(rules.to_dict(made)))
    except KeyError as exc:
        raise refuse(f"the part {short(str(exc), 60)} is missing") from None
    except (TypeError, ValueError) as exc:  # the codec's StateError is a ValueError
        said = str(exc) if type(exc).__name__ == "StateError" else \
            f"{type(exc).__name__}: {exc}"
        raise refuse(short(said, 300)) from None
    if not same_json(data, again):
        raise refuse(first_difference(data, again, "state", "the position")
                     or "the rules write it differently")
    return made, data


class Game:
    """One game in progress: the rules, the state and the log of applied actions."""

    def __init__(self, spec: VariantSpec, rules: Rules, state: Any, seed: int,
                 options: dict[str, Any] | None, log: list[str],
                 position: dict[str, Any] | None = None) -> None:
        self.spec = spec
        self.rules = rules
        self.state = state
        self.seed = seed
        self.options = options
        self._log = log
        #: the start of a game built at a position (JSON data; never changed), else None
        self._position = position
        #: the variant's parameters as JSON, made by the first save (see ``to_json``)
        self._params_text: tuple[object, str] | None = None

    @property
    def position(self) -> dict[str, Any] | None:
        """The state this game started from, as data (a copy), when it was built at a
        position (:meth:`at_position`); None for a game played from the rules' start."""
        return None if self._position is None else json.loads(json.dumps(self._position))

    @property
    def is_position(self) -> bool:
        """Whether this game was built at a position: its log starts there, not at the
        rules' start, so it is no saved game (the client never autosaves it)."""
        return self._position is not None

    def at_position(self, state: Mapping[str, Any]) -> Game:
        """A game of the same rules, seed and options at the position ``state`` (data, as
        the rules' ``to_dict`` writes it), with an empty log; ConfigError if it is not a
        position of these rules (:func:`position_state`)."""
        start, data = position_state(self.rules, state)
        return Game(self.spec, self.rules, start, self.seed, self.options, [],
                    position=data)

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
        problem = self._not_an_action(action)
        if problem:
            raise IllegalAction(problem)
        canonical, events = self.rules.apply(self.state, action)
        self._log.append(canonical)
        return events

    def why_not(self, action: str) -> Text | None:
        """Why :meth:`apply` would refuse ``action`` now (None: it would take it), without
        changing anything; the rules' ``why_not``."""
        return self._not_an_action(action) or self.rules.why_not(self.state, action)

    def forgoes(self, action: str) -> Text:
        """What ``action`` would give up that a player may not mean to ("5 AP left"; ""
        for nothing): the rules' ``forgoes``."""
        if self._not_an_action(action):
            return ""
        said = presentation(self.rules).forgoes(self.state, action)
        return said if isinstance(said, str | Msg) else ""

    def secret_decision(self) -> bool:
        """Whether the decision at hand needs the decider's secrets in view (the rules'
        ``secret_decision``); False once the game is over."""
        return not self.is_over and self.rules.secret_decision(self.state) is True

    def secret_play(self, action: str) -> bool:
        """Whether ``action`` would play a secret of the decider that the position does
        not show (the rules' ``secret_play``); False for what is not an action."""
        if self._not_an_action(action):
            return False
        return self.rules.secret_play(self.state, action) is True

    def _not_an_action(self, action: object) -> str:
        """Why ``action`` is refused before the rules see it ('' if they decide)."""
        if not isinstance(action, str):
            return f"an action is a line of text, not {type(action).__name__}"
        if len(action) > MAX_ACTION_CHARS:
            return (f"{quote(action)} is not an action: actions are at most "
                    f"{MAX_ACTION_CHARS} characters long")
        if self.rules.is_over(self.state):
            return "the game is over"
        return ""

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
        """The save of this game; a game built at a position writes ``POSITION_FORMAT``
        and its start (``"position"``) before the log of the actions after it."""
        data: dict[str, Any] = {
            "format": SAVE_FORMAT if self._position is None else POSITION_FORMAT,
            "version": SAVE_VERSION, "variant": self.spec.id,
            "engine": self.rules.engine_id, "players": self.players, "seed": self.seed,
            "options": self.options, "params": self.rules.params,
        }
        if self._position is not None:
            data["position"] = self.position
        data["log"] = list(self._log)
        data["state"] = self.rules.to_dict(self.state)
        return data

    def to_json(self) -> str:
        """``json.dumps(self.to_dict())`` without spaces, to the byte. The parameters,
        which no action changes, are written once per game: in Aztlán, with its map,
        they are three quarters of a save, and saves are made after every action (the
        autosave, the conformance kit's probes)."""
        data = self.to_dict()
        params = data.pop("params")
        memo = self._params_text
        if memo is None or memo[0] is not params:
            memo = self._params_text = (params, json.dumps(params, separators=(",", ":")))
        log, state = data.pop("log"), data.pop("state")
        start = data.pop("position", None)
        head = json.dumps(data, separators=(",", ":"))
        position = "" if start is None else \
            ',"position":' + json.dumps(start, separators=(",", ":"))
        return "".join((head[:-1], ',"params":', memo[1], position, ',"log":',
                        json.dumps(log, separators=(",", ":")), ',"state":',
                        json.dumps(state, separators=(",", ":")), "}"))

    def clone(self) -> Game:
        copy = Game(self.spec, self.rules, self.rules.clone(self.state), self.seed,
                    self.options, list(self._log), self._position)
        copy._params_text = self._params_text  # the same rules, the same parameters
        return copy

    def playout_action(self, rng: Rng) -> str:
        """The variant's cheap random-playout choice for the current decision."""
        return bot_hooks(self.rules).playout_action(self.state, rng)

    def describe(self, action: str) -> Text:
        return presentation(self.rules).describe_action(self.state, action)
