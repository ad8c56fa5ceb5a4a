"""The rules engine ``aztec-arcade new-variant`` writes (see :mod:`game.kit.scaffold`), on
the template every built-in game follows (docs/layout.md): ``rules.py`` the facade,
``table.py`` what the parameters fix, ``legal.py`` what may be played, ``verbs.py`` each
verb's check, handler and sentence, ``present.py`` the screens' facet. The race declares
no bot hooks, so it has no ``bot.py``: the computer players' defaults serve it.
"""

from __future__ import annotations

RULES = '''\
"""The rules of __TITLE__: a race along a short track. This module is the facade the
program talks to; each part of the game lives in the module named for it.

One runner stands before the first space of a track of ``length`` spaces. In turn, each
player moves it 1 to ``max_step`` spaces forward (never past the last space); whoever
brings it onto the last space wins. Each player scores the spaces they moved it.

- ``table.py``: what the parameters fix (``__CLASS__Table``), built here once;
- ``legal.py``: what may be played now;
- ``verbs.py``: each verb's check, handler and sentence (``VERBS``);
- ``present.py``: how a move reads in the log and on the buttons (the Presentation facet).

The engine contract (see game/core/engine.py and docs/modding/rules-engine.md in Aztec
Arcade): the rules object is built once from the validated YAML parameters and never
changes; the state is a plain dict that ``apply`` changes and ``to_dict``/``from_dict``
turn into JSON types and back. The rules declare the optional facets they answer
(``Presentation`` here; ``BotHooks`` for the computer players' hooks, in a ``bot.py``).
Actions are canonical lower-case strings, ``legal_actions`` lists exactly what ``apply``
accepts, and ``apply`` refuses anything else with ``IllegalAction`` and a reason, before
changing anything.
"""

from __future__ import annotations

from typing import Any

from game.modkit import Context, Event, Field, GameType, Int, Obj, Rules, Text

from __PKG__ import legal, verbs
from __PKG__.present import __CLASS__Presentation
from __PKG__.table import __CLASS__State, __CLASS__Table


class __CLASS__Rules(Rules[__CLASS__State], __CLASS__Presentation):
    """The rules, and the screens' hooks (the Presentation facet). A game whose
    computer players need help would add the BotHooks facet too (evaluate,
    candidates, determinize for hidden parts), in a ``bot.py``."""

    engine_id = "__NAME__"
    #: nothing is hidden and nothing is left to chance (change it when yours is)
    game_type = GameType(information="perfect", chance="none")
    parameters = Obj({
        "length": Field(Int(min=2, max=40), "Spaces on the track.", default=12),
        "max_step": Field(Int(min=1, max=9), "Most spaces one turn may move the runner.",
                          default=3),
    })
    playout_limit = 200

    @classmethod
    def check_params(cls, params: dict[str, Any], ctx: Context) -> None:
        if params["max_step"] >= params["length"]:
            ctx.error(("max_step",), "must be smaller than length, or the first player "
                      "always wins at once")

    def __init__(self, params: dict[str, Any], players: int) -> None:
        super().__init__(params, players)
        self.table = __CLASS__Table.build(params, players)

    # -- the state -------------------------------------------------------------------
    def new_state(self, seed: int) -> __CLASS__State:
        return {"pos": 0, "turn": 0, "moved": [0] * self.players, "winner": None}

    def to_dict(self, state: __CLASS__State) -> dict[str, Any]:
        return {"pos": state["pos"], "turn": state["turn"], "moved": list(state["moved"]),
                "winner": state["winner"]}

    def from_dict(self, data: dict[str, Any]) -> __CLASS__State:
        pos, turn, winner = int(data["pos"]), int(data["turn"]), data["winner"]
        moved = [int(m) for m in data["moved"]]
        if not 0 <= pos <= self.table.length or not 0 <= turn < self.players:
            raise ValueError("runner or turn out of range")
        if len(moved) != self.players or (winner is not None and winner not in
                                          range(self.players)):
            raise ValueError("wrong number of players")
        return {"pos": pos, "turn": turn, "moved": moved, "winner": winner}

    # -- whose turn, what is legal, who won ------------------------------------------
    def current_player(self, state: __CLASS__State) -> int | None:
        return None if state["winner"] is not None else state["turn"]

    def legal_actions(self, state: __CLASS__State) -> list[str]:
        return legal.legal_actions(self.table, state)

    def is_over(self, state: __CLASS__State) -> bool:
        return state["winner"] is not None

    def scores(self, state: __CLASS__State) -> list[int]:
        return list(state["moved"])

    def winners(self, state: __CLASS__State) -> list[int]:
        return [] if state["winner"] is None else [state["winner"]]

    # -- an action: checked, then done (verbs.py) ------------------------------------
    def apply(self, state: __CLASS__State, action: str) -> tuple[str, list[Event]]:
        return verbs.play(self.table, state, action)

    def why_not(self, state: __CLASS__State, action: str) -> Text | None:
        return verbs.refusal(self.table, state, action)
'''

TABLE = '''\
"""What __TITLE__'s parameters fix, read once when a game starts: the table.

The verbs, the legal moves and the screens' hooks are handed the table and the state,
never the rules object, so each is a function of what it reads. A rule with a number of
its own adds a field here (and its entry in the ``parameters`` schema in ``rules.py``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

#: a game in play: the runner's space ``pos``, whose ``turn`` it is, the spaces each
#: player ``moved`` it, and the ``winner`` once there is one (see ``rules.py``)
__CLASS__State = dict[str, Any]


@dataclass(frozen=True)
class __CLASS__Table:
    players: int
    length: int      #: spaces on the track
    max_step: int    #: most spaces one turn may move the runner

    @classmethod
    def build(cls, params: dict[str, Any], players: int) -> __CLASS__Table:
        return cls(players, params["length"], params["max_step"])
'''

