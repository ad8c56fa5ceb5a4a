"""Mexica's plugin module: registers its rules engine (variants come from YAML)."""

from __future__ import annotations

from collections.abc import Callable

from game.hookspecs import hookimpl
from variants.mexica.rules import MexicaRules


@hookimpl
def register_rules(register: Callable[[type], None]) -> None:
    register(MexicaRules)
