"""The registry's memos (:mod:`game.core.memo`): what building a registry reads from outside
the variant files, kept for the next build (``play --dev`` reloads, tests) under a key
holding everything it depends on. Kept apart from :mod:`game.core.registry`, which finds and
loads plugins and files."""

from __future__ import annotations

import importlib.metadata
import os
import sys
from typing import Any

from game.core.engine import Rules
from game.core.memo import Memo, code_of, copy_data, data_key
from game.core.schema import Context

#: The installed packages' entry points (:mod:`game.core.memo`): reading every installed
#: package's metadata takes a few milliseconds, as long as building the rest of a registry.
_ENTRY_POINTS: Memo[list[importlib.metadata.EntryPoint]] = Memo("entry points", size=8)


def installed_entry_points(group: str) -> list[importlib.metadata.EntryPoint]:
    """The entry points in ``group`` of the packages on ``sys.path``.

    Kept for the same ``sys.path`` whose folders have not changed since (installing or
    removing a package changes its folder's modification time; importlib.metadata's own
    path cache goes by the same times), and the same ``entry_points`` function.
    """
    find = importlib.metadata.entry_points
    key = (group, id(find), tuple(sys.path), tuple(_modified(folder) for folder in sys.path))
    found = _ENTRY_POINTS.get(key)
    if found is None:
        found = list(find(group=group))
        _ENTRY_POINTS.put(key, found, keep=(find,))
    return list(found)


def _modified(folder: str) -> int | None:
    try:
        return os.stat(folder or ".").st_mtime_ns
    except OSError:
        return None


#: Checked parameters (:mod:`game.core.memo`) by engine code and the parameters as written:
#: Mexica's checks build its board and the neutral variant's place its temples, most of a
#: registry's build time.
_CHECKED: Memo[dict[str, Any]] = Memo("variant parameters", size=64)


def checked_params(engine: type[Rules], raw: Any, ctx: Context) -> Any:
    """``raw`` checked by ``engine``'s parameter schema and ``check_params``, problems in
    ``ctx``. A result without problems and without files (whose existence is checked on
    disk) is kept for the same engine code, file and parameters."""
    code, objects = code_of(engine)
    key = (code, ctx.file, data_key(raw))
    found = _CHECKED.get(key)
    if found is not None:
        return copy_data(found)
    params = engine.parameters.check(raw, (), ctx)
    if not ctx.issues:
        engine.check_params(params, ctx)
    if not ctx.issues and not ctx.assets and isinstance(params, dict):
        _CHECKED.put(key, copy_data(params), keep=objects)
    return params
