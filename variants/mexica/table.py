"""What Mexica's rules know before the first move: the table built from the parameters,
and the few questions the read-only helpers ask of the rules.

The client's previews (``queries``), a phone's walks (``plans``) and the hint's words
(``explain``) read the rules; if they imported ``rules.py`` for its type, the facade
(which hands them work) and they would import each other. They take a
:class:`MexicaReads` instead: the :class:`MexicaTable` and the engine's own geometry and
scoring questions, so a preview asks exactly what a check asks and the two agree.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from game.core.events import Event
from game.i18n import Msg, Text
from variants.mexica.board import Board, board_for
from variants.mexica.state import MexicaState


@dataclass(frozen=True)
class MexicaTable:
    """The variant's numbers and its board, read once from the validated parameters."""

    board: Board
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
    def from_params(cls, params: dict[str, Any]) -> MexicaTable:
        costs = params["costs"]
        scoring = params["scoring"]
        return cls(
            board=board_for(params["board"]),
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


class MexicaReads(Protocol):
    """What ``queries``, ``plans`` and ``explain`` ask of Mexica's rules (a rule variant's
    rules included: the neutral colour ranks through its own ``rank``). Nothing here
    changes a state it is given except ``apply`` and ``_lay_canal``, which the helpers
    call on clones."""

    @property
    def table(self) -> MexicaTable: ...

    def clone(self, state: MexicaState) -> MexicaState: ...

    def apply(self, state: MexicaState, action: str) -> tuple[str, list[Event]]: ...

    def why_not(self, state: MexicaState, action: str) -> Text | None: ...

    def is_over(self, state: MexicaState) -> bool: ...

    def current_player(self, state: MexicaState) -> int | None: ...

    def scores(self, state: MexicaState) -> list[int]: ...

    def district_levels(self, state: MexicaState, cells: list[int]) -> dict[int, int]: ...

    def rank(self, levels: dict[int, int]) -> list[tuple[int, int, int]]: ...

    def _walkable(self, s: MexicaState, c: int) -> bool: ...

    def _buildable(self, s: MexicaState, c: int) -> bool: ...

    def _founded(self, s: MexicaState, label: int) -> bool: ...

    def _pilli_label(self, s: MexicaState, seat: int) -> int: ...

    def _foot_targets(self, s: MexicaState, p: int, blocked: frozenset[int] = frozenset(),
                      freed: int | None = None) -> list[int]: ...

    def _boat_costs(self, s: MexicaState, start: int) -> dict[int, int]: ...

    def _bridge_ok(self, s: MexicaState, c: int, axis: str,
                   ignore: int | None = None) -> Msg | None: ...

    def _lay_canal(self, s: MexicaState, cells: tuple[int, ...]) -> None: ...
