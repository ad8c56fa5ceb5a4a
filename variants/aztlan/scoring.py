"""Domain scoring: pure functions, shared by the engine, its tests and the client.

A domain is a maximal group of adjacent territories where a player has at least one
pawn (alone or coexisting). It scores 1 per territory plus the bonus for its matching
territories (1, 4, 9... from ``domain_bonus``), or nothing without a matching territory.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from variants.aztlan.map import Island


def domain_points(size: int, matching: int, bonus: list[int]) -> int:
    """The rulebook's domain scoring table: ``size + bonus[matching]``, 0 if none match."""
    if matching <= 0:
        return 0
    return size + bonus[min(matching, len(bonus)) - 1]


@dataclass(frozen=True)
class Domain:
    cells: tuple[int, ...]
    matching: int
    points: int


def score_domains(island: Island, owned: set[int], kind: str, bonus: list[int],
                  links: Sequence[tuple[int, int]] = ()) -> list[Domain]:
    """Every domain of ``owned`` (joined also by Rafts ``links``) scored for type ``kind``."""
    out = []
    for group in island.components(owned, links):
        matching = sum(1 for c in group if island.types[c] == kind)
        out.append(Domain(tuple(group), matching, domain_points(len(group), matching, bonus)))
    return out


def type_points(island: Island, groups: Sequence[Sequence[int]], types: Sequence[str],
                bonus: list[int]) -> dict[str, int]:
    """What ``groups`` (the domains, from ``Island.components``) score for each of
    ``types``. The computer players price every type of every seat's domains many
    times a decision: finding the domains once and counting each group's types once is
    what keeps that cheap (the domains do not depend on the type)."""
    totals = dict.fromkeys(types, 0)
    kinds = island.types
    for group in groups:
        counts: dict[str, int] = {}
        for c in group:
            counts[kinds[c]] = counts.get(kinds[c], 0) + 1
        size = len(group)
        for t in totals:
            totals[t] += domain_points(size, counts.get(t, 0), bonus)
    return totals


def best_of(totals: dict[str, int], types: Sequence[str]) -> str:
    """The type of ``types`` with the most points in ``totals``, first in order on a tie."""
    best = types[0]
    for t in types[1:]:
        if totals[t] > totals[best]:
            best = t
    return best


def best_wild_type(island: Island, owned: set[int], types: list[str], bonus: list[int],
                   links: Sequence[tuple[int, int]] = ()) -> str:
    """The type a wild card should pick for the most points (first in order on a tie)."""
    totals = type_points(island, island.components(owned, links), types, bonus)
    return best_of(totals, types)


class DomainTotals:
    """What a seat's domains score for each of some types, kept by the territories it
    holds (and the Rafts' links): the bots evaluate thousands of positions a decision,
    and from one to the next most seats hold the same territories, so finding the
    domains again (``Island.components``) was most of an evaluation. The totals are a
    pure function of the key; callers read them and never change them."""

    #: positions kept per rules object; all are forgotten when it is full
    SIZE = 2048

    def __init__(self, island: Island, bonus: list[int]) -> None:
        self.island = island
        self.bonus = bonus
        self._kept: dict[tuple[frozenset[int], tuple[tuple[int, int], ...],
                               tuple[str, ...]], dict[str, int]] = {}

    def __call__(self, owned: set[int], links: Sequence[tuple[int, int]],
                 types: tuple[str, ...]) -> dict[str, int]:
        key = (frozenset(owned), tuple(links), types)
        found = self._kept.get(key)
        if found is None:
            if len(self._kept) >= self.SIZE:
                self._kept.clear()
            found = type_points(self.island, self.island.components(owned, links), types,
                                self.bonus)
            self._kept[key] = found
        return found
