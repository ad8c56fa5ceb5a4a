"""Read-only rule queries for the Mexica client: where can I walk, what would this canal do.

Everything here is pure and never changes the state it is given. Most questions are
answered from the table and the state alone (``MexicaTable``: the board, the costs);
the two that play steps (``explain``, ``simulate``) take the rules (what they read of
them, ``table.MexicaReads``, so this module never imports ``rules.py``): why an action
is refused comes from ``rules.why_not``, and steps that depend on earlier ones are
played on a clone. The answers come from the engine's own geometry over its table
(``foot_targets``, ``boat_costs``, ``lay_canal``...), so the previews always agree with
what ``apply`` will do."""

from __future__ import annotations

from collections import deque
from typing import Any

from game.i18n import Text
from variants.mexica import geometry as geo
from variants.mexica.notation import AXES
from variants.mexica.state import MexicaState
from variants.mexica.table import MexicaReads, MexicaTable


def _seat(state: MexicaState, seat: int | None) -> int | None:
    if seat is not None:
        return seat
    if state.phase not in ("play", "vote"):
        return None
    return state.turn


# --------------------------------------------------------------------------------------
# walking
# --------------------------------------------------------------------------------------
def _walk_tree(t: MexicaTable, state: MexicaState, seat: int | None
               ) -> tuple[int | None, dict[int, int], dict[int, int]]:
    """Breadth-first search over foot steps: (start, steps per cell, parent per cell)."""
    seat = _seat(state, seat)
    if seat is None or not 0 <= seat < len(state.pilli):
        return None, {}, {}
    start = state.pilli[seat]
    if start is None:
        return None, {}, {}
    steps = {start: 0}
    parent: dict[int, int] = {}
    queue = deque([start])
    while queue:
        c = queue.popleft()
        for n in geo.foot_targets(t, state, c, freed=start):
            if n not in steps:
                steps[n] = steps[c] + 1
                parent[n] = c
                queue.append(n)
    return start, steps, parent


def walk_costs(t: MexicaTable, state: MexicaState, seat: int | None = None) -> dict[int, int]:
    """AP needed to walk from ``seat``'s Pilli (default: the player to move) to each cell.

    Includes the Pilli's own cell at cost 0; stepping onto and off bridges counts like any
    step. Costs ignore the AP actually left; compare with ``state.ap`` yourself.
    """
    _start, steps, _parent = _walk_tree(t, state, seat)
    return {c: n * t.c_step for c, n in steps.items()}


def walk_path(t: MexicaTable, state: MexicaState, target: int,
              seat: int | None = None) -> list[int] | None:
    """The cells of a shortest foot path to ``target`` (start excluded), or None."""
    start, steps, parent = _walk_tree(t, state, seat)
    if start is None or target not in steps:
        return None
    path = []
    c = target
    while c != start:
        path.append(c)
        c = parent[c]
    path.reverse()
    return path


def boat_costs(t: MexicaTable, state: MexicaState, seat: int | None = None) -> dict[int, int]:
    """Bridges a boat can reach from the Pilli's bridge, with their AP cost (may exceed AP)."""
    seat = _seat(state, seat)
    if seat is None:
        return {}
    me = state.pilli[seat]
    if me is None or me not in state.bridges:
        return {}
    return {c: cost for c, cost in geo.boat_costs(t, state, me).items()
            if c not in state.pilli}


def teleport_ok(t: MexicaTable, state: MexicaState, cell: int) -> bool:
    """Could a Pilli teleport onto ``cell`` (ignoring AP and the first-round rule)?"""
    return geo.walkable(t, state, cell) or (cell in state.bridges
                                                     and cell not in state.pilli)


# --------------------------------------------------------------------------------------
# playing steps that depend on each other
# --------------------------------------------------------------------------------------
def explain(rules: MexicaReads, state: MexicaState, action: str) -> Text | None:
    """None if ``action`` is legal now, else the engine's reason (``rules.why_not``)."""
    return rules.why_not(state, action)


def simulate(rules: MexicaReads, state: MexicaState, actions: list[str]
             ) -> tuple[MexicaState, Text | None, int]:
    """Play ``actions`` in order on a clone: (the clone, the first refusal or None, the
    number of actions played). Each step is asked with ``rules.why_not`` first; a later
    step depends on where the earlier ones lead (a walk), which is why they are played."""
    clone = rules.clone(state)
    for i, action in enumerate(actions):
        why = rules.why_not(clone, action)
        if why is not None:
            return clone, why, i
        rules.apply(clone, action)
    return clone, None, len(actions)


# --------------------------------------------------------------------------------------
# districts, canals, founding, temples, bridges
# --------------------------------------------------------------------------------------
def district_cells(state: MexicaState, cell: int) -> list[int]:
    """The cells of the district containing ``cell`` (sorted), or [] for water."""
    if cell < 0 or cell >= len(state.label):
        return []
    label = state.label[cell]
    if label < 0 or state.canal[cell]:
        return []
    return sorted(state.dcells.get(label, ()))


