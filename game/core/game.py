"""Games and saves: :class:`Game`, starting one, and reading, checking and replaying a save.

The implementation behind :mod:`game.api`, the public face that tests, bots, the CLI,
the client and mods import (it re-exports what is stable here); kernel modules import
this one so that the kernel never reaches up to a face.

>>> from game.api import new_game
>>> g = new_game("mexica", players=2, seed=1)
>>> g.apply(g.legal_actions()[0])  # doctest: +SKIP

What a save is. :meth:`Game.to_json` writes the variant, engine, players, seed, options
and parameters, the log of actions and the state. **The log, with the variant, players,
seed, options and parameters, is the truth; the stored state is a check.** The engine is
deterministic, so :func:`load_game` replays the log from a fresh game with the save's own
parameters (not the installed variant's, which may have changed since) and refuses the
save with a :class:`SaveError` when an action is not legal where it stands (naming the
action's number) or when the game it replays to is not the stored state (naming the first
part that differs). So an edited log, seed or state, or a state copied from another point
of the game, never loads as if nothing were wrong; ``aztec-arcade replay`` shows the same
replay action by action. A save written by rules that have since changed is refused the
same way rather than continuing a game the rules never reached.

Saves of an older format version (``READS_VERSIONS``) still load. Version 1 saves (before
states became typed data) hold the state in the form the engines wrote then, which they
need not read any more. Rather than keep a converter per engine and version, such a save
trusts its log: :func:`load_game` replays it, refuses the save if an action does not
replay, and returns the game the replay reached without reading the stored state. That
loses nothing a player could notice: the game is the one its log plays, exactly as the
newer check would have required; only an edit of the stored state alone goes unnoticed,
and it changes nothing (``aztec-arcade replay`` says the state was not compared). The
next save of that game is written in today's version.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.core.engine import Rules
from game.core.errors import ConfigError, IllegalAction, SaveError, quote
from game.core.events import Event
from game.core.facets import bot_hooks, presentation
from game.core.notation import MAX_ACTION_CHARS
from game.core.registry import VariantSpec, get_registry
from game.core.rng import Rng
from game.i18n.message import Msg, Text

__all__ = ["Game", "ConfigError", "IllegalAction", "SaveError", "list_variants",
           "broken_variants", "new_game", "load_game", "read_save", "SaveFile",
           "ReplayError", "SAVE_FORMAT"]

SAVE_FORMAT = "aztec-arcade-game"
#: Version 2: states became typed data (issue 14). Its JSON form kept the keys of version
#: 1, but an engine may now write a part differently (a record's keys, its order).
SAVE_VERSION = 2
#: The versions this program loads. A save of an older version is replayed from its log
#: alone: its stored state is not read or compared (see the module docstring).
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
#: saves are tens of kilobytes; a file far larger is refused before it is parsed
MAX_SAVE_BYTES = 16 * 1024 * 1024
#: a save nests a few levels deep; much deeper JSON is damage (and would recurse)
MAX_SAVE_DEPTH = 64
#: The longest log a save may hold, unless its rules' ``playout_limit`` allows more: a
#: whole game of the built-in rules is a few hundred actions (four-player Mexica about
#: 400), and even their random playouts stay within 20,000. A longer log is damage or a
#: file made to be slow; it is refused before its replay, which costs tens of
#: microseconds an action (seconds for this many).
MAX_LOG_ACTIONS = 100_000


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
    """Restore a game saved with :meth:`Game.to_json`; bad input raises SaveError.

    The log is replayed from a fresh game (see the module docstring), so this costs about
    as much as playing the logged actions again: a few tenths of a second for a finished
    four-player game at most.
    """
    save = read_save(text)
    if not save.compares_state:  # an older form of the state: the log alone is the game
        return save.replay()
    try:
        stored = save.rules.from_dict(save.state)
    except Exception as exc:  # noqa: BLE001 - whatever the engine raises, the save is bad
        raise SaveError(f"this saved game is damaged ({type(exc).__name__}: "
                        f"{_short(str(exc), 300)})") from None
    replayed = save.replay()
    problem = save.difference(replayed)
    if problem:
        raise SaveError(f"this saved game does not match its own log: after replaying "
                        f"all {len(save.log)} actions, {problem}")
    return Game(save.spec, save.rules, stored, save.seed, save.options, replayed.log)


def read_save(text: str | bytes) -> SaveFile:
    """A save's parts, checked for shape and parameters but not replayed yet.

    :func:`load_game` is what a program wants; this serves ``aztec-arcade replay``, which
    shows the replay action by action and says where it diverges.
    """
    data = _save_data(text)
    try:
        variant, players, seed = data["variant"], data["players"], data["seed"]
        options, log, engine_id = data["options"], data["log"], data["engine"]
        params, state_data = data["params"], data["state"]
        _check_header(variant, players, seed, options, log, engine_id, state_data)
    except (KeyError, TypeError) as exc:
        raise SaveError(f"this saved game is damaged ({exc})") from None
    registry = get_registry()
    spec = registry.variants.get(variant) or VariantSpec(
        id=variant, name=variant, description="", min_players=players,
        max_players=players, engine_id=engine_id, params=params, source="save",
        provider="save")
    rules = _save_rules(engine_id, params, players)
    longest = max(MAX_LOG_ACTIONS, rules.playout_limit)
    if len(log) > longest:
        raise SaveError(f"this saved game is damaged: its log holds {len(log):,} actions, "
                        f"more than any game of these rules needs (at most {longest:,})")
    return SaveFile(spec, rules, seed, options, list(log), state_data, data["version"])


def _save_data(text: object) -> dict[str, Any]:
    """The JSON mapping of a save of a version this program reads."""
    if not isinstance(text, str | bytes | bytearray):
        raise SaveError(f"this is not a saved game (a {type(text).__name__}, not text)")
    if len(text) > MAX_SAVE_BYTES:
        raise SaveError(f"this is not a saved game: {len(text):,} bytes is far more than "
                        f"any save holds (at most {MAX_SAVE_BYTES:,})")
    try:
        data = json.loads(text, parse_constant=_refuse_constant)
    except (ValueError, TypeError, RecursionError) as exc:
        raise SaveError(f"this is not a saved game (not JSON: {_short(str(exc), 120)})"
                        ) from None
    if not _nesting_within(data, MAX_SAVE_DEPTH):
        raise SaveError(f"this saved game is damaged (nested deeper than {MAX_SAVE_DEPTH} "
                        "levels)")
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SaveError("this is not an Aztec Arcade saved game")
    version = data.get("version")
    if type(version) is not int or version not in READS_VERSIONS:
        raise SaveError(f"this save is format version {_short(repr(version), 40)}; this "
                        f"program reads versions {READS_VERSIONS[0]} to {SAVE_VERSION}")
    return data


def _check_header(variant: object, players: object, seed: object, options: object,
                  log: object, engine_id: object, state_data: object) -> None:
    """Raise TypeError naming the first part of a save's header of the wrong kind."""
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
    if not isinstance(state_data, dict):
        raise TypeError("state must be a mapping")


