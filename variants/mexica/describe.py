"""Mexica's actions in the player's words, with what they cost: "Player 1 builds a
2-level temple on k3: 2 AP".

One sentence per verb, made from the checked *plan* of the action (``variants.mexica.
checks``), so the words say what the rules will do: the AP a boat trip costs is the
route's, the district a founding names is the one the Pilli stands in. The same sentence
serves the log (each handler tells its action with it, ``variants.mexica.actions``) and
``describe_action`` (the phone's buttons and the hints say it to the seat in its ``you``
form: "You build a 2-level temple on k3: 2 AP"). Each is a message of Mexica's
catalogue (``variants.mexica.text``), so every reader reads it in their language. Every cost is the
variant's (``costs`` in the YAML), never a number written here. The terms are the
rulebook's: construct a canal or a bridge, relocate a bridge, build a temple, found a
district, teleport, take or spend an Action Point token.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from game.i18n import Msg, Seat
from variants.mexica.text import _, ap, axis_of

if TYPE_CHECKING:
    from variants.mexica.core import MexicaCore
    from variants.mexica.state import MexicaState

#: A sentence: (rules, the state before the action, the deciding seat, the plan) -> the
#: message, its ``player`` left for :func:`sentence` to name.
Said = Callable[["MexicaCore", "MexicaState", int, Any], Msg]


def sentence(rules: MexicaCore, s: MexicaState, seat: int, verb: str, plan: Any) -> Msg:
    """The action ``verb`` with its checked ``plan``, as the log tells it: "Player 1
    constructs a canal on d4–e4: 1 AP" (the seat's own reader: "You construct ...").
    ``s`` is the state before the action."""
    said = SAID[verb](rules, s, seat, plan)
    return replace(said, values={"player": Seat(seat), **said.values})


def _names(rules: MexicaCore, cells: Any) -> str:
    return "–".join(rules.board.names[c] for c in cells)


def _start(r: MexicaCore, s: MexicaState, seat: int, cell: int) -> Msg:
    return _("{player} starts on {space}", you="You start on {space}",
             space=r.board.names[cell])


def _canal(r: MexicaCore, s: MexicaState, seat: int, cells: tuple[int, ...]) -> Msg:
    return _("{player} constructs a canal on {spaces}: {cost}",
             you="You construct a canal on {spaces}: {cost}",
             spaces=_names(r, cells), cost=ap(r.c_canal))


def _bridge(r: MexicaCore, s: MexicaState, seat: int, plan: tuple[int, str]) -> Msg:
    cell, axis = plan
    return _("{player} constructs a bridge on {space} ({axis}): {cost}",
             you="You construct a bridge on {space} ({axis}): {cost}",
             space=r.board.names[cell], axis=axis_of(axis), cost=ap(r.c_bridge))


def _relocate(r: MexicaCore, s: MexicaState, seat: int, plan: tuple[int, int, str]) -> Msg:
    src, dst, axis = plan
    names = r.board.names
    return _("{player} relocates the bridge on {space} to {target} ({axis}): {cost}",
             you="You relocate the bridge on {space} to {target} ({axis}): {cost}",
             space=names[src], target=names[dst], axis=axis_of(axis),
             cost=ap(r.c_relocate))


def _move(r: MexicaCore, s: MexicaState, seat: int, cell: int) -> Msg:
    name, cost = r.board.names[cell], ap(r.c_step)
    if cell in s.bridges:
        return _("{player} walks onto the bridge on {space}: {cost}",
                 you="You walk onto the bridge on {space}: {cost}", space=name, cost=cost)
    return _("{player} walks to {space}: {cost}", you="You walk to {space}: {cost}",
             space=name, cost=cost)


def _boat(r: MexicaCore, s: MexicaState, seat: int, plan: tuple[int, int]) -> Msg:
    cell, cost = plan
    return _("{player} travels by boat to the bridge on {space}: {cost}",
             you="You travel by boat to the bridge on {space}: {cost}",
             space=r.board.names[cell], cost=ap(cost))


def _teleport(r: MexicaCore, s: MexicaState, seat: int, cell: int) -> Msg:
    return _("{player} teleports to {space}: {cost}", you="You teleport to {space}: {cost}",
             space=r.board.names[cell], cost=ap(r.c_teleport))


def _temple(r: MexicaCore, s: MexicaState, seat: int, plan: tuple[int, int]) -> Msg:
    cell, level = plan
    return _("{player} builds a {level}-level temple on {space}: {cost}",
             you="You build a {level}-level temple on {space}: {cost}",
             level=level, space=r.board.names[cell], cost=ap(level * r.c_level))


def _found(r: MexicaCore, s: MexicaState, seat: int, plan: tuple[int, int, int]) -> Msg:
    cell, _label, size = plan
    return _("{player} founds the {size}-space district with the calpulli token on "
             "{space}: {cost}",
             you="You found the {size}-space district with the calpulli token on "
                 "{space}: {cost}",
             size=size, space=r.board.names[cell], cost=ap(0))


def _take(r: MexicaCore, s: MexicaState, seat: int, plan: None) -> Msg:
    return _("{player} takes an Action Point token: {cost}",
             you="You take an Action Point token: {cost}", cost=ap(r.c_take))


def _spend(r: MexicaCore, s: MexicaState, seat: int, plan: None) -> Msg:
    return _("{player} spends an Action Point token: +{cost}",
             you="You spend an Action Point token: +{cost}", cost=ap(1))


def _remove(r: MexicaCore, s: MexicaState, seat: int, size: int) -> Msg:
    return _("{player} proposes removing the size-{size} calpulli token; every other "
             "player must agree",
             you="You propose removing the size-{size} calpulli token; every other player "
                 "must agree", size=size)


def _vote_size(s: MexicaState) -> int:
    return s.vote.size if s.vote is not None else 0


def _agree(r: MexicaCore, s: MexicaState, seat: int, plan: None) -> Msg:
    return _("{player} agrees to remove the size-{size} calpulli token",
             you="You agree to remove the size-{size} calpulli token", size=_vote_size(s))


def _refuse(r: MexicaCore, s: MexicaState, seat: int, plan: None) -> Msg:
    return _("{player} refuses to remove the size-{size} calpulli token",
             you="You refuse to remove the size-{size} calpulli token", size=_vote_size(s))


def _end(r: MexicaCore, s: MexicaState, seat: int, plan: None) -> Msg:
    if s.phase == "play" and s.ap > 0:
        return _("{player} ends the turn ({left} left unused)",
                 you="You end the turn ({left} left unused)", left=ap(s.ap))
    return _("{player} ends the turn", you="You end the turn")


#: verb -> its sentence
SAID: dict[str, Said] = {
    "start": _start, "canal": _canal, "bridge": _bridge, "relocate": _relocate,
    "move": _move, "boat": _boat, "teleport": _teleport, "temple": _temple,
    "found": _found, "take": _take, "spend": _spend, "remove": _remove,
    "agree": _agree, "refuse": _refuse, "end": _end,
}
