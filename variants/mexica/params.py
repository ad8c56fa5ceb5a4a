"""The schema of Mexica's YAML parameters, and the checks across fields."""

from __future__ import annotations

from typing import Any

from game.schema import Bool, Context, Field, Int, List, Nullable, Obj, Str
from variants.mexica.board import ALPHABET, START

_LEVELS = List(Int(min=1, max=9))
_PERIODS = Obj({"period1": Field(_LEVELS, required=True),
                "period2": Field(_LEVELS, required=True)})
_SIZES = Obj({"period1": Field(List(Int(min=1)), required=True),
              "period2": Field(List(Int(min=1)), required=True)})

TOKEN = Obj({
    "size": Field(Int(min=1), "District size the token demands.", required=True),
    "count": Field(Int(min=0), "How many such tokens are in the box.", default=1),
    "founder": Field(Int(min=0), "Points for the player who founds the district.",
                     required=True),
    "presence": Field(Int(min=0), "Points for each other Pilli in the district then.",
                      required=True),
    "places": Field(List(Int(min=0), min_len=1),
                    "Points for 1st, 2nd, 3rd... spiritual grandeur at each scoring.",
                    required=True),
})


PARAMETERS = Obj(
    {
        "board": Field(List(Str(pattern=f"[{ALPHABET}]+", hint="use only ~ . S P ="),
                            min_len=1, max_len=26),
                       "Map rows, row 1 first: ~ lake, . land, S palace start space, "
                       "P palace centre, = pre-printed canal (laid from the supply).",
                       required=True),
        "ap_per_turn": Field(Int(min=1, max=99), "Action points each turn.", default=6),
        "costs": Field(Obj({
            "canal": Field(Int(min=0), "One canal tile, single or double.", default=1),
            "bridge": Field(Int(min=0), "Build a bridge.", default=1),
            "relocate": Field(Int(min=0), "Move a bridge.", default=1),
            "step": Field(Int(min=0), "One step on foot.", default=1),
            "boat_per_bridge": Field(Int(min=0), "Each bridge a boat reaches.", default=1),
            "teleport": Field(Int(min=0), "Jump to any empty space.", default=5),
            "take_token": Field(Int(min=0), "Take an AP token.", default=1),
            "temple_per_level": Field(Int(min=0), "Per level of a temple.", default=1),
        }), "Action costs in AP.", default={}),
        "ap_token_take_limit": Field(Int(min=0), "AP tokens a player may take per turn.",
                                     default=2),
        "components": Field(Obj({
            "canal_single": Field(Int(min=0), "Single canal tiles.", required=True),
            "canal_double": Field(Int(min=0), "Double canal tiles, pre-printed ones "
                                  "included.", required=True),
            "bridges": Field(Int(min=0), "Bridges.", required=True),
            "ap_tokens": Field(Int(min=0), "Action-point tokens.", required=True),
        }), "Box contents.", required=True),
        "temples": Field(_PERIODS, "Temple levels each colour gets per period.",
                         required=True),
        "calpulli_tokens": Field(List(TOKEN, min_len=1), "The calpulli tokens in the box.",
                                 required=True),
        "calpulli_draw": Field(Int(min=0), "Tokens drawn at random for period 1; the rest "
                               "are set aside face down for period 2.", default=8),
        "calpulli": Field(Nullable(_SIZES), "Fixed displays (token sizes) instead of the "
                          "random draw; for scenarios.", default=None),
        "scoring": Field(Obj({
            "palace_bonus": Field(Int(min=0), "Per scoring, for a Pilli on a start space.",
                                  default=5),
            "unfounded_places": Field(Int(min=0), "Places that score in an unfounded "
                                      "district in period 2 (size, then halving, rounded "
                                      "up).", default=3),
        }), "Scoring.", default={}),
        "first_round_protection": Field(Bool(), "In the first round no action may leave "
                                        "another Pilli without a foot move.", default=True),
        "playout_rounds": Field(Int(min=1), "Random-playout policy: after this many rounds "
                                "in a period, computer playouts pass (not a rule).",
                                default=12),
    },
)


def check_mexica_params(params: dict[str, Any], ctx: Context, path: tuple = ()) -> None:
    rows = params["board"]
    widths = {len(r) for r in rows}
    if len(widths) != 1:
        ctx.error(path + ("board",), "all rows must have the same length "
                  f"(found lengths {sorted(widths)})")
        return
    if rows[0] and len(rows[0]) > 26:
        ctx.error(path + ("board",), "at most 26 columns (a-z)")
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
    from variants.mexica.board import Board

    board = Board(rows)
    singles = sum(1 for t in board.precanal_tiles if len(t) == 1)
    doubles = len(board.precanal_tiles) - singles
    comps = params["components"]
    if singles > comps["canal_single"] or doubles > comps["canal_double"]:
        ctx.error(path + ("components",),
                  f"the board's pre-printed canals need {doubles} double and {singles} single "
                  "tiles, more than the components provide")
