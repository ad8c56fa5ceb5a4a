"""The Market of Tlatelolco's plugin module: registers its rules engine and board view.

The variant itself comes from ``config/variants/tlatelolco-market.yaml``.
"""

from __future__ import annotations

from collections.abc import Callable

from game.core.hookspecs import hookimpl
from variants.market.rules import MarketRules


@hookimpl
def register_rules(register: Callable[[type], None]) -> None:
    register(MarketRules)


@hookimpl
def register_views(register: Callable[[str, Callable[..., object]], None]) -> None:
    from variants.market.view import MarketView  # pygame only loads in the client

    register(MarketRules.engine_id, MarketView)
