"""The Market of Tlatelolco's plugin module, loaded through the ``market`` entry point
like a mod's: its rules engine, its variant (``tlatelolco-market.yaml``), its lesson and
its board view.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from game.core.hookspecs import hookimpl
from variants.market.rules import MarketRules

HERE = Path(__file__).resolve().parent
#: the variant files beside this module, registered in this order
VARIANTS = ('tlatelolco-market.yaml',)
#: the lesson files in ``lessons/`` ("Learn to play" on the title screen)
LESSONS = ('market.yaml',)


@hookimpl
def register_rules(register: Callable[[type], None]) -> None:
    register(MarketRules)


@hookimpl
def register_variants(register: Callable[[Path], None]) -> None:
    for name in VARIANTS:
        register(HERE / name)


@hookimpl
def register_views(register: Callable[[str, Callable[..., object]], None]) -> None:
    from variants.market.view import MarketView  # pygame only loads in the client

    register(MarketRules.engine_id, MarketView)


@hookimpl
def register_lessons(register: Callable[[Path], None]) -> None:
    for name in LESSONS:
        register(HERE / "lessons" / name)
