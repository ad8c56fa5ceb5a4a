"""Mexica's rules: every action, the periods, the scorings and the end of the game.

The rules object is immutable after construction; all play data lives in a
:class:`MexicaState`. ``apply`` validates an action completely before it changes
anything, so an illegal action leaves the state exactly as it was. The same predicate
functions decide both ``legal_actions`` and ``apply``, which keeps the two in step.

Rule variants (the two-player neutral temples) override the hook methods
``setup_extra``, ``district_levels``, ``rank`` and ``award``; see ``variants.mexica.hooks``.
"""

from __future__ import annotations

from collections import deque
from typing import Any, ClassVar

from game.engine import Rules
from game.errors import ConfigIssue, IllegalAction
from game.events import Event
from game.rng import Rng, mix_seed
from game.schema import Context, Obj
from variants.mexica.board import Board
from variants.mexica.params import PARAMETERS, check_mexica_params
from variants.mexica.state import NEUTRAL, MexicaState

AXES = ("ns", "ew")


def player_name(seat: int) -> str:
    return "Neutral" if seat == NEUTRAL else f"Player {seat + 1}"


class MexicaRules(Rules):
    engine_id: ClassVar[str] = "mexica"
    parameters: ClassVar[Obj] = PARAMETERS
    playout_limit: ClassVar[int] = 20_000

    def __init__(self, params: dict[str, Any], players: int) -> None:
        super().__init__(params, players)
        self.board = Board(params["board"])
        costs = params["costs"]
        self.c_canal = costs["canal"]
        self.c_bridge = costs["bridge"]
        self.c_relocate = costs["relocate"]
        self.c_step = costs["step"]
        self.c_boat = costs["boat_per_bridge"]
        self.c_teleport = costs["teleport"]
        self.c_take = costs["take_token"]
        self.c_level = costs["temple_per_level"]
        self.take_limit = params["ap_token_take_limit"]
        self.ap_per_turn = params["ap_per_turn"]
        self.token_info: dict[int, dict[str, Any]] = {
            t["size"]: t for t in params["calpulli_tokens"]}
        self.palace_bonus = params["scoring"]["palace_bonus"]
        self.unfounded_places = params["scoring"]["unfounded_places"]
        self.protect_first_round = params["first_round_protection"]

    @classmethod
    def check_params(cls, params: dict[str, Any], ctx: Context) -> None:
        check_mexica_params(params, ctx)

    @classmethod
    def check_players(cls, params: dict[str, Any], players: int) -> list[ConfigIssue]:
        starts = "".join(params["board"]).count("S")
        if starts < players:
            return [ConfigIssue(None, "board", f"{players} players need {players} palace "
                                f"start spaces; this board has {starts}")]
        return []

    # =====================================================================================
    # setup
    # =====================================================================================
    def new_state(self, seed: int) -> MexicaState:
        p = self.params
        b = self.board
        s = MexicaState()
        rng = Rng(mix_seed(seed, "mexica"))
        n = self.players
        s.pilli = [None] * n
        s.hands = [sorted(p["temples"]["period1"]) for _ in range(n)]
        s.reserve = [sorted(p["temples"]["period2"]) for _ in range(n)]
        comps = p["components"]
        s.supply = {"single": comps["canal_single"], "double": comps["canal_double"],
                    "bridges": comps["bridges"], "ap_tokens": comps["ap_tokens"]}
        s.tiles = []
        for tile in b.precanal_tiles:
            s.tiles.append(tile)
            s.supply["double" if len(tile) == 2 else "single"] -= 1
        if p["calpulli"] is not None:
            s.display = sorted(p["calpulli"]["period1"])
            s.hidden = sorted(p["calpulli"]["period2"])
        else:
            box = [t["size"] for t in p["calpulli_tokens"] for _ in range(t["count"])]
            rng.shuffle(box)
            k = p["calpulli_draw"]
            s.display, s.hidden = sorted(box[:k]), sorted(box[k:])
        s.ap_tokens = [0] * n
        s.scores = [0] * n
        s.rebuild(b)
        self.setup_extra(s, rng)
        s.rng = rng.state
        s.phase = "start"
        s.turn = 0
        return s

    # -- hooks for rule variants ----------------------------------------------------------
    def setup_extra(self, state: MexicaState, rng: Rng) -> None:
        """Hook: extra setup before the starting placement (neutral temples)."""

    def district_levels(self, state: MexicaState, cells: list[int]) -> dict[int, int]:
        """Hook: spiritual grandeur per temple owner in a district (owners may be NEUTRAL)."""
        levels: dict[int, int] = {}
        temples = state.temples
        for c in cells:
            t = temples.get(c)
            if t is not None:
                levels[t[0]] = levels.get(t[0], 0) + t[1]
        return levels

    def rank(self, levels: dict[int, int]) -> list[tuple[int, int, int]]:
        """Hook: (owner, levels, place) with standard competition ranking; >0 levels only."""
        ranked = sorted(((o, v) for o, v in levels.items() if v > 0),
                        key=lambda ov: (-ov[1], ov[0] if ov[0] >= 0 else 99))
        out = []
        for owner, value in ranked:
            place = 1 + sum(1 for _, v in ranked if v > value)
            out.append((owner, value, place))
        return out

    def award(self, state: MexicaState, owner: int, points: int) -> bool:
        """Hook: give points to an owner; non-players (NEUTRAL) score nothing."""
        if owner < 0 or points <= 0:
            return False
        state.scores[owner] += points
        return True

    # =====================================================================================
    # protocol
    # =====================================================================================
    def current_player(self, state: MexicaState) -> int | None:
        if state.phase == "over":
            return None
        if state.phase == "vote":
            v = state.vote
            return (v["proposer"] + 1 + len(v["answers"])) % self.players
        return state.turn

    def is_over(self, state: MexicaState) -> bool:
        return state.phase == "over"

    def scores(self, state: MexicaState) -> list[int]:
        return list(state.scores)

    def winners(self, state: MexicaState) -> list[int]:
        return list(state.winners)

    def to_dict(self, state: MexicaState) -> dict[str, Any]:
        return state.to_dict(self.board)

    def from_dict(self, data: dict[str, Any]) -> MexicaState:
        if not isinstance(data, dict):
            raise TypeError("state must be a mapping")
        return MexicaState.from_dict(data, self.board, self.players)

    def clone(self, state: MexicaState) -> MexicaState:
        return state.copy()

    def view(self, state: MexicaState, seat: int | None) -> dict[str, Any]:
        data = self.to_dict(state)
        data.pop("rng")
        data["hidden"] = {"hidden": len(state.hidden)}  # period-2 tokens lie face down
        return data

    # =====================================================================================
    # geometry helpers
    # =====================================================================================
    def _occupied(self, s: MexicaState, c: int) -> bool:
        return c in s.temples or c in s.tokens or c in s.pilli

    def _walkable(self, s: MexicaState, c: int) -> bool:
        """Empty land or palace space."""
        return (c not in self.board.lake and not s.canal[c] and c not in s.temples
                and c not in s.tokens and c not in s.pilli)

    def _buildable(self, s: MexicaState, c: int) -> bool:
        """Empty land space that is not palace (temples, calpulli tokens)."""
        return (c in self.board.building_land and not s.canal[c] and c not in s.temples
                and c not in s.tokens and c not in s.pilli)

    def _founded(self, s: MexicaState, label: int) -> bool:
        tokens = s.tokens
        return any(c in tokens for c in s.dcells[label])

    def _canal_ok(self, s: MexicaState, c: int) -> str | None:
        b = self.board
        if c in b.lake:
            return "canals cannot go on the lake"
        if s.canal[c]:
            return "there is already a canal there"
        if c in b.palace:
            return "nothing may be built on the Emperor's palace"
        if c in s.temples:
            return "a temple stands there"
        if c in s.tokens:
            return "a calpulli token lies there"
        if c in s.pilli:
            return "a Pilli stands there"
        if c in s.ramps:
            return "that space holds up a bridge"
        if self._founded(s, s.label[c]):
            return "that district is already founded"
        return None

    def _bridge_ok(self, s: MexicaState, c: int, axis: str,
                   ignore: int | None = None) -> str | None:
        b = self.board
        if c < 0 or not s.canal[c]:
            return "bridges go on canal tiles"
        if c in s.bridges and c != ignore:
            return "there is already a bridge there"
        for r in b.ramps(c, axis):
            if r < 0 or r in b.lake or s.canal[r]:
                return (f"a {axis} bridge there would end in water; both ends must be on "
                        "land")
        return None

    def _foot_targets(self, s: MexicaState, p: int, blocked: frozenset[int] = frozenset(),
                      freed: int | None = None, removed_bridge: int | None = None,
                      added_bridge: tuple[int, str] | None = None) -> list[int]:
        """Where a Pilli on ``p`` can step; the overlay arguments model a pending action."""
        b = self.board
        bridges = s.bridges
        if removed_bridge is not None or added_bridge is not None:
            bridges = dict(bridges)
            bridges.pop(removed_bridge, None)
            if added_bridge is not None:
                bridges[added_bridge[0]] = added_bridge[1]

        def empty(c: int) -> bool:
            if c in blocked:
                return False
            if c == freed:
                return c not in s.temples and c not in s.tokens
            return c not in s.temples and c not in s.tokens and c not in s.pilli

        out = []
        if s.canal[p]:  # standing on a bridge
            axis = bridges.get(p)
            if axis is None:
                return out
            for r in b.ramps(p, axis):
                if r >= 0 and not s.canal[r] and r not in b.lake and empty(r):
                    out.append(r)
            return out
        for q in b.nbrs[p]:
            if q in b.lake:
                continue
            if s.canal[q]:
                axis = bridges.get(q)
                if axis is not None and b.step_axis(p, q) == axis and empty(q):
                    out.append(q)
            elif empty(q):
                out.append(q)
        return out

    def _boat_costs(self, s: MexicaState, start: int) -> dict[int, int]:
        """Cheapest AP to every bridge: each bridge reached, passed or stopped at, costs 1."""
        b = self.board
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
        return {c: d * self.c_boat for c, d in dist.items() if c in bridges and c != start}

    # =====================================================================================
    # legality
    # =====================================================================================
    def _first_round(self, s: MexicaState) -> bool:
        return self.protect_first_round and s.period == 1 and s.round == 1

    def _pens(self, s: MexicaState, seat: int, blocked: frozenset[int],
              freed: int | None = None, removed_bridge: int | None = None,
              added_bridge: tuple[int, str] | None = None) -> str | None:
        """First round: would this action leave another Pilli with no foot move at all?"""
        for other, p in enumerate(s.pilli):
            if other == seat or p is None:
                continue
            if not self._foot_targets(s, p):
                continue  # already stuck: this action does not cause it
            if not self._foot_targets(s, p, blocked, freed, removed_bridge, added_bridge):
                return (f"in the first round you may not leave {player_name(other)}'s "
                        "Pilli without a move")
        return None

    def _near_others(self, s: MexicaState, seat: int) -> set[int]:
        near: set[int] = set()
        for other, p in enumerate(s.pilli):
            if other != seat and p is not None:
                near.add(p)
                near.update(self.board.nbrs[p])
        return near

    def _pilli_label(self, s: MexicaState, seat: int) -> int:
        p = s.pilli[seat]
        if p is None or s.canal[p]:
            return -1
        return s.label[p]

    def _check(self, s: MexicaState, verb: str, args: list[str]) -> tuple[str, Any]:
        """Validate one action; return its canonical text and a plan for ``_do``."""
        b = self.board
        seat = self.current_player(s)
        names = b.names

        def cell(text: str) -> int:
            c = b.index.get(text)
            if c is None:
                raise IllegalAction(f"{text!r} is not a space on this board")
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
            if src == dst and s.bridges[src] == axis:
                raise IllegalAction("the bridge is already there")
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
            try:
                level = int(args[1])
            except ValueError:
                raise IllegalAction("the temple level is a number, e.g. temple c2 3") from None
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
            try:
                size = int(args[0])
            except ValueError:
                raise IllegalAction("name the token by its size, e.g. remove 6") from None
            if s.period != 2:
                raise IllegalAction("calpulli tokens can be removed only in the second period")
            if size not in s.display:
                raise IllegalAction(f"no size-{size} token is on display")
            if size in s.proposed:
                raise IllegalAction(f"you already proposed removing the size-{size} token "
                                    "this turn")
            return f"remove {size}", size
        raise IllegalAction(f"unknown action {verb!r}; actions are: start, canal, bridge, "
                            "relocate, move, boat, teleport, temple, found, take, spend, "
                            "remove, agree, refuse, end")

    # =====================================================================================
    # apply
    # =====================================================================================
    def apply(self, state: MexicaState, action: str) -> tuple[str, list[Event]]:
        words = action.lower().split()
        if not words:
            raise IllegalAction("empty action")
        canonical, plan = self._check(state, words[0], words[1:])
        events = self._do(state, words[0], plan)
        return canonical, events

    def _do(self, s: MexicaState, verb: str, plan: Any) -> list[Event]:
        b = self.board
        seat = self.current_player(s)
        who = player_name(seat)
        ev: list[Event] = []
        if verb == "start":
            s.pilli[seat] = plan
            ev.append(Event("start", f"{who} starts on {b.names[plan]}", seat))
            if seat == self.players - 1:
                s.phase, s.turn, s.round = "play", 0, 1
                self._begin_turn(s)
                ev.append(Event("turn", f"{player_name(0)}'s turn", 0))
            else:
                s.turn = seat + 1
            return ev
        if verb in ("agree", "refuse"):
            return self._answer(s, seat, verb)
        if verb == "end":
            return self._end_turn(s)
        s.acted = True
        if verb == "take":
            s.ap -= self.c_take
            s.taken += 1
            s.supply["ap_tokens"] -= 1
            s.ap_tokens[seat] += 1
        elif verb == "spend":
            s.ap_tokens[seat] -= 1
            s.supply["ap_tokens"] += 1
            s.ap += 1
        elif verb == "canal":
            s.ap -= self.c_canal
            s.supply["double" if len(plan) == 2 else "single"] -= 1
            self._lay_canal(s, plan)
        elif verb == "bridge":
            c, axis = plan
            s.ap -= self.c_bridge
            s.supply["bridges"] -= 1
            s.bridges[c] = axis
            s.rebuild_ramps(b)
        elif verb == "relocate":
            src, dst, axis = plan
            s.ap -= self.c_relocate
            del s.bridges[src]
            s.bridges[dst] = axis
            s.rebuild_ramps(b)
        elif verb == "move":
            s.ap -= self.c_step
            s.pilli[seat] = plan
        elif verb == "boat":
            c, cost = plan
            s.ap -= cost
            s.pilli[seat] = c
        elif verb == "teleport":
            s.ap -= self.c_teleport
            s.pilli[seat] = plan
        elif verb == "temple":
            c, level = plan
            s.ap -= level * self.c_level
            s.hands[seat].remove(level)
            s.temples[c] = (seat, level)
        elif verb == "found":
            ev.extend(self._found(s, seat, *plan))
        elif verb == "remove":
            s.proposed.append(plan)
            s.vote = {"size": plan, "proposer": seat, "answers": []}
            s.phase = "vote"
            ev.append(Event("proposal", f"{who} proposes removing the size-{plan} calpulli "
                            "token; every other player must agree", seat, data={"size": plan}))
            return ev
        ev.extend(self._after_action(s))
        return ev

    def _lay_canal(self, s: MexicaState, cells: tuple[int, ...]) -> None:
        b = self.board
        s.tiles.append(cells)
        old = s.label[cells[0]]
        members = s.dcells.pop(old)
        for c in cells:
            s.canal[c] = 1
        for c in members:
            s.label[c] = -1
        for c in members:
            if s.label[c] < 0 and not s.canal[c]:
                s.flood(b, c, c)

    def _found(self, s: MexicaState, seat: int, c: int, label: int, size: int) -> list[Event]:
        info = self.token_info[size]
        s.display.remove(size)
        s.tokens[c] = size
        names = self.board.names
        ev = [Event("founded", f"{player_name(seat)} founds a {size}-space district with "
                    f"the token on {names[c]}", seat,
                    data={"cell": names[c], "size": size,
                          "cells": [names[x] for x in s.dcells[label]]})]
        if self.award(s, seat, info["founder"]):
            ev.append(Event("score", f"{player_name(seat)} +{info['founder']} for founding",
                            seat, info["founder"], {"reason": "founding"}))
        for other, p in enumerate(s.pilli):
            if other != seat and p is not None and not s.canal[p] and s.label[p] == label:
                if self.award(s, other, info["presence"]):
                    ev.append(Event("score", f"{player_name(other)} +{info['presence']} "
                                    "for being present at the founding", other,
                                    info["presence"], {"reason": "presence"}))
        return ev

    def _after_action(self, s: MexicaState) -> list[Event]:
        ev: list[Event] = []
        if s.period == 2:
            ev.extend(self._auto_remove(s))
        if not s.end_triggered and not s.display and any(not h for h in s.hands):
            s.end_triggered = True
            ev.append(Event("period_end_triggered", f"Period {s.period} ends after this "
                            "round: the display is empty and a player has built every temple"))
        return ev

    def _auto_remove(self, s: MexicaState) -> list[Event]:
        """Period 2: a token that provably cannot be founded leaves without a vote."""
        if s.supply["single"] or s.supply["double"] or not s.display:
            return []
        open_sizes = {len(cells) for label, cells in s.dcells.items()
                      if not self._founded(s, label)}
        ev = []
        for size in sorted(set(s.display)):
            if size not in open_sizes:
                while size in s.display:
                    s.display.remove(size)
                    s.removed.append(size)
                    ev.append(Event("token_removed", f"The size-{size} calpulli token is "
                                    "removed: no canal tiles are left and no unfounded "
                                    f"district has {size} spaces", data={"size": size}))
        return ev

    def _answer(self, s: MexicaState, seat: int, verb: str) -> list[Event]:
        v = s.vote
        size = v["size"]
        if verb == "refuse":
            s.vote = None
            s.phase = "play"
            return [Event("vote", f"{player_name(seat)} refuses: the size-{size} token stays",
                          seat, data={"size": size, "agreed": False})]
        v["answers"].append(seat)
        if len(v["answers"]) < self.players - 1:
            return [Event("vote", f"{player_name(seat)} agrees", seat, data={"size": size})]
        s.vote = None
        s.phase = "play"
        s.display.remove(size)
        s.removed.append(size)
        ev = [Event("token_removed", f"All agree: the size-{size} calpulli token is removed",
                    data={"size": size, "agreed": True})]
        ev.extend(self._after_action(s))
        return ev

    def _begin_turn(self, s: MexicaState) -> None:
        s.ap = self.ap_per_turn
        s.taken = 0
        s.acted = False
        s.proposed = []

    def _end_turn(self, s: MexicaState) -> list[Event]:
        ev: list[Event] = []
        if s.acted:
            s.all_passed = False
        if s.turn == self.players - 1:
            if s.end_triggered or s.all_passed:
                if not s.end_triggered:
                    ev.append(Event("all_passed", "A whole round passed without any action"))
                ev.extend(self._score_period(s))
                if s.period == 1:
                    ev.extend(self._start_period_two(s))
                else:
                    ev.extend(self._finish(s))
                    return ev
            else:
                s.round += 1
            s.all_passed = True
        s.turn = (s.turn + 1) % self.players
        self._begin_turn(s)
        ev.append(Event("turn", f"{player_name(s.turn)}'s turn", s.turn))
        return ev

    def _score_period(self, s: MexicaState) -> list[Event]:
        names = self.board.names
        ev = [Event("scoring", f"Scoring of period {s.period}", data={"period": s.period})]
        for label in sorted(s.dcells, key=lambda lab: min(s.dcells[lab])):
            cells = s.dcells[label]
            token_cell = next((c for c in cells if c in s.tokens), None)
            if token_cell is None and s.period < 2:
                continue
            size = len(cells)
            if token_cell is not None:
                points = list(self.token_info[s.tokens[token_cell]]["places"])
            else:
                points = []
                value = size
                for _ in range(self.unfounded_places):
                    points.append(value)
                    value = (value + 1) // 2
            levels = self.district_levels(s, cells)
            ranking = self.rank(levels)
            if not ranking:
                continue
            places = []
            for owner, value, place in ranking:
                pts = points[place - 1] if place <= len(points) else 0
                places.append({"owner": owner, "levels": value, "place": place,
                               "points": pts if owner >= 0 else 0})
            kind = "Founded" if token_cell is not None else "Unfounded"
            ev.append(Event("district_scored", f"{kind} district of {size} spaces", data={
                                "cells": [names[c] for c in cells], "size": size,
                                "founded": token_cell is not None, "places": places}))
            for owner, value, place in ranking:
                pts = points[place - 1] if place <= len(points) else 0
                if self.award(s, owner, pts):
                    ev.append(Event("score", f"{player_name(owner)} +{pts}: place {place} "
                                    f"with {value} levels in the {size}-space district",
                                    owner, pts, {"reason": "district", "place": place}))
        for seat, p in enumerate(s.pilli):
            if p in self.board.starts and self.award(s, seat, self.palace_bonus):
                ev.append(Event("score", f"{player_name(seat)} +{self.palace_bonus} for "
                                "standing on a palace start space", seat, self.palace_bonus,
                                {"reason": "palace"}))
        return ev

    def _start_period_two(self, s: MexicaState) -> list[Event]:
        s.period, s.round = 2, 1
        s.end_triggered = False
        s.display = sorted(s.hidden)
        s.hidden = []
        for seat in range(self.players):
            s.hands[seat] = sorted(s.hands[seat] + s.reserve[seat])
            s.reserve[seat] = []
        ev = [Event("period", "Period 2 begins: the set-aside calpulli tokens are revealed "
                    f"({', '.join(map(str, s.display)) or 'none'}) and every player takes "
                    "their remaining temples", data={"display": list(s.display)},
                    barrier=True)]
        ev.extend(self._after_action(s))
        return ev

    def _finish(self, s: MexicaState) -> list[Event]:
        s.phase = "over"
        best = max(s.scores)
        tied = [i for i, v in enumerate(s.scores) if v == best]
        most = max(s.ap_tokens[i] for i in tied)
        s.winners = [i for i in tied if s.ap_tokens[i] == most]
        text = " and ".join(player_name(w) for w in s.winners)
        return [Event("game_over", f"Game over: {text} win{'s' if len(s.winners) == 1 else ''}"
                      f" with {best} prestige", data={"winners": list(s.winners),
                                                     "scores": list(s.scores)})]

    # =====================================================================================
    # legal actions
    # =====================================================================================
    def legal_actions(self, state: MexicaState) -> list[str]:
        s = state
        if s.phase == "over":
            return []
        if s.phase == "vote":
            return ["agree", "refuse"]
        names = self.board.names
        if s.phase == "start":
            return [f"start {names[c]}" for c in self.board.starts if c not in s.pilli]
        out = ["end"]
        for gen in (self._gen_tokens, self._gen_found, self._gen_temple, self._gen_move,
                    self._gen_boat, self._gen_teleport, self._gen_canal, self._gen_bridge,
                    self._gen_relocate, self._gen_remove):
            out.extend(gen(s))
        return out

    def _filter(self, s: MexicaState, items: list[tuple[str, frozenset[int], dict]]
                ) -> list[str]:
        """Drop actions the first-round rule forbids; others pass unchecked."""
        if not self._first_round(s):
            return [a for a, _, _ in items]
        seat = s.turn
        near = self._near_others(s, seat)
        out = []
        for action, blocked, kw in items:
            if (blocked & near or "removed_bridge" in kw) and self._pens(s, seat, blocked,
                                                                            **kw):
                continue
            out.append(action)
        return out

    def _gen_tokens(self, s: MexicaState) -> list[str]:
        out = []
        seat = s.turn
        if (s.taken < self.take_limit and s.supply["ap_tokens"] > 0
                and s.ap >= self.c_take):
            out.append("take")
        if s.ap_tokens[seat] > 0:
            out.append("spend")
        return out

    def _gen_remove(self, s: MexicaState) -> list[str]:
        if s.period != 2:
            return []
        return [f"remove {size}" for size in sorted(set(s.display)) if size not in s.proposed]

    def _gen_found(self, s: MexicaState) -> list[str]:
        label = self._pilli_label(s, s.turn)
        if label < 0 or self._founded(s, label):
            return []
        cells = s.dcells[label]
        if len(cells) not in s.display:
            return []
        names = self.board.names
        items = [(f"found {names[c]}", frozenset((c,)), {})
                 for c in sorted(cells) if self._buildable(s, c)]
        return self._filter(s, items)

    def _gen_temple(self, s: MexicaState) -> list[str]:
        label = self._pilli_label(s, s.turn)
        if label < 0:
            return []
        levels = sorted({lv for lv in s.hands[s.turn] if lv * self.c_level <= s.ap})
        if not levels:
            return []
        names = self.board.names
        items = []
        for c in sorted(s.dcells[label]):
            if self._buildable(s, c):
                blocked = frozenset((c,))
                for lv in levels:
                    items.append((f"temple {names[c]} {lv}", blocked, {}))
        return self._filter(s, items)

    def _gen_move(self, s: MexicaState) -> list[str]:
        me = s.pilli[s.turn]
        if me is None or s.ap < self.c_step:
            return []
        names = self.board.names
        items = [(f"move {names[c]}", frozenset((c,)), {"freed": me})
                 for c in sorted(self._foot_targets(s, me))]
        return self._filter(s, items)

    def _gen_boat(self, s: MexicaState) -> list[str]:
        me = s.pilli[s.turn]
        if me is None or me not in s.bridges:
            return []
        names = self.board.names
        items = [(f"boat {names[c]}", frozenset((c,)), {"freed": me})
                 for c, cost in sorted(self._boat_costs(s, me).items())
                 if cost <= s.ap and c not in s.pilli]
        return self._filter(s, items)

    def _gen_teleport(self, s: MexicaState) -> list[str]:
        if s.ap < self.c_teleport:
            return []
        me = s.pilli[s.turn]
        names = self.board.names
        items = [(f"teleport {names[c]}", frozenset((c,)), {"freed": me})
                 for c in self.board.island
                 if self._walkable(s, c) or (c in s.bridges and c not in s.pilli)]
        return self._filter(s, items)

    def _canal_cells(self, s: MexicaState) -> list[int]:
        b = self.board
        founded = {s.label[c] for c in s.tokens}
        canal, temples, tokens, pilli, ramps, label = (s.canal, s.temples, s.tokens, s.pilli,
                                                       s.ramps, s.label)
        return [c for c in b.building_land
                if not canal[c] and c not in temples and c not in tokens and c not in pilli
                and c not in ramps and label[c] not in founded]

    def _gen_canal(self, s: MexicaState) -> list[str]:
        if s.ap < self.c_canal:
            return []
        singles, doubles = s.supply["single"] > 0, s.supply["double"] > 0
        if not (singles or doubles):
            return []
        b = self.board
        names = b.names
        ok = self._canal_cells(s)
        okset = set(ok)
        items = []
        for c in sorted(ok):
            if singles:
                items.append((f"canal {names[c]}", frozenset((c,)), {}))
            if doubles:
                for d in (b.east[c], b.south[c]):
                    if d in okset:
                        items.append((f"canal {names[c]} {names[d]}", frozenset((c, d)), {}))
        return self._filter(s, items)

    def _gen_bridge(self, s: MexicaState) -> list[str]:
        if s.supply["bridges"] <= 0 or s.ap < self.c_bridge:
            return []
        names = self.board.names
        out = []
        for c in self._canal_list(s):
            for axis in AXES:
                if self._bridge_ok(s, c, axis) is None:
                    out.append(f"bridge {names[c]} {axis}")
        return out  # bridges only add moves: the first-round rule never forbids one

    def _canal_list(self, s: MexicaState) -> list[int]:
        return sorted(c for t in s.tiles for c in t)

    def _gen_relocate(self, s: MexicaState) -> list[str]:
        if s.supply["bridges"] > 0 or s.ap < self.c_relocate or not s.bridges:
            return []
        names = self.board.names
        items = []
        canals = self._canal_list(s)
        for src in sorted(s.bridges):
            if src in s.pilli:
                continue
            saved = s.bridges.pop(src)
            try:
                for dst in canals:
                    for axis in AXES:
                        if (src == dst and axis == saved) or self._bridge_ok(s, dst, axis):
                            continue
                        items.append((f"relocate {names[src]} {names[dst]} {axis}",
                                      frozenset(), {"removed_bridge": src,
                                                    "added_bridge": (dst, axis)}))
            finally:
                s.bridges[src] = saved
        return self._filter(s, items)

    # =====================================================================================
    # random playouts
    # =====================================================================================
    #: relative weights of action kinds in the playout policy (not rules, just a policy)
    PLAYOUT_WEIGHTS: ClassVar[tuple[tuple[str, float], ...]] = (
        ("found", 1000.0), ("temple", 6.0), ("canal", 4.0), ("move", 4.0), ("bridge", 1.0),
        ("boat", 1.0), ("tokens", 1.0), ("end", 1.5), ("teleport", 0.3), ("relocate", 0.3),
        ("remove", 0.3),
    )

    def playout_action(self, state: MexicaState, rng: Rng) -> str:
        """Pick a kind of action by weight, then a legal action of that kind.

        Generating only one kind keeps playouts cheap; passing after ``playout_rounds``
        rounds in a period makes every playout end (a whole round of passes scores).
        """
        s = state
        if s.phase != "play":
            return rng.choice(self.legal_actions(s))
        if s.round > self.params["playout_rounds"]:
            return "end"
        gens = {"found": self._gen_found, "temple": self._gen_temple, "canal": self._gen_canal,
                "move": self._gen_move, "bridge": self._gen_bridge, "boat": self._gen_boat,
                "tokens": self._gen_tokens, "end": lambda _s: ["end"],
                "teleport": self._gen_teleport, "relocate": self._gen_relocate,
                "remove": self._gen_remove}
        kinds = list(self.PLAYOUT_WEIGHTS)
        while kinds:
            total = sum(w for _, w in kinds)
            pick = rng.random() * total
            for i, (kind, w) in enumerate(kinds):
                pick -= w
                if pick < 0 or i == len(kinds) - 1:
                    break
            options = gens[kind](s)
            if options:
                return rng.choice(options)
            kinds.pop(i)
        return "end"
