"""The Market of Tlatelolco's player aid: the rules as pages, every number read from the
variant's parameters, and the rulebook's examples as positions the board view draws
(``variants.market.view.aid_pages``).

The examples: a purchase past a governor, a porter and an ambassador, and the rulebook's
final count (Yolanda and Victor 53, Laura and Raquel 60; here Ana and Cy against Ben and
Dee), scored by the engine's own scoring functions. ``tests/client/test_aid_examples.py``
plays both on the engine and checks the pages say what it does.
"""

from __future__ import annotations

from typing import Any

from game.i18n import Listing, Msg
from game.kit.aidrows import aid_row
from variants.market import scoring
from variants.market.geometry import teams_for
from variants.market.params import COLOURS
from variants.market.text import _, colour_of

#: the rulebook's holdings, in seat order (seats 0 + 2 against 1 + 3: facing partners)
RULEBOOK_HELD = (
    {"black": 9, "blue": 0, "red": 0, "green": 6},   # Yolanda
    {"black": 3, "blue": 6, "red": 4, "green": 4},   # Laura
    {"black": 5, "blue": 5, "red": 3, "green": 0},   # Victor
    {"black": 0, "blue": 0, "red": 8, "green": 6},   # Raquel
)
RULEBOOK_KING = {"black": 2, "blue": 4, "red": 3, "green": 1}
#: the example purchase: the column from the vendor down to the buyer, and its tokens
PURCHASE_COLUMN = ("red", "governor", "porter", "ambassador")
PURCHASE_TOKENS = 4
#: a market to show (row by row, "." the hole), if the variant's tiles are the box's
TABLE = ("black", "crowd", "governor", "red",
         "porter", "king", "messenger", "crowd",
         "blue", "ambassador", ".", "porter",
         "crowd", "green", "governor", "crowd")
TABLE_GOODS = {"black": 2, "blue": 1, "red": 3, "green": 2}
TABLE_KING = {"black": 1, "blue": 0, "red": 2, "green": 0}


def player_aid(params: dict[str, Any], players: int) -> dict[str, Any]:
    step = params["pass"]
    partners = players == 4 and params["partnerships"]
    return {
        "intro": _("On your turn choose one: pass or play."),
        "actions": [
            (_("Pass: replenish"), _("draw {n} from the bag onto the vendors", n=step["draw"])),
            (_("Pass: move the market"), _.n("{n} tile into the hole", "{n} tiles into the hole",
                                             n=step["moves"])),
            (_("Pass: obtain money"), _.n("{n} coin onto a buyer without one",
                                          "{n} coins onto buyers without one", n=step["coins"])),
            (_("Pass: the king (optional)"), _.n("{n} token from his row or column",
                                                 "{n} tokens from his row or column",
                                                 n=step["king"])),
            (_("Play: move a tile"), _("1 coin from a buyer (the messenger moves free)")),
            (_("Play: buy (at least once)"), _("1 coin; the ambassador lets you keep it")),
        ],
        "scoring": [
            _("A buyer buys from a vendor on its line with no crowd between: it takes all "
              "the vendor's tokens and must be empty or hold that colour."),
            _("Between them, each porter returns one token to the vendor and each governor "
              "gives one to the king, starting from the vendor."),
            _("The game ends after the round in which the bag runs empty."),
            _("For each colour, the partner with more tokens of it scores tokens x the "
              "king's tokens of that colour.") if partners else
            _("For each colour, you score tokens x the king's tokens of that colour."),
            _("Ties: more coins, then more commodity tokens."),
        ],
        "pages": [turn_page(params, players), actions_page(params),
                  purchase_page(params), tiles_page(params), end_page(params, players)],
    }


