"""Validation of one action, before anything changes.

``_check`` returns the canonical text and a plan; ``MexicaRules._do`` carries it out. A
refusal raises IllegalAction with a reason a player understands.
"""

from __future__ import annotations

from typing import Any

from game.errors import IllegalAction, quote
from game.notation import plain_number
from variants.mexica.names import AXES, player_name
from variants.mexica.state import MexicaState


class ChecksMixin:
    """Part of MexicaRules; relies on its attributes (board, costs, players)."""

    def _check(self, s: MexicaState, verb: str, args: list[str]) -> tuple[str, Any]:
        """Validate one action; return its canonical text and a plan for ``_do``."""
        b = self.board
        seat = self.current_player(s)
        names = b.names

        def cell(text: str) -> int:
            c = b.index.get(text)
            if c is None:
                raise IllegalAction(f"{quote(text)} is not a space on this board")
            return c

        def need(n: int, usage: str) -> None:
            if len(args) != n:
                raise IllegalAction(f"write it as: {usage}")

        def pay(cost: int, what: str) -> None:
            if cost > s.ap:
                raise IllegalAction(f"{what} costs {cost} AP and you have {s.ap} left"
                                    + (" (spend an AP token first)"
                                       if s.ap_tokens[seat] else ""))

        def guard(blocked: frozenset[int], **kw: Any) -> None:
            if self._first_round(s):
                why = self._pens(s, seat, blocked, **kw)
                if why:
                    raise IllegalAction(why)

        if s.phase == "over":
            raise IllegalAction("the game is over")
        if s.phase == "vote":
            if verb in ("agree", "refuse") and not args:
                return verb, None
            raise IllegalAction(f"{player_name(seat)} must answer the proposal to remove the "
                                f"size-{s.vote['size']} calpulli token: agree or refuse")
        if s.phase == "start":
            if verb != "start":
                raise IllegalAction("first place your Pilli on a palace start space: "
                                    "start <space>")
            need(1, "start <space>, e.g. start h7")
            c = cell(args[0])
            if c not in b.starts:
                raise IllegalAction(f"{args[0]} is not a palace start space")
            if c in s.pilli:
                raise IllegalAction(f"another Pilli already stands on {args[0]}")
            return f"start {names[c]}", c

        # --- play phase ------------------------------------------------------------------
        me = s.pilli[seat]
        if verb == "end":
            need(0, "end")
            return "end", None
        if verb == "take":
            need(0, "take")
            if s.taken >= self.take_limit:
                raise IllegalAction(f"you may take at most {self.take_limit} AP tokens a turn")
            if s.supply["ap_tokens"] <= 0:
                raise IllegalAction("the supply has no AP tokens left")
            pay(self.c_take, "taking an AP token")
            return "take", None
        if verb == "spend":
            need(0, "spend")
            if s.ap_tokens[seat] <= 0:
                raise IllegalAction("you have no AP tokens to spend")
            return "spend", None
        if verb == "canal":
            if len(args) not in (1, 2):
                raise IllegalAction("write it as: canal <space> or canal <space> <space>")
            cells = sorted(cell(a) for a in args)
            if len(cells) == 2:
                if cells[1] not in (b.east[cells[0]], b.south[cells[0]]):
                    raise IllegalAction("a double canal covers two orthogonally adjacent "
                                        "spaces")
                if s.supply["double"] <= 0:
                    raise IllegalAction("no double canal tiles are left")
            elif s.supply["single"] <= 0:
                raise IllegalAction("no single canal tiles are left")
            for c in cells:
                why = self._canal_ok(s, c)
                if why:
                    raise IllegalAction(f"no canal on {names[c]}: {why}")
            pay(self.c_canal, "a canal")
            guard(frozenset(cells))
            return "canal " + " ".join(names[c] for c in cells), tuple(cells)
        if verb == "bridge":
            need(2, "bridge <space> ns|ew")
            c, axis = cell(args[0]), args[1]
            if axis not in AXES:
                raise IllegalAction("the bridge axis is ns (north-south) or ew (east-west)")
            if s.supply["bridges"] <= 0:
                raise IllegalAction("no bridges are left in the supply; relocate one instead")
            why = self._bridge_ok(s, c, axis)
            if why:
                raise IllegalAction(f"no bridge on {names[c]}: {why}")
            pay(self.c_bridge, "a bridge")
            return f"bridge {names[c]} {axis}", (c, axis)
        if verb == "relocate":
            need(3, "relocate <from> <to> ns|ew")
            src, dst, axis = cell(args[0]), cell(args[1]), args[2]
            if axis not in AXES:
                raise IllegalAction("the bridge axis is ns (north-south) or ew (east-west)")
            if src not in s.bridges:
                raise IllegalAction(f"there is no bridge on {names[src]}")
            if s.supply["bridges"] > 0:
                raise IllegalAction("bridges may be relocated only once the supply has none")
            if src in s.pilli:
                raise IllegalAction("a Pilli stands on that bridge")
            if src == dst:
                raise IllegalAction("a relocated bridge must go to another canal space; "
                                    "turning it round where it stands is no relocation")
            saved = s.bridges.pop(src)
            try:
                why = self._bridge_ok(s, dst, axis)
            finally:
                s.bridges[src] = saved
            if why:
                raise IllegalAction(f"no bridge on {names[dst]}: {why}")
            pay(self.c_relocate, "relocating a bridge")
            guard(frozenset(), removed_bridge=src, added_bridge=(dst, axis))
            return f"relocate {names[src]} {names[dst]} {axis}", (src, dst, axis)
        if verb == "move":
            need(1, "move <space>")
            c = cell(args[0])
            if me is None or c not in self._foot_targets(s, me):
                raise IllegalAction(f"your Pilli cannot step onto {names[c]}: steps go to an "
                                    "adjacent empty space, or onto and off a bridge by its "
                                    "ends")
            pay(self.c_step, "a step")
            guard(frozenset((c,)), freed=me)
            return f"move {names[c]}", c
        if verb == "boat":
            need(1, "boat <bridge>")
            c = cell(args[0])
            if me is None or me not in s.bridges:
                raise IllegalAction("a boat trip starts from a bridge your Pilli stands on")
            if c not in s.bridges:
                raise IllegalAction(f"there is no bridge on {names[c]}")
            if c in s.pilli:
                raise IllegalAction(f"a Pilli already stands on the bridge at {names[c]}")
            cost = self._boat_costs(s, me).get(c)
            if cost is None:
                raise IllegalAction(f"no water route links your bridge to {names[c]}")
            pay(cost, "that boat trip")
            guard(frozenset((c,)), freed=me)
            return f"boat {names[c]}", (c, cost)
        if verb == "teleport":
            need(1, "teleport <space>")
            c = cell(args[0])
            if not (self._walkable(s, c) or (c in s.bridges and c not in s.pilli)):
                raise IllegalAction(f"{names[c]} is not an empty land space or empty bridge")
            pay(self.c_teleport, "teleporting")
            guard(frozenset((c,)), freed=me)
            return f"teleport {names[c]}", c
        if verb == "temple":
            need(2, "temple <space> <level>")
            c = cell(args[0])
            level = plain_number(args[1])
            if level is None:
                raise IllegalAction("the temple level is a number, e.g. temple c2 3")
            if level not in s.hands[seat]:
                raise IllegalAction(f"you have no level-{level} temple left")
            label = self._pilli_label(s, seat)
            if label < 0:
                raise IllegalAction("your Pilli must stand in a district (not on a bridge) "
                                    "to build a temple")
            if not self._buildable(s, c):
                raise IllegalAction(f"{names[c]} is not an empty land space outside the "
                                    "palace")
            if s.label[c] != label:
                raise IllegalAction(f"{names[c]} is not in the district your Pilli stands in")
            pay(level * self.c_level, f"a level-{level} temple")
            guard(frozenset((c,)))
            return f"temple {names[c]} {level}", (c, level)
        if verb == "found":
            need(1, "found <space for the token>")
            c = cell(args[0])
            label = self._pilli_label(s, seat)
            if label < 0:
                raise IllegalAction("your Pilli must stand in the district it founds")
            if self._founded(s, label):
                raise IllegalAction("this district is already founded")
            size = len(s.dcells[label])
            if size not in s.display:
                raise IllegalAction(f"this district has {size} spaces and no calpulli token "
                                    f"of size {size} is available")
            if s.label[c] != label:
                raise IllegalAction(f"{names[c]} is not in your Pilli's district")
            if not self._buildable(s, c):
                raise IllegalAction(f"the token must go on an empty land space outside the "
                                    f"palace; {names[c]} is not one")
            guard(frozenset((c,)))
            return f"found {names[c]}", (c, label, size)
        if verb == "remove":
            need(1, "remove <token size>")
            size = plain_number(args[0])
            if size is None:
                raise IllegalAction("name the token by its size, e.g. remove 6")
            if s.period != 2:
                raise IllegalAction("calpulli tokens can be removed only in the second period")
            if size not in s.display:
                raise IllegalAction(f"no size-{size} token is on display")
            if size in s.proposed:
                raise IllegalAction(f"you already proposed removing the size-{size} token "
                                    "this turn")
            return f"remove {size}", size
        raise IllegalAction(f"unknown action {quote(verb)}; actions are: start, canal, bridge, "
                            "relocate, move, boat, teleport, temple, found, take, spend, "
                            "remove, agree, refuse, end")
