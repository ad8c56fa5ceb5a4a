"""The Market of Tlatelolco's hooks for the computer players (the ``BotHooks`` facet of
``game.core.facets``): :class:`MarketBot`, which the rules inherit, and the functions of
the table and the state behind it.

* ``playout_action``: the cheap random policy of ``variants.market.policy``.
* ``determinize``: the view hides the bag and the tokens removed at setup (only their
  totals show). Every colour's unseen tokens are its commodities minus those on the
  vendors, on the king and on buyers; they are split between the removed pile and the bag
  uniformly at random (given everything seen, every split is equally likely), unless the
  variant removes evenly, which everyone knows. The generator is sampled afresh.
* ``evaluate``: per team, each colour's best holding times the king's tokens of that
  colour plus a share for the king's future growth, the tokens a buyer could still add,
  and the coins (they pay for purchases and break ties); the seat's team minus the best
  other team.
* No ``candidates``: a turn is a handful of small decisions; the bots search them all.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from game.core.facets import BotHooks
from game.core.rng import Rng
from game.i18n import Msg
from game.kit.sampling import SampledViews
from variants.market.legal import check_buy, purchases
from variants.market.params import COLOURS
from variants.market.policy import playout_choice
from variants.market.state import MarketState
from variants.market.table import MarketTable

#: points that make a clear lead (the rules' ``evaluation_scale``)
EVALUATION_SCALE = 12.0

#: the king's expected growth per colour, as a share of the tokens still unseen
KING_GROWTH = 0.12
#: share of the next player's best purchase counted for their team (the threat)
THREAT = 0.8
#: value of a coin on a buyer (it pays for a purchase or a tile move; ties)
COIN_VALUE = 1.5


def determinize(t: MarketTable, views: SampledViews[MarketState], view: dict[str, Any],
                seat: int | None, rng: Rng) -> MarketState:
    """A state the view could be, drawn through ``views`` (the rules' samples of
    one view share its state)."""
    params = t.params
    data = {k: v for k, v in view.items() if k not in ("seat", "sides", "teams")}
    removed_total = _count(view.get("removed"))
    unseen = {}
    for c in COLOURS:
        held = sum(b["tokens"] for seat_b in view["buyers"] for b in seat_b
                   if b["colour"] == c)
        unseen[c] = max(0, params["commodities"][c] - view["vendors"][c]
                        - view["king"][c] - held)
    removed = dict.fromkeys(COLOURS, 0)
    if params["removed_evenly"]:
        kinds = [c for c in COLOURS if params["commodities"][c]]
        for c in kinds:
            removed[c] = min(unseen[c], params["removed"] // len(kinds))
    else:
        pool = [c for c in COLOURS for _ in range(unseen[c])]
        rng.shuffle(pool)
        for c in pool[:removed_total]:
            removed[c] += 1
    drawn: dict[str, Any] = {"bag": {c: unseen[c] - removed[c] for c in COLOURS},
                             "removed": removed}
    drawn["rng"] = rng.next64() >> 1
    return views.sample(view, data, drawn)


def evaluate(t: MarketTable, view: MarketState, seat: int) -> float:
    return _lead(t, ai_values(t, view), seat)


def evaluate_seats(t: MarketTable, view: MarketState) -> list[float]:
    """:func:`evaluate` for every seat at the cost of one: the values are the same."""
    values = ai_values(t, view)
    return [_lead(t, values, seat) for seat in range(len(t.team_of))]


def _lead(t: MarketTable, values: dict[tuple[int, ...], float], seat: int) -> float:
    mine = values[t.team_of[seat]]
    others = [v for team, v in values.items() if team != t.team_of[seat]]
    return mine - (max(others) if others else 0.0)


def ai_values(t: MarketTable, s: MarketState) -> dict[tuple[int, ...], float]:
    """Each team's points now plus what its holdings and coins promise."""
    unseen = sum(s.bag.values()) + sum(s.vendors.values())
    growth = KING_GROWTH * unseen / max(1, len(COLOURS))
    over = s.phase == "over"
    out: dict[tuple[int, ...], float] = {}
    for team in t.teams:
        total = 0.0
        for c in COLOURS:
            best = 0
            for m in team:
                held = 0
                for _coin, colour, tokens in s.buyers[m]:
                    if colour == c:
                        held += tokens
                best = max(best, held)
            total += best * (s.king[c] + (0.0 if over else growth))
        if not over:
            coins = max(sum(1 for b in s.buyers[m] if b.coin) for m in team)
            total += COIN_VALUE * coins
        out[team] = total
    if not over and s.phase == "turn" and not s.purchases and s.paid is None:
        # Whoever moves next will take the best purchase on offer: count it for them.
        team = t.team_of[s.turn]
        out[team] += THREAT * best_purchase(t, s, team, growth)
    return out


def best_purchase(t: MarketTable, s: MarketState, team: tuple[int, ...],
                  growth: float) -> float:
    """The most the team's best purchase now could add to its score."""
    best = 0.0
    held = {c: max(sum(b.tokens for b in s.buyers[m] if b.colour == c) for m in team)
            for c in COLOURS}
    for buyer, colour in purchases(t, s):
        p = check_buy(t, s, buyer, colour)
        if isinstance(p, Msg):
            continue
        gain = p.to_buyer * (s.king[colour] + growth) + p.to_king * (
            held[colour] + p.to_buyer)
        best = max(best, gain)
    return best


def _count(value: Any) -> int:
    if isinstance(value, dict):
        if "hidden" in value and len(value) == 1:
            return int(value["hidden"])
        return sum(int(v) for v in value.values())
    return 0


class MarketBot(BotHooks[MarketState]):
    """The Market's answers to the computer players; the rules inherit them and set the
    table and the view samples in their constructor."""

    evaluation_scale: ClassVar[float] = EVALUATION_SCALE
    table: MarketTable
    #: the bots' samples of one view share its state (``game.kit.sampling``)
    sampled_views: SampledViews[MarketState]

    def playout_action(self, state: MarketState, rng: Rng) -> str:
        return playout_choice(self.table, state, rng)

    def determinize(self, view: dict[str, Any], seat: int | None, rng: Rng) -> MarketState:
        return determinize(self.table, self.sampled_views, view, seat, rng)

    def evaluate(self, view: MarketState, seat: int,
                 weights: Mapping[str, float] | None = None) -> float:
        return evaluate(self.table, view, seat)

    def evaluate_seats(self, view: MarketState,
                       weights: Mapping[str, float] | None = None) -> list[float]:
        """Every seat's ``evaluate`` at once (Hard scores each leaf for every seat)."""
        return evaluate_seats(self.table, view)
