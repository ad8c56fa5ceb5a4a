"""Static board geometry: cells, names, neighbours, palace and pre-printed canals.

Built once per rules object from the YAML map; never changes during a game. Cells are
integers ``row * width + col`` so the hot paths index flat lists.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from string import ascii_lowercase

LAKE, LAND, START, CENTRE, PRECANAL = "~", ".", "S", "P", "="
ALPHABET = LAKE + LAND + START + CENTRE + PRECANAL


def cell_name(col: int, row: int) -> str:
    return f"{ascii_lowercase[col]}{row + 1}"


class Board:
    """The map: which cell is lake, land, palace or pre-printed canal."""

    def __init__(self, rows: list[str]) -> None:
        self.rows = list(rows)
        self.height = len(rows)
        self.width = len(rows[0])
        w = self.width
        self.size = w * self.height
        self.kind: list[str] = [ch for row in rows for ch in row]
        self.names: list[str] = [cell_name(i % w, i // w) for i in range(self.size)]
        self.index: dict[str, int] = {n: i for i, n in enumerate(self.names)}
        self.north = [i - w if i >= w else -1 for i in range(self.size)]
        self.south = [i + w if i + w < self.size else -1 for i in range(self.size)]
        self.west = [i - 1 if i % w else -1 for i in range(self.size)]
        self.east = [i + 1 if i % w != w - 1 else -1 for i in range(self.size)]
        self.nbrs: list[tuple[int, ...]] = [
            tuple(n for n in (self.north[i], self.west[i], self.east[i], self.south[i]) if n >= 0)
            for i in range(self.size)
        ]
        #: the neighbours that are not lake (the districts' searches step only there)
        self.land_nbrs: list[tuple[int, ...]] = [
            tuple(n for n in self.nbrs[i] if self.kind[n] != LAKE) for i in range(self.size)]
        #: cells on the map edge touch the lake that surrounds every map
        self.border = frozenset(i for i in range(self.size) if len(self.nbrs[i]) < 4)
        self.lake = frozenset(i for i, k in enumerate(self.kind) if k == LAKE)
        self.palace = frozenset(i for i, k in enumerate(self.kind) if k in (START, CENTRE))
        self.starts = tuple(i for i, k in enumerate(self.kind) if k == START)
        self.building_land = frozenset(i for i, k in enumerate(self.kind)
                                       if k in (LAND, PRECANAL))
        self.island = tuple(i for i, k in enumerate(self.kind) if k != LAKE)
        self.precanal_tiles = self._pair_precanals()
        #: every canal action's text, written once (legal_actions lists hundreds a call):
        #: a single per cell, a double per cell and its east or south neighbour
        self.canal_single: list[str] = [f"canal {name}" for name in self.names]
        self.canal_double: dict[tuple[int, int], str] = {
            (c, d): f"canal {self.names[c]} {self.names[d]}" for c in range(self.size)
            for d in (self.east[c], self.south[c]) if d >= 0}

    def _pair_precanals(self) -> list[tuple[int, ...]]:
        """Pre-printed canal cells as tiles: pair each with the cell below, else right."""
        done: set[int] = set()
        tiles: list[tuple[int, ...]] = []
        for i, k in enumerate(self.kind):
            if k != PRECANAL or i in done:
                continue
            for j in (self.south[i], self.east[i]):
                if j >= 0 and self.kind[j] == PRECANAL and j not in done:
                    tiles.append((i, j))
                    done.update((i, j))
                    break
            else:
                tiles.append((i,))
                done.add(i)
        return tiles

    def step_axis(self, a: int, b: int) -> str:
        """``ns`` if a and b are vertical neighbours, ``ew`` if horizontal."""
        return "ns" if abs(a - b) == self.width else "ew"

    def ramps(self, cell: int, axis: str) -> tuple[int, int]:
        if axis == "ns":
            return self.north[cell], self.south[cell]
        return self.west[cell], self.east[cell]

    def lake_adjacent(self, cell: int) -> bool:
        """True if an orthogonal neighbour is lake (the map edge counts as lake)."""
        return cell in self.border or any(n in self.lake for n in self.nbrs[cell])

    def distance(self, a: int, b: int) -> int:
        w = self.width
        return abs(a % w - b % w) + abs(a // w - b // w)


def board_for(rows: Sequence[str]) -> Board:
    """The board of the map ``rows``, built once per map: a board never changes after it
    is built, and the same variant files are validated and their rules built again and
    again (every game, the tests, the balance lab)."""
    return _board(tuple(rows))


@lru_cache(maxsize=32)
def _board(rows: tuple[str, ...]) -> Board:
    return Board(list(rows))
