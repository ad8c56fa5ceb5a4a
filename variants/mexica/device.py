"""Mexica on a phone: the seat's own counters (AP, AP tokens, temples left).

Built only from the seat's ``view`` (``Rules.device_panel``, see docs/remote.md); the
moves themselves are the generic buttons, grouped by verb. Its texts are messages of
Mexica's catalogue.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from game.i18n import Listing, Msg
from variants.mexica.text import _


def temples(levels: list[int]) -> Msg:
    counts = Counter(levels)
    if not counts:
        return _("none", context="temples")
    return _("{list}", context="temples", list=Listing(tuple(
        _("{n}× level {level}", n=counts[level], level=level) for level in sorted(counts)),
        "comma"))


def device_panel(view: dict[str, Any], seat: int | None) -> dict[str, Any] | None:
    if seat is None or not 0 <= seat < len(view["hands"]):
        return None
    counters: list[dict[str, Any]] = []
    if view["turn"] == seat and view["phase"] == "play":
        counters.append({"label": _("Action points left this turn"), "value": view["ap"]})
    counters += [
        {"label": _("AP tokens"), "value": view["ap_tokens"][seat]},
        {"label": _("Score"), "value": view["scores"][seat]},
        {"label": _("Temples to build"), "value": len(view["hands"][seat])},
    ]
    cards = [{"title": _("Temples in hand"), "text": temples(view["hands"][seat])}]
    if view["reserve"][seat]:
        cards.append({"title": _("Temples for period 2"),
                      "text": temples(view["reserve"][seat])})
    return {"sections": [{"title": _("Your supply"), "counters": counters, "cards": cards}]}
