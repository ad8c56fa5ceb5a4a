"""What a click or Enter would do now: the action, its AP cost, and what to highlight.

``compute`` is called by the view whenever the cursor, the tool or the game changes (never
while drawing). It reads the session and the pure queries and returns an immutable-ish
:class:`Preview`; it never changes the game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from game.core.words import indefinite, plural
from game.i18n import Text, say
from variants.mexica import queries as q
from variants.mexica.board import Board
from variants.mexica.names import player_name
from variants.mexica.state import MexicaState
from variants.mexica.text import status

if TYPE_CHECKING:
    from variants.mexica.rules import MexicaRules

CANAL_MODES = ("double-ew", "double-ns", "single")
MODE_NAMES = {"double-ew": "double, east-west", "double-ns": "double, north-south",
              "single": "single"}


@dataclass
class Preview:
    status: str = ""
    action: str | None = None
    queue: list[str] = field(default_factory=list)
    ok: bool = False
    ghost: str | None = None  # canal, bridge, temple, token, pilli
    cells: tuple[int, ...] = ()
    axis: str = "ew"
    level: int = 1
    zone: frozenset[int] = frozenset()
    #: cell -> (text, style) with style "walk", "far" (needs AP tokens) or "boat"
    labels: dict[int, tuple[str, str]] = field(default_factory=dict)
    #: outlined districts: {"cells": frozenset, "size": int, "token": bool, "faint": bool}
    districts: list[dict[str, Any]] = field(default_factory=list)
    path: list[int] = field(default_factory=list)
    select: int | None = None
    menu: list[tuple[str, str]] = field(default_factory=list)
    menu_index: int = 0
    #: the ranking a scoring would give the district under the cursor (neutral included)
    standing: dict[str, Any] | None = None


@dataclass
class Tooling:
    """The view's input state that decides the preview."""

    tool: str
    cursor: int
    canal_mode: str = "double-ew"
    axis: str = "ew"
    level: int = 1
    source: int | None = None
    menu_index: int = 0


def compute(session: Any, t: Tooling) -> Preview:
    game = session.game
    rules, s = game.rules, game.state
    if s.phase == "over":
        return Preview(status="The game is over")
    if s.phase == "vote":
        v = s.vote
        said = session.say("{0}: {1} proposes removing the ", game.current_player, v.proposer)
        return Preview(status=f"{said}size-{v.size} calpulli token. Enter agrees, R refuses",
                       action="agree", ok=True)
    if s.phase == "start":
        return _start(session, rules, s, t)
    fn = {"walk": _walk, "canal": _canal, "bridge": _bridge, "temple": _temple,
          "found": _found, "relocate": _relocate, "tokens": _tokens}[t.tool]
    p = fn(session, rules, s, t)
    p.standing = q.district_standing(rules, s, t.cursor)
    return p


def sentence(text: Text, names: Sequence[str] = ()) -> str:
    """Capitalise a reason for the status line, but never a leading cell name (j15)."""
    return status(text, names)


def _refuse(p: Preview, reason: str) -> Preview:
    p.ok = False
    p.action = None
    p.status = sentence(reason)
    return p


def _check(session: Any, p: Preview, action: str, text: str) -> Preview:
    """Fill ``p`` for ``action``: legal -> ``text``; else the engine's reason."""
    if session.is_legal(action):
        p.ok, p.action, p.status = True, action, text
        return p
    return _refuse(p, say(session.game.why_not(action) or "not possible now", session.names))


def _start(session: Any, rules: MexicaRules, s: MexicaState, t: Tooling) -> Preview:
    b = rules.board
    free = frozenset(c for c in b.starts if c not in s.pilli)
    p = Preview(zone=free, ghost="pilli", cells=(t.cursor,))
    who = session.name(s.turn)
    if t.cursor not in b.starts:
        return _refuse(p, f"{who}: place your Pilli on one of the glowing palace start "
                       "spaces")
    return _check(session, p, f"start {b.names[t.cursor]}",
                  f"{who}: place your Pilli on {b.names[t.cursor]}")


def _ap_note(s: MexicaState, cost: int) -> str:
    seat = s.turn
    note = f" — you have {s.ap} AP left"
    if s.ap_tokens[seat]:
        note += " (T spends an AP token)"
    return note if cost > s.ap else ""


def _walk(session: Any, rules: MexicaRules, s: MexicaState, t: Tooling) -> Preview:
    b = rules.board
    me = s.pilli[s.turn]
    costs = q.walk_costs(rules, s)
    boats = q.boat_costs(rules, s)
    labels = _walk_labels(s, costs, boats)
    zone = frozenset(c for c, (_, style) in labels.items() if style != "far")
    p = Preview(zone=zone, labels=labels)
    c = t.cursor
    name = b.names[c]
    if c == me:
        p.status = f"Your Pilli stands on {name}: {s.ap} AP left"
        return p
    options = []  # (cost, rank, kind)
    if c in costs:
        options.append((costs[c], 0, "walk"))
    if c in boats:
        options.append((boats[c], 1, "boat"))
    if q.teleport_ok(rules, s, c):
        options.append((rules.c_teleport, 2, "teleport"))
    if not options:
        return _refuse(p, _no_way(session, rules, s, c))
    cost, _rank, kind = min(options)
    p.ghost, p.cells = "pilli", (c,)
    if kind == "walk" and me is not None:  # walking needs a Pilli on the board
        return _walk_to(rules, s, p, me, c, cost)
    if kind == "boat":
        text = f"Boat to the bridge on {name}: {cost} AP"
        if cost > s.ap:
            return _refuse(p, text + _ap_note(s, cost))
        return _check(session, p, f"boat {name}", text)
    text = f"Teleport to {name}: {cost} AP"
    if cost > s.ap:
        return _refuse(p, text + _ap_note(s, cost))
    return _check(session, p, f"teleport {name}", text)


