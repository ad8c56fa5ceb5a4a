"""One verb of a game's notation: how it is refused, done and said.

Why a record per verb: the three built-in engines (and the scaffold's) each map a verb
to its check, its effect and its words. Kept as one table per game, a rules facade stays
short and a new verb is one entry, not edits in three mixins or three tables.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

T = TypeVar("T")
S = TypeVar("S")


@dataclass(frozen=True)
class Verb(Generic[T, S]):
    """``check`` returns a refusal (or None when the action is legal) without changing
    the state; ``do`` applies a checked action; ``say`` describes it for a log."""

    check: Callable[[T, S, Any], Any]
    do: Callable[[T, S, Any], Any]
    say: Callable[[T, S, Any], Any] | None = None


def dispatch(verbs: Mapping[str, Verb[T, S]], verb: str) -> Verb[T, S]:
    """The verb's record; a KeyError names the verb for the engine to refuse."""
    return verbs[verb]
