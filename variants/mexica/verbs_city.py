"""The verbs of the city: ``temple``, ``found`` and ``remove`` (a calpulli token, by a
vote).

Each verb has a check (a refusal, or the canonical text and its checked *plan*), a
handler that carries the plan out, and its sentence for the log; ``verbs.VERBS``
gathers them. A founding and a proposal tell themselves in their own events.
"""

from __future__ import annotations

from game.core.errors import IllegalAction
from game.core.events import Event
from game.core.notation import plain_number
from game.i18n import Msg, Seat
from variants.mexica.geometry import buildable, founded, pilli_label
from variants.mexica.state import MexicaState, Vote
from variants.mexica.table import MexicaTable
from variants.mexica.text import _, ap
from variants.mexica.verbs_common import cell, guard, need, pay, told


# -- temple -------------------------------------------------------------------------------
def check_temple(t: MexicaTable, s: MexicaState, seat: int, args: list[str]
                 ) -> tuple[str, tuple[int, int]]:
    need(args, 2, "temple <space> <level>")
    c = cell(t, args[0])
    name = t.board.names[c]
    level = plain_number(args[1])
    if level is None:
        raise IllegalAction(_("the temple level is a number, e.g. {example}",
                              example="temple c2 3"))
    if level not in s.hands[seat]:
        raise IllegalAction(_("you have no level-{level} temple left", level=level))
    label = pilli_label(s, seat)
    if label < 0:
        raise IllegalAction(_("your Pilli must stand in a district (not on a bridge) to "
                              "build a temple"))
    if not buildable(t, s, c):
        raise IllegalAction(_("{space} is not an empty land space outside the palace",
                              space=name))
    if s.label[c] != label:
        raise IllegalAction(_("{space} is not in the district your Pilli stands in",
                              space=name))
    pay(s, seat, level * t.c_level, _("a level-{level} temple", level=level))
    guard(t, s, seat, frozenset((c,)))
    return f"temple {name} {level}", (c, level)


def do_temple(t: MexicaTable, s: MexicaState, seat: int, plan: tuple[int, int]
              ) -> list[Event]:
    c, level = plan
    s.ap -= level * t.c_level
    s.hands[seat].remove(level)
    s.temples[c] = (seat, level)
    return []


def say_temple(t: MexicaTable, s: MexicaState, seat: int, plan: tuple[int, int]) -> Msg:
    c, level = plan
    return _("{player} builds a {level}-level temple on {space}: {cost}",
             you="You build a {level}-level temple on {space}: {cost}",
             level=level, space=t.board.names[c], cost=ap(level * t.c_level))


# -- found --------------------------------------------------------------------------------
def check_found(t: MexicaTable, s: MexicaState, seat: int, args: list[str]
                ) -> tuple[str, tuple[int, int, int]]:
    need(args, 1, "found <space for the token>")
    c = cell(t, args[0])
    name = t.board.names[c]
    label = pilli_label(s, seat)
    if label < 0:
        raise IllegalAction(_("your Pilli must stand in the district it founds"))
    if founded(s, label):
        raise IllegalAction(_("this district is already founded"))
    size = len(s.dcells[label])
    if size not in s.display:
        raise IllegalAction(_.n("this district has {n} space and no calpulli token of "
                                "size {n} is available",
                                "this district has {n} spaces and no calpulli token of "
                                "size {n} is available", n=size))
    if s.label[c] != label:
        raise IllegalAction(_("{space} is not in your Pilli's district", space=name))
    if not buildable(t, s, c):
        raise IllegalAction(_("the token must go on an empty land space outside the "
                              "palace; {space} is not one", space=name))
    guard(t, s, seat, frozenset((c,)))
    return f"found {name}", (c, label, size)


def do_found(t: MexicaTable, s: MexicaState, seat: int, plan: tuple[int, int, int]
             ) -> list[Event]:
    c, label, size = plan
    info = t.token_info[size]
    s.display.remove(size)
    s.tokens[c] = size
    names = t.board.names
    ev = [Event("founded", told(say_found(t, s, seat, plan), seat), seat,
                data={"cell": names[c], "size": size,
                      "cells": [names[x] for x in sorted(s.dcells[label])]})]
    if t.award(s, seat, info["founder"]):
        ev.append(Event("score", _("{player} +{points} for founding",
                                   you="You +{points} for founding", player=Seat(seat),
                                   points=info["founder"]),
                        seat, info["founder"], {"reason": "founding"}))
    for other, p in enumerate(s.pilli):
        if other != seat and p is not None and not s.canal[p] and s.label[p] == label:
            if t.award(s, other, info["presence"]):
                ev.append(Event("score", _(
                    "{player} +{points} for being present at the founding",
                    you="You +{points} for being present at the founding",
                    player=Seat(other), points=info["presence"]), other,
                    info["presence"], {"reason": "presence"}))
    return ev


def say_found(t: MexicaTable, s: MexicaState, seat: int, plan: tuple[int, int, int]
              ) -> Msg:
    c, _label, size = plan
    return _("{player} founds the {size}-space district with the calpulli token on "
             "{space}: {cost}",
             you="You found the {size}-space district with the calpulli token on "
                 "{space}: {cost}",
             size=size, space=t.board.names[c], cost=ap(0))


# -- remove (a proposal, answered by a vote: ``verbs_turn`` agree and refuse) ----------
def check_remove(t: MexicaTable, s: MexicaState, seat: int, args: list[str]
                 ) -> tuple[str, int]:
    need(args, 1, "remove <token size>")
    size = plain_number(args[0])
    if size is None:
        raise IllegalAction(_("name the token by its size, e.g. {example}",
                              example="remove 6"))
    if s.period != 2:
        raise IllegalAction(_("calpulli tokens can be removed only in the second period"))
    if size not in s.display:
        raise IllegalAction(_("no size-{size} token is on display", size=size))
    if size in s.proposed:
        raise IllegalAction(_("you already proposed removing the size-{size} token this "
                              "turn", size=size))
    return f"remove {size}", size


def do_remove(t: MexicaTable, s: MexicaState, seat: int, size: int) -> list[Event]:
    """Propose a removal: an action (it counts as acting), answered by a vote."""
    s.acted = True
    s.proposed.append(size)
    s.vote = Vote(size, seat)
    s.phase = "vote"
    return [Event("proposal", told(say_remove(t, s, seat, size), seat), seat,
                  data={"size": size})]


def say_remove(t: MexicaTable, s: MexicaState, seat: int, size: int) -> Msg:
    return _("{player} proposes removing the size-{size} calpulli token; every other "
             "player must agree",
             you="You propose removing the size-{size} calpulli token; every other player "
                 "must agree", size=size)
