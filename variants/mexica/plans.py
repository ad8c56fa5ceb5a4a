"""Walks of several steps for a phone (``Rules.device_plans``).

The engine's ``move`` is one step, as the rulebook's movement is counted (1 AP per
space). The television's walk tool plays a walk of several steps as its steps, one
after the other (``view.preview._walk_to``); a phone gets the same walks as plans: a tap
on a space offers "Walk to k5: 3 AP", and the page sends its steps one by one, each on
the state the step before it made. Each walk is played out on a clone first
(the way ``queries.simulate`` checks one), so a plan offered is one the engine accepts step by step.
"""

from __future__ import annotations

from typing import Any

from variants.mexica.geometry import foot_targets
from variants.mexica.state import MexicaState
from variants.mexica.table import MexicaTable
from variants.mexica.text import _
from variants.mexica.verbs import play, refusal


def walk_plans(t: MexicaTable, state: MexicaState, seat: int) -> list[dict[str, Any]]:
    """Every space the seat's Pilli can reach on foot in two steps or more with the AP it
    has, nearest first, each by a shortest way there. A breadth-first search over the
    engine's own states: each step is asked (``verbs.refusal``) and played on a copy of
    the state the step before it made, so every plan is one the engine accepts."""
    if state.phase != "play" or seat != state.turn or state.pilli[seat] is None:
        return []
    names = t.board.names
    steps_left = state.ap // max(1, t.c_step)
    out: list[dict[str, Any]] = []
    layer: list[tuple[MexicaState, list[str]]] = [(state, [])]
    seen = {state.pilli[seat]}
    while layer and steps_left > 0:
        steps_left -= 1
        following: list[tuple[MexicaState, list[str]]] = []
        for here, walked in layer:
            me = here.pilli[seat]
            for cell in foot_targets(t, here, me) if me is not None else []:
                step = f"move {names[cell]}"
                if cell in seen or refusal(t, here, step) is not None:
                    continue
                seen.add(cell)
                there = t.codec.copy(here)
                play(t, there, step)
                following.append((there, [*walked, step]))
        layer = following
        for _there, walked in sorted(layer, key=lambda item: item[1][-1]):
            if len(walked) > 1:
                cost = len(walked) * t.c_step
                out.append({"verb": "move", "actions": walked, "text": _(
                    "Walk to {space}: {cost} AP", space=walked[-1].split()[1], cost=cost)})
    return out
