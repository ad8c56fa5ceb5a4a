"""Aztlán's table: what the parameters fix for a whole game (the island, the cards, the
armies and their pawns, the texts of the actions), and the pure queries of a state that
the verbs, the legal lists and the bots share.

Why a table apart from the rules: the helpers (``verbs``, ``mechanics``, ``legal``,
``bot``, ``playout``) take ``(table, state)`` and never the rules facade, so the facade
can import them without a circle. The table never changes after construction (``parsed`` and
``domain_totals`` keep answers, which are pure functions of their keys).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from game.core.notation import KeptParses
from variants.aztlan import cards as C
from variants.aztlan.cards import CardBook
from variants.aztlan.conflicts import Outcome, outcome, wins_outright
from variants.aztlan.map import Island
from variants.aztlan.notation import parse
from variants.aztlan.scoring import DomainTotals
from variants.aztlan.state import AztlanState, state_codec


class AztlanTable:
    def __init__(self, params: dict[str, Any], players: int) -> None:
        self.params = params
        self.players = players
        self.island = Island(params["map"])
        self.cards = CardBook(params)
        self.types: list[str] = list(params["territory_types"])
        self.type_tuple: tuple[str, ...] = tuple(self.types)
        self.type_names: dict[str, str] = dict(params["territory_types"])
        self.ages: int = params["ages"]
        self.bonus: list[int] = list(params["domain_bonus"])
        #: the bots' evaluations: domain totals by the territories a seat holds
        self.domain_totals = DomainTotals(self.island, self.bonus)
        row = next((r for r in params["pawns_per_age"] if r["players"] == players), None)
        self.pawns_per_age: list[int] = list(row["pawns"]) if row else [0] * self.ages
        factions = params["factions"]
        self.factions = factions is not None
        if factions is not None:
            self.army_names = [f["name"] for f in factions]
            per = params["pawns_per_tribe"]
            self.army_pawns = [per * len(f["tribes"]) for f in factions]
        else:
            self.army_names = [t["name"] for t in params["tribes"][:players]]
            self.army_pawns = [params["pawns_per_tribe"]] * players
        self.armies = len(self.army_names)
        self.move_chance: int = params["playout_move_chance"]
        self.greedy_chance: int = params["playout_greedy_chance"]
        self.codec = state_codec(self.island, self.cards, players, self.armies, self.ages)
        ids = self.island.ids
        #: the texts of the develop phase's actions, written once: its legal list is
        #: asked for by every ``apply`` (membership) and the bots' searches
        self.place_texts = [f"place {t}" for t in ids]
        self.eagle_texts = [f"eagle {t}" for t in ids]
        self.move_texts = [[f"move {ids[a]} {ids[b]}" for b in self.island.nbrs[a]]
                           for a in range(self.island.size)]
        #: what action texts parse to here (``game.core.notation.KeptParses``)
        self.parsed = KeptParses(lambda text: parse(text, self.island, self.types))

    def current_player(self, state: AztlanState) -> int | None:
        if state.phase == "over":
            return None
        p = state.pending
        if p is not None:
            return p.winner if p.kind == "decide" else p.queue[0]
        return state.order[state.turn]

    # =====================================================================================
    # small queries (the verbs, the legal lists and the bots ask them)
    # =====================================================================================
    def army(self, s: AztlanState, seat: int) -> int:
        return s.control[seat]

    def commander(self, s: AztlanState, army: int) -> int:
        return s.control.index(army)

    def power_type(self, s: AztlanState, seat: int) -> str:
        """The territory type of ``seat``'s chosen power card."""
        card = s.chosen[seat]
        assert card is not None
        return self.cards.power_type[card]

    def strength(self, s: AztlanState) -> list[int]:
        out = [0] * self.armies
        for seat, army in enumerate(s.control):
            out[army] = s.chosen[seat] or 0
        return out

    def outcome(self, s: AztlanState, t: int, strength: list[int] | None = None) -> Outcome:
        return outcome(s.board[t], strength or self.strength(s))

    def contests(self, s: AztlanState, army: int) -> Iterator[tuple[int, Outcome]]:
        """The unresolved contested territories where ``army`` has pawns, with their
        outcome, in map order. Most territories hold one army or none and are passed
        over before any outcome is weighed: the bots' searches ask after every action of
        the conflict phase."""
        strength = self.strength(s)
        for t, counts in enumerate(s.board):
            if counts[army] and t not in s.resolved and sum(1 for n in counts if n) >= 2:
                yield t, self.outcome(s, t, strength)

    def won(self, s: AztlanState, seat: int) -> list[int]:
        """Unresolved conflicts that ``seat`` wins outright."""
        army = self.army(s, seat)
        strength = self.strength(s)
        return [t for t, counts in enumerate(s.board)  # where it has no pawns, it wins none
                if counts[army] and t not in s.resolved
                and wins_outright(counts, strength, army)]

    def tied_seats(self, s: AztlanState, o: Outcome) -> list[int]:
        tied = {self.commander(s, a) for a in o.top}
        return [p for p in s.order if p in tied]

    def next_tie(self, s: AztlanState, seat: int) -> int | None:
        """The first unresolved tie at the top whose earliest tied player is ``seat``."""
        for t, o in self.contests(s, self.army(s, seat)):
            if o.winner is None and self.tied_seats(s, o)[0] == seat:
                return t
        return None

    def has_pawns(self, s: AztlanState, seat: int) -> bool:
        return s.supply[self.army(s, seat)] > 0

    def eagle_source(self, s: AztlanState, army: int) -> str | None:
        if s.reserve[army]:
            return "reserve"
        if s.removed[army]:
            return "removed"
        return None

    def can_eagle(self, s: AztlanState, seat: int) -> bool:
        return (not s.eagle and self.cards.holds(s.prosperity[seat], C.EAGLE)
                and self.eagle_source(s, self.army(s, seat)) is not None)

    def raft_pairs(self, s: AztlanState, seat: int) -> list[tuple[int, int]]:
        if not self.cards.holds(s.prosperity[seat], C.RAFTS):
            return []
        isl = self.island
        owned = s.army_cells(self.army(s, seat))
        links = s.scoring.links if s.scoring is not None else []
        label = {}
        for k, group in enumerate(isl.components(owned, links)):
            for c in group:
                label[c] = k
        pairs = set()
        for shore in isl.shores.values():
            mine = [c for c in shore if c in owned]
            for i, a in enumerate(mine):
                for b in mine[i + 1:]:
                    if label[a] != label[b]:
                        pairs.add((a, b))
        return sorted(pairs)

    def blessings(self, s: AztlanState, seat: int) -> list[str]:
        held = {self.cards.bless_type[c] for c in s.prosperity[seat]
                if self.cards.effect[c] == C.BLESSING}
        return [t for t in self.types if t in held]

    def has_scoring_choice(self, s: AztlanState, seat: int) -> bool:
        return (self.cards.is_wild(s.chosen[seat]) or bool(self.blessings(s, seat))
                or bool(self.raft_pairs(s, seat)))
