"""The schema of Mexica's YAML parameters, and the checks across fields.

The limits are what the game can use: a board is at most 26 x 26 spaces, so no district
is larger than 676; counts of components stop well above anything a box holds, so that
setting up a game (which lays out every calpulli token) stays small whatever a file says.
"""

from __future__ import annotations

from typing import Any

from game.core.schema import (
    Bool,
    Context,
    Field,
    Int,
    List,
    Map,
    Nullable,
    Number,
    Obj,
    Str,
    level_weights_field,
    search_settings_field,
)
from variants.mexica.board import ALPHABET, START

#: Rows and columns of a board (columns are named a-z).
MAX_SIDE = 26
#: The most spaces a board (and so a district) can have.
MAX_SPACES = MAX_SIDE * MAX_SIDE
#: Most copies of one component (a token size, a temple level per period...).
MAX_COUNT = 100
#: Most points one rule awards, and most action points anything costs.
MAX_POINTS = 1_000
MAX_COST = 99

_COST = Int(min=0, max=MAX_COST)
#: Canal tiles, bridges and AP tokens: more than a board has spaces is never needed.
_PIECES = Int(min=0, max=MAX_SPACES)
_LEVELS = List(Int(min=1, max=9), max_len=MAX_COUNT)
_PERIODS = Obj({"period1": Field(_LEVELS, required=True),
                "period2": Field(_LEVELS, required=True)})
_SIZE_LIST = List(Int(min=1, max=MAX_SPACES), max_len=MAX_COUNT)
_SIZES = Obj({"period1": Field(_SIZE_LIST, required=True),
              "period2": Field(_SIZE_LIST, required=True)})

#: A weight of the computer players' evaluation (points, or a share of them).
_WEIGHT = Number(min=0.0, max=100.0)
#: What the computer players' evaluation weighs (``variants.mexica.bot_values``): the
#: defaults are the hand-set values the levels were first measured with.
WEIGHTS = Obj({
    "token_value": Field(_WEIGHT, "Points a banked AP token is worth in period 1 (half in "
                         "period 2, almost nothing once the end is near).", default=0.6),
    "unfounded_p1": Field(_WEIGHT, "Share of an unfounded district's would-be scoring "
                          "counted while period 1 runs.", default=0.6),
    "level_value": Field(_WEIGHT, "Points per temple level in a big unfounded district in "
                         "period 1 (it scores wherever it ends up).", default=1.0),
    "sigma_base": Field(Number(min=0.01, max=100.0), "How uncertain a ranking is, in "
                        "levels: a base...", default=1.0),
    "sigma_hand": Field(_WEIGHT, "...plus this share of the most levels and AP tokens a "
                        "player still holds.", default=0.3),
    "hand_share": Field(_WEIGHT, "Period 2: share of the levels in hand counted in the "
                        "district that pays most.", default=0.8),
    "fitted": Field(Number(min=0.0, max=1.0), "1: weigh the terms with `bot_fit`'s "
                    "coefficients instead (the weights above still shape the terms); 0: "
                    "the hand-set sum.", default=0.0),
})
#: ``bot_fit``: per set (``players_3_period_1``...), one coefficient per term of the
#: evaluation (``variants.mexica.bot_values.TERMS``)
FIT = Map(Str(pattern="[a-z0-9_]+", hint="such as players_3_period_1", max_len=40),
          List(Number(min=-100.0, max=100.0), min_len=8, max_len=8), max_len=64)
TOKEN = Obj({
    "size": Field(Int(min=1, max=MAX_SPACES), "District size the token demands.",
                  required=True),
    "count": Field(Int(min=0, max=MAX_COUNT), "How many such tokens are in the box.",
                   default=1),
    "founder": Field(Int(min=0, max=MAX_POINTS), "Points for the player who founds the "
                     "district.", required=True),
    "presence": Field(Int(min=0, max=MAX_POINTS), "Points for each other Pilli in the "
                      "district then.", required=True),
    "places": Field(List(Int(min=0, max=MAX_POINTS), min_len=1, max_len=MAX_COUNT),
                    "Points for 1st, 2nd, 3rd... spiritual grandeur at each scoring.",
                    required=True),
})


