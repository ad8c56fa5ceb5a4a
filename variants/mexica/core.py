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
from variants.mexica.board import board_for
from variants.mexica.state import MexicaState, state_codec


class MexicaCore(Rules):
    """The variant's numbers, read once from the validated parameters."""

    def __init__(self, params: dict[str, Any], players: int) -> None:
        super().__init__(params, players)
        self.board = board_for(params["board"])
        costs = params["costs"]
        self.c_canal: int = costs["canal"]
        self.c_bridge: int = costs["bridge"]
        self.c_relocate: int = costs["relocate"]
        self.c_step: int = costs["step"]
        self.c_boat: int = costs["boat_per_bridge"]
        self.c_teleport: int = costs["teleport"]
        self.c_take: int = costs["take_token"]
        self.c_level: int = costs["temple_per_level"]
        self.take_limit: int = params["ap_token_take_limit"]
        self.ap_per_turn: int = params["ap_per_turn"]
        self.token_info: dict[int, dict[str, Any]] = {
            t["size"]: t for t in params["calpulli_tokens"]}
        self.palace_bonus: int = params["scoring"]["palace_bonus"]
        self.unfounded_places: int = params["scoring"]["unfounded_places"]
        self.protect_first_round: bool = params["first_round_protection"]
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
        """Points by place for an unfounded district of ``size`` spaces (period 2): its
        size for the first, then half of the previous, rounded up, for each next place."""
        points, value = [], size
        for _ in range(self.unfounded_places):
            points.append(value)
            value = (value + 1) // 2
        return points
