"""What a click or Enter would do now: the action, its AP cost, and what to highlight.

``compute`` is called by the view whenever the cursor, the tool or the game changes (never
while drawing). It reads the session and the pure queries and returns an immutable-ish
:class:`Preview`; it never changes the game.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar
from weakref import WeakKeyDictionary

from game.i18n import Listing, Msg, Seat, Text
from variants.mexica import queries as q
from variants.mexica.board import Board
from variants.mexica.state import MexicaState
from variants.mexica.text import _, an, ap, axis_of, status

if TYPE_CHECKING:
    from variants.mexica.rules import MexicaRules

T = TypeVar("T")

CANAL_MODES = ("double-ew", "double-ns", "single")
MODE_NAMES = {"double-ew": _("double, east–west", context="canal"),
              "double-ns": _("double, north–south", context="canal"),
              "single": _("single", context="canal")}


@dataclass
class Preview:
    status: Text = ""
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
    menu: list[tuple[str, Text]] = field(default_factory=list)
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
        return Preview(status=_("The game is over"))
    if s.phase == "vote":
        v = s.vote
        said = _("{voter}: {player} proposes removing the size-{size} calpulli token. Enter "
                 "agrees, R refuses",
                 you="{voter}: you propose removing the size-{size} calpulli token. Enter "
                     "agrees, R refuses",
                 voter=session.name(game.current_player), player=Seat(v.proposer),
                 size=v.size)
        return Preview(status=said, action="agree", ok=True)
    if s.phase == "start":
        return _start(session, rules, s, t)
    fn = {"walk": _walk, "canal": _canal, "bridge": _bridge, "temple": _temple,
          "found": _found, "relocate": _relocate, "tokens": _tokens}[t.tool]
    p = fn(session, rules, s, t)
    p.standing = q.district_standing(rules.table, s, t.cursor)
    return p


#: what a tool marks wherever the cursor is (the spaces a walk reaches and its costs, the
#: canal tiles a bridge fits), worked out once per game and version of each session: a
#: hover worked it out again (0.3 ms with the bridge tool at a late board, every canal
#: tile weighed), and the marks, new objects each time, were compared whole in the keys
#: of the board's parts. Kept for the session's last version only, freed with it
_KEPT: WeakKeyDictionary[Any, tuple[Hashable, dict[Hashable, Any]]] = WeakKeyDictionary()


def _kept(session: Any, what: Hashable, make: Callable[[], T]) -> T:
    """``make()`` for ``what``, once per game and version of ``session`` (a session that
    counts no versions: every time)."""
    version = getattr(session, "version", None)
    if version is None:
        return make()
    game = session.game
    facts = (id(game), id(game.state), version)
    kept = _KEPT.get(session)
    if kept is None or kept[0] != facts:
        kept = _KEPT[session] = (facts, {})
    found = kept[1]
    if what not in found:
        found[what] = make()
    made: T = found[what]
    return made


def sentence(text: Text, names: Sequence[str] = ()) -> str:
    """Capitalise a reason for the status line, but never a leading cell name (j15)."""
    return status(text, names)


def _refuse(p: Preview, reason: Text) -> Preview:
    p.ok = False
    p.action = None
    p.status = reason  # capitalised where the view says it (``sentence``)
    return p


def _check(session: Any, p: Preview, action: str, text: Text) -> Preview:
    """Fill ``p`` for ``action``: legal -> ``text``; else the engine's reason."""
    if session.is_legal(action):
        p.ok, p.action, p.status = True, action, text
        return p
    return _refuse(p, session.game.why_not(action) or _("not possible now"))


def _start(session: Any, rules: MexicaRules, s: MexicaState, t: Tooling) -> Preview:
    b = rules.table.board
    free = frozenset(c for c in b.starts if c not in s.pilli)
    p = Preview(zone=free, ghost="pilli", cells=(t.cursor,))
    who = session.name(s.turn)
    if t.cursor not in b.starts:
        return _refuse(p, _("{player}: place your Pilli on one of the glowing palace start "
                            "spaces", player=who))
    return _check(session, p, f"start {b.names[t.cursor]}",
                  _("{player}: place your Pilli on {space}", player=who,
                    space=b.names[t.cursor]))


