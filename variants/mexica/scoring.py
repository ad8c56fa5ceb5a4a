"""Spiritual grandeur, rankings and the two scorings, plus the end of the game.

``district_levels``, ``rank`` and ``award`` are the hooks rule variants override.
"""

from __future__ import annotations

from game.core.events import Event
from game.i18n import Listing, Seat
from variants.mexica.geometry import GeometryMixin
from variants.mexica.state import MexicaState
from variants.mexica.text import _


class ScoringMixin(GeometryMixin):
    """Part of MexicaRules: the scorings and their hooks for rule variants."""

    def district_levels(self, state: MexicaState, cells: list[int]) -> dict[int, int]:
        """Hook: spiritual grandeur per temple owner in a district (owners may be NEUTRAL)."""
        levels: dict[int, int] = {}
        temples = state.temples
        for c in cells:
            t = temples.get(c)
            if t is not None:
                levels[t[0]] = levels.get(t[0], 0) + t[1]
        return levels

    def rank(self, levels: dict[int, int]) -> list[tuple[int, int, int]]:
        """Hook: (owner, levels, place) with standard competition ranking; >0 levels only."""
        ranked = sorted(((o, v) for o, v in levels.items() if v > 0),
                        key=lambda ov: (-ov[1], ov[0] if ov[0] >= 0 else 99))
        out = []
        for owner, value in ranked:
            place = 1 + sum(1 for _, v in ranked if v > value)
            out.append((owner, value, place))
        return out

    def award(self, state: MexicaState, owner: int, points: int) -> bool:
        """Hook: give points to an owner; non-players (NEUTRAL) score nothing."""
        if owner < 0 or points <= 0:
            return False
        state.scores[owner] += points
        return True

    def _score_period(self, s: MexicaState) -> list[Event]:
        names = self.board.names
        ev = [Event("scoring", _("Scoring of period {period}", period=s.period),
                    data={"period": s.period})]
        for label in sorted(s.dcells, key=lambda lab: min(s.dcells[lab])):
            cells = s.dcells[label]
            token_cell = next((c for c in cells if c in s.tokens), None)
            if token_cell is None and s.period < 2:
                continue
            size = len(cells)
            if token_cell is not None:
                points = list(self.token_info[s.tokens[token_cell]]["places"])
            else:
                points = self.unfounded_points(size)
            levels = self.district_levels(s, cells)
            ranking = self.rank(levels)
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
                if self.award(s, owner, pts):
                    ev.append(Event("score", _.n(
                        "{player} +{points}: place {place} with {n} level in the "
                        "{size}-space district",
                        "{player} +{points}: place {place} with {n} levels in the "
                        "{size}-space district", n=value, player=Seat(owner), points=pts,
                        place=place, size=size), owner, pts,
                                    {"reason": "district", "place": place,
                                     "period": s.period}))
        for seat, p in enumerate(s.pilli):
            if p in self.board.starts and self.award(s, seat, self.palace_bonus):
                ev.append(Event("score", _("{player} +{points} for standing on a palace "
                                           "start space",
                                           you="You +{points} for standing on a palace "
                                               "start space",
                                           player=Seat(seat), points=self.palace_bonus),
                                seat, self.palace_bonus,
                                {"reason": "palace"}))
        return ev

    def _finish(self, s: MexicaState) -> list[Event]:
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
