"""Comparing JSON data for a person: where a stored state and the rules' own differ.

Two checks need it: a save's stored state against the game its log replays to
(:mod:`game.core.saves`), and a position built for a test against what the rules make of
it (:meth:`game.core.game.Game.at_position`), which catches a key the engine's codec
silently drops. Both say the first place that differs, short enough for one line.
"""

from __future__ import annotations

import json
from typing import Any

__all__ = ["first_difference", "same_json", "short"]


def same_json(given: Any, made: Any) -> bool:
    """Whether two JSON values are equal as written (key order aside); a fast check in C
    before :func:`first_difference` explains a difference."""
    return json.dumps(given, sort_keys=True) == json.dumps(made, sort_keys=True)


def first_difference(given: Any, made: Any, path: str, source: str = "the file") -> str:
    """The first place where ``given`` (from ``source``: "the file", "the position")
    differs from ``made`` (by the rules), said for a person ('' if equal).

    Types count (``1``, ``1.0`` and ``true`` differ), as they would in the file.
    """
    stack = [(given, made, path)]
    while stack:
        a, b, where = stack.pop()
        if type(a) is not type(b):
            return (f"{short(where, 80)} is {short(json.dumps(a), 40)} in {source} but "
                    f"{short(json.dumps(b), 40)} by the rules")
        if isinstance(a, dict):
            extra = [k for k in a if k not in b]
            missing = [k for k in b if k not in a]
            if extra:
                return (f"{short(where, 80)}.{short(extra[0], 40)} is in {source} but "
                        "not in the game")
            if missing:
                return f"{short(where, 80)}.{short(missing[0], 40)} is missing from {source}"
            stack.extend((a[k], b[k], f"{where}.{k}") for k in reversed(list(a)))
        elif isinstance(a, list):
            if len(a) != len(b):
                return (f"{short(where, 80)} has {len(a)} entries in {source} but "
                        f"{len(b)} by the rules")
            stack.extend((x, y, f"{where}[{i}]") for i, (x, y) in reversed(list(
                enumerate(zip(a, b, strict=True)))))
        elif a != b:
            return (f"{short(where, 80)} is {short(json.dumps(a), 40)} in {source} but "
                    f"{short(json.dumps(b), 40)} by the rules")
    return ""


def short(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters, so a huge value is quoted, not echoed."""
    return text if len(text) <= limit else text[:limit - 1] + "…"