def _ap_note(s: MexicaState, text: Text) -> Msg:
    """``text`` with the AP the turn has left, when it costs more."""
    if s.ap_tokens[s.turn]:
        return _("{what} — you have {left} AP left (T spends an AP token)", what=text,
                 left=s.ap)
    return _("{what} — you have {left} AP left", what=text, left=s.ap)


def _walk(session: Any, rules: MexicaRules, s: MexicaState, t: Tooling) -> Preview:
    b = rules.table.board
    me = s.pilli[s.turn]
    costs, boats, labels, zone = _kept(session, "walk", lambda: _reach(rules, s))
    p = Preview(zone=zone, labels=labels)
    c = t.cursor
    name = b.names[c]
    if c == me:
        p.status = _("Your Pilli stands on {space}: {left} AP left", space=name, left=s.ap)
        return p
    options = []  # (cost, rank, kind)
    if c in costs:
        options.append((costs[c], 0, "walk"))
    if c in boats:
        options.append((boats[c], 1, "boat"))
    if q.teleport_ok(rules.table, s, c):
        options.append((rules.table.c_teleport, 2, "teleport"))
    if not options:
        return _refuse(p, _no_way(session, rules, s, c))
    cost, _rank, kind = min(options)
    p.ghost, p.cells = "pilli", (c,)
    if kind == "walk" and me is not None:  # walking needs a Pilli on the board
        return _walk_to(rules, s, p, me, c, cost)
    if kind == "boat":
        text = _("Boat to the bridge on {space}: {cost}", space=name, cost=ap(cost))
        if cost > s.ap:
            return _refuse(p, _ap_note(s, text))
        return _check(session, p, f"boat {name}", text)
    text = _("Teleport to {space}: {cost}", space=name, cost=ap(cost))
    if cost > s.ap:
        return _refuse(p, _ap_note(s, text))
    return _check(session, p, f"teleport {name}", text)


def _reach(rules: MexicaRules, s: MexicaState) -> tuple[dict[int, int], dict[int, int],
                                                       dict[int, tuple[str, str]],
                                                       frozenset[int]]:
    """Where the turn's Pilli reaches on foot and by boat, their costs' labels and the
    spaces it reaches without AP tokens."""
    costs = q.walk_costs(rules.table, s)
    boats = q.boat_costs(rules.table, s)
    labels = _walk_labels(s, costs, boats)
    return costs, boats, labels, frozenset(c for c, (_, style) in labels.items()
                                           if style != "far")


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


def _no_way(session: Any, rules: MexicaRules, s: MexicaState, c: int) -> Text:
    """Why no walk, boat or teleport reaches ``c``."""
    b = rules.table.board
    name = b.names[c]
    if c in b.lake or (s.canal[c] and c not in s.bridges):
        return _("{space} is water: a Pilli walks on land and bridges", space=name)
    if c in s.pilli:
        return _("{player}'s Pilli stands on {space}", you="Your Pilli stands on {space}",
                 player=Seat(s.pilli.index(c)), space=name)
    if c in s.temples:
        return _("A temple stands on {space}", space=name)
    if c in s.tokens:
        return _("A calpulli token lies on {space}", space=name)
    why = session.game.why_not(f"teleport {name}") or _("not reachable")
    return _("No way to {space}: {why}", space=name, why=why)


