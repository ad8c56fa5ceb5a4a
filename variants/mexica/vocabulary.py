"""Every action Mexica's ``legal_actions`` can list on a given board (a superset), in a
fixed order: the OpenSpiel bridge numbers actions by their position in it."""

from __future__ import annotations

from typing import Any

from variants.mexica.names import AXES


def vocabulary(rules: Any) -> list[str]:
    """From the board and the parameters alone (never from a state)."""
    b = rules.board
    names = b.names
    island = [names[c] for c in b.island]
    land = sorted(b.building_land)
    levels = sorted(set(rules.params["temples"]["period1"])
                    | set(rules.params["temples"]["period2"]))
    out = ["end", "take", "spend", "agree", "refuse"]
    out += [f"start {names[c]}" for c in b.starts]
    out += [f"remove {size}" for size in sorted(rules.token_info)]
    for verb in ("found", "move", "boat", "teleport"):
        out += [f"{verb} {c}" for c in island]
    out += [f"temple {c} {lv}" for c in island for lv in levels]
    for c in land:
        out.append(f"canal {names[c]}")
        out += [f"canal {names[c]} {names[d]}" for d in (b.east[c], b.south[c]) if d >= 0]
        out += [f"bridge {names[c]} {axis}" for axis in AXES]
    out += [f"relocate {names[a]} {names[c]} {axis}" for a in land for c in land
            for axis in AXES]
    return out
