"""Mexica's facts of a finished game (the rules' ``game_facts`` hook)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.kit.facts import best_scoring, biggest, most, player_name, tally


def game_facts(events: Sequence[Any]) -> list[str]:
    """The largest district founded, who founded most, the biggest district prize."""
    out: list[str] = []
    largest = biggest(events, "founded", "size")
    if largest is not None and largest.seat is not None:
        out.append(f"Largest district founded: {largest.data['size']} spaces by "
                   f"{player_name(largest.seat)}")
    founders = most("Most districts founded", tally(events, "founded"), "district",
                    least=2)
    if founders:
        out.append(founders)
    prize = best_scoring(events, "district")
    if prize is not None:
        out.append(f"Biggest district prize: +{prize.points} for {player_name(prize.seat)}")
    return out