def _walk_labels(s: MexicaState, costs: dict[int, int], boats: dict[int, int]
                 ) -> dict[int, tuple[str, str]]:
    """The AP to each cell the turn can reach: on foot, with AP tokens ("far"), by boat."""
    budget = s.ap + s.ap_tokens[s.turn]
    labels: dict[int, tuple[str, str]] = {}
    for c, cost in costs.items():
        if 0 < cost <= budget:
            labels[c] = (str(cost), "walk" if cost <= s.ap else "far")
    for c, cost in boats.items():
        if cost <= budget and (c not in costs or costs[c] > cost):
            labels[c] = (str(cost), "boat")
    return labels


def _no_way(session: Any, rules: MexicaRules, s: MexicaState, c: int) -> str:
    """Why no walk, boat or teleport reaches ``c``."""
    b = rules.board
    name = b.names[c]
    if c in b.lake or (s.canal[c] and c not in s.bridges):
        return f"{name} is water: a Pilli walks on land and bridges"
    if c in s.pilli:
        return str(session.say("{0}'s Pilli stands on ", s.pilli.index(c))) + name
    if c in s.temples:
        return f"A temple stands on {name}"
    if c in s.tokens:
        return f"A calpulli token lies on {name}"
    why = say(session.game.why_not(f"teleport {name}") or "not reachable", session.names)
    return f"No way to {name}: {why}"


def _walk_to(rules: MexicaRules, s: MexicaState, p: Preview, me: int, c: int, cost: int) -> Preview:
    """A walk of several steps: the path, and the first step the engine would refuse."""
    b = rules.board
    name = b.names[c]
    path = q.walk_path(rules, s, c) or []
    p.path = [me, *path]
    text = f"Walk to {name}: {cost} AP"
    if cost > s.ap:
        return _refuse(p, text + _ap_note(s, cost))
    actions = [f"move {b.names[x]}" for x in path]
    _clone, why, done = q.simulate(rules, s, actions)
    if why:
        where = f" (step {done + 1}, {b.names[path[done]]})" if done else ""
        return _refuse(p, f"Walk to {name}{where}: {why}")
    p.ok, p.action, p.queue, p.status = True, actions[0], actions[1:], text
    return p


def canal_cells(board: Board, cursor: int, mode: str) -> tuple[int, ...] | None:
    if mode == "single":
        return (cursor,)
    other = board.east[cursor] if mode == "double-ew" else board.south[cursor]
    if other < 0:
        return None
    return (cursor, other)


def _canal(session: Any, rules: MexicaRules, s: MexicaState, t: Tooling) -> Preview:
    b = rules.board
    p = Preview(ghost="canal")
    cells = canal_cells(b, t.cursor, t.canal_mode)
    if cells is None:
        p.cells = (t.cursor,)
        return _refuse(p, "A double canal needs two spaces here: R turns it")
    p.cells = cells
    action = "canal " + " ".join(b.names[c] for c in sorted(cells))
    text = f"Canal {' '.join(b.names[c] for c in sorted(cells))}: {rules.c_canal} AP"
    _check(session, p, action, text)
    if not p.ok:
        return p
    pieces = q.canal_preview(rules, s, cells)
    if not pieces:
        return p
    split = pieces[0]["new"]
    shown = pieces[:-1] if split else [d for d in pieces if d["token"]]
    for d in shown:
        p.districts.append({"cells": frozenset(d["cells"]), "size": d["size"],
                            "token": d["token"], "faint": False})
    sizes = [d["size"] for d in shown]
    if split and sizes:
        what = (indefinite(f"{sizes[0]}-space district") if len(sizes) == 1 else
                "districts of " + " and ".join(map(str, sizes)) + " spaces")
        p.status += f" — closes {what}"
    elif sizes:
        p.status += " — leaves " + indefinite(f"{sizes[0]}-space district")
    matches = sorted({d["size"] for d in shown if d["token"]})
    if matches:
        p.status += " (token " + ", ".join(map(str, matches)) + " available!)"
    return p


