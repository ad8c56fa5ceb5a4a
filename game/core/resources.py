"""Where shipped data lives, in a checkout and in an installed wheel alike."""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent.parent  # game/, not game/core/


def data_dir(name: str) -> Path:
    """``config`` or ``assets``: inside the wheel (game/_data) or beside ``game/``."""
    for candidate in (_PACKAGE / "_data" / name, _PACKAGE.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"the {name}/ folder is missing from this installation")


def config_dir() -> Path:
    """``config/``: what is not a game's (the default settings). Each built-in game keeps
    its variants' YAML and lessons in its own package, ``variants/<game>/``, as a mod
    does."""
    return data_dir("config")


def assets_dir() -> Path:
    return data_dir("assets")