PARAMETERS = Obj(
    {
        "board": Field(List(Str(pattern=f"[{ALPHABET}]+", hint="use only ~ . S P =",
                                max_len=MAX_SIDE), min_len=1, max_len=MAX_SIDE),
                       "Map rows, row 1 first: ~ lake, . land, S palace start space, "
                       "P palace centre, = pre-printed canal (laid from the supply).",
                       required=True),
        "ap_per_turn": Field(Int(min=1, max=MAX_COST), "Action points each turn.",
                             default=6),
        "costs": Field(Obj({
            "canal": Field(_COST, "One canal tile, single or double.", default=1),
            "bridge": Field(_COST, "Build a bridge.", default=1),
            "relocate": Field(_COST, "Move a bridge.", default=1),
            "step": Field(_COST, "One step on foot.", default=1),
            "boat_per_bridge": Field(_COST, "Each bridge a boat reaches.", default=1),
            "teleport": Field(_COST, "Jump to any empty space.", default=5),
            "take_token": Field(_COST, "Take an AP token.", default=1),
            "temple_per_level": Field(_COST, "Per level of a temple.", default=1),
        }), "Action costs in AP.", default={}),
        "ap_token_take_limit": Field(_COST, "AP tokens a player may take per turn.",
                                     default=2),
        "components": Field(Obj({
            "canal_single": Field(_PIECES, "Single canal tiles.", required=True),
            "canal_double": Field(_PIECES, "Double canal tiles, pre-printed ones "
                                  "included.", required=True),
            "bridges": Field(_PIECES, "Bridges.", required=True),
            "ap_tokens": Field(_PIECES, "Action-point tokens.", required=True),
        }), "Box contents.", required=True),
        "temples": Field(_PERIODS, "Temple levels each colour gets per period.",
                         required=True),
        "calpulli_tokens": Field(List(TOKEN, min_len=1, max_len=MAX_COUNT),
                                 "The calpulli tokens in the box.", required=True),
        "calpulli_draw": Field(Int(min=0, max=MAX_COUNT * MAX_COUNT),
                               "Tokens drawn at random for period 1; the rest are set "
                               "aside face down for period 2.", default=8),
        "calpulli": Field(Nullable(_SIZES), "Fixed displays (token sizes) instead of the "
                          "random draw; for scenarios.", default=None),
        "scoring": Field(Obj({
            "palace_bonus": Field(Int(min=0, max=MAX_POINTS), "Per scoring, for a Pilli "
                                  "on a start space.", default=5),
            "unfounded_places": Field(Int(min=0, max=MAX_COUNT), "Places that score in an "
                                      "unfounded district in period 2 (size, then halving, "
                                      "rounded up).", default=3),
        }), "Scoring.", default={}),
        "first_round_protection": Field(Bool(), "In the first round no action may leave "
                                        "another Pilli without a foot move.", default=True),
        "playout_rounds": Field(Int(min=1, max=MAX_POINTS), "Random-playout policy: after "
                                "this many rounds in a period, computer playouts pass (not "
                                "a rule).", default=12),
        "bot_weights": level_weights_field(WEIGHTS, "The computer players' evaluation of a "
                                           "position, per level (not a rule; tuned with "
                                           "`aztec-arcade balance --sweep "
                                           "bot_weights.hard.NAME=...`)."),
        "bot_fit": Field(Nullable(FIT), "Coefficients of the evaluation's terms (score, "
                         "founded, unfounded, main district, palace, AP tokens, levels in "
                         "hand, seats to wait) per player count and period "
                         "(`players_3_period_1`...), fitted to the final scores of Normal's "
                         "games by `tools/fit_evaluation.py`; used by a level whose weights "
                         "say `fitted: 1`, where there are some for the game's player count "
                         "(not a rule).", default=None),
        "bot_search": search_settings_field("Hard's search, where it differs from the "
                                            "defaults (not a rule; tuned with `aztec-arcade "
                                            "balance --sweep bot_search.hard.NAME=...`)."),
    },
)


def check_mexica_params(params: dict[str, Any], ctx: Context,
                        path: tuple[Any, ...] = ()) -> None:
    rows = params["board"]
    widths = {len(r) for r in rows}
    if len(widths) != 1:
        ctx.error(path + ("board",), "all rows must have the same length "
                  f"(found lengths {sorted(widths)})")
        return
    if rows[0] and len(rows[0]) > MAX_SIDE:
        ctx.error(path + ("board",), f"at most {MAX_SIDE} columns (a-z)")
    text = "".join(rows)
    if START not in text:
        ctx.error(path + ("board",), "needs at least one palace start space S")
    tokens = params["calpulli_tokens"]
    sizes = {t["size"] for t in tokens}
    total = sum(t["count"] for t in tokens)
    if params["calpulli"] is None:
        if params["calpulli_draw"] > total:
            ctx.error(path + ("calpulli_draw",),
                      f"draws {params['calpulli_draw']} tokens but the box has {total}")
    else:
        for period in ("period1", "period2"):
            for i, s in enumerate(params["calpulli"][period]):
                if s not in sizes:
                    ctx.error(path + ("calpulli", period, i),
                              f"no calpulli token of size {s} in calpulli_tokens")
    if params["bot_fit"] is None:
        for level, weights in params["bot_weights"].items():
            if weights.get("fitted"):
                ctx.error(path + ("bot_weights", level, "fitted"), "weighs the terms with "
                          "bot_fit's coefficients, but the file has no bot_fit (fit them "
                          "with tools/fit_evaluation.py)")
    from variants.mexica.board import board_for

    board = board_for(rows)
    singles = sum(1 for t in board.precanal_tiles if len(t) == 1)
    doubles = len(board.precanal_tiles) - singles
    comps = params["components"]
    if singles > comps["canal_single"] or doubles > comps["canal_double"]:
        ctx.error(path + ("components",),
                  f"the board's pre-printed canals need {doubles} double and {singles} single "
                  "tiles, more than the components provide")
