"""Where things can go: districts, walking, boats, canals, bridges, first-round guard.

Questions about the board in a state, never changing it, over the table and the state.
The verbs' checks, the legal-move lists, the bots and the client's previews all ask
these same questions, so they always agree.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

from game.i18n import Msg, Seat
from variants.mexica.state import MexicaState
from variants.mexica.table import MexicaTable
from variants.mexica.text import _, axis_of


def walkable(t: MexicaTable, s: MexicaState, c: int) -> bool:
    """Empty land or palace space."""
    return (c not in t.board.lake and not s.canal[c] and c not in s.temples
            and c not in s.tokens and c not in s.pilli)


def buildable(t: MexicaTable, s: MexicaState, c: int) -> bool:
    """Empty land space that is not palace (temples, calpulli tokens)."""
    return (c in t.board.building_land and not s.canal[c] and c not in s.temples
            and c not in s.tokens and c not in s.pilli)


def buildable_among(t: MexicaTable, s: MexicaState, cells: list[int],
                    but: int | None = None) -> list[int]:
    """The cells of ``cells`` (but ``but``) that :func:`buildable` allows, in order: its
    test written out over many cells at once, as the bots' plans ask it of every
    district of every plan they weigh."""
    land, canal, temples, tokens, pilli = (t.board.building_land, s.canal, s.temples,
                                           s.tokens, s.pilli)
    return [c for c in cells if c != but and c in land and not canal[c]
            and c not in temples and c not in tokens and c not in pilli]


def founded(s: MexicaState, label: int) -> bool:
    """Whether a calpulli token lies in the district (asked of the few tokens rather
    than of the district's many cells: a token lies on land, labelled as its
    district)."""
    lab = s.label
    return any(lab[c] == label for c in s.tokens)


def canal_ok(t: MexicaTable, s: MexicaState, c: int) -> Msg | None:
    b = t.board
    if c in b.lake:
        return _("canals cannot go on the lake")
    if s.canal[c]:
        return _("there is already a canal there")
    if c in b.palace:
        return _("nothing may be built on the Emperor's palace")
    if c in s.temples:
        return _("a temple stands there")
    if c in s.tokens:
        return _("a calpulli token lies there")
    if c in s.pilli:
        return _("a Pilli stands there")
    if c in s.ramps:
        return _("that space holds up a bridge")
    if founded(s, s.label[c]):
        return _("that district is already founded")
    return None


def bridge_ok(t: MexicaTable, s: MexicaState, c: int, axis: str,
              ignore: int | None = None) -> Msg | None:
    b = t.board
    if c < 0 or not s.canal[c]:
        return _("bridges go on canal tiles")
    if c in s.bridges and c != ignore:
        return _("there is already a bridge there")
    for r in b.ramps(c, axis):
        if r < 0 or r in b.lake or s.canal[r]:
            return _("a {axis} bridge there would end in water; both ends must be "
                     "on land", axis=axis_of(axis))
    return None


def foot_targets(t: MexicaTable, s: MexicaState, p: int,
                 blocked: frozenset[int] = frozenset(), freed: int | None = None,
                 removed_bridge: int | None = None,
                 added_bridge: tuple[int, str] | None = None) -> list[int]:
    """Where a Pilli on ``p`` can step; the overlay arguments model a pending action."""
    bridges = s.bridges
    if removed_bridge is not None or added_bridge is not None:
        bridges = _moved(bridges, removed_bridge, added_bridge)

    def empty(c: int) -> bool:
        if c in blocked:
            return False
        if c == freed:
            return c not in s.temples and c not in s.tokens
        return c not in s.temples and c not in s.tokens and c not in s.pilli

    return _steps(t, s, p, bridges, empty)


def _steps(t: MexicaTable, s: MexicaState, p: int, bridges: dict[int, str],
           empty: Callable[[int], bool]) -> list[int]:
    """The spaces next to ``p`` a step may end on (``empty`` says which are free): off a
    bridge at its ends, onto one only along its axis. Written once for the rules' steps
    and the bots' walks."""
    b = t.board
    canal, lake = s.canal, b.lake
    out: list[int] = []
    if canal[p]:  # standing on a bridge
        axis = bridges.get(p)
        if axis is None:
            return out
        for r in b.ramps(p, axis):
            if r >= 0 and not canal[r] and r not in lake and empty(r):
                out.append(r)
        return out
    for q in b.nbrs[p]:
        if q in lake:
            continue
        if canal[q]:
            axis = bridges.get(q)
            if axis is not None and b.step_axis(p, q) == axis and empty(q):
                out.append(q)
        elif empty(q):
            out.append(q)
    return out


