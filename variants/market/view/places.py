"""The places of the Market's table picture (``BoardView.picture_places``), so that a
phone's tap on a square or a buyer offers the actions there.

The notation names squares ("shift c3", "king b4", "place a1 crowd"), the deciding
seat's own buyers by number ("coin 2", "pay 3", "buy 2 red") and vendors by colour
("buy 2 red"). A buyer's number means the deciding seat's buyer, so each buyer is a place
of its seat only (``seat``); a vendor's square is also named by its colour (``also``), so
a purchase is offered at the buyer and at the vendor it buys from.
"""

from __future__ import annotations

from typing import Any

from game.i18n import Msg
from variants.market.params import COLOURS
from variants.market.state import MarketState
from variants.market.text import _, tile_of
from variants.market.view.layout import Layout


def market_places(lay: Layout, names: list[str], sides: tuple[str, ...],
                  line_names: list[list[str]], s: MarketState) -> list[dict[str, Any]]:
    """Every square (titled with what lies on it) and every seat's buyers."""
    out: list[dict[str, Any]] = []
    for sq, name in enumerate(names):
        tile = s.market[sq] if sq < len(s.market) else None
        place: dict[str, Any] = {"name": name, "rect": list(lay.square(sq)),
                                 "title": _("{square}: {what}", square=name,
                                            what=_tile_title(tile))}
        if tile in COLOURS:
            place["also"] = [tile]
        out.append(place)
    for seat, side in enumerate(sides):
        for b in range(lay.n):
            out.append({"name": str(b + 1), "seat": seat, "rect": list(lay.buyer(side, b)),
                        "title": _("Buyer {number} ({line})", number=b + 1,
                                   line=line_names[seat][b])})
    return out


def _tile_title(tile: str | None) -> Msg:
    if tile is None:
        return _("the hole")
    return _("the {tile} vendor", tile=tile_of(tile)) if tile in COLOURS else \
        _("the {tile}", context="tile", tile=tile_of(tile))
