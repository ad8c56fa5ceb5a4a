"""Mexica's player aid: the rules as pages, every number read from the variant's
parameters, and the rulebook's examples as positions the board view draws.

The pages are plain data (``game.kit.client.aid`` says what a page holds); the pictures are drawn
by ``variants.mexica.view.aid_pages`` with the board's own pieces. The examples are the
rulebooks': the second example turn (walk, bridge, boat, token), the founding of a
13-space district, and the German rulebook's scoring of it (levels 7, 10, 6 and 1).
Their points are worked out here from the parameters as a player would, and
``tests/client/test_aid_examples.py`` plays each position on the engine and checks that
it scores the same.
"""

from __future__ import annotations

import math
from typing import Any

from game.i18n import Listing, Msg
from game.kit.aidrows import aid_row
from variants.mexica.text import _, ap

COST_LABELS = {
    "step": _("Walk one space"),
    "boat_per_bridge": _("Boat ride, per bridge reached or passed"),
    "teleport": _("Teleport to any free space"),
    "canal": _("Canal tile (single or double)"),
    "bridge": _("Build a bridge"),
    "relocate": _("Move a bridge (once the supply has none)"),
    "temple_per_level": _("Temple", context="aid"),
    "take_token": _("Take an AP token"),
}
NEUTRAL = -1
#: the district of the founding and scoring examples is this wide (columns a-d); the
#: canal of column e closes it, and columns f-g are another district
DISTRICT_COLS = 4
#: the German rulebook's example: spiritual grandeur by seat in a 13-space district
GERMAN_LEVELS = (7, 10, 6, 1)
#: the same in the two-player game: the neutral colour takes the 10 (seat, levels)
NEUTRAL_LEVELS = ((0, 7), (NEUTRAL, 10), (1, 6))
def player_aid(params: dict[str, Any]) -> dict[str, Any]:
    costs = params["costs"]
    rows: list[tuple[Msg, Msg]] = []
    for key, label in COST_LABELS.items():
        cost = costs[key]
        if key == "temple_per_level":
            value = _("{cost} per level (level 3: {three})", cost=ap(cost), three=ap(3 * cost))
        elif key == "take_token":
            value = _("{cost}, at most {n} a turn", cost=ap(cost),
                      n=params["ap_token_take_limit"])
        else:
            value = ap(cost)
        rows.append((label, value))
    rows.append((_("Found a district (token of its size)"), _("free", context="cost")))
    rows.append((_("Spend your AP tokens"), _("+{cost} each", cost=ap(1))))
    table = Listing(tuple(_("{size}: {places}", size=t["size"], places="/".join(
        map(str, t["places"]))) for t in params["calpulli_tokens"]), "comma")
    scoring = params["scoring"]
    return {
        "intro": _("{n} action points (AP) every turn; unused AP are lost.",
                   n=params["ap_per_turn"]),
        "actions": rows,
        "scoring": [
            _("Two periods. A period ends once the calpulli tokens on display are used and a "
              "player has built every temple in hand; the round is finished, then the period "
              "is scored. A full round without any action also ends it."),
            _("Founding: the founder scores the token's founder number; every other Pilli "
              "standing in the district scores its presence number."),
            _("Each scoring: in every founded district, most temple levels is 1st, then 2nd "
              "and 3rd. Ties share the full points of their place."),
            _("Points for 1st/2nd/3rd by district size:  {table}", table=table),
            _("Period 2 also scores unfounded districts: 1st its size, 2nd half of that, 3rd "
              "half again (rounded up)."),
            _("+{points} at each scoring for a Pilli on a palace start space.",
              points=scoring["palace_bonus"]),
            _("Most prestige wins; a tie goes to the most AP tokens left, then the win is "
              "shared."),
        ],
        "pages": pages(params),
    }


# ---------------------------------------------------------------------------------------
# the pages
# ---------------------------------------------------------------------------------------
def pages(params: dict[str, Any]) -> list[dict[str, Any]]:
    out = [turn_page(params), actions_page(params), founding_page(params),
           scoring_page(params), tokens_page(params), periods_page(params)]
    if params.get("neutral"):
        out.insert(4, neutral_page(params))
    return out


def _cell(col: int, row: int) -> str:
    return f"{chr(ord('a') + col)}{row + 1}"


