"""The verbs that build waterways: ``canal``, ``bridge`` and ``relocate``.

Each verb has a check (it refuses with the player's reason, or returns the canonical
text and a *plan*: the checked facts), a handler that carries the plan out without
asking again, and its sentence for the log ("Player 1 constructs a canal on d4–e4:
1 AP"). ``verbs.VERBS`` gathers them.
"""

from __future__ import annotations

from game.core.errors import IllegalAction
from game.core.events import Event
from game.i18n import Msg
from variants.mexica.geometry import bridge_ok, canal_ok, lay_canal
from variants.mexica.state import MexicaState
from variants.mexica.table import MexicaTable
from variants.mexica.text import _, ap, axis_of
from variants.mexica.verbs_common import axis, cell, guard, names, need, pay


# -- canal --------------------------------------------------------------------------------
def check_canal(t: MexicaTable, s: MexicaState, seat: int, args: list[str]
                ) -> tuple[str, tuple[int, ...]]:
    b = t.board
    if len(args) not in (1, 2):
        raise IllegalAction(_("write it as: {notation}",
                              notation="canal <space> | canal <space> <space>"))
    cells = sorted(cell(t, a) for a in args)
    if len(cells) == 2:
        if cells[1] not in (b.east[cells[0]], b.south[cells[0]]):
            raise IllegalAction(_("a double canal covers two orthogonally adjacent "
                                  "spaces"))
        if s.supply["double"] <= 0:
            raise IllegalAction(_("no double canal tiles are left"))
    elif s.supply["single"] <= 0:
        raise IllegalAction(_("no single canal tiles are left"))
    for c in cells:
        why = canal_ok(t, s, c)
        if why:
            raise IllegalAction(_("no canal on {space}: {why}", space=b.names[c], why=why))
    pay(s, seat, t.c_canal, _("a canal", context="cost"))
    guard(t, s, seat, frozenset(cells))
    return "canal " + " ".join(b.names[c] for c in cells), tuple(cells)


def do_canal(t: MexicaTable, s: MexicaState, seat: int, cells: tuple[int, ...]
             ) -> list[Event]:
    s.ap -= t.c_canal
    s.supply["double" if len(cells) == 2 else "single"] -= 1
    lay_canal(t, s, cells)
    return []


def say_canal(t: MexicaTable, s: MexicaState, seat: int, cells: tuple[int, ...]) -> Msg:
    return _("{player} constructs a canal on {spaces}: {cost}",
             you="You construct a canal on {spaces}: {cost}",
             spaces=names(t, cells), cost=ap(t.c_canal))


# -- bridge -------------------------------------------------------------------------------
def check_bridge(t: MexicaTable, s: MexicaState, seat: int, args: list[str]
                 ) -> tuple[str, tuple[int, str]]:
    need(args, 2, "bridge <space> ns|ew")
    c, way = cell(t, args[0]), axis(args[1])
    if s.supply["bridges"] <= 0:
        raise IllegalAction(_("no bridges are left in the supply; relocate one instead"))
    name = t.board.names[c]
    why = bridge_ok(t, s, c, way)
    if why:
        raise IllegalAction(_("no bridge on {space}: {why}", space=name, why=why))
    pay(s, seat, t.c_bridge, _("a bridge", context="cost"))
    return f"bridge {name} {way}", (c, way)


def do_bridge(t: MexicaTable, s: MexicaState, seat: int, plan: tuple[int, str]
              ) -> list[Event]:
    c, way = plan
    s.ap -= t.c_bridge
    s.supply["bridges"] -= 1
    s.bridges[c] = way
    s.rebuild_ramps(t.board)
    return []


def say_bridge(t: MexicaTable, s: MexicaState, seat: int, plan: tuple[int, str]) -> Msg:
    c, way = plan
    return _("{player} constructs a bridge on {space} ({axis}): {cost}",
             you="You construct a bridge on {space} ({axis}): {cost}",
             space=t.board.names[c], axis=axis_of(way), cost=ap(t.c_bridge))


# -- relocate -----------------------------------------------------------------------------
def check_relocate(t: MexicaTable, s: MexicaState, seat: int, args: list[str]
                   ) -> tuple[str, tuple[int, int, str]]:
    need(args, 3, "relocate <from> <to> ns|ew")
    src, dst, way = cell(t, args[0]), cell(t, args[1]), axis(args[2])
    spaces = t.board.names
    if src not in s.bridges:
        raise IllegalAction(_("there is no bridge on {space}", space=spaces[src]))
    if s.supply["bridges"] > 0:
        raise IllegalAction(_("bridges may be relocated only once the supply has none"))
    if src in s.pilli:
        raise IllegalAction(_("a Pilli stands on that bridge"))
    if src == dst:
        raise IllegalAction(_("a relocated bridge must go to another canal space; "
                              "turning it round where it stands is no relocation"))
    why = bridge_ok(t, s, dst, way)  # the moved bridge's own space is not dst
    if why:
        raise IllegalAction(_("no bridge on {space}: {why}", space=spaces[dst], why=why))
    pay(s, seat, t.c_relocate, _("relocating a bridge"))
    guard(t, s, seat, frozenset(), removed_bridge=src, added_bridge=(dst, way))
    return f"relocate {spaces[src]} {spaces[dst]} {way}", (src, dst, way)


def do_relocate(t: MexicaTable, s: MexicaState, seat: int, plan: tuple[int, int, str]
                ) -> list[Event]:
    src, dst, way = plan
    s.ap -= t.c_relocate
    del s.bridges[src]
    s.bridges[dst] = way
    s.rebuild_ramps(t.board)
    return []


def say_relocate(t: MexicaTable, s: MexicaState, seat: int, plan: tuple[int, int, str]
                 ) -> Msg:
    src, dst, way = plan
    spaces = t.board.names
    return _("{player} relocates the bridge on {space} to {target} ({axis}): {cost}",
             you="You relocate the bridge on {space} to {target} ({axis}): {cost}",
             space=spaces[src], target=spaces[dst], axis=axis_of(way),
             cost=ap(t.c_relocate))
