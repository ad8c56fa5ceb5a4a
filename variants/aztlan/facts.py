"""Aztlán's facts of a finished game (the rules' ``game_facts`` hook), as messages."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.core.words import roman
from game.i18n import Msg, Seat
from game.kit.facts import best_scoring, most, tally
from variants.aztlan.text import _


def largest_domain(events: Sequence[Any]) -> Msg | None:
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
    if isinstance(age, int):
        return _.n("Largest domain scored: {n} territory by {player} (age {age})",
                   "Largest domain scored: {n} territories by {player} (age {age})", n=size,
                   player=Seat(seat), age=roman(age))
    return _.n("Largest domain scored: {n} territory by {player}",
               "Largest domain scored: {n} territories by {player}", n=size,
               player=Seat(seat))


def game_facts(events: Sequence[Any]) -> list[Msg]:
    """The largest domain, who declared most battles and lost most pawns, the best age."""
    lost: dict[int, int] = {}
    for e in events:
        if e.kind == "removed" and isinstance(e.seat, int):
            lost[e.seat] = lost.get(e.seat, 0) + int((e.data or {}).get("count", 0))
    best = best_scoring(events, "age")
    facts = [largest_domain(events),
             most(tally(events, "battle"),
                   _.n("Most battles declared: {player}, {n} battle",
                       "Most battles declared: {player}, {n} battles", n=0),
                   _("Most battles declared, {n} each: {players}")),
             most(lost, _.n("Most pawns lost: {player}, {n} pawn",
                             "Most pawns lost: {player}, {n} pawns", n=0),
                   _("Most pawns lost, {n} each: {players}")),
             None if best is None else _("Best age: +{points} for {player} in age {age}",
                                         points=best.points, player=Seat(best.seat),
                                         age=roman(best.data.get("age")))]
    return [f for f in facts if f is not None]