def _walk_to(rules: MexicaRules, s: MexicaState, p: Preview, me: int, c: int, cost: int) -> Preview:
    """A walk of several steps: the path, and the first step the engine would refuse."""
    b = rules.table.board
    name = b.names[c]
    path = q.walk_path(rules.table, s, c) or []
    p.path = [me, *path]
    text = _("Walk to {space}: {cost}", space=name, cost=ap(cost))
    if cost > s.ap:
        return _refuse(p, _ap_note(s, text))
    actions = [f"move {b.names[x]}" for x in path]
    _clone, why, done = q.simulate(rules, s, actions)
    if why:
        if done:
            return _refuse(p, _("Walk to {space} (step {step}, {at}): {why}", space=name,
                                step=done + 1, at=b.names[path[done]], why=why))
        return _refuse(p, _("Walk to {space}: {why}", space=name, why=why))
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
    b = rules.table.board
    p = Preview(ghost="canal")
    cells = canal_cells(b, t.cursor, t.canal_mode)
    if cells is None:
        p.cells = (t.cursor,)
        return _refuse(p, _("A double canal needs two spaces here: R turns it"))
    p.cells = cells
    action = "canal " + " ".join(b.names[c] for c in sorted(cells))
    text = _("Canal {spaces}: {cost}", spaces=" ".join(b.names[c] for c in sorted(cells)),
             cost=ap(rules.table.c_canal))
    _check(session, p, action, text)
    if not p.ok:
        return p
    pieces = q.canal_preview(rules.table, s, cells)
    if not pieces:
        return p
    split = pieces[0]["new"]
    shown = pieces[:-1] if split else [d for d in pieces if d["token"]]
    for d in shown:
        p.districts.append({"cells": frozenset(d["cells"]), "size": d["size"],
                            "token": d["token"], "faint": False})
    sizes = [d["size"] for d in shown]
    if split and len(sizes) == 1:
        p.status = (_("{what} — closes an {size}-space district", what=p.status, size=sizes[0])
                    if an(sizes[0]) else
                    _("{what} — closes a {size}-space district", what=p.status, size=sizes[0]))
    elif split and sizes:
        p.status = _("{what} — closes districts of {sizes} spaces", what=p.status,
                     sizes=Listing(tuple(sizes)))
    elif sizes:
        p.status = (_("{what} — leaves an {size}-space district", what=p.status, size=sizes[0])
                    if an(sizes[0]) else
                    _("{what} — leaves a {size}-space district", what=p.status, size=sizes[0]))
    matches = sorted({d["size"] for d in shown if d["token"]})
    if matches:
        p.status = _.n("{what} (token {sizes} available!)", "{what} (tokens {sizes} available!)",
                       n=len(matches), what=p.status, sizes=Listing(tuple(matches), "comma"))
    return p


def _bridge(session: Any, rules: MexicaRules, s: MexicaState, t: Tooling) -> Preview:
    b = rules.table.board
    c = t.cursor
    fits = _kept(session, "bridge", lambda: frozenset(
        x for tile in s.tiles for x in tile
        if x not in s.bridges and q.bridge_axes(rules.table, s, x)))
    p = Preview(ghost="bridge", cells=(c,), zone=fits)
    if s.supply["bridges"] <= 0:
        return _refuse(p, _("No bridges are left in the supply: use the relocate tool"))
    axes = q.bridge_axes(rules.table, s, c)
    axis = t.axis if t.axis in axes or not axes else axes[0]
    p.axis = axis
    name = b.names[c]
    text = _("Bridge on {space} ({axis}): {cost}", space=name, axis=axis_of(axis),
             cost=ap(rules.table.c_bridge))
    if len(axes) == 2:
        text = _("{what} — R turns it", what=text)
    return _check(session, p, f"bridge {name} {axis}", text)


def _temple(session: Any, rules: MexicaRules, s: MexicaState, t: Tooling) -> Preview:
    b = rules.table.board
    c = t.cursor
    hand = s.hands[s.turn]
    p = Preview(ghost="temple", cells=(c,), level=t.level,
                zone=frozenset(q.temple_spots(rules.table, s)))
    f = q.founding(rules.table, s)
    if f is not None:
        p.districts.append({"cells": frozenset(f["cells"]), "size": f["size"],
                            "token": False, "faint": True})
    if t.level not in hand:
        have = Listing(tuple(hand), "comma") if hand else _("none", context="temples")
        return _refuse(p, _("You have no level-{level} temple left (in hand: {have}); press a "
                            "digit to pick a level", level=t.level, have=have))
    name = b.names[c]
    cost = t.level * rules.table.c_level
    return _check(session, p, f"temple {name} {t.level}",
                  _("Temple of level {level} on {space}: {cost}", level=t.level, space=name,
                    cost=ap(cost)))


