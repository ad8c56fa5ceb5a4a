"""Mexica's player aid (side B of the physical aid): action costs and a scoring summary,
every number read from the variant's parameters."""

from __future__ import annotations

from typing import Any

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
    }
