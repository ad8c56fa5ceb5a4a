"""The random-playout policy: cheap, and sure to finish.

* setup: a random tile on a random empty square, a start coin on a random empty buyer;
* a turn: if some purchase moves at least one token off its vendor for good (to the
  buyer or the king), make one of those at random and end the play; otherwise pass;
* a pass: random tile moves, a random empty buyer for the coin, the king at random.

Every play takes a token off the vendors for good and every pass with a draw takes
tokens out of the bag, so a game lasts at most (tokens + tokens / draw + a round)
turns; ``MarketRules.playout_limit`` is four times that many actions.
"""

from __future__ import annotations

from game.core.rng import Rng
from game.i18n import Msg
from variants.market.legal import tiles_left
from variants.market.mechanics import check_purchase, king_sources
from variants.market.params import MESSENGER, TILE_NAMES
from variants.market.state import MarketState
from variants.market.table import MarketTable


def playout_choice(t: MarketTable, s: MarketState, rng: Rng) -> str:
    names = t.geo.names
    phase = s.phase
    if phase == "place":
        empty = [sq for sq, t in enumerate(s.market) if t is None]
        left = tiles_left(t, s)
        kinds = [t for t in TILE_NAMES if left[t]]
        return f"place {names[rng.choice(empty)]} {rng.choice(kinds)}"
    if phase in ("coins", "coin"):
        empty = [b for b, buyer in enumerate(s.buyers[s.turn]) if not buyer.coin]
        return f"coin {rng.choice(empty) + 1}"
    if phase == "move":
        squares = [sq for sq, t in enumerate(s.market) if t is not None and sq != s.last_moved]
        return f"shift {names[rng.choice(squares)]}"
    if phase == "king":
        options = king_sources(s, t.geo.cross)
        pick = rng.randbelow(len(options) + 1)
        return "king skip" if pick == len(options) else f"king {names[options[pick]]}"
    if s.paid is not None:
        squares = [sq for sq, t in enumerate(s.market) if t is not None and t != MESSENGER]
        return f"shift {names[rng.choice(squares)]}"
    if s.purchases:
        return "end"
    good = []
    seat = s.turn
    lines, line_names = t.lines[seat], t.line_names[seat]
    vendors, market = s.vendors, s.market
    for b, buyer in enumerate(s.buyers[seat]):
        if not buyer.coin:
            continue
        for sq in lines[b]:
            tile = market[sq]
            if tile in vendors and vendors[tile]:
                p = check_purchase(s, lines[b], line_names[b], b + 1, tile)
                if not isinstance(p, Msg) and p.to_vendor < p.taken:
                    good.append(f"buy {b + 1} {tile}")
    return rng.choice(good) if good else "pass"
