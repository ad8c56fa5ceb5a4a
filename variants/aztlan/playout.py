"""Aztlán's greedy playout policy (``greedy_playout_action``), for Hard's rollouts under
``bot_search: {hard: {rollout_policy: greedy}}``.

With three seats, two rivals placing at random in every rollout make the search's
estimate of a move's worth noisy: what a placement is worth depends on where the others
go. The Normal players Hard meets place where their domains grow. So in a rollout a seat
places, ``playout_greedy_chance`` percent of the time, a pawn where its domains (scored
with its power card's type) gain most at once, and does not place it where it would lose
the conflict; the rest of the time, and in every other decision, it plays the random
policy. It must stay cheap (a rollout step runs thousands of times a decision): the
domains are found once a step and each territory is priced from its neighbours' domains.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.rng import Rng
from variants.aztlan.scoring import domain_points
from variants.aztlan.state import AztlanState

if TYPE_CHECKING:
    from variants.aztlan.rules import AztlanRules

#: a territory's type -> how many of the domain's territories have it
Counts = dict[str, int]


def greedy_playout_action(r: AztlanRules, s: AztlanState, rng: Rng) -> str:
    seat = r.current_player(s)
    if (seat is None or s.phase != "develop" or s.step != "place"
            or rng.randbelow(100) >= r.greedy_chance):
        return r.playout_action(s, rng)
    best = best_placements(r, s, seat)
    return "place " + r.island.ids[best[rng.randbelow(len(best))]]


def best_placements(r: AztlanRules, s: AztlanState, seat: int) -> list[int]:
    """The territories where a pawn of ``seat`` gains its domains the most points this
    age, as far as one placement shows: a territory it would lose in the conflict (the
    power cards as chosen) is worth less than nothing; a contested territory of its own
    that the pawn turns from lost (or tied) to won is worth what losing it would cost."""
    isl = r.island
    army = s.control[seat]
    strength = r.strength(s)
    mine = strength[army]
    owned = s.army_cells(army)
    price = _Pricer(r, s, seat, owned)
    label, nbrs, types = price.label, isl.nbrs, isl.types
    alone = {kind: price.points(1, {kind: 1}) for kind in r.types}  # a new domain
    best: list[int] = []
    top = -1.0
    for t, counts in enumerate(s.board):
        here = counts[army]
        rival = 0 if sum(counts) == here else \
            max(n * strength[a] for a, n in enumerate(counts) if a != army)
        if here:
            gain = price.loss(t) if rival and here * mine <= rival < (here + 1) * mine \
                else 0.0
        elif rival and mine <= rival:
            gain = -1.0  # a pawn that the conflict removes
        elif any(n in label for n in nbrs[t]):
            gain = price.gain(t)
        else:
            gain = alone[types[t]]
        if gain > top:
            best, top = [t], gain
        elif gain == top:
            best.append(t)
    return best


class _Pricer:
    """The points of one seat's domains this age, with a territory added or removed."""

    def __init__(self, r: AztlanRules, s: AztlanState, seat: int, owned: set[int]) -> None:
        self.r = r
        self.owned = owned
        card = s.chosen[seat]
        #: the type its domains score (None: the best type of each, no card or wild)
        self.kind = None if card is None or r.cards.is_wild(card) else \
            r.cards.power_type[card]
        self.label: dict[int, int] = {}
        self.sizes: list[int] = []
        self.counts: list[Counts] = []
        for i, group in enumerate(r.island.components(owned)):
            counts: Counts = {}
            for c in group:
                self.label[c] = i
                kind = r.island.types[c]
                counts[kind] = counts.get(kind, 0) + 1
            self.sizes.append(len(group))
            self.counts.append(counts)

    def points(self, size: int, counts: Counts) -> float:
        bonus = self.r.bonus
        if self.kind is not None:
            return domain_points(size, counts.get(self.kind, 0), bonus)
        return max(domain_points(size, n, bonus) for n in counts.values())

    def gain(self, t: int) -> float:
        """What a territory not held adds: it joins the domains around it."""
        joined = {self.label[n] for n in self.r.island.nbrs[t] if n in self.label}
        size = 1
        merged: Counts = {self.r.island.types[t]: 1}
        before = 0.0
        for i in joined:
            size += self.sizes[i]
            for kind, n in self.counts[i].items():
                merged[kind] = merged.get(kind, 0) + n
            before += self.points(self.sizes[i], self.counts[i])
        return self.points(size, merged) - before

    def loss(self, t: int) -> float:
        """What losing a held territory costs (its domain may fall apart): rare, so the
        domains are found again."""
        i = self.label[t]
        rest = [c for c, j in self.label.items() if j == i and c != t]
        after = 0.0
        for group in self.r.island.components(set(rest)):
            counts: Counts = {}
            for c in group:
                kind = self.r.island.types[c]
                counts[kind] = counts.get(kind, 0) + 1
            after += self.points(len(group), counts)
        return self.points(self.sizes[i], self.counts[i]) - after
