"""Aztlán's legal actions: exactly what ``apply`` accepts now, one function per phase.

The list is the rules' judge: a verb's check (``verbs.check``) looks an action up in it,
so the two can never disagree. The bots ask for it after every action of their searches,
so the develop phase's texts are written once, in the table.
"""

from __future__ import annotations

from collections.abc import Callable

from variants.aztlan.state import AztlanState
from variants.aztlan.table import AztlanTable


def legal_actions(table: AztlanTable, s: AztlanState) -> list[str]:
    seat = table.current_player(s)
    if seat is None:
        return []
    return LEGAL[s.phase](table, s, seat)


def _choose(table: AztlanTable, s: AztlanState, seat: int) -> list[str]:
    return [f"choose {c}" for c in sorted(s.hands[seat])]


def _develop(table: AztlanTable, s: AztlanState, seat: int) -> list[str]:
    if s.step == "place":
        return list(table.place_texts)
    out = list(table.eagle_texts) if table.can_eagle(s, seat) else []
    army = table.army(s, seat)
    moves = table.move_texts
    for a, counts in enumerate(s.board):
        if counts[army]:
            out += moves[a]
    out.append("stay")
    return out


def _conflict(table: AztlanTable, s: AztlanState, seat: int) -> list[str]:
    ids = table.island.ids
    p = s.pending
    if p is not None:
        where = ids[p.territory]
        if p.kind == "decide":
            return [f"battle {where}", f"coexist {where}"]
        verb = "sacred" if p.kind == "sacred" else "tlatoani"
        return [f"{verb} {where}", "decline"]
    out = []
    for t in table.won(s, seat):
        out += [f"battle {ids[t]}", f"coexist {ids[t]}"]
    return out


def _score(table: AztlanTable, s: AztlanState, seat: int) -> list[str]:
    ids = table.island.ids
    out = [f"bless {k}" for k in table.blessings(s, seat)]
    out += [f"rafts {ids[a]} {ids[b]}" for a, b in table.raft_pairs(s, seat)]
    if table.cards.is_wild(s.chosen[seat]):
        out += [f"wild {k}" for k in table.types]
    else:
        out.append("score")
    return out


#: phase -> the legal actions of the seat to decide
LEGAL: dict[str, Callable[[AztlanTable, AztlanState, int], list[str]]] = {
    "choose": _choose, "develop": _develop, "conflict": _conflict, "score": _score,
}
