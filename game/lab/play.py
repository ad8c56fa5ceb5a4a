"""One game of a balance run, reduced to a JSON record (one line of ``games.jsonl``).

This is the function the workers run, in this process, in a pool of processes or on a
Dask worker: it takes a :class:`~game.lab.plan.Task` and returns plain data. The record
holds only what the game determined (no timings), so the same task gives the same record
byte for byte wherever it ran.
"""

from __future__ import annotations

from typing import Any

from game.ai.arena import play_match
from game.events import Event
from game.lab.plan import Task

#: the reason given to points that no event itemised (e.g. a final count that the
#: variant reports only as the end result)
UNITEMISED = "not itemised by events"


def reason(event: Event) -> str:
    """Why an event scored: its ``data["reason"]`` where the variant gives one (Mexica:
    founding, presence, district, palace), else its kind (Aztlán: score, final)."""
    why = event.data.get("reason") if isinstance(event.data, dict) else None
    return why if isinstance(why, str) and why else event.kind


def points_by_reason(events: list[Event], scores: list[int]) -> list[dict[str, int]]:
    """Per seat, the points of its score events grouped by reason; whatever part of the
    final score the events do not explain is booked under :data:`UNITEMISED`."""
    out: list[dict[str, int]] = [{} for _ in scores]
    for event in events:
        if event.points and event.seat is not None and 0 <= event.seat < len(scores):
            why = reason(event)
            out[event.seat][why] = out[event.seat].get(why, 0) + event.points
    for seat, score in enumerate(scores):
        rest = score - sum(out[seat].values())
        if rest:
            out[seat][UNITEMISED] = rest
    return out


def play_task(task: Task) -> dict[str, Any]:
    """Play the task's game with the lab's bots; its record."""
    match = play_match(task.variant, task.levels, task.index, task.seed, task.options,
                       iterations=task.iterations, bot_options=task.bot_options)
    game = match.game
    scores = game.scores
    return {
        "arm": task.arm,
        "label": task.label,
        "variant": task.variant,
        "options": task.options,
        "bot_options": task.bot_options,
        "game": task.index,
        "seed": task.seed + task.index,
        "seats": list(match.seats),
        "first": match.first,
        "scores": scores,
        "winners": game.winners,
        "length": len(game.log),
        "points": points_by_reason(match.events, scores),
    }
