"""Saves: reading, checking and replaying what :meth:`~game.core.game.Game.to_json` wrote.

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

A game built at a position for a test (:meth:`Game.at_position`) writes its start beside
its log in a format of its own (``POSITION_FORMAT``). :func:`load_game` refuses it: it is
no saved game, and must never be mistaken for one. :func:`load_position` reads it back,
replaying the log from that start and comparing, as :func:`load_game` does;
:func:`read_save` reads both (``SaveFile.start`` says where the replay starts).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.core.engine import Rules
from game.core.errors import ConfigError, IllegalAction, SaveError
from game.core.events import Event
from game.core.game import (
    POSITION_FORMAT,
    READS_VERSIONS,
    SAVE_FORMAT,
    SAVE_VERSION,
    Game,
    position_state,
    seed_problem,
)
from game.core.jsondiff import first_difference, same_json, short
from game.core.registry import Registry, get_registry
from game.core.variantfile import VariantSpec

__all__ = ["load_game", "load_position", "read_save", "SaveFile", "ReplayError",
           "MAX_SAVE_BYTES", "MAX_SAVE_DEPTH", "MAX_LOG_ACTIONS", "NOT_A_SAVE"]

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
#: why :func:`load_game` refuses what a game built at a position wrote
NOT_A_SAVE = "this is a position built for a test, not a saved game"

def load_game(text: str | bytes, registry: Registry | None = None) -> Game:
    """Restore a game saved with :meth:`Game.to_json` on ``registry``'s engines (the
    process's by default); bad input raises SaveError.

    The log is replayed from a fresh game (see the module docstring), so this costs about
    as much as playing the logged actions again: a few tenths of a second for a finished
    four-player game at most.
    """
    data = _save_data(text)
    if data["format"] == POSITION_FORMAT:
        raise SaveError(NOT_A_SAVE)
    return _checked(_read(data, registry))


def load_position(text: str | bytes, registry: Registry | None = None) -> Game:
    """Restore a game built at a position (what its :meth:`Game.to_json` wrote): its log
    is replayed from its start and compared with the stored state, as :func:`load_game`
    does for a save; SaveError if it does not match, or if ``text`` is a saved game."""
    data = _save_data(text)
    if data["format"] != POSITION_FORMAT:
        raise SaveError("this is a saved game, not a position built for a test: load it "
                        "with load_game")
    return _checked(_read(data, registry))


def _checked(save: SaveFile) -> Game:
    """The game ``save``'s log replays to, if it is the stored state (see the module
    docstring); the stored state, as the rules read it, is the game's."""
    if not save.compares_state:  # an older form of the state: the log alone is the game
        return save.replay()
    try:
        stored = save.rules.from_dict(save.state)
    except Exception as exc:  # noqa: BLE001 - whatever the engine raises, the save is bad
        raise SaveError(f"this saved game is damaged ({type(exc).__name__}: "
                        f"{short(str(exc), 300)})") from None
    replayed = save.replay()
    problem = save.difference(replayed)
    if problem:
        raise SaveError(f"this saved game does not match its own log: after replaying "
                        f"all {len(save.log)} actions, {problem}")
    return Game(save.spec, save.rules, stored, save.seed, save.options, replayed.log,
                replayed.position)


def read_save(text: str | bytes, registry: Registry | None = None) -> SaveFile:
    """A save's parts, checked for shape and parameters but not replayed yet.

    :func:`load_game` is what a program wants; this serves ``aztec-arcade replay``, which
    shows the replay action by action and says where it diverges.
    """
    return _read(_save_data(text), registry)


