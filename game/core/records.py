"""Saving and reading games on disk without ever leaving a half-written file.

A save is the JSON text of :meth:`game.api.Game.to_json`. Writing goes to a temporary
file in the same folder that is flushed to disk and then renamed over the target, so a
crash or a full disk leaves either the old save or the new one, never a mix.
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
import tempfile
import time
from pathlib import Path

from game.core.errors import SaveError
from game.core.game import Game
from game.core.readlimit import read_at_most
from game.core.saves import MAX_SAVE_BYTES, SaveFile, load_game
from game.core.saves import read_save as parse_save

__all__ = ["write_atomic", "save_game", "read_game", "read_save", "read_save_bytes",
           "clean_stale_temp"]


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


#: temporary files of :func:`write_atomic` for saves and settings: ``.NAME.json.XXXXXXXX.tmp``
_TEMP_NAME = re.compile(r"^\..+\.(json|yaml)\.[A-Za-z0-9_]+\.tmp$")
#: a write takes milliseconds; a temporary file this much older belongs to no write
STALE_AFTER = 60.0


def clean_stale_temp(folder: Path | str, older_than: float = STALE_AFTER) -> list[Path]:
    """Delete the temporary files that writes killed half-way left in ``folder``.

    A write that is killed (``kill -9``, a power cut) before its rename leaves its
    temporary file behind; the save it was replacing is intact. A file counts as stale by
    its age, not by the process that made it: a process id in the name would say nothing
    about a file on a home folder shared between machines, and ids are reused, while no
    live write keeps a file unchanged for a minute. Returns the files deleted; never raises
    (a file that cannot be deleted stays, to be tried again next time).
    """
    folder = Path(folder)
    removed: list[Path] = []
    try:
        candidates = [p for p in folder.iterdir() if _TEMP_NAME.match(p.name)]
    except OSError:
        return removed
    now = time.time()
    for path in candidates:
        try:
            info = path.lstat()
            if not stat.S_ISREG(info.st_mode) or now - info.st_mtime < older_than:
                continue
            path.unlink()
        except OSError:
            continue
        removed.append(path)
    return removed


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

    Any problem (missing, unreadable, not a save, damaged, a log that does not replay to
    its state) raises :class:`SaveError` whose message names the file.
    """
    path = Path(path)
    try:
        return load_game(read_save_bytes(path))
    except SaveError as exc:
        raise SaveError(f"{path}: {exc}") from None


def read_save(path: Path | str) -> SaveFile:
    """A save's parts before its log is replayed (see :func:`game.api.read_save`)."""
    path = Path(path)
    try:
        return parse_save(read_save_bytes(path))
    except SaveError as exc:
        raise SaveError(f"{path}: {exc}") from None


def read_save_bytes(path: Path) -> bytes:
    """The file's bytes, never more than a save can hold (a larger file cannot load, so
    it is not read whole into memory); a missing or unreadable file is a SaveError."""
    try:
        data = read_at_most(path, MAX_SAVE_BYTES)
    except FileNotFoundError:
        raise SaveError("no such file") from None
    except OSError as exc:
        raise SaveError(f"cannot read the file ({exc.strerror or exc})") from None
    if data is None:
        raise SaveError(f"this is not a saved game: it is larger than any save "
                        f"({MAX_SAVE_BYTES // (1024 * 1024)} MB at most)")
    return data