def turn_example(params: dict[str, Any]) -> dict[str, Any]:
    """The rulebook's second example turn on a small island: two steps on foot, onto a
    bridge, a boat ride to the next bridge, off it, and an AP token taken."""
    costs = params["costs"]
    board = ["." * 10] * 3
    canals = [["c2", "d2"], ["e2", "f2"], ["g2", "h2"], ["i2"]]
    walk = _("Walk", context="example")
    plan = [("d1", walk, costs["step"]), ("c1", walk, costs["step"]),
            ("c2", _("Onto the bridge"), costs["step"]),
            ("i2", _("Boat ride", context="example"), costs["boat_per_bridge"]),
            ("i3", _("Off the bridge"), costs["step"]),
            ("i3", _("Take a token"), costs["take_token"])]
    left = int(params["ap_per_turn"])
    steps = []
    for i, (cell, what, cost) in enumerate(plan):
        left -= int(cost)
        steps.append({"cell": cell, "what": what, "cost": int(cost), "left": left,
                      "token": i == len(plan) - 1})
    return {"kind": "turn", "board": board, "canals": canals,
            "bridges": {"c2": "ns", "i2": "ns"}, "start": "e1", "seat": 0,
            "ap": int(params["ap_per_turn"]), "steps": steps}


def turn_page(params: dict[str, Any]) -> dict[str, Any]:
    per_turn = params["ap_per_turn"]
    example = turn_example(params)
    spent = sum(s["cost"] for s in example["steps"])
    return {
        "title": _("Your turn", context="aid"),
        "lead": _("Found districts, then out-build the others there with temples: the most "
                  "prestige after the last scoring wins."),
        "text": [
            _("Every turn you have {n} action points (AP). Do any actions, in any order, as "
              "often as you can pay.", n=per_turn),
            _("AP left unspent are lost: bank them as AP tokens instead."),
            _("The rulebook's example turn spends {cost}: walk, a bridge, a boat ride and a "
              "token.", cost=ap(spent)),
        ],
        "figure": example,
        "figure_share": 0.6,
    }


def actions_page(params: dict[str, Any]) -> dict[str, Any]:
    costs = params["costs"]
    top = max([*params["temples"]["period1"], *params["temples"]["period2"]])
    per = costs["temple_per_level"]
    temple = ap(per) if top == 1 else _("{low}–{high} AP", low=per, high=top * per)

    def row(label: Msg, cost: Msg, note: Msg, piece: str) -> dict[str, Any]:
        return aid_row(label, note, piece, cost)

    return {
        "title": _("Actions and their costs"),
        "groups": [
            {"heading": _("Move your Pilli"), "rows": [
                row(_("Walk a space"), ap(costs["step"]),
                    _("never diagonally or through pieces"), "walk"),
                row(_("Boat ride", context="aid"), ap(costs["boat_per_bridge"]),
                    _("per bridge reached or passed"), "boat"),
                row(_("Teleport", context="aid"), ap(costs["teleport"]),
                    _("to any free space"), "teleport")]},
            {"heading": _("AP tokens"), "rows": [
                row(_("Take an AP token"), ap(costs["take_token"]),
                    _.n("at most {n} a turn", "at most {n} a turn",
                        n=params["ap_token_take_limit"]), "take"),
                row(_("Spend an AP token"), _("+{cost}", context="aid", cost=ap(1)),
                    _("as many as you hold"), "spend")]},
            {"heading": _("Build and found"), "rows": [
                row(_("Canal tile"), ap(costs["canal"]), _("single or double, on empty land"),
                    "canal"),
                row(_("Bridge", context="aid"), ap(costs["bridge"]),
                    _("or move one ({cost}) once none are left", cost=ap(costs["relocate"])),
                    "bridge"),
                row(_("Temple", context="aid"), temple,
                    _("{cost} a level, in your Pilli's district", cost=ap(per)), "temple"),
                row(_("Found a district"), _("free", context="cost"),
                    _("your Pilli inside, the token of its size"), "found")]},
        ],
    }