LEGAL = '''\
"""What may be played in __TITLE__ now. The verbs' checks ask the same question
(``left``), so ``legal_actions`` and the refusals cannot disagree."""

from __future__ import annotations

from __PKG__.table import __CLASS__State, __CLASS__Table


def left(t: __CLASS__Table, state: __CLASS__State) -> int:
    """Spaces between the runner and the last space."""
    return t.length - int(state["pos"])


def legal_actions(t: __CLASS__Table, state: __CLASS__State) -> list[str]:
    if state["winner"] is not None:
        return []
    most = min(t.max_step, left(t, state))
    return [f"move {n}" for n in range(1, most + 1)]
'''

VERBS = '''\
"""__TITLE__'s verbs: for each, the check that refuses it, the handler that does it and
the sentence that says it (``VERBS``, on ``game.modkit.Verb``).

An action is read in three steps: ``parse`` turns the text into a verb and its number
(or says why it is no action of this game), the verb's ``check`` says why the rules
refuse it now (or None), and only then its ``do`` changes the state. A handler is called
only once its check allowed the action, so it never checks. A new verb is one more entry
in ``VERBS``, with its three functions.
"""

from __future__ import annotations

from game.modkit import (
    Event,
    IllegalAction,
    Msg,
    Seat,
    Text,
    Verb,
    dispatch,
    plain_number,
    quote,
)

from __PKG__.legal import left
from __PKG__.table import __CLASS__State, __CLASS__Table
from __PKG__.text import _


# -- move N: the one verb --------------------------------------------------------------
def check_move(t: __CLASS__Table, state: __CLASS__State, steps: int) -> Msg | None:
    if not 1 <= steps <= t.max_step:
        return _("a turn moves the runner 1 to {most} spaces", most=t.max_step)
    if steps > left(t, state):
        return _("the runner would run past the last space ({left} left)",
                 left=left(t, state))
    return None


def do_move(t: __CLASS__Table, state: __CLASS__State, steps: int) -> list[Event]:
    seat = state["turn"]
    state["pos"] += steps
    state["moved"][seat] += steps
    events = [Event("move", _("{player} moves the runner {steps} to space {space}",
                              you="You move the runner {steps} to space {space}",
                              player=Seat(seat), steps=steps, space=state["pos"]),
                    seat, points=steps)]
    if state["pos"] == t.length:
        state["winner"] = seat
        events.append(Event("game_over", _("{player} reaches the last space and wins",
                                           you="You reach the last space and win",
                                           player=Seat(seat)), seat))
    else:
        state["turn"] = (seat + 1) % t.players
    return events


def say_move(t: __CLASS__Table, state: __CLASS__State, steps: int) -> Text:
    return _.n("Move the runner {n} space to space {space}",
               "Move the runner {n} spaces to space {space}",
               n=steps, space=state["pos"] + steps)


VERBS: dict[str, Verb[__CLASS__Table, __CLASS__State]] = {
    "move": Verb(check_move, do_move, say_move),
}


# -- reading an action -----------------------------------------------------------------
def parse(action: str) -> tuple[str, int] | Msg:
    """The verb and its number, or why the text is no action of this game."""
    verb, _space, number = action.partition(" ")
    steps = plain_number(number)
    if verb not in VERBS or steps is None:
        return _("{action} is not an action of this game; write move N, e.g. move 1",
                 action=quote(action))
    if str(steps) != number:
        return _("write the number plainly: move {steps}", steps=steps)
    return verb, steps


def verdict(t: __CLASS__Table, state: __CLASS__State, action: str
            ) -> Msg | tuple[str, int]:
    """Why ``action`` is refused now (a message: each reader sees it in their language),
    or its verb and number when ``play`` may go ahead."""
    if state["winner"] is not None:
        return _("the race is over")
    parsed = parse(action)
    if isinstance(parsed, Msg):
        return parsed
    verb, steps = parsed
    why = dispatch(VERBS, verb).check(t, state, steps)
    return parsed if why is None else why


def refusal(t: __CLASS__Table, state: __CLASS__State, action: str) -> Msg | None:
    """Why ``action`` is refused now, or None if ``play`` would take it."""
    found = verdict(t, state, action)
    return found if isinstance(found, Msg) else None


def play(t: __CLASS__Table, state: __CLASS__State, action: str
         ) -> tuple[str, list[Event]]:
    """Check ``action``, then do it: the state changes only when it is legal."""
    found = verdict(t, state, action)
    if isinstance(found, Msg):
        raise IllegalAction(found)
    verb, steps = found
    return action, dispatch(VERBS, verb).do(t, state, steps)
'''

PRESENT = '''\
"""__TITLE__ as people are shown it: the Presentation facet, which the rules inherit.

Each hook hands the table and the state to the module that knows the answer: a move's
words on a button come from its verb's ``say`` in ``verbs.py``. Other hooks of the facet
(``player_aid``, ``game_facts``, ``tie_break`` ...) keep their defaults until your game
needs them (docs/modding/rules-engine.md in Aztec Arcade).
"""

from __future__ import annotations

from game.modkit import Msg, Presentation, Text, dispatch

from __PKG__.table import __CLASS__State, __CLASS__Table
from __PKG__.verbs import VERBS, parse


class __CLASS__Presentation(Presentation[__CLASS__State]):
    """The screens' hooks; the rules inherit them and build the table."""

    table: __CLASS__Table

    def describe_action(self, state: __CLASS__State, action: str) -> Text:
        parsed = parse(action)
        if isinstance(parsed, Msg):
            return action
        verb, steps = parsed
        say = dispatch(VERBS, verb).say
        return action if say is None else say(self.table, state, steps)
'''
