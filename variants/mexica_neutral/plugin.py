"""The two-player neutral-temple Mexica's plugin module, loaded through the
``mexica-neutral`` entry point like a mod's: its rules engine, its variants
(``mexica-2p-neutral.yaml``, and ``mexica-2p-harder.yaml`` which extends it; both extend
Mexica's ``mexica``, found by id whichever plugin registers it), its lesson and its view.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from game.core.hookspecs import hookimpl
from variants.mexica_neutral import text  # noqa: F401 - its catalogue: the YAML's words
from variants.mexica_neutral.rules import NeutralMexicaRules

HERE = Path(__file__).resolve().parent
#: the variant files beside this module, registered in this order
VARIANTS = ('mexica-2p-neutral.yaml', 'mexica-2p-harder.yaml')
#: the lesson files in ``lessons/`` ("Learn to play" on the title screen)
LESSONS = ('mexica-2p.yaml',)


@hookimpl
def register_rules(register: Callable[[type], None]) -> None:
    register(NeutralMexicaRules)


@hookimpl
def register_variants(register: Callable[[Path], None]) -> None:
    for name in VARIANTS:
        register(HERE / name)


@hookimpl
def register_views(register: Callable[[str, Callable[..., object]], None]) -> None:
    from variants.mexica.view import MexicaView  # the base view draws neutral temples

    register("mexica-neutral", MexicaView)


@hookimpl
def register_lessons(register: Callable[[Path], None]) -> None:
    for name in LESSONS:
        register(HERE / "lessons" / name)
