"""Mexica's facts of a finished game (the rules' ``game_facts`` hook), as messages."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.i18n import Listing, Msg, Seat
from game.kit.facts import best_scoring, biggest, tally
from variants.mexica.text import _


def game_facts(events: Sequence[Any]) -> list[Msg]:
    """The largest district founded, who founded most, the biggest district prize."""
    out: list[Msg] = []
    largest = biggest(events, "founded", "size")
    if largest is not None and largest.seat is not None:
        out.append(_.n("Largest district founded: {n} space by {player}",
                       "Largest district founded: {n} spaces by {player}",
                       n=largest.data["size"], player=Seat(largest.seat)))
    founders = _most_founded(tally(events, "founded"))
    if founders is not None:
        out.append(founders)
    prize = best_scoring(events, "district")
    if prize is not None:
        out.append(_("Biggest district prize: +{points} for {player}", points=prize.points,
                     player=Seat(prize.seat)))
    return out


def _most_founded(counts: dict[int, int]) -> Msg | None:
    """"Most districts founded: Ana, 3 districts" (at least 2); a tie names every seat
    that shares the top, the count first (a line too long loses a name, not it)."""
    top = max(counts.values(), default=0)
    if top < 2:
        return None
    seats = sorted(seat for seat, n in counts.items() if n == top)
    if len(seats) == 1:
        return _.n("Most districts founded: {player}, {n} district",
                   "Most districts founded: {player}, {n} districts", n=top,
                   player=Seat(seats[0]))
    return _("Most districts founded, {n} each: {players}", n=top,
             players=Listing(tuple(Seat(s) for s in seats)))