def district_board(size: int) -> tuple[list[str], list[list[str]], list[str]]:
    """A small island whose left part, columns a-d, is a district of ``size`` spaces once
    the canal of column e is laid (its last row filled from the right); columns f-g are
    another district. Returns the map rows, the canal tiles and the district's spaces,
    in reading order."""
    rows_needed = max(1, math.ceil(size / DISTRICT_COLS))
    last = size - (rows_needed - 1) * DISTRICT_COLS
    board: list[str] = []
    cells: list[str] = []
    for r in range(rows_needed):
        width = DISTRICT_COLS if r < rows_needed - 1 else last
        board.append("~" * (DISTRICT_COLS - width) + "." * width + "...")
        cells += [_cell(DISTRICT_COLS - width + c, r) for c in range(width)]
    canal = [_cell(DISTRICT_COLS, r) for r in range(rows_needed)]
    tiles = [canal[i:i + 2] for i in range(0, len(canal), 2)]
    return board, tiles, cells


def example_token(params: dict[str, Any]) -> dict[str, Any]:
    """The token of the examples: the rulebook's 13 if the variant has one, else its
    largest."""
    tokens = params["calpulli_tokens"]
    return next((t for t in tokens if t["size"] == 13), max(tokens, key=lambda t: t["size"]))


def founding_example(params: dict[str, Any]) -> dict[str, Any]:
    token = example_token(params)
    board, tiles, cells = district_board(int(token["size"]))
    pilli = [{"seat": 0, "cell": cells[min(5, len(cells) - 1)],
              "points": int(token["founder"]), "why": _("founds it")}]
    if len(cells) > 2:
        pilli.append({"seat": 1, "cell": cells[-2], "points": int(token["presence"]),
                      "why": _("stands inside")})
    if not params.get("neutral"):  # a third player, outside (the game for two has none)
        pilli.append({"seat": 2, "cell": _cell(DISTRICT_COLS + 2, 0), "points": 0,
                      "why": _("is outside")})
    return {"kind": "found", "board": board, "canals": tiles, "new_canal": tiles[-1],
            "district": cells, "token": {"cell": cells[0], "size": int(token["size"]),
                                         "founder": int(token["founder"]),
                                         "presence": int(token["presence"])},
            "pilli": pilli}


def founding_page(params: dict[str, Any]) -> dict[str, Any]:
    token = example_token(params)
    size = token["size"]
    return {
        "title": _("Founding a district"),
        "lead": _("Close a district with canals, stand in it, and place the calpulli token "
                  "of its size: that is free."),
        "text": [
            _("The token must be on the display, its big number exactly the district's "
              "spaces."),
            _("The founder scores the middle number: founding the {size} scores {founder}. "
              "Every other Pilli inside scores the small one, {presence}.", size=size,
              founder=token["founder"], presence=token["presence"]),
            _("A founded district takes no more canals, and its token never moves."),
        ],
        "figure": founding_example(params),
    }


def rank(levels: dict[int, int]) -> list[tuple[int, int, int]]:
    """(owner, levels, place) by most levels: tied owners share a place, and the places
    they fill are skipped (two tied 1st: no 2nd)."""
    ranked = sorted(((o, v) for o, v in levels.items() if v > 0), key=lambda ov: -ov[1])
    return [(o, v, 1 + sum(1 for _, w in ranked if w > v)) for o, v in ranked]


def split_levels(total: int, top: int) -> list[int]:
    """Temples adding up to ``total`` levels, none above ``top``, the fewest possible."""
    out = []
    while total > 0:
        out.append(min(top, total))
        total -= out[-1]
    return out


def scoring_example(params: dict[str, Any]) -> dict[str, Any]:
    """The German rulebook's scoring of a founded 13-space district; in the two-player
    game the neutral colour holds the 10."""
    token = example_token(params)
    board, tiles, cells = district_board(int(token["size"]))
    top = max([*params["temples"]["period1"], *params["temples"]["period2"]])
    owners = list(NEUTRAL_LEVELS) if params.get("neutral") else list(enumerate(GERMAN_LEVELS))
    free = iter(cells[1::2] + cells[2::2])  # spread over the district, the token apart
    temples = []
    for owner, total in owners:
        for level in split_levels(total, top):
            temples.append({"cell": next(free), "owner": owner, "level": level})
    places = list(token["places"])
    ranking = []
    for owner, total, place in rank(dict(owners)):
        points = places[place - 1] if place <= len(places) else 0
        ranking.append({"owner": owner, "levels": total, "place": place,
                        "points": points if owner >= 0 else 0})
    return {"kind": "scoring", "board": board, "canals": tiles, "district": cells,
            "token": {"cell": cells[0], "size": int(token["size"]),
                      "founder": int(token["founder"]), "presence": int(token["presence"])},
            "temples": temples, "ranking": ranking, "places": places}


