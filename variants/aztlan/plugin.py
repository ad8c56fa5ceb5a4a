"""Aztlán's plugin module: registers its rules engine.

The variants come from ``config/variants/aztlan.yaml`` and ``aztlan-2p.yaml``. There is
no board view yet; the client's view will be registered here with ``register_views``.
"""

from __future__ import annotations

from collections.abc import Callable

from game.hookspecs import hookimpl
from variants.aztlan.rules import AztlanRules


@hookimpl
def register_rules(register: Callable[[type], None]) -> None:
    register(AztlanRules)
