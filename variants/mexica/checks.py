"""Validation of one action, before anything changes: one check per verb.

``MexicaRules.apply`` splits an action into its verb and words; the verb's check either
refuses it (IllegalAction, with a reason a player understands) or returns the action's
canonical text and a *plan*: the checked facts that the verb's handler
(``variants.mexica.actions``) carries out without asking again. The checks only read the
state, so ``why_not`` runs them on the state itself instead of on a clone.

Each check has a twin in ``variants.mexica.legal`` that lists the same actions; both ask
the geometry's questions, and a property test holds every listed action legal and every
other one refused.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from game.core.errors import IllegalAction, quote
from game.core.notation import plain_number
from game.i18n import Msg, Seat
from variants.mexica.geometry import GeometryMixin
from variants.mexica.names import AXES
from variants.mexica.state import MexicaState
from variants.mexica.text import _

#: A check: (rules, state, deciding seat, the action's words after the verb) -> (the
#: canonical text, the plan for the verb's handler).
Check = Callable[["ChecksMixin", MexicaState, int, list[str]], tuple[str, Any]]


#: the verbs of the notation, for a refusal of an unknown one (the notation is not translated)
VERBS = ("start, canal, bridge, relocate, move, boat, teleport, temple, found, take, spend, "
         "remove, agree, refuse, end")


def _need(args: list[str], n: int, usage: str) -> None:
    if len(args) != n:
        raise IllegalAction(_("write it as: {notation}", notation=usage))


def _axis(text: str) -> str:
    if text not in AXES:
        raise IllegalAction(_("the bridge axis is ns (north-south) or ew (east-west)"))
    return text


class ChecksMixin(GeometryMixin):
    """Part of MexicaRules: ``_check`` and the check of each verb."""

    def _check(self, s: MexicaState, verb: str, args: list[str]) -> tuple[str, Any]:
        """Validate one action; return its canonical text and a plan for its handler."""
        if s.phase == "over":
            raise IllegalAction(_("the game is over"))
        seat = self.deciding(s)
        if s.phase == "vote":
            return self._check_answer(s, seat, verb, args)
        if s.phase == "start":
            if verb != "start":
                raise IllegalAction(_("first place your Pilli on a palace start space: "
                                      "start <space>"))
            return self._check_start(s, seat, args)
        check = self.PLAY_CHECKS.get(verb)
        if check is None:
            raise IllegalAction(_("unknown action {verb}; actions are: {verbs}",
                                  verb=quote(verb), verbs=VERBS))
        return check(self, s, seat, args)

    # -- shared refusals ------------------------------------------------------------------
    def _cell(self, text: str) -> int:
        c = self.board.index.get(text)
        if c is None:
            raise IllegalAction(_("{space} is not a space on this board", space=quote(text)))
        return c

    def _pay(self, s: MexicaState, seat: int, cost: int, what: Msg) -> None:
        if cost > s.ap:
            if s.ap_tokens[seat]:
                raise IllegalAction(_("{what} costs {cost} AP and you have {left} left (spend "
                                      "an AP token first)", what=what, cost=cost, left=s.ap))
            raise IllegalAction(_("{what} costs {cost} AP and you have {left} left",
                                  what=what, cost=cost, left=s.ap))

    def _guard(self, s: MexicaState, seat: int, blocked: frozenset[int],
               freed: int | None = None, removed_bridge: int | None = None,
               added_bridge: tuple[int, str] | None = None) -> None:
        """The first-round rule: refuse an action that leaves another Pilli stuck."""
        if self._first_round(s):
            why = self._pens(s, seat, blocked, freed, removed_bridge, added_bridge)
            if why:
                raise IllegalAction(why)

    # -- outside the play phase -----------------------------------------------------------
    def _check_answer(self, s: MexicaState, seat: int, verb: str, args: list[str]
                      ) -> tuple[str, None]:
        if verb in ("agree", "refuse") and not args:
            return verb, None
        size = s.vote.size if s.vote is not None else "?"
        raise IllegalAction(_("{player} must answer the proposal to remove the size-{size} "
                              "calpulli token: agree or refuse",
                              you="You must answer the proposal to remove the size-{size} "
                                  "calpulli token: agree or refuse",
                              player=Seat(seat), size=size))

    def _check_start(self, s: MexicaState, seat: int, args: list[str]) -> tuple[str, int]:
        _need(args, 1, "start <space>, e.g. start h7")
        c = self._cell(args[0])
        if c not in self.board.starts:
            raise IllegalAction(_("{space} is not a palace start space", space=args[0]))
        if c in s.pilli:
            raise IllegalAction(_("another Pilli already stands on {space}", space=args[0]))
        return f"start {self.board.names[c]}", c

    # -- the play phase, one check per verb -----------------------------------------------
    def _check_end(self, s: MexicaState, seat: int, args: list[str]) -> tuple[str, None]:
        _need(args, 0, "end")
        return "end", None

    def _check_take(self, s: MexicaState, seat: int, args: list[str]) -> tuple[str, None]:
        _need(args, 0, "take")
        if s.taken >= self.take_limit:
            raise IllegalAction(_.n("you may take at most {n} AP token a turn",
                                    "you may take at most {n} AP tokens a turn",
                                    n=self.take_limit))
        if s.supply["ap_tokens"] <= 0:
            raise IllegalAction(_("the supply has no AP tokens left"))
        self._pay(s, seat, self.c_take, _("taking an AP token"))
        return "take", None

    def _check_spend(self, s: MexicaState, seat: int, args: list[str]) -> tuple[str, None]:
        _need(args, 0, "spend")
        if s.ap_tokens[seat] <= 0:
            raise IllegalAction(_("you have no AP tokens to spend"))
        return "spend", None

    def _check_canal(self, s: MexicaState, seat: int, args: list[str]
                     ) -> tuple[str, tuple[int, ...]]:
        b = self.board
        if len(args) not in (1, 2):
            raise IllegalAction(_("write it as: {notation}",
                                  notation="canal <space> | canal <space> <space>"))
        cells = sorted(self._cell(a) for a in args)
        if len(cells) == 2:
            if cells[1] not in (b.east[cells[0]], b.south[cells[0]]):
                raise IllegalAction(_("a double canal covers two orthogonally adjacent "
                                      "spaces"))
            if s.supply["double"] <= 0:
                raise IllegalAction(_("no double canal tiles are left"))
        elif s.supply["single"] <= 0:
            raise IllegalAction(_("no single canal tiles are left"))
        for c in cells:
            why = self._canal_ok(s, c)
            if why:
                raise IllegalAction(_("no canal on {space}: {why}", space=b.names[c], why=why))
        self._pay(s, seat, self.c_canal, _("a canal", context="cost"))
        self._guard(s, seat, frozenset(cells))
        return "canal " + " ".join(b.names[c] for c in cells), tuple(cells)

    def _check_bridge(self, s: MexicaState, seat: int, args: list[str]
                      ) -> tuple[str, tuple[int, str]]:
        _need(args, 2, "bridge <space> ns|ew")
        c, axis = self._cell(args[0]), _axis(args[1])
        if s.supply["bridges"] <= 0:
            raise IllegalAction(_("no bridges are left in the supply; relocate one instead"))
        name = self.board.names[c]
        why = self._bridge_ok(s, c, axis)
        if why:
            raise IllegalAction(_("no bridge on {space}: {why}", space=name, why=why))
        self._pay(s, seat, self.c_bridge, _("a bridge", context="cost"))
        return f"bridge {name} {axis}", (c, axis)

    def _check_relocate(self, s: MexicaState, seat: int, args: list[str]
                        ) -> tuple[str, tuple[int, int, str]]:
        _need(args, 3, "relocate <from> <to> ns|ew")
        src, dst, axis = self._cell(args[0]), self._cell(args[1]), _axis(args[2])
        names = self.board.names
        if src not in s.bridges:
            raise IllegalAction(_("there is no bridge on {space}", space=names[src]))
        if s.supply["bridges"] > 0:
            raise IllegalAction(_("bridges may be relocated only once the supply has none"))
        if src in s.pilli:
            raise IllegalAction(_("a Pilli stands on that bridge"))
        if src == dst:
            raise IllegalAction(_("a relocated bridge must go to another canal space; "
                                  "turning it round where it stands is no relocation"))
        why = self._bridge_ok(s, dst, axis)  # the moved bridge's own space is not dst
        if why:
            raise IllegalAction(_("no bridge on {space}: {why}", space=names[dst], why=why))
        self._pay(s, seat, self.c_relocate, _("relocating a bridge"))
        self._guard(s, seat, frozenset(), removed_bridge=src, added_bridge=(dst, axis))
        return f"relocate {names[src]} {names[dst]} {axis}", (src, dst, axis)

    def _check_move(self, s: MexicaState, seat: int, args: list[str]) -> tuple[str, int]:
        _need(args, 1, "move <space>")
        c = self._cell(args[0])
        me = s.pilli[seat]
        name = self.board.names[c]
        if me is None or c not in self._foot_targets(s, me):
            raise IllegalAction(_("your Pilli cannot step onto {space}: steps go to an "
                                  "adjacent empty space, or onto and off a bridge by its ends",
                                  space=name))
        self._pay(s, seat, self.c_step, _("a step"))
        self._guard(s, seat, frozenset((c,)), freed=me)
        return f"move {name}", c

    def _check_boat(self, s: MexicaState, seat: int, args: list[str]
                    ) -> tuple[str, tuple[int, int]]:
        _need(args, 1, "boat <bridge>")
        c = self._cell(args[0])
        me = s.pilli[seat]
        name = self.board.names[c]
        if me is None or me not in s.bridges:
            raise IllegalAction(_("a boat trip starts from a bridge your Pilli stands on"))
        if c not in s.bridges:
            raise IllegalAction(_("there is no bridge on {space}", space=name))
        if c in s.pilli:
            raise IllegalAction(_("a Pilli already stands on the bridge at {space}",
                                  space=name))
        cost = self._boat_costs(s, me).get(c)
        if cost is None:
            raise IllegalAction(_("no water route links your bridge to {space}", space=name))
        self._pay(s, seat, cost, _("that boat trip"))
        self._guard(s, seat, frozenset((c,)), freed=me)
        return f"boat {name}", (c, cost)

    def _check_teleport(self, s: MexicaState, seat: int, args: list[str]) -> tuple[str, int]:
        _need(args, 1, "teleport <space>")
        c = self._cell(args[0])
        name = self.board.names[c]
        if not (self._walkable(s, c) or (c in s.bridges and c not in s.pilli)):
            raise IllegalAction(_("{space} is not an empty land space or empty bridge",
                                  space=name))
        self._pay(s, seat, self.c_teleport, _("teleporting"))
        self._guard(s, seat, frozenset((c,)), freed=s.pilli[seat])
        return f"teleport {name}", c

    def _check_temple(self, s: MexicaState, seat: int, args: list[str]
                      ) -> tuple[str, tuple[int, int]]:
        _need(args, 2, "temple <space> <level>")
        c = self._cell(args[0])
        name = self.board.names[c]
        level = plain_number(args[1])
        if level is None:
            raise IllegalAction(_("the temple level is a number, e.g. {example}",
                                  example="temple c2 3"))
        if level not in s.hands[seat]:
            raise IllegalAction(_("you have no level-{level} temple left", level=level))
        label = self._pilli_label(s, seat)
        if label < 0:
            raise IllegalAction(_("your Pilli must stand in a district (not on a bridge) to "
                                  "build a temple"))
        if not self._buildable(s, c):
            raise IllegalAction(_("{space} is not an empty land space outside the palace",
                                  space=name))
        if s.label[c] != label:
            raise IllegalAction(_("{space} is not in the district your Pilli stands in",
                                  space=name))
        self._pay(s, seat, level * self.c_level, _("a level-{level} temple", level=level))
        self._guard(s, seat, frozenset((c,)))
        return f"temple {name} {level}", (c, level)

    def _check_found(self, s: MexicaState, seat: int, args: list[str]
                     ) -> tuple[str, tuple[int, int, int]]:
        _need(args, 1, "found <space for the token>")
        c = self._cell(args[0])
        name = self.board.names[c]
        label = self._pilli_label(s, seat)
        if label < 0:
            raise IllegalAction(_("your Pilli must stand in the district it founds"))
        if self._founded(s, label):
            raise IllegalAction(_("this district is already founded"))
        size = len(s.dcells[label])
        if size not in s.display:
            raise IllegalAction(_.n("this district has {n} space and no calpulli token of "
                                    "size {n} is available",
                                    "this district has {n} spaces and no calpulli token of "
                                    "size {n} is available", n=size))
        if s.label[c] != label:
            raise IllegalAction(_("{space} is not in your Pilli's district", space=name))
        if not self._buildable(s, c):
            raise IllegalAction(_("the token must go on an empty land space outside the "
                                  "palace; {space} is not one", space=name))
        self._guard(s, seat, frozenset((c,)))
        return f"found {name}", (c, label, size)

    def _check_remove(self, s: MexicaState, seat: int, args: list[str]) -> tuple[str, int]:
        _need(args, 1, "remove <token size>")
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

    #: the play phase's verbs and their checks (the handlers' table is in actions.py)
    PLAY_CHECKS: ClassVar[dict[str, Check]] = {
        "end": _check_end, "take": _check_take, "spend": _check_spend,
        "canal": _check_canal, "bridge": _check_bridge, "relocate": _check_relocate,
        "move": _check_move, "boat": _check_boat, "teleport": _check_teleport,
        "temple": _check_temple, "found": _check_found, "remove": _check_remove,
    }
