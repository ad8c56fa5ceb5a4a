"""Mexica's player aid: the rules as pages, every number read from the variant's
parameters, and the rulebook's examples as positions the board view draws.

The pages are plain data (``game.kit.client.aid`` says what a page holds); the pictures are drawn
by ``variants.mexica.aid_pages`` with the board's own pieces. The examples are the
rulebooks': the second example turn (walk, bridge, boat, token), the founding of a
13-space district, and the German rulebook's scoring of it (levels 7, 10, 6 and 1).
Their points are worked out here from the parameters as a player would, and
``tests/client/test_aid_examples.py`` plays each position on the engine and checks that
it scores the same.
"""

from __future__ import annotations

import math
from typing import Any

from game.core.words import plural
from game.kit.aidrows import aid_row

COST_LABELS = {
    "step": "Walk one space",
    "boat_per_bridge": "Boat ride, per bridge reached or passed",
    "teleport": "Teleport to any free space",
    "canal": "Canal tile (single or double)",
    "bridge": "Build a bridge",
    "relocate": "Move a bridge (once the supply has none)",
    "temple_per_level": "Temple",
    "take_token": "Take an AP token",
}
NEUTRAL = -1
#: the district of the founding and scoring examples is this wide (columns a-d); the
#: canal of column e closes it, and columns f-g are another district
DISTRICT_COLS = 4
#: the German rulebook's example: spiritual grandeur by seat in a 13-space district
GERMAN_LEVELS = (7, 10, 6, 1)
#: the same in the two-player game: the neutral colour takes the 10 (seat, levels)
NEUTRAL_LEVELS = ((0, 7), (NEUTRAL, 10), (1, 6))
ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th")


def ordinal(place: int) -> str:
    return ORDINALS[place - 1] if 0 < place <= len(ORDINALS) else f"{place}th"