def table(params: dict[str, Any]) -> list[str | None]:
    """The market to show: :data:`TABLE` when the variant's tiles are the box's, else
    its tiles in the file's order, the hole last."""
    tiles = [name for name, count in params["tiles"].items() for _ in range(int(count))]
    box = [t for t in TABLE if t != "."]
    if sorted(tiles) == sorted(box) and params["grid"] == 4:
        return [None if t == "." else t for t in TABLE]
    out: list[str | None] = list(tiles[:params["grid"] ** 2 - 1])
    return [*out, None]


def turn_page(params: dict[str, Any], players: int) -> dict[str, Any]:
    text: list[Msg] = [
        _("Your buyers stand along your side, one at the end of each line of the market: "
          "each buys only from a vendor on its own line."),
        _("On your turn, pass or play."),
    ]
    if params["partnerships"]:
        text.append(_("With four players, partners sit facing each other and score as one."))
    return {
        "title": _("The market and your turn"),
        "lead": _("Buy commodities with your four buyers. The king's tokens of a colour "
                  "multiply what it is worth."),
        "text": text,
        "figure": {"kind": "table", "market": table(params), "goods": dict(TABLE_GOODS),
                   "king": dict(TABLE_KING), "grid": int(params["grid"])},
        "figure_share": 0.5,
    }


def actions_page(params: dict[str, Any]) -> dict[str, Any]:
    step = params["pass"]

    def row(label: Msg, cost: Msg | str, note: Msg, piece: str) -> dict[str, Any]:
        return aid_row(label, note, piece, cost)

    coin = _.n("{n} coin", "{n} coins", n=1)
    return {
        "title": _("Pass or play"),
        "groups": [
            {"heading": _("Pass: all four, in order"), "rows": [
                row(_("Draw {n} from the bag", n=step["draw"]), "", _(
                    "each onto its vendor (not once the bag is empty)"), "bag"),
                row(_.n("Move {n} tile", "Move {n} tiles", n=step["moves"]), "",
                    _("any tile into the hole"), "shift"),
                row(_.n("Take {n} coin", "Take {n} coins", n=step["coins"]), "",
                    _("onto a buyer with none"), "coin"),
                row(_("Feed the king"), "", _.n(
                    "you may move {n} token from a vendor in his row or column",
                    "you may move {n} tokens from vendors in his row or column",
                    n=step["king"]), "king")]},
            {"heading": _("Play: in any order"), "rows": [
                row(_("Move a tile"), coin, _("paid by one of your buyers"), "shift"),
                row(_("The messenger"), _("free", context="cost"),
                    _("moves as often as you like"), "messenger"),
                row(_("Buy"), coin, _("at least once: all the vendor's tokens"), "buy")]},
        ],
    }


def purchase_example() -> dict[str, Any]:
    """The example column (vendor first) and what the purchase does, tile by tile from
    the vendor toward the buyer."""
    left, to_vendor, to_king = PURCHASE_TOKENS, 0, 0
    for tile in PURCHASE_COLUMN[1:]:
        if left and tile == "porter":
            to_vendor, left = to_vendor + 1, left - 1
        elif left and tile == "governor":
            to_king, left = to_king + 1, left - 1
    colour = PURCHASE_COLUMN[0]
    return {"kind": "purchase", "column": list(PURCHASE_COLUMN), "colour": colour,
            "tokens": PURCHASE_TOKENS, "buyer": left, "vendor": to_vendor, "king": to_king,
            "coin_kept": "ambassador" in PURCHASE_COLUMN}


def purchase_page(params: dict[str, Any]) -> dict[str, Any]:
    ex = purchase_example()
    return {
        "title": _("Buying"),
        "lead": _("A buyer with a coin buys every token of a vendor on its line, for one "
                  "coin."),
        "text": [
            _("No crowd may stand between them, and the buyer must be empty or already "
              "hold that colour."),
            _("On the way, from the vendor: a porter returns 1 token to the vendor, a "
              "governor gives 1 to the king, an ambassador lets the buyer keep its coin."),
            _("Here {n} {colour}: the buyer gets {buyer}, the vendor keeps {vendor}, the "
              "king gets {king}, and the coin stays.", n=ex["tokens"],
              colour=colour_of(ex["colour"]), buyer=ex["buyer"], vendor=ex["vendor"],
              king=ex["king"]),
        ],
        "figure": ex,
        "figure_share": 0.5,
    }


