"""The market's mechanisms: purchases, the king's reach and draws from the bag.

These functions only read the state (``draw`` advances the generator it is given); the
rules apply what they decide. The same functions serve ``legal_actions`` and ``apply``,
so the two cannot disagree.
"""

from __future__ import annotations

from typing import NamedTuple

from game.core.rng import Rng
from game.i18n import Msg
from variants.market.params import (
    AMBASSADOR,
    COLOURS,
    CROWD,
    GOVERNOR,
    KING,
    PORTER,
)
from variants.market.state import MarketState
from variants.market.text import _, colour_of


class Purchase(NamedTuple):
    """What a purchase does, decided before anything moves."""

    vendor: int                        #: the vendor's square
    taken: int                         #: tokens taken from the vendor
    acts: tuple[tuple[int, str], ...]  #: (square, porter|governor) that acted, in order
    to_vendor: int                     #: returned by porters
    to_king: int                       #: put on the king by governors
    to_buyer: int                      #: what the buyer keeps
    keeps_coin: bool                   #: an ambassador stood between


def between(market: list[str | None], line: tuple[int, ...], vendor: int) -> list[int]:
    """Squares strictly between the buyer's edge and ``vendor``, from the vendor outward."""
    out = []
    for sq in line:
        if sq == vendor:
            break
        out.append(sq)
    out.reverse()
    return out


def check_purchase(s: MarketState, line: tuple[int, ...], line_name: Msg, buyer: int,
                   colour: str) -> Purchase | Msg:
    """The purchase by ``buyer`` (1-based) on ``line`` from the ``colour`` vendor,
    or the reason it is not allowed."""
    coin, held, _tokens = s.buyers[s.turn][buyer - 1]
    named = colour_of(colour)
    if not coin:
        return _("your buyer {buyer} has no coin; only a buyer with a coin can buy",
                 buyer=buyer)
    market = s.market
    if colour not in market:
        return _("there is no {colour} vendor in the market", colour=named)
    vendor = market.index(colour)
    if vendor not in line:
        return _("the {colour} vendor is not in buyer {buyer}'s {line}", colour=named,
                 buyer=buyer, line=line_name)
    tokens = s.vendors[colour]
    if not tokens:
        return _("the {colour} vendor has no commodities to sell", colour=named)
    if held is not None and held != colour:
        return _("your buyer {buyer} holds {held}; it can only buy more {held}",
                 buyer=buyer, held=colour_of(held))
    path = between(market, line, vendor)
    tiles = [market[sq] for sq in path]
    if CROWD in tiles:
        return _("a crowd stands between your buyer {buyer} and the {colour} vendor",
                 buyer=buyer, colour=named)
    left = tokens
    acts = []
    to_vendor = to_king = 0
    for sq, tile in zip(path, tiles, strict=True):
        if not left:
            break
        if tile == PORTER:
            to_vendor += 1
        elif tile == GOVERNOR:
            to_king += 1
        else:
            continue
        left -= 1
        acts.append((sq, tile))
    return Purchase(vendor, tokens, tuple(acts), to_vendor, to_king, left,
                    AMBASSADOR in tiles)


def king_sources(s: MarketState, cross: list[tuple[int, ...]]) -> list[int]:
    """Vendor squares in the king's row or column holding a token (crowds do not block)."""
    market = s.market
    if KING not in market:
        return []
    vendors = s.vendors
    return [sq for sq in cross[market.index(KING)]
            if (tile := market[sq]) is not None and vendors.get(tile)]


def draw(bag: dict[str, int], count: int, rng: Rng) -> list[str]:
    """Take up to ``count`` tokens at random from ``bag`` (changed in place)."""
    out = []
    total = sum(bag.values())
    for _step in range(min(count, total)):
        r = rng.randbelow(total)
        for c in COLOURS:
            if r < bag[c]:
                bag[c] -= 1
                out.append(c)
                break
            r -= bag[c]
        total -= 1
    return out
