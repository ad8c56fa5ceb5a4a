"""What every part of Mexica's rules reads: the variant's numbers, the board, the decider,
the state's JSON form.

:class:`MexicaRules` is assembled from parts (geometry, checks, actions, scoring, the
legal-move lists, the bots' hooks), each a class of its own module. They all derive from
:class:`MexicaCore`, so the attributes they share are declared once, here, where a type
checker sees them, instead of being assumed by each part.
"""

from __future__ import annotations

from typing import Any

from game.core.engine import Rules
from variants.mexica.state import MexicaState, state_codec
from variants.mexica.table import MexicaTable


class MexicaCore(Rules):
    """The variant's numbers, read once from the validated parameters."""

    def __init__(self, params: dict[str, Any], players: int) -> None:
        super().__init__(params, players)
        #: the same numbers as one immutable object, for the helpers that read the rules
        #: without importing them (``table.MexicaReads``)
        self.table = table = MexicaTable.from_params(params)
        self.board = table.board
        self.c_canal: int = table.c_canal
        self.c_bridge: int = table.c_bridge
        self.c_relocate: int = table.c_relocate
        self.c_step: int = table.c_step
        self.c_boat: int = table.c_boat
        self.c_teleport: int = table.c_teleport
        self.c_take: int = table.c_take
        self.c_level: int = table.c_level
        self.take_limit: int = table.take_limit
        self.ap_per_turn: int = table.ap_per_turn
        self.token_info: dict[int, dict[str, Any]] = table.token_info
        self.palace_bonus: int = table.palace_bonus
        self.unfounded_places: int = table.unfounded_places
        self.protect_first_round: bool = table.protect_first_round
        self.codec = state_codec(self.board, players)

    # -- the state's JSON form (``variants.mexica.state``) ---------------------------------
    def to_dict(self, state: MexicaState) -> dict[str, Any]:
        return self.codec.dump(state)

    def from_dict(self, data: dict[str, Any]) -> MexicaState:
        state = self.codec.load(data)
        state.rebuild(self.board)
        return state

    def from_own_dict(self, data: dict[str, Any]) -> MexicaState:
        """``from_dict`` of a JSON form these rules wrote (a view the bots sample from),
        without checking it again (``StateCodec.trusted``)."""
        state = self.codec.trusted(data)
        state.rebuild(self.board)
        return state

    def clone(self, state: MexicaState) -> MexicaState:
        return self.codec.copy(state)

    def current_player(self, state: MexicaState) -> int | None:
        if state.phase == "over":
            return None
        vote = state.vote
        if vote is not None:
            return (vote.proposer + 1 + len(vote.answers)) % self.players
        return state.turn

    def deciding(self, state: MexicaState) -> int:
        """The seat that decides now, in a game that is not over (checks and handlers)."""
        seat = self.current_player(state)
        assert seat is not None, "the game is over"
        return seat

    def unfounded_points(self, size: int) -> list[int]:
        """Points by place for an unfounded district of ``size`` spaces (period 2)."""
        return self.table.unfounded_points(size)
