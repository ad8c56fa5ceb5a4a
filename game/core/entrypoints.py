"""Where plugins come from: the ``aztec_arcade.variants`` entry points, the built-in games
first.

Why the built-in games go through the entry points: they are plugins exactly like a
mod's. Each ``variants/<game>/plugin.py`` registers its rules, its variants' YAML, its
lessons and its view through the hooks a scaffolded mod uses, and ``pyproject.toml``
declares it in the same entry-point group a mod's package declares its own in.

Why a table of them here too (:data:`BUILTIN_ENTRY_POINTS`, which a test keeps equal to
``pyproject.toml``): a bare checkout (pytest puts the checkout on ``sys.path``) or a
bundle may have no installed metadata, or metadata of an older install, and the games
must load all the same. So the built-ins are loaded in the table's order (pyproject's,
which the metadata does not keep) from the installed distribution's entry points when
they say the same, else by module name. The other packages' entry points follow, sorted
by package and name, so that the order hooks are called in (and "the first provider of
an id wins") never depends on the order of ``sys.path``.
"""

from __future__ import annotations

import importlib
import importlib.metadata
import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType

from game import __version__
from game.core.registry_memo import installed_entry_points

ENTRY_POINT_GROUP = "aztec_arcade.variants"
#: the distribution the built-in games ship in
DIST = "aztec-arcade"
#: the built-in games, name -> plugin module, as ``pyproject.toml`` declares them in
#: ``[project.entry-points."aztec_arcade.variants"]`` and in the same order
BUILTIN_ENTRY_POINTS: dict[str, str] = {
    "mexica": "variants.mexica.plugin",
    "mexica-neutral": "variants.mexica_neutral.plugin",
    "market": "variants.market.plugin",
    "aztlan": "variants.aztlan.plugin",
}
#: Comma-separated names of other packages' entry points to load; unset loads all,
#: empty loads none. The built-in games always load.
LOAD_ENV = "AZTEC_ARCADE_LOAD_PLUGINS"
#: how a built-in game's source begins (:func:`origin_text`)
BUILTIN = "built-in "


@dataclass(frozen=True)
class Found:
    """A plugin to import: its name, how to load it and where it comes from (words)."""

    name: str
    load: Callable[[], ModuleType]
    source: str


def builtin_plugins() -> list[Found]:
    """The built-in games, in the table's order."""
    ours = [ep for ep in installed_entry_points(ENTRY_POINT_GROUP) if _dist(ep) == DIST]
    declared = {ep.name: ep.value for ep in ours}
    if declared == BUILTIN_ENTRY_POINTS:
        by_name = {ep.name: ep for ep in ours}
        version = _version(ours[0])
        return [Found(name, by_name[name].load, f"{BUILTIN}package {DIST} {version}")
                for name in BUILTIN_ENTRY_POINTS]
    return [Found(name, _importer(module), f"{BUILTIN}package {DIST} {__version__}")
            for name, module in BUILTIN_ENTRY_POINTS.items()]


def other_plugins() -> list[Found]:
    """The entry points of every other installed package, by package and name, that
    ``AZTEC_ARCADE_LOAD_PLUGINS`` lets load (a package that declares a built-in game's
    module again, an old install, is skipped)."""
    wanted = os.environ.get(LOAD_ENV)
    allowed = None if wanted is None else {w.strip() for w in wanted.split(",") if w.strip()}
    builtin = set(BUILTIN_ENTRY_POINTS.values())
    found = [ep for ep in installed_entry_points(ENTRY_POINT_GROUP)
             if _dist(ep) != DIST and ep.value not in builtin
             and (allowed is None or ep.name in allowed)]
    found.sort(key=lambda ep: (_dist(ep), ep.name))
    out = []
    for ep in found:
        dist = getattr(ep, "dist", None)
        source = (f"package {dist.name} {dist.version}" if dist is not None
                  else "entry point")
        out.append(Found(ep.name, ep.load, source))
    return out


def origin_text(provider: str, source: str | None) -> str:
    """Where a provider's variants come from, in words that name the provider."""
    if source is None:
        return provider  # "drop-in folder ..." for YAML files found there
    if source.startswith(BUILTIN):
        return f"built-in game {provider} ({source[len(BUILTIN):]})"
    if source.startswith(("package ", "entry point")):
        return f"{source} (plugin {provider})"
    if source == "extra":
        return f"plugin {provider}"
    return f"drop-in plugin {provider} ({source})"


def _dist(ep: importlib.metadata.EntryPoint) -> str:
    """The normalised name of the package that declares ``ep`` ('' if unknown)."""
    dist = getattr(ep, "dist", None)
    return re.sub(r"[-_.]+", "-", dist.name).lower() if dist is not None else ""


def _version(ep: importlib.metadata.EntryPoint) -> str:
    dist = getattr(ep, "dist", None)
    return str(dist.version) if dist is not None else "?"


def _importer(module: str) -> Callable[[], ModuleType]:
    return lambda: importlib.import_module(module)


__all__ = ["ENTRY_POINT_GROUP", "BUILTIN_ENTRY_POINTS", "LOAD_ENV", "Found",
           "builtin_plugins", "other_plugins", "origin_text"]
