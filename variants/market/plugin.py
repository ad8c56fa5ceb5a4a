"""The Market of Tlatelolco's plugin module: registers its rules engine.

The variant itself comes from ``config/variants/tlatelolco-market.yaml``. There is no
board view yet; the client's view will be registered here with ``register_views``.
"""

from __future__ import annotations

from collections.abc import Callable

from game.hookspecs import hookimpl
from variants.market.rules import MarketRules


@hookimpl
def register_rules(register: Callable[[type], None]) -> None:
    register(MarketRules)
