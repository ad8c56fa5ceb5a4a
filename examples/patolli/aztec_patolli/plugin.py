"""Patolli's plugin module: the entry point ``patolli`` in pyproject.toml names it.

Three hooks: the rules engine, the two variant files that ship beside this module, and
the board view, whose module (and so pygame) is imported only when the client asks.
Like every module of the mod it imports from ``game.modkit`` only.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from game.modkit import hookimpl

from aztec_patolli.rules import PatolliRules

HERE = Path(__file__).resolve().parent


@hookimpl
def register_rules(register: Callable[[type], None]) -> None:
    register(PatolliRules)


@hookimpl
def register_variants(register: Callable[[Path], None]) -> None:
    register(HERE / "patolli.yaml")
    register(HERE / "patolli-quick.yaml")


@hookimpl
def register_views(register: Callable[[str, Callable[..., object]], None]) -> None:
    from aztec_patolli.view import PatolliView

    register(PatolliRules.engine_id, PatolliView)
