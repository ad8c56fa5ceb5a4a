"""What the verbs of Mexica share: the refusals every check may give, and how an
action's sentence names its player.

The verbs live in four modules by what they do (``verbs_build``, ``verbs_walk``,
``verbs_city``, ``verbs_turn``) and one table (``verbs.VERBS``); these few helpers are
the part they have in common, kept apart so that the table's module can import the
verbs without the verbs importing it.
"""

from __future__ import annotations

from dataclasses import replace

from game.core.errors import IllegalAction, quote
from game.i18n import Msg, Seat
from variants.mexica.geometry import first_round, pens
from variants.mexica.notation import AXES
from variants.mexica.state import MexicaState, Vote
from variants.mexica.table import MexicaTable
from variants.mexica.text import _


def need(args: list[str], n: int, usage: str) -> None:
    if len(args) != n:
        raise IllegalAction(_("write it as: {notation}", notation=usage))


def axis(text: str) -> str:
    if text not in AXES:
        raise IllegalAction(_("the bridge axis is ns (north-south) or ew (east-west)"))
    return text


def cell(t: MexicaTable, text: str) -> int:
    c = t.board.index.get(text)
    if c is None:
        raise IllegalAction(_("{space} is not a space on this board", space=quote(text)))
    return c


def pay(s: MexicaState, seat: int, cost: int, what: Msg) -> None:
    if cost > s.ap:
        if s.ap_tokens[seat]:
            raise IllegalAction(_("{what} costs {cost} AP and you have {left} left (spend "
                                  "an AP token first)", what=what, cost=cost, left=s.ap))
        raise IllegalAction(_("{what} costs {cost} AP and you have {left} left",
                              what=what, cost=cost, left=s.ap))


def guard(t: MexicaTable, s: MexicaState, seat: int, blocked: frozenset[int],
          freed: int | None = None, removed_bridge: int | None = None,
          added_bridge: tuple[int, str] | None = None) -> None:
    """The first-round rule: refuse an action that leaves another Pilli stuck."""
    if first_round(t, s):
        why = pens(t, s, seat, blocked, freed, removed_bridge, added_bridge)
        if why:
            raise IllegalAction(why)


def running_vote(s: MexicaState) -> Vote:
    assert s.vote is not None, "no vote is running"
    return s.vote


def names(t: MexicaTable, cells: tuple[int, ...]) -> str:
    """Spaces as a sentence names a tile: "d4–e4"."""
    return "–".join(t.board.names[c] for c in cells)


def told(said: Msg, seat: int) -> Msg:
    """A verb's sentence with its player named: "Player 1 constructs a canal on d4–e4:
    1 AP" (the seat's own reader: "You construct ...")."""
    return replace(said, values={"player": Seat(seat), **said.values})
