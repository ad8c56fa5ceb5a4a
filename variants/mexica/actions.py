"""Carrying out a checked action: one handler per verb, and what follows an action.

A handler gets the plan its verb's check returned (``variants.mexica.checks``) and changes
the state without checking again; it returns the events the action caused. The verbs of
the play phase that put pieces on the table or change AP (``ACTIONS``) are "actions" in the
rulebook's sense: the dispatcher marks the turn as acted and then runs what follows any
action (the period-2 automatic removal of tokens, the end of the period coming into
sight). The others (``TURN_STEPS``) steer the turn and the vote and do all of it
themselves.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from game.core.events import Event
from game.i18n import Listing, Msg, Seat
from variants.mexica.describe import sentence
from variants.mexica.scoring import ScoringMixin
from variants.mexica.state import MexicaState, Vote
from variants.mexica.text import _


def turn_of(seat: int) -> Msg:
    """Whose turn begins, for the log: "Ana's turn" (the seat's own reader: "Your turn")."""
    return _("{player}'s turn", you="Your turn", player=Seat(seat))


#: verbs whose handlers tell the action in their own events (the rest are told by ``_do``)
SELF_TOLD = frozenset({"start", "found", "remove", "agree", "refuse"})
#: A handler: (rules, state, deciding seat, plan) -> the events.
Handler = Callable[["ActionsMixin", MexicaState, int, Any], list[Event]]


class ActionsMixin(ScoringMixin):
    """Part of MexicaRules: ``_do`` and the handler of each verb."""

    def _do(self, s: MexicaState, verb: str, plan: Any) -> list[Event]:
        """Carry out the checked action. Its first event tells it in words, with its cost
        (``variants.mexica.describe``), unless its handler tells it itself (a founding,
        a vote); the log shows that line instead of the notation."""
        seat = self.deciding(s)
        told = [] if verb in SELF_TOLD else [Event(verb, sentence(self, s, seat, verb, plan),
                                                   seat)]
        action = self.ACTIONS.get(verb)
        if action is None:
            return told + self.TURN_STEPS[verb](self, s, seat, plan)
        s.acted = True
        ev = told + action(self, s, seat, plan)
        ev.extend(self._after_action(s))
        return ev

    # -- actions (the dispatcher adds what follows each) ----------------------------------
    def _do_take(self, s: MexicaState, seat: int, plan: None) -> list[Event]:
        s.ap -= self.c_take
        s.taken += 1
        s.supply["ap_tokens"] -= 1
        s.ap_tokens[seat] += 1
        return []

    def _do_spend(self, s: MexicaState, seat: int, plan: None) -> list[Event]:
        s.ap_tokens[seat] -= 1
        s.supply["ap_tokens"] += 1
        s.ap += 1
        return []

    def _do_canal(self, s: MexicaState, seat: int, cells: tuple[int, ...]) -> list[Event]:
        s.ap -= self.c_canal
        s.supply["double" if len(cells) == 2 else "single"] -= 1
        self._lay_canal(s, cells)
        return []

    def _do_bridge(self, s: MexicaState, seat: int, plan: tuple[int, str]) -> list[Event]:
        c, axis = plan
        s.ap -= self.c_bridge
        s.supply["bridges"] -= 1
        s.bridges[c] = axis
        s.rebuild_ramps(self.board)
        return []

    def _do_relocate(self, s: MexicaState, seat: int, plan: tuple[int, int, str]
                     ) -> list[Event]:
        src, dst, axis = plan
        s.ap -= self.c_relocate
        del s.bridges[src]
        s.bridges[dst] = axis
        s.rebuild_ramps(self.board)
        return []

    def _do_move(self, s: MexicaState, seat: int, cell: int) -> list[Event]:
        s.ap -= self.c_step
        s.pilli[seat] = cell
        return []

    def _do_boat(self, s: MexicaState, seat: int, plan: tuple[int, int]) -> list[Event]:
        cell, cost = plan
        s.ap -= cost
        s.pilli[seat] = cell
        return []

    def _do_teleport(self, s: MexicaState, seat: int, cell: int) -> list[Event]:
        s.ap -= self.c_teleport
        s.pilli[seat] = cell
        return []

    def _do_temple(self, s: MexicaState, seat: int, plan: tuple[int, int]) -> list[Event]:
        c, level = plan
        s.ap -= level * self.c_level
        s.hands[seat].remove(level)
        s.temples[c] = (seat, level)
        return []

    def _do_found(self, s: MexicaState, seat: int, plan: tuple[int, int, int]) -> list[Event]:
        c, label, size = plan
        info = self.token_info[size]
        s.display.remove(size)
        s.tokens[c] = size
        names = self.board.names
        ev = [Event("founded", sentence(self, s, seat, "found", plan), seat,
                    data={"cell": names[c], "size": size,
                          "cells": [names[x] for x in sorted(s.dcells[label])]})]
        if self.award(s, seat, info["founder"]):
            ev.append(Event("score", _("{player} +{points} for founding",
                                       you="You +{points} for founding", player=Seat(seat),
                                       points=info["founder"]),
                            seat, info["founder"], {"reason": "founding"}))
        for other, p in enumerate(s.pilli):
            if other != seat and p is not None and not s.canal[p] and s.label[p] == label:
                if self.award(s, other, info["presence"]):
                    ev.append(Event("score", _(
                        "{player} +{points} for being present at the founding",
                        you="You +{points} for being present at the founding",
                        player=Seat(other), points=info["presence"]), other,
                        info["presence"], {"reason": "presence"}))
        return ev

    # -- steps of the turn and the vote ---------------------------------------------------
    def _do_start(self, s: MexicaState, seat: int, cell: int) -> list[Event]:
        s.pilli[seat] = cell
        ev = [Event("start", sentence(self, s, seat, "start", cell), seat)]
        if seat == self.players - 1:
            s.phase, s.turn, s.round = "play", 0, 1
            self._begin_turn(s)
            ev.append(Event("turn", turn_of(0), 0))
        else:
            s.turn = seat + 1
        return ev

    def _do_remove(self, s: MexicaState, seat: int, size: int) -> list[Event]:
        """Propose a removal: an action (it counts as acting), answered by a vote."""
        s.acted = True
        s.proposed.append(size)
        s.vote = Vote(size, seat)
        s.phase = "vote"
        return [Event("proposal", sentence(self, s, seat, "remove", size), seat,
                      data={"size": size})]

    def _do_refuse(self, s: MexicaState, seat: int, plan: None) -> list[Event]:
        size = self._vote(s).size
        told = sentence(self, s, seat, "refuse", plan)
        s.vote = None
        s.phase = "play"
        return [Event("vote", told, seat,
                      data={"size": size, "agreed": False})]

    def _do_agree(self, s: MexicaState, seat: int, plan: None) -> list[Event]:
        v = self._vote(s)
        size = v.size
        told = Event("vote", sentence(self, s, seat, "agree", plan), seat, data={"size": size})
        v.answers.append(seat)
        if len(v.answers) < self.players - 1:
            return [told]
        s.vote = None
        s.phase = "play"
        s.display.remove(size)
        s.removed.append(size)
        ev = [told, Event("token_removed", _("All agree: the size-{size} calpulli token is "
                                             "removed", size=size),
                          data={"size": size, "agreed": True})]
        ev.extend(self._after_action(s))
        return ev

    def _do_end(self, s: MexicaState, seat: int, plan: None) -> list[Event]:
        ev: list[Event] = []
        if s.acted:
            s.all_passed = False
        if s.turn == self.players - 1:
            if s.end_triggered or s.all_passed:
                if not s.end_triggered:
                    ev.append(Event("all_passed",
                                    _("A whole round passed without any action")))
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
        ev.append(Event("turn", turn_of(s.turn), s.turn))
        return ev

    #: verbs that are actions: the dispatcher marks the turn acted and follows them up
    ACTIONS: ClassVar[dict[str, Handler]] = {
        "take": _do_take, "spend": _do_spend, "canal": _do_canal, "bridge": _do_bridge,
        "relocate": _do_relocate, "move": _do_move, "boat": _do_boat,
        "teleport": _do_teleport, "temple": _do_temple, "found": _do_found,
    }
    #: verbs that steer the turn and the vote; their handlers do everything themselves
    TURN_STEPS: ClassVar[dict[str, Handler]] = {
        "start": _do_start, "remove": _do_remove, "agree": _do_agree,
        "refuse": _do_refuse, "end": _do_end,
    }

    # -- what changes the board's districts and the periods -------------------------------
    @staticmethod
    def _vote(s: MexicaState) -> Vote:
        assert s.vote is not None, "no vote is running"
        return s.vote

    def _lay_canal(self, s: MexicaState, cells: tuple[int, ...]) -> None:
        s.tiles.append(cells)
        s.cut(self.board, cells)

    def _after_action(self, s: MexicaState) -> list[Event]:
        ev: list[Event] = []
        if s.period == 2:
            ev.extend(self._auto_remove(s))
        if not s.end_triggered and not s.display and any(not h for h in s.hands):
            s.end_triggered = True
            ev.append(Event("period_end_triggered", _(
                "Period {period} ends after this round: the display is empty and a player "
                "has built every temple", period=s.period)))
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
                    ev.append(Event("token_removed", _.n(
                        "The size-{n} calpulli token is removed: no canal tiles are left "
                        "and no unfounded district has {n} space",
                        "The size-{n} calpulli token is removed: no canal tiles are left "
                        "and no unfounded district has {n} spaces", n=size),
                        data={"size": size}))
        return ev

    def _begin_turn(self, s: MexicaState) -> None:
        s.ap = self.ap_per_turn
        s.taken = 0
        s.acted = False
        s.proposed = []

    def _start_period_two(self, s: MexicaState) -> list[Event]:
        ev: list[Event] = []
        if s.display:
            # A round of passes can end period 1 before every token is used. The rulebooks
            # give such tokens no use in period 2, so they leave play (and stay counted).
            leftover = Listing(tuple(s.display), "comma")
            ev.append(Event("token_removed", _("Unused period-1 calpulli tokens leave play: "
                                               "{sizes}", sizes=leftover),
                            data={"sizes": list(s.display)}))
            s.removed.extend(s.display)
        s.period, s.round = 2, 1
        s.end_triggered = False
        s.display = sorted(s.hidden)
        s.hidden = []
        for seat in range(self.players):
            s.hands[seat] = sorted(s.hands[seat] + s.reserve[seat])
            s.reserve[seat] = []
        shown = Listing(tuple(s.display), "comma") if s.display else _("none",
                                                                         context="tokens")
        ev += [Event("period", _("Period 2 begins: the set-aside calpulli tokens are revealed "
                                 "({sizes}) and every player takes their remaining temples",
                                 sizes=shown), data={"display": list(s.display)},
                     barrier=True)]
        ev.extend(self._after_action(s))
        return ev
