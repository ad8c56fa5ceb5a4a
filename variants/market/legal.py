"""The Market's legal actions, per phase (:data:`LEGAL`), and the queries they share
with the refusals, the bots and the view: the tiles left to place and the purchases on
offer. All are functions of the table and the state, so ``legal_actions`` and ``apply``
ask the same predicates and cannot disagree.
"""

from __future__ import annotations

from collections.abc import Callable

from game.i18n import Msg
from variants.market.mechanics import Purchase, check_purchase, king_sources
from variants.market.params import MESSENGER, TILE_NAMES
from variants.market.state import MarketState
from variants.market.table import MarketTable


def legal_actions(t: MarketTable, s: MarketState) -> list[str]:
    return LEGAL[s.phase](t, s)


def _place(t: MarketTable, s: MarketState) -> list[str]:
    left = tiles_left(t, s)
    kinds = [k for k in TILE_NAMES if left[k]]
    return [f"place {t.geo.names[sq]} {k}" for sq, tile in enumerate(s.market)
            if tile is None for k in kinds]


def _coin(t: MarketTable, s: MarketState) -> list[str]:
    return [f"coin {b + 1}" for b, buyer in enumerate(s.buyers[s.turn]) if not buyer.coin]


def _move(t: MarketTable, s: MarketState) -> list[str]:
    return [f"shift {t.geo.names[sq]}" for sq, tile in enumerate(s.market)
            if tile is not None and sq != s.last_moved]


def _king(t: MarketTable, s: MarketState) -> list[str]:
    return [f"king {t.geo.names[sq]}" for sq in king_sources(s, t.geo.cross)] + [
        "king skip"]


def _turn(t: MarketTable, s: MarketState) -> list[str]:
    """A turn: pass or play."""
    names = t.geo.names
    if s.paid is not None:
        return [f"shift {names[sq]}" for sq, tile in enumerate(s.market)
                if tile is not None and tile != MESSENGER]
    out = [f"buy {b} {c}" for b, c in purchases(t, s)]
    out += [f"pay {b + 1}" for b, buyer in enumerate(s.buyers[s.turn]) if buyer.coin]
    out += [f"shift {names[sq]}" for sq, tile in enumerate(s.market) if tile == MESSENGER]
    out.append("end" if s.purchases else "pass")
    return out


def _over(t: MarketTable, s: MarketState) -> list[str]:
    return []


#: phase -> the legal actions of the seat to move
LEGAL: dict[str, Callable[[MarketTable, MarketState], list[str]]] = {
    "place": _place, "coins": _coin, "coin": _coin, "move": _move, "king": _king,
    "turn": _turn, "over": _over}


def purchases(t: MarketTable, s: MarketState) -> list[tuple[int, str]]:
    """(buyer number, colour) of every purchase the player to move may make now."""
    out = []
    lines, line_names = t.lines[s.turn], t.line_names[s.turn]
    vendors = s.vendors
    for b, buyer in enumerate(s.buyers[s.turn]):
        if not buyer.coin:
            continue
        for sq in lines[b]:
            tile = s.market[sq]
            if tile in vendors and vendors[tile] and not isinstance(
                    check_purchase(s, lines[b], line_names[b], b + 1, tile), Msg):
                out.append((b + 1, tile))
    out.sort()
    return out


def tiles_left(t: MarketTable, s: MarketState) -> dict[str, int]:
    left = dict(t.params["tiles"])
    for tile in s.market:
        if tile is not None:
            left[tile] -= 1
    return left


def check_buy(t: MarketTable, s: MarketState, buyer: int, colour: str) -> Purchase | Msg:
    return check_purchase(s, t.lines[s.turn][buyer - 1],
                          t.line_names[s.turn][buyer - 1], buyer, colour)
