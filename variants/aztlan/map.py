"""The island as the engine sees it: territories by index, borders, types and lakes.

Built once from the validated ``map`` parameter. Territory ids (``t1``...) are what the
notation and the saved state use; inside the engine a territory is its index in map order.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


class Island:
    __slots__ = ("ids", "index", "names", "types", "nbrs", "lake_ids", "lake_names",
                 "lakes_of", "shores", "size")

    def __init__(self, m: dict[str, Any]) -> None:
        terr = m["territories"]
        self.ids: list[str] = list(terr)
        self.index: dict[str, int] = {t: i for i, t in enumerate(self.ids)}
        self.size = len(self.ids)
        self.names: list[str] = [terr[t]["name"] for t in self.ids]
        self.types: list[str] = [terr[t]["type"] for t in self.ids]
        self.nbrs: list[tuple[int, ...]] = [
            tuple(sorted(self.index[n] for n in terr[t]["neighbours"])) for t in self.ids]
        self.lake_ids: list[str] = list(m["lakes"])
        self.lake_names: dict[str, str] = {k: v["name"] for k, v in m["lakes"].items()}
        self.lakes_of: list[frozenset[str]] = [frozenset(terr[t]["lakes"]) for t in self.ids]
        #: lake id -> indices of the territories on its shore, in map order
        self.shores: dict[str, tuple[int, ...]] = {
            lake: tuple(i for i in range(self.size) if lake in self.lakes_of[i])
            for lake in self.lake_ids}

    def adjacent(self, a: int, b: int) -> bool:
        return b in self.nbrs[a]

    def share_lake(self, a: int, b: int) -> bool:
        return bool(self.lakes_of[a] & self.lakes_of[b])

    def label(self, i: int) -> str:
        """``t5 (Salt Flats)`` for messages."""
        return f"{self.ids[i]} ({self.names[i]})"

    def components(self, cells: set[int] | frozenset[int],
                   links: Sequence[tuple[int, int]] = ()) -> list[list[int]]:
        """Maximal connected groups of ``cells`` over borders plus the extra ``links``."""
        nbrs: list[tuple[int, ...]] | dict[int, tuple[int, ...]] = self.nbrs
        if links:  # the bots ask without links thousands of times a decision
            extra: dict[int, list[int]] = {}
            for a, b in links:
                extra.setdefault(a, []).append(b)
                extra.setdefault(b, []).append(a)
            nbrs = {c: (*self.nbrs[c], *extra.get(c, ())) for c in cells}
        seen: set[int] = set()
        out: list[list[int]] = []
        for start in sorted(cells):
            if start in seen:
                continue
            seen.add(start)
            group = [start]
            for c in group:  # grows while it is read
                for n in nbrs[c]:
                    if n in cells and n not in seen:
                        seen.add(n)
                        group.append(n)
            out.append(sorted(group))
        return out
