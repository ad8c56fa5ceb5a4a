"""The Market of Tlatelolco's hooks for the computer players (see ``game.core.engine``), as
functions of the rules (``MarketRules.determinize`` and ``evaluate`` call them).

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

from typing import TYPE_CHECKING, Any

from game.core.rng import Rng
from game.i18n import Msg
from variants.market.params import COLOURS
from variants.market.state import MarketState

if TYPE_CHECKING:
    from variants.market.rules import MarketRules

#: points that make a clear lead (the rules' ``evaluation_scale``)
EVALUATION_SCALE = 12.0

#: the king's expected growth per colour, as a share of the tokens still unseen
KING_GROWTH = 0.12
#: share of the next player's best purchase counted for their team (the threat)
THREAT = 0.8
#: value of a coin on a buyer (it pays for a purchase or a tile move; ties)
COIN_VALUE = 1.5


def determinize(r: MarketRules, view: dict[str, Any], seat: int | None,
                rng: Rng) -> MarketState:
    params = r.params
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
    return r.sampled_views.sample(view, data, drawn)


def evaluate(r: MarketRules, view: MarketState, seat: int) -> float:
    values = ai_values(r, view)
    mine = values[r.team_of[seat]]
    others = [v for team, v in values.items() if team != r.team_of[seat]]
    return mine - (max(others) if others else 0.0)


def ai_values(r: MarketRules, s: MarketState) -> dict[tuple[int, ...], float]:
    """Each team's points now plus what its holdings and coins promise."""
    unseen = sum(s.bag.values()) + sum(s.vendors.values())
    growth = KING_GROWTH * unseen / max(1, len(COLOURS))
    over = s.phase == "over"
    out: dict[tuple[int, ...], float] = {}
    for team in r.teams:
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
        team = r.team_of[s.turn]
        out[team] += THREAT * best_purchase(r, s, team, growth)
    return out


def best_purchase(r: MarketRules, s: MarketState, team: tuple[int, ...],
                  growth: float) -> float:
    """The most the team's best purchase now could add to its score."""
    best = 0.0
    held = {c: max(sum(b.tokens for b in s.buyers[m] if b.colour == c) for m in team)
            for c in COLOURS}
    for buyer, colour in r.purchases(s):
        p = r.check_buy(s, buyer, colour)
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