def _bridge(session: Any, rules: MexicaRules, s: MexicaState, t: Tooling) -> Preview:
    b = rules.board
    c = t.cursor
    fits = frozenset(x for tile in s.tiles for x in tile
                     if x not in s.bridges and q.bridge_axes(rules, s, x))
    p = Preview(ghost="bridge", cells=(c,), zone=fits)
    if s.supply["bridges"] <= 0:
        return _refuse(p, "No bridges are left in the supply: use the relocate tool")
    axes = q.bridge_axes(rules, s, c)
    axis = t.axis if t.axis in axes or not axes else axes[0]
    p.axis = axis
    name = b.names[c]
    text = f"Bridge on {name} ({'north-south' if axis == 'ns' else 'east-west'}): " \
           f"{rules.c_bridge} AP" + (" — R turns it" if len(axes) == 2 else "")
    return _check(session, p, f"bridge {name} {axis}", text)


def _temple(session: Any, rules: MexicaRules, s: MexicaState, t: Tooling) -> Preview:
    b = rules.board
    c = t.cursor
    hand = s.hands[s.turn]
    p = Preview(ghost="temple", cells=(c,), level=t.level,
                zone=frozenset(q.temple_spots(rules, s)))
    f = q.founding(rules, s)
    if f is not None:
        p.districts.append({"cells": frozenset(f["cells"]), "size": f["size"],
                            "token": False, "faint": True})
    if t.level not in hand:
        have = " ".join(map(str, hand)) or "none"
        return _refuse(p, f"You have no level-{t.level} temple left (in hand: {have}); "
                       "press a digit to pick a level")
    name = b.names[c]
    cost = t.level * rules.c_level
    return _check(session, p, f"temple {name} {t.level}",
                  f"Temple of level {t.level} on {name}: {cost} AP")


def _found(session: Any, rules: MexicaRules, s: MexicaState, t: Tooling) -> Preview:
    b = rules.board
    c = t.cursor
    p = Preview(ghost="token", cells=(c,))
    for d in q.foundable_districts(rules, s):
        p.districts.append({"cells": frozenset(d["cells"]), "size": d["size"],
                            "token": True, "faint": True})
    f = q.founding(rules, s)
    if f is None:
        return _refuse(p, "Your Pilli must stand in a district (not on a bridge) to found it")
    p.districts.append({"cells": frozenset(f["cells"]), "size": f["size"],
                        "token": f["available"], "faint": False})
    if f["founded"]:
        return _refuse(p, "Your Pilli's district is already founded")
    if not f["available"]:
        shown = ", ".join(map(str, sorted(set(s.display)))) or "none"
        return _refuse(p, f"Your district has {plural(f['size'], 'space')}: no token of that size "
                       f"(on display: {shown})")
    p.zone = frozenset(f["spots"])
    p.level = f["size"]
    name = b.names[c]
    text = f"Found the {f['size']}-space district with the token on {name}: " \
           f"+{f['founder']} for you"
    if f["present"]:
        text += ", +{} each for {}".format(
            f["presence"], " and ".join(player_name(o) for o in f["present"]))
    return _check(session, p, f"found {name}", text)


def _relocate(session: Any, rules: MexicaRules, s: MexicaState, t: Tooling) -> Preview:
    b = rules.board
    c = t.cursor
    name = b.names[c]
    p = Preview(cells=(c,), select=t.source)
    if s.supply["bridges"] > 0:
        return _refuse(p, "Bridges may be relocated only once the supply has none "
                       f"({s.supply['bridges']} left): use the bridge tool")
    if t.source is None:
        p.zone = frozenset(x for x in s.bridges if x not in s.pilli)
        if c not in s.bridges:
            return _refuse(p, "Pick the bridge to relocate")
        if c in s.pilli:
            return _refuse(p, "A Pilli stands on that bridge")
        p.ok, p.status = True, f"Pick up the bridge on {name} (relocating costs " \
                               f"{rules.c_relocate} AP)"
        return p
    src = t.source
    p.ghost = "bridge"
    p.zone = frozenset(x for tile in s.tiles for x in tile
                       if q.bridge_axes(rules, s, x, ignore=src))
    if c == src:  # a relocation goes elsewhere; here it only puts the bridge back
        p.ghost = None
        p.ok, p.status = True, f"Put the bridge back on {name} (cancel)"
        return p
    axes = q.bridge_axes(rules, s, c, ignore=src)
    axis = t.axis if t.axis in axes or not axes else axes[0]
    p.axis = axis
    text = f"Move the bridge {b.names[src]} to {name} " \
           f"({'north-south' if axis == 'ns' else 'east-west'}): {rules.c_relocate} AP"
    return _check(session, p, f"relocate {b.names[src]} {name} {axis}", text)


def token_menu(rules: MexicaRules, s: MexicaState) -> list[tuple[str, str]]:
    menu = [("take", f"Take an AP token ({rules.c_take} AP)"),
            ("spend", "Spend an AP token (+1 AP)")]
    if s.period == 2:
        for size in sorted(set(s.display)):
            menu.append((f"remove {size}", f"Propose removing token {size}"))
    return menu


def _tokens(session: Any, rules: MexicaRules, s: MexicaState, t: Tooling) -> Preview:
    menu = token_menu(rules, s)
    i = t.menu_index % len(menu)
    p = Preview(menu=menu, menu_index=i)
    action, label = menu[i]
    return _check(session, p, action, label)
