"""Mexica's facts of a finished game (the rules' ``game_facts`` hook), as messages."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.i18n import Msg, Seat
from game.kit.facts import best_scoring, biggest, most, tally
from variants.mexica.text import _


def game_facts(events: Sequence[Any]) -> list[Msg]:
    """The largest district founded, who founded most, the biggest district prize."""
    out: list[Msg] = []
    largest = biggest(events, "founded", "size")
    if largest is not None and largest.seat is not None:
        out.append(_.n("Largest district founded: {n} space by {player}",
                       "Largest district founded: {n} spaces by {player}",
                       n=largest.data["size"], player=Seat(largest.seat)))
    founders = most(tally(events, "founded"),
                    _.n("Most districts founded: {player}, {n} district",
                        "Most districts founded: {player}, {n} districts", n=0),
                    _("Most districts founded, {n} each: {players}"), least=2)
    if founders is not None:
        out.append(founders)
    prize = best_scoring(events, "district")
    if prize is not None:
        out.append(_("Biggest district prize: +{points} for {player}", points=prize.points,
                     player=Seat(prize.seat)))
    return out
