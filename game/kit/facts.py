"""Helpers for the facts of a finished game (the rules' ``game_facts`` hook).

A fact is one short line people read out at the end: the biggest of something, or who
did something most. The built-in games compute theirs from the game's public events with
these helpers, so every game words its facts the same way.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from game.core.words import listing, plural


def player_name(seat: int) -> str:
    """How a fact names a seat; the client shows the name chosen at setup instead."""
    return f"Player {seat + 1}"


def tally(events: Iterable[Any], kind: str) -> dict[int, int]:
    """How many events of ``kind`` each seat caused."""
    out: dict[int, int] = {}
    for e in events:
        if e.kind == kind and isinstance(e.seat, int) and e.seat >= 0:
            out[e.seat] = out.get(e.seat, 0) + 1
    return out


def most(label: str, counts: Mapping[int, int], one: str, many: str | None = None,
         least: int = 1) -> str | None:
    """"Most battles declared: Player 2, 4 battles", or None when nobody reached
    ``least``. A tie names every seat that shares the top."""
    top = max(counts.values(), default=0)
    if top < least:
        return None
    seats = sorted(seat for seat, n in counts.items() if n == top)
    if len(seats) == 1:
        return f"{label}: {player_name(seats[0])}, {plural(top, one, many)}"
    # a tie: the count first, so that a line too long for its place loses a name, not it
    return f"{label}, {top} each: {listing([player_name(seat) for seat in seats])}"


def biggest(events: Iterable[Any], kind: str, key: str) -> Any | None:
    """The first event of ``kind`` with the largest integer ``data[key]``, or None."""
    best = None
    for e in events:
        value = (e.data or {}).get(key) if e.kind == kind else None
        if isinstance(value, int) and not isinstance(value, bool) and (
                best is None or value > best.data[key]):
            best = e
    return best


def best_scoring(events: Iterable[Any], reason: str | None = None) -> Any | None:
    """The first ``score`` event with the most points (of ``reason`` if given), or None."""
    best = None
    for e in events:
        if e.kind != "score" or not isinstance(e.seat, int) or e.points <= 0:
            continue
        if reason is not None and (e.data or {}).get("reason") != reason:
            continue
        if best is None or e.points > best.points:
            best = e
    return best


def decided_by(scores: Sequence[int], winners: Sequence[int], breaker: str) -> str:
    """"Tied on 60 points: decided by AP tokens left" when seats tied for the most points
    and not all of them won (the tie-breaker chose), else ""."""
    top = max(scores, default=0)
    tied = [seat for seat, score in enumerate(scores) if score == top]
    if len(tied) < 2 or set(tied) <= set(winners):
        return ""
    return f"Tied on {plural(top, 'point')}: decided by {breaker}"