def tiles_page(params: dict[str, Any]) -> dict[str, Any]:
    tiles = params["tiles"]
    words = {
        "crowd": (_("Crowd", context="aid"), _("no purchase across it")),
        "porter": (_("Porter", context="aid"), _("returns 1 bought token to the vendor")),
        "governor": (_("Governor", context="aid"), _("gives 1 bought token to the king")),
        "ambassador": (_("Ambassador", context="aid"), _("the buyer keeps its coin")),
        "messenger": (_("Messenger", context="aid"), _("moves free during a play")),
        "king": (_("King", context="aid"), _("his tokens of a colour multiply it")),
    }
    vendors = sum(int(tiles[c]) for c in COLOURS)
    rows = [{"label": _("Vendors"), "cost": f"×{vendors}",
             "note": _("one per colour: {colours}", colours=Listing(
                 tuple(colour_of(c) for c in COLOURS), "comma")),
             "icon": {"kind": "tile", "tile": "vendors"}}]
    for name in ("crowd", "porter", "governor", "ambassador", "messenger", "king"):
        if int(tiles.get(name, 0)):
            label, note = words[name]
            rows.append({"label": label, "cost": f"×{tiles[name]}", "note": note,
                         "icon": {"kind": "tile", "tile": name}})
    rows.append({"label": _("The hole"), "cost": "", "note": _("any tile may move into it"),
                 "icon": {"kind": "tile", "tile": "hole"}})
    return {"title": _("The people of the market"),
            "groups": [{"heading": "", "rows": rows}]}


def final_count(players: int, partnerships: bool) -> dict[str, Any]:
    """The rulebook's final count with ``players`` of its four players (the first ones),
    as the engine's scoring functions score it: per seat and colour the tokens held and
    the points they bring (0 where a partner holds more), and each team's total."""
    held = [dict(h) for h in RULEBOOK_HELD[:players]]
    teams = teams_for(players, partnerships)
    rows = []
    for seat, h in enumerate(held):
        team = next(t for t in teams if seat in t)
        cells = []
        for c in COLOURS:
            alone = {k: (v if k == c else 0) for k, v in RULEBOOK_KING.items()}
            points = scoring.seat_points(held, alone, seat, team)
            cells.append({"colour": c, "tokens": h[c], "points": points,
                          "partner": not points and h[c] > 0 and RULEBOOK_KING[c] > 0})
        rows.append({"seat": seat, "cells": cells,
                     "points": scoring.seat_points(held, RULEBOOK_KING, seat, team)})
    totals = [{"team": list(t), "points": scoring.team_points(held, RULEBOOK_KING, t)}
              for t in teams]
    return {"kind": "count", "rows": rows, "king": dict(RULEBOOK_KING), "teams": totals,
            "partners": any(len(t) > 1 for t in teams)}


def end_page(params: dict[str, Any], players: int) -> dict[str, Any]:
    partners = bool(params["partnerships"]) and players == 4
    count = final_count(players, bool(params["partnerships"]))
    rule = _("For each colour, the partner holding more of it scores: tokens × the king's "
             "tokens of that colour.") if partners else \
        _("For each colour you score your tokens × the king's tokens of it.")
    text = [_("The game ends after the round in which the bag runs empty."), rule,
            _("No king's tokens of a colour: it scores nothing."),
            _("Ties: the side of the player with more coins, then more tokens.")]
    if partners:
        best = max(count["teams"], key=lambda t: t["points"])
        text.insert(2, _("The rulebook's count: {best} beats {other} (grey: the partner "
                         "holds more of it).", best=best["points"],
                         other=min(t["points"] for t in count["teams"])))
    return {"title": _("The end and the count"), "text": text, "figure": count,
            "figure_share": 0.58}