def walk_depths(t: MexicaTable, s: MexicaState, start: int, limit: int
                ) -> tuple[dict[int, int], dict[int, int]]:
    """Every space a Pilli on ``start`` reaches in at most ``limit`` steps: (steps to
    each, the space each was first reached from), breadth first in the order
    :func:`foot_targets` gives. The same steps as asking it space by space, with what
    stands where looked up once: the bots' plans walk from every Pilli in every
    position they weigh."""
    # what a step may not end on: temples, tokens and the other Pilli (the walker's own
    # space is free to come back to)
    taken = set(s.temples) | set(s.tokens) | {p for p in s.pilli if p is not None and p != start}

    def empty(c: int) -> bool:
        return c not in taken

    depth = {start: 0}
    parent: dict[int, int] = {}
    queue = deque([start])
    while queue:
        p = queue.popleft()
        d = depth[p]
        if d >= limit:
            continue
        for q in _steps(t, s, p, s.bridges, empty):
            if q not in depth:
                depth[q] = d + 1
                parent[q] = p
                queue.append(q)
    return depth, parent


def boat_costs(t: MexicaTable, s: MexicaState, start: int) -> dict[int, int]:
    """Cheapest AP to every bridge: each bridge reached, passed or stopped at, costs 1."""
    b = t.board
    canal, lake, bridges, nbrs = s.canal, b.lake, s.bridges, b.nbrs
    border = b.border
    outside = -2
    dist: dict[int, int] = {start: 0}
    dq: deque[int] = deque([start])
    outside_done = False
    while dq:
        c = dq.popleft()
        d = dist[c]
        if c == outside:
            nexts = [x for x in border if x in lake or canal[x]]
        else:
            nexts = [x for x in nbrs[c] if x in lake or canal[x]]
            if c in border and not outside_done:
                nexts.append(outside)
        for x in nexts:
            if x == outside:
                if outside_done:
                    continue
                outside_done = True
                if dist.get(outside, 1 << 30) > d:
                    dist[outside] = d
                    dq.appendleft(outside)
                continue
            w = 1 if x in bridges else 0
            nd = d + w
            if nd < dist.get(x, 1 << 30):
                dist[x] = nd
                if w:
                    dq.append(x)
                else:
                    dq.appendleft(x)
    return {c: d * t.c_boat for c, d in dist.items() if c in bridges and c != start}


def first_round(t: MexicaTable, s: MexicaState) -> bool:
    return t.protect_first_round and s.period == 1 and s.round == 1


def pens(t: MexicaTable, s: MexicaState, seat: int, blocked: frozenset[int],
         freed: int | None = None, removed_bridge: int | None = None,
         added_bridge: tuple[int, str] | None = None) -> Msg | None:
    """First round: would this action leave another Pilli with no foot move at all?"""
    for other, p in enumerate(s.pilli):
        if other == seat or p is None:
            continue
        if not foot_targets(t, s, p):
            continue  # already stuck: this action does not cause it
        if not foot_targets(t, s, p, blocked, freed, removed_bridge, added_bridge):
            return _("in the first round you may not leave {player}'s Pilli without a "
                     "move", player=Seat(other))
    return None


def near_others(t: MexicaTable, s: MexicaState, seat: int) -> set[int]:
    near: set[int] = set()
    for other, p in enumerate(s.pilli):
        if other != seat and p is not None:
            near.add(p)
            near.update(t.board.nbrs[p])
    return near


def pilli_label(s: MexicaState, seat: int) -> int:
    p = s.pilli[seat]
    if p is None or s.canal[p]:
        return -1
    return s.label[p]


def lay_canal(t: MexicaTable, s: MexicaState, cells: tuple[int, ...]) -> None:
    """Put a canal tile down and cut the districts it divides (the verb ``canal`` and
    the previews, on a clone, both lay it so)."""
    s.tiles.append(cells)
    s.cut(t.board, cells)


def _moved(bridges: dict[int, str], removed: int | None, added: tuple[int, str] | None
           ) -> dict[int, str]:
    """The bridges after one is taken away and one is put down (a pending relocation)."""
    out = dict(bridges)
    if removed is not None:
        out.pop(removed, None)
    if added is not None:
        out[added[0]] = added[1]
    return out
