"""Plugin code behind guards: whatever it raises becomes one :class:`PluginFailure`.

The client calls into plugins all the time: the rules every frame (the scores and whose
turn it is, for the players bar), after every action (``to_dict`` for the autosave), in
the bots' thread (``determinize``, ``evaluate``, playouts), and the board view (``draw``,
``update``, ``handle``). A plugin with a bug in any of them must not take the program
down, and the player must learn which plugin failed. So the client never holds a plugin
object bare: :func:`guard_game` puts the rules of every game the client plays behind a
:class:`GuardedRules` facade, and ``App.make_view`` puts the board view behind a
:class:`GuardedView`. A failure then unwinds to the one handler, ``App.plugin_failed``:
autosave if it can, name the plugin, back to the title.

:class:`PluginFailure` is a ``BaseException`` (as ``asyncio.CancelledError`` is) so that
the ``except Exception`` fallbacks meant for bad data (a bot's broken playout policy, a
log that does not replay) do not swallow it on its way there. A bot thread catches every
``BaseException`` and hands it to the frame thread, which raises it again.

The guards hold no state of the game and cost one extra Python call per call into the
plugin (``benchmarks/isolation.py`` measures it).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

from game import api  # api.new_game looked up at each call (a test may stand in for it)
from game.core.errors import AztecArcadeError, IllegalAction
from game.core.facets import BOT_HOOKS
from game.core.registry import get_registry

if TYPE_CHECKING:
    from game.api import Game
    from game.core.engine import Rules
    from game.core.registry import Registry

#: Rules methods that answer a question: the protocol lets them raise nothing at all.
RULES_QUERIES = frozenset({
    "new_state", "current_player", "legal_actions", "is_over", "scores", "winners",
    "to_dict", "from_dict", "clone", "view", "redact", "turn_seat", "why_not",
    "secret_decision", "secret_play"})
#: The facets' hooks that answer a question (:mod:`game.core.facets`): every hook of the
#: bots, and the screens' log sentence, player aid and ``forgoes``. The guard stands in
#: front of the facets too: an engine that does not inherit one gets an adapter over its
#: guarded rules, whose calls come back through here.
BOT_QUERIES = frozenset(BOT_HOOKS)
PRESENTATION_QUERIES = frozenset({"describe_action", "player_aid", "forgoes"})
QUERIES = RULES_QUERIES | BOT_QUERIES | PRESENTATION_QUERIES
#: What the protocol does let a query raise: ``determinize`` may say it cannot (the bots
#: then choose without a state). Any other method may refuse an action (IllegalAction).
ALLOWED: dict[str, tuple[type[BaseException], ...]] = {
    "determinize": (NotImplementedError,)}
#: the longest part of a plugin's exception message quoted to the player
QUOTE = 160


class PluginFailure(BaseException):
    """Plugin code raised where the protocol allows no exception.

    ``plugin`` is the plugin's name as the registry knows it (a drop-in file's stem, a
    package's entry point, a built-in module), ``origin`` where it came from, ``part``
    what of it failed ("the 'mexica' rules") and ``where`` the call ("in scores()").
    """

    def __init__(self, plugin: str, origin: str, part: str, where: str,
                 cause: BaseException) -> None:
        self.plugin = plugin
        self.origin = origin
        self.part = part
        self.where = where
        self.cause = cause
        super().__init__(f"{part} from {origin} raised {self.what}")

    @property
    def what(self) -> str:
        """The exception and the call, e.g. "RuntimeError in scores(): boom"."""
        text = " ".join(str(self.cause).split())
        if len(text) > QUOTE:
            text = text[:QUOTE - 1] + "…"
        name = type(self.cause).__name__
        return f"{name} {self.where}" + (f": {text}" if text else "")

    def summary(self) -> str:
        """One sentence for the player, naming the plugin first."""
        return f"Plugin '{self.plugin}' failed: {self.part} raised {self.what}"


def _nothing(_name: str) -> tuple[type[BaseException], ...]:
    return ()


def rules_allows(name: str) -> tuple[type[BaseException], ...]:
    """The exceptions a rules method may raise under the engine protocol."""
    if name in ALLOWED:
        return ALLOWED[name]
    return () if name in QUERIES else (IllegalAction,)


class Guarded:
    """A facade over a plugin object: attribute reads and calls of its methods that raise
    become :class:`PluginFailure`. ``isinstance`` sees the object's own class."""

    #: keep the wrapped methods (the rules: bots call them in tight loops)
    _guard_cache = False

    def __init__(self, target: Any, plugin: str, origin: str, part: str,
                 allows: Callable[[str], tuple[type[BaseException], ...]] = _nothing) -> None:
        object.__setattr__(self, "_target", target)
        object.__setattr__(self, "_plugin", plugin)
        object.__setattr__(self, "_origin", origin)
        object.__setattr__(self, "_part", part)
        object.__setattr__(self, "_allows", allows)

    @property  # type: ignore[misc]
    def __class__(self) -> type:  # isinstance(guarded, MexicaRules) holds
        return type(object.__getattribute__(self, "_target"))

    def _guard_failure(self, where: str, cause: BaseException) -> PluginFailure:
        get = object.__getattribute__
        return PluginFailure(get(self, "_plugin"), get(self, "_origin"), get(self, "_part"),
                             where, cause)

    def __getattr__(self, name: str) -> Any:
        target = object.__getattribute__(self, "_target")
        try:
            value = getattr(target, name)
        except AttributeError:
            raise
        except (Exception, SystemExit) as exc:  # a property that raised
            raise self._guard_failure(f"while reading {name}", exc) from exc
        if not callable(value) or isinstance(value, type):
            return value
        method = self._guard_wrap(name, value)
        if self._guard_cache:
            object.__getattribute__(self, "__dict__")[name] = method
        return method

    def _guard_wrap(self, name: str, method: Callable[..., Any]) -> Callable[..., Any]:
        allowed = object.__getattribute__(self, "_allows")(name)
        failure = self._guard_failure
        where = f"in {name}()"

        def call(*args: Any, **kwargs: Any) -> Any:
            try:
                return method(*args, **kwargs)
            except allowed:
                raise
            except (Exception, SystemExit) as exc:
                raise failure(where, exc) from exc

        call.__name__ = name
        return call

    def __setattr__(self, name: str, value: Any) -> None:
        object.__getattribute__(self, "__dict__").pop(name, None)
        setattr(object.__getattribute__(self, "_target"), name, value)

    def __delattr__(self, name: str) -> None:
        object.__getattribute__(self, "__dict__").pop(name, None)
        delattr(object.__getattribute__(self, "_target"), name)

    def __repr__(self) -> str:
        return f"<guarded {object.__getattribute__(self, '_target')!r}>"


