"""What Mexica's rules know before the first move: the table built from the parameters,
and the few questions about a state that only the table's numbers answer.

Every part of the rules (the verbs, the legal-move lists, the scorings, the bots, the
client's previews) is handed this :class:`MexicaTable` and a state: none of them imports
``rules.py``, which only wires them together. Rule variants extend the table: its hooks
``district_levels``, ``rank`` and ``award`` are how the scorings treat the temples'
owners (the neutral colour takes places and scores nothing).

The helpers that must play actions on a copy (a preview's ``queries.simulate``, the
hint's words in ``explain``) take a :class:`MexicaReads`: the table and the facade's
``apply``, ``why_not`` and ``clone``, so a preview asks exactly what a check asks and
the two agree.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from game.core.events import Event
from game.core.typedstate import StateCodec
from game.i18n import Text
from variants.mexica.board import Board, board_for
from variants.mexica.state import MexicaState, state_codec


@dataclass(frozen=True)
class MexicaTable:
    """The variant's numbers and its board, read once from the validated parameters."""

    params: dict[str, Any]
    players: int
    board: Board
    #: the state's JSON form for this board and player count (``variants.mexica.state``)
    codec: StateCodec[MexicaState]
    c_canal: int
    c_bridge: int
    c_relocate: int
    c_step: int
    c_boat: int
    c_teleport: int
    c_take: int
    c_level: int
    take_limit: int
    ap_per_turn: int
    #: the calpulli tokens by size: founder and presence points, points by place
    token_info: dict[int, dict[str, Any]]
    palace_bonus: int
    unfounded_places: int
    protect_first_round: bool

    @classmethod
    def from_params(cls, params: dict[str, Any], players: int) -> MexicaTable:
        return cls(**cls.fields_from(params, players))

    @classmethod
    def fields_from(cls, params: dict[str, Any], players: int) -> dict[str, Any]:
        """The table's fields for ``params``; a rule variant's table adds its own."""
        costs = params["costs"]
        scoring = params["scoring"]
        board = board_for(params["board"])
        return dict(
            params=params, players=players, board=board, codec=state_codec(board, players),
            c_canal=costs["canal"], c_bridge=costs["bridge"], c_relocate=costs["relocate"],
            c_step=costs["step"], c_boat=costs["boat_per_bridge"],
            c_teleport=costs["teleport"], c_take=costs["take_token"],
            c_level=costs["temple_per_level"],
            take_limit=params["ap_token_take_limit"], ap_per_turn=params["ap_per_turn"],
            token_info={t["size"]: t for t in params["calpulli_tokens"]},
            palace_bonus=scoring["palace_bonus"], unfounded_places=scoring["unfounded_places"],
            protect_first_round=params["first_round_protection"])

    def unfounded_points(self, size: int) -> list[int]:
        """Points by place for an unfounded district of ``size`` spaces (period 2): its
        size for the first, then half of the previous, rounded up, for each next place."""
        points, value = [], size
        for _ in range(self.unfounded_places):
            points.append(value)
            value = (value + 1) // 2
        return points

    # -- the state's JSON form ------------------------------------------------------------
    def load(self, data: dict[str, Any]) -> MexicaState:
        state = self.codec.load(data)
        state.rebuild(self.board)
        return state

    def load_own(self, data: dict[str, Any]) -> MexicaState:
        """``load`` of a JSON form these rules wrote (a view the bots sample from),
        without checking it again (``StateCodec.trusted``)."""
        state = self.codec.trusted(data)
        state.rebuild(self.board)
        return state

    # -- hooks for rule variants: how the scorings treat temple owners --------------------
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


def current_player(t: MexicaTable, state: MexicaState) -> int | None:
    """The seat that decides: the player in turn, or during a removal vote the next seat
    to answer; None once the game is over."""
    if state.phase == "over":
        return None
    vote = state.vote
    if vote is not None:
        return (vote.proposer + 1 + len(vote.answers)) % t.players
    return state.turn


def deciding(t: MexicaTable, state: MexicaState) -> int:
    """The seat that decides now, in a game that is not over (checks and handlers)."""
    seat = current_player(t, state)
    assert seat is not None, "the game is over"
    return seat


class MexicaReads(Protocol):
    """What ``queries``, ``explain`` and the bots ask of Mexica's rules (a rule
    variant's rules included: the neutral colour ranks through its table's ``rank``).
    Nothing here changes a state it is given except ``apply``, which the helpers call on
    clones."""

    @property
    def table(self) -> MexicaTable: ...

    def clone(self, state: MexicaState) -> MexicaState: ...

    def apply(self, state: MexicaState, action: str) -> tuple[str, list[Event]]: ...

    def why_not(self, state: MexicaState, action: str) -> Text | None: ...

    def is_over(self, state: MexicaState) -> bool: ...

    def current_player(self, state: MexicaState) -> int | None: ...

    def scores(self, state: MexicaState) -> list[int]: ...
