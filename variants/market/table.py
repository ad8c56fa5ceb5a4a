"""The Market's table: the immutable data one game's parameters and player count make.

The board's geometry, each seat's side, lines and team, the numbers of a pass and the
state's JSON form. It is built once (``MarketRules`` builds it) and never changes (its
``parsed`` keeps answers, pure functions of their texts); everything that changes is in
the :class:`~variants.market.state.MarketState`. The rules' helpers (``verbs``,
``legal``, ``scoring``, ``bot``, ``policy``) take ``(table, state)``, so they need
nothing of the rules facade and the facade alone knows them all.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.core.notation import KeptParses
from game.core.typedstate import StateCodec
from game.i18n import Msg
from variants.market.geometry import Geometry, sides_for, teams_for
from variants.market.notation import parse
from variants.market.state import MarketState, state_codec


@dataclass(frozen=True, eq=False)
class MarketTable:
    """What the parameters fix for a whole game (no two tables are compared)."""

    params: dict[str, Any]
    players: int
    geo: Geometry
    sides: tuple[str, ...]
    teams: list[tuple[int, ...]]
    #: seat -> its team
    team_of: dict[int, tuple[int, ...]]
    #: seat -> buyer (0-based) -> squares of its line from the buyer's edge
    lines: list[list[tuple[int, ...]]]
    line_names: list[list[Msg]]
    #: a pass: tokens drawn, tile moves, coins and king's tokens
    draw_count: int
    pass_moves: int
    pass_coins: int
    pass_king: int
    start_coins: int
    #: the state's JSON form on this market for this many seats
    codec: StateCodec[MarketState]
    #: what action texts parse to on this market (``game.core.notation.KeptParses``):
    #: it keeps answers, which are pure functions of the text and the geometry
    parsed: KeptParses[tuple[str, tuple[Any, ...]]]

    @classmethod
    def build(cls, params: dict[str, Any], players: int) -> MarketTable:
        geo = Geometry(params["grid"])
        sides = sides_for(players)
        teams = teams_for(players, params["partnerships"])
        step = params["pass"]
        return cls(params=params, players=players, geo=geo, sides=sides, teams=teams,
                   team_of={m: team for team in teams for m in team},
                   lines=[geo.lines[side] for side in sides],
                   line_names=[geo.line_names[side] for side in sides],
                   draw_count=step["draw"], pass_moves=step["moves"],
                   pass_coins=step["coins"], pass_king=step["king"],
                   start_coins=params["start_coins"],
                   codec=state_codec(geo, params, players),
                   parsed=KeptParses(lambda text: parse(text, geo)))

    @property
    def n(self) -> int:
        """The market's side, in squares."""
        return self.geo.n
