"""Listing every legal action, each verb's from its generator over the table and state.

Each generator is the twin of its verb's check (``variants.mexica.verbs``): both ask the
geometry's questions, so every listed action is legal and every other one refused. The
bots' playout policy (``variants.mexica.bot``) asks one generator at a time.
"""

from __future__ import annotations

from typing import Any

from variants.mexica.geometry import (
    boat_costs,
    bridge_ok,
    buildable,
    first_round,
    foot_targets,
    founded,
    near_others,
    pens,
    pilli_label,
    walkable,
)
from variants.mexica.notation import AXES
from variants.mexica.state import MexicaState
from variants.mexica.table import MexicaTable

#: An action with what the first-round rule needs to judge it: the cells it fills and
#: the overlay arguments of ``pens`` (``freed``, ``removed_bridge``, ``added_bridge``).
Candidate = tuple[str, frozenset[int], dict[str, Any]]


def legal_actions(t: MexicaTable, state: MexicaState) -> list[str]:
    s = state
    if s.phase == "over":
        return []
    if s.phase == "vote":
        return ["agree", "refuse"]
    names = t.board.names
    if s.phase == "start":
        return [f"start {names[c]}" for c in t.board.starts if c not in s.pilli]
    out = ["end"]
    for gen in (gen_tokens, gen_found, gen_temple, gen_move, gen_boat, gen_teleport,
                gen_canal, gen_bridge, gen_relocate, gen_remove):
        out.extend(gen(t, s))
    return out


def filter_first_round(t: MexicaTable, s: MexicaState, items: list[Candidate]) -> list[str]:
    """Drop actions the first-round rule forbids; others pass unchecked."""
    if not first_round(t, s):
        return [a for a, _, _ in items]
    seat = s.turn
    near = near_others(t, s, seat)
    out = []
    for action, blocked, kw in items:
        if (blocked & near or "removed_bridge" in kw) and pens(t, s, seat, blocked, **kw):
            continue
        out.append(action)
    return out


def keep(t: MexicaTable, s: MexicaState, items: list[tuple[str, tuple[int, ...]]],
         freed: int | None = None) -> list[str]:
    """``filter_first_round`` for actions that fill cells and move no bridge (``items``: text,
    cells), all with the same ``freed``: only cells beside another Pilli can pen it
    in, so the rest pass without a candidate built for each (most of a first round's
    hundreds of actions)."""
    seat = s.turn
    near = near_others(t, s, seat)
    return [text for text, cells in items if near.isdisjoint(cells)
            or not pens(t, s, seat, frozenset(cells), freed)]


def gen_tokens(t: MexicaTable, s: MexicaState) -> list[str]:
    out = []
    seat = s.turn
    if (s.taken < t.take_limit and s.supply["ap_tokens"] > 0
            and s.ap >= t.c_take):
        out.append("take")
    if s.ap_tokens[seat] > 0:
        out.append("spend")
    return out


def gen_remove(t: MexicaTable, s: MexicaState) -> list[str]:
    if s.period != 2:
        return []
    return [f"remove {size}" for size in sorted(set(s.display)) if size not in s.proposed]


def gen_found(t: MexicaTable, s: MexicaState) -> list[str]:
    label = pilli_label(s, s.turn)
    if label < 0 or founded(s, label):
        return []
    cells = s.dcells[label]
    if len(cells) not in s.display:
        return []
    names = t.board.names
    spots = [c for c in sorted(cells) if buildable(t, s, c)]
    return keep(t, s, [(f"found {names[c]}", (c,)) for c in spots]) if first_round(
        t, s) else [f"found {names[c]}" for c in spots]


def gen_temple(t: MexicaTable, s: MexicaState) -> list[str]:
    label = pilli_label(s, s.turn)
    if label < 0:
        return []
    levels = sorted({lv for lv in s.hands[s.turn] if lv * t.c_level <= s.ap})
    if not levels:
        return []
    names = t.board.names
    cells = [c for c in sorted(s.dcells[label]) if buildable(t, s, c)]
    if first_round(t, s):  # a cell's levels stand or fall together: judge each once
        allowed = set(keep(t, s, [(names[c], (c,)) for c in cells]))
        cells = [c for c in cells if names[c] in allowed]
    return [f"temple {names[c]} {lv}" for c in cells for lv in levels]


