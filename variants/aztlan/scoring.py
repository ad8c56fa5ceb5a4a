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


def best_wild_type(island: Island, owned: set[int], types: list[str], bonus: list[int],
                   links: Sequence[tuple[int, int]] = ()) -> str:
    """The type a wild card should pick for the most points (first in order on a tie)."""
    return max(types, key=lambda t: (sum(d.points for d in score_domains(
        island, owned, t, bonus, links)), -types.index(t)))
