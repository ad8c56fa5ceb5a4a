"""A search tree's root as root-parallel Hard merges it: each root move's statistics.

Below both the search (:mod:`game.ai.mcts`) and the processes that spread it
(:mod:`game.ai.parallel`): the trees of several processes meet only here, as a small
table of root moves, so neither module needs the other's types.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

#: per root move: its visits and its summed reward (what root-parallel workers merge)
RootTotals = dict[str, tuple[float, float]]


class Tried(Protocol):
    """A move tried from the root: how often, and the reward it gathered."""

    @property
    def visits(self) -> float: ...

    @property
    def total(self) -> float: ...


class Root(Protocol):
    """A tree's root: its moves, in the order they were first tried."""

    @property
    def children(self) -> Mapping[str, Tried]: ...


def root_totals(root: Root) -> RootTotals:
    """The root's statistics, move by move, in the order the moves were first tried."""
    return {move: (child.visits, child.total) for move, child in root.children.items()}