def canal_preview(t: MexicaTable, state: MexicaState, cells: list[int] | tuple[int, ...]
                  ) -> list[dict[str, Any]]:
    """The districts left where the canal on ``cells`` would cut, smallest first.

    Each entry: ``cells`` (sorted), ``size``, ``token`` (a calpulli token of that size is on
    display) and ``new`` (the canal splits the district, so this piece is a new district).
    Runs the engine's own canal routine on a clone; legality is not checked here.
    """
    cells = tuple(sorted(cells))
    if not cells or any(c < 0 or c >= len(state.label) for c in cells):
        return []
    label = state.label[cells[0]]
    if label < 0 or any(state.label[c] != label or state.canal[c] for c in cells):
        return []
    old = [c for c in state.dcells[label] if c not in cells]
    clone = t.codec.copy(state)
    geo.lay_canal(t, clone, cells)
    pieces: dict[int, list[int]] = {}
    for c in old:
        pieces.setdefault(clone.label[c], []).append(c)
    split = len(pieces) > 1
    out: list[dict[str, Any]] = [
        {"cells": sorted(p), "size": len(p), "token": len(p) in state.display, "new": split}
        for p in pieces.values()]
    out.sort(key=lambda d: (d["size"], d["cells"][0]))
    return out


def founding(t: MexicaTable, state: MexicaState,
             seat: int | None = None) -> dict[str, Any] | None:
    """The district ``seat``'s Pilli stands in and whether (and where) it can be founded.

    None when the Pilli stands in no district (not placed, or on a bridge). Otherwise:
    ``cells``, ``size``, ``founded``, ``available`` (an unfounded district whose size is on
    display), ``spots`` (cells that may take the token, empty unless available),
    ``founder``/``presence`` points of the matching token, ``present`` (other seats whose
    Pilli stands in the district and would score presence).
    """
    seat = _seat(state, seat)
    if seat is None:
        return None
    label = geo.pilli_label(state, seat)
    if label < 0:
        return None
    cells = sorted(state.dcells[label])
    size = len(cells)
    founded = geo.founded(state, label)
    available = not founded and size in state.display
    info = t.token_info.get(size, {})
    present = [o for o, p in enumerate(state.pilli)
               if o != seat and p is not None and not state.canal[p] and state.label[p] == label]
    return {"cells": cells, "size": size, "founded": founded, "available": available,
            "spots": ([c for c in cells if geo.buildable(t, state, c)]
                      if available else []),
            "founder": info.get("founder", 0), "presence": info.get("presence", 0),
            "present": present}


def foundable_districts(state: MexicaState) -> list[dict[str, Any]]:
    """Every unfounded district whose size matches a displayed token (where to go found)."""
    sizes = set(state.display)
    out: list[dict[str, Any]] = []
    for label, cells in state.dcells.items():
        if len(cells) in sizes and not geo.founded(state, label):
            out.append({"cells": sorted(cells), "size": len(cells)})
    out.sort(key=lambda d: d["cells"][0])
    return out


def temple_spots(t: MexicaTable, state: MexicaState, seat: int | None = None) -> list[int]:
    """Empty building land in the district ``seat``'s Pilli stands in."""
    seat = _seat(state, seat)
    if seat is None:
        return []
    label = geo.pilli_label(state, seat)
    if label < 0:
        return []
    return [c for c in sorted(state.dcells[label]) if geo.buildable(t, state, c)]


def bridge_axes(t: MexicaTable, state: MexicaState, cell: int,
                ignore: int | None = None) -> list[str]:
    """Axes a bridge could take on ``cell`` (``ignore``: pretend that bridge is gone)."""
    if cell < 0 or cell >= len(state.canal):
        return []
    return [a for a in AXES
            if geo.bridge_ok(t, state, cell, a, ignore=ignore) is None]


def district_levels(t: MexicaTable, state: MexicaState, cells: list[int]) -> dict[int, int]:
    """Temple levels per owner in ``cells`` (the engine's scoring hook)."""
    return dict(t.district_levels(state, list(cells)))


def district_standing(t: MexicaTable, state: MexicaState, cell: int) -> dict[str, Any] | None:
    """The ranking a scoring would give the district around ``cell`` right now.

    Every temple owner ranks, the neutral colour included (owner -1), with its place and
    the points that place would bring at this period's scoring (0 for neutral, and 0 for
    an unfounded district in period 1, which is not scored then).
    """
    if cell < 0 or state.canal[cell] or cell in t.board.lake:
        return None
    cells = state.dcells.get(state.label[cell])
    if not cells:
        return None
    token = next((state.tokens[c] for c in cells if c in state.tokens), None)
    size = len(cells)
    if token is not None:
        points = list(t.token_info[token]["places"])
    elif state.period >= 2:
        points = t.unfounded_points(size)
    else:
        points = []
    rows = []
    for owner, levels, place in t.rank(t.district_levels(state, list(cells))):
        pts = points[place - 1] if place <= len(points) and owner >= 0 else 0
        rows.append({"owner": owner, "levels": levels, "place": place, "points": pts})
    return {"size": size, "founded": token is not None, "token": token, "rows": rows,
            "cells": frozenset(cells)}
