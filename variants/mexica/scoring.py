"""Rankings and the two scorings, plus the end of the game.

How a district ranks its temples' owners and who may score are the table's hooks
(``MexicaTable.district_levels``, ``rank``, ``award``), which rule variants override.
"""

from __future__ import annotations

from game.core.events import Event
from game.i18n import Listing, Seat
from variants.mexica.state import MexicaState
from variants.mexica.table import MexicaTable
from variants.mexica.text import _


def score_period(t: MexicaTable, s: MexicaState) -> list[Event]:
    """Score every district that scores now (founded ones; in period 2 the unfounded
    too) and the palace bonus, through the table's hooks for the temples' owners."""
    names = t.board.names
    ev = [Event("scoring", _("Scoring of period {period}", period=s.period),
                data={"period": s.period})]
    for label in sorted(s.dcells, key=lambda lab: min(s.dcells[lab])):
        cells = s.dcells[label]
        token_cell = next((c for c in cells if c in s.tokens), None)
        if token_cell is None and s.period < 2:
            continue
        size = len(cells)
        if token_cell is not None:
            points = list(t.token_info[s.tokens[token_cell]]["places"])
        else:
            points = t.unfounded_points(size)
        levels = t.district_levels(s, cells)
        ranking = t.rank(levels)
        if not ranking:
            continue
        places = []
        for owner, value, place in ranking:
            pts = points[place - 1] if place <= len(points) else 0
            places.append({"owner": owner, "levels": value, "place": place,
                           "points": pts if owner >= 0 else 0})
        title = (_.n("Founded district of {n} space", "Founded district of {n} spaces",
                     n=size) if token_cell is not None else
                 _.n("Unfounded district of {n} space", "Unfounded district of {n} spaces",
                     n=size))
        ev.append(Event("district_scored", title, data={
                            "cells": [names[c] for c in sorted(cells)], "size": size,
                            "founded": token_cell is not None, "places": places}))
        for owner, value, place in ranking:
            pts = points[place - 1] if place <= len(points) else 0
            if t.award(s, owner, pts):
                ev.append(Event("score", _.n(
                    "{player} +{points}: place {place} with {n} level in the "
                    "{size}-space district",
                    "{player} +{points}: place {place} with {n} levels in the "
                    "{size}-space district", n=value, player=Seat(owner), points=pts,
                    place=place, size=size), owner, pts,
                                {"reason": "district", "place": place,
                                 "period": s.period}))
    for seat, p in enumerate(s.pilli):
        if p in t.board.starts and t.award(s, seat, t.palace_bonus):
            ev.append(Event("score", _("{player} +{points} for standing on a palace "
                                       "start space",
                                       you="You +{points} for standing on a palace "
                                           "start space",
                                       player=Seat(seat), points=t.palace_bonus),
                            seat, t.palace_bonus,
                            {"reason": "palace"}))
    return ev

def finish(t: MexicaTable, s: MexicaState) -> list[Event]:
    """The game's end: the winners, ties broken by the AP tokens left."""
    s.phase = "over"
    best = max(s.scores)
    tied = [i for i, v in enumerate(s.scores) if v == best]
    most = max(s.ap_tokens[i] for i in tied)
    s.winners = [i for i in tied if s.ap_tokens[i] == most]
    data = {"winners": list(s.winners), "scores": list(s.scores)}
    if len(s.winners) == 1:
        text = _("Game over: {player} wins with {points} prestige",
                 you="Game over: you win with {points} prestige",
                 player=Seat(s.winners[0]), points=best)
    else:
        text = _("Game over: {players} win with {points} prestige",
                 players=Listing(tuple(Seat(w) for w in s.winners)), points=best)
    return [Event("game_over", text, data=data)]
