"""Plugin module of the two-player neutral-temple variant."""

from __future__ import annotations

from collections.abc import Callable

from game.core.hookspecs import hookimpl
from variants.mexica_neutral.rules import NeutralMexicaRules


@hookimpl
def register_rules(register: Callable[[type], None]) -> None:
    register(NeutralMexicaRules)


@hookimpl
def register_views(register: Callable[[str, Callable[..., object]], None]) -> None:
    from variants.mexica.view import MexicaView  # the base view draws neutral temples

    register("mexica-neutral", MexicaView)
