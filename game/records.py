"""Saving and reading games on disk without ever leaving a half-written file.

A save is the JSON text of :meth:`game.api.Game.to_json`. Writing goes to a temporary
file in the same folder that is flushed to disk and then renamed over the target, so a
crash or a full disk leaves either the old save or the new one, never a mix.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from pathlib import Path

from game.api import Game, load_game
from game.errors import SaveError

__all__ = ["write_atomic", "save_game", "read_game"]


def write_atomic(path: Path | str, text: str) -> None:
    """Replace ``path`` with ``text`` (UTF-8) in one step; on failure the old file stays."""
    path = Path(path)
    folder = path.parent
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        try:
            mode = stat.S_IMODE(path.stat().st_mode)
        except FileNotFoundError:
            mode = 0o644
        os.chmod(tmp_name, mode)
        os.replace(tmp_name, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp_name)
        raise
    _fsync_folder(folder)


def _fsync_folder(folder: Path) -> None:
    """Make the rename itself durable where the system allows it (POSIX)."""
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def save_game(game: Game, path: Path | str) -> None:
    """Write ``game`` (its whole state and log) to ``path`` atomically."""
    write_atomic(Path(path), game.to_json())


def read_game(path: Path | str) -> Game:
    """Load a game saved with :func:`save_game`; never modifies the file.

    Any problem (missing, unreadable, not a save, damaged) raises :class:`SaveError`
    whose message names the file.
    """
    path = Path(path)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise SaveError(f"{path}: no such file") from None
    except OSError as exc:
        raise SaveError(f"{path}: cannot read the file ({exc.strerror or exc})") from None
    try:
        return load_game(data)
    except SaveError as exc:
        raise SaveError(f"{path}: {exc}") from None
