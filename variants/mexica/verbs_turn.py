"""The verbs that steer the turn and the vote: ``take`` and ``spend`` an AP token,
``end`` the turn, ``agree`` or ``refuse`` a proposed removal; and what follows them:
the next turn, the end of a period, the period-2 removals that need no vote.

Each verb has a check (a refusal, or the canonical text and its checked *plan*), a
handler and its sentence for the log; ``verbs.VERBS`` gathers them.
"""

from __future__ import annotations

from game.core.errors import IllegalAction
from game.core.events import Event
from game.i18n import Listing, Msg, Seat
from variants.mexica.geometry import founded
from variants.mexica.scoring import finish, score_period
from variants.mexica.state import MexicaState
from variants.mexica.table import MexicaTable
from variants.mexica.text import _, ap
from variants.mexica.verbs_common import need, pay, running_vote, told


def turn_of(seat: int) -> Msg:
    """Whose turn begins, for the log: "Ana's turn" (the seat's own reader: "Your turn")."""
    return _("{player}'s turn", you="Your turn", player=Seat(seat))


# -- take and spend an AP token -----------------------------------------------------------
def check_take(t: MexicaTable, s: MexicaState, seat: int, args: list[str]
               ) -> tuple[str, None]:
    need(args, 0, "take")
    if s.taken >= t.take_limit:
        raise IllegalAction(_.n("you may take at most {n} AP token a turn",
                                "you may take at most {n} AP tokens a turn",
                                n=t.take_limit))
    if s.supply["ap_tokens"] <= 0:
        raise IllegalAction(_("the supply has no AP tokens left"))
    pay(s, seat, t.c_take, _("taking an AP token"))
    return "take", None


def do_take(t: MexicaTable, s: MexicaState, seat: int, plan: None) -> list[Event]:
    s.ap -= t.c_take
    s.taken += 1
    s.supply["ap_tokens"] -= 1
    s.ap_tokens[seat] += 1
    return []


def say_take(t: MexicaTable, s: MexicaState, seat: int, plan: None) -> Msg:
    return _("{player} takes an Action Point token: {cost}",
             you="You take an Action Point token: {cost}", cost=ap(t.c_take))


def check_spend(t: MexicaTable, s: MexicaState, seat: int, args: list[str]
                ) -> tuple[str, None]:
    need(args, 0, "spend")
    if s.ap_tokens[seat] <= 0:
        raise IllegalAction(_("you have no AP tokens to spend"))
    return "spend", None


def do_spend(t: MexicaTable, s: MexicaState, seat: int, plan: None) -> list[Event]:
    s.ap_tokens[seat] -= 1
    s.supply["ap_tokens"] += 1
    s.ap += 1
    return []


def say_spend(t: MexicaTable, s: MexicaState, seat: int, plan: None) -> Msg:
    return _("{player} spends an Action Point token: +{cost}",
             you="You spend an Action Point token: +{cost}", cost=ap(1))


# -- the vote on a removal ----------------------------------------------------------------
def check_answer(t: MexicaTable, s: MexicaState, seat: int, verb: str, args: list[str]
                 ) -> tuple[str, None]:
    if verb in ("agree", "refuse") and not args:
        return verb, None
    size = s.vote.size if s.vote is not None else "?"
    raise IllegalAction(_("{player} must answer the proposal to remove the size-{size} "
                          "calpulli token: agree or refuse",
                          you="You must answer the proposal to remove the size-{size} "
                              "calpulli token: agree or refuse",
                          player=Seat(seat), size=size))


def check_agree(t: MexicaTable, s: MexicaState, seat: int, args: list[str]
                ) -> tuple[str, None]:
    return check_answer(t, s, seat, "agree", args)


def check_refuse(t: MexicaTable, s: MexicaState, seat: int, args: list[str]
                 ) -> tuple[str, None]:
    return check_answer(t, s, seat, "refuse", args)


def do_refuse(t: MexicaTable, s: MexicaState, seat: int, plan: None) -> list[Event]:
    size = running_vote(s).size
    said = told(say_refuse(t, s, seat, plan), seat)
    s.vote = None
    s.phase = "play"
    return [Event("vote", said, seat,
                  data={"size": size, "agreed": False})]


