"""The schema of the market's YAML parameters, and the checks across fields.

Every number of the game (tile counts, commodities, coins, the pass) is a parameter;
the engine holds only mechanisms.
"""

from __future__ import annotations

from typing import Any

from game.core.errors import ConfigIssue
from game.core.schema import Bool, Context, Field, Int, Obj
from variants.market.geometry import SIDES

#: Most commodities of one colour, and most coins (a bag and a supply far beyond a box).
MAX_GOODS = 10_000
#: Most draws, moves, coins or king's tokens in one pass.
MAX_STEPS = 99

#: The commodity colours; each has one vendor tile of the same name.
COLOURS: tuple[str, ...] = ("black", "blue", "red", "green")
#: The grey tiles (and the king), each a mechanism of its own.
CROWD, PORTER, GOVERNOR, AMBASSADOR, MESSENGER, KING = (
    "crowd", "porter", "governor", "ambassador", "messenger", "king")
TILE_NAMES: tuple[str, ...] = COLOURS + (CROWD, PORTER, GOVERNOR, AMBASSADOR, MESSENGER, KING)

_TILE_DOCS = {
    "black": "Black vendor (pottery).", "blue": "Blue vendor (fabric).",
    "red": "Red vendor (jewels).", "green": "Green vendor (herbs).",
    CROWD: "Blocks purchases across it (not the king).",
    PORTER: "Returns one purchased token to the vendor.",
    GOVERNOR: "Puts one purchased token on the king.",
    AMBASSADOR: "The purchasing buyer keeps its coin.",
    MESSENGER: "Moves free during a play.",
    KING: "Collects tokens; his tokens of a colour multiply its score.",
}

PARAMETERS = Obj({
    "grid": Field(Int(min=2, max=9), "Side length of the square market (squares a1 "
                  "to d4 for 4); each player has this many buyers.", default=4),
    "tiles": Field(Obj({name: Field(Int(min=0, max=81), doc, required=True)
                        for name, doc in _TILE_DOCS.items()}),
                   "Market tiles in the box; together one fewer than the squares "
                   "(one square stays the hole).", required=True),
    "commodities": Field(Obj({c: Field(Int(min=0, max=MAX_GOODS), f"{c.title()} tokens.",
                                       required=True) for c in COLOURS}),
                         "Commodity tokens of each colour in the bag.", required=True),
    "coins": Field(Int(min=0, max=MAX_GOODS), "Coins in the money supply.", required=True),
    "start_coins": Field(Int(min=0, max=9), "Coins each player puts on buyers of their "
                         "choice at setup.", default=1),
    "removed": Field(Int(min=0, max=len(COLOURS) * MAX_GOODS), "Commodities removed unseen "
                     "from the bag at setup.", default=4),
    "removed_multiple": Field(Int(min=1, max=len(COLOURS) * MAX_GOODS), "``removed`` must be "
                              "a multiple of this.", default=4),
    "removed_evenly": Field(Bool(), "Remove the same number of each colour (no "
                            "randomness in what is removed).", default=False),
    "random_market": Field(Bool(), "Lay the market at random (seeded) instead of the "
                           "players placing the tiles in turn.", default=False),
    "partnerships": Field(Bool(), "With every side taken (four players), facing players "
                          "play as partners.", default=True),
    "pass": Field(Obj({
        "draw": Field(Int(min=1, max=MAX_STEPS), "Tokens drawn from the bag onto the "
                      "vendors.", default=4),
        "moves": Field(Int(min=0, max=MAX_STEPS), "Market tiles moved.", default=2),
        "coins": Field(Int(min=0, max=MAX_STEPS), "Coins taken from the supply (each onto "
                       "an empty buyer).", default=1),
        "king": Field(Int(min=0, max=MAX_STEPS), "Tokens the player may move from a vendor "
                      "in the king's row or column to the king.", default=1),
    }), "The steps of a pass.", default={}),
})


def check_market_params(params: dict[str, Any], ctx: Context) -> None:
    n = params["grid"]
    tiles = params["tiles"]
    total_tiles = sum(tiles.values())
    if total_tiles != n * n - 1:
        ctx.error(("tiles",), f"a {n}x{n} market holds {n * n - 1} tiles and one hole; "
                  f"these tiles number {total_tiles}")
    if tiles[KING] != 1:
        ctx.error(("tiles", KING), f"the market needs exactly one king, not {tiles[KING]}")
    goods = params["commodities"]
    for c in COLOURS:
        if tiles[c] > 1:
            ctx.error(("tiles", c), f"at most one {c} vendor (purchases name the vendor "
                      "by colour)")
        elif goods[c] and not tiles[c]:
            ctx.error(("tiles", c), f"{goods[c]} {c} commodities need a {c} vendor")
    total = sum(goods.values())
    removed, step = params["removed"], params["removed_multiple"]
    if removed % step:
        ctx.error(("removed",), f"must be a multiple of {step}, got {removed}")
    elif removed > total:
        ctx.error(("removed",), f"removes {removed} commodities but the bag holds {total}")
    elif params["removed_evenly"]:
        kinds = [c for c in COLOURS if goods[c]]
        if kinds and (removed % len(kinds) or any(goods[c] < removed // len(kinds)
                                                  for c in kinds)):
            ctx.error(("removed",), f"cannot remove {removed} commodities evenly from "
                      f"{len(kinds)} colours")
    if params["start_coins"] > n:
        ctx.error(("start_coins",), f"a player has {n} buyers and each holds at most one "
                  f"coin; {params['start_coins']} start coins do not fit")


def check_market_players(params: dict[str, Any], players: int) -> list[ConfigIssue]:
    if not 1 <= players <= len(SIDES):
        return [ConfigIssue(None, "players", f"the market has {len(SIDES)} sides, one per "
                            f"player; {players} players do not fit")]
    need = players * params["start_coins"]
    if params["coins"] < need:
        return [ConfigIssue(None, "coins", f"{players} players need {need} start coins; "
                            f"the supply has {params['coins']}")]
    return []
