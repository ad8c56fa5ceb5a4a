"""Scoring: per team and colour, the member holding most scores tokens x the king's.

A team is a partnership (four players) or one player (two or three players). Ties
between the best teams are broken by the player with more coins, then by the player
with more commodity tokens (the rulebook: "the partnership of the player with more
coins wins"); a tie that persists is a shared win. :func:`finish` ends the game when the
last round of an empty bag is over, with each seat's points said colour by colour.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from game.core.events import Event
from game.i18n import Listing, Seat, Text
from variants.market.params import COLOURS
from variants.market.state import MarketState
from variants.market.table import MarketTable
from variants.market.text import _, colour_of


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


def score_events(t: MarketTable, s: MarketState, held: list[dict[str, int]]) -> list[Event]:
    """Each seat's points by colour (its team's most tokens of the colour times the
    king's), so that a seat's "score" events add up to its score."""
    ev = []
    for team in t.teams:
        for seat in team:
            for goods in COLOURS:
                most = max(held[m][goods] for m in team)
                pts = most * s.king[goods]
                if pts:
                    ev.append(Event("score", _(
                        "{player} +{points} for {colour}: {most} × {king} of the king's",
                        you="You +{points} for {colour}: {most} × {king} of the king's",
                        player=Seat(seat), points=pts, colour=colour_of(goods), most=most,
                        king=s.king[goods]), seat, pts, data={"reason": goods}))
    return ev


def finish(t: MarketTable, s: MarketState) -> list[Event]:
    """The game is over: the winners, and the events that score it."""
    held = holdings(s.buyers)
    coins = [sum(b.coin for b in seat) for seat in s.buyers]
    s.phase = "over"
    s.winners = winners(held, s.king, coins, t.teams)
    points = scores(held, s.king, t.teams)
    names = Listing(tuple(Seat(w) for w in s.winners), joint="comma")
    table = Listing(tuple(_("{team} {points}", context="score", points=points[t[0]],
                            team=Listing(tuple(Seat(m) for m in t), joint="plus"))
                          for t in t.teams), joint="semicolon")
    over = Event("game_over", _("The bag is empty and the round is over. {table}. Winner: "
                                "{winners}", table=table, winners=names),
                 data={"scores": points, "winners": list(s.winners)})
    return [*score_events(t, s, held), over]
