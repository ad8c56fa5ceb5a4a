"""File paths named in variant YAML files: confined to the variant's own folder.

A variant may ship images and sounds beside its YAML file and name them there (schema
type :class:`game.core.schema.AssetPath`). Such a path is read relative to the folder of the
YAML file that names it and may never leave that folder: absolute paths, ``~``, drive
letters, backslashes and ``..`` are refused as written, and a path that leaves the folder
through a symbolic link is refused once resolved. Nothing here reads the files.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from game.core.errors import ConfigError, quote

_DRIVE = re.compile(r"^[A-Za-z]:")


def asset_problem(text: str) -> str:
    """Why ``text`` cannot name a file inside a variant's folder ("" if it can)."""
    if not text.strip():
        return "a file path must not be empty"
    if "\x00" in text:
        return "a file path must not contain a NUL character"
    if "\\" in text:
        return f"{quote(text)}: write folders with '/', not '\\\\'"
    if text.startswith("/") or _DRIVE.match(text):
        return (f"{quote(text)} is an absolute path; name files relative to the variant "
                "file's folder (e.g. images/board.png)")
    if text.startswith("~"):
        return (f"{quote(text)} points into a home folder; name files relative to the "
                "variant file's folder")
    if ".." in text.split("/"):
        return (f"{quote(text)} leaves the variant file's folder ('..'); keep the files "
                "next to the variant file or in a folder below it")
    return ""


def confine(folder: str | Path, text: str, must_exist: bool = True) -> Path:
    """The absolute path of ``text`` inside ``folder``; ValueError if it leaves it.

    Symbolic links are followed before the check, so a link pointing out of the folder
    is refused like ``..``.
    """
    problem = asset_problem(text)
    if problem:
        raise ValueError(problem)
    root = Path(folder).resolve()
    target = (root / text).resolve()
    if not target.is_relative_to(root):
        raise ValueError(f"{quote(text)} leaves the variant file's folder {root} (through a "
                         f"symbolic link to {target}); only files inside it may be used")
    if must_exist and not target.is_file():
        raise ValueError(f"{quote(text)}: there is no such file in {root}")
    return target


def asset_file(game_or_spec: Any, key: str) -> Path:
    """The file a variant names at parameter ``key`` (a key path such as ``"board_image"``
    or ``"art.tiles[2]"``), checked again against its folder now.

    ``game_or_spec`` is a :class:`game.api.Game` or a :class:`game.core.registry.VariantSpec`.
    Raises :class:`game.core.errors.ConfigError` if the variant names no file there (e.g. a
    game loaded from a save whose variant is not installed) or the file has gone.
    """
    spec = getattr(game_or_spec, "spec", game_or_spec)
    assets = getattr(spec, "assets", None) or {}
    if key not in assets:
        known = ", ".join(sorted(assets)) or "none"
        raise ConfigError(f"variant {getattr(spec, 'id', '?')!r} names no file at "
                          f"{key!r} (files: {known})")
    folder, relative = assets[key]
    try:
        return confine(folder, relative)
    except ValueError as exc:
        raise ConfigError(f"variant {getattr(spec, 'id', '?')!r}: {exc}") from None
