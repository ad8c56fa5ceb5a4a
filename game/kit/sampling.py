"""The checked state of a view a bot samples from, kept for the next sample.

A computer player determinises (``Rules.determinize``) hundreds of times from one view
a decision: the view's JSON form with its hidden parts drawn afresh each time. Loading
that form checked it as a save is checked, which cost more than the rest of a sample
(about 150 of 160 µs in Mexica and the Market); the engines now load their own views
without the checks (``StateCodec.trusted``), and the view does not change between the
samples of a decision, so it is loaded once: later samples of an equal view are copies
of its state with only the drawn parts set.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar

from game.core.memo import copy_data

S = TypeVar("S")


class SampledViews(Generic[S]):
    """One engine's last view and its checked state. Safe to share between threads (a
    hint beside a thinking bot): the pair is replaced in one assignment."""

    def __init__(self, load: Callable[[dict[str, Any]], S], clone: Callable[[S], S]) -> None:
        self._load = load
        self._clone = clone
        self._last: tuple[dict[str, Any], S] | None = None

    def sample(self, view: dict[str, Any], data: dict[str, Any], drawn: dict[str, Any]) -> S:
        """The state of ``data`` (``view``'s JSON form, as the engine loads it) with the
        ``drawn`` parts put in. Each key of ``drawn`` must name the state's attribute of
        that name, whose value is the same in the state as in its JSON form (a list or
        a mapping of numbers, a number): for an equal view, it is set on a copy."""
        last = self._last
        if last is not None and last[0] == view:
            state = self._clone(last[1])
            for name, value in drawn.items():
                setattr(state, name, value)
            return state
        state = self._load({**data, **drawn})
        self._last = (copy_data(view), self._clone(state))
        return state