def _save_rules(engine_id: str, params: Any, players: int) -> Rules:
    """The rules of a save, built from its own parameters (checked as options are)."""
    registry = get_registry()
    try:
        engine = registry.engine(engine_id)
    except ConfigError:
        raise SaveError(f"this save needs the '{_short(engine_id, 60)}' rules, which are "
                        "not installed") from None
    from game.core.schema import Context

    ctx = Context("save", base=("params",))
    try:
        checked = engine.parameters.check(params, (), ctx)
        if not ctx.issues:
            engine.check_params(checked, ctx)
        issues = list(ctx.issues) or engine.check_players(checked, players)
    except Exception as exc:  # noqa: BLE001 - a plugin's checks failing on odd data
        provider = registry.rules.get(engine_id, (None, "unknown"))[1]
        raise SaveError(f"Plugin '{provider}' failed: the '{engine_id}' rules raised "
                        f"{type(exc).__name__} while reading this save's parameters: "
                        f"{_short(str(exc), 200)}") from None
    if issues:
        raise SaveError("this saved game has invalid variant parameters: "
                        + _short("; ".join(str(i) for i in issues), 600))
    try:
        return engine(checked, players)
    except Exception as exc:  # noqa: BLE001 - whatever the engine raises, the save is bad
        raise SaveError(f"this saved game is damaged ({type(exc).__name__}: "
                        f"{_short(str(exc), 300)})") from None


@dataclass
class SaveFile:
    """The parts of a save: what to replay (rules, seed, log) and the state to expect."""

    spec: VariantSpec
    rules: Rules
    seed: int
    options: dict[str, Any] | None
    log: list[str]
    #: the stored state, as JSON data: only compared with the replay
    state: dict[str, Any]
    #: the save's format version (``READS_VERSIONS``)
    version: int = SAVE_VERSION

    @property
    def compares_state(self) -> bool:
        """Whether the stored state is in today's form, so the replay is compared with it.
        A save of an older version holds the state in a form this program no longer
        reads; its log alone is the game (see the module docstring)."""
        return self.version == SAVE_VERSION

    def replay(self, on_action: Callable[[int, int | None, str, list[Event]], None] | None
               = None) -> Game:
        """The game the log replays to from a fresh game, calling ``on_action(number, seat,
        action, events)`` after each action (numbered from 1).

        An action the rules refuse (or fail on) raises :class:`ReplayError` naming it.
        """
        try:
            game = Game(self.spec, self.rules, self.rules.new_state(self.seed), self.seed,
                        self.options, [])
        except Exception as exc:  # noqa: BLE001 - a plugin failing on an odd seed
            raise SaveError(f"this saved game is damaged: the rules cannot start a game "
                            f"with its seed ({type(exc).__name__}: {_short(str(exc), 200)})"
                            ) from None
        for number, action in enumerate(self.log, 1):
            try:
                seat = game.current_player
                events = game.apply(action)
            except IllegalAction as exc:
                raise ReplayError(number, len(self.log), action, str(exc)) from None
            except Exception as exc:  # noqa: BLE001 - a rules bug on this log
                raise ReplayError(number, len(self.log), action,
                                  f"the rules failed ({type(exc).__name__}: {exc})") from None
            if on_action is not None:
                on_action(number, seat, action, events)
        return game

    def difference(self, game: Game) -> str:
        """Where ``game``'s state differs from the stored one, for a person ('' if not, or
        if the stored state is in an older form: ``compares_state``)."""
        if not self.compares_state:
            return ""
        try:
            mine = json.loads(json.dumps(game.rules.to_dict(game.state)))
            if json.dumps(mine, sort_keys=True) == json.dumps(self.state, sort_keys=True):
                return ""  # the common case, in C; the walk below only explains
            return _first_difference(self.state, mine, "state") or "its state differs"
        except (ValueError, TypeError, RecursionError) as exc:
            return f"its state cannot be compared ({type(exc).__name__}: {exc})"


