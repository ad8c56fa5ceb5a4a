"""Aztlán's hooks for the computer players (the ``BotHooks`` facet of
``game.core.facets``, read by ``game.ai``): :class:`AztlanBot`, which the rules inherit,
over functions of the table and a state. The playout policies are in ``playout``.

* ``determinize``: the view hides the prosperity deck, the other players' prosperity
  hands (only their sizes show) and, until the reveal, the power cards the others chose
  (their hands then list every card not yet face up). The unseen prosperity cards are the
  whole deck list minus the seat's own hand and the discard pile; they are dealt at random
  to the other hands and the deck. Each hidden chosen power card is drawn at random from
  that player's unplayed cards. The generator is sampled afresh.
* ``progresses``: a pawn placed from the age's supply (see :meth:`AztlanBot.progresses`).
* ``evaluate``: each seat's score plus what its position promises this age (its domains
  scored with its power card's type), its prosperity cards as they count at the end, and
  its pawns still to place; the seat's value minus the best rival's (with three or more
  seats, ``rival_mean`` blends in the rivals' mean: finishing ahead of each of them,
  not only of the leader).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from game.core.facets import BotHooks
from game.core.rng import Rng
from variants.aztlan.playout import greedy_playout_action, playout_action
from variants.aztlan.scoring import best_of
from variants.aztlan.state import AztlanState
from variants.aztlan.table import AztlanTable

#: points that make a clear lead (the facet's ``evaluation_scale``)
EVALUATION_SCALE = 10.0

#: the cards that win conflicts, join domains or add a pawn: worth more in hand
TACTICAL = ("sacred-games", "tlatoani", "rafts", "eagle")
#: the evaluation's weights (``bot_weights`` in the variant file, one set per computer
#: level; ``variants.aztlan.params.WEIGHTS`` says what each one weighs)
Weights = Mapping[str, float]


def determinize(table: AztlanTable, view: dict[str, Any], seat: int | None,
                rng: Rng) -> AztlanState:
    data = {k: v for k, v in view.items() if k != "seat"}
    pros = list(data["prosperity"])
    own = pros[seat] if seat is not None and isinstance(pros[seat], list) else []
    pool = list(table.cards.deck)
    for card in list(own) + list(data.get("discard") or []):
        if card in pool:
            pool.remove(card)
    for i, hand in enumerate(pros):
        if isinstance(hand, list) and i != seat:  # a hand the seat may see
            for card in hand:
                if card in pool:
                    pool.remove(card)
    rng.shuffle(pool)

    def deal(count: int) -> list[str]:
        out = [pool.pop() for _ in range(min(count, len(pool)))]
        while len(out) < count:  # an inconsistent view: any card will do
            out.append(rng.choice(table.cards.deck))
        return out

    data["prosperity"] = [deal(h["hidden"]) if isinstance(h, dict) else list(h)
                          for h in pros]
    deck = data["deck"]
    data["deck"] = deal(deck["hidden"]) if isinstance(deck, dict) else list(deck)
    chosen = list(data["chosen"])
    hands = [list(h) for h in data["hands"]]
    for i, card in enumerate(chosen):
        if isinstance(card, dict):  # hidden: one of the cards not yet face up
            options = sorted(hands[i])
            pick = rng.choice(options)
            chosen[i] = pick
            hands[i] = [c for c in options if c != pick]
    data["chosen"], data["hands"] = chosen, hands
    data["rng"] = rng.next64()
    return table.codec.trusted(data)  # the rules' own view, sampled: no need to check it again


def evaluate(table: AztlanTable, view: AztlanState, seat: int,
             weights: Weights | None = None) -> float:
    w = weights or table.params["bot_weights"]["normal"]
    return _lead(ai_values(table, view, w), seat, w)


def evaluate_seats(table: AztlanTable, view: AztlanState,
                   weights: Weights | None = None) -> list[float]:
    """:func:`evaluate` for every seat at the cost of one: the values are the same."""
    w = weights or table.params["bot_weights"]["normal"]
    values = ai_values(table, view, w)
    return [_lead(values, seat, w) for seat in range(len(values))]


def _lead(values: list[float], seat: int, w: Weights) -> float:
    others = [v for i, v in enumerate(values) if i != seat]
    if not others:
        return values[seat]
    share = w.get("rival_mean", 0.0)
    if not share:
        return values[seat] - max(others)
    return values[seat] - ((1.0 - share) * max(others) + share * sum(others) / len(others))


def ai_values(table: AztlanTable, s: AztlanState, w: Weights) -> list[float]:
    """Per seat: score, plus this age's domain scoring as the board stands (with the
    chosen power card's type, the best type for a wild card or before choosing),
    prosperity cards as they would count at the end, and pawns still to place."""
    values = [float(v) for v in s.scores]
    if s.phase == "over":
        return values
    cards = table.cards
    scored = set(s.order[:s.turn]) if s.phase == "score" else set()
    weight = {"choose": w["age_choose"], "develop": w["age_develop"],
              "conflict": w["age_conflict"], "score": 1.0}.get(s.phase, 0.0)
    links = s.scoring.links if s.scoring is not None else []
    for seat in range(table.players):
        army = s.control[seat]
        if seat not in scored and weight:
            owned = s.army_cells(army)
            card = s.chosen[seat]
            kind = cards.power_type[card] if card is not None else None
            if kind is None or cards.is_wild(card):
                totals = table.domain_totals(owned, links, table.type_tuple)
                kind = best_of(totals, table.types)
            else:
                totals = table.domain_totals(owned, links, (kind,))
            values[seat] += weight * totals[kind]
        hand = s.prosperity[seat]
        values[seat] += cards.offerings(hand) + w["prosperity_card"] * len(hand)
        values[seat] += w["tactical_card"] * sum(1 for c in hand
                                                 if cards.effect[c] in TACTICAL)
        blessed = [cards.bless_type[c] for c in hand if c in cards.bless_type]
        if blessed:  # a blessing pays per territory of its type held when played
            owned = s.army_cells(army)
            types = table.island.types
            for kind in blessed:
                held = sum(1 for c in owned if types[c] == kind)
                values[seat] += w["blessing_share"] * cards.blessing_points * max(held, 2)
        values[seat] += w["pawn_to_place"] * s.supply[army]
    return values


class AztlanBot(BotHooks[AztlanState]):
    """The computer players' hooks, each a call into the functions above or ``playout``
    with the rules' table."""

    evaluation_scale: ClassVar[float] = EVALUATION_SCALE
    #: what the parameters fix (the rules set it: ``variants.aztlan.table``)
    table: AztlanTable

    def playout_action(self, state: AztlanState, rng: Rng) -> str:
        return playout_action(self.table, state, rng)

    def greedy_playout_action(self, state: AztlanState, rng: Rng) -> str:
        return greedy_playout_action(self.table, state, rng)

    def determinize(self, view: dict[str, Any], seat: int | None, rng: Rng) -> AztlanState:
        return determinize(self.table, view, seat, rng)

    def evaluate(self, view: AztlanState, seat: int,
                 weights: Mapping[str, float] | None = None) -> float:
        return evaluate(self.table, view, seat, weights)

    def evaluate_seats(self, view: AztlanState,
                       weights: Mapping[str, float] | None = None) -> list[float]:
        """Every seat's ``evaluate`` at once (Hard scores each leaf for every seat)."""
        return evaluate_seats(self.table, view, weights)

    def progresses(self, action: str) -> bool:
        """A pawn placed from the age's supply: the age never goes back and within an age
        the supply (every view shows it) only shrinks (it is filled at the start of the
        next), so no earlier position had the same age and supply. The other verbs move
        pawns, answer conflicts or play cards whose effects can come back."""
        words = action.split(None, 1)
        return bool(words) and words[0].lower() == "place"
