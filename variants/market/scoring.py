"""Scoring: per team and colour, the member holding most scores tokens x the king's.

A team is a partnership (four players) or one player (two or three players). Ties
between the best teams are broken by the player with more coins, then by the player
with more commodity tokens (the rulebook: "the partnership of the player with more
coins wins"); a tie that persists is a shared win.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from game.i18n import Text
from variants.market.params import COLOURS
from variants.market.text import _


def holdings(buyers: Sequence[Sequence[Sequence[Any]]]) -> list[dict[str, int]]:
    """Per seat, the tokens of each colour on their buyers."""
    out = []
    for seat in buyers:
        held = dict.fromkeys(COLOURS, 0)
        for _coin, colour, tokens in seat:
            if colour is not None:
                held[colour] += tokens
        out.append(held)
    return out


def team_points(held: Sequence[Mapping[str, int]], king: Mapping[str, int],
                team: Sequence[int]) -> int:
    """For each colour the member with most tokens scores tokens x the king's tokens."""
    return sum(max(held[m][c] for m in team) * king[c] for c in COLOURS)


def seat_points(held: Sequence[Mapping[str, int]], king: Mapping[str, int],
                seat: int, team: Sequence[int]) -> int:
    """One player's share: the colours in which they hold most of their team
    (the first member in seat order on a tie between partners)."""
    total = 0
    for c in COLOURS:
        best = max(team, key=lambda m: (held[m][c], -m))
        if best == seat:
            total += held[seat][c] * king[c]
    return total


def scores(held: Sequence[Mapping[str, int]], king: Mapping[str, int],
           teams: Sequence[Sequence[int]]) -> list[int]:
    """Each seat's score is its team's total."""
    out = [0] * len(held)
    for team in teams:
        points = team_points(held, king, team)
        for m in team:
            out[m] = points
    return out


def winners(held: Sequence[Mapping[str, int]], king: Mapping[str, int],
            coins: Sequence[int], teams: Sequence[Sequence[int]]) -> list[int]:
    """The seats of the winning team(s): points, then the player with more coins, then
    the player with more commodity tokens; still tied, every tied team wins."""
    def key(team: Sequence[int]) -> tuple[int, int, int]:
        return (team_points(held, king, team), max(coins[m] for m in team),
                max(sum(held[m].values()) for m in team))

    best = max(key(t) for t in teams)
    return sorted(m for t in teams if key(t) == best for m in t)


def tie_break(held: Sequence[Mapping[str, int]], king: Mapping[str, int],
              coins: Sequence[int], teams: Sequence[Sequence[int]],
              winners: Sequence[int]) -> Text:
    """What decided between the sides tied on points (coins, then goods held), or ""
    when the points did or the tie stands (a shared win)."""
    top = max(team_points(held, king, t) for t in teams)
    tied = [t for t in teams if team_points(held, king, t) == top]
    if len(tied) < 2 or all(m in winners for t in tied for m in t):
        return ""
    if len({max(coins[m] for m in t) for t in tied}) > 1:
        return _("Tied on {points} points: decided by coins left", points=top)
    return _("Tied on {points} points and coins: decided by goods held", points=top)
