"""The built-in games' files, where each game keeps them: its variants' YAML beside its
plugin module (``variants/<game>/*.yaml``) and its lessons in ``lessons/``, as a mod's."""

from __future__ import annotations

from pathlib import Path

GAMES = Path(__file__).resolve().parent.parent / "variants"
#: every built-in variant file, by game and name
VARIANT_FILES = sorted(GAMES.glob("*/*.yaml"))
#: every built-in lesson file, by game and name
LESSON_FILES = sorted(GAMES.glob("*/lessons/*.yaml"))


def variant_file(name: str) -> Path:
    """The built-in variant file ``name`` ("mexica.yaml"), whichever game ships it."""
    [path] = [path for path in VARIANT_FILES if path.name == name]
    return path


def lesson_file(name: str) -> Path:
    """The built-in lesson file ``name`` ("mexica.yaml"), whichever game ships it."""
    [path] = [path for path in LESSON_FILES if path.name == name]
    return path
