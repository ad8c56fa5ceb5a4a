"""Mexica's rules: every action, the periods, the scorings and the end of the game.

The rules object is immutable after construction; all play data lives in a
:class:`MexicaState`. ``apply`` validates an action completely before it changes
anything, so an illegal action leaves the state exactly as it was. The same predicate
functions decide both ``legal_actions`` and ``apply``, which keeps the two in step.

Rule variants (the two-player neutral temples) override the hook methods
``setup_extra``, ``district_levels``, ``rank`` and ``award``; see ``variants.mexica.scoring``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from game.engine import GameType, Rules
from game.errors import ConfigIssue, IllegalAction
from game.events import Event
from game.notation import action_words
from game.rng import Rng, mix_seed
from game.schema import Context, Obj
from variants.mexica.ai import MexicaAIMixin
from variants.mexica.board import Board
from variants.mexica.checks import ChecksMixin
from variants.mexica.geometry import GeometryMixin
from variants.mexica.legal import LegalMixin
from variants.mexica.names import player_name
from variants.mexica.params import PARAMETERS, check_mexica_params
from variants.mexica.scoring import ScoringMixin
from variants.mexica.state import MexicaState


class MexicaRules(GeometryMixin, ChecksMixin, ScoringMixin, LegalMixin, MexicaAIMixin, Rules):
    engine_id: ClassVar[str] = "mexica"
    parameters: ClassVar[Obj] = PARAMETERS
    playout_limit: ClassVar[int] = 20_000
    #: the calpulli tokens are drawn at random and period 2's lie face down for everyone
    game_type: ClassVar[GameType] = GameType("imperfect", "seeded")

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

    def action_vocabulary(self) -> list[str]:
        from variants.mexica.vocabulary import vocabulary

        return vocabulary(self)

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

    def player_aid(self) -> dict[str, Any]:
        from variants.mexica.aid import player_aid

        return player_aid(self.params)

    def turn_seat(self, state: MexicaState) -> int | None:
        """During a removal vote the proposer still holds the turn."""
        return None if state.phase == "over" else state.turn

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
    # apply
    # =====================================================================================
    def device_panel(self, view: dict[str, Any], seat: int | None) -> dict[str, Any] | None:
        from variants.mexica.device import device_panel

        return device_panel(view, seat)

    def explain(self, view: MexicaState, seat: int, action: str,
                then: Sequence[str] = ()) -> str | None:
        from variants.mexica.explain import explain

        return explain(self, view, seat, [action, *then])

    def apply(self, state: MexicaState, action: str) -> tuple[str, list[Event]]:
        words = action_words(action)
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
                          "cells": [names[x] for x in sorted(s.dcells[label])]})]
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

    def _start_period_two(self, s: MexicaState) -> list[Event]:
        ev: list[Event] = []
        if s.display:
            # A round of passes can end period 1 before every token is used. The rulebooks
            # give such tokens no use in period 2, so they leave play (and stay counted).
            leftover = ", ".join(map(str, s.display))
            ev.append(Event("token_removed", f"Unused period-1 calpulli tokens leave play: "
                            f"{leftover}", data={"sizes": list(s.display)}))
            s.removed.extend(s.display)
        s.period, s.round = 2, 1
        s.end_triggered = False
        s.display = sorted(s.hidden)
        s.hidden = []
        for seat in range(self.players):
            s.hands[seat] = sorted(s.hands[seat] + s.reserve[seat])
            s.reserve[seat] = []
        ev += [Event("period", "Period 2 begins: the set-aside calpulli tokens are revealed "
                    f"({', '.join(map(str, s.display)) or 'none'}) and every player takes "
                    "their remaining temples", data={"display": list(s.display)},
                    barrier=True)]
        ev.extend(self._after_action(s))
        return ev