def player_aid(params: dict[str, Any]) -> dict[str, Any]:
    costs = params["costs"]
    rows: list[tuple[str, str]] = []
    for key, label in COST_LABELS.items():
        cost = costs[key]
        if key == "temple_per_level":
            value = f"{cost} AP per level (level 3: {3 * cost} AP)"
        elif key == "take_token":
            value = f"{cost} AP, at most {params['ap_token_take_limit']} a turn"
        else:
            value = f"{cost} AP"
        rows.append((label, value))
    rows.append(("Found a district (token of its size)", "free"))
    rows.append(("Spend your AP tokens", "+1 AP each"))
    table = "  ".join(f"{t['size']}: " + "/".join(map(str, t["places"]))
                      for t in params["calpulli_tokens"])
    scoring = params["scoring"]
    return {
        "intro": f"{params['ap_per_turn']} action points (AP) every turn; unused AP are lost.",
        "actions": rows,
        "scoring": [
            "Two periods. A period ends once the calpulli tokens on display are used and a "
            "player has built every temple in hand; the round is finished, then the period "
            "is scored. A full round without any action also ends it.",
            "Founding: the founder scores the token's founder number; every other Pilli "
            "standing in the district scores its presence number.",
            "Each scoring: in every founded district, most temple levels is 1st, then 2nd "
            "and 3rd. Ties share the full points of their place.",
            f"Points for 1st/2nd/3rd by district size:  {table}",
            "Period 2 also scores unfounded districts: 1st its size, 2nd half of that, 3rd "
            "half again (rounded up).",
            f"+{scoring['palace_bonus']} at each scoring for a Pilli on a palace start "
            "space.",
            "Most prestige wins; a tie goes to the most AP tokens left, then the win is "
            "shared.",
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
    plan = [("d1", "Walk", costs["step"]), ("c1", "Walk", costs["step"]),
            ("c2", "Onto the bridge", costs["step"]),
            ("i2", "Boat ride", costs["boat_per_bridge"]),
            ("i3", "Off the bridge", costs["step"]),
            ("i3", "Take a token", costs["take_token"])]
    left = int(params["ap_per_turn"])
    steps = []
    for cell, what, cost in plan:
        left -= int(cost)
        steps.append({"cell": cell, "what": what, "cost": int(cost), "left": left,
                      "token": what == "Take a token"})
    return {"kind": "turn", "board": board, "canals": canals,
            "bridges": {"c2": "ns", "i2": "ns"}, "start": "e1", "seat": 0,
            "ap": int(params["ap_per_turn"]), "steps": steps}


def turn_page(params: dict[str, Any]) -> dict[str, Any]:
    ap = params["ap_per_turn"]
    example = turn_example(params)
    spent = sum(s["cost"] for s in example["steps"])
    return {
        "title": "Your turn",
        "lead": "Found districts, then out-build the others there with temples: the most "
                "prestige after the last scoring wins.",
        "text": [
            f"Every turn you have {ap} action points (AP). Do any actions, in any order, "
            "as often as you can pay.",
            "AP left unspent are lost: bank them as AP tokens instead.",
            f"The rulebook's example turn spends {spent} AP: walk, a bridge, a boat ride "
            "and a token.",
        ],
        "figure": example,
        "figure_share": 0.6,
    }


def actions_page(params: dict[str, Any]) -> dict[str, Any]:
    costs = params["costs"]
    top = max([*params["temples"]["period1"], *params["temples"]["period2"]])
    per = costs["temple_per_level"]
    temple = f"{per} AP" if top == 1 else f"{per}–{top * per} AP"

    def ap(value: int) -> str:
        return f"{value} AP"

    def row(label: str, cost: str, note: str, piece: str) -> dict[str, Any]:
        return aid_row(label, note, piece, cost)

    return {
        "title": "Actions and their costs",
        "groups": [
            {"heading": "Move your Pilli", "rows": [
                row("Walk a space", ap(costs["step"]), "never diagonally or through pieces",
                    "walk"),
                row("Boat ride", ap(costs["boat_per_bridge"]), "per bridge reached or passed",
                    "boat"),
                row("Teleport", ap(costs["teleport"]), "to any free space", "teleport")]},
            {"heading": "AP tokens", "rows": [
                row("Take an AP token", ap(costs["take_token"]),
                    f"at most {params['ap_token_take_limit']} a turn", "take"),
                row("Spend an AP token", "+1 AP", "as many as you hold", "spend")]},
            {"heading": "Build and found", "rows": [
                row("Canal tile", ap(costs["canal"]), "single or double, on empty land",
                    "canal"),
                row("Bridge", ap(costs["bridge"]), f"or move one ({ap(costs['relocate'])}) "
                    "once none are left", "bridge"),
                row("Temple", temple, f"{ap(per)} a level, in your Pilli's district",
                    "temple"),
                row("Found a district", "free", "your Pilli inside, the token of its size",
                    "found")]},
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
              "points": int(token["founder"]), "why": "founds it"}]
    if len(cells) > 2:
        pilli.append({"seat": 1, "cell": cells[-2], "points": int(token["presence"]),
                      "why": "stands inside"})
    if not params.get("neutral"):  # a third player, outside (the game for two has none)
        pilli.append({"seat": 2, "cell": _cell(DISTRICT_COLS + 2, 0), "points": 0,
                      "why": "is outside"})
    return {"kind": "found", "board": board, "canals": tiles, "new_canal": tiles[-1],
            "district": cells, "token": {"cell": cells[0], "size": int(token["size"]),
                                         "founder": int(token["founder"]),
                                         "presence": int(token["presence"])},
            "pilli": pilli}


def founding_page(params: dict[str, Any]) -> dict[str, Any]:
    token = example_token(params)
    size = token["size"]
    return {
        "title": "Founding a district",
        "lead": "Close a district with canals, stand in it, and place the calpulli token "
                "of its size: that is free.",
        "text": [
            "The token must be on the display, its big number exactly the district's "
            "spaces.",
            f"The founder scores the middle number: founding the {size} scores "
            f"{token['founder']}. Every other Pilli inside scores the small one, "
            f"{token['presence']}.",
            "A founded district takes no more canals, and its token never moves.",
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
        "At each scoring, add up each player's temple levels in every founded district.",
        "Most levels scores the token's big number, 2nd the middle, 3rd the small one "
        f"({', '.join(map(str, places[:3]))} here).",
        "Tied players each score their place in full; the places they fill are skipped.",
    ]
    if params.get("neutral"):
        text.append("Neutral temples take their place, but score nothing.")
    text.append(f"A Pilli on a palace start space: +{bonus} at each scoring.")
    return {"title": "Scoring a district", "text": text, "figure": example,
            "figure_share": 0.62}


def tokens_page(params: dict[str, Any]) -> dict[str, Any]:
    tokens = [{"size": int(t["size"]), "founder": int(t["founder"]),
               "presence": int(t["presence"]), "places": list(t["places"]),
               "count": int(t["count"])} for t in params["calpulli_tokens"]]
    total = sum(int(t["count"]) for t in params["calpulli_tokens"])
    draw = int(params["calpulli_draw"])
    return {
        "title": "The calpulli tokens",
        "lead": f"{plural(total, 'token')}: {draw} face up for period 1, the other "
                f"{total - draw} for period 2.",
        "text": ["Big number: the district's size. Founding: the founder scores the middle "
                 "number, other Pilli inside the small one. Each scoring: 1st, 2nd and 3rd "
                 "score the three numbers under the token."],
        "figure": {"kind": "tokens", "tokens": tokens},
        "figure_at": "below",
    }


def periods_page(params: dict[str, Any]) -> dict[str, Any]:
    first, second = params["temples"]["period1"], params["temples"]["period2"]
    draw = int(params["calpulli_draw"])
    points = unfounded_points(9, int(params["scoring"]["unfounded_places"]))
    return {
        "title": "Two periods, and the end",
        "text": [
            f"Period 1 ends once the {draw} tokens on display are used and someone has "
            "built all their temples; the round is finished, then it is scored.",
            f"Period 2: the other tokens, and {plural(len(second), 'more temple')}. Its "
            "scoring counts every founded district again, and unfounded ones too: an "
            f"unfounded 9 pays {' / '.join(map(str, points))}.",
            "A whole round in which nobody acts also ends a period.",
            "Most prestige wins; a tie goes to the most AP tokens left.",
        ],
        "figure": {"kind": "hands", "period1": list(first), "period2": list(second)},
        "figure_share": 0.5,
    }


def unfounded_points(size: int, places: int) -> list[int]:
    """An unfounded district's points by place: its size, then half, rounded up."""
    out, value = [], size
    for _ in range(places):
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
        "title": "The neutral temples",
        "lead": f"{plural(len(levels), 'neutral temple')} of {sum(levels)} levels stand on "
                "the island from the start.",
        "text": [
            "Never next to the lake, and at least "
            f"{n['min_distance'] - 1} spaces apart from each other.",
            "At each scoring they rank like a third player and take their place, but "
            "score nothing.",
            "Here they stand as a game could lay them out.",
        ],
        "figure": {"kind": "neutral", "levels": levels, "board": list(params["board"]),
                   "temples": {board.names[c]: level for c, level in sorted(laid.items())}},
        "figure_share": 0.58,
    }