def do_agree(t: MexicaTable, s: MexicaState, seat: int, plan: None) -> list[Event]:
    v = running_vote(s)
    size = v.size
    said = Event("vote", told(say_agree(t, s, seat, plan), seat), seat, data={"size": size})
    v.answers.append(seat)
    if len(v.answers) < t.players - 1:
        return [said]
    s.vote = None
    s.phase = "play"
    s.display.remove(size)
    s.removed.append(size)
    ev = [said, Event("token_removed", _("All agree: the size-{size} calpulli token is "
                                         "removed", size=size),
                      data={"size": size, "agreed": True})]
    ev.extend(after_action(t, s))
    return ev


def _vote_size(s: MexicaState) -> int:
    return s.vote.size if s.vote is not None else 0


def say_agree(t: MexicaTable, s: MexicaState, seat: int, plan: None) -> Msg:
    return _("{player} agrees to remove the size-{size} calpulli token",
             you="You agree to remove the size-{size} calpulli token", size=_vote_size(s))


def say_refuse(t: MexicaTable, s: MexicaState, seat: int, plan: None) -> Msg:
    return _("{player} refuses to remove the size-{size} calpulli token",
             you="You refuse to remove the size-{size} calpulli token", size=_vote_size(s))


# -- end the turn -------------------------------------------------------------------------
def check_end(t: MexicaTable, s: MexicaState, seat: int, args: list[str]
              ) -> tuple[str, None]:
    need(args, 0, "end")
    return "end", None


def do_end(t: MexicaTable, s: MexicaState, seat: int, plan: None) -> list[Event]:
    ev: list[Event] = []
    if s.acted:
        s.all_passed = False
    if s.turn == t.players - 1:
        if s.end_triggered or s.all_passed:
            if not s.end_triggered:
                ev.append(Event("all_passed",
                                _("A whole round passed without any action")))
            ev.extend(score_period(t, s))
            if s.period == 1:
                ev.extend(start_period_two(t, s))
            else:
                ev.extend(finish(t, s))
                return ev
        else:
            s.round += 1
        s.all_passed = True
    s.turn = (s.turn + 1) % t.players
    begin_turn(t, s)
    ev.append(Event("turn", turn_of(s.turn), s.turn))
    return ev


def say_end(t: MexicaTable, s: MexicaState, seat: int, plan: None) -> Msg:
    if s.phase == "play" and s.ap > 0:
        return _("{player} ends the turn ({left} left unused)",
                 you="You end the turn ({left} left unused)", left=ap(s.ap))
    return _("{player} ends the turn", you="You end the turn")


# -- what follows: the turns, the periods, the removals without a vote --------------------
def begin_turn(t: MexicaTable, s: MexicaState) -> None:
    s.ap = t.ap_per_turn
    s.taken = 0
    s.acted = False
    s.proposed = []


def after_action(t: MexicaTable, s: MexicaState) -> list[Event]:
    """What follows any action: the period-2 removals, the end of the period in sight."""
    ev: list[Event] = []
    if s.period == 2:
        ev.extend(_auto_remove(s))
    if not s.end_triggered and not s.display and any(not h for h in s.hands):
        s.end_triggered = True
        ev.append(Event("period_end_triggered", _(
            "Period {period} ends after this round: the display is empty and a player "
            "has built every temple", period=s.period)))
    return ev


def _auto_remove(s: MexicaState) -> list[Event]:
    """Period 2: a token that provably cannot be founded leaves without a vote."""
    if s.supply["single"] or s.supply["double"] or not s.display:
        return []
    open_sizes = {len(cells) for label, cells in s.dcells.items()
                  if not founded(s, label)}
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


def start_period_two(t: MexicaTable, s: MexicaState) -> list[Event]:
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
    for seat in range(t.players):
        s.hands[seat] = sorted(s.hands[seat] + s.reserve[seat])
        s.reserve[seat] = []
    shown = Listing(tuple(s.display), "comma") if s.display else _("none",
                                                                     context="tokens")
    ev += [Event("period", _("Period 2 begins: the set-aside calpulli tokens are revealed "
                             "({sizes}) and every player takes their remaining temples",
                             sizes=shown), data={"display": list(s.display)},
                 barrier=True)]
    ev.extend(after_action(t, s))
    return ev
