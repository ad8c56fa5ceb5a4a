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
from game.core.words import plural
from variants.mexica.geometry import GeometryMixin
from variants.mexica.names import AXES, player_name
from variants.mexica.state import MexicaState

#: A check: (rules, state, deciding seat, the action's words after the verb) -> (the
#: canonical text, the plan for the verb's handler).
Check = Callable[["ChecksMixin", MexicaState, int, list[str]], tuple[str, Any]]


def _need(args: list[str], n: int, usage: str) -> None:
    if len(args) != n:
        raise IllegalAction(f"write it as: {usage}")


def _axis(text: str) -> str:
    if text not in AXES:
        raise IllegalAction("the bridge axis is ns (north-south) or ew (east-west)")
    return text


class ChecksMixin(GeometryMixin):
    """Part of MexicaRules: ``_check`` and the check of each verb."""

    def _check(self, s: MexicaState, verb: str, args: list[str]) -> tuple[str, Any]:
        """Validate one action; return its canonical text and a plan for its handler."""
        if s.phase == "over":
            raise IllegalAction("the game is over")
        seat = self.deciding(s)
        if s.phase == "vote":
            return self._check_answer(s, seat, verb, args)
        if s.phase == "start":
            if verb != "start":
                raise IllegalAction("first place your Pilli on a palace start space: "
                                    "start <space>")
            return self._check_start(s, seat, args)
        check = self.PLAY_CHECKS.get(verb)
        if check is None:
            raise IllegalAction(f"unknown action {quote(verb)}; actions are: start, canal, "
                                "bridge, relocate, move, boat, teleport, temple, found, take, "
                                "spend, remove, agree, refuse, end")
        return check(self, s, seat, args)

    # -- shared refusals ------------------------------------------------------------------
    def _cell(self, text: str) -> int:
        c = self.board.index.get(text)
        if c is None:
            raise IllegalAction(f"{quote(text)} is not a space on this board")
        return c

    def _pay(self, s: MexicaState, seat: int, cost: int, what: str) -> None:
        if cost > s.ap:
            raise IllegalAction(f"{what} costs {cost} AP and you have {s.ap} left"
                                + (" (spend an AP token first)" if s.ap_tokens[seat] else ""))

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
        raise IllegalAction(f"{player_name(seat)} must answer the proposal to remove the "
                            f"size-{size} calpulli token: agree or refuse")

    def _check_start(self, s: MexicaState, seat: int, args: list[str]) -> tuple[str, int]:
        _need(args, 1, "start <space>, e.g. start h7")
        c = self._cell(args[0])
        if c not in self.board.starts:
            raise IllegalAction(f"{args[0]} is not a palace start space")
        if c in s.pilli:
            raise IllegalAction(f"another Pilli already stands on {args[0]}")
        return f"start {self.board.names[c]}", c

    # -- the play phase, one check per verb -----------------------------------------------
    def _check_end(self, s: MexicaState, seat: int, args: list[str]) -> tuple[str, None]:
        _need(args, 0, "end")
        return "end", None

    def _check_take(self, s: MexicaState, seat: int, args: list[str]) -> tuple[str, None]:
        _need(args, 0, "take")
        if s.taken >= self.take_limit:
            raise IllegalAction(f"you may take at most {self.take_limit} AP tokens a turn")
        if s.supply["ap_tokens"] <= 0:
            raise IllegalAction("the supply has no AP tokens left")
        self._pay(s, seat, self.c_take, "taking an AP token")
        return "take", None

    def _check_spend(self, s: MexicaState, seat: int, args: list[str]) -> tuple[str, None]:
        _need(args, 0, "spend")
        if s.ap_tokens[seat] <= 0:
            raise IllegalAction("you have no AP tokens to spend")
        return "spend", None

    def _check_canal(self, s: MexicaState, seat: int, args: list[str]
                     ) -> tuple[str, tuple[int, ...]]:
        b = self.board
        if len(args) not in (1, 2):
            raise IllegalAction("write it as: canal <space> or canal <space> <space>")
        cells = sorted(self._cell(a) for a in args)
        if len(cells) == 2:
            if cells[1] not in (b.east[cells[0]], b.south[cells[0]]):
                raise IllegalAction("a double canal covers two orthogonally adjacent spaces")
            if s.supply["double"] <= 0:
                raise IllegalAction("no double canal tiles are left")
        elif s.supply["single"] <= 0:
            raise IllegalAction("no single canal tiles are left")
        for c in cells:
            why = self._canal_ok(s, c)
            if why:
                raise IllegalAction(f"no canal on {b.names[c]}: {why}")
        self._pay(s, seat, self.c_canal, "a canal")
        self._guard(s, seat, frozenset(cells))
        return "canal " + " ".join(b.names[c] for c in cells), tuple(cells)

    def _check_bridge(self, s: MexicaState, seat: int, args: list[str]
                      ) -> tuple[str, tuple[int, str]]:
        _need(args, 2, "bridge <space> ns|ew")
        c, axis = self._cell(args[0]), _axis(args[1])
        if s.supply["bridges"] <= 0:
            raise IllegalAction("no bridges are left in the supply; relocate one instead")
        name = self.board.names[c]
        why = self._bridge_ok(s, c, axis)
        if why:
            raise IllegalAction(f"no bridge on {name}: {why}")
        self._pay(s, seat, self.c_bridge, "a bridge")
        return f"bridge {name} {axis}", (c, axis)

    def _check_relocate(self, s: MexicaState, seat: int, args: list[str]
                        ) -> tuple[str, tuple[int, int, str]]:
        _need(args, 3, "relocate <from> <to> ns|ew")
        src, dst, axis = self._cell(args[0]), self._cell(args[1]), _axis(args[2])
        names = self.board.names
        if src not in s.bridges:
            raise IllegalAction(f"there is no bridge on {names[src]}")
        if s.supply["bridges"] > 0:
            raise IllegalAction("bridges may be relocated only once the supply has none")
        if src in s.pilli:
            raise IllegalAction("a Pilli stands on that bridge")
        if src == dst:
            raise IllegalAction("a relocated bridge must go to another canal space; "
                                "turning it round where it stands is no relocation")
        why = self._bridge_ok(s, dst, axis)  # the moved bridge's own space is not dst
        if why:
            raise IllegalAction(f"no bridge on {names[dst]}: {why}")
        self._pay(s, seat, self.c_relocate, "relocating a bridge")
        self._guard(s, seat, frozenset(), removed_bridge=src, added_bridge=(dst, axis))
        return f"relocate {names[src]} {names[dst]} {axis}", (src, dst, axis)

    def _check_move(self, s: MexicaState, seat: int, args: list[str]) -> tuple[str, int]:
        _need(args, 1, "move <space>")
        c = self._cell(args[0])
        me = s.pilli[seat]
        name = self.board.names[c]
        if me is None or c not in self._foot_targets(s, me):
            raise IllegalAction(f"your Pilli cannot step onto {name}: steps go to an "
                                "adjacent empty space, or onto and off a bridge by its ends")
        self._pay(s, seat, self.c_step, "a step")
        self._guard(s, seat, frozenset((c,)), freed=me)
        return f"move {name}", c

    def _check_boat(self, s: MexicaState, seat: int, args: list[str]
                    ) -> tuple[str, tuple[int, int]]:
        _need(args, 1, "boat <bridge>")
        c = self._cell(args[0])
        me = s.pilli[seat]
        name = self.board.names[c]
        if me is None or me not in s.bridges:
            raise IllegalAction("a boat trip starts from a bridge your Pilli stands on")
        if c not in s.bridges:
            raise IllegalAction(f"there is no bridge on {name}")
        if c in s.pilli:
            raise IllegalAction(f"a Pilli already stands on the bridge at {name}")
        cost = self._boat_costs(s, me).get(c)
        if cost is None:
            raise IllegalAction(f"no water route links your bridge to {name}")
        self._pay(s, seat, cost, "that boat trip")
        self._guard(s, seat, frozenset((c,)), freed=me)
        return f"boat {name}", (c, cost)

    def _check_teleport(self, s: MexicaState, seat: int, args: list[str]) -> tuple[str, int]:
        _need(args, 1, "teleport <space>")
        c = self._cell(args[0])
        name = self.board.names[c]
        if not (self._walkable(s, c) or (c in s.bridges and c not in s.pilli)):
            raise IllegalAction(f"{name} is not an empty land space or empty bridge")
        self._pay(s, seat, self.c_teleport, "teleporting")
        self._guard(s, seat, frozenset((c,)), freed=s.pilli[seat])
        return f"teleport {name}", c

    def _check_temple(self, s: MexicaState, seat: int, args: list[str]
                      ) -> tuple[str, tuple[int, int]]:
        _need(args, 2, "temple <space> <level>")
        c = self._cell(args[0])
        name = self.board.names[c]
        level = plain_number(args[1])
        if level is None:
            raise IllegalAction("the temple level is a number, e.g. temple c2 3")
        if level not in s.hands[seat]:
            raise IllegalAction(f"you have no level-{level} temple left")
        label = self._pilli_label(s, seat)
        if label < 0:
            raise IllegalAction("your Pilli must stand in a district (not on a bridge) to "
                                "build a temple")
        if not self._buildable(s, c):
            raise IllegalAction(f"{name} is not an empty land space outside the palace")
        if s.label[c] != label:
            raise IllegalAction(f"{name} is not in the district your Pilli stands in")
        self._pay(s, seat, level * self.c_level, f"a level-{level} temple")
        self._guard(s, seat, frozenset((c,)))
        return f"temple {name} {level}", (c, level)

    def _check_found(self, s: MexicaState, seat: int, args: list[str]
                     ) -> tuple[str, tuple[int, int, int]]:
        _need(args, 1, "found <space for the token>")
        c = self._cell(args[0])
        name = self.board.names[c]
        label = self._pilli_label(s, seat)
        if label < 0:
            raise IllegalAction("your Pilli must stand in the district it founds")
        if self._founded(s, label):
            raise IllegalAction("this district is already founded")
        size = len(s.dcells[label])
        if size not in s.display:
            raise IllegalAction(f"this district has {plural(size, 'space')} and no calpulli "
                                f"token of size {size} is available")
        if s.label[c] != label:
            raise IllegalAction(f"{name} is not in your Pilli's district")
        if not self._buildable(s, c):
            raise IllegalAction(f"the token must go on an empty land space outside the "
                                f"palace; {name} is not one")
        self._guard(s, seat, frozenset((c,)))
        return f"found {name}", (c, label, size)

    def _check_remove(self, s: MexicaState, seat: int, args: list[str]) -> tuple[str, int]:
        _need(args, 1, "remove <token size>")
        size = plain_number(args[0])
        if size is None:
            raise IllegalAction("name the token by its size, e.g. remove 6")
        if s.period != 2:
            raise IllegalAction("calpulli tokens can be removed only in the second period")
        if size not in s.display:
            raise IllegalAction(f"no size-{size} token is on display")
        if size in s.proposed:
            raise IllegalAction(f"you already proposed removing the size-{size} token this "
                                "turn")
        return f"remove {size}", size

    #: the play phase's verbs and their checks (the handlers' table is in actions.py)
    PLAY_CHECKS: ClassVar[dict[str, Check]] = {
        "end": _check_end, "take": _check_take, "spend": _check_spend,
        "canal": _check_canal, "bridge": _check_bridge, "relocate": _check_relocate,
        "move": _check_move, "boat": _check_boat, "teleport": _check_teleport,
        "temple": _check_temple, "found": _check_found, "remove": _check_remove,
    }
