"""Aztlán's facts of a finished game (the rules' ``game_facts`` hook)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.core.words import plural, roman
from game.kit.facts import best_scoring, most, player_name, tally


def largest_domain(events: Sequence[Any]) -> str | None:
    """"Largest domain scored: 9 territories by Player 3 (age II)"."""
    best: tuple[int, int, Any] | None = None
    for e in events:
        if e.kind != "score" or not isinstance(e.seat, int):
            continue
        for dm in (e.data or {}).get("domains", []):
            size = len(dm.get("territories", []))
            if size and (best is None or size > best[0]):
                best = (size, e.seat, (e.data or {}).get("age"))
    if best is None:
        return None
    size, seat, age = best
    when = f" (age {roman(age)})" if isinstance(age, int) else ""
    return (f"Largest domain scored: {plural(size, 'territory', 'territories')} by "
            f"{player_name(seat)}{when}")


def game_facts(events: Sequence[Any]) -> list[str]:
    """The largest domain, who declared most battles and lost most pawns, the best age."""
    lost: dict[int, int] = {}
    for e in events:
        if e.kind == "removed" and isinstance(e.seat, int):
            lost[e.seat] = lost.get(e.seat, 0) + int((e.data or {}).get("count", 0))
    best = best_scoring(events, "age")
    facts = [largest_domain(events),
             most("Most battles declared", tally(events, "battle"), "battle"),
             most("Most pawns lost", lost, "pawn"),
             None if best is None else f"Best age: +{best.points} for "
             f"{player_name(best.seat)} in age {roman(best.data.get('age'))}"]
    return [f for f in facts if f]
