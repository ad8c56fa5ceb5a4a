"""The Market's facts of a finished game (the rules' ``game_facts`` hook)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from game.kit.facts import biggest, most, player_name, tally
from variants.market.params import COLOURS


def game_facts(king: Mapping[str, int], events: Sequence[Any]) -> list[str]:
    """The king's favourite colour (most of his tokens), the biggest purchase, and who
    bought most often."""
    out: list[str] = []
    favourite = max(COLOURS, key=lambda c: king.get(c, 0))
    if king.get(favourite, 0) > 0:
        out.append(f"The king's favourite colour: {favourite} ×{king[favourite]}")
    largest = biggest(events, "buy", "taken")
    if largest is not None and largest.seat is not None:
        out.append(f"Biggest purchase: {largest.data['taken']} {largest.data.get('colour')} "
                   f"by {player_name(largest.seat)}")
    buyers = most("Most purchases", tally(events, "buy"), "purchase")
    if buyers:
        out.append(buyers)
    return out
