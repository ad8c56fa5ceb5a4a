"""Mexica's verbs in one table: how each action is refused, carried out and said.

``apply`` (``variants.mexica.rules``) splits an action into its verb and words; the
verb's check either refuses it (IllegalAction, with a reason a player understands) or
returns the action's canonical text and a *plan*: the checked facts that the verb's
handler carries out without asking again. The checks only read the state, so
``why_not`` runs them on the state itself instead of on a clone. Each check has a twin
in ``variants.mexica.legal`` that lists the same actions; both ask the geometry's
questions, and a property test holds every listed action legal and every other one
refused.

The verbs of the play phase that put pieces on the table or change AP (``ACTIONS``) are
"actions" in the rulebook's sense: :func:`do` marks the turn as acted and then runs
what follows any action. The others steer the turn and the vote and do all of it
themselves. Every handler is told its action in words first (``sentence``), unless it
tells it itself in its own events (``SELF_TOLD``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.core.errors import IllegalAction, quote
from game.core.events import Event
from game.i18n import Msg, Text
from game.i18n.message import reason
from game.kit.verbs import Verb, dispatch
from variants.mexica import verbs_build as build
from variants.mexica import verbs_city as city
from variants.mexica import verbs_turn as turn
from variants.mexica import verbs_walk as walk
from variants.mexica.notation import NOTATION, parse
from variants.mexica.state import MexicaState
from variants.mexica.table import MexicaTable, deciding
from variants.mexica.text import _
from variants.mexica.verbs_common import told

#: A verb's part, as each module writes it: (table, state, deciding seat, the words after
#: the verb for a check or the checked plan otherwise) -> its answer.
Part = Callable[[MexicaTable, MexicaState, int, Any], Any]


def _verb(check: Part, do: Part, say: Part) -> Verb[MexicaTable, MexicaState]:
    """A verb's record; the action its parts receive is ``(seat, words or plan)``."""
    return Verb(check=lambda t, s, a: check(t, s, *a), do=lambda t, s, a: do(t, s, *a),
                say=lambda t, s, a: say(t, s, *a))


#: every verb: its check, its handler, its sentence
VERBS: dict[str, Verb[MexicaTable, MexicaState]] = {
    "start": _verb(walk.check_start, walk.do_start, walk.say_start),
    "canal": _verb(build.check_canal, build.do_canal, build.say_canal),
    "bridge": _verb(build.check_bridge, build.do_bridge, build.say_bridge),
    "relocate": _verb(build.check_relocate, build.do_relocate, build.say_relocate),
    "move": _verb(walk.check_move, walk.do_move, walk.say_move),
    "boat": _verb(walk.check_boat, walk.do_boat, walk.say_boat),
    "teleport": _verb(walk.check_teleport, walk.do_teleport, walk.say_teleport),
    "temple": _verb(city.check_temple, city.do_temple, city.say_temple),
    "found": _verb(city.check_found, city.do_found, city.say_found),
    "take": _verb(turn.check_take, turn.do_take, turn.say_take),
    "spend": _verb(turn.check_spend, turn.do_spend, turn.say_spend),
    "remove": _verb(city.check_remove, city.do_remove, city.say_remove),
    "agree": _verb(turn.check_agree, turn.do_agree, turn.say_agree),
    "refuse": _verb(turn.check_refuse, turn.do_refuse, turn.say_refuse),
    "end": _verb(turn.check_end, turn.do_end, turn.say_end),
}
#: the verbs of the play phase (``start`` comes before it, ``agree`` and ``refuse`` in
#: a vote)
PLAY = frozenset(VERBS) - {"start", "agree", "refuse"}
#: verbs that are actions: :func:`do` marks the turn acted and follows them up
ACTIONS = frozenset({"take", "spend", "canal", "bridge", "relocate", "move", "boat",
                     "teleport", "temple", "found"})
#: verbs that steer the turn and the vote; their handlers do everything themselves
TURN_STEPS = frozenset({"start", "remove", "agree", "refuse", "end"})
#: verbs whose handlers tell the action in their own events (the rest are told by ``do``)
SELF_TOLD = frozenset({"start", "found", "remove", "agree", "refuse"})


def check(t: MexicaTable, s: MexicaState, verb: str, args: list[str]) -> tuple[str, Any]:
    """Validate one action; return its canonical text and a plan for its handler."""
    if s.phase == "over":
        raise IllegalAction(_("the game is over"))
    seat = deciding(t, s)
    if s.phase == "vote":
        return turn.check_answer(t, s, seat, verb, args)
    if s.phase == "start":
        if verb != "start":
            raise IllegalAction(_("first place your Pilli on a palace start space: "
                                  "start <space>"))
        return walk.check_start(t, s, seat, args)
    if verb not in PLAY:
        raise IllegalAction(_("unknown action {verb}; actions are: {verbs}",
                              verb=quote(verb), verbs=NOTATION))
    checked: tuple[str, Any] = dispatch(VERBS, verb).check(t, s, (seat, args))
    return checked


def do(t: MexicaTable, s: MexicaState, verb: str, plan: Any) -> list[Event]:
    """Carry out the checked action. Its first event tells it in words, with its cost,
    unless its handler tells it itself (a founding, a vote); the log shows that line
    instead of the notation."""
    seat = deciding(t, s)
    said = [] if verb in SELF_TOLD else [Event(verb, sentence(t, s, seat, verb, plan),
                                               seat)]
    handler = dispatch(VERBS, verb).do
    if verb not in ACTIONS:
        done: list[Event] = handler(t, s, (seat, plan))
        return said + done
    s.acted = True
    ev: list[Event] = said + handler(t, s, (seat, plan))
    ev.extend(turn.after_action(t, s))
    return ev


def sentence(t: MexicaTable, s: MexicaState, seat: int, verb: str, plan: Any) -> Msg:
    """The action ``verb`` with its checked ``plan``, as the log tells it: "Player 1
    constructs a canal on d4–e4: 1 AP" (the seat's own reader: "You construct ...").
    ``s`` is the state before the action."""
    say = dispatch(VERBS, verb).say
    assert say is not None, f"the verb {verb} has no sentence"
    said: Msg = say(t, s, (seat, plan))
    return told(said, seat)


def play(t: MexicaTable, s: MexicaState, action: str) -> tuple[str, list[Event]]:
    """``Rules.apply``: parse, check, carry out; a refused action changes nothing."""
    verb, args = parse(action)
    canonical, plan = check(t, s, verb, args)
    return canonical, do(t, s, verb, plan)


def refusal(t: MexicaTable, s: MexicaState, action: str) -> Text | None:
    """``Rules.why_not``: the verb's check alone; it only reads the state, so no clone
    is needed."""
    try:
        verb, args = parse(action)
        check(t, s, verb, args)
    except IllegalAction as exc:
        return reason(exc)
    return None
