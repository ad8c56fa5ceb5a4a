"""Where shipped data lives, in a checkout and in an installed wheel alike."""

from __future__ import annotations

import os
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def data_dir(name: str) -> Path:
    """``config`` or ``assets``: inside the wheel (game/_data) or beside ``game/``."""
    for candidate in (_PACKAGE / "_data" / name, _PACKAGE.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"the {name}/ folder is missing from this installation")


def config_dir() -> Path:
    return data_dir("config")


def assets_dir() -> Path:
    return data_dir("assets")


def user_dir() -> Path:
    """Per-user folder for settings, saves and autosaves (override: AZTEC_ARCADE_HOME)."""
    env = os.environ.get("AZTEC_ARCADE_HOME")
    if env:
        return Path(env)
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(Path.home(), ".local", "share")
    return Path(base) / "aztec-arcade"
