"""Names a module offers but imports on first use: the faces ``game.modkit`` and
``game.kit.client`` offer the client's drawing names, and a headless process (a rules
engine, the lab, a phone host) that imports those faces must not load pygame for them."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any


def lazy_names(module: str, namespace: dict[str, Any],
               names: Mapping[str, tuple[str, str | None]]
               ) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """A module's ``__getattr__`` and ``__dir__`` for ``names`` (name -> the module that
    holds it and its attribute there; None: the name is that module). A name is imported
    on first use and kept in ``namespace``, so later look-ups skip the hook."""

    def getattr_(name: str) -> Any:
        if name not in names:
            raise AttributeError(f"module {module!r} has no attribute {name!r}")
        module_name, attribute = names[name]
        held = importlib.import_module(module_name)
        value = held if attribute is None else getattr(held, attribute)
        namespace[name] = value
        return value

    def dir_() -> list[str]:
        return sorted(set(namespace) | set(names))

    return getattr_, dir_