def gen_move(t: MexicaTable, s: MexicaState) -> list[str]:
    me = s.pilli[s.turn]
    if me is None or s.ap < t.c_step:
        return []
    names = t.board.names
    targets = sorted(foot_targets(t, s, me))
    if not first_round(t, s):  # nothing to filter
        return [f"move {names[c]}" for c in targets]
    return keep(t, s, [(f"move {names[c]}", (c,)) for c in targets], freed=me)


def gen_boat(t: MexicaTable, s: MexicaState) -> list[str]:
    me = s.pilli[s.turn]
    if me is None or me not in s.bridges:
        return []
    names = t.board.names
    spots = [c for c, cost in sorted(boat_costs(t, s, me).items())
             if cost <= s.ap and c not in s.pilli]
    if not first_round(t, s):  # nothing to filter
        return [f"boat {names[c]}" for c in spots]
    return keep(t, s, [(f"boat {names[c]}", (c,)) for c in spots], freed=me)


def gen_teleport(t: MexicaTable, s: MexicaState) -> list[str]:
    if s.ap < t.c_teleport:
        return []
    me = s.pilli[s.turn]
    names = t.board.names
    spots = [c for c in t.board.island
             if walkable(t, s, c) or (c in s.bridges and c not in s.pilli)]
    if not first_round(t, s):  # nothing to filter
        return [f"teleport {names[c]}" for c in spots]
    return keep(t, s, [(f"teleport {names[c]}", (c,)) for c in spots], freed=me)


def canal_cells(t: MexicaTable, s: MexicaState) -> list[int]:
    b = t.board
    done = {s.label[c] for c in s.tokens}
    canal, temples, tokens, pilli, ramps, label = (s.canal, s.temples, s.tokens, s.pilli,
                                                   s.ramps, s.label)
    return [c for c in b.building_land
            if not canal[c] and c not in temples and c not in tokens and c not in pilli
            and c not in ramps and label[c] not in done]


def gen_canal(t: MexicaTable, s: MexicaState) -> list[str]:
    if s.ap < t.c_canal:
        return []
    singles, doubles = s.supply["single"] > 0, s.supply["double"] > 0
    if not (singles or doubles):
        return []
    b = t.board
    ok = sorted(canal_cells(t, s))
    okset = set(ok)
    single, double, east, south = b.canal_single, b.canal_double, b.east, b.south
    # written out, without a generator per cell: the playouts ask for every canal
    # of a position more than for any other kind of action
    tiles: list[tuple[str, tuple[int, ...]]] = []
    add = tiles.append
    for c in ok:
        if singles:
            add((single[c], (c,)))
        if doubles:
            d = east[c]
            if d in okset:
                add((double[c, d], (c, d)))
            d = south[c]
            if d in okset:
                add((double[c, d], (c, d)))
    if not first_round(t, s):  # nothing to filter
        return [text for text, _cells in tiles]
    return keep(t, s, tiles)


def gen_bridge(t: MexicaTable, s: MexicaState) -> list[str]:
    if s.supply["bridges"] <= 0 or s.ap < t.c_bridge:
        return []
    names = t.board.names
    out = []
    for c in canal_list(s):
        for axis in AXES:
            if bridge_ok(t, s, c, axis) is None:
                out.append(f"bridge {names[c]} {axis}")
    return out  # bridges only add moves: the first-round rule never forbids one


def canal_list(s: MexicaState) -> list[int]:
    return sorted(c for tile in s.tiles for c in tile)


def gen_relocate(t: MexicaTable, s: MexicaState) -> list[str]:
    if s.supply["bridges"] > 0 or s.ap < t.c_relocate or not s.bridges:
        return []
    names = t.board.names
    items: list[Candidate] = []
    # where a bridge may go does not depend on which one moves (never onto itself)
    spots = [(dst, axis) for dst in canal_list(s) for axis in AXES
             if bridge_ok(t, s, dst, axis) is None]
    sources = [src for src in sorted(s.bridges) if src not in s.pilli]
    if not first_round(t, s):  # nothing to filter: no candidates to build
        return [f"relocate {names[src]} {names[dst]} {axis}"
                for src in sources for dst, axis in spots if dst != src]
    for src in sources:
        for dst, axis in spots:
            if dst != src:
                items.append((f"relocate {names[src]} {names[dst]} {axis}",
                              frozenset(), {"removed_bridge": src,
                                            "added_bridge": (dst, axis)}))
    return filter_first_round(t, s, items)
