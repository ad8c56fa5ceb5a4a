"""Running plugin code while the plugins load: in pluggy's order, one failure per plugin.

Every ``register_*`` hook is called here, by :func:`call_hooks`, and nowhere else, so the
order is the same for engines, variants and board views. pluggy keeps a hook's
implementations in a list, ``get_hookimpls()``, and calls them from its end to its start
(pluggy's ``_multicall`` walks ``reversed(hook_impls)``): the most recently
registered plugin first, ``tryfirst=True`` implementations before all others and
``trylast=True`` ones after them. :func:`call_hooks` walks the list the same way but calls
each implementation on its own, so that one plugin raising becomes a failure naming it
instead of stopping the others. That is also why wrappers (``wrapper=True``,
``hookwrapper=True``) are refused (:func:`wrapper_hooks`): they wrap a single call of the
whole chain, which never happens here.

Plugin code may raise anything, ``SystemExit`` and ``KeyboardInterrupt`` included (a
module calling ``sys.exit(3)`` at import). :class:`Interrupts` tells such a failure from
a real Ctrl+C pressed by the user while the plugins load, which must still stop the
program.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable
from types import FrameType, FunctionType, MethodType, ModuleType
from typing import Any

import pluggy


class Interrupts:
    """While active, notes whether SIGINT (a real Ctrl+C) arrived.

    A plugin that raises ``KeyboardInterrupt`` itself is broken like any other; a
    ``KeyboardInterrupt`` that follows a SIGINT is the user's and goes on up. The
    previous handler still runs (it raises ``KeyboardInterrupt`` by default) and is put
    back on exit. Outside the main thread no handler can be installed, but no SIGINT is
    delivered there either: a ``KeyboardInterrupt`` in another thread comes from its code.
    """

    def __init__(self) -> None:
        self.pressed = False
        self._previous: Any = None
        self._installed = False

    def __enter__(self) -> Interrupts:
        if threading.current_thread() is threading.main_thread():
            try:
                self._previous = signal.getsignal(signal.SIGINT)
                signal.signal(signal.SIGINT, self._on_sigint)
                self._installed = True
            except (ValueError, OSError):  # an embedding without signals
                self._installed = False
        return self

    def __exit__(self, *exc: object) -> None:
        if self._installed:
            signal.signal(signal.SIGINT, self._previous)
            self._installed = False

    def _on_sigint(self, signum: int, frame: FrameType | None) -> None:
        previous = self._previous
        if previous == signal.SIG_IGN:
            return
        self.pressed = True
        if callable(previous):
            previous(signum, frame)
        else:  # SIG_DFL or a handler not set from Python: behave like Python's default
            raise KeyboardInterrupt

    def reraise_if_pressed(self, exc: BaseException) -> None:
        """Re-raise ``exc`` if it is the user's Ctrl+C; otherwise it is the plugin's."""
        if isinstance(exc, KeyboardInterrupt) and self.pressed:
            raise exc


def failure_text(prefix: str, exc: BaseException) -> str:
    """``exc`` from plugin code in words for the user, after ``prefix``."""
    if isinstance(exc, SystemExit):
        return (f"{prefix}: SystemExit: the plugin tried to end the program "
                f"(sys.exit({exc.code!r}))")
    if isinstance(exc, KeyboardInterrupt):
        return (f"{prefix}: KeyboardInterrupt raised by the plugin itself "
                "(no Ctrl+C was pressed)")
    return f"{prefix}: {type(exc).__name__}: {exc}"


#: what pluggy can take a module's hook implementation from (``PluginManager.register``
#: takes no other kind of value)
_HOOKABLE = (FunctionType, MethodType, staticmethod, classmethod)


def wrapper_hooks(pm: pluggy.PluginManager, module: ModuleType) -> list[str]:
    """The names of ``module``'s hook implementations marked as wrappers.

    pluggy looks at each name without running the module's code (``getattr_static``),
    which is most of the cost of building a registry when done for every imported name;
    of a plain module only its functions and methods can be hooks, so only they are
    asked about."""
    names = []
    plain = type(module) is ModuleType
    space = vars(module)
    for name in dir(module):
        if plain and not isinstance(space.get(name), _HOOKABLE):
            continue
        opts = pm.parse_hookimpl_opts(module, name)
        if opts and (opts.get("wrapper") or opts.get("hookwrapper")):
            names.append(name)
    return names


def wrapper_refusal(names: list[str]) -> str:
    hooks = ", ".join(names)
    return (f"{hooks} {'is a' if len(names) == 1 else 'are'} hook wrapper"
            f"{'' if len(names) == 1 else 's'} (wrapper=True or hookwrapper=True), which "
            "Aztec Arcade does not support: it calls each plugin's hooks on their own so "
            "that one plugin's failure stays its own. Drop the option; to come before the "
            "built-in games (to reskin one, say) use @hookimpl(tryfirst=True)")


def call_hooks(pm: pluggy.PluginManager, hook_name: str,
               accept: Callable[..., None], interrupts: Interrupts) -> list[tuple[str, str]]:
    """Call every implementation of the ``register_*`` hook ``hook_name`` in pluggy's
    order. Each gets a ``register`` callback that hands ``(plugin name, *args)`` to
    ``accept``; what ``accept`` raises counts against that plugin. Returns the failures
    as ``(plugin name, message)``, in calling order."""
    failures: list[tuple[str, str]] = []
    for impl in reversed(getattr(pm.hook, hook_name).get_hookimpls()):
        provider = impl.plugin_name

        def register(*args: Any, _provider: str = provider) -> None:
            accept(_provider, *args)

        kwargs = {"register": register} if "register" in impl.argnames else {}
        try:
            impl.function(**kwargs)
        except BaseException as exc:  # noqa: BLE001 - anything a plugin raises is its own
            interrupts.reraise_if_pressed(exc)
            failures.append((provider, failure_text(f"{hook_name} raised", exc)))
    return failures