class ReplayError(SaveError):
    """An action in a save's log that the rules refuse when it is replayed."""

    def __init__(self, number: int, total: int, action: str, reason: str) -> None:
        self.number = number
        self.action = action
        #: the action as a message may quote it (a short prefix of a long one)
        self.quoted = _short(repr(action), 60)
        self.reason = _short(reason.strip().splitlines()[0] if reason.strip() else reason, 300)
        super().__init__(f"this saved game does not match its own log: action {number} of "
                         f"{total} ({self.quoted}) cannot be replayed: {self.reason}")


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def _nesting_within(data: Any, limit: int) -> bool:
    """Whether ``data`` nests lists and mappings at most ``limit`` deep (no recursion)."""
    stack = [(data, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth > limit:
            return False
        stack.extend((child, depth + 1) for child in children
                     if isinstance(child, dict | list))
    return True


def _first_difference(stored: Any, replayed: Any, path: str) -> str:
    """The first place where two JSON values differ, said for a person ('' if equal).

    Types count (``1``, ``1.0`` and ``true`` differ), as they would in the file.
    """
    stack = [(stored, replayed, path)]
    while stack:
        a, b, where = stack.pop()
        if type(a) is not type(b):
            return (f"{_short(where, 80)} is {_short(json.dumps(a), 40)} in the file but "
                    f"{_short(json.dumps(b), 40)} by the rules")
        if isinstance(a, dict):
            extra = [k for k in a if k not in b]
            missing = [k for k in b if k not in a]
            if extra:
                return (f"{_short(where, 80)}.{_short(extra[0], 40)} is in the file but "
                        "not in the game")
            if missing:
                return f"{_short(where, 80)}.{_short(missing[0], 40)} is missing from the file"
            stack.extend((a[k], b[k], f"{where}.{k}") for k in reversed(list(a)))
        elif isinstance(a, list):
            if len(a) != len(b):
                return (f"{_short(where, 80)} has {len(a)} entries in the file but "
                        f"{len(b)} by the rules")
            stack.extend((x, y, f"{where}[{i}]") for i, (x, y) in reversed(list(
                enumerate(zip(a, b, strict=True)))))
        elif a != b:
            return (f"{_short(where, 80)} is {_short(json.dumps(a), 40)} in the file but "
                    f"{_short(json.dumps(b), 40)} by the rules")
    return ""


def _short(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters, so a huge value is quoted, not echoed."""
    return text if len(text) <= limit else text[:limit - 1] + "…"


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
        #: the variant's parameters as JSON, made by the first save (see ``to_json``)
        self._params_text: tuple[object, str] | None = None

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
        return {
            "format": SAVE_FORMAT, "version": SAVE_VERSION, "variant": self.spec.id,
            "engine": self.rules.engine_id, "players": self.players, "seed": self.seed,
            "options": self.options, "params": self.rules.params, "log": list(self._log),
            "state": self.rules.to_dict(self.state),
        }

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
        head = json.dumps(data, separators=(",", ":"))
        return "".join((head[:-1], ',"params":', memo[1], ',"log":',
                        json.dumps(log, separators=(",", ":")), ',"state":',
                        json.dumps(state, separators=(",", ":")), "}"))

    def clone(self) -> Game:
        copy = Game(self.spec, self.rules, self.rules.clone(self.state), self.seed,
                    self.options, list(self._log))
        copy._params_text = self._params_text  # the same rules, the same parameters
        return copy

    def playout_action(self, rng: Rng) -> str:
        """The variant's cheap random-playout choice for the current decision."""
        return bot_hooks(self.rules).playout_action(self.state, rng)

    def describe(self, action: str) -> Text:
        return presentation(self.rules).describe_action(self.state, action)
