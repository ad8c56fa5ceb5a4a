"""Mexica's plugin module, loaded through the ``mexica`` entry point like a mod's: its
rules engine, its variants (``mexica.yaml``, ``mexica-festival.yaml``), its lesson and
its board view.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from game.core.hookspecs import hookimpl
from variants.mexica.rules import MexicaRules

HERE = Path(__file__).resolve().parent
#: the variant files beside this module, registered in this order
VARIANTS = ('mexica.yaml', 'mexica-festival.yaml')
#: the lesson files in ``lessons/`` ("Learn to play" on the title screen)
LESSONS = ('mexica.yaml',)


@hookimpl
def register_rules(register: Callable[[type], None]) -> None:
    register(MexicaRules)


@hookimpl
def register_variants(register: Callable[[Path], None]) -> None:
    for name in VARIANTS:
        register(HERE / name)


@hookimpl
def register_views(register: Callable[[str, Callable[..., object]], None]) -> None:
    from variants.mexica.view import MexicaView  # pygame only loads in the client

    register("mexica", MexicaView)


@hookimpl
def register_lessons(register: Callable[[Path], None]) -> None:
    for name in LESSONS:
        register(HERE / "lessons" / name)