def _read(data: dict[str, Any], registry: Registry | None) -> SaveFile:
    """:func:`read_save` of a save's JSON mapping."""
    try:
        variant, players, seed = data["variant"], data["players"], data["seed"]
        options, log, engine_id = data["options"], data["log"], data["engine"]
        params, state_data = data["params"], data["state"]
        start = data["position"] if data["format"] == POSITION_FORMAT else None
        _check_header(variant, players, seed, options, log, engine_id, state_data)
        if start is not None and not isinstance(start, dict):
            raise TypeError("position must be a mapping")
    except (KeyError, TypeError) as exc:
        raise SaveError(f"this saved game is damaged ({exc})") from None
    if registry is None:
        registry = get_registry()
    spec = registry.variants.get(variant) or VariantSpec(
        id=variant, name=variant, description="", min_players=players,
        max_players=players, engine_id=engine_id, params=params, source="save",
        provider="save")
    rules = _save_rules(registry, engine_id, params, players)
    longest = max(MAX_LOG_ACTIONS, rules.playout_limit)
    if len(log) > longest:
        raise SaveError(f"this saved game is damaged: its log holds {len(log):,} actions, "
                        f"more than any game of these rules needs (at most {longest:,})")
    return SaveFile(spec, rules, seed, options, list(log), state_data, data["version"],
                    start)


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
        raise SaveError(f"this is not a saved game (not JSON: {short(str(exc), 120)})"
                        ) from None
    if not _nesting_within(data, MAX_SAVE_DEPTH):
        raise SaveError(f"this saved game is damaged (nested deeper than {MAX_SAVE_DEPTH} "
                        "levels)")
    if not isinstance(data, dict) or data.get("format") not in (SAVE_FORMAT, POSITION_FORMAT):
        raise SaveError("this is not an Aztec Arcade saved game")
    version = data.get("version")
    if type(version) is not int or version not in READS_VERSIONS:
        raise SaveError(f"this save is format version {short(repr(version), 40)}; this "
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


def _save_rules(registry: Registry, engine_id: str, params: Any, players: int) -> Rules:
    """The rules of a save, built from its own parameters (checked as options are)."""
    try:
        engine = registry.engine(engine_id)
    except ConfigError:
        raise SaveError(f"this save needs the '{short(engine_id, 60)}' rules, which are "
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
                        f"{short(str(exc), 200)}") from None
    if issues:
        raise SaveError("this saved game has invalid variant parameters: "
                        + short("; ".join(str(i) for i in issues), 600))
    try:
        return engine(checked, players)
    except Exception as exc:  # noqa: BLE001 - whatever the engine raises, the save is bad
        raise SaveError(f"this saved game is damaged ({type(exc).__name__}: "
                        f"{short(str(exc), 300)})") from None


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
    #: where the log starts, as data, for a game built at a position (``POSITION_FORMAT``);
    #: None: at the rules' own start from the seed
    start: dict[str, Any] | None = None

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
        game = self._start()
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

    def _start(self) -> Game:
        """The game the log starts from: the rules' start, or the position's."""
        if self.start is not None:
            try:
                state, data = position_state(self.rules, self.start)
            except ConfigError as exc:
                raise SaveError(f"this position is damaged: {exc}") from None
            return Game(self.spec, self.rules, state, self.seed, self.options, [], data)
        try:
            return Game(self.spec, self.rules, self.rules.new_state(self.seed), self.seed,
                        self.options, [])
        except Exception as exc:  # noqa: BLE001 - a plugin failing on an odd seed
            raise SaveError(f"this saved game is damaged: the rules cannot start a game "
                            f"with its seed ({type(exc).__name__}: {short(str(exc), 200)})"
                            ) from None

    def difference(self, game: Game) -> str:
        """Where ``game``'s state differs from the stored one, for a person ('' if not, or
        if the stored state is in an older form: ``compares_state``)."""
        if not self.compares_state:
            return ""
        try:
            mine = json.loads(json.dumps(game.rules.to_dict(game.state)))
            if same_json(self.state, mine):
                return ""  # the common case, in C; the walk below only explains
            return first_difference(self.state, mine, "state") or "its state differs"
        except (ValueError, TypeError, RecursionError) as exc:
            return f"its state cannot be compared ({type(exc).__name__}: {exc})"


class ReplayError(SaveError):
    """An action in a save's log that the rules refuse when it is replayed."""

    def __init__(self, number: int, total: int, action: str, reason: str) -> None:
        self.number = number
        self.action = action
        #: the action as a message may quote it (a short prefix of a long one)
        self.quoted = short(repr(action), 60)
        self.reason = short(reason.strip().splitlines()[0] if reason.strip() else reason, 300)
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
