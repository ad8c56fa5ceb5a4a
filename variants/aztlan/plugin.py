"""Aztlán's plugin module: registers its rules engine and the client's board view.

The variants come from ``config/variants/aztlan.yaml`` and ``aztlan-2p.yaml``.
"""

from __future__ import annotations

from collections.abc import Callable

from game.core.hookspecs import hookimpl
from variants.aztlan.rules import AztlanRules


@hookimpl
def register_rules(register: Callable[[type], None]) -> None:
    register(AztlanRules)


@hookimpl
def register_views(register: Callable[[str, Callable[..., object]], None]) -> None:
    from variants.aztlan.view import AztlanView  # pygame only loads in the client

    register(AztlanRules.engine_id, AztlanView)
