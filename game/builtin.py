"""The core's own plugin: the playable variants shipped in ``config/variants/`` and their
lessons in ``config/variants/lessons/`` (beside the variants, and inside the wheel with
the rest of ``config/``)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from game.core.hookspecs import hookimpl
from game.core.resources import config_dir


@hookimpl
def register_variants(register: Callable[[Path], None]) -> None:
    for path in sorted((config_dir() / "variants").glob("*.yaml")):
        register(path)


@hookimpl
def register_lessons(register: Callable[[Path], None]) -> None:
    for path in sorted((config_dir() / "variants" / "lessons").glob("*.yaml")):
        register(path)
