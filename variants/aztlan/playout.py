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

from game.core.rng import Rng
from variants.aztlan.legal import legal_actions
from variants.aztlan.scoring import best_wild_type, domain_points
from variants.aztlan.state import AztlanState
from variants.aztlan.table import AztlanTable

#: a territory's type -> how many of the domain's territories have it
Counts = dict[str, int]


def playout_action(table: AztlanTable, state: AztlanState, rng: Rng) -> str:
    s = state
    legal = legal_actions(table, s)
    if s.phase == "develop" and s.step == "move":
        eagles = [x for x in legal if x.startswith("eagle ")]
        if eagles and rng.randbelow(2) == 0:
            return rng.choice(eagles)
        moves = [x for x in legal if x.startswith("move ")]
        if moves and rng.randbelow(100) < table.move_chance:
            return rng.choice(moves)
        return "stay"
    if s.phase == "score":
        return _playout_scoring(table, s, legal, rng)
    return rng.choice(legal)


def _playout_scoring(table: AztlanTable, s: AztlanState, legal: list[str], rng: Rng) -> str:
    seat = table.current_player(s)
    assert seat is not None
    blessings = [x for x in legal if x.startswith("bless ")]
    if blessings:
        return blessings[0]
    rafts = [x for x in legal if x.startswith("rafts ")]
    if rafts and rng.randbelow(2) == 0:
        return rng.choice(rafts)
    if table.cards.is_wild(s.chosen[seat]):
        owned = s.army_cells(table.army(s, seat))
        links = s.scoring.links if s.scoring is not None else []
        return "wild " + best_wild_type(table.island, owned, table.types, table.bonus, links)
    return "score"


def greedy_playout_action(table: AztlanTable, s: AztlanState, rng: Rng) -> str:
    seat = table.current_player(s)
    if (seat is None or s.phase != "develop" or s.step != "place"
            or rng.randbelow(100) >= table.greedy_chance):
        return playout_action(table, s, rng)
    best = best_placements(table, s, seat)
    return "place " + table.island.ids[best[rng.randbelow(len(best))]]


def best_placements(table: AztlanTable, s: AztlanState, seat: int) -> list[int]:
    """The territories where a pawn of ``seat`` gains its domains the most points this
    age, as far as one placement shows: a territory it would lose in the conflict (the
    power cards as chosen) is worth less than nothing; a contested territory of its own
    that the pawn turns from lost (or tied) to won is worth what losing it would cost."""
    isl = table.island
    army = s.control[seat]
    strength = table.strength(s)
    mine = strength[army]
    owned = s.army_cells(army)
    price = _Pricer(table, s, seat, owned)
    label, nbrs, types = price.label, isl.nbrs, isl.types
    alone = {kind: price.points(1, {kind: 1}) for kind in table.types}  # a new domain
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

    def __init__(self, table: AztlanTable, s: AztlanState, seat: int, owned: set[int]) -> None:
        self.table = table
        self.owned = owned
        card = s.chosen[seat]
        #: the type its domains score (None: the best type of each, no card or wild)
        self.kind = None if card is None or table.cards.is_wild(card) else \
            table.cards.power_type[card]
        self.label: dict[int, int] = {}
        self.sizes: list[int] = []
        self.counts: list[Counts] = []
        for i, group in enumerate(table.island.components(owned)):
            counts: Counts = {}
            for c in group:
                self.label[c] = i
                kind = table.island.types[c]
                counts[kind] = counts.get(kind, 0) + 1
            self.sizes.append(len(group))
            self.counts.append(counts)

    def points(self, size: int, counts: Counts) -> float:
        bonus = self.table.bonus
        if self.kind is not None:
            return domain_points(size, counts.get(self.kind, 0), bonus)
        return max(domain_points(size, n, bonus) for n in counts.values())

    def gain(self, t: int) -> float:
        """What a territory not held adds: it joins the domains around it."""
        joined = {self.label[n] for n in self.table.island.nbrs[t] if n in self.label}
        size = 1
        merged: Counts = {self.table.island.types[t]: 1}
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
        for group in self.table.island.components(set(rest)):
            counts: Counts = {}
            for c in group:
                kind = self.table.island.types[c]
                counts[kind] = counts.get(kind, 0) + 1
            after += self.points(len(group), counts)
        return self.points(self.sizes[i], self.counts[i]) - after
