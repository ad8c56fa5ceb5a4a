"""Helpers for the facts of a finished game (the rules' ``game_facts`` hook).

A fact is one short line people read out at the end: the biggest of something, or who
did something most. The built-in games compute theirs from the game's public events with
these helpers, so every game words its facts the same way. A fact is a message: the
game's own words come from its catalogue (:func:`most` fills them in), the shared ones
(:func:`decided_by`) from the client's, and each reader reads them in their language.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from game.i18n import Listing, Msg, Seat, Text
from game.i18n.client import _


def tally(events: Iterable[Any], kind: str) -> dict[int, int]:
    """How many events of ``kind`` each seat caused."""
    out: dict[int, int] = {}
    for e in events:
        if e.kind == kind and isinstance(e.seat, int) and e.seat >= 0:
            out[e.seat] = out.get(e.seat, 0) + 1
    return out


def most(counts: Mapping[int, int], one: Msg, tie: Msg, least: int = 1) -> Msg | None:
    """Who did something most: ``one`` said of the seat with the top count (its values
    ``player`` and ``n`` filled in: "Most purchases: Ana, 4 purchases"), or ``tie`` of
    every seat that shares it (``players``, ``n``: "Most purchases, 3 each: Ana and Ben",
    the count first, so that a line too long for its place loses a name, not it); None
    when nobody reached ``least``. The two messages are the game's own, made with any
    ``n`` (``_.n("Most purchases: {player}, {n} purchase", "...", n=0)``)."""
    top = max(counts.values(), default=0)
    if top < least:
        return None
    seats = sorted(seat for seat, n in counts.items() if n == top)
    if len(seats) == 1:
        return replace(one, values={**one.values, "n": top, "player": Seat(seats[0])})
    return replace(tie, values={**tie.values, "n": top,
                                "players": Listing(tuple(Seat(s) for s in seats))})


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


def decided_by(scores: Sequence[int], winners: Sequence[int], breaker: Text) -> Text:
    """"Tied on 60 points: decided by AP tokens left" when seats tied for the most points
    and not all of them won (the tie-breaker chose), else ""."""
    top = max(scores, default=0)
    tied = [seat for seat, score in enumerate(scores) if score == top]
    if len(tied) < 2 or set(tied) <= set(winners):
        return ""
    return _.n("Tied on {n} point: decided by {breaker}",
               "Tied on {n} points: decided by {breaker}", n=top, breaker=breaker)
