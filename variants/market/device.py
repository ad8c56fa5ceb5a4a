"""The Market of Tlatelolco on a phone: the seat's own buyers, coins and goods.

Built only from the seat's ``view`` (``Rules.device_panel``, see docs/remote.md); the
moves themselves are the generic buttons, grouped by verb.
"""

from __future__ import annotations

from typing import Any

GOODS = {"black": "pottery", "blue": "fabric", "red": "jewels", "green": "herbs"}


def device_panel(view: dict[str, Any], seat: int | None) -> dict[str, Any] | None:
    if seat is None:
        return None
    buyers = view["buyers"][seat]
    cards = []
    for number, buyer in enumerate(buyers, start=1):
        colour, tokens = buyer["colour"], buyer["tokens"]
        goods = f"{tokens} {colour} ({GOODS.get(colour, colour)})" if colour else "empty"
        cards.append({"title": f"Buyer {number}", "text": goods,
                      "tag": "coin" if buyer["coin"] else "no coin"})
    team = next((list(t) for t in view["teams"] if seat in t), [seat])
    partners = [p for p in team if p != seat]
    counters = [
        {"label": "Side", "value": str(view["sides"][seat]).capitalize()},
        {"label": "Buyers with a coin", "value": sum(1 for b in buyers if b["coin"])},
        {"label": "Tokens held", "value": sum(b["tokens"] for b in buyers)},
    ]
    note = ("Partner: " + " and ".join(f"Player {p + 1}" for p in partners)
            if partners else "")
    return {"sections": [{"title": "Your buyers", "note": note, "counters": counters,
                          "cards": cards}]}
