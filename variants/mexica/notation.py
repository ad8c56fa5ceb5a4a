"""Mexica's action notation (variants/mexica/NOTATION.md): its verbs, how an action is
split into its verb and words, and every action a board can have.

Parsing only splits the words; whether the action is allowed *now* is its verb's check
(``variants.mexica.verbs``), which also reads the words.
"""

from __future__ import annotations

from typing import get_args

from game.core.errors import IllegalAction
from game.core.notation import action_words
from variants.mexica.state import Axis
from variants.mexica.table import MexicaTable
from variants.mexica.text import _

#: the verbs of the notation, for a refusal of an unknown one (the notation is not translated)
NOTATION = ("start, canal, bridge, relocate, move, boat, teleport, temple, found, take, "
            "spend, remove, agree, refuse, end")
#: a bridge's axes as the notation writes them
AXES: tuple[Axis, ...] = get_args(Axis)


def parse(action: str) -> tuple[str, list[str]]:
    """The action's verb and the words after it."""
    words = action_words(action)
    if not words:
        raise IllegalAction(_("empty action"))
    return words[0], words[1:]


def vocabulary(t: MexicaTable) -> list[str]:
    """Every action Mexica's ``legal_actions`` can list on a given board (a superset), in
    a fixed order: the OpenSpiel bridge numbers actions by their position in it. From the
    board and the parameters alone (never from a state)."""
    b = t.board
    names = b.names
    island = [names[c] for c in b.island]
    land = sorted(b.building_land)
    levels = sorted(set(t.params["temples"]["period1"])
                    | set(t.params["temples"]["period2"]))
    out = ["end", "take", "spend", "agree", "refuse"]
    out += [f"start {names[c]}" for c in b.starts]
    out += [f"remove {size}" for size in sorted(t.token_info)]
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
