"""Aztlán's plugin module, loaded through the ``aztlan`` entry point like a mod's: its
rules engine, its variants (``aztlan.yaml``, and ``aztlan-2p.yaml`` which extends it), its
lessons and its board view.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from game.core.hookspecs import hookimpl
from variants.aztlan.rules import AztlanRules

HERE = Path(__file__).resolve().parent
#: the variant files beside this module, registered in this order
VARIANTS = ('aztlan.yaml', 'aztlan-2p.yaml')
#: the lesson files in ``lessons/`` ("Learn to play" on the title screen)
LESSONS = ('aztlan.yaml', 'aztlan-cards.yaml')


@hookimpl
def register_rules(register: Callable[[type], None]) -> None:
    register(AztlanRules)


@hookimpl
def register_variants(register: Callable[[Path], None]) -> None:
    for name in VARIANTS:
        register(HERE / name)


@hookimpl
def register_views(register: Callable[[str, Callable[..., object]], None]) -> None:
    from variants.aztlan.view import AztlanView  # pygame only loads in the client

    register(AztlanRules.engine_id, AztlanView)


@hookimpl
def register_lessons(register: Callable[[Path], None]) -> None:
    for name in LESSONS:
        register(HERE / "lessons" / name)
