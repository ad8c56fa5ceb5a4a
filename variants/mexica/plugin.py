"""Mexica's plugin module: registers its rules engine (variants come from YAML)."""

from __future__ import annotations

from collections.abc import Callable

from game.core.hookspecs import hookimpl
from variants.mexica.rules import MexicaRules


@hookimpl
def register_rules(register: Callable[[type], None]) -> None:
    register(MexicaRules)


@hookimpl
def register_views(register: Callable[[str, Callable[..., object]], None]) -> None:
    from variants.mexica.view import MexicaView  # pygame only loads in the client

    register("mexica", MexicaView)
