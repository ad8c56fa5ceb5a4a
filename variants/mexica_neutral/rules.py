"""The two-player game with a neutral colour: Mexica's rules plus a setup hook.

Ranking and scoring need no override: Mexica's table already ranks every temple owner,
and its ``award`` hook gives nothing to the neutral colour, so neutral takes its places
and scores nothing. The table extends Mexica's with the neutral temples' levels and how
they are laid out, read once from the parameters.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any, ClassVar

from game.core.errors import ConfigError
from game.core.rng import Rng
from game.core.schema import Context, Field, Int, List, Map, Nullable, Obj, Str
from variants.mexica.board import board_for
from variants.mexica.params import MAX_COUNT, MAX_SIDE, MAX_SPACES, PARAMETERS
from variants.mexica.rules import MexicaRules
from variants.mexica.state import NEUTRAL, MexicaState
from variants.mexica.table import MexicaTable
from variants.mexica_neutral.placement import allowed_cells, place, raised_levels

#: seeded placement tries before falling back to the order validation searched
RANDOM_ATTEMPTS = 8

NEUTRAL_SCHEMA = Obj({
    "temples": Field(List(Int(min=1, max=9), min_len=1, max_len=MAX_COUNT),
                     "The neutral colour's temples (levels).", required=True),
    "total_levels": Field(Nullable(Int(min=1, max=9 * MAX_COUNT)), "Raise the neutral "
                          "levels to this total for a harder game (rulebook variant); null "
                          "keeps the temples as listed.", default=None),
    "max_level": Field(Int(min=1, max=9), "Composition rule of the harder game: the lowest "
                       "temple is raised one level at a time, never past this.", default=4),
    "min_distance": Field(Int(min=1, max=2 * MAX_SIDE), "Orthogonal steps at least "
                          "between two neutral temples.", default=5),
}, doc="Neutral temples for the two-player game.")


PARAMETERS_NEUTRAL = copy.copy(PARAMETERS)
PARAMETERS_NEUTRAL.fields = {
    **PARAMETERS.fields,
    "neutral": Field(NEUTRAL_SCHEMA, "Neutral temples (chapter 7).", required=True),
    "neutral_temples": Field(Nullable(Map(Str(pattern=r"[a-z][0-9]+", hint="a cell like f5",
                                              max_len=3), Int(min=1, max=9),
                                          max_len=MAX_SPACES)),
                             "A fixed layout {cell: level} instead of the random one; for "
                             "scenarios.", default=None),
}


def levels_of(params: dict[str, Any]) -> list[int]:
    """The neutral temples' levels: as listed, or raised to the harder game's total."""
    n = params["neutral"]
    if n["total_levels"] is None:
        return sorted(n["temples"])
    return raised_levels(n["temples"], n["total_levels"], n["max_level"])


@dataclass(frozen=True)
class NeutralTable(MexicaTable):
    """Mexica's table and the neutral temples: their levels, how far apart they stand,
    and the fixed layout ``{cell: level}`` a scenario may give instead."""

    neutral_levels: tuple[int, ...] = ()
    min_distance: int = 0
    fixed_layout: dict[int, int] | None = None

    @classmethod
    def fields_from(cls, params: dict[str, Any], players: int) -> dict[str, Any]:
        fields = super().fields_from(params, players)
        fixed = params["neutral_temples"]
        index = fields["board"].index
        return {**fields, "neutral_levels": tuple(levels_of(params)),
                "min_distance": params["neutral"]["min_distance"],
                "fixed_layout": None if fixed is None else {
                    index[name]: level for name, level in fixed.items()}}


class NeutralMexicaRules(MexicaRules):
    engine_id: ClassVar[str] = "mexica-neutral"
    parameters: ClassVar[Obj] = PARAMETERS_NEUTRAL
    table_type: ClassVar[type[MexicaTable]] = NeutralTable
    table: NeutralTable

    @classmethod
    def check_params(cls, params: dict[str, Any], ctx: Context) -> None:
        super().check_params(params, ctx)
        if ctx.issues:
            return
        board = board_for(params["board"])
        n = params["neutral"]
        levels = levels_of(params)
        if n["total_levels"] is not None and sum(levels) != n["total_levels"]:
            ctx.error(("neutral", "total_levels"),
                      f"{len(levels)} temples of at most level {n['max_level']} cannot reach "
                      f"{n['total_levels']} levels (the most is {sum(levels)})")
            return
        fixed = params["neutral_temples"]
        if fixed is not None:
            for name in fixed:
                if name not in board.index:
                    ctx.error(("neutral_temples", name), "is not a space on this board")
                elif board.kind[board.index[name]] not in ".=":
                    ctx.error(("neutral_temples", name), "is not a land space")
                elif board.kind[board.index[name]] == "=":
                    ctx.error(("neutral_temples", name), "is a pre-printed canal")
            return
        if place(board, levels, n["min_distance"], None) is None:
            ctx.error(("neutral",), f"cannot place {len(levels)} neutral temples at least "
                      f"{n['min_distance']} steps apart on this board's "
                      f"{len(allowed_cells(board))} inland spaces away from the lake")

    def setup_extra(self, state: MexicaState, rng: Rng) -> None:
        """Lay the neutral temples before the starting placement (seeded, reproducible)."""
        fixed = self.table.fixed_layout
        layout = dict(fixed) if fixed is not None else self._random_layout(rng)
        for cell, level in sorted(layout.items()):
            state.temples[cell] = (NEUTRAL, level)

    def _random_layout(self, rng: Rng) -> dict[int, int]:
        t = self.table
        levels = list(t.neutral_levels)
        for _attempt in range(RANDOM_ATTEMPTS):
            layout = place(t.board, levels, t.min_distance, rng)
            if layout is not None:
                return layout
        # tight maps: the fixed order that validation proved works
        layout = place(t.board, levels, t.min_distance, None)
        if layout is None:
            raise ConfigError("the neutral temples cannot be placed on this board")
        return layout
