"""Mexica on a phone: the seat's own counters (AP, AP tokens, temples left).

Built only from the seat's ``view`` (``Rules.device_panel``, see docs/remote.md); the
moves themselves are the generic buttons, grouped by verb.
"""

from __future__ import annotations

from collections import Counter
from typing import Any


def temples(levels: list[int]) -> str:
    counts = Counter(levels)
    return ", ".join(f"{counts[level]}× level {level}" for level in sorted(counts)) or "none"


def device_panel(view: dict[str, Any], seat: int | None) -> dict[str, Any] | None:
    if seat is None or not 0 <= seat < len(view["hands"]):
        return None
    counters: list[dict[str, Any]] = []
    if view["turn"] == seat and view["phase"] == "play":
        counters.append({"label": "Action points left this turn", "value": view["ap"]})
    counters += [
        {"label": "AP tokens", "value": view["ap_tokens"][seat]},
        {"label": "Score", "value": view["scores"][seat]},
        {"label": "Temples to build", "value": len(view["hands"][seat])},
    ]
    cards = [{"title": "Temples in hand", "text": temples(view["hands"][seat])}]
    if view["reserve"][seat]:
        cards.append({"title": "Temples for period 2", "text": temples(view["reserve"][seat])})
    return {"sections": [{"title": "Your supply", "counters": counters, "cards": cards}]}
