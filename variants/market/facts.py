"""The Market's facts of a finished game (the rules' ``game_facts`` hook)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from game.i18n import Msg, Seat
from game.kit.facts import biggest, most, tally
from variants.market.params import COLOURS
from variants.market.text import _, colour_of


def game_facts(king: Mapping[str, int], events: Sequence[Any]) -> list[Msg]:
    """The king's favourite colour (most of his tokens), the biggest purchase, and who
    bought most often."""
    out: list[Msg] = []
    favourite = max(COLOURS, key=lambda c: king.get(c, 0))
    if king.get(favourite, 0) > 0:
        out.append(_("The king's favourite colour: {colour} ×{n}",
                     colour=colour_of(favourite), n=king[favourite]))
    largest = biggest(events, "buy", "taken")
    if largest is not None and largest.seat is not None:
        out.append(_("Biggest purchase: {n} {colour} by {player}", n=largest.data["taken"],
                     colour=colour_of(str(largest.data.get("colour"))),
                     player=Seat(largest.seat)))
    buyers = most(tally(events, "buy"), _.n("Most purchases: {player}, {n} purchase",
                                            "Most purchases: {player}, {n} purchases", n=0),
                  _("Most purchases, {n} each: {players}"))
    if buyers:
        out.append(buyers)
    return out