def scoring_page(params: dict[str, Any]) -> dict[str, Any]:
    example = scoring_example(params)
    places = example["places"]
    bonus = params["scoring"]["palace_bonus"]
    text = [
        _("At each scoring, add up each player's temple levels in every founded district."),
        _("Most levels scores the token's big number, 2nd the middle, 3rd the small one "
          "({points} here).", points=Listing(tuple(places[:3]), "comma")),
        _("Tied players each score their place in full; the places they fill are skipped."),
    ]
    if params.get("neutral"):
        text.append(_("Neutral temples take their place, but score nothing."))
    text.append(_("A Pilli on a palace start space: +{points} at each scoring.", points=bonus))
    return {"title": _("Scoring a district"), "text": text, "figure": example,
            "figure_share": 0.62}


def tokens_page(params: dict[str, Any]) -> dict[str, Any]:
    tokens = [{"size": int(t["size"]), "founder": int(t["founder"]),
               "presence": int(t["presence"]), "places": list(t["places"]),
               "count": int(t["count"])} for t in params["calpulli_tokens"]]
    total = sum(int(t["count"]) for t in params["calpulli_tokens"])
    draw = int(params["calpulli_draw"])
    return {
        "title": _("The calpulli tokens"),
        "lead": _.n("{n} token: {draw} face up for period 1, the other {rest} for period 2.",
                    "{n} tokens: {draw} face up for period 1, the other {rest} for period 2.",
                    n=total, draw=draw, rest=total - draw),
        "text": [_("Big number: the district's size. Founding: the founder scores the middle "
                   "number, other Pilli inside the small one. Each scoring: 1st, 2nd and 3rd "
                   "score the three numbers under the token.")],
        "figure": {"kind": "tokens", "tokens": tokens},
        "figure_at": "below",
    }


def periods_page(params: dict[str, Any]) -> dict[str, Any]:
    first, second = params["temples"]["period1"], params["temples"]["period2"]
    draw = int(params["calpulli_draw"])
    points = unfounded_points(9, int(params["scoring"]["unfounded_places"]))
    return {
        "title": _("Two periods, and the end"),
        "text": [
            _("Period 1 ends once the {n} tokens on display are used and someone has built "
              "all their temples; the round is finished, then it is scored.", n=draw),
            _.n("Period 2: the other tokens, and {n} more temple. Its scoring counts every "
                "founded district again, and unfounded ones too: an unfounded 9 pays "
                "{points}.",
                "Period 2: the other tokens, and {n} more temples. Its scoring counts every "
                "founded district again, and unfounded ones too: an unfounded 9 pays "
                "{points}.", n=len(second), points=" / ".join(map(str, points))),
            _("A whole round in which nobody acts also ends a period."),
            _("Most prestige wins; a tie goes to the most AP tokens left."),
        ],
        "figure": {"kind": "hands", "period1": list(first), "period2": list(second)},
        "figure_share": 0.5,
    }


def unfounded_points(size: int, places: int) -> list[int]:
    """An unfounded district's points by place: its size, then half, rounded up."""
    out, value = [], size
    for _place in range(places):
        out.append(value)
        value = (value + 1) // 2
    return out


def neutral_page(params: dict[str, Any]) -> dict[str, Any]:
    from variants.mexica.board import board_for
    from variants.mexica_neutral.placement import place, raised_levels  # two players

    n = params["neutral"]
    levels = sorted(n["temples"]) if n["total_levels"] is None else \
        raised_levels(n["temples"], n["total_levels"], n["max_level"])
    board = board_for(params["board"])
    laid = place(board, levels, int(n["min_distance"]), None) or {}
    return {
        "title": _("The neutral temples"),
        "lead": _.n("{n} neutral temple of {levels} levels stands on the island from the "
                    "start.",
                    "{n} neutral temples of {levels} levels stand on the island from the "
                    "start.", n=len(levels), levels=sum(levels)),
        "text": [
            _("Never next to the lake, and at least {n} spaces apart from each other.",
              n=n["min_distance"] - 1),
            _("At each scoring they rank like a third player and take their place, but "
              "score nothing."),
            _("Here they stand as a game could lay them out."),
        ],
        "figure": {"kind": "neutral", "levels": levels, "board": list(params["board"]),
                   "temples": {board.names[c]: level for c, level in sorted(laid.items())}},
        "figure_share": 0.58,
    }
