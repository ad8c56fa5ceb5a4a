"""A registry of toy engines for tests of the conformance kit: one variant per engine
(its id is the engine's id), registered by an in-memory plugin module, as a mod would."""

from __future__ import annotations

import sys
import types
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from game.core.hookspecs import hookimpl
from game.core.registry import Registry, reset_registry


def toy_registry(folder: Path, engines: Sequence[Any], module_name: str,
                 players: str = "{min: 1, max: 2}", extra: str = "") -> Iterator[Registry]:
    """Write each engine's variant file into ``folder`` (``extra``: more YAML lines),
    install the registry for the test, and take the plugin module away afterwards (a
    fixture's body: ``yield from toy_registry(...)``)."""
    for engine in engines:
        (folder / f"{engine.engine_id}.yaml").write_text(
            f"id: {engine.engine_id}\nname: {engine.__name__}\nplayers: {players}\n"
            f"plugin: {engine.engine_id}\n{extra}", encoding="utf-8")
    module = types.ModuleType(module_name)

    @hookimpl
    def register_rules(register: Any) -> None:
        for engine in engines:
            register(engine)

    @hookimpl
    def register_variants(register: Any) -> None:
        for engine in engines:
            register(folder / f"{engine.engine_id}.yaml")

    module.register_rules = register_rules  # type: ignore[attr-defined]
    module.register_variants = register_variants  # type: ignore[attr-defined]
    registry = Registry(entry_points=False, extra_plugins=(module,))
    assert not registry.broken, registry.broken
    reset_registry(registry)
    yield registry
    sys.modules.pop(module_name, None)
