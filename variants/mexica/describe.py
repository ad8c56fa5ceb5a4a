"""Mexica's actions in the player's words, with what they cost: "Player 1 builds a
2-level temple on k3: 2 AP".

One sentence per verb, made from the checked *plan* of the action (``variants.mexica.
checks``), so the words say what the rules will do: the AP a boat trip costs is the
route's, the district a founding names is the one the Pilli stands in. The same sentence
serves the log (each handler tells its action with it, ``variants.mexica.actions``) and
``describe_action`` (the phone's buttons and the hints say it as an imperative,
:func:`game.core.words.imperative`: "Build a 2-level temple on k3: 2 AP"). Every cost is the
variant's (``costs`` in the YAML), never a number written here. The terms are the
rulebook's: construct a canal or a bridge, relocate a bridge, build a temple, found a
district, teleport, take or spend an Action Point token.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from game.core.words import indefinite, plural
from variants.mexica.names import player_name

if TYPE_CHECKING:
    from variants.mexica.core import MexicaCore
    from variants.mexica.state import MexicaState

#: the bridge axes as a player says them
AXIS_WORDS = {"ns": "north–south", "ew": "east–west"}

#: A sentence: (rules, the state before the action, the deciding seat, the plan) -> the
#: words after the seat's name ("builds a 2-level temple on k3: 2 AP").
Said = Callable[["MexicaCore", "MexicaState", int, Any], str]


def ap(cost: int) -> str:
    """A cost as the rulebook writes it: "1 AP", "5 AP"."""
    return plural(cost, "AP", "AP")


def sentence(rules: MexicaCore, s: MexicaState, seat: int, verb: str, plan: Any) -> str:
    """The action ``verb`` with its checked ``plan``, as the log tells it: "Player 1
    constructs a canal on d4–e4: 1 AP". ``s`` is the state before the action."""
    return f"{player_name(seat)} {SAID[verb](rules, s, seat, plan)}"


def _names(rules: MexicaCore, cells: Any) -> str:
    return "–".join(rules.board.names[c] for c in cells)


def _start(r: MexicaCore, s: MexicaState, seat: int, cell: int) -> str:
    return f"starts on {r.board.names[cell]}"


def _canal(r: MexicaCore, s: MexicaState, seat: int, cells: tuple[int, ...]) -> str:
    return f"constructs a canal on {_names(r, cells)}: {ap(r.c_canal)}"


def _bridge(r: MexicaCore, s: MexicaState, seat: int, plan: tuple[int, str]) -> str:
    cell, axis = plan
    return (f"constructs a bridge on {r.board.names[cell]} ({AXIS_WORDS[axis]}): "
            f"{ap(r.c_bridge)}")


def _relocate(r: MexicaCore, s: MexicaState, seat: int, plan: tuple[int, int, str]) -> str:
    src, dst, axis = plan
    names = r.board.names
    return (f"relocates the bridge on {names[src]} to {names[dst]} ({AXIS_WORDS[axis]}): "
            f"{ap(r.c_relocate)}")


def _move(r: MexicaCore, s: MexicaState, seat: int, cell: int) -> str:
    name = r.board.names[cell]
    where = f"onto the bridge on {name}" if cell in s.bridges else f"to {name}"
    return f"walks {where}: {ap(r.c_step)}"


def _boat(r: MexicaCore, s: MexicaState, seat: int, plan: tuple[int, int]) -> str:
    cell, cost = plan
    return f"travels by boat to the bridge on {r.board.names[cell]}: {ap(cost)}"


def _teleport(r: MexicaCore, s: MexicaState, seat: int, cell: int) -> str:
    return f"teleports to {r.board.names[cell]}: {ap(r.c_teleport)}"


def _temple(r: MexicaCore, s: MexicaState, seat: int, plan: tuple[int, int]) -> str:
    cell, level = plan
    return (f"builds {indefinite(f'{level}-level temple')} on {r.board.names[cell]}: "
            f"{ap(level * r.c_level)}")


def _found(r: MexicaCore, s: MexicaState, seat: int, plan: tuple[int, int, int]) -> str:
    cell, _label, size = plan
    return (f"founds {indefinite(f'{size}-space district')} with the calpulli token on "
            f"{r.board.names[cell]}: {ap(0)}")


def _take(r: MexicaCore, s: MexicaState, seat: int, plan: None) -> str:
    return f"takes an Action Point token: {ap(r.c_take)}"


def _spend(r: MexicaCore, s: MexicaState, seat: int, plan: None) -> str:
    return "spends an Action Point token: +1 AP"


def _remove(r: MexicaCore, s: MexicaState, seat: int, size: int) -> str:
    return f"proposes removing the size-{size} calpulli token; every other player must agree"


def _vote_size(s: MexicaState) -> str:
    return str(s.vote.size) if s.vote is not None else "proposed"


def _agree(r: MexicaCore, s: MexicaState, seat: int, plan: None) -> str:
    return f"agrees to remove the size-{_vote_size(s)} calpulli token"


def _refuse(r: MexicaCore, s: MexicaState, seat: int, plan: None) -> str:
    return f"refuses to remove the size-{_vote_size(s)} calpulli token"


def _end(r: MexicaCore, s: MexicaState, seat: int, plan: None) -> str:
    if s.phase == "play" and s.ap > 0:
        return f"ends the turn ({ap(s.ap)} left unused)"
    return "ends the turn"


#: verb -> its sentence
SAID: dict[str, Said] = {
    "start": _start, "canal": _canal, "bridge": _bridge, "relocate": _relocate,
    "move": _move, "boat": _boat, "teleport": _teleport, "temple": _temple,
    "found": _found, "take": _take, "spend": _spend, "remove": _remove,
    "agree": _agree, "refuse": _refuse, "end": _end,
}