def _found(session: Any, rules: MexicaRules, s: MexicaState, t: Tooling) -> Preview:
    b = rules.table.board
    c = t.cursor
    p = Preview(ghost="token", cells=(c,))
    for d in q.foundable_districts(s):
        p.districts.append({"cells": frozenset(d["cells"]), "size": d["size"],
                            "token": True, "faint": True})
    f = q.founding(rules.table, s)
    if f is None:
        return _refuse(p, _("Your Pilli must stand in a district (not on a bridge) to found "
                            "it"))
    p.districts.append({"cells": frozenset(f["cells"]), "size": f["size"],
                        "token": f["available"], "faint": False})
    if f["founded"]:
        return _refuse(p, _("Your Pilli's district is already founded"))
    if not f["available"]:
        shown = (Listing(tuple(sorted(set(s.display))), "comma") if s.display
                 else _("none", context="tokens"))
        return _refuse(p, _.n("Your district has {n} space: no token of that size (on display: "
                              "{shown})",
                              "Your district has {n} spaces: no token of that size (on display: "
                              "{shown})", n=f["size"], shown=shown))
    p.zone = frozenset(f["spots"])
    p.level = f["size"]
    name = b.names[c]
    text = _("Found the {size}-space district with the token on {space}: +{points} for you",
             size=f["size"], space=name, points=f["founder"])
    if f["present"]:
        text = _("{what}, +{points} each for {players}", what=text, points=f["presence"],
                 players=Listing(tuple(Seat(o) for o in f["present"])))
    return _check(session, p, f"found {name}", text)


def _relocate(session: Any, rules: MexicaRules, s: MexicaState, t: Tooling) -> Preview:
    b = rules.table.board
    c = t.cursor
    name = b.names[c]
    p = Preview(cells=(c,), select=t.source)
    if s.supply["bridges"] > 0:
        return _refuse(p, _("Bridges may be relocated only once the supply has none ({left} "
                            "left): use the bridge tool", left=s.supply["bridges"]))
    if t.source is None:
        p.zone = frozenset(x for x in s.bridges if x not in s.pilli)
        if c not in s.bridges:
            return _refuse(p, _("Pick the bridge to relocate"))
        if c in s.pilli:
            return _refuse(p, _("A Pilli stands on that bridge"))
        p.ok, p.status = True, _("Pick up the bridge on {space} (relocating costs {cost})",
                                 space=name, cost=ap(rules.table.c_relocate))
        return p
    src = t.source
    p.ghost = "bridge"
    p.zone = _kept(session, ("relocate", src), lambda: frozenset(
        x for tile in s.tiles for x in tile if q.bridge_axes(rules.table, s, x, ignore=src)))
    if c == src:  # a relocation goes elsewhere; here it only puts the bridge back
        p.ghost = None
        p.ok, p.status = True, _("Put the bridge back on {space} (cancel)", space=name)
        return p
    axes = q.bridge_axes(rules.table, s, c, ignore=src)
    axis = t.axis if t.axis in axes or not axes else axes[0]
    p.axis = axis
    text = _("Move the bridge {space} to {target} ({axis}): {cost}", space=b.names[src],
             target=name, axis=axis_of(axis), cost=ap(rules.table.c_relocate))
    return _check(session, p, f"relocate {b.names[src]} {name} {axis}", text)


def token_menu(rules: MexicaRules, s: MexicaState) -> list[tuple[str, Text]]:
    menu: list[tuple[str, Text]] = [
        ("take", _("Take an AP token ({cost})", cost=ap(rules.table.c_take))),
        ("spend", _("Spend an AP token (+{cost})", cost=ap(1)))]
    if s.period == 2:
        for size in sorted(set(s.display)):
            menu.append((f"remove {size}", _("Propose removing token {size}", size=size)))
    return menu


def _tokens(session: Any, rules: MexicaRules, s: MexicaState, t: Tooling) -> Preview:
    menu = token_menu(rules, s)
    i = t.menu_index % len(menu)
    p = Preview(menu=menu, menu_index=i)
    action, label = menu[i]
    return _check(session, p, action, label)