class GuardedRules(Guarded):
    """A rules object behind the guard: IllegalAction still refuses an action, and
    ``determinize`` may still say it cannot; anything else is the plugin failing."""

    _guard_cache = True


class GuardedView(Guarded):
    """A board view behind the guard: it may raise nothing at all."""


def unguarded(obj: Any) -> Any:
    """The plugin object behind a guard (the object itself if it has none)."""
    if isinstance(obj, Guarded):
        return object.__getattribute__(obj, "_target")
    return obj


def rules_plugin(engine_id: str, registry: Registry | None = None) -> tuple[str, str]:
    """(plugin name, where it came from) of the plugin that provides ``engine_id``."""
    if registry is None:
        registry = get_registry()
    entry = registry.rules.get(engine_id)
    if entry is None:
        return engine_id, f"the plugin that provided '{engine_id}'"
    provider = entry[1]
    return provider, registry.origin_of(provider)


def guard_rules(rules: Any, registry: Registry | None = None) -> Rules:
    """The rules behind the guard, typed as the rules they stand in for: the guard is a
    transparent facade (``isinstance`` sees the rules' own class)."""
    if isinstance(rules, GuardedRules):
        return cast("Rules", rules)
    engine_id = str(getattr(rules, "engine_id", "?"))
    plugin, origin = rules_plugin(engine_id, registry)
    return cast("Rules", GuardedRules(rules, plugin, origin, f"the '{engine_id}' rules",
                                    rules_allows))


def guard_game(game: Game, registry: Registry | None = None) -> Game:
    """Put the game's rules behind the guard (in place; a guarded game stays as it is)."""
    if not isinstance(game.rules, GuardedRules):
        game.rules = guard_rules(game.rules, registry)
    return game


def guard_view(view: Any, plugin: str, origin: str, engine_id: str) -> GuardedView:
    return GuardedView(view, plugin, origin, f"the board view for '{engine_id}'")


def call_plugin(plugin: str, origin: str, part: str, where: str,
                function: Callable[..., Any], *args: Any) -> Any:
    """Call plugin code once (building a view, setting up a game) under the guard:
    AztecArcadeError (a player's bad choice, a bad option) passes, anything else fails."""
    try:
        return function(*args)
    except AztecArcadeError:
        raise
    except (Exception, SystemExit) as exc:
        raise PluginFailure(plugin, origin, part, where, exc) from exc


def start_game(variant: str, players: int, seed: int,
               options: dict[str, Any] | None = None) -> Game:
    """``new_game`` for the client: a plugin raising while it sets up the game is a
    PluginFailure (a bad option is still a ConfigError); the game comes guarded."""
    registry = get_registry()
    spec = registry.variants.get(variant) if isinstance(variant, str) else None
    engine_id = spec.engine_id if spec is not None else str(variant)
    plugin, origin = rules_plugin(engine_id, registry)
    game = call_plugin(plugin, origin, f"the '{engine_id}' rules", "while setting up a game",
                       api.new_game, variant, players, seed, options)
    return guard_game(game, registry)
