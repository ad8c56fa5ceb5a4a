"""The verbs that place and move a Pilli: ``start``, ``move``, ``boat`` and ``teleport``.

Each verb has a check (a refusal, or the canonical text and its checked *plan*), a
handler that carries the plan out, and its sentence for the log; ``verbs.VERBS``
gathers them. ``start`` steers the turn itself (the last placement begins play).
"""

from __future__ import annotations

from game.core.errors import IllegalAction
from game.core.events import Event
from game.i18n import Msg
from variants.mexica.geometry import boat_costs, foot_targets, walkable
from variants.mexica.state import MexicaState
from variants.mexica.table import MexicaTable
from variants.mexica.text import _, ap
from variants.mexica.verbs_common import cell, guard, need, pay, told
from variants.mexica.verbs_turn import begin_turn, turn_of


# -- start --------------------------------------------------------------------------------
def check_start(t: MexicaTable, s: MexicaState, seat: int, args: list[str]
                ) -> tuple[str, int]:
    need(args, 1, "start <space>, e.g. start h7")
    c = cell(t, args[0])
    if c not in t.board.starts:
        raise IllegalAction(_("{space} is not a palace start space", space=args[0]))
    if c in s.pilli:
        raise IllegalAction(_("another Pilli already stands on {space}", space=args[0]))
    return f"start {t.board.names[c]}", c


def do_start(t: MexicaTable, s: MexicaState, seat: int, c: int) -> list[Event]:
    s.pilli[seat] = c
    ev = [Event("start", told(say_start(t, s, seat, c), seat), seat)]
    if seat == t.players - 1:
        s.phase, s.turn, s.round = "play", 0, 1
        begin_turn(t, s)
        ev.append(Event("turn", turn_of(0), 0))
    else:
        s.turn = seat + 1
    return ev


def say_start(t: MexicaTable, s: MexicaState, seat: int, c: int) -> Msg:
    return _("{player} starts on {space}", you="You start on {space}",
             space=t.board.names[c])


# -- move ---------------------------------------------------------------------------------
def check_move(t: MexicaTable, s: MexicaState, seat: int, args: list[str]
               ) -> tuple[str, int]:
    need(args, 1, "move <space>")
    c = cell(t, args[0])
    me = s.pilli[seat]
    name = t.board.names[c]
    if me is None or c not in foot_targets(t, s, me):
        raise IllegalAction(_("your Pilli cannot step onto {space}: steps go to an "
                              "adjacent empty space, or onto and off a bridge by its ends",
                              space=name))
    pay(s, seat, t.c_step, _("a step"))
    guard(t, s, seat, frozenset((c,)), freed=me)
    return f"move {name}", c


def do_move(t: MexicaTable, s: MexicaState, seat: int, c: int) -> list[Event]:
    s.ap -= t.c_step
    s.pilli[seat] = c
    return []


def say_move(t: MexicaTable, s: MexicaState, seat: int, c: int) -> Msg:
    name, cost = t.board.names[c], ap(t.c_step)
    if c in s.bridges:
        return _("{player} walks onto the bridge on {space}: {cost}",
                 you="You walk onto the bridge on {space}: {cost}", space=name, cost=cost)
    return _("{player} walks to {space}: {cost}", you="You walk to {space}: {cost}",
             space=name, cost=cost)


# -- boat ---------------------------------------------------------------------------------
def check_boat(t: MexicaTable, s: MexicaState, seat: int, args: list[str]
               ) -> tuple[str, tuple[int, int]]:
    need(args, 1, "boat <bridge>")
    c = cell(t, args[0])
    me = s.pilli[seat]
    name = t.board.names[c]
    if me is None or me not in s.bridges:
        raise IllegalAction(_("a boat trip starts from a bridge your Pilli stands on"))
    if c not in s.bridges:
        raise IllegalAction(_("there is no bridge on {space}", space=name))
    if c in s.pilli:
        raise IllegalAction(_("a Pilli already stands on the bridge at {space}",
                              space=name))
    cost = boat_costs(t, s, me).get(c)
    if cost is None:
        raise IllegalAction(_("no water route links your bridge to {space}", space=name))
    pay(s, seat, cost, _("that boat trip"))
    guard(t, s, seat, frozenset((c,)), freed=me)
    return f"boat {name}", (c, cost)


def do_boat(t: MexicaTable, s: MexicaState, seat: int, plan: tuple[int, int]
            ) -> list[Event]:
    c, cost = plan
    s.ap -= cost
    s.pilli[seat] = c
    return []


def say_boat(t: MexicaTable, s: MexicaState, seat: int, plan: tuple[int, int]) -> Msg:
    c, cost = plan
    return _("{player} travels by boat to the bridge on {space}: {cost}",
             you="You travel by boat to the bridge on {space}: {cost}",
             space=t.board.names[c], cost=ap(cost))


# -- teleport -----------------------------------------------------------------------------
def check_teleport(t: MexicaTable, s: MexicaState, seat: int, args: list[str]
                   ) -> tuple[str, int]:
    need(args, 1, "teleport <space>")
    c = cell(t, args[0])
    name = t.board.names[c]
    if not (walkable(t, s, c) or (c in s.bridges and c not in s.pilli)):
        raise IllegalAction(_("{space} is not an empty land space or empty bridge",
                              space=name))
    pay(s, seat, t.c_teleport, _("teleporting"))
    guard(t, s, seat, frozenset((c,)), freed=s.pilli[seat])
    return f"teleport {name}", c


def do_teleport(t: MexicaTable, s: MexicaState, seat: int, c: int) -> list[Event]:
    s.ap -= t.c_teleport
    s.pilli[seat] = c
    return []


def say_teleport(t: MexicaTable, s: MexicaState, seat: int, c: int) -> Msg:
    return _("{player} teleports to {space}: {cost}", you="You teleport to {space}: {cost}",
             space=t.board.names[c], cost=ap(t.c_teleport))
