"""What a game, a lesson or a save needs of the variants installed: a :class:`Catalog`.

Why a protocol and not the :class:`~game.core.registry.Registry` itself: the registry
finds plugins, loads variant files and checks lessons, so the lessons cannot import it
without importing themselves through it (and a lesson checked against one registry must
start its game on that same registry, not on whichever the process holds). The registry
implements this shape; lessons, games and saves are typed against it and are handed the
catalog they work with, never look one up.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from game.core.engine import Rules
from game.core.variantfile import Broken, VariantSpec


class Catalog(Protocol):
    """The playable variants and their engines (the registry, or a test's stand-in)."""

    @property
    def variants(self) -> Mapping[str, VariantSpec]:
        """Every playable variant, by id."""
        ...

    @property
    def broken(self) -> Sequence[Broken]:
        """What failed to load, so that a missing variant can say why."""
        ...

    def spec(self, variant: str) -> VariantSpec:
        """The variant ``variant``; ConfigError naming the known ones if it is not one."""
        ...

    def make_rules(self, variant: str, players: Any,
                   options: dict[str, Any] | None = None) -> tuple[VariantSpec, Rules]:
        """The variant's rules for ``players``, with ``options`` over its parameters;
        ConfigError if they do not fit."""
        ...

    def engine(self, engine_id: str) -> type[Rules]:
        """The rules engine ``engine_id``; ConfigError if no plugin provides it."""
        ...


__all__ = ["Catalog"]
